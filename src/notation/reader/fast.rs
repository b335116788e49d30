//! A fast path for the lines most transcripts are made of: the header lines
//! (`deal`, `dealer`, `score`, `hand`, `stock`), compact play, `written`, and
//! the commonest player lines (`discards`, `leaves`, `takes`, `calls`, `asks`,
//! `answers`, `replies`, `reckons`, `leads`, `plays`, `claims to score`).
//!
//! It reads bytes with a cursor instead of the nom grammar, and gives up
//! (`None`) at anything out of the ordinary: then the grammar reads the line,
//! so every error message and every rare form comes from one place. The
//! rule the fast path keeps is simple: **when it gives a value, the grammar
//! gives the same one**. The tests below check that on a table of lines and
//! on many mutations of them.
//!
//! Each function follows the grammar's own steps in the same order (the
//! nom function it mirrors is named in its doc comment), so an optional part
//! is taken or left exactly where the grammar takes or leaves it.

use super::known::{Known, Text};
use super::line::Line;
use super::room::Room;
use crate::cards::{Card, CardRow, Rank, Suit};
use crate::notation::declaration::{Call, Declaration, SetKind, Top};
use crate::notation::event::{Act, Answer, Cards, Claim, Event, PlayerId, Question, Reply, Trick};
use crate::notation::transcript::{CardList, Hand};

/// Reads a line (comment removed, trimmed, not empty) if it is one of the
/// common forms written plainly; `None` leaves it to the grammar. Every
/// declaration is read word by word: the tests' reference for [`line_knowing`].
#[cfg(test)]
pub fn line(text: &str, players: &[String; 2]) -> Option<Line> {
    line_knowing(text, players, None, &mut Room::default())
}

/// [`line`], with the declarations read lately looked up in `known` (and
/// those read now kept there) instead of read word by word; the lists of
/// tricks, scores and declarations are taken from `room`.
pub fn line_knowing(
    text: &str,
    players: &[String; 2],
    known: Option<&mut Known>,
    room: &mut Room,
) -> Option<Line> {
    let bytes = text.as_bytes();
    if matches!(bytes.first(), Some(b'[' | b'?')) || !plain(bytes) {
        return None;
    }
    match keyword_in(bytes) {
        Some(keyword) => table_line(keyword, bytes, players, room),
        None => player_line(bytes, players, known, room),
    }
}

/// `line::line_keyword` for a plain line (see [`keyword_in`]).
#[cfg(test)]
fn keyword_of(text: &str) -> Option<Option<&'static str>> {
    keyword_in(text.as_bytes())
}

/// `line::line_keyword` for a plain line, without scanning `char`s: the
/// first word (up to white space or `:`) compared in any case, all at once
/// as a [`folded_in`] number.
pub(super) fn keyword_in(text: &[u8]) -> Option<Option<&'static str>> {
    let end = text.iter().position(|b| is_space(*b) || *b == b':');
    let first = &text[..end.unwrap_or(text.len())];
    if first.first().is_some_and(u8::is_ascii_digit) {
        let trick_number = first.len() > 1
            && first.ends_with(b".")
            && first[..first.len() - 1].iter().all(u8::is_ascii_digit);
        return trick_number.then_some(None);
    }
    // A player's id (`A`, `B`): shorter than any keyword.
    if first.len() < SHORTEST_KEYWORD {
        return None;
    }
    // The one keyword longer than a folded number holds.
    if first.len() > 8 {
        return same_word(first, b"bystander").then_some(Some("bystander"));
    }
    let keyword = match folded_in(text, first.len())? {
        DEAL => "deal",
        DEALER => "dealer",
        SCORE => "score",
        STOCK => "stock",
        SURPLUS => "surplus",
        HAND => "hand",
        TURNUP => "turnup",
        TORN => "torn",
        TURN_UP => "turn-up",
        PLAY => "play",
        PACK => "pack",
        REPLAY => "replay",
        WRITTEN => "written",
        FACED => "faced",
        MARKED => "marked",
        _ => return None,
    };
    // Equal folded numbers and lengths: the same word in any case.
    (keyword.len() == first.len()).then_some(Some(keyword))
}

/// The length of the shortest line keyword (`deal`, `hand`, `play`, `pack`, `torn`).
const SHORTEST_KEYWORD: usize = 4;

/// The line keywords as [`folded_in`] numbers (`bystander` is too long for one).
const DEAL: u64 = key(b"deal");
const DEALER: u64 = key(b"dealer");
const SCORE: u64 = key(b"score");
const STOCK: u64 = key(b"stock");
const SURPLUS: u64 = key(b"surplus");
const HAND: u64 = key(b"hand");
const TURNUP: u64 = key(b"turnup");
const TORN: u64 = key(b"torn");
const TURN_UP: u64 = key(b"turn-up");
const PLAY: u64 = key(b"play");
const PACK: u64 = key(b"pack");
const REPLAY: u64 = key(b"replay");
const WRITTEN: u64 = key(b"written");
const FACED: u64 = key(b"faced");
const MARKED: u64 = key(b"marked");

/// Is every character of `text` one the fast path knows how to classify?
///
/// ASCII, the suit symbols `♠♡♢♣♤♥♦♧` and `…`: none of the non-ASCII ones is
/// white space or alphanumeric, so on such a line scanning bytes for ASCII
/// spaces, letters and digits splits words and tokens exactly where the
/// grammar, which looks at `char`s, splits them.
fn plain(bytes: &[u8]) -> bool {
    if bytes.is_ascii() {
        return true;
    }
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii() {
            i += 1;
            continue;
        }
        match bytes.get(i..i + 3) {
            // U+2660..U+2667 (suit symbols) and U+2026 (`…`).
            Some([0xE2, 0x99, 0xA0..=0xA7] | [0xE2, 0x80, 0xA6]) => i += 3,
            _ => return false,
        }
    }
    true
}

/// `a.eq_ignore_ascii_case(b)` as a plain loop, cheaper for the short words compared here.
pub(super) fn same_word(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    // Equal, or the same letter in the other case (differing in bit 5 alone).
    a.iter()
        .zip(b)
        .all(|(x, y)| x == y || (x ^ y == 0x20 && (x | 0x20).is_ascii_lowercase()))
}

/// [`same_word`] for a `word` of lowercase ASCII letters (a keyword, a verb,
/// a suit's name): a byte is that letter in either case when it is the
/// letter once bit 5 is set, so four bytes are compared at a time.
#[inline]
pub(super) fn same_letters(text: &[u8], word: &[u8]) -> bool {
    debug_assert!(word.iter().all(u8::is_ascii_lowercase), "{word:?}");
    if text.len() != word.len() {
        return false;
    }
    let (mut text, mut word) = (text, word);
    while let (Some((t, text_rest)), Some((w, word_rest))) =
        (text.split_first_chunk::<4>(), word.split_first_chunk::<4>())
    {
        if u32::from_le_bytes(*t) | 0x2020_2020 != u32::from_le_bytes(*w) {
            return false;
        }
        (text, word) = (text_rest, word_rest);
    }
    text.iter().zip(word).all(|(t, w)| t | 0x20 == *w)
}

/// White space as `char::is_whitespace` has it, for ASCII.
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// A character that continues a keyword (`syntax::kw`): letters, digits, `_`, `'`, `-`.
#[inline]
pub(super) fn is_word(b: u8) -> bool {
    WORD_BYTES[usize::from(b)]
}

/// [`is_word`] for every byte, as a table.
const WORD_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'\'' | b'-');
        b += 1;
    }
    table
};

/// What is left of a line, as bytes. `Copy`, so trying an optional part
/// is: copy, try, keep the copy if it worked (see [`Cursor::attempt`]).
///
/// The cursor only ever stops at an ASCII byte or the end of the line, so
/// what it has passed over, and what is left, are whole characters.
#[derive(Clone, Copy)]
struct Cursor<'a> {
    rest: &'a [u8],
}

impl<'a> Cursor<'a> {
    fn new(text: &'a [u8]) -> Self {
        Cursor { rest: text }
    }

