//! The declarations read lately, kept with what they say.
//!
//! A `reckons` or `calls` line is seldom the same twice (`A reckons point 4
//! making 40 in spades, four aces`), but the declarations it is made of are
//! (`three aces`, `tierce major in hearts`): a few hundred of them make up
//! a whole transcript. So the fast path looks a declaration's text up here
//! before reading it word by word (see `fast::declaration_known`).
//!
//! What a declaration says depends on its text alone (not on the player
//! ids), so nothing is ever forgotten; a text only takes the place of
//! another with the same hash.

use super::input;
use crate::notation::declaration::Declaration;

/// How many words of eight bytes a declaration kept may fill.
const WORDS: usize = 5;

/// The longest declaration kept, in bytes (`quint to the knave in diamonds` is 30).
pub const LONGEST: usize = 8 * WORDS;

/// How many declarations are kept: one in each place, the place chosen by the text.
const PLACES: usize = 1024;

/// The text of a declaration on a line: from where it starts up to the
/// first `,` or `=` or the end of the line, as words of eight bytes with
/// zeros past its end, so texts are compared a word at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    words: [u64; WORDS],
    len: usize,
}

impl Text {
    /// The text at the start of `rest`, a line's content: up to the first
    /// `,` or `=`, or the end; `None` when that is longer than [`LONGEST`].
    #[inline]
    pub fn at(rest: &[u8]) -> Option<Text> {
        Text::up_to(rest, [b',', b'='])
    }

    /// [`Text::at`] where `rest` runs on past the line: the text ends at a
    /// `\n` too.
    #[inline]
    pub fn in_line(rest: &[u8]) -> Option<Text> {
        Text::up_to(rest, [b',', b'=', b'\n'])
    }

    /// The text at the start of `rest` up to the first of the `ends`, or
    /// the end of `rest`.
    #[inline]
    fn up_to<const N: usize>(rest: &[u8], ends: [u8; N]) -> Option<Text> {
        let mut words = [0; WORDS];
        for (i, slot) in words.iter_mut().enumerate() {
            let from = rest.get(8 * i..).unwrap_or_default();
            let word = match from.first_chunk::<8>() {
                Some(eight) => u64::from_le_bytes(*eight),
                None => {
                    let mut padded = [0; 8];
                    padded[..from.len()].copy_from_slice(from);
                    u64::from_le_bytes(padded)
                }
            };
            let ends = match input::flagged(word, ends) {
                0 => from.len().min(8),
                found => found.trailing_zeros() as usize / 8,
            };
            if ends < 8 {
                *slot = match ends {
                    0 => 0,
                    n => word & (u64::MAX >> (64 - 8 * n)),
                };
                return Some(Text {
                    words,
                    len: 8 * i + ends,
                });
            }
            *slot = word;
        }
        // Forty bytes and more, or just forty with nothing after them.
        (rest.len() == LONGEST).then_some(Text {
            words,
            len: LONGEST,
        })
    }

    /// The text, if it may be looked up as the text at the start of
    /// `rest`: not one that ends in a blank (`three aces , four kings`,
    /// seldom), nor one followed at once by `=`, which a suit's name would
    /// read into its token. (What a declaration is read as does not depend
    /// on what follows it when that is a `,` or the end of the line.)
    #[inline]
    pub fn to_look_up(self, rest: &[u8]) -> Option<Text> {
        let len = self.len;
        let spaced = len > 0 && matches!(rest[len - 1], b' ' | b'\t');
        (!spaced && rest.get(len) != Some(&b'=')).then_some(self)
    }

    /// How many bytes long it is.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The place of the text: its words mixed. (Unlike a line's, a
    /// declaration's text differs in its middle: `point 4 making 40 in
    /// spades`, `point 4 making 41 in spades`.)
    fn place(&self) -> usize {
        let mixed = self.words.iter().fold(self.len as u64, |mixed, word| {
            (mixed.rotate_left(5) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        (mixed >> (64 - PLACES.trailing_zeros())) as usize
    }
}

/// A declaration kept: its text and what it was read as.
#[derive(Clone, Copy)]
struct Kept<V> {
    text: Text,
    read: V,
}

/// The declarations read lately, by the place their text hashes to, each
/// with what it was read as: a [`Declaration`] for the reading that keeps
/// the events, nothing for a reading for problems only, which keeps only
/// that the text read as a declaration (see `valid::declaration_said`).
pub struct Known<V = Declaration> {
    /// Empty until the first declaration is kept, then [`PLACES`] places.
    places: Vec<Option<Kept<V>>>,
}

impl<V> Default for Known<V> {
    fn default() -> Self {
        Known { places: Vec::new() }
    }
}

impl<V: Copy> Known<V> {
    /// What the text `text` was read as, if it was kept.
    #[inline]
    pub fn get(&self, text: &Text) -> Option<V> {
        match self.places.get(text.place()) {
            Some(Some(kept)) if kept.text == *text => Some(kept.read),
            _ => None,
        }
    }

    /// Keeps what the text `text` was read as.
    pub fn keep(&mut self, text: &Text, read: V) {
        if self.places.is_empty() {
            self.places.resize(PLACES, None);
        }
        self.places[text.place()] = Some(Kept { text: *text, read });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::declaration::SetKind;

    /// The text is the bytes up to the first `,` or `=` (or `\n`, in a
    /// line) or the end, at any length up to the limit.
    #[test]
    fn a_text_ends_where_a_scan_says() {
        let line =
            b"tierce to the knave in diamonds, four aces = 17, quint major in hearts\nA reckons";
        type At = fn(&[u8]) -> Option<Text>;
        let ats: [(At, &[u8]); 2] = [(Text::at, b",="), (Text::in_line, b",=\n")];
        for (at, ends) in ats {
            for start in 0..line.len() {
                for end in start..=line.len() {
                    let rest = &line[start..end];
                    let len = rest
                        .iter()
                        .position(|b| ends.contains(b))
                        .unwrap_or(rest.len());
                    let text = at(rest);
                    match len <= LONGEST {
                        true => {
                            let text = text.expect("short enough");
                            assert_eq!(text.len(), len, "{rest:?}");
                            assert_eq!(Some(text), at(&rest[..len]), "{rest:?}");
                        }
                        false => assert!(text.is_none(), "{rest:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn a_text_kept_is_found_and_no_other() {
        let aces = Declaration::Set {
            set: SetKind::Trio,
            rank: Some(crate::cards::Rank::Ace),
        };
        let text = |bytes: &[u8]| Text::at(bytes).expect("short");
        let mut known = Known::default();
        assert_eq!(known.get(&text(b"three aces")), None);
        known.keep(&text(b"three aces"), aces);
        assert_eq!(known.get(&text(b"three aces")), Some(aces));
        assert_eq!(known.get(&text(b"three aces, four kings")), Some(aces));
        for other in [&b"three ace"[..], b"three aces ", b"Three aces", b""] {
            assert_eq!(known.get(&text(other)), None, "{other:?}");
        }
        let long = [b'x'; LONGEST];
        known.keep(&text(&long), aces);
        assert_eq!(known.get(&text(&long)), Some(aces));
        assert_eq!(known.get(&text(&long[1..])), None);
    }
}
