//! The Cases and Decisions I-XXII of the Portland Club's Laws of Piquet.
//!
//! Each case is a transcript file in `cases/` whose YAML header holds the
//! book's facts, question and decision (see `docs/law-books.md`). The header
//! is for people and for the case view; the engine never reads it.

mod agreement;

use std::sync::OnceLock;

use serde::Deserialize;

#[cfg(test)]
pub(crate) use agreement::penalty_name;
pub use agreement::{rule_case, Agreement};

use crate::notation::split_front_matter;
use crate::Error;

/// One scanning error of the case text, and how the case file mends it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseMending {
    /// The seed text as scanned.
    pub seed: String,
    /// As the case file has it.
    pub mended: String,
}

/// A case as the book gives it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// 1 to 22.
    pub case: u32,
    /// `I` to `XXII`, as the book numbers it.
    pub roman: String,
    /// One line, in our words, for listings.
    pub summary: String,
    /// What happened, verbatim.
    pub facts: String,
    /// The question, verbatim unless `question_is_editorial`.
    pub question: String,
    /// The book asks no question; `question` is ours.
    pub question_is_editorial: bool,
    /// The book's decision, verbatim.
    pub decision: String,
    /// The book's note, where it has one.
    pub note: Option<String>,
    /// The laws the book cites in the case (`59.II` for a paragraph).
    pub laws: Vec<String>,
    /// The book calls the matter one of etiquette rather than law.
    pub etiquette: bool,
    /// The book says the decision has been much disputed.
    pub disputed: bool,
    /// Scanning errors mended in the case text.
    pub mendings: Vec<CaseMending>,
    /// What the transcript below the header invents where the book gives
    /// only part of the deal (ours, not the book's).
    #[serde(default)]
    pub invented: Option<String>,
    /// The book's decision as figures the engine's ruling can be compared
    /// with (ours). The engine never reads it: only the comparison does.
    #[serde(default)]
    pub expected: Option<Expected>,
    /// The case file's name and whole text, transcript included.
    #[serde(skip)]
    pub source: (&'static str, &'static str),
}

/// The book's decision as figures: each part is compared where given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// What each player scores in the (last) deal, by player id.
    #[serde(default)]
    pub scores: Option<std::collections::BTreeMap<String, u32>>,
    /// The players who can reckon nothing that deal.
    #[serde(default)]
    pub reckons_nothing: Option<Vec<String>>,
    /// The partie's winner and the points won.
    #[serde(default)]
    pub partie: Option<ExpectedPartie>,
    /// The hand is played over again from this trick (laws 59.II, 59.IV, 59.V).
    #[serde(default)]
    pub play_again_from: Option<u8>,
    /// Whether anyone may have the cards played again: `false` where the
    /// book refuses it (Case XII).
    #[serde(default)]
    pub play_again: Option<bool>,
    /// Every ruling the book's decision makes: each must be among the
    /// engine's, and the engine may make no ruling not listed here (none
    /// where the list is absent).
    #[serde(default)]
    pub rulings: Option<Vec<ExpectedRuling>>,
    /// The answer to each `claims` line of the transcript, in order: every
    /// claim must be listed.
    #[serde(default)]
    pub claims: Option<Vec<ExpectedClaim>>,
    /// What a player may not score (Case VII: "B may not score his kings").
    #[serde(default)]
    pub not_scored: Option<Vec<ExpectedItem>>,
    /// Players against whom the book gives no penalty or remedy (Case IX:
    /// "B has no remedy" against A): the engine rules none against them.
    #[serde(default)]
    pub no_penalty: Option<Vec<String>>,
}

/// A claim's answer as the book's decision gives it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedClaim {
    /// The claimant's id.
    pub claimant: String,
    /// `allowed` or `refused`.
    pub answer: String,
}

/// A ruling as the book's decision states it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedRuling {
    /// The offender's id; absent for a ruling on the table (a faulty pack).
    #[serde(default)]
    pub offender: Option<String>,
    /// The laws the ruling applies (each must be among those the engine cites).
    #[serde(default)]
    pub laws: Vec<String>,
    /// The penalty, as the report's JSON names it: `none`, `not-scored`,
    /// `reckons-nothing`, `play-again-from`, …
    pub penalty: String,
}

/// A declaration of one player's, in the notation's words (`three kings`, `point 5`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedItem {
    /// The player's id.
    pub player: String,
    /// The declaration, as a transcript writes it.
    pub what: String,
}

/// The partie's result as the book gives it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedPartie {
    /// The winner's id.
    pub winner: String,
    /// The points won.
    pub points: u32,
}

impl Case {
    /// Whether the case cites law `id` (or one of its paragraphs): among the
    /// laws the book cites, or the laws of a ruling its decision carries.
    pub fn cites(&self, id: &str) -> bool {
        let expected = self
            .expected
            .iter()
            .flat_map(|e| e.rulings.iter().flatten());
        self.laws
            .iter()
            .chain(expected.flat_map(|r| r.laws.iter()))
            .any(|cited| crate::laws::within(cited, id))
    }
}

