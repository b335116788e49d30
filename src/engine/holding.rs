//! What a hand holds for declaring: carte blanche, its point, its sequences,
//! its quatorzes and trios, and how two holdings compare (laws 18, 62-64).

use std::cmp::Ordering;

use crate::cards::{CardSet, Rank, Suit};

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

/// What the cards of one suit make for the point (ace eleven, court cards
/// ten, the others their pips), by the ranks held: bit `r` for `Rank::ALL[r]`.
const POINT_VALUES: [u8; 512] = point_values();

const fn point_values() -> [u8; 512] {
    let mut values = [0; 512];
    let mut ranks = 0;
    while ranks < 512 {
        let mut r = 0;
        while r < Rank::ALL.len() {
            if ranks & (1 << r) != 0 {
                values[ranks] += Rank::ALL[r].pips() as u8;
            }
            r += 1;
        }
        ranks += 1;
    }
    values
}

/// The point in `suit`, if any cards of it are held.
pub fn point_in(hand: CardSet, suit: Suit) -> Option<Point> {
    let ranks = hand.ranks_in(suit);
    (ranks != 0).then(|| Point {
        suit,
        cards: ranks.count_ones() as u8,
        value: u32::from(POINT_VALUES[usize::from(ranks)]),
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

/// Holdings found in a hand, at most `N`, kept without allocating.
#[derive(Clone, Copy, Debug)]
pub struct Found<T, const N: usize> {
    items: [T; N],
    len: usize,
}

/// The sequences of a hand: at most eight (two a suit).
pub type Runs = Found<Sequence, 8>;

/// The quatorzes and trios of a hand: at most one a rank.
pub type Sets = Found<Set, 9>;

impl<T: Copy, const N: usize> Found<T, N> {
    /// None found; `filler` stands in the places not yet filled.
    fn new(filler: T) -> Self {
        Found {
            items: [filler; N],
            len: 0,
        }
    }

    /// One more found, if there is room.
    fn push(&mut self, item: T) {
        if self.len < N {
            self.items[self.len] = item;
            self.len += 1;
        }
    }
}

impl<T, const N: usize> std::ops::Deref for Found<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T, const N: usize> IntoIterator for Found<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

impl<T: PartialEq, const N: usize> PartialEq for Found<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq, const N: usize> Eq for Found<T, N> {}

impl<T: PartialEq, const N: usize, const M: usize> PartialEq<[T; M]> for Found<T, N> {
    fn eq(&self, other: &[T; M]) -> bool {
        **self == other[..]
    }
}

/// Every maximal sequence of a tierce or more, suit by suit, highest first.
pub fn sequences(hand: CardSet, rules: &RuleSet) -> Runs {
    let mut found = Runs::new(Sequence {
        suit: Suit::Spades,
        length: 0,
        top: Rank::Ace,
    });
    for suit in Suit::ALL {
        for run in runs_in(hand, suit, rules) {
            found.push(run);
        }
    }
    found
}

/// The maximal sequences of a tierce or more in one suit, highest first:
/// those of [`sequences`] in that suit, in its order, found without the
/// other suits.
pub fn runs_in(hand: CardSet, suit: Suit, rules: &RuleSet) -> RunsIn {
    let lowest = rules.lowest as u32;
    RunsIn {
        // The ranks held, from the lowest of the pack up: bit `r` for `Rank::ALL[r]`.
        ranks: u32::from(hand.ranks_in(suit)) >> lowest << lowest,
        suit,
        shortest: rules.shortest_sequence,
    }
}

/// The runs of one suit, each from its top down, the highest run first
/// (see [`runs_in`]).
#[derive(Clone, Copy, Debug)]
pub struct RunsIn {
    /// The ranks not yet read.
    ranks: u32,
    suit: Suit,
    shortest: u8,
}

impl Iterator for RunsIn {
    type Item = Sequence;

    fn next(&mut self) -> Option<Sequence> {
        while self.ranks != 0 {
            let top = 31 - self.ranks.leading_zeros();
            let gaps = !self.ranks & ((1 << top) - 1);
            // The run ends above the highest rank not held below its top.
            let bottom = if gaps == 0 {
                0
            } else {
                32 - gaps.leading_zeros()
            };
            self.ranks &= (1 << bottom) - 1;
            let length = (top + 1 - bottom) as u8;
            if length >= self.shortest {
                return Some(Sequence {
                    suit: self.suit,
                    length,
                    top: Rank::ALL[top as usize],
                });
            }
        }
        None
    }
}

/// The run of `suit` through `rank`, held card by card above and below it
/// (from the lowest rank of the pack up), however short: the maximal
/// sequence of [`sequences`] that holds `rank`, where it is long enough to
/// be one. `None` where `rank` is not held.
pub fn run_through(hand: CardSet, suit: Suit, rank: Rank, rules: &RuleSet) -> Option<Sequence> {
    let lowest = rules.lowest as u32;
    let ranks = u32::from(hand.ranks_in(suit)) >> lowest << lowest;
    let r = rank as u32;
    if ranks & (1 << r) == 0 {
        return None;
    }
    // The ranks held from `rank` up, and from it down, each counting it.
    let up = (!(ranks >> r)).trailing_zeros();
    let down = (!(ranks << (31 - r))).leading_zeros();
    Some(Sequence {
        suit,
        length: (up + down - 1) as u8,
        top: Rank::ALL[(r + up - 1) as usize],
    })
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
pub fn sets(hand: CardSet, rules: &RuleSet) -> Sets {
    let mut found = Sets::new(Set {
        rank: Rank::Ace,
        count: 0,
    });
    // Each suit's ranks, bit `r` for `Rank::ALL[r]`: a rank held in three
    // suits or more is in three of them together, in four in all of them.
    let [a, b, c, d] = Suit::ALL.map(|suit| u32::from(hand.ranks_in(suit)));
    let three = (a & b & (c | d)) | (c & d & (a | b));
    let four = a & b & c & d;
    for rank in Rank::ALL.into_iter().rev() {
        let bit = 1 << rank as u32;
        if rank >= rules.lowest_set && three & bit != 0 {
            let count = if four & bit != 0 { 4 } else { 3 };
            found.push(Set { rank, count });
        }
    }
    found
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
    let (top, length) = (top as u32, u32::from(length));
    // A run longer than the ranks up to its top goes below the lowest.
    if length > top + 1 {
        return false;
    }
    let run = ((1 << length) - 1) << (top + 1 - length);
    u32::from(hand.ranks_in(suit)) & run == run
}

#[cfg(test)]
mod tests {
    use super::super::ruleset::PORTLAND;
    use super::*;
    use crate::cards::Card;

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

    /// The hand's holdings found card by card, as the laws describe them:
    /// the references for the bit reading of `point_in`, `sequences`,
    /// `sets` and `holds_run`.
    mod reference {
        use super::*;

        pub fn point_in(hand: CardSet, suit: Suit) -> Option<Point> {
            let cards = hand.suit(suit);
            (!cards.is_empty()).then(|| Point {
                suit,
                cards: cards.len() as u8,
                value: cards.iter().map(|c| c.rank.pips()).sum(),
            })
        }

        pub fn sequences(hand: CardSet, rules: &RuleSet) -> Vec<Sequence> {
            let mut found = Vec::new();
            for suit in Suit::ALL {
                let mut run: Vec<Rank> = Vec::new();
                // From the ace down, and one step past the lowest to close the last run.
                let ranks = Rank::ALL.into_iter().filter(|r| *r >= rules.lowest).rev();
                for rank in ranks.map(Some).chain([None]) {
                    if let Some(rank) = rank.filter(|r| hand.contains(Card::new(*r, suit))) {
                        run.push(rank);
                        continue;
                    }
                    if run.len() >= usize::from(rules.shortest_sequence) && found.len() < 8 {
                        found.push(Sequence {
                            suit,
                            length: run.len() as u8,
                            top: run[0],
                        });
                    }
                    run.clear();
                }
            }
            found
        }

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

        pub fn holds_run(hand: CardSet, suit: Suit, top: Rank, length: u8) -> bool {
            (0..length).all(|step| {
                rank_below(top, step).is_some_and(|r| hand.contains(Card::new(r, suit)))
            })
        }
    }

    #[test]
    fn holdings_read_from_the_bits_are_those_found_card_by_card() {
        use crate::engine::ruleset::{CLASSIC, OLD};
        for hand in crate::cards::scrambled(63, 3000) {
            for rules in [&PORTLAND, &CLASSIC, &OLD] {
                assert_eq!(*sequences(hand, rules), reference::sequences(hand, rules));
                for shortest in [1, 2, 4, 5] {
                    let rules = &RuleSet {
                        shortest_sequence: shortest,
                        ..*rules
                    };
                    assert_eq!(*sequences(hand, rules), reference::sequences(hand, rules));
                }
                assert_eq!(*sets(hand, rules), reference::sets(hand, rules));
            }
            for suit in Suit::ALL {
                assert_eq!(point_in(hand, suit), reference::point_in(hand, suit));
                for top in Rank::ALL {
                    for length in 0..=10 {
                        assert_eq!(
                            holds_run(hand, suit, top, length),
                            reference::holds_run(hand, suit, top, length),
                            "{hand} {suit:?} {top:?} {length}"
                        );
                    }
                }
            }
        }
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