    fn rest(&self) -> &'a [u8] {
        self.rest
    }

    /// Moves past `len` bytes (always up to an ASCII byte or the end).
    #[inline]
    fn skip(&mut self, len: usize) {
        self.rest = self.rest.get(len..).unwrap_or_default();
    }

    /// The longest run at the cursor of bytes that `keep` accepts (not consumed).
    #[inline]
    fn run(&self, keep: impl Fn(u8) -> bool) -> &'a [u8] {
        let rest = self.rest;
        let len = rest.iter().position(|b| !keep(*b)).unwrap_or(rest.len());
        &rest[..len]
    }

    /// Tries `step`; keeps its progress only if it gives a value (nom's `opt`).
    #[inline]
    fn attempt<T>(&mut self, step: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let mut probe = *self;
        let value = step(&mut probe)?;
        *self = probe;
        Some(value)
    }

    /// Spaces and tabs, none or more (`space0`).
    #[inline]
    fn space0(&mut self) {
        while let [b' ' | b'\t', rest @ ..] = self.rest {
            self.rest = rest;
        }
    }

    /// Spaces and tabs, at least one (`sp`).
    #[inline]
    fn space1(&mut self) -> Option<()> {
        match self.rest {
            [b' ' | b'\t', rest @ ..] => {
                self.rest = rest;
                self.space0();
                Some(())
            }
            _ => None,
        }
    }

    /// Only spaces and tabs are left (`eol`).
    fn end(&self) -> Option<()> {
        let blank = self.rest.iter().all(|b| *b == b' ' || *b == b'\t');
        blank.then_some(())
    }

    /// Consumes the byte `b` if it is next.
    #[inline]
    fn byte(&mut self, b: u8) -> Option<()> {
        match self.rest {
            [first, rest @ ..] if *first == b => {
                self.rest = rest;
                Some(())
            }
            _ => None,
        }
    }

    /// The keyword `word` in any case, not followed by a word character (`kw`).
    #[inline]
    fn keyword(&mut self, word: &str) -> Option<()> {
        self.at_keyword(word).then(|| self.skip(word.len()))
    }

    /// Is the keyword `word` next? Nothing is consumed.
    #[inline]
    fn at_keyword(&self, word: &str) -> bool {
        let rest = self.rest;
        let n = word.len();
        // A non-ASCII byte here starts a symbol, which ends a word as a space does.
        rest.get(..n)
            .is_some_and(|r| same_letters(r, word.as_bytes()))
            && rest.get(n).is_none_or(|b| !is_word(*b))
    }

    /// Keywords separated by spaces (`kws`).
    fn keywords(&mut self, words: &[&str]) -> Option<()> {
        self.attempt(|c| {
            for (n, word) in words.iter().enumerate() {
                if n > 0 {
                    c.space1()?;
                }
                c.keyword(word)?;
            }
            Some(())
        })
    }

    /// A token: up to white space or a comma (`syntax::token`), consumed.
    fn token(&mut self) -> &'a [u8] {
        let token = self.run(|b| !is_space(b) && b != b',');
        self.skip(token.len());
        token
    }

    /// A number in figures, up to 100,000 (`syntax::number`; words are left to the grammar).
    #[inline]
    fn figures(&mut self) -> Option<u32> {
        let rest = self.rest;
        let (mut n, mut len) = (0u32, 0);
        while let Some(digit) = rest.get(len).filter(|b| b.is_ascii_digit()) {
            if len == 6 {
                return None;
            }
            n = n * 10 + u32::from(digit - b'0');
            len += 1;
        }
        if len == 0 || n > 100_000 {
            return None;
        }
        self.skip(len);
        Some(n)
    }

    /// A number of cards, 0 to 255, in figures (`syntax::small`).
    fn small(&mut self) -> Option<u8> {
        self.attempt(|c| u8::try_from(c.figures()?).ok())
    }

    /// A player id in any case (`syntax::player`).
    ///
    /// Ids are letters and digits, so the grammar's word (letters and digits)
    /// is the id when the id is next and no letter or digit follows it; on a
    /// plain line what follows is ASCII or a symbol, which is no letter.
    #[inline]
    fn player(&mut self, players: &[String; 2]) -> Option<PlayerId> {
        let rest = self.rest;
        let first = rest.first()?.to_ascii_lowercase();
        for (n, id) in (0..).zip(players) {
            let id = id.as_bytes();
            // The first letter alone rules out most ids.
            let [id_first, id_rest @ ..] = id else {
                continue;
            };
            if id_first.to_ascii_lowercase() != first {
                continue;
            }
            let matches = rest.get(1..id.len()).is_some_and(|r| same_word(r, id_rest))
                && rest
                    .get(id.len())
                    .is_none_or(|b| !b.is_ascii_alphanumeric());
            if matches {
                self.skip(id.len());
                return Some(PlayerId(n));
            }
        }
        None
    }

    /// A card (`syntax::card`): `KH` or `10S` followed by a space, a comma or
    /// the end is read from its bytes, any other token by [`card_of`].
    #[inline]
    fn card(&mut self) -> Option<Card> {
        let rest = self.rest;
        match ascii_card(rest) {
            Some((card, len)) => {
                self.skip(len);
                Some(card)
            }
            // A card that is not ASCII has its suit symbol after a rank of one or two bytes.
            None if symbol_after_rank(rest) => self.card_slowly(),
            None => None,
        }
    }

    /// The commonest tokens of a card row, two ASCII bytes and a space
    /// (`KH `), read with their spaces, two at a time while two come, each
    /// card put in `cards`; a ten and a space (`10S `) too; until another
    /// token comes. Whatever that is is left to [`Cursor::card`] (a card
    /// at the end, symbols) or `space0`.
    ///
    /// Each card is the one `card` reads, and the one space after it is
    /// the one `space0` would take next: a second space is left to the
    /// caller's `space0`. The old loop, a card at a time, is kept as the
    /// tests' reference (`tests::short_cards_one_by_one`). Always inlined:
    /// called once or twice a row, its call cost as much as a card.
    #[inline(always)]
    fn short_cards(&mut self, cards: &mut CardRow) {
        // What is left, in a register; put back once the cards are read.
        let mut left = self.rest;
        loop {
            if let [r1, s1, b' ', r2, s2, b' ', rest @ ..] = left {
                // All four looked up before any is tested: one test, not four.
                let bytes = (
                    RANK_BYTES[usize::from(*r1)],
                    SUIT_BYTES[usize::from(*s1)],
                    RANK_BYTES[usize::from(*r2)],
                    SUIT_BYTES[usize::from(*s2)],
                );
                if let (Some(r1), Some(s1), Some(r2), Some(s2)) = bytes {
                    cards.push_two(Card::new(r1, s1), Card::new(r2, s2));
                    left = rest;
                    continue;
                }
            }
            let Some((card, rest)) = short_or_ten(left) else {
                break;
            };
            cards.push(card);
            left = rest;
        }
        self.rest = left;
    }

    /// A card with a suit symbol (`Q♦`), or no card.
    #[cold]
    #[inline(never)]
    fn card_slowly(&mut self) -> Option<Card> {
        self.attempt(|c| card_of(std::str::from_utf8(c.token()).ok()?))
    }

    /// Is a card next? Nothing is consumed (`syntax::at_card`).
    fn at_card(&self) -> bool {
        let mut probe = *self;
        probe.card().is_some()
    }

    /// A rank as a word or symbol (`syntax::rank`).
    fn rank(&mut self) -> Option<Rank> {
        let word = self.run(|b| b.is_ascii_alphanumeric());
        let rank = rank_of(word)?;
        self.skip(word.len());
        Some(rank)
    }

    /// A suit as a word, letter or symbol (`syntax::suit`).
    fn suit(&mut self) -> Option<Suit> {
        self.attempt(|c| suit_of(c.token()))
    }
}

/// The rank each byte stands for as the first character of a card (`10` aside).
pub(super) const RANK_BYTES: [Option<Rank>; 256] = {
    let mut table = [None; 256];
    let ranks = [
        (b'A', Rank::Ace),
        (b'K', Rank::King),
        (b'Q', Rank::Queen),
        (b'J', Rank::Knave),
        (b'V', Rank::Knave),
        (b'T', Rank::Ten),
    ];
    let mut i = 0;
    while i < ranks.len() {
        let (letter, rank) = ranks[i];
        table[letter as usize] = Some(rank);
        table[letter.to_ascii_lowercase() as usize] = Some(rank);
        i += 1;
    }
    table[b'9' as usize] = Some(Rank::Nine);
    table[b'8' as usize] = Some(Rank::Eight);
    table[b'7' as usize] = Some(Rank::Seven);
    table[b'6' as usize] = Some(Rank::Six);
    table
};

