//! One law book: its laws, their text, and their coverage status.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The law books compiled into the tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BookId {
    /// The Laws of Piquet, 1-78.
    Portland,
    /// The Laws of Piquet au cent: the differences from the Portland laws.
    AuCent,
    /// The French rules: little piquet, old piquet, modern piquet, rubicon.
    Classic,
    /// The Laws of Écarté, 1-51.
    Ecarte,
}

impl BookId {
    /// Every book, in the order `referee laws --coverage` lists them.
    pub const ALL: [BookId; 4] = [
        BookId::Portland,
        BookId::AuCent,
        BookId::Classic,
        BookId::Ecarte,
    ];

    /// The book's short name, as in its file name.
    pub fn name(self) -> &'static str {
        match self {
            BookId::Portland => "portland",
            BookId::AuCent => "au-cent",
            BookId::Classic => "classic",
            BookId::Ecarte => "ecarte",
        }
    }

    /// The book this book amends, whose laws still stand where it says
    /// nothing: au cent is read over the Portland laws.
    pub fn base(self) -> Option<BookId> {
        match self {
            BookId::AuCent => Some(BookId::Portland),
            BookId::Portland | BookId::Classic | BookId::Ecarte => None,
        }
    }
}

impl fmt::Display for BookId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How far the referee's engine covers a law.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The engine does not apply this law yet.
    #[default]
    NotYet,
    /// The engine applies this law, and a test shows it.
    Implemented,
    /// What the law speaks of cannot be seen in a transcript; the law gives the reason.
    NotDecidable,
}

impl Status {
    /// As a player would read it.
    pub fn describe(self) -> &'static str {
        match self {
            Status::NotYet => "not yet implemented",
            Status::Implemented => "implemented",
            Status::NotDecidable => "not decidable from a transcript",
        }
    }
}

/// A numbered paragraph of a law, addressable on its own (law 59, par. IV).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Paragraph {
    /// The paragraph's number as printed, e.g. `IV`.
    pub id: String,
    /// The paragraph, verbatim.
    pub text: String,
}

/// One law (or, in books without numbered laws, one paragraph of the rules).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Law {
    /// The law's id within its book: `54`, `AC12`, `4b`, `ranking`.
    pub id: String,
    /// The section heading the law stands under.
    pub section: String,
    /// The law's own title, where the source gives one.
    #[serde(default)]
    pub heading: Option<String>,
    /// The law, verbatim (scan errors mended, see the book's mendings).
    pub text: String,
    /// Numbered paragraphs, where the law has them.
    #[serde(default)]
    pub paragraphs: Vec<Paragraph>,
    /// A note printed with the law (the note to law 71, the footnote to Écarté law 26).
    #[serde(default)]
    pub note: Option<String>,
    /// Au cent: the Portland laws this paragraph replaces.
    #[serde(default)]
    pub replaces: Vec<String>,
    /// Au cent: those of the laws it replaces that it replaces only in part,
    /// the rest standing (AC2 takes only dealing by threes from law 9), so
    /// that a ruling on the rest cites the Portland law alone.
    #[serde(default)]
    pub leaves_standing: Vec<String>,
    /// Au cent: the Portland laws this paragraph adds to.
    #[serde(default)]
    pub adds_to: Vec<String>,
    /// How far the engine covers this law.
    #[serde(default)]
    pub status: Status,
    /// Why the law cannot be decided from a transcript (with [`Status::NotDecidable`]).
    #[serde(default)]
    pub reason: Option<String>,
    /// The part of an implemented law that a transcript cannot show, and
    /// why (law 9: that the dealer gives the top cards to his adversary).
    #[serde(default)]
    pub in_part: Option<String>,
}

impl Law {
    /// The paragraph with this id (`IV`, `iv` or `4`), if the law has it.
    pub fn paragraph(&self, id: &str) -> Option<&Paragraph> {
        let wanted = match id.parse::<u32>() {
            Ok(n) => crate::roman::to_roman(n),
            Err(_) => id.to_ascii_uppercase(),
        };
        self.paragraphs
            .iter()
            .find(|p| p.id.eq_ignore_ascii_case(&wanted))
    }

    /// Every piece of the law's text: the text, its paragraphs and its note.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.text.as_str())
            .chain(self.paragraphs.iter().map(|p| p.text.as_str()))
            .chain(self.note.as_deref())
    }

    /// Whether `phrase` occurs anywhere in the law, ignoring case and runs of white space.
    pub fn contains_phrase(&self, phrase: &str) -> bool {
        let wanted = fold(phrase);
        !wanted.is_empty() && self.texts().any(|text| fold(text).contains(&wanted))
    }

    /// Whether this au cent paragraph replaces or adds to the Portland law `id`.
    pub fn amends(&self, id: &str) -> bool {
        self.replaces.iter().chain(&self.adds_to).any(|r| r == id)
    }
}

