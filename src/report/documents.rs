//! The JSON documents of the lookup commands (`law`, `laws`, `laws
//! --search`, `laws --coverage`, `case`, `cases`), made of the same types
//! the text reports read: the law book's [`Law`], [`Paragraph`] and
//! [`Mending`], and the book's [`Case`]. Their JSON Schemas are generated
//! from these types (see [`super::schema`]), so they cannot drift apart.

use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};

use crate::cases::{Agreement, Case};
use crate::laws::{BookId, Coverage, Found, Law, Mending, Paragraph};

/// The schema version every JSON document carries, as a string: it changes
/// when a field is taken away or changes its meaning, not when one is added.
pub const VERSION: &str = "1";

/// The `version` field: always [`VERSION`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Version;

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(VERSION)
    }
}

impl JsonSchema for Version {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Version".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The schema version of the document.",
            "type": "string",
            "const": VERSION,
        })
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(VERSION)
    }
}

/// What an id named in a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FoundKind {
    /// A whole law: `laws` holds it.
    Law,
    /// One numbered paragraph of a law: `laws` holds the law, `paragraph` the paragraph.
    Paragraph,
    /// An article of the French rules by its number: `laws` holds its paragraphs `4a`, `4b`, ….
    Article,
}

/// How an au cent paragraph amends a Portland law.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    /// It replaces the law (or, with the law's `leaves_standing`, part of it).
    Replaces,
    /// It adds to the law.
    AddsTo,
}

/// An au cent paragraph that amends the law shown.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Amending<'a> {
    /// Whether it replaces the law or adds to it.
    pub how: How,
    /// The au cent paragraph.
    pub law: &'a Law,
}

/// The au cent paragraphs that amend a Portland law, when it is read under au cent.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Amendments<'a> {
    /// The amending book (`au-cent`).
    pub book: BookId,
    /// Its title.
    pub title: &'a str,
    /// The paragraphs that replace or add to the law; none where it stands unchanged.
    pub laws: Vec<Amending<'a>>,
}

/// A case named in a listing: its number, numeral and one-line summary.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CaseRef<'a> {
    /// 1 to 22.
    pub case: u32,
    /// `I` to `XXII`.
    pub roman: &'a str,
    /// One line, in our words.
    pub summary: &'a str,
}

impl<'a> CaseRef<'a> {
    /// The case, named.
    pub fn of(case: &'a Case) -> Self {
        CaseRef {
            case: case.case,
            roman: &case.roman,
            summary: case.summary.trim(),
        }
    }
}

/// `referee law ID --format json`: the law (or paragraph, or article) in
/// full, its book, its mendings, the au cent paragraphs amending it, and
/// where it is worked.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct LawDocument<'a> {
    /// The schema version.
    pub version: Version,
    /// The book the law is in.
    pub book: BookId,
    /// The book's title.
    pub title: &'a str,
    /// What the id named.
    pub found: FoundKind,
    /// The law; the law of the paragraph; or the article's paragraphs.
    pub laws: Vec<&'a Law>,
    /// The paragraph asked for (`59.IV`), when `found` is `paragraph`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paragraph: Option<&'a Paragraph>,
    /// Every scanning error the book mends in these laws.
    pub mendings: Vec<&'a Mending>,
    /// Read under au cent (`--rules au-cent` with a Portland number): the au
    /// cent paragraphs that change the law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amended_by: Option<Amendments<'a>>,
    /// The Cases and Decisions that cite the law or one of its paragraphs.
    pub cases: Vec<CaseRef<'a>>,
    /// The worked transcripts in the repository named after the law.
    pub worked: Vec<&'a str>,
}

impl<'a> LawDocument<'a> {
    /// What `referee law` found in `book`, with the cases and worked
    /// transcripts that cite it, and the laws of `amending` (au cent) that
    /// replace or add to it.
    pub fn new(
        book: &'a crate::laws::Book,
        found: &Found<'a>,
        amending: Option<&'a crate::laws::Book>,
        cases: &[&'a Case],
        worked: Vec<&'a str>,
    ) -> Self {
        let (kind, laws, paragraph) = match found {
            Found::Law(law) => (FoundKind::Law, vec![*law], None),
            Found::Paragraph(law, p) => (FoundKind::Paragraph, vec![*law], Some(*p)),
            Found::Article(laws) => (FoundKind::Article, laws.clone(), None),
        };
        let mendings = laws
            .iter()
            .flat_map(|law| book.mendings_of(&law.id))
            .collect();
        let amended_by = match (amending, found) {
            (Some(amending), Found::Law(law) | Found::Paragraph(law, _)) => Some(Amendments {
                book: amending.book,
                title: &amending.title,
                laws: amending
                    .amending(&law.id)
                    .map(|paragraph| Amending {
                        how: match paragraph.replaces.contains(&law.id) {
                            true => How::Replaces,
                            false => How::AddsTo,
                        },
                        law: paragraph,
                    })
                    .collect(),
            }),
            _ => None,
        };
        LawDocument {
            version: Version,
            book: book.book,
            title: &book.title,
            found: kind,
            laws,
            paragraph,
            mendings,
            amended_by,
            cases: cases.iter().map(|c| CaseRef::of(c)).collect(),
            worked,
        }
    }
}

/// `referee laws --format json`: a book's laws, in its order.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct LawsDocument<'a> {
    /// The schema version.
    pub version: Version,
    /// The book listed.
    pub book: BookId,
    /// The book's title.
    pub title: &'a str,
    /// Where the text comes from.
    pub source: &'a str,
    /// The laws, in the book's order.
    pub laws: &'a [Law],
}