/// The suit each byte stands for as the last character of a card.
pub(super) const SUIT_BYTES: [Option<Suit>; 256] = {
    let mut table = [None; 256];
    let suits = [
        (b'S', Suit::Spades),
        (b'H', Suit::Hearts),
        (b'D', Suit::Diamonds),
        (b'C', Suit::Clubs),
    ];
    let mut i = 0;
    while i < suits.len() {
        let (letter, suit) = suits[i];
        table[letter as usize] = Some(suit);
        table[letter.to_ascii_lowercase() as usize] = Some(suit);
        i += 1;
    }
    table
};

/// The card of a rank byte and a suit byte (`K`, `H`), if they are one.
#[inline]
fn short_card(rank: u8, suit: u8) -> Option<Card> {
    Some(Card::new(
        RANK_BYTES[usize::from(rank)]?,
        SUIT_BYTES[usize::from(suit)]?,
    ))
}

/// A card of two bytes and a space (`KH `), or a ten and a space (`10S `),
/// at the start of `rest`, as [`Cursor::card`] and a space take it, and
/// what follows.
#[inline]
fn short_or_ten(rest: &[u8]) -> Option<(Card, &[u8])> {
    match rest {
        [rank, suit, b' ', rest @ ..] => Some((short_card(*rank, *suit)?, rest)),
        [b'1', b'0', suit, b' ', rest @ ..] => {
            Some((Card::new(Rank::Ten, SUIT_BYTES[usize::from(*suit)]?), rest))
        }
        _ => None,
    }
}

/// A card of ASCII rank and suit at the start of `bytes`, as a whole token,
/// and its length.
#[inline]
fn ascii_card(bytes: &[u8]) -> Option<(Card, usize)> {
    let (rank, len) = match bytes {
        [b'1', b'0', ..] => (Rank::Ten, 2),
        [first, ..] => (RANK_BYTES[usize::from(*first)]?, 1),
        [] => return None,
    };
    let suit = SUIT_BYTES[usize::from(*bytes.get(len)?)]?;
    let card = Card::new(rank, suit);
    match bytes.get(len + 1) {
        Some(b) if !is_space(*b) && *b != b',' => None,
        _ => Some((card, len + 1)),
    }
}

/// Is the second or third byte of `bytes` not ASCII (a suit symbol, if a card)?
#[inline]
fn symbol_after_rank(bytes: &[u8]) -> bool {
    match bytes {
        [_, second, third, ..] => !second.is_ascii() || !third.is_ascii(),
        [_, second] => !second.is_ascii(),
        _ => false,
    }
}

/// `Card::from_str` without the error value (which allocates).
fn card_of(token: &str) -> Option<Card> {
    let mut chars = token.chars();
    let suit = Suit::from_char(chars.next_back()?)?;
    let rank = Rank::from_symbol(chars.as_str())?;
    Some(Card::new(rank, suit))
}

/// `Rank::from_word` without lower-casing into a new string: the words
/// singular and plural, `jack`, and the symbols of `Rank::from_symbol`.
pub(super) fn rank_of(word: &[u8]) -> Option<Rank> {
    use Rank::{Ace, Eight, King, Knave, Nine, Queen, Seven, Six, Ten};
    if let [b] = word {
        return RANK_BYTES[usize::from(*b)];
    }
    // The words, by their first letter.
    let words: &[(&[u8], Rank)] = match word.first()?.to_ascii_lowercase() {
        b'1' => return (word == b"10").then_some(Ten),
        b's' => &[
            (b"six", Six),
            (b"sixes", Six),
            (b"seven", Seven),
            (b"sevens", Seven),
        ],
        b'e' => &[(b"eight", Eight), (b"eights", Eight)],
        b'n' => &[(b"nine", Nine), (b"nines", Nine)],
        b't' => &[(b"ten", Ten), (b"tens", Ten)],
        b'k' => &[
            (b"king", King),
            (b"kings", King),
            (b"knave", Knave),
            (b"knaves", Knave),
        ],
        b'j' => &[(b"jack", Knave), (b"jacks", Knave)],
        b'q' => &[(b"queen", Queen), (b"queens", Queen)],
        b'a' => &[(b"ace", Ace), (b"aces", Ace)],
        _ => return None,
    };
    words
        .iter()
        .find(|(name, _)| same_letters(word, name))
        .map(|(_, rank)| *rank)
}

/// `Suit::from_word` without lower-casing into a new string.
pub(super) fn suit_of(word: &[u8]) -> Option<Suit> {
    if let [b] = word {
        return SUIT_BYTES[usize::from(*b)];
    }
    if !word.is_ascii() {
        // A symbol (`♥`), three bytes.
        return Suit::from_word(std::str::from_utf8(word).ok()?);
    }
    let suit = SUIT_BYTES[usize::from(*word.first()?)]?;
    let name = suit.name().as_bytes();
    let named = same_letters(word, name) || same_letters(word, &name[..name.len() - 1]);
    named.then_some(suit)
}

/// A table line, dispatched on its keyword as `line::table_line` is.
fn table_line(
    keyword: Option<&str>,
    text: &[u8],
    players: &[String; 2],
    room: &mut Room,
) -> Option<Line> {
    let mut c = Cursor::new(text);
    let line = match keyword {
        None => Line::Event(Event::Play {
            tricks: tricks(&mut c, room)?,
        }),
        Some("play") => {
            c.keyword("play")?;
            Line::Event(Event::Play {
                tricks: tricks(&mut c, room)?,
            })
        }
        Some("deal") => {
            c.keyword("deal")?;
            c.space0();
            Line::Deal(c.figures()?)
        }
        Some("dealer") => {
            c.keyword("dealer")?;
            c.space0();
            Line::Dealer(c.player(players)?)
        }
        Some("score") => {
            c.keyword("score")?;
            c.space0();
            Line::Score(scores(&mut c, players, room)?)
        }
        Some("written") => {
            c.keyword("written")?;
            c.space0();
            Line::Event(Event::Written {
                scores: scores(&mut c, players, room)?,
            })
        }
        Some("hand") => {
            c.keyword("hand")?;
            c.space0();
            let player = c.player(players)?;
            colon(&mut c);
            let cards = card_list(&mut c)?;
            Line::Hand(Hand { player, cards })
        }
        Some("stock") => {
            c.keyword("stock")?;
            colon(&mut c);
            Line::Stock(card_list(&mut c)?)
        }
        _ => return None,
    };
    c.end()?;
    Some(line)
}

/// An optional `:` after spaces (`colon` in `line::table_line`).
fn colon(c: &mut Cursor<'_>) {
    c.attempt(|c| {
        c.space0();
        c.byte(b':')
    });
}

/// Cards to the end of the line, `...` or `…` at the end for cards unknown (`line::card_list`).
fn card_list(line: &mut Cursor<'_>) -> Option<CardList> {
    card_list_with(line, |c, cards| c.short_cards(cards))
}

/// [`card_list`], the commonest cards taken by `short_cards` (the tests
/// give it the old way, a card at a time, as the reference).
#[inline(always)]
fn card_list_with<'a>(
    line: &mut Cursor<'a>,
    short_cards: impl Fn(&mut Cursor<'a>, &mut CardRow),
) -> Option<CardList> {
    // A copy of the cursor, kept in registers; put back once the cards are read.
    let mut cursor = *line;
    let c = &mut cursor;
    let mut cards = CardRow::new();
    loop {
        c.space0();
        short_cards(c, &mut cards);
        if matches!(c.rest().first(), Some(b' ' | b'\t')) {
            // Two spaces after a card: `space0` takes the second.
            continue;
        }
        let rest = c.rest();
        match rest.first() {
            None => {
                *line = cursor;
                return Some(CardList {
                    cards,
                    complete: true,
                });
            }
            // No card starts with `.` or the first byte of `…`.
            Some(b'.' | 0xE2) if rest.starts_with(b"...") || rest.starts_with("…".as_bytes()) => {
                c.skip(3);
                c.end()?;
                *line = cursor;
                return Some(CardList {
                    cards,
                    complete: false,
                });
            }
            Some(_) => cards.push(c.card()?),
        }
    }
}

