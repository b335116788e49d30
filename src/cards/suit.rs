//! The four suits.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A suit. There are no trumps in piquet; in écarté the turn-up names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    /// ♠
    Spades,
    /// ♥
    Hearts,
    /// ♦
    Diamonds,
    /// ♣
    Clubs,
}

impl Suit {
    /// Every suit, in the order S H D C.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The canonical letter: `S H D C`.
    pub fn char(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// A suit letter (`S H D C`, either case) or symbol (`♠ ♥ ♦ ♣`, also `♤ ♡ ♢ ♧`).
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The suit's name, plural as players say it: `hearts`.
    pub fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// `hearts`, `heart`, `Hearts` or a letter or symbol alone.
    pub fn from_word(word: &str) -> Option<Suit> {
        let mut chars = word.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Suit::from_char(c);
        }
        let lower = word.to_ascii_lowercase();
        let singular = lower.strip_suffix('s').unwrap_or(&lower);
        Suit::ALL
            .into_iter()
            .find(|s| s.name().strip_suffix('s') == Some(singular))
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_symbols_and_words() {
        let table = [
            ("S", Some(Suit::Spades)),
            ("h", Some(Suit::Hearts)),
            ("♦", Some(Suit::Diamonds)),
            ("♧", Some(Suit::Clubs)),
            ("hearts", Some(Suit::Hearts)),
            ("Heart", Some(Suit::Hearts)),
            ("DIAMONDS", Some(Suit::Diamonds)),
            ("trumps", None),
            ("X", None),
            ("", None),
        ];
        for (word, expected) in table {
            assert_eq!(Suit::from_word(word), expected, "{word:?}");
        }
        for suit in Suit::ALL {
            assert_eq!(Suit::from_char(suit.char()), Some(suit));
            assert_eq!(Suit::from_word(suit.name()), Some(suit));
        }
    }
}