/// One sentence `laws --search` found: in a law of a book, or in a case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Hit {
    /// The book the law is in; absent for a case.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub book: Option<BookId>,
    /// The law's id; absent for a case.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub law: Option<String>,
    /// The case's numeral (`XIV`); absent for a law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case: Option<String>,
    /// The sentence, white space folded, each occurrence of the phrase marked `[like this]`.
    pub sentence: String,
}

impl Hit {
    /// Where the sentence stands, as the text table names it: `portland 54`, `case XIV`.
    pub fn place(&self) -> String {
        match (&self.book, &self.law, &self.case) {
            (Some(book), Some(law), _) => format!("{book} {law}"),
            (_, _, Some(case)) => format!("case {case}"),
            _ => String::new(),
        }
    }
}

/// `referee laws --search PHRASE --format json`: every sentence holding the phrase.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SearchDocument<'a> {
    /// The schema version.
    pub version: Version,
    /// The phrase searched for, as given.
    pub phrase: &'a str,
    /// What was searched: a book's title, or every book and the cases.
    pub searched: &'a str,
    /// The books searched.
    pub books: Vec<BookId>,
    /// Whether the Cases and Decisions were searched (without `--rules`).
    pub cases: bool,
    /// The sentences found, in the books' order, then the cases'.
    pub found: &'a [Hit],
}

/// A law counted by `laws --coverage`, with why it cannot be decided, or
/// what part of it cannot.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Counted<'a> {
    /// The law's id.
    pub id: &'a str,
    /// Why the law cannot be decided from a transcript (not decidable laws).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// The part of an implemented law a transcript cannot show, and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_part: Option<&'a str>,
}

/// One book's coverage.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct BookCoverage<'a> {
    /// The book.
    pub book: BookId,
    /// Its title.
    pub title: &'a str,
    /// How many laws it has.
    pub laws: usize,
    /// The laws the engine applies, with a test.
    pub implemented: Vec<Counted<'a>>,
    /// The laws a transcript cannot decide, each with its reason.
    pub not_decidable: Vec<Counted<'a>>,
    /// The laws still to do.
    pub not_yet: Vec<Counted<'a>>,
}

impl<'a> BookCoverage<'a> {
    /// A book's coverage, as [`Coverage`] counts it.
    pub fn of(coverage: &Coverage<'a>) -> Self {
        let counted = |laws: &[&'a Law]| {
            laws.iter()
                .map(|law| Counted {
                    id: &law.id,
                    reason: law.reason.as_deref(),
                    in_part: law.in_part.as_deref(),
                })
                .collect()
        };
        BookCoverage {
            book: coverage.book.book,
            title: &coverage.book.title,
            laws: coverage.total(),
            implemented: counted(&coverage.implemented),
            not_decidable: counted(&coverage.not_decidable),
            not_yet: counted(&coverage.not_yet),
        }
    }
}

/// `referee laws --coverage --format json`: how far the engine covers each book.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CoverageDocument<'a> {
    /// The schema version.
    pub version: Version,
    /// Every book, in order.
    pub books: Vec<BookCoverage<'a>>,
}

/// How the engine's ruling on a case's transcript stands against the book's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every figure the case gives agrees.
    Agrees,
    /// Some figures differ: `differences` says which.
    Differs,
    /// The case gives no figures to compare.
    NotCompared,
    /// The case has no transcript yet.
    NoTranscript,
    /// The case's transcript cannot be read or ruled: `problem` says why.
    Unreadable,
}

/// The comparison of the engine's ruling with the book's decision.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct AgreementOut {
    /// How they stand.
    pub verdict: Verdict,
    /// The figures that differ (with `differs`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differences: Vec<String>,
    /// Why the transcript cannot be ruled (with `unreadable`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