/// `2. KS 9H 3. QS 8D` (`line::tricks`).
fn tricks(line: &mut Cursor<'_>, room: &mut Room) -> Option<Vec<Trick>> {
    // A copy of the cursor, kept in registers; put back once the tricks are read.
    let mut cursor = *line;
    let c = &mut cursor;
    let mut out = room.tricks();
    c.space0();
    loop {
        let number = trick_number(c)?;
        if let Some(cards) = two_short_cards(c) {
            out.push(Trick { number, cards });
            if c.rest().is_empty() {
                *line = cursor;
                return Some(out);
            }
            continue;
        }
        let mut cards = CardRow::new();
        loop {
            c.space0();
            c.short_cards(&mut cards);
            if matches!(c.rest().first(), Some(b' ' | b'\t')) {
                // Two spaces after a card: `space0` takes the second.
                continue;
            }
            match c.card() {
                Some(card) => cards.push(card),
                None => break,
            }
        }
        if cards.is_empty() {
            return None;
        }
        out.push(Trick { number, cards });
        if c.rest().is_empty() {
            *line = cursor;
            return Some(out);
        }
    }
}

/// The commonest trick after its number: ` KS 9H`, two cards of two bytes
/// each, then the end of the line or a space and the next trick's number
/// (` 3.`, ` 10.`), whose space is taken too. The cards are those the loop
/// in [`tricks`] reads, and it stops where this does: a number's figure and
/// the `.` or figure after it are no card. Anything else is left to that loop.
#[inline]
fn two_short_cards(c: &mut Cursor<'_>) -> Option<CardRow> {
    let [b' ', r1, s1, b' ', r2, s2, tail @ ..] = c.rest else {
        return None;
    };
    let rest = match tail {
        [] => tail,
        [b' ', next @ ..] => match next {
            [b'0'..=b'9', b'.', ..] | [b'0'..=b'9', b'0'..=b'9', b'.', ..] => next,
            _ => return None,
        },
        _ => return None,
    };
    let card = |rank: &u8, suit: &u8| {
        Some(Card::new(
            RANK_BYTES[usize::from(*rank)]?,
            SUIT_BYTES[usize::from(*suit)]?,
        ))
    };
    let (first, second) = (card(r1, s1)?, card(r2, s2)?);
    let mut cards = CardRow::new();
    cards.push(first);
    cards.push(second);
    c.rest = rest;
    Some(cards)
}

/// A trick's number and its `.` (`u8` of `syntax::number`, then `.`): one
/// or two figures read at once, any other number as [`Cursor::figures`].
#[inline]
fn trick_number(c: &mut Cursor<'_>) -> Option<u8> {
    match c.rest {
        [d @ b'0'..=b'9', b'.', rest @ ..] => {
            c.rest = rest;
            Some(d - b'0')
        }
        [t @ b'0'..=b'9', d @ b'0'..=b'9', b'.', rest @ ..] => {
            c.rest = rest;
            Some((t - b'0') * 10 + (d - b'0'))
        }
        _ => {
            let number = u8::try_from(c.figures()?).ok()?;
            c.byte(b'.')?;
            Some(number)
        }
    }
}

/// `A 62, B 92`, the comma optional (`syntax::scores`).
fn scores(
    c: &mut Cursor<'_>,
    players: &[String; 2],
    room: &mut Room,
) -> Option<Vec<(PlayerId, u32)>> {
    let mut out = room.scores();
    loop {
        let player = c.player(players)?;
        c.space1()?;
        out.push((player, c.figures()?));
        if c.end().is_some() {
            return Some(out);
        }
        // `, ` or spaces between the scores; anything else is the grammar's business.
        let before = c.rest.len();
        c.space0();
        if c.byte(b',').is_some() {
            c.space0();
        } else if c.rest.len() == before {
            return None;
        }
    }
}

/// A player's line: `A discards 8H 7H` (`line::player_line` and `act::act`).
fn player_line(
    text: &[u8],
    players: &[String; 2],
    known: Option<&mut Known>,
    room: &mut Room,
) -> Option<Line> {
    let mut c = Cursor::new(text);
    let player = c.player(players)?;
    c.space1()?;
    let at_verb = c.rest();
    let verb = c.token();
    c.space1()?;
    // Each form builds the whole line, so the act is not moved from one enum into another.
    let line = |act| Line::Event(Event::Act { player, act });
    // The verb as one number, then its length: the same word in any case.
    let verb_key = folded_in(at_verb, verb.len())?;
    let is = |word: &[u8]| verb.len() == word.len();
    let line = match verb_key {
        DISCARDS if is(b"discards") => {
            cards_or_count(&mut c).map(|cards| line(Act::Discards(cards)))
        }
        LEAVES if is(b"leaves") => count(&mut c).map(|n| line(Act::Leaves(n))),
        LEADS if is(b"leads") => cards(&mut c).map(|cards| line(Act::Leads(cards))),
        // `takes up` has forms of its own.
        TAKES if is(b"takes") && !c.at_keyword("up") => {
            cards_or_count(&mut c).map(|cards| line(Act::Takes(cards)))
        }
        CALLS if is(b"calls") => call(&mut c, known).map(|call| line(Act::Calls(call))),
        CLAIMS if is(b"claims") => {
            claim(&mut c, players, known, room).map(|claim| line(Act::Claims(claim)))
        }
        ASKS if is(b"asks") => question(&mut c).map(|question| line(Act::Asks(question))),
        ANSWERS if is(b"answers") => answer(&mut c).map(|answer| line(Act::Answers(answer))),
        REPLIES if is(b"replies") => reply(&mut c).map(|reply| line(Act::Replies(reply))),
        RECKONS if is(b"reckons") => reckoning(&mut c, known, room).map(line),
        PLAYS if is(b"plays") => cards(&mut c).map(|cards| line(Act::Plays(cards))),
        _ => None,
    }?;
    c.end()?;
    Some(line)
}

/// The verbs the fast path reads, as [`folded_in`] numbers.
const DISCARDS: u64 = key(b"discards");
const LEAVES: u64 = key(b"leaves");
const LEADS: u64 = key(b"leads");
const TAKES: u64 = key(b"takes");
const CALLS: u64 = key(b"calls");
const CLAIMS: u64 = key(b"claims");
const ASKS: u64 = key(b"asks");
const ANSWERS: u64 = key(b"answers");
const REPLIES: u64 = key(b"replies");
const RECKONS: u64 = key(b"reckons");
const PLAYS: u64 = key(b"plays");

/// Cards separated by spaces, at least one (`syntax::cards_until` with no stop words).
///
/// Cards of two bytes or a ten, each with one space, are taken by
/// [`Cursor::short_cards`]; the spaces after them, and any other card, as
/// the old loop (card, then spaces, until the end) took them, which is
/// kept as the tests' reference (`tests::cards_one_by_one`).
fn cards(line: &mut Cursor<'_>) -> Option<CardRow> {
    // A copy of the cursor, kept in registers; put back once the cards are read.
    let mut cursor = *line;
    let c = &mut cursor;
    let mut cards = CardRow::new();
    loop {
        let before = c.rest().len();
        c.short_cards(&mut cards);
        if c.rest().len() != before {
            // After a card and its space: more spaces, then the end or a card.
            c.space0();
            if c.rest().is_empty() {
                break;
            }
        }
        cards.push(c.card()?);
        if c.attempt(Cursor::space1).is_none() || c.rest().is_empty() {
            break;
        }
    }
    *line = cursor;
    Some(cards)
}

/// Cards named, or counted in figures (`syntax::cards_or_count` with no stop words).
///
/// The cards are read first; only when they fail is it asked whether a card
/// was next (then the line is no line the fast path reads) or a count.
fn cards_or_count(c: &mut Cursor<'_>) -> Option<Cards> {
    if let Some(cards) = cards(c) {
        return Some(Cards::List(cards));
    }
    if c.at_card() {
        return None;
    }
    count(c).map(Cards::Count)
}

/// `3`, `3 cards`, `1 card`.
fn count(c: &mut Cursor<'_>) -> Option<u8> {
    let n = c.small()?;
    c.attempt(|c| {
        c.space1()?;
        c.keyword("cards").or_else(|| c.keyword("card"))
    });
    Some(n)
}

/// What follows `calls` (`declaration::call`).
fn call(c: &mut Cursor<'_>, known: Option<&mut Known>) -> Option<Call> {
    if c.keywords(&["no", "sequence"]).is_some() {
        return Some(Call::NoSequence);
    }
    declaration_known(c, known).map(Call::Declare)
}

