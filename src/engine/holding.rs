//! What a hand holds for declaring: carte blanche, its point, its sequences,
//! its quatorzes and trios, and how two holdings compare (laws 18, 62-64).

use std::cmp::Ordering;

use crate::cards::{Card, CardSet, Rank, Suit};

use super::ruleset::{PointOrder, RuleSet};

/// A point: the cards of one suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// The suit.
    pub suit: Suit,
    /// How many cards.
    pub cards: u8,
    /// What they make: ace eleven, court cards ten, the others their pips.
    pub value: u32,
}

/// A sequence: cards of one suit following in rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// The suit.
    pub suit: Suit,
    /// How many cards.
    pub length: u8,
    /// Its highest card.
    pub top: Rank,
}

/// A quatorze (four of a rank) or a trio (three).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Set {
    /// The rank.
    pub rank: Rank,
    /// Three or four.
    pub count: u8,
}

/// Law 18: carte blanche is a hand "without king, queen, or knave".
pub fn is_carte_blanche(hand: CardSet) -> bool {
    hand.len() >= 12
        && [Rank::King, Rank::Queen, Rank::Knave]
            .into_iter()
            .all(|rank| hand.count_rank(rank) == 0)
}

/// The point in `suit`, if any cards of it are held.
pub fn point_in(hand: CardSet, suit: Suit) -> Option<Point> {
    let cards = hand.suit(suit);
    (!cards.is_empty()).then(|| Point {
        suit,
        cards: cards.len() as u8,
        value: cards.iter().map(|c| c.rank.pips()).sum(),
    })
}

/// Every point the hand holds, one per suit held.
pub fn points(hand: CardSet) -> impl Iterator<Item = Point> {
    Suit::ALL.into_iter().filter_map(move |s| point_in(hand, s))
}

/// Law 62: the hand's best point.
pub fn best_point(hand: CardSet, rules: &RuleSet) -> Option<Point> {
    points(hand).max_by(|a, b| compare_points(a, b, rules))
}

/// Law 62: "The largest point is good": the most cards, then the higher
/// value (modern piquet, M2, the same); 6a, 6d: under the French rules the
/// highest pip total, and equal totals are equal.
pub fn compare_points(a: &Point, b: &Point, rules: &RuleSet) -> Ordering {
    match rules.point_order {
        PointOrder::CardsThenValue => (a.cards, a.value).cmp(&(b.cards, b.value)),
        PointOrder::ValueOnly => a.value.cmp(&b.value),
    }
}

/// The sequences of a hand: at most eight (two a suit), kept without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Runs {
    items: [Sequence; 8],
    len: usize,
}

impl std::ops::Deref for Runs {
    type Target = [Sequence];

    fn deref(&self) -> &[Sequence] {
        &self.items[..self.len]
    }
}

impl IntoIterator for Runs {
    type Item = Sequence;
    type IntoIter = std::iter::Take<std::array::IntoIter<Sequence, 8>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

impl<const N: usize> PartialEq<[Sequence; N]> for Runs {
    fn eq(&self, other: &[Sequence; N]) -> bool {
        **self == other[..]
    }
}

/// Every maximal sequence of a tierce or more, suit by suit, highest first.
pub fn sequences(hand: CardSet, rules: &RuleSet) -> Runs {
    let none = Sequence {
        suit: Suit::Spades,
        length: 0,
        top: Rank::Ace,
    };
    let mut found = Runs {
        items: [none; 8],
        len: 0,
    };
    let lowest = rules.lowest as u32;
    for suit in Suit::ALL {
        let ranks = u32::from(hand.ranks_in(suit)) >> lowest << lowest;
        let mut length = 0u8;
        let mut top = Rank::Ace as usize;
        // From the ace down, one step below the lowest rank to close the last run.
        for r in (lowest as usize..=Rank::Ace as usize)
            .rev()
            .chain([usize::MAX])
        {
            if r != usize::MAX && ranks & (1 << r) != 0 {
                if length == 0 {
                    top = r;
                }
                length += 1;
                continue;
            }
            if length >= rules.shortest_sequence && found.len < 8 {
                found.items[found.len] = Sequence {
                    suit,
                    length,
                    top: Rank::ALL[top],
                };
                found.len += 1;
            }
            length = 0;
        }
    }
    found
}

/// Law 63: "The longest sequence is good; as between sequences of equal length the highest is good."
/// The French rules the same, 6h, 6i: by length, then "the one with the
/// highest card wins"; 6m: equal ones are equal.
pub fn compare_sequences(a: &Sequence, b: &Sequence) -> Ordering {
    (a.length, a.top).cmp(&(b.length, b.top))
}

/// The hand's best sequence.
pub fn best_sequence(hand: CardSet, rules: &RuleSet) -> Option<Sequence> {
    sequences(hand, rules).into_iter().max_by(compare_sequences)
}

/// Every quatorze and trio of tens and above, highest rank first.
pub fn sets(hand: CardSet, rules: &RuleSet) -> Vec<Set> {
    Rank::ALL
        .into_iter()
        .rev()
        .filter(|rank| *rank >= rules.lowest_set)
        .filter_map(|rank| {
            let count = hand.count_rank(rank) as u8;
            (count >= 3).then_some(Set { rank, count })
        })
        .collect()
}

/// Law 64: "Any quatorze is good against a trio"; between two of a kind the higher rank.
/// 6p: "A set of four ... beats a set of three, and among declarations of
/// the same type, the one of higher rank wins" (6q: never equal).
pub fn compare_sets(a: &Set, b: &Set) -> Ordering {
    (a.count, a.rank).cmp(&(b.count, b.rank))
}

/// The hand's best quatorze or trio.
pub fn best_set(hand: CardSet, rules: &RuleSet) -> Option<Set> {
    sets(hand, rules).into_iter().max_by(compare_sets)
}

/// The rank `steps` below `rank`, if there is one.
pub fn rank_below(rank: Rank, steps: u8) -> Option<Rank> {
    (rank as usize)
        .checked_sub(usize::from(steps))
        .map(|i| Rank::ALL[i])
}

/// Whether the hand holds `length` cards of `suit` in sequence down from `top`.
pub fn holds_run(hand: CardSet, suit: Suit, top: Rank, length: u8) -> bool {
    (0..length).all(|step| rank_below(top, step).is_some_and(|r| hand.contains(Card::new(r, suit))))
}

#[cfg(test)]
mod tests {
    use super::super::ruleset::PORTLAND;
    use super::*;

