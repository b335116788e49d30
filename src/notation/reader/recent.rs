//! The short lines read lately, kept with what they say.
//!
//! A transcript says the same short things deal after deal (`B replies
//! good`, `A takes 1`, `A calls point 4`, `dealer A`). What the fast path
//! makes of a line depends on its text and the two player ids alone, so a
//! line read again is looked up here and its [`Line`] cloned, instead of
//! being read again. The ids only change at a `Players` tag: the reader
//! forgets every line then (see [`Recent::forget`]).

use super::fast;
use super::known::Known;
use super::line::Line;
use super::room::Room;
use super::valid::Said;
use crate::notation::event::{Act, Cards, Event};
use crate::notation::transcript::Deal;

/// How many lines are kept: one in each place, the place chosen by the text.
const PLACES: usize = 1024;

/// The longest line kept, in bytes: a player's short line, not a hand.
pub const LONGEST: usize = 32;

/// A line kept: its text and what the fast path read in it.
struct Kept {
    len: usize,
    text: [u8; LONGEST],
    line: Line,
}

/// The lines read lately, by the place their text hashes to.
#[derive(Default)]
pub struct Recent {
    /// Empty until the first line is kept, then [`PLACES`] places.
    places: Vec<Option<Kept>>,
    /// The declarations read lately, for the lines read afresh.
    known: Known,
    /// The lists of the last deal's events, for the lines read afresh.
    pub room: Room,
}

impl Recent {
    /// [`fast::line`], looked up when the same text was read lately.
    pub fn line(&mut self, text: &str, players: &[String; 2]) -> Option<Line> {
        let bytes = text.as_bytes();
        if bytes.len() > LONGEST {
            return fast::line_knowing(text, players, Some(&mut self.known), &mut self.room);
        }
        let place = place(bytes);
        if let Some(Some(kept)) = self.places.get(place) {
            if same_text(&kept.text, kept.len, bytes) {
                return Some(kept.line.clone());
            }
        }
        let line = fast::line_knowing(text, players, Some(&mut self.known), &mut self.room)?;
        if worth_keeping(&line) {
            self.keep(place, bytes, &line);
        }
        Some(line)
    }

    fn keep(&mut self, place: usize, bytes: &[u8], line: &Line) {
        if self.places.is_empty() {
            self.places.resize_with(PLACES, || None);
        }
        let mut text = [0; LONGEST];
        text[..bytes.len()].copy_from_slice(bytes);
        self.places[place] = Some(Kept {
            len: bytes.len(),
            text,
            line: line.clone(),
        });
    }

    /// The player ids have changed: no line kept is read the same way now.
    pub fn forget(&mut self) {
        self.places.clear();
    }
}

/// What a reader learned of the lines it read, handed on to the reader
/// of another part of the same transcript on the same core (see
/// [`read_stream_from_lent`](super::read_stream_from_lent)), or of the
/// next file of a folder (see [`read_stream_lent_with`](super::read_stream_lent_with)),
/// which so starts with the lines and declarations read lately already
/// kept and the room of a deal already made, as one reading of it all
/// would have them there. Empty until a reading has left it.
#[derive(Default)]
pub struct Lately {
    /// The players the lines kept were read with: what a line says
    /// depends on their ids, so the lines are forgotten for others.
    pub(super) players: Option<[String; 2]>,
    /// The short lines read lately, and the room of a deal's events.
    pub(super) recent: Recent,
    /// The declarations a reading for problems only passed over lately.
    pub(super) said: Said,
    /// The last deal, its lists to be used again.
    pub(super) spare: Option<Box<Deal>>,
    /// The most events a deal has had.
    pub(super) events_hint: usize,
}

/// A player's act or `dealer`: lines written again and again, and cheap
/// to clone. (Hands, stocks, tricks, `deal` lines and cards discarded or
/// taken in, more than one, are seldom the same twice: kept, they would
/// only take the place of a line that comes again.)
fn worth_keeping(line: &Line) -> bool {
    match line {
        Line::Event(Event::Act {
            act: Act::Discards(Cards::List(cards)) | Act::Takes(Cards::List(cards)),
            ..
        }) => cards.len() < 2,
        Line::Event(Event::Act { .. }) | Line::Dealer(_) => true,
        _ => false,
    }
}

/// The place of a text of at most [`LONGEST`] bytes: its first and last
/// eight bytes and its length, mixed.
fn place(bytes: &[u8]) -> usize {
    let n = bytes.len();
    let (first, last) = match n {
        8.. => (word(&bytes[..8]), word(&bytes[n - 8..])),
        _ => (word(bytes), 0),
    };
    let mixed = (first ^ last.rotate_left(29) ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> (64 - PLACES.trailing_zeros())) as usize
}