/// [`declaration`], looked up in `known` when its text was read lately.
///
/// The text looked up is the declaration's whole text: up to the `,` or
/// `=` after it or the end of the line ([`Text`]). A declaration holds no
/// `,` or `=`, and what it is read as does not depend on what follows it
/// when that is a `,` or the end: each optional part it may go on with
/// starts with a space. Some texts are read, not looked up
/// ([`Text::to_look_up`]). A text is kept only when the declaration read
/// takes it whole, so a hit gives what reading it would.
fn declaration_known(c: &mut Cursor<'_>, known: Option<&mut Known>) -> Option<Declaration> {
    let Some(known) = known else {
        return declaration(c);
    };
    let rest = c.rest();
    let Some(text) = Text::at(rest).and_then(|text| text.to_look_up(rest)) else {
        return declaration(c);
    };
    let len = text.len();
    if let Some(declaration) = known.get(&text) {
        c.skip(len);
        return Some(declaration);
    }
    let declaration = declaration(c)?;
    if rest.len() - c.rest().len() == len {
        known.keep(&text, declaration);
    }
    Some(declaration)
}

/// One declaration (`declaration::declaration`): the first word says which kind.
fn declaration(c: &mut Cursor<'_>) -> Option<Declaration> {
    let word = c.run(is_word);
    let length = match folded_in(c.rest(), word.len())? {
        k if k == key(b"carte") => {
            c.keywords(&["carte", "blanche"])?;
            return Some(Declaration::CarteBlanche);
        }
        k if k == key(b"point") => return point(c),
        k if k == key(b"three") || k == key(b"3") => return counted_set(c, SetKind::Trio),
        k if k == key(b"four") || k == key(b"4") => return counted_set(c, SetKind::Quatorze),
        k if k == key(b"trio") => return named_set(c, SetKind::Trio),
        k if k == key(b"quatorze") => return named_set(c, SetKind::Quatorze),
        k if k == key(b"tierce") => 3,
        k if k == key(b"quart") || k == key(b"quarte") => 4,
        k if k == key(b"quint") => 5,
        k if k == key(b"sixieme") => 6,
        k if k == key(b"septieme") => 7,
        k if k == key(b"huitieme") => 8,
        k if k == key(b"neuvieme") => 9,
        _ => return None,
    };
    c.skip(word.len());
    sequence(c, length)
}

/// The word of `len` bytes that begins `text`, if it has at most eight, as
/// one number: its bytes in order from the lowest, each with bit 5 set, so
/// it is compared with a keyword at once. Eight bytes are read at once
/// when the text has them.
///
/// Setting bit 5 lowers a capital letter and leaves a small one, a digit
/// and `-` as they are. No other byte becomes a letter by it; only `\r`
/// becomes `-`, and only control characters become digits, and the words
/// compared here hold neither (a token ends at white space, and a word of
/// [`is_word`] bytes has no control character). So a word of the same
/// length as a keyword has the keyword's number ([`key`]) when it is that
/// keyword in any case, and only then: compare the lengths too, as a
/// shorter word ends in zero bytes.
#[inline]
pub(super) fn folded_in(text: &[u8], len: usize) -> Option<u64> {
    if len > 8 {
        return None;
    }
    let eight = match text.first_chunk::<8>() {
        Some(eight) => *eight,
        None => {
            let mut padded = [0; 8];
            for (to, from) in padded.iter_mut().zip(text) {
                *to = *from;
            }
            padded
        }
    };
    let kept = match len {
        8 => u64::MAX,
        n => (1 << (8 * n)) - 1,
    };
    Some((u64::from_le_bytes(eight) | 0x2020_2020_2020_2020) & kept)
}

/// [`folded_in`] for a whole word.
#[cfg(test)]
fn folded(word: &[u8]) -> Option<u64> {
    folded_in(word, word.len())
}

/// [`folded_in`] for a word written in lowercase, worked out at compile time.
pub(super) const fn key(word: &[u8]) -> u64 {
    let mut key = 0;
    let mut i = word.len();
    while i > 0 {
        i -= 1;
        key = key << 8 | word[i] as u64;
    }
    key
}

/// `point 5`, `point 5 making 49`, `point making 46`, `… in hearts` (`declaration::point`).
fn point(c: &mut Cursor<'_>) -> Option<Declaration> {
    c.keyword("point")?;
    let cards = c.attempt(|c| {
        c.space1()?;
        c.small()
    });
    let making = match c.attempt(|c| {
        c.space1()?;
        c.keyword("making")?;
        c.space1()
    }) {
        Some(()) => Some(c.figures()?),
        None => None,
    };
    let suit = in_suit(c);
    Some(Declaration::Point {
        cards,
        making,
        suit,
    })
}

/// ` in hearts`, optional (`declaration::in_suit`).
fn in_suit(c: &mut Cursor<'_>) -> Option<Suit> {
    c.attempt(|c| {
        c.space1()?;
        c.keyword("in")?;
        c.space1()?;
        c.suit()
    })
}

/// A sequence after its name: `major`, `to the queen`, `in hearts` (`declaration::sequence`).
fn sequence(c: &mut Cursor<'_>, length: u8) -> Option<Declaration> {
    let top = c.attempt(|c| {
        c.space1()?;
        if c.keyword("major").is_some() {
            return Some(Top::Major);
        }
        if c.keyword("minor").is_some() {
            return Some(Top::Minor);
        }
        c.keyword("to")?;
        c.space1()?;
        c.attempt(|c| {
            c.keyword("the")?;
            c.space1()
        });
        c.rank().map(Top::To)
    });
    let suit = in_suit(c);
    Some(Declaration::Sequence {
        length,
        top: top.unwrap_or(Top::Unstated),
        suit,
    })
}

/// A rank a trio or quatorze can be of: tens and above (`declaration::set_rank`).
fn set_rank(c: &mut Cursor<'_>) -> Option<Rank> {
    c.attempt(|c| c.rank().filter(|r| *r >= Rank::Ten))
}

/// `three kings`, `4 aces` (`declaration::set`, counted).
fn counted_set(c: &mut Cursor<'_>, set: SetKind) -> Option<Declaration> {
    c.skip(c.run(is_word).len());
    c.space1()?;
    let rank = set_rank(c)?;
    Some(Declaration::Set {
        set,
        rank: Some(rank),
    })
}

/// `trio`, `quatorze of aces` (`declaration::set`, named).
fn named_set(c: &mut Cursor<'_>, set: SetKind) -> Option<Declaration> {
    c.skip(c.run(is_word).len());
    let rank = c.attempt(|c| {
        c.space1()?;
        c.attempt(|c| {
            c.keyword("of")?;
            c.space1()
        });
        set_rank(c)
    });
    Some(Declaration::Set { set, rank })
}

/// Declarations separated by commas (`separated_list1(…, declaration)`).
fn declarations(
    c: &mut Cursor<'_>,
    mut known: Option<&mut Known>,
    room: &mut Room,
) -> Option<Vec<Declaration>> {
    let mut items = room.declarations();
    items.push(declaration_known(c, known.as_deref_mut())?);
    while c
        .attempt(|c| {
            c.space0();
            c.byte(b',')?;
            c.space0();
            Some(())
        })
        .is_some()
    {
        items.push(declaration_known(c, known.as_deref_mut())?);
    }
    Some(items)
}

/// `point 6, three aces = 17` or `nothing` (`act::reckoning`).
fn reckoning(c: &mut Cursor<'_>, known: Option<&mut Known>, room: &mut Room) -> Option<Act> {
    let items = match c.keyword("nothing") {
        Some(()) => Vec::new(),
        None => declarations(c, known, room)?,
    };
    let equals = c.attempt(|c| {
        c.space0();
        c.byte(b'=')?;
        c.space0();
        Some(())
    });
    let total = match equals {
        Some(()) => Some(c.figures()?),
        None => None,
    };
    Some(Act::Reckons { items, total })
}

/// `making`, `which queen` (`act::question`).
fn question(c: &mut Cursor<'_>) -> Option<Question> {
    if c.keyword("making").is_some() {
        return Some(Question::Making);
    }
    c.keyword("which")?;
    c.space1()?;
    c.rank().map(Question::Which)
}

/// `making 56`, `queen of diamonds`, `QD`, `2` (`act::answer`).
fn answer(c: &mut Cursor<'_>) -> Option<Answer> {
    if c.keyword("making").is_some() {
        c.space1()?;
        return c.figures().map(Answer::Making);
    }
    let named = c.attempt(|c| {
        let rank = c.rank()?;
        c.space1()?;
        c.keyword("of")?;
        c.space1()?;
        Some(Card::new(rank, c.suit()?))
    });
    if let Some(card) = named.or_else(|| c.card()) {
        return Some(Answer::Card(card));
    }
    c.small().map(Answer::Count)
}

