//! The rule sets a transcript can be played under.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::laws::BookId;

/// A rule set, as named by the `Rules` tag of a transcript and by `--rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Rules {
    /// The Laws of Piquet (Portland Club): partie of six deals, rubicon scoring.
    Portland,
    /// Piquet au cent: the Portland laws with the au cent differences; game 100 up.
    AuCent,
    /// Little piquet under the original French rules.
    Classic,
    /// The 19th-century simplification of the French rules.
    Modern,
    /// Piquet of Molière's time, with the 36-card pack.
    Old,
    /// Écarté.
    Ecarte,
}

impl Rules {
    /// Every rule set, in the order the docs list them.
    pub const ALL: [Rules; 6] = [
        Rules::Portland,
        Rules::AuCent,
        Rules::Classic,
        Rules::Modern,
        Rules::Old,
        Rules::Ecarte,
    ];

    /// The name used in transcripts and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Portland => "portland",
            Rules::AuCent => "au-cent",
            Rules::Classic => "classic",
            Rules::Modern => "modern",
            Rules::Old => "old",
            Rules::Ecarte => "ecarte",
        }
    }

    /// The law book whose text governs this rule set.
    pub fn book(self) -> BookId {
        match self {
            Rules::Portland => BookId::Portland,
            Rules::AuCent => BookId::AuCent,
            Rules::Classic | Rules::Modern | Rules::Old => BookId::Classic,
            Rules::Ecarte => BookId::Ecarte,
        }
    }

    /// The book this rule set's book amends, if any: au cent is read over the Portland laws.
    pub fn base_book(self) -> Option<BookId> {
        self.book().base()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule-set name that is not one of [`Rules::ALL`]; hands back what was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown rule set `{0}` (expected one of: portland, au-cent, classic, modern, old, ecarte)"
)]
pub struct UnknownRules(pub String);

impl FromStr for Rules {
    type Err = UnknownRules;

    /// Case-insensitive; `au cent`, `aucent` and `écarté` are accepted spellings.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let folded: String = s
            .trim()
            .to_lowercase()
            .replace(['é', 'É'], "e")
            .replace([' ', '_'], "-");
        match folded.as_str() {
            "portland" => Ok(Rules::Portland),
            "au-cent" | "aucent" => Ok(Rules::AuCent),
            "classic" => Ok(Rules::Classic),
            "modern" => Ok(Rules::Modern),
            "old" => Ok(Rules::Old),
            "ecarte" => Ok(Rules::Ecarte),
            _ => Err(UnknownRules(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for rules in Rules::ALL {
            assert_eq!(rules.name().parse::<Rules>(), Ok(rules));
            assert_eq!(rules.to_string(), rules.name());
        }
    }

    #[test]
    fn other_spellings() {
        let table = [
            ("PORTLAND", Rules::Portland),
            ("au cent", Rules::AuCent),
            ("AuCent", Rules::AuCent),
            ("Écarté", Rules::Ecarte),
            (" modern ", Rules::Modern),
        ];
        for (text, expected) in table {
            assert_eq!(text.parse::<Rules>(), Ok(expected), "{text}");
        }
    }

    #[test]
    fn unknown_hands_back_its_input() {
        assert_eq!(
            "whist".parse::<Rules>(),
            Err(UnknownRules("whist".to_string()))
        );
    }

    #[test]
    fn books() {
        assert_eq!(Rules::Modern.book(), BookId::Classic);
        assert_eq!(Rules::AuCent.base_book(), Some(BookId::Portland));
        assert_eq!(Rules::Portland.base_book(), None);
    }
}
