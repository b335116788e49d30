//! The lists of the last deal's events, kept for the next deal's.
//!
//! A deal's `play` lines, its `written` line and its reckonings each own a
//! list (the tricks, the scores, the declarations). A deal lent to the
//! caller comes back to the reader (`Reader::spare`), and the lists of its
//! events are taken out here, emptied, instead of freed; the fast path
//! fills them again for the next deal, which so allocates none for them.
//! What a list holds is all a reader of the events sees: the room it has
//! is no part of the reading.

use crate::notation::declaration::Declaration;
use crate::notation::event::{Act, Event, PlayerId, Trick};
use crate::notation::transcript::Entry;

/// The most lists of a kind kept: a deal's worth, so a deal of a thousand
/// `play` lines does not hold their room for ever.
const KEPT: usize = 16;

/// Empty lists, each with room for the items of one line.
#[derive(Debug, Default)]
pub struct Room {
    tricks: Vec<Vec<Trick>>,
    scores: Vec<Vec<(PlayerId, u32)>>,
    declarations: Vec<Vec<Declaration>>,
}

impl Room {
    /// An empty list for a `play` line's tricks.
    #[inline]
    pub fn tricks(&mut self) -> Vec<Trick> {
        self.tricks.pop().unwrap_or_else(|| Vec::with_capacity(6))
    }

    /// An empty list for a `written` or `score` line's scores.
    #[inline]
    pub fn scores(&mut self) -> Vec<(PlayerId, u32)> {
        self.scores.pop().unwrap_or_else(|| Vec::with_capacity(2))
    }

    /// An empty list for a reckoning's or claim's declarations.
    #[inline]
    pub fn declarations(&mut self) -> Vec<Declaration> {
        self.declarations
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(4))
    }

    /// Empties `events`, keeping the lists their events own.
    pub fn take_back(&mut self, events: &mut Vec<Entry>) {
        for entry in events.drain(..) {
            match entry.event {
                Event::Play { tricks } => keep(&mut self.tricks, tricks),
                Event::Written { scores } => keep(&mut self.scores, scores),
                Event::Act {
                    act: Act::Reckons { items, .. },
                    ..
                } => keep(&mut self.declarations, items),
                _ => {}
            }
        }
    }
}

/// Keeps `list`, emptied, among `kept` if it has room and there are not
/// already [`KEPT`] of them.
fn keep<T>(kept: &mut Vec<Vec<T>>, mut list: Vec<T>) {
    if list.capacity() > 0 && kept.len() < KEPT {
        list.clear();
        kept.push(list);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardRow;
    use crate::notation::span::Span;

    fn entry(event: Event) -> Entry {
        Entry {
            event,
            span: Span::default(),
            comment: None,
        }
    }

    /// The lists of a deal's events come back empty, with their room, and
    /// no more than [`KEPT`] of a kind; lists of no room are not kept.
    #[test]
    fn lists_come_back_empty() {
        let trick = Trick {
            number: 1,
            cards: CardRow::new(),
        };
        let mut events = vec![
            entry(Event::Play {
                tricks: vec![trick.clone(), trick],
            }),
            entry(Event::Written {
                scores: vec![(PlayerId(0), 3)],
            }),
            entry(Event::Act {
                player: PlayerId(1),
                act: Act::Reckons {
                    items: Vec::new(),
                    total: None,
                },
            }),
            entry(Event::Act {
                player: PlayerId(1),
                act: Act::Leaves(2),
            }),
        ];
        for _ in 0..KEPT + 3 {
            events.push(entry(Event::Written {
                scores: Vec::with_capacity(2),
            }));
        }
        let mut room = Room::default();
        room.take_back(&mut events);
        assert!(events.is_empty());
        assert_eq!(room.tricks.len(), 1);
        assert_eq!(room.scores.len(), KEPT);
        assert!(room.declarations.is_empty());
        let tricks = room.tricks();
        assert!(tricks.is_empty() && tricks.capacity() >= 2);
        assert!(room.tricks().is_empty());
        assert!(room.scores().is_empty());
        assert!(room.declarations().capacity() >= 4);
    }
}
