//! The ranks of the piquet pack (and the sixes of old piquet).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A rank, ordered as in piquet: six lowest, ace highest.
///
/// Écarté ranks the ace between the knave and the ten; that order is the
/// engine's business, not the card's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rank {
    /// Only in the 36-card pack of old piquet.
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    /// The knave (jack, valet).
    Knave,
    Queen,
    King,
    Ace,
}

/// The singular and plural words for each rank, in [`Rank::ALL`] order.
const WORDS: [(&str, &str); 9] = [
    ("six", "sixes"),
    ("seven", "sevens"),
    ("eight", "eights"),
    ("nine", "nines"),
    ("ten", "tens"),
    ("knave", "knaves"),
    ("queen", "queens"),
    ("king", "kings"),
    ("ace", "aces"),
];

impl Rank {
    /// Every rank, lowest first.
    pub const ALL: [Rank; 9] = [
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Knave,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    fn index(self) -> usize {
        self as usize
    }

    /// The canonical symbol: `A K Q J 10 9 8 7 6`.
    pub fn symbol(self) -> &'static str {
        ["6", "7", "8", "9", "10", "J", "Q", "K", "A"][self.index()]
    }

    /// A rank symbol: `A K Q J 10 T 9 8 7 6`, and `V` for the knave; any case.
    pub fn from_symbol(symbol: &str) -> Option<Rank> {
        Some(match symbol {
            "A" | "a" => Rank::Ace,
            "K" | "k" => Rank::King,
            "Q" | "q" => Rank::Queen,
            "J" | "j" | "V" | "v" => Rank::Knave,
            "10" | "T" | "t" => Rank::Ten,
            "9" => Rank::Nine,
            "8" => Rank::Eight,
            "7" => Rank::Seven,
            "6" => Rank::Six,
            _ => return None,
        })
    }

    /// The word for one card of this rank: `knave`.
    pub fn word(self) -> &'static str {
        WORDS[self.index()].0
    }

    /// The word for several: `knaves`, `sixes`.
    pub fn plural(self) -> &'static str {
        WORDS[self.index()].1
    }

    /// A rank written as a word, singular or plural, any case (`knave`,
    /// `jacks`, `Sixes`), or as a symbol (`K`, `10`).
    pub fn from_word(word: &str) -> Option<Rank> {
        let lower = word.to_ascii_lowercase();
        let lower = match lower.as_str() {
            "jack" => "knave",
            "jacks" => "knaves",
            other => other,
        };
        WORDS
            .iter()
            .position(|(one, many)| *one == lower || *many == lower)
            .map(|i| Rank::ALL[i])
            .or_else(|| Rank::from_symbol(word))
    }

    /// The value of the card in counting the point under the French rules:
    /// ace 11, court cards 10, the others their pips.
    pub const fn pips(self) -> u32 {
        match self {
            Rank::Ace => 11,
            Rank::King | Rank::Queen | Rank::Knave | Rank::Ten => 10,
            Rank::Nine => 9,
            Rank::Eight => 8,
            Rank::Seven => 7,
            Rank::Six => 6,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_and_words() {
        let table = [
            ("A", Some(Rank::Ace)),
            ("t", Some(Rank::Ten)),
            ("10", Some(Rank::Ten)),
            ("V", Some(Rank::Knave)),
            ("jacks", Some(Rank::Knave)),
            ("Knave", Some(Rank::Knave)),
            ("sixes", Some(Rank::Six)),
            ("queen", Some(Rank::Queen)),
            ("1", None),
            ("joker", None),
        ];
        for (word, expected) in table {
            assert_eq!(Rank::from_word(word), expected, "{word:?}");
        }
        for rank in Rank::ALL {
            assert_eq!(Rank::from_symbol(rank.symbol()), Some(rank));
            assert_eq!(Rank::from_word(rank.word()), Some(rank));
            assert_eq!(Rank::from_word(rank.plural()), Some(rank));
        }
    }

    #[test]
    fn piquet_order_and_pips() {
        assert!(Rank::Ace > Rank::King && Rank::Knave > Rank::Ten && Rank::Seven > Rank::Six);
        let total: u32 = [Rank::Ace, Rank::Queen, Rank::Nine, Rank::Seven]
            .iter()
            .map(|r| r.pips())
            .sum();
        assert_eq!(
            total, 37,
            "the French rules' example: ace, queen, nine, seven make 37"
        );
    }
}