/// Is `bytes` (at most [`LONGEST`]) the text kept, `len` bytes of `kept`
/// with zeros after them? Compared eight bytes at a time, at four places
/// that together cover the text (`kept.get(..len) == Some(bytes)`, the
/// tests' reference, without a call to `bcmp`).
#[inline]
fn same_text(kept: &[u8; LONGEST], len: usize, bytes: &[u8]) -> bool {
    let n = bytes.len();
    if n != len {
        return false;
    }
    if n < 8 {
        // Zeros after the text on both sides.
        return word(bytes) == word(&kept[..8]);
    }
    // Bytes 0..8, 8..16, 16..24 and the last eight, each place moved back
    // to end at the text's end when it would pass it.
    [0, 8, 16, n - 8].into_iter().all(|at| {
        let at = at.min(n - 8);
        eight(&bytes[at..]) == eight(&kept[at..])
    })
}

/// The first eight bytes of `bytes` (at least eight) as a number.
#[inline]
fn eight(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(*bytes.first_chunk::<8>().expect("eight bytes"))
}

/// Up to eight bytes as a number.
fn word(bytes: &[u8]) -> u64 {
    let mut padded = [0; 8];
    let n = bytes.len().min(8);
    padded[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(padded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> [String; 2] {
        ["A".to_string(), "B".to_string()]
    }

    /// Read twice, a line says the same as the fast path says, kept or not.
    #[test]
    fn a_line_read_again_says_the_same() {
        let lines = [
            "B replies good",
            "A takes 1",
            "deal 3",
            "dealer B",
            "A calls point 4",
            "B reckons three aces",
            "A leads AS",
            "hand A: AS KS JS 9S 7S AH 10H 9H AD AC JC 9C",
            "written A 40, B 3",
            "A wibbles",
            "",
            "A takes 1\u{0}",
            "a TAKES 1",
        ];
        let p = players();
        let mut recent = Recent::default();
        for _ in 0..3 {
            for text in lines {
                assert_eq!(recent.line(text, &p), fast::line(text, &p), "{text:?}");
            }
        }
    }

    /// Lines that share a place are told apart by their text.
    #[test]
    fn lines_in_the_same_place_are_told_apart() {
        let p = players();
        let texts: Vec<String> = (0..2000)
            .flat_map(|n| [format!("A takes {n}"), format!("B leaves {}", n % 256)])
            .collect();
        let mut recent = Recent::default();
        for text in texts.iter().chain(&texts) {
            assert_eq!(recent.line(text, &p), fast::line(text, &p), "{text:?}");
        }
    }

    /// Once the ids change, the lines kept are forgotten.
    #[test]
    fn other_players_other_lines() {
        let mut recent = Recent::default();
        assert!(recent.line("A leads AS", &players()).is_some());
        recent.forget();
        let ann_bob = ["Ann".to_string(), "Bob".to_string()];
        assert_eq!(recent.line("A leads AS", &ann_bob), None);
    }

    /// A text is the one kept just when its bytes are.
    #[test]
    fn texts_compare_as_their_bytes() {
        let texts = [
            "",
            "a",
            "A leads",
            "A leads ",
            "A leads AS",
            "A leads AH",
            "B leads AS",
            "A calls point 4",
            "A calls point 5",
            "A answers making 40",
            "A answers making 41",
            "B replies not good",
            "b replies not good",
            "A discards 7S 8S 9S 10S",
            "A discards 7S 8S 9S 10H",
            "A discards 7S 8S 9H 10S",
            "0123456789abcdefghijklmnopqrstuv",
            "0123456789abcdefghijklmnopqrstuV",
            "0123456789abcdefXhijklmnopqrstuv",
            "0123456789abcdefghijklmnopq",
            "0123456789abcdefghijklmnopQ",
            "0123456789abcdefgh",
            "0123456789abcdefgH",
            "012345678Xabcdefgh",
        ];
        for kept in texts {
            let mut text = [0; LONGEST];
            text[..kept.len()].copy_from_slice(kept.as_bytes());
            for other in texts {
                let expected = text.get(..kept.len()) == Some(other.as_bytes());
                assert_eq!(
                    same_text(&text, kept.len(), other.as_bytes()),
                    expected,
                    "{kept:?} {other:?}"
                );
            }
        }
    }

    #[test]
    fn places_are_in_range() {
        for text in [
            "",
            "a",
            "deal 1",
            "A replies not good",
            &"x".repeat(LONGEST),
        ] {
            assert!(place(text.as_bytes()) < PLACES, "{text:?}");
        }
    }
}