/// Lower case with white space folded to single spaces, for phrase search.
fn fold(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// One scanning error of the seed text, and how the book mends it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mending {
    /// The law (or `law.paragraph`) the mending is in.
    pub law: String,
    /// The seed text as scanned.
    pub seed: String,
    /// The text as this book has it.
    pub mended: String,
}

/// A law book: its title, where it comes from, its mendings and its laws.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Book {
    /// Which book this is.
    pub book: BookId,
    /// The title, as the source has it.
    pub title: String,
    /// The seed file and part the text comes from.
    pub source: String,
    /// What in the book is not the source's own words.
    pub editorial: String,
    /// Every scanning error mended in the text.
    #[serde(default)]
    pub mendings: Vec<Mending>,
    /// The laws, in the book's order.
    pub laws: Vec<Law>,
}

impl Book {
    /// Au cent: the Portland laws replaced only in part, whose rest stands.
    pub fn kept_in_part(&self) -> Vec<&str> {
        let kept = self.laws.iter().flat_map(|law| &law.leaves_standing);
        kept.map(String::as_str).collect()
    }

    /// The law whose id is exactly `id` (ignoring case).
    pub fn law(&self, id: &str) -> Option<&Law> {
        self.laws.iter().find(|law| law.id.eq_ignore_ascii_case(id))
    }

    /// The mendings made in law `id` or in its paragraphs.
    pub fn mendings_of<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a Mending> + 'a {
        self.mendings.iter().filter(move |m| {
            m.law.eq_ignore_ascii_case(id)
                || m.law
                    .split_once('.')
                    .is_some_and(|(law, _)| law.eq_ignore_ascii_case(id))
        })
    }

    /// The laws in which `phrase` occurs, ignoring case.
    pub fn search<'a>(&'a self, phrase: &'a str) -> impl Iterator<Item = &'a Law> + 'a {
        self.laws
            .iter()
            .filter(move |law| law.contains_phrase(phrase))
    }

    /// Checks what the YAML schema cannot: unique ids, no empty text, a reason
    /// for every law not decidable from a transcript.
    pub fn check(&self) -> Result<(), String> {
        let mut seen = std::collections::HashSet::new();
        for law in &self.laws {
            if !seen.insert(law.id.to_ascii_lowercase()) {
                return Err(format!("law `{}` appears twice", law.id));
            }
            if law.texts().any(|t| t.trim().is_empty()) || law.section.trim().is_empty() {
                return Err(format!("law `{}` has an empty text or section", law.id));
            }
            let has_reason = law.reason.as_deref().is_some_and(|r| !r.trim().is_empty());
            if (law.status == Status::NotDecidable) != has_reason {
                return Err(format!(
                    "law `{}`: a reason is given exactly when the law is not decidable",
                    law.id
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn law(id: &str, text: &str) -> Law {
        Law {
            id: id.into(),
            section: "Playing".into(),
            heading: None,
            text: text.into(),
            paragraphs: vec![Paragraph {
                id: "IV".into(),
                text: "If a player do not follow suit when able".into(),
            }],
            note: Some("By agreement, a partie may consist of four deals".into()),
            replaces: vec![],
            leaves_standing: vec![],
            adds_to: vec!["46".into()],
            status: Status::NotYet,
            reason: None,
            in_part: None,
        }
    }

    #[test]
    fn phrase_search_ignores_case_and_spacing_and_reads_paragraphs_and_notes() {
        let l = law("59", "A card once led or played cannot be taken up");
        let table = [
            ("CANNOT BE", true),
            ("cannot   be\ntaken", true),
            ("follow suit", true),
            ("four deals", true),
            ("revoke", false),
            ("   ", false),
        ];
        for (phrase, expected) in table {
            assert_eq!(l.contains_phrase(phrase), expected, "{phrase:?}");
        }
    }

    #[test]
    fn paragraphs_by_roman_or_arabic_number() {
        let l = law("59", "text");
        for id in ["IV", "iv", "4"] {
            assert!(l.paragraph(id).is_some(), "{id}");
        }
        assert!(l.paragraph("V").is_none());
    }

    #[test]
    fn amends_reads_replaces_and_adds_to() {
        let l = law("AC1", "text");
        assert!(l.amends("46"));
        assert!(!l.amends("4"));
    }

    #[test]
    fn check_wants_reasons_exactly_for_undecidable_laws() {
        let mut book = Book {
            book: BookId::Portland,
            title: "t".into(),
            source: "s".into(),
            editorial: "e".into(),
            mendings: vec![],
            laws: vec![law("1", "a"), law("2", "b")],
        };
        assert_eq!(book.check(), Ok(()));
        book.laws[1].status = Status::NotDecidable;
        assert!(book.check().is_err());
        book.laws[1].reason = Some("happens below the table".into());
        assert_eq!(book.check(), Ok(()));
        book.laws[1].id = "1".into();
        assert!(book.check().unwrap_err().contains("twice"));
    }
}