/// The cases that cite law `id` of the Portland laws (or one of its paragraphs).
pub fn citing(id: &str) -> Result<Vec<&'static Case>, Error> {
    Ok(all()?.iter().filter(|case| case.cites(id)).collect())
}

/// The case files, compiled in so the tool works from any directory.
macro_rules! case_files {
    ($($n:literal),* $(,)?) => {
        [$((concat!("cases/case-", $n, ".pqt"), include_str!(concat!("../../cases/case-", $n, ".pqt")))),*]
    };
}

const SOURCES: [(&str, &str); 22] = case_files!(
    "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22",
);

/// Reads one case file's header. Errors name the file, line and column.
fn read(file: &'static str, text: &'static str) -> Result<Case, Error> {
    let mut case = read_header(file, text)?;
    case.source = (file, text);
    Ok(case)
}

fn read_header(file: &str, text: &str) -> Result<Case, Error> {
    let built_in = |line: usize, column: usize, message: String| Error::BuiltIn {
        what: file.to_string(),
        line,
        column,
        message,
    };
    let front = split_front_matter(text)
        .map_err(|e| built_in(1, 1, e.to_string()))?
        .ok_or_else(|| built_in(1, 1, "the case file has no YAML header".to_string()))?;
    crate::yaml::from_str(front.header).map_err(|e| {
        let line = e.line.map_or(0, |l| l + front.header_line - 1);
        built_in(line, e.column.unwrap_or(0), e.message)
    })
}

/// All 22 cases, in order, read on first use.
pub fn all() -> Result<&'static [Case], Error> {
    static CASES: OnceLock<Result<Vec<Case>, String>> = OnceLock::new();
    CASES
        .get_or_init(|| {
            SOURCES
                .iter()
                .map(|(file, text)| read(file, text).map_err(|e| e.to_string()))
                .collect()
        })
        .as_deref()
        .map_err(|message| Error::BuiltIn {
            what: "case file".to_string(),
            line: 0,
            column: 0,
            message: message.clone(),
        })
}

/// The case a player names: `7`, `07`, `VII` or `vii`.
pub fn find(name: &str) -> Result<&'static Case, Error> {
    let trimmed = name.trim();
    let number = trimmed
        .parse::<u32>()
        .ok()
        .or_else(|| crate::roman::from_roman(trimmed));
    let cases = all()?;
    number
        .and_then(|n| cases.iter().find(|c| c.case == n))
        .ok_or_else(|| Error::UnknownCase(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_a_header_reports_the_line_in_the_file() {
        let text = "---\ncase: 1\nroman: [\n---\n";
        let err = read("cases/x.pqt", text).unwrap_err().to_string();
        assert!(
            err.contains("cases/x.pqt:3:") || err.contains("cases/x.pqt:4:"),
            "{err}"
        );
    }

    #[test]
    fn a_file_without_header_is_refused() {
        let err = read("cases/x.pqt", "deal 1\n").unwrap_err().to_string();
        assert!(err.contains("no YAML header"), "{err}");
    }
}

#[cfg(test)]
mod book_tests {
    use super::*;
    use crate::laws::{library, BookId};

    #[test]
    fn there_are_22_cases_in_order_with_their_numerals() {
        let cases = all().unwrap();
        assert_eq!(cases.len(), 22);
        for (i, case) in cases.iter().enumerate() {
            let n = i as u32 + 1;
            assert_eq!(case.case, n);
            assert_eq!(case.roman, crate::roman::to_roman(n));
            for text in [&case.summary, &case.facts, &case.question, &case.decision] {
                assert!(!text.trim().is_empty(), "case {n}");
            }
        }
    }

    #[test]
    fn every_law_a_case_cites_is_in_the_portland_book() {
        let portland = library().unwrap().book(BookId::Portland);
        for case in all().unwrap() {
            for id in &case.laws {
                assert!(
                    portland.find(id).is_some(),
                    "case {} cites {id}",
                    case.roman
                );
            }
        }
    }

    #[test]
    fn the_books_remarks_on_etiquette_and_dispute() {
        let flagged = |pick: fn(&Case) -> bool| -> Vec<u32> {
            all()
                .unwrap()
                .iter()
                .filter(|c| pick(c))
                .map(|c| c.case)
                .collect()
        };
        assert_eq!(flagged(|c| c.etiquette), [6, 12]);
        assert_eq!(flagged(|c| c.disputed), [15]);
    }

    #[test]
    fn finding_a_case_by_number_or_numeral() {
        let table = [
            ("7", Some(7)),
            ("07", Some(7)),
            ("VII", Some(7)),
            ("xxii", Some(22)),
            ("23", None),
            ("0", None),
            ("IIII", None),
            ("", None),
        ];
        for (name, expected) in table {
            assert_eq!(find(name).ok().map(|c| c.case), expected, "{name:?}");
        }
    }
}