    fn hand(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn law_18_carte_blanche() {
        let table = [
            ("AS 10S 9S 8S 7S AH 10H 9H AD 10D 9D 8D", true),
            ("AS 10S 9S 8S 7S AH 10H 9H AD 10D 9D JD", false),
            ("AS 10S 9S 8S 7S AH 10H 9H AD 10D 9D", false),
        ];
        for (cards, expected) in table {
            assert_eq!(is_carte_blanche(hand(cards)), expected, "{cards}");
        }
    }

    #[test]
    fn law_62_the_point() {
        // (hand, best suit, cards, value)
        let table = [
            ("AS KS QS JS 9S KH JH JC AD QD JD 10D", Suit::Spades, 5, 50),
            ("AD QD JD 10D 8D AS KS QS JS 9S", Suit::Spades, 5, 50),
            ("AH 7H 8H 9H KS QS JS 10S", Suit::Spades, 4, 40),
            ("AH KH 7C 8C 9C", Suit::Clubs, 3, 24),
        ];
        for (cards, suit, count, value) in table {
            let point = best_point(hand(cards), &PORTLAND).unwrap();
            assert_eq!(
                (point.suit, point.cards, point.value),
                (suit, count, value),
                "{cards}"
            );
        }
    }

    #[test]
    fn law_63_sequences() {
        let found = sequences(hand("AS KS QS JS 9S KH JH JC AD QD JD 10D"), &PORTLAND);
        assert_eq!(
            found,
            [
                Sequence {
                    suit: Suit::Spades,
                    length: 4,
                    top: Rank::Ace
                },
                Sequence {
                    suit: Suit::Diamonds,
                    length: 3,
                    top: Rank::Queen
                },
            ]
        );
        let minor = sequences(hand("10C 9C 8C 7C"), &PORTLAND);
        assert_eq!(
            minor,
            [Sequence {
                suit: Suit::Clubs,
                length: 4,
                top: Rank::Ten
            }]
        );
        let a = Sequence {
            suit: Suit::Spades,
            length: 4,
            top: Rank::Ace,
        };
        let b = Sequence {
            suit: Suit::Hearts,
            length: 5,
            top: Rank::Knave,
        };
        assert_eq!(
            compare_sequences(&a, &b),
            Ordering::Less,
            "the longest is good"
        );
    }

    #[test]
    fn law_64_quatorzes_and_trios() {
        let found = sets(hand("JS JH JC JD AS AH AD 9S 9H 9D 9C 7C"), &PORTLAND);
        assert_eq!(
            found,
            [
                Set {
                    rank: Rank::Ace,
                    count: 3
                },
                Set {
                    rank: Rank::Knave,
                    count: 4
                }
            ],
            "nines do not count"
        );
        let best = best_set(hand("JS JH JC JD AS AH AD"), &PORTLAND).unwrap();
        assert_eq!(
            best,
            Set {
                rank: Rank::Knave,
                count: 4
            },
            "any quatorze beats a trio"
        );
    }

    #[test]
    fn runs_held() {
        let h = hand("AS KS QS JS 9S");
        assert!(holds_run(h, Suit::Spades, Rank::Ace, 4));
        assert!(holds_run(h, Suit::Spades, Rank::King, 3));
        assert!(!holds_run(h, Suit::Spades, Rank::Queen, 3));
        assert!(!holds_run(h, Suit::Spades, Rank::Seven, 3));
    }
}
