//! A card: a rank and a suit, written `KH`, `10S`, `TS` or `Q♦`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Rank, Suit};

/// A playing card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// Its rank.
    pub rank: Rank,
    /// Its suit.
    pub suit: Suit,
}

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// The 32-card piquet pack (ranks seven to ace), suit by suit.
    pub fn piquet_pack() -> impl Iterator<Item = Card> {
        Self::pack_from(Rank::Seven)
    }

    /// The 36-card pack of old piquet (ranks six to ace).
    pub fn old_pack() -> impl Iterator<Item = Card> {
        Self::pack_from(Rank::Six)
    }

    fn pack_from(lowest: Rank) -> impl Iterator<Item = Card> {
        Suit::ALL.into_iter().flat_map(move |suit| {
            Rank::ALL
                .into_iter()
                .filter(move |rank| *rank >= lowest)
                .map(move |rank| Card::new(rank, suit))
        })
    }
}

/// Text that is not a card; hands back what was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    /// A rank (`A K Q J 10 T 9 8 7 6`, `V` for the knave) then a suit
    /// (`S H D C` or `♠ ♥ ♦ ♣`), in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseCardError(s.to_string());
        let (split, suit_char) = s.char_indices().last().ok_or_else(err)?;
        let suit = Suit::from_char(suit_char).ok_or_else(err)?;
        let rank = Rank::from_symbol(&s[..split]).ok_or_else(err)?;
        Ok(Card::new(rank, suit))
    }
}

/// Each card's canonical spelling, by rank (six to ace) and suit (S H D C).
const SPELLINGS: [[&str; 4]; 9] = [
    ["6S", "6H", "6D", "6C"],
    ["7S", "7H", "7D", "7C"],
    ["8S", "8H", "8D", "8C"],
    ["9S", "9H", "9D", "9C"],
    ["10S", "10H", "10D", "10C"],
    ["JS", "JH", "JD", "JC"],
    ["QS", "QH", "QD", "QC"],
    ["KS", "KH", "KD", "KC"],
    ["AS", "AH", "AD", "AC"],
];

impl Card {
    /// The canonical spelling: `10S`, `KH` (the rank's symbol, the suit's letter).
    pub fn spelling(self) -> &'static str {
        SPELLINGS[self.rank as usize][self.suit as usize]
    }
}

impl fmt::Display for Card {
    /// The canonical spelling: `10S`, `KH`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spelling())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.spelling())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spelling of every card is its rank's symbol and its suit's letter.
    #[test]
    fn every_spelling_is_the_rank_symbol_and_suit_letter() {
        for rank in Rank::ALL {
            for suit in Suit::ALL {
                let card = Card::new(rank, suit);
                let spelled = format!("{}{}", rank.symbol(), suit.char());
                assert_eq!(card.spelling(), spelled);
                assert_eq!(card.to_string(), spelled);
                assert_eq!(
                    serde_json::to_string(&card).unwrap(),
                    format!("\"{spelled}\"")
                );
            }
        }
    }

    #[test]
    fn spellings() {
        let kh = Card::new(Rank::King, Suit::Hearts);
        let ten_s = Card::new(Rank::Ten, Suit::Spades);
        let table = [
            ("KH", Some(kh)),
            ("kh", Some(kh)),
            ("K♥", Some(kh)),
            ("10S", Some(ten_s)),
            ("TS", Some(ten_s)),
            ("ts", Some(ten_s)),
            ("10♠", Some(ten_s)),
            ("VD", Some(Card::new(Rank::Knave, Suit::Diamonds))),
            ("6C", Some(Card::new(Rank::Six, Suit::Clubs))),
            ("1S", None),
            ("K", None),
            ("KX", None),
            ("", None),
            ("KHH", None),
        ];
        for (text, expected) in table {
            assert_eq!(text.parse::<Card>().ok(), expected, "{text:?}");
        }
    }

    #[test]
    fn canonical_spelling_round_trips() {
        for card in Card::old_pack() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert_eq!(Card::piquet_pack().count(), 32);
        assert_eq!(Card::old_pack().count(), 36);
    }
}