/// `good`, `not good`, `better`, `equal` (`act::reply`).
fn reply(c: &mut Cursor<'_>) -> Option<Reply> {
    if c.keyword("good").is_some() {
        Some(Reply::Good)
    } else if c.keywords(&["not", "good"]).is_some() || c.keyword("better").is_some() {
        Some(Reply::NotGood)
    } else {
        c.keyword("equal").map(|()| Reply::Equal)
    }
}

/// `to score three kings`, `reckon point 5` (`act::claim`, its `Score` form only).
fn claim(
    c: &mut Cursor<'_>,
    players: &[String; 2],
    known: Option<&mut Known>,
    room: &mut Room,
) -> Option<Claim> {
    // The grammar first tries `B reckons nothing`, then skips articles: leave both to it.
    let fillers = ["the", "a", "an", "his", "her", "own"];
    if c.attempt(|c| c.player(players)).is_some() || fillers.iter().any(|f| c.at_keyword(f)) {
        return None;
    }
    c.attempt(|c| {
        c.keyword("to")?;
        c.space1()
    });
    c.keyword("score").or_else(|| c.keyword("reckon"))?;
    c.space1()?;
    declarations(c, known, room).map(Claim::Score)
}

#[cfg(test)]
mod tests {
    use super::super::line::{grammar_line, line_keyword, LINE_KEYWORDS};
    use super::*;

    /// The old [`Cursor::short_cards`], a card at a time: the reference for the new one.
    fn short_cards_one_by_one(c: &mut Cursor<'_>, cards: &mut CardRow) {
        while let [rank, suit, b' ', rest @ ..] = c.rest {
            let (Some(rank), Some(suit)) = (
                RANK_BYTES[usize::from(*rank)],
                SUIT_BYTES[usize::from(*suit)],
            ) else {
                return;
            };
            cards.push(Card::new(rank, suit));
            c.rest = rest;
        }
    }

    /// The old [`cards`], a card at a time: the reference for the new one.
    fn cards_one_by_one(line: &mut Cursor<'_>) -> Option<CardRow> {
        let mut cursor = *line;
        let c = &mut cursor;
        let mut cards = CardRow::new();
        cards.push(c.card()?);
        while c.attempt(Cursor::space1).is_some() {
            if c.rest().is_empty() {
                break;
            }
            cards.push(c.card()?);
        }
        *line = cursor;
        Some(cards)
    }

    /// The old [`cards_or_count`]: the reference for the new one.
    fn cards_or_count_before(c: &mut Cursor<'_>) -> Option<Cards> {
        if c.at_card() {
            return cards_one_by_one(c).map(Cards::List);
        }
        count(c).map(Cards::Count)
    }

    /// Card rows, well and badly written, for the new card readers and the old.
    const CARD_ROWS: &[&str] = &[
        "",
        " ",
        "\t",
        "KH",
        "KH ",
        "KH  ",
        "KH\t",
        "KH QS",
        "KH QS ",
        "KH QS JD",
        "KH QS JD 9C",
        "KH QS JD 9C ",
        "kh qs jd 9c 8d 7s",
        "10S",
        "10S ",
        "10S KH",
        "KH 10S",
        "KH 10S QD",
        "10S 10H 10D 10C",
        "ts th 10d tc",
        "10s 10h ",
        "AS KS QS JS 10S 9S 8S 7S AH KH QH JH",
        "AS KS QS JS 10S 9S 8S 7S AH KH QH JH ",
        "AS KS QS JS TS 9S 8S 7S AH KH QH JH AD KD QD JD TD",
        "KH  QS\tJD 10S 7c ",
        "KH  QS",
        "KH\tQS",
        "KH \tQS",
        " KH QS",
        "  KH",
        "\tKH QS",
        "KH QS ...",
        "KH QS...",
        "KH ... ",
        "...",
        "... KH",
        "KH …",
        "…",
        "KH QS …",
        "KH QS JD ...",
        "KH ..",
        "KH XX",
        "XX KH",
        "KH QX JD",
        "KH 1S",
        "KH 11S",
        "KH 100S",
        "KH 10",
        "KH 10 ",
        "KH 10X QS",
        "KH QSS",
        "KH QS,",
        "KH, QS",
        "KH,QS",
        "KH QS, JD",
        "A♠ K♥ q♦",
        "KH A♠ QS",
        "KH 10♣ T♤",
        "KH Q♦ ",
        "VD 6C 7h",
        "KH QS 3",
        "3",
        "3 cards",
        "1 card",
        "3 Cards ",
        "12",
        "KH QS JD 9C 8D 7S AH KH QH JH AD KD QD JD TD 9D",
        "KH QS JD 9C 8D 7S AH KH QH JH AD KD QD JD TD 9D ",
        "kh qs jd 9c 8d 7s ah kh ",
        "KH QS JD 9C 8D 7S 10H KH QH JH AD KD QD JD TD 9D 8D",
        "KH QS x",
        "KH QS 10",
        "KH QS\r",
        "KH\rQS",
        "K H",
        "KHQS",
        "KH QS  JD  9C",
        "KH QS\t\tJD",
        "AS 10S  10H",
    ];

    /// The card readers read every row as the old ones did: the same cards,
    /// or none, and the cursor left at the same place.
    #[test]
    fn card_readers_agree_with_the_old_ones() {
        for row in CARD_ROWS {
            let text = row.as_bytes();
            let (mut new, mut old) = (Cursor::new(text), Cursor::new(text));
            let (got, want) = (
                card_list(&mut new),
                card_list_with(&mut old, short_cards_one_by_one),
            );
            let got = got.map(|l| (l.cards.to_vec(), l.complete));
            let want = want.map(|l| (l.cards.to_vec(), l.complete));
            assert_eq!(got, want, "card_list {row:?}");
            assert_eq!(new.rest, old.rest, "card_list {row:?}");

            let (mut new, mut old) = (Cursor::new(text), Cursor::new(text));
            let (got, want) = (cards(&mut new), cards_one_by_one(&mut old));
            assert_eq!(
                got.map(|c| c.to_vec()),
                want.map(|c| c.to_vec()),
                "cards {row:?}"
            );
            assert_eq!(new.rest, old.rest, "cards {row:?}");

            let (mut new, mut old) = (Cursor::new(text), Cursor::new(text));
            let (got, want) = (cards_or_count(&mut new), cards_or_count_before(&mut old));
            assert_eq!(got, want, "cards_or_count {row:?}");
            assert_eq!(new.rest, old.rest, "cards_or_count {row:?}");

            let (mut new, mut old) = (Cursor::new(text), Cursor::new(text));
            let (mut got, mut want) = (CardRow::new(), CardRow::new());
            new.short_cards(&mut got);
            short_cards_one_by_one(&mut old, &mut want);
            // The new loop takes tens too; the old left them to `card` and a space.
            while old.rest.len() > new.rest.len() {
                let card = old.card().expect("a ten the new loop took");
                want.push(card);
                old.byte(b' ').expect("its space");
                short_cards_one_by_one(&mut old, &mut want);
            }
            assert_eq!(got.to_vec(), want.to_vec(), "short_cards {row:?}");
            assert_eq!(new.rest, old.rest, "short_cards {row:?}");
        }
    }

    fn players() -> [String; 2] {
        ["A".to_string(), "B".to_string()]
    }