impl AgreementOut {
    /// The agreement, as data.
    pub fn of(agreement: &Agreement) -> Self {
        let (verdict, differences, problem) = match agreement {
            Agreement::Agrees => (Verdict::Agrees, Vec::new(), None),
            Agreement::Differs(what) => (Verdict::Differs, what.clone(), None),
            Agreement::NotCompared => (Verdict::NotCompared, Vec::new(), None),
            Agreement::NoTranscript => (Verdict::NoTranscript, Vec::new(), None),
            Agreement::Unreadable(why) => (Verdict::Unreadable, Vec::new(), Some(why.clone())),
        };
        AgreementOut {
            verdict,
            differences,
            problem,
        }
    }
}

/// A law the case cites, quoted from the Portland laws.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Cited<'a> {
    /// The id as the case cites it (`59.II`).
    pub id: &'a str,
    /// The law cited, or the law of the paragraph cited; absent where the
    /// Portland laws have no such law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub law: Option<&'a Law>,
    /// The paragraph cited, where a paragraph is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paragraph: Option<&'a Paragraph>,
}

/// `referee case N --format json`: the case as the book gives it, the laws
/// it cites quoted, and the engine's ruling on its transcript beside the
/// book's decision.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CaseDocument<'a> {
    /// The schema version.
    pub version: Version,
    /// The case.
    #[serde(flatten)]
    pub case: &'a Case,
    /// The case file (its YAML header and the transcript below it).
    pub file: &'a str,
    /// The laws the book cites, quoted.
    pub cited: Vec<Cited<'a>>,
    /// How the engine's ruling stands against the book's decision.
    pub agreement: AgreementOut,
    /// The engine's ruling on the case's transcript: `referee rule`'s JSON
    /// report; absent where the case has no transcript or it cannot be ruled.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "rule_report")]
    pub ruling: Option<serde_json::Value>,
}

/// The schema of `referee rule`'s report, which is written by hand (its
/// JSON is streamed deal by deal, with no type for the whole).
fn rule_report(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "$ref": "rule.schema.json#/$defs/report" })
}

/// One case in `referee cases --format json`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CaseEntry<'a> {
    /// The case.
    #[serde(flatten)]
    pub case: &'a Case,
    /// How the engine's ruling on its transcript stands against the book's decision.
    pub agreement: AgreementOut,
}

/// `referee cases --format json`: the 22 Cases and Decisions.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CasesDocument<'a> {
    /// The schema version.
    pub version: Version,
    /// The cases, in order.
    pub cases: Vec<CaseEntry<'a>>,
}

/// A document as pretty JSON, with a closing line break.
pub fn to_json(document: &impl Serialize) -> String {
    // The documents hold strings, numbers and maps with string keys: they
    // always serialize.
    serde_json::to_string_pretty(document).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_names_its_place_as_the_text_table_does() {
        let hit = |book: Option<BookId>, law: Option<&str>, case: Option<&str>| Hit {
            book,
            law: law.map(str::to_string),
            case: case.map(str::to_string),
            sentence: "a [fresh deal].".to_string(),
        };
        let table = [
            (hit(Some(BookId::Portland), Some("11"), None), "portland 11"),
            (hit(Some(BookId::AuCent), Some("AC2"), None), "au-cent AC2"),
            (hit(None, None, Some("XIV")), "case XIV"),
        ];
        for (hit, place) in table {
            assert_eq!(hit.place(), place);
        }
    }

    #[test]
    fn each_agreement_has_its_verdict_and_what_it_carries() {
        let table = [
            (Agreement::Agrees, "\"agrees\"", 0, false),
            (
                Agreement::Differs(vec!["A scores 5; the book gives 4".into()]),
                "\"differs\"",
                1,
                false,
            ),
            (Agreement::NotCompared, "\"not-compared\"", 0, false),
            (Agreement::NoTranscript, "\"no-transcript\"", 0, false),
            (
                Agreement::Unreadable("case-01.pqt:3:1: no such card".into()),
                "\"unreadable\"",
                0,
                true,
            ),
        ];
        for (agreement, verdict, differences, problem) in table {
            let out = AgreementOut::of(&agreement);
            assert_eq!(serde_json::to_string(&out.verdict).unwrap(), verdict);
            assert_eq!(out.differences.len(), differences, "{agreement:?}");
            assert_eq!(out.problem.is_some(), problem, "{agreement:?}");
        }
    }

    #[test]
    fn the_version_is_a_string_and_its_schema_says_which() {
        assert_eq!(
            serde_json::to_string(&Version).unwrap(),
            format!("\"{VERSION}\"")
        );
        let schema = schemars::schema_for!(Version);
        assert_eq!(schema.get("const"), Some(&serde_json::json!(VERSION)));
    }
}
