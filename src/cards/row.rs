//! Cards in the order they were written: a hand line, a lead, a trick.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use serde::{Serialize, Serializer};

use super::{Card, Rank, Suit};

/// How many cards a [`CardRow`] holds without allocating: a hand of twelve
/// (thirteen, or a few more, when a hand was misdealt) and every trick.
pub const INLINE: usize = 15;

/// A filler for the unused places of the inline array; never read.
const FILLER: Card = Card::new(Rank::Seven, Suit::Spades);

/// Cards in order, a card written twice kept twice: what a line names.
///
/// Up to [`INLINE`] cards are held in place, so reading a hand, a lead or a
/// trick does not allocate; a longer list (only a wrong transcript has one)
/// moves to the heap. It derefs to `[Card]`, so it is iterated, indexed and
/// measured as a slice, and serializes as a list.
#[derive(Clone)]
pub struct CardRow(Repr);

#[derive(Clone)]
enum Repr {
    /// The first `len` cards of the array.
    Inline { len: u8, cards: [Card; INLINE] },
    /// More than [`INLINE`] cards.
    Heap(Vec<Card>),
}

impl CardRow {
    /// No cards.
    pub const fn new() -> CardRow {
        CardRow(Repr::Inline {
            len: 0,
            cards: [FILLER; INLINE],
        })
    }

    /// Adds a card at the end.
    #[inline]
    pub fn push(&mut self, card: Card) {
        match &mut self.0 {
            Repr::Inline { len, cards } => match cards.get_mut(usize::from(*len)) {
                Some(slot) => {
                    *slot = card;
                    *len += 1;
                }
                None => self.spill(card),
            },
            Repr::Heap(cards) => cards.push(card),
        }
    }

    /// Adds two cards at the end, as two calls of [`CardRow::push`] would.
    #[inline]
    pub fn push_two(&mut self, first: Card, second: Card) {
        if let Repr::Inline { len, cards } = &mut self.0 {
            if let Some([a, b, ..]) = cards.get_mut(usize::from(*len)..) {
                *a = first;
                *b = second;
                *len += 2;
                return;
            }
        }
        self.push(first);
        self.push(second);
    }

    /// The inline array is full: moves the cards to the heap, then adds `card`.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, card: Card) {
        let mut cards = Vec::with_capacity(2 * INLINE);
        cards.extend_from_slice(self);
        cards.push(card);
        self.0 = Repr::Heap(cards);
    }

    /// The cards, as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        match &self.0 {
            Repr::Inline { len, cards } => cards.get(..usize::from(*len)).unwrap_or_default(),
            Repr::Heap(cards) => cards,
        }
    }
}

impl Default for CardRow {
    fn default() -> Self {
        CardRow::new()
    }
}

impl Deref for CardRow {
    type Target = [Card];

    #[inline]
    fn deref(&self) -> &[Card] {
        self.as_slice()
    }
}

impl AsRef<[Card]> for CardRow {
    fn as_ref(&self) -> &[Card] {
        self
    }
}

impl<'a> IntoIterator for &'a CardRow {
    type Item = &'a Card;
    type IntoIter = std::slice::Iter<'a, Card>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl Extend<Card> for CardRow {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.push(card);
        }
    }
}

impl FromIterator<Card> for CardRow {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut row = CardRow::new();
        row.extend(iter);
        row
    }
}

impl From<&[Card]> for CardRow {
    fn from(cards: &[Card]) -> Self {
        cards.iter().copied().collect()
    }
}

impl<const N: usize> From<[Card; N]> for CardRow {
    fn from(cards: [Card; N]) -> Self {
        cards.into_iter().collect()
    }
}

impl From<Vec<Card>> for CardRow {
    fn from(cards: Vec<Card>) -> Self {
        match cards.len() {
            0..=INLINE => cards.as_slice().into(),
            _ => CardRow(Repr::Heap(cards)),
        }
    }
}

impl PartialEq for CardRow {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for CardRow {}

impl PartialEq<[Card]> for CardRow {
    fn eq(&self, other: &[Card]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<Vec<Card>> for CardRow {
    fn eq(&self, other: &Vec<Card>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Hash for CardRow {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// As a list, the same as `Vec<Card>`'s.
impl fmt::Debug for CardRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// As a list of cards, the same as `Vec<Card>`'s.
impl Serialize for CardRow {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(n: usize) -> Vec<Card> {
        (0..n)
            .map(|i| Card::old_pack().nth(i % 36).unwrap_or(FILLER))
            .collect()
    }

    #[test]
    fn holds_what_a_vec_holds() {
        for n in [0, 1, 2, 12, INLINE - 1, INLINE, INLINE + 1, 40, 100] {
            let vec = cards(n);
            let pushed: CardRow = vec.iter().copied().collect();
            let from_vec = CardRow::from(vec.clone());
            assert_eq!(pushed.as_slice(), vec.as_slice(), "{n}");
            assert_eq!(pushed, from_vec, "{n}");
            assert_eq!(format!("{pushed:?}"), format!("{vec:?}"));
            assert_eq!(
                serde_json::to_string(&pushed).ok(),
                serde_json::to_string(&vec).ok()
            );
            assert_eq!(pushed.len(), n);
            assert_eq!(pushed.iter().count(), n);
        }
    }

    #[test]
    fn is_no_bigger_than_four_words() {
        assert!(std::mem::size_of::<CardRow>() <= 32);
    }
}