    /// Lines the fast path reads: it must, and must agree with the grammar.
    const FAST: &[&str] = &[
        "deal 1",
        "DEAL 100000",
        "deal\t07",
        "dealer B",
        "Dealer  a",
        "score A 62, B 92",
        "score a 62 b 92",
        "score A 0 ,B 1",
        "written A 32, B 6",
        "written B 6",
        "hand A: 10D AS AC QD 10C 7C 8C 9H 9S AH KC QC",
        "hand B : ts vd 9c",
        "hand B AS KS",
        "hand A: QS QH QC AC KC 10D 9D 8D ...",
        "hand A: QS ...",
        "hand A: KH  QS\tJD 10S 7c ",
        "hand A: ...",
        "hand A:",
        "hand A: A♠ K♥ q♦ 10♣ T♤ 9♡ 8♢ 7♧",
        "hand A: QS …",
        "stock: AD 9D KS 8H JH KD 9C 10H",
        "stock AD 9D",
        "stock : ...",
        "play 2. AD 7D 3. KC 8S 4. 7C QS 5. 10C 7H 6. 10D JD 7. 8H 9H",
        "play 8. AH JH 9. QD 9D 10. AC 10S 11. 8C KS 12. 9S 7S",
        "PLAY 1.  AS\tKS",
        "play 1. AS",
        "play 2. KS  9H \t3. QS 8D ",
        "play 9. 9S 9H 10. 7S 8H 11. AS KS",
        "play 2. KS 9H  3. QS 8D 4. 10S 8S 5. JS 10H",
        "play 2. KS 9H 3.7S 8D",
        "play 2. KS 9H 3. QS 8D JD",
        "play 1.AS KS",
        "play 1. AS KS 2. QS 9S 10. 9H 8H 11. 7H 10H",
        "play 3. 9S 8S 4. 7S 6S",
        "play 5. AS KS  6. QS JS",
        "play 5. AS KS\t6. QS JS",
        "play 7. AS 10S 8. 10H 9H",
        "play 1. AS KS QS 2. JS",
        "play 1. A♠ KS 2. QS 9S",
        "play 12. AS KS",
        "9. QD 9D 10. AC 10S",
        "1. AS 2. KS",
        "A discards AS",
        "B discards JC 8D QH KH",
        "a DISCARDS 3",
        "A discards 5 cards",
        "A discards 1 card",
        "A discards 255",
        "A leaves 4",
        "A leaves 1 card",
        "A takes 1",
        "B takes 4 cards",
        "B takes QH JS",
        "A calls point 6",
        "A calls point 5 making 49",
        "A calls point making 46",
        "A calls point 5 making 49 in hearts",
        "A calls point in H",
        "A calls point",
        "A calls tierce major",
        "A calls quart minor",
        "A calls quarte to king",
        "A calls quint to the knave in spades",
        "A calls sixieme to Q",
        "A calls septieme to 10",
        "A calls huitieme major in d",
        "A calls neuvieme",
        "A calls tierce in clubs",
        "A calls three aces",
        "A calls 3 kings",
        "A calls four knaves",
        "A calls 4 tens",
        "A calls four jacks",
        "A calls trio",
        "A calls quatorze of aces",
        "A calls trio kings",
        "A calls carte blanche",
        "A calls no sequence",
        "A calls three queens",
        "B asks making",
        "B asks which queen",
        "B asks which K",
        "A answers making 56",
        "A answers queen of diamonds",
        "A answers 10 of hearts",
        "A answers QD",
        "A answers 2",
        "A answers Q♦",
        "B replies good",
        "B replies not good",
        "B replies NOT  GOOD",
        "B replies better",
        "B replies equal",
        "A reckons point 6, three aces",
        "A reckons point 6 ,three aces=17",
        "A reckons point 6, quint to queen, three tens = 24",
        "A reckons nothing",
        "A reckons nothing = 0",
        "A reckons quatorze, tierce",
        "B reckons quart to king",
        "A leads QC",
        "A leads AC KC QC JC 10C",
        "B plays JS",
        "B plays 7♥",
        "B claims to score three kings",
        "B claims score three kings, point 5",
        "B claims to reckon quart major",
    ];

    /// Lines the fast path leaves to the grammar (rare forms and errors).
    const SLOW: &[&str] = &[
        "[Event \"x\"]",
        "? a question",
        "deal one",
        "deal 100001",
        "deal 1 2",
        "dealer C",
        "hand A: KX",
        "hand A: AS,KS",
        "hand A: AS ... KS",
        "hand A: AS....",
        "play 2. KS 9H 3.",
        "play 300. AS",
        "play 2.",
        "play 1. AS KS 2.",
        "play 1. AS KS,",
        "play 1. AS KS 3.♠",
        "play 1. AS KX 2. QS 9S",
        "play 1. AS KS 2x. QS",
        "score A sixty",
        "score A 62,",
        "turnup: KH",
        "A discards five",
        "A discards 300",
        "A discards AS,KS",
        "A leaves four",
        "A takes up 3",
        "A takes up his hand",
        "A calls point five",
        "A calls point 300",
        "A calls point 5 making fifty",
        "A calls sixième major",
        "A calls three nines",
        "A calls for new cards",
        "A calls quatorze , three kings",
        "A reckons point 6, ",
        "A reckons point 6 = twenty",
        "B asks to see point",
        "A answers none",
        "A answers making",
        "B replies maybe",
        "A leads AS please",
        "A leads AS,KS",
        "B claims a fresh deal",
        "B claims A can score nothing",
        "B claims the hand be played again",
        "A accepts",
        "A wibbles",
        "C leads AS",
        "hand A: KH QS 9x",
        "hand A: KH QS, JD",
        "hand A: KH QS JD...",
        "play 2. KS 9H 3 QS",
        "A\u{a0}leads AS",
        "A leads AS\u{3000}KS",
    ];

    #[test]
    fn the_fast_path_reads_the_common_lines_as_the_grammar_does() {
        let p = players();
        for text in FAST {
            let fast = line(text, &p);
            assert!(fast.is_some(), "the fast path should read {text:?}");
            assert_eq!(fast.map(Ok), Some(grammar_line(text, &p)), "{text:?}");
        }
    }

    /// A declaration looked up reads as it does afresh, whatever follows
    /// it: each line is read after all the others were.
    #[test]
    fn declarations_read_lately_read_the_same() {
        let p = players();
        let lines = [
            "A reckons point 4 in spades, three aces",
            "A reckons point 4 in spades= 24",
            "A reckons point 4 in spades = 24",
            "A reckons point 4 in spades ,three aces",
            "A reckons point 4 in spades,three aces = 17",
            "B reckons three aces",
            "B reckons three aces, four",
            "B calls three aces",
            "B calls three aces, four kings",
            "B calls tierce to the knave in diamonds",
            "B calls tierce to the knave in diamonds x",
            "B claims to score tierce to the knave in diamonds, three aces",
            "A reckons quint to the knave in diamonds, tierce major in clubs",
            "A reckons quint to the knave in ♦, point 5",
            "A reckons point 5, quint to the knave in ♦",
            "A reckons point 5 making 49 in hearts, point 5 making 49 in hearts",
        ];
        let mut known = Known::default();
        let mut room = Room::default();
        for _ in 0..2 {
            for text in lines.iter().chain(FAST).chain(SLOW) {
                let fresh = line(text, &p);
                assert_eq!(
                    line_knowing(text, &p, Some(&mut known), &mut room),
                    fresh,
                    "{text:?}"
                );
                if let Some(fresh) = fresh {
                    assert_eq!(Ok(fresh), grammar_line(text, &p), "{text:?}");
                }
            }
        }
    }

    #[test]
    fn the_fast_path_leaves_the_rest_to_the_grammar() {
        let p = players();
        for text in SLOW {
            assert_eq!(line(text, &p), None, "{text:?}");
        }
    }

    #[test]
    fn no_keyword_is_shorter_than_the_shortest() {
        let shortest = LINE_KEYWORDS
            .iter()
            .chain(&["turn-up"])
            .map(|k| k.len())
            .min();
        assert_eq!(shortest, Some(SHORTEST_KEYWORD));
    }

    #[test]
    fn keywords_as_the_grammar_finds_them() {
        let mut lines: Vec<String> = LINE_KEYWORDS
            .iter()
            .chain(&["turn-up"])
            .flat_map(|k| {
                [
                    k.to_string(),
                    k.to_uppercase(),
                    format!("{k}: x"),
                    format!("{k}s x"),
                ]
            })
            .collect();
        lines.extend(["8. AH", "8.", ".", "12.x", "A leads", "x", "bystanders"].map(String::from));
        for text in &lines {
            assert_eq!(keyword_of(text), line_keyword(text), "{text:?}");
        }
    }

