//! A set of cards, as a bit set: a hand, a stock, a discard.

use std::fmt;
use std::str::FromStr;

use super::{Card, ParseCardError, Rank, Suit};

/// A set of distinct cards of the 36-card pack, one bit a card.
///
/// Small and `Copy`: the engine keeps one for each place cards can lie and
/// checks at every event that together they hold the pack once.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

/// One bit in each suit's nine: a rank's bit, shifted by the rank, in every suit.
const RANK_IN_EVERY_SUIT: u64 = 1 | 1 << 9 | 1 << 18 | 1 << 27;

/// The cards of a set in [`CardSet::iter`]'s order, taken off its bits
/// one by one: the lowest suit first, and in it the highest rank.
#[derive(Clone, Copy, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let suit = self.0.trailing_zeros() / 9;
        let ranks = (self.0 >> (suit * 9)) & 0x1ff;
        let rank = 63 - ranks.leading_zeros();
        self.0 &= !(1 << (suit * 9 + rank));
        Some(Card::new(
            Rank::ALL[rank as usize],
            Suit::ALL[suit as usize],
        ))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Iter {}

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);

    fn bit(card: Card) -> u64 {
        1 << (card.suit as u32 * 9 + card.rank as u32)
    }

    /// The cards of an iterator; a card given twice is held once.
    pub fn of(cards: impl IntoIterator<Item = Card>) -> CardSet {
        cards.into_iter().fold(CardSet::EMPTY, |set, c| set.with(c))
    }

    /// The set with `card` added.
    #[must_use]
    pub fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | Self::bit(card))
    }

    /// Adds a card; true if it was not already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= Self::bit(card);
        !had
    }

    /// Removes a card; true if it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !Self::bit(card);
        had
    }

    /// Whether the card is in the set.
    pub fn contains(self, card: Card) -> bool {
        self.0 & Self::bit(card) != 0
    }

    /// How many cards.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// No cards at all.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in both.
    #[must_use]
    pub fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards in either.
    #[must_use]
    pub fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of `self` that are not in `other`.
    #[must_use]
    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of one suit.
    pub fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (0x1ff << (suit as u32 * 9)))
    }

    /// The ranks held in one suit, as bits: bit `r` for the rank `Rank::ALL[r]`.
    pub fn ranks_in(self, suit: Suit) -> u16 {
        ((self.0 >> (suit as u32 * 9)) & 0x1ff) as u16
    }

    /// How many cards of this rank.
    pub fn count_rank(self, rank: Rank) -> usize {
        (self.0 & (RANK_IN_EVERY_SUIT << rank as u32)).count_ones() as usize
    }

    /// The cards, suit by suit (spades, hearts, diamonds, clubs), highest first within a suit.
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// The highest card of a suit, if any.
    pub fn highest(self, suit: Suit) -> Option<Card> {
        self.suit(suit).iter().next()
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;

    /// Cards separated by spaces, as a transcript writes them: `AS KS 10H`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.split_whitespace().map(str::parse::<Card>).collect()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        CardSet::of(iter)
    }
}

impl fmt::Display for CardSet {
    /// The cards as a transcript writes them: `AS KS 10H 7C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

/// Sets of every size, `count` of them, from a fixed scramble of the
/// 36-card pack (`seed` chooses which): from none to nearly all of the
/// pack, round by round. For tests that compare a way of reading a set
/// with a plainer one.
#[cfg(test)]
pub(crate) fn scrambled(seed: u64, count: u64) -> impl Iterator<Item = CardSet> {
    let pack: Vec<Card> = Card::old_pack().collect();
    let mut state = seed;
    (0..count).map(move |round| {
        let mut set = CardSet::EMPTY;
        for card in &pack {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if state >> 61 < round % 9 {
                set.insert(*card);
            }
        }
        set
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect()
    }

    #[test]
    fn every_card_has_its_own_bit() {
        let pack = CardSet::of(Card::old_pack());
        assert_eq!(pack.len(), 36);
        assert_eq!(CardSet::of(Card::piquet_pack()).len(), 32);
        for card in Card::old_pack() {
            assert!(pack.contains(card));
            assert_eq!(CardSet::EMPTY.with(card).iter().collect::<Vec<_>>(), [card]);
        }
    }

    /// The cards of a set, suit by suit and highest first, found by asking
    /// the set for each card of the pack in turn: the reference for
    /// [`CardSet::iter`] and [`CardSet::count_rank`], which read the bits.
    fn reference_iter(set: CardSet) -> Vec<Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|suit| {
                Rank::ALL
                    .into_iter()
                    .rev()
                    .map(move |rank| Card::new(rank, suit))
            })
            .filter(|c| set.contains(*c))
            .collect()
    }

    #[test]
    fn iter_and_count_rank_agree_with_asking_card_by_card() {
        for set in scrambled(2026, 2000) {
            assert_eq!(set.iter().collect::<Vec<_>>(), reference_iter(set));
            assert_eq!(set.iter().len(), set.len());
            for rank in Rank::ALL {
                let count = Suit::ALL
                    .into_iter()
                    .filter(|s| set.contains(Card::new(rank, *s)))
                    .count();
                assert_eq!(set.count_rank(rank), count);
            }
        }
        let pack = CardSet::of(Card::old_pack());
        assert_eq!(pack.iter().collect::<Vec<_>>(), reference_iter(pack));
    }

    #[test]
    fn set_operations() {
        let table = [
            ("AS KS QH", "KS", "AS QH", 1),
            ("AS KS QH", "7C", "AS KS QH", 0),
            ("10D 9D 8D", "10D 9D 8D", "", 3),
        ];
        for (a, b, minus, common) in table {
            let a = CardSet::of(cards(a));
            let b = CardSet::of(cards(b));
            assert_eq!(a.minus(b), CardSet::of(cards(minus)));
            assert_eq!(a.and(b).len(), common);
            assert_eq!(a.or(b).len(), a.len() + b.len() - common);
        }
    }

    #[test]
    fn parses_a_list() {
        assert_eq!("AS 10h  K♦".parse::<CardSet>().map(|s| s.len()), Ok(3));
        assert!("AS 1H".parse::<CardSet>().is_err());
    }

    #[test]
    fn order_and_display() {
        let set = CardSet::of(cards("7C 10H AS KS QD 6S"));
        assert_eq!(set.to_string(), "AS KS 6S 10H QD 7C");
        assert_eq!(set.suit(Suit::Spades).len(), 3);
        assert_eq!(set.highest(Suit::Spades), Some("AS".parse().unwrap()));
        assert_eq!(set.highest(Suit::Hearts), Some("10H".parse().unwrap()));
        assert_eq!(set.count_rank(Rank::King), 1);
    }
}
