//! What a player calls, reckons or claims in hand: carte blanche, point,
//! sequences, quatorzes and trios (Portland laws 46-49, 61-64).

use std::fmt;

use serde::Serialize;

use crate::cards::{Rank, Suit};

/// How high a sequence is said to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "rank")]
pub enum Top {
    /// Not stated: "It is sufficient to call the number of cards of a sequence" (law 48).
    Unstated,
    /// To the ace.
    Major,
    /// Down to the seven (the six in old piquet).
    Minor,
    /// To the named card: `tierce to queen`.
    To(Rank),
}

/// A trio (three of a rank) or a quatorze (four).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SetKind {
    /// Three aces, kings, queens, knaves or tens.
    Trio,
    /// Four of them.
    Quatorze,
}

impl SetKind {
    /// How many cards the set holds.
    pub fn count(self) -> u8 {
        match self {
            SetKind::Trio => 3,
            SetKind::Quatorze => 4,
        }
    }
}

/// One declaration, as called, reckoned, shown or claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Declaration {
    /// A hand without king, queen or knave (law 18).
    CarteBlanche,
    /// The point: the number of cards in the suit, what they make, or both.
    Point {
        /// How many cards (`point 5`).
        cards: Option<u8>,
        /// What they make (`making 49`).
        making: Option<u32>,
        /// The suit, where stated (`in hearts`).
        suit: Option<Suit>,
    },
    /// A sequence: `length` cards (3 tierce … 8 huitième, 9 neuvième in old piquet).
    Sequence {
        /// 3 to 9.
        length: u8,
        /// How high it runs.
        top: Top,
        /// The suit, where stated.
        suit: Option<Suit>,
    },
    /// A trio or quatorze, of the rank named, if named.
    Set {
        /// Trio or quatorze.
        set: SetKind,
        /// The rank, where stated.
        rank: Option<Rank>,
    },
}

/// The names of sequences by length, from tierce (3) to neuvième (9).
pub const SEQUENCE_NAMES: [&str; 7] = [
    "tierce", "quart", "quint", "sixieme", "septieme", "huitieme", "neuvieme",
];

/// Words for small numbers, as written in `three kings` or `leaves two`.
pub const NUMBER_WORDS: [&str; 14] = [
    "none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen",
];

/// The name of a sequence of `length` cards.
pub fn sequence_name(length: u8) -> &'static str {
    SEQUENCE_NAMES
        .get(usize::from(length).wrapping_sub(3))
        .copied()
        .unwrap_or("sequence")
}

impl fmt::Display for Top {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Top::Unstated => Ok(()),
            Top::Major => f.write_str(" major"),
            Top::Minor => f.write_str(" minor"),
            Top::To(rank) => write!(f, " to {}", rank.word()),
        }
    }
}

impl fmt::Display for Declaration {
    /// The canonical spelling: `point 5 making 49 in hearts`, `quart to king`,
    /// `three kings`, `quatorze`, `carte blanche`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Declaration::CarteBlanche => f.write_str("carte blanche"),
            Declaration::Point {
                cards,
                making,
                suit,
            } => {
                f.write_str("point")?;
                if let Some(cards) = cards {
                    write!(f, " {cards}")?;
                }
                if let Some(making) = making {
                    write!(f, " making {making}")?;
                }
                in_suit(f, *suit)
            }
            Declaration::Sequence { length, top, suit } => {
                write!(f, "{}{top}", sequence_name(*length))?;
                in_suit(f, *suit)
            }
            Declaration::Set { set, rank: None } => f.write_str(match set {
                SetKind::Trio => "trio",
                SetKind::Quatorze => "quatorze",
            }),
            Declaration::Set {
                set,
                rank: Some(rank),
            } => write!(
                f,
                "{} {}",
                NUMBER_WORDS[usize::from(set.count())],
                rank.plural()
            ),
        }
    }
}

fn in_suit(f: &mut fmt::Formatter<'_>, suit: Option<Suit>) -> fmt::Result {
    match suit {
        Some(suit) => write!(f, " in {}", suit.name()),
        None => Ok(()),
    }
}

/// What follows `calls`: a declaration, or the French rules' "no sequence".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "call")]
pub enum Call {
    /// A declaration called to be answered good, not good or equal.
    Declare(Declaration),
    /// The caller says he has no sequence (French rules).
    NoSequence,
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Declare(d) => d.fmt(f),
            Call::NoSequence => f.write_str("no sequence"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_spellings() {
        let table = [
            (Declaration::CarteBlanche, "carte blanche"),
            (
                Declaration::Point {
                    cards: Some(5),
                    making: None,
                    suit: None,
                },
                "point 5",
            ),
            (
                Declaration::Point {
                    cards: Some(5),
                    making: Some(49),
                    suit: Some(Suit::Hearts),
                },
                "point 5 making 49 in hearts",
            ),
            (
                Declaration::Point {
                    cards: None,
                    making: Some(46),
                    suit: None,
                },
                "point making 46",
            ),
            (
                Declaration::Sequence {
                    length: 4,
                    top: Top::Major,
                    suit: None,
                },
                "quart major",
            ),
            (
                Declaration::Sequence {
                    length: 6,
                    top: Top::To(Rank::King),
                    suit: Some(Suit::Hearts),
                },
                "sixieme to king in hearts",
            ),
            (
                Declaration::Sequence {
                    length: 3,
                    top: Top::Unstated,
                    suit: None,
                },
                "tierce",
            ),
            (
                Declaration::Set {
                    set: SetKind::Trio,
                    rank: Some(Rank::King),
                },
                "three kings",
            ),
            (
                Declaration::Set {
                    set: SetKind::Quatorze,
                    rank: Some(Rank::Ten),
                },
                "four tens",
            ),
            (
                Declaration::Set {
                    set: SetKind::Quatorze,
                    rank: None,
                },
                "quatorze",
            ),
        ];
        for (declaration, text) in table {
            assert_eq!(declaration.to_string(), text);
        }
    }
}