    /// The benchmark's corpus is made of these fixtures: keep their lines on the fast path.
    #[test]
    fn the_fixture_deals_are_read_by_the_fast_path() {
        let p = players();
        for name in ["notation-example.pqt", "partial-deal.pqt"] {
            let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).expect("fixture");
            for text in text.lines().map(str::trim) {
                if text.is_empty() || text.starts_with(['#', '[', '?']) {
                    continue;
                }
                let fast = line(text, &p);
                assert!(fast.is_some(), "the fast path should read {text:?}");
                assert_eq!(fast.map(Ok), Some(grammar_line(text, &p)), "{text:?}");
            }
        }
    }

    #[test]
    fn other_player_names() {
        let p = ["Ann".to_string(), "Bob".to_string()];
        for text in [
            "ann leads AS",
            "BOB replies good",
            "score Ann 1, bob 2",
            "hand Bob: AS",
        ] {
            let fast = line(text, &p);
            assert!(fast.is_some(), "{text:?}");
            assert_eq!(fast.map(Ok), Some(grammar_line(text, &p)), "{text:?}");
        }
        assert_eq!(line("A leads AS", &p), None);
    }

    /// A small deterministic generator (no dependency needed for a test).
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) as usize) % n
        }
    }

    /// Whatever the fast path reads, the grammar reads the same: over many
    /// mutations of the table's lines (characters and words inserted,
    /// removed or replaced), the fast path is either silent or agrees.
    /// `FAST_PATH_ROUNDS=40000 cargo test --release --lib mutations` tries more.
    #[test]
    fn mutations_never_make_the_fast_path_disagree() {
        let rounds = std::env::var("FAST_PATH_ROUNDS").map_or(400, |n| n.parse().unwrap_or(400));
        let pieces = [
            " ", "  ", "\t", ",", ", ", ".", ":", "=", "...", "…", "♥", "é", "\u{a0}", "'", "-",
            "_", "0", "1", "5", "10", "255", "256", "A", "B", "a", "S", "K", "T", "V", "AS", "KH",
            "10S", "up", "of", "in", "to", "the", "making", "major", "good", "not", "nothing",
            "three", "kings", "queen", "tens", "nines", "cards", "card", "point", "trio", "no",
            "sequence", "for", "new", "score", "his", "fresh", "deal", "Ann", "bob", "Bo",
        ];
        let mut rng = Lcg(7);
        let mut agreed = 0;
        let mut known = Known::default();
        let mut room = Room::default();
        let ann_bob = ["Ann".to_string(), "Bob".to_string()];
        for (base, p) in FAST
            .iter()
            .chain(SLOW)
            .flat_map(|base| [(base, players()), (base, ann_bob.clone())])
        {
            for _ in 0..rounds {
                let mut text: Vec<char> = base.chars().collect();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(text.len() + 1);
                    let piece: Vec<char> = pieces[rng.below(pieces.len())].chars().collect();
                    match rng.below(3) {
                        0 => drop(text.splice(at..at, piece)),
                        1 if at < text.len() => {
                            let end = (at + 1 + rng.below(4)).min(text.len());
                            drop(text.splice(at..end, []));
                        }
                        _ => {
                            let end = (at + 1).min(text.len());
                            drop(text.splice(at..end, piece));
                        }
                    }
                }
                let text: String = text.into_iter().collect();
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                // The declarations read lately, looked up, read as afresh.
                let fast = line(text, &p);
                assert_eq!(
                    line_knowing(text, &p, Some(&mut known), &mut room),
                    fast,
                    "{text:?}"
                );
                if let Some(fast) = fast {
                    assert_eq!(Ok(fast), grammar_line(text, &p), "{text:?}");
                    agreed += 1;
                }
            }
        }
        assert!(
            agreed > 500,
            "too few mutations read by the fast path: {agreed}"
        );
    }

    #[test]
    fn same_letters_is_eq_ignore_ascii_case() {
        for x in 0..=255u8 {
            for y in b'a'..=b'z' {
                assert_eq!(
                    same_letters(&[x], &[y]),
                    x.eq_ignore_ascii_case(&y),
                    "{x} {y}"
                );
                // Four at a time, and the rest one by one.
                let (text, word) = ([b'A', x, b'c', b'D', x], [b'a', y, b'c', b'd', y]);
                assert_eq!(
                    same_letters(&text, &word),
                    x.eq_ignore_ascii_case(&y),
                    "{x} {y}"
                );
            }
        }
        assert!(same_letters(b"DisCards", b"discards"));
        assert!(!same_letters(b"discard", b"discards"));
        assert!(!same_letters(b"discardz", b"discards"));
    }

    #[test]
    fn folded_words_are_the_same_when_the_words_are() {
        let words: &[&[u8]] = &[
            b"point",
            b"POINT",
            b"Point",
            b"points",
            b"poin",
            b"3",
            b"quatorze",
        ];
        for a in words {
            for b in words {
                let same = a.eq_ignore_ascii_case(b);
                assert_eq!(folded(a) == folded(b), same, "{a:?} {b:?}");
            }
            assert_eq!(
                folded(a) == Some(key(b"point")),
                a.eq_ignore_ascii_case(b"point")
            );
        }
        assert_eq!(folded(b"quatorzes"), None);
    }

    /// A word read out of a longer text folds as the word alone.
    #[test]
    fn a_word_folds_the_same_in_its_line() {
        for (text, len) in [
            (&b"takes 1"[..], 5),
            (b"A", 1),
            (b"discards AS KS", 8),
            (b"deal: 3", 4),
            (b"", 0),
        ] {
            assert_eq!(folded_in(text, len), folded(&text[..len]), "{text:?}");
        }
    }

    /// A word one byte away from a keyword, the byte any that can be in a
    /// token (not white space), has the keyword's number only when it is
    /// the keyword in another case; a word of digits as `is_word` has them.
    #[test]
    fn only_the_keyword_in_any_case_has_its_number() {
        let words = [
            "deal", "dealer", "score", "stock", "surplus", "hand", "turnup", "torn", "turn-up",
            "play", "pack", "replay", "written", "faced", "marked", "discards", "leaves", "leads",
            "takes", "calls", "claims", "asks", "answers", "replies", "reckons", "plays", "carte",
            "point", "three", "four", "trio", "quatorze", "tierce", "quart", "quarte", "quint",
            "sixieme", "septieme", "huitieme", "neuvieme", "3", "4",
        ];
        for word in words {
            let digits = word.bytes().all(|b| b.is_ascii_digit());
            for at in 0..word.len() {
                for b in 0..=255u8 {
                    if b.is_ascii_whitespace() || b == 0x0b || (digits && !is_word(b)) {
                        continue;
                    }
                    let mut other = word.as_bytes().to_vec();
                    other[at] = b;
                    let same = other.eq_ignore_ascii_case(word.as_bytes());
                    assert_eq!(
                        folded(&other) == Some(key(word.as_bytes())),
                        same,
                        "{word} {other:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn same_word_is_eq_ignore_ascii_case() {
        for x in 0..=255u8 {
            for y in 0..=255u8 {
                assert_eq!(same_word(&[x], &[y]), x.eq_ignore_ascii_case(&y), "{x} {y}");
            }
        }
        assert!(same_word(b"Deal", b"dEAL"));
        assert!(!same_word(b"deal", b"deals"));
    }

    #[test]
    fn words_and_cards_as_the_slow_readers_have_them() {
        let words = [
            "", "a", "A", "k", "10", "T", "t", "V", "j", "J", "1", "6", "66", "ace", "Aces",
            "KING", "kings", "knave", "jack", "Jacks", "ten", "tens", "sixes", "six", "queenS",
            "heart", "hearts", "HEARTS", "heartss", "spade", "club", "Clubs", "diamond", "d", "s",
            "♠", "♥", "♦", "♣", "♤", "♡", "♢", "♧", "x", "aces'", "sevens", "nine",
        ];
        for word in words {
            assert_eq!(rank_of(word.as_bytes()), Rank::from_word(word), "{word:?}");
            assert_eq!(suit_of(word.as_bytes()), Suit::from_word(word), "{word:?}");
        }
        for rank in [
            "", "A", "k", "q", "J", "v", "10", "T", "9", "8", "7", "6", "1", "KK",
        ] {
            for suit in [
                "", "S", "h", "D", "c", "♠", "♥", "♦", "♣", "♤", "♡", "♢", "♧", "X", "SS",
            ] {
                let token = format!("{rank}{suit}");
                assert_eq!(card_of(&token), token.parse().ok(), "{token:?}");
            }
        }
    }
}

#[cfg(test)]
mod generated_corpus {
    use super::*;
    use crate::engine::ruleset::PORTLAND;

    /// Every line `referee generate` writes (the rule benchmark's corpus)
    /// takes the fast path, except tags and the blank lines between deals.
    #[test]
    fn generated_lines_take_the_fast_path() {
        let players = ["A".to_string(), "B".to_string()];
        let text = crate::generate::transcript(60, 3, &PORTLAND);
        let slow: Vec<&str> = text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('['))
            .filter(|l| line(l, &players).is_none())
            .collect();
        assert!(
            slow.is_empty(),
            "{} lines fall back, e.g. {:?}",
            slow.len(),
            &slow[..slow.len().min(5)]
        );
    }
}
