//! The small parsers every line is built from, and the error they report.
//!
//! Each parser works on the text of one line (comment removed). Errors keep
//! the input where they happened, so the caller can turn them into a column.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1, take_while1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{map, opt, value};
use nom::error::{ContextError, ErrorKind, ParseError};
use nom::multi::{many0, separated_list1};
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

use crate::cards::{Card, CardRow, Rank, Suit};
use crate::notation::declaration::NUMBER_WORDS;
use crate::notation::event::{Cards, Place, PlaceKind, PlayerId};

/// Why a line could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError<'a> {
    /// The input at the problem.
    pub at: &'a str,
    /// How many bytes of `at` are the offending text (0: just a position).
    pub len: usize,
    /// What was expected there, as a context name (see [`describe`]).
    pub expected: Option<&'static str>,
    /// A message that says more than "expected …", where one was made.
    pub message: Option<String>,
}

impl<'a> SyntaxError<'a> {
    /// An error at `at`, over `len` bytes, with a message of its own.
    pub fn with_message(at: &'a str, len: usize, expected: &'static str, message: String) -> Self {
        SyntaxError {
            at,
            len,
            expected: Some(expected),
            message: Some(message),
        }
    }
}

impl<'a> ParseError<&'a str> for SyntaxError<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        SyntaxError {
            at: input,
            len: 0,
            expected: None,
            message: None,
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two alternatives that failed, report the one that got further.
    fn or(self, other: Self) -> Self {
        let rank = |e: &Self| {
            (
                usize::MAX - e.at.len(),
                e.message.is_some(),
                e.expected.is_some(),
            )
        };
        if rank(&other) >= rank(&self) {
            other
        } else {
            self
        }
    }
}

impl<'a> ContextError<&'a str> for SyntaxError<'a> {
    /// The innermost context names what was expected; outer ones only fill a gap.
    fn add_context(input: &'a str, ctx: &'static str, mut other: Self) -> Self {
        if other.expected.is_none() {
            other.expected = Some(ctx);
            if other.at.len() > input.len() {
                other.at = input;
            }
        }
        other
    }
}

/// The result of a line parser.
pub type PResult<'a, T> = IResult<&'a str, T, SyntaxError<'a>>;

/// Contexts: what was expected, and a hint that helps write it.
pub fn describe(expected: &str) -> (&str, Option<&'static str>) {
    let hint = match expected {
        "a card" => Some("a card is a rank then a suit, e.g. KH, 10S, TS or Q♦"),
        "a number" => Some("write a number in figures (5) or as a word (five)"),
        "a reply" => Some("a reply is `good`, `not good` (or `better`) or `equal`"),
        "a declaration" => Some(
            "e.g. `point 5`, `point 5 making 49`, `quart major`, `tierce to queen`, `three kings`, `quatorze of aces`, `carte blanche`",
        ),
        "a place" => Some(
            "a place is `stock`, `top of stock`, `bottom of stock`, `left cards`, `hand`, `discard`, `tricks`, `pack` or `table`, with `of B` for the adversary's",
        ),
        "quoted text" => Some("put the words in double quotes, e.g. \"Play five cards.\""),
        "a quoted tag value" => Some("a tag is a name and a quoted value, e.g. [Event \"Case XXII\"]"),
        "a rank" => Some("a rank is a word (`king`, `knaves`) or a letter (K, J, 10)"),
        "a verb" => Some(
            "a player's line is `<player> <verb> …`, e.g. `A discards 8H 7H`, `B replies good`, `A leads AS`; docs/notation.md lists every verb",
        ),
        "a player" => Some("the players are named by the tag [Players \"A B\"] (A and B when there is none)"),
        "a suit" => Some("a suit is `spades`, `hearts`, `diamonds` or `clubs` (or S H D C)"),
        _ => None,
    };
    (expected, hint)
}

/// One or more spaces or tabs.
pub fn sp(i: &str) -> PResult<'_, &str> {
    space1(i)
}

/// Is `c` a character that can continue a word?
fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '\'' || c == '-'
}

/// The keyword `word`, in any case, not followed by more letters.
pub fn kw<'a>(
    word: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = SyntaxError<'a>> {
    move |i: &'a str| match keyword_len(i, word) {
        Some(n) if !i[n..].starts_with(word_char) => Ok((&i[n..], &i[..n])),
        _ => Err(nom::Err::Error(SyntaxError::from_error_kind(
            i,
            ErrorKind::Tag,
        ))),
    }
}

/// How many bytes of `i` spell `word`, ignoring case; ASCII words compare byte by byte.
fn keyword_len(i: &str, word: &str) -> Option<usize> {
    if word.is_ascii() {
        let n = word.len();
        let head = i.as_bytes().get(..n)?;
        return head.eq_ignore_ascii_case(word.as_bytes()).then_some(n);
    }
    let mut rest = i.chars();
    for expected in word.chars() {
        let got = rest.next()?;
        if !got.to_lowercase().eq(expected.to_lowercase()) {
            return None;
        }
    }
    Some(i.len() - rest.as_str().len())
}

/// A run of keywords separated by spaces: `kws(&["top", "of", "stock"])`.
pub fn kws<'a>(
    words: &'static [&'static str],
) -> impl Parser<&'a str, Output = (), Error = SyntaxError<'a>> {
    move |mut i: &'a str| {
        for (n, word) in words.iter().enumerate() {
            if n > 0 {
                i = sp(i)?.0;
            }
            i = kw(word).parse(i)?.0;
        }
        Ok((i, ()))
    }
}

/// Articles and possessives a player may write before a noun: `the`, `a`, `his`, `own`.
pub fn fillers(i: &str) -> PResult<'_, ()> {
    value(
        (),
        many0(terminated(
            alt((
                kw("the"),
                kw("a"),
                kw("an"),
                kw("his"),
                kw("her"),
                kw("own"),
            )),
            sp,
        )),
    )
    .parse(i)
}

/// A token: everything up to white space or a comma.
pub fn token(i: &str) -> PResult<'_, &str> {
    take_till1(|c: char| c.is_whitespace() || c == ',').parse(i)
}

/// The end of the line, after optional spaces.
pub fn eol(i: &str) -> PResult<'_, ()> {
    let (rest, _) = space0(i)?;
    if rest.is_empty() {
        Ok((rest, ()))
    } else {
        let len = token(rest).map_or(rest.len(), |(_, t)| t.len());
        Err(nom::Err::Error(SyntaxError::with_message(
            rest,
            len,
            "the end of the line",
            format!("unexpected `{}` at the end of the line", &rest[..len]),
        )))
    }
}

/// A number: figures, or a word from `none` to `thirteen`.
pub fn number<'a>(i: &'a str) -> PResult<'a, u32> {
    let figures = |i: &'a str| -> PResult<'a, u32> {
        let (rest, digits) = digit1(i)?;
        match digits.parse::<u32>() {
            Ok(n) if n <= 100_000 => Ok((rest, n)),
            _ => Err(nom::Err::Error(SyntaxError::with_message(
                i,
                digits.len(),
                "a number",
                format!("`{digits}` is too large a number for a transcript"),
            ))),
        }
    };
    let words = |i: &'a str| -> PResult<'a, u32> {
        let (rest, word) = take_while1(|c: char| c.is_alphanumeric() || c == '-').parse(i)?;
        let n = number_word(word).ok_or(nom::Err::Error(SyntaxError::from_error_kind(
            i,
            ErrorKind::Tag,
        )))?;
        Ok((rest, n))
    };
    nom::error::context("a number", alt((figures, words))).parse(i)
}

/// The tens, as players say a score: `twenty` … `ninety`.
const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// Small numbers beyond the card counts of [`NUMBER_WORDS`].
const TEENS: [&str; 6] = [
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];

/// A number written as a word: `none` or `zero` … `nineteen`, the tens, and
/// compounds such as `forty-one` (any case).
pub fn number_word(word: &str) -> Option<u32> {
    let word = word.to_ascii_lowercase();
    let find = |list: &[&str], w: &str| list.iter().position(|x| *x == w).map(|n| n as u32);
    if word == "zero" {
        return Some(0);
    }
    if let Some(n) = find(&NUMBER_WORDS, &word) {
        return Some(n);
    }
    if let Some(n) = find(&TEENS, &word) {
        return Some(14 + n);
    }
    if let Some(n) = find(&TENS, &word) {
        return Some(20 + 10 * n);
    }
    let (tens, unit) = word.split_once('-')?;
    let unit = find(&NUMBER_WORDS[1..10], unit)? + 1;
    Some(20 + 10 * find(&TENS, tens)? + unit)
}

/// A number that fits a count of cards (0-255).
pub fn small(i: &str) -> PResult<'_, u8> {
    let (rest, n) = number(i)?;
    match u8::try_from(n) {
        Ok(n) => Ok((rest, n)),
        Err(_) => Err(nom::Err::Error(SyntaxError::with_message(
            i,
            i.len() - rest.len(),
            "a number",
            format!("{n} is too many cards"),
        ))),
    }
}

/// A card: `KH`, `10S`, `TS`, `Q♦`, `VC`, in any case.
pub fn card(i: &str) -> PResult<'_, Card> {
    let (rest, text) = token(i).map_err(|e| {
        e.map(|e| SyntaxError {
            expected: Some("a card"),
            ..e
        })
    })?;
    match text.parse::<Card>() {
        Ok(card) => Ok((rest, card)),
        Err(_) => Err(nom::Err::Error(SyntaxError::with_message(
            i,
            text.len(),
            "a card",
            match super::near::card_meant(text) {
                Some(meant) => format!("`{text}` is not a card: did you mean `{meant}`?"),
                None => format!("`{text}` is not a card"),
            },
        ))),
    }
}

/// Is the next token a card?
pub fn at_card(i: &str) -> bool {
    token(i).is_ok_and(|(_, t)| t.parse::<Card>().is_ok())
}

/// Cards separated by spaces, as many as there are; at least one.
///
/// The list ends at the end of the line or at a token that is one of
/// `stop` (such as `from`); any other token that is not a card is an error.
pub fn cards_until<'a>(
    stop: &'static [&'static str],
) -> impl Parser<&'a str, Output = CardRow, Error = SyntaxError<'a>> {
    move |i: &'a str| {
        let (mut rest, first) = card(i)?;
        let mut cards = CardRow::from([first]);
        while let Ok((after_space, _)) = sp(rest) {
            if after_space.is_empty() || stop.iter().any(|w| kw(w).parse(after_space).is_ok()) {
                break;
            }
            let (after, next) = card(after_space)?;
            cards.push(next);
            rest = after;
        }
        Ok((rest, cards))
    }
}

/// Cards named, or counted (`3`, `3 cards`, `three cards`).
pub fn cards_or_count<'a>(
    stop: &'static [&'static str],
) -> impl Parser<&'a str, Output = Cards, Error = SyntaxError<'a>> {
    move |i: &'a str| {
        if at_card(i) {
            return map(cards_until(stop), Cards::List).parse(i);
        }
        let counted = (small, opt(preceded(sp, alt((kw("cards"), kw("card"))))));
        match map(counted, |(n, _)| Cards::Count(n)).parse(i) {
            Ok(done) => Ok(done),
            // A count out of range says so.
            Err(nom::Err::Error(e)) if e.message.is_some() => Err(nom::Err::Error(e)),
            // Neither cards nor a count: report it as the card it was probably meant to be.
            Err(nom::Err::Error(_)) => {
                card(i).map(|(rest, c)| (rest, Cards::List(CardRow::from([c]))))
            }
            Err(other) => Err(other),
        }
    }
}

/// A word read as a `T`: the word is the longest run of characters that
/// `in_word` accepts; `read` gives its value, or the error names it as not `expected`.
fn word_as<'a, T>(
    i: &'a str,
    expected: &'static str,
    in_word: fn(char) -> bool,
    read: impl FnOnce(&str) -> Result<T, String>,
) -> PResult<'a, T> {
    let (rest, word) = take_while1(in_word).parse(i).map_err(|e| {
        e.map(|e| SyntaxError {
            expected: Some(expected),
            ..e
        })
    })?;
    match read(word) {
        Ok(value) => Ok((rest, value)),
        Err(message) => Err(nom::Err::Error(SyntaxError::with_message(
            i,
            word.len(),
            expected,
            message,
        ))),
    }
}

/// A player id from the `Players` tag, in any case.
pub fn player<'a>(
    players: &'a [String; 2],
) -> impl Parser<&'a str, Output = PlayerId, Error = SyntaxError<'a>> + 'a {
    move |i: &'a str| {
        word_as(i, "a player", char::is_alphanumeric, |word| {
            match players.iter().position(|p| p.eq_ignore_ascii_case(word)) {
                Some(n) => Ok(PlayerId(n as u8)),
                None => Err(format!(
                    "unknown player `{word}` (the players are {} and {})",
                    players[0], players[1]
                )),
            }
        })
    }
}

/// A rank as a word, singular or plural (`king`, `knaves`), or a symbol.
pub fn rank(i: &str) -> PResult<'_, Rank> {
    word_as(i, "a rank", char::is_alphanumeric, |word| {
        Rank::from_word(word).ok_or_else(|| format!("`{word}` is not a rank"))
    })
}

/// A suit as a word (`hearts`), letter or symbol.
pub fn suit(i: &str) -> PResult<'_, Suit> {
    word_as(
        i,
        "a suit",
        |c| !c.is_whitespace() && c != ',',
        |word| Suit::from_word(word).ok_or_else(|| format!("`{word}` is not a suit")),
    )
}

/// Scores by player: `A 62, B 92` (the comma may be left out).
pub fn scores<'a>(
    players: &'a [String; 2],
) -> impl Parser<&'a str, Output = Vec<(PlayerId, u32)>, Error = SyntaxError<'a>> + 'a {
    separated_list1(
        alt((preceded(space0, terminated(tag(","), space0)), sp)),
        map((player(players), sp, number), |(p, _, n)| (p, n)),
    )
}

/// A fixed phrase of a verb and its object, with articles allowed between:
/// `rectifies deal`, `rectifies the deal`.
pub fn phrase<'a>(
    verb: &'static str,
    object: &'static str,
) -> impl Parser<&'a str, Output = (), Error = SyntaxError<'a>> {
    value((), (kw(verb), sp, fillers, kw(object)))
}

/// A place: `stock`, `top of stock`, `discard of B`, `B's hand`, `left cards`, ….
pub fn place<'a>(
    players: &'a [String; 2],
) -> impl Parser<&'a str, Output = Place, Error = SyntaxError<'a>> + 'a {
    move |i: &'a str| {
        let (i, _) = fillers(i)?;
        // `B's discard`
        let possessive = |i: &'a str| {
            let (i, owner) = terminated(player(players), alt((tag("'s"), tag("’s")))).parse(i)?;
            let (i, _) = sp(i)?;
            Ok((i, owner))
        };
        let (i, owner_before) = opt(possessive).parse(i)?;
        let kinds = alt((
            value(PlaceKind::StockTop, kws(&["top", "of", "stock"])),
            value(PlaceKind::StockTop, kws(&["top", "of", "the", "stock"])),
            value(PlaceKind::StockBottom, kws(&["bottom", "of", "stock"])),
            value(
                PlaceKind::StockBottom,
                kws(&["bottom", "of", "the", "stock"]),
            ),
            value(PlaceKind::Left, kws(&["left", "cards"])),
            value(PlaceKind::Left, kws(&["cards", "left"])),
            value(PlaceKind::Stock, kw("stock")),
            value(PlaceKind::Hand, kw("hand")),
            value(PlaceKind::Discard, kw("discard")),
            value(PlaceKind::Tricks, kw("tricks")),
            value(PlaceKind::Pack, kw("pack")),
            value(PlaceKind::Table, kw("table")),
        ));
        let (i, kind) = nom::error::context("a place", kinds).parse(i)?;
        let (i, owner_after) = opt(preceded((sp, kw("of"), sp), player(players))).parse(i)?;
        Ok((
            i,
            Place {
                kind,
                owner: owner_before.or(owner_after),
            },
        ))
    }
}

/// Text in double quotes; `\"` and `\\` stand for `"` and `\`.
pub fn quoted(i: &str) -> PResult<'_, String> {
    let (mut rest, _) = nom::error::context("quoted text", char('"')).parse(i)?;
    let mut out = String::new();
    loop {
        let mut chars = rest.chars();
        match chars.next() {
            None => {
                return Err(nom::Err::Error(SyntaxError::with_message(
                    i,
                    i.len(),
                    "quoted text",
                    "the quoted text has no closing `\"`".to_string(),
                )))
            }
            Some('"') => return Ok((chars.as_str(), out)),
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => out.push(c),
                Some(c) => {
                    out.push('\\');
                    out.push(c);
                }
                None => out.push('\\'),
            },
            Some(c) => out.push(c),
        }
        rest = chars.as_str();
    }
}

/// Writes `text` as quoted text that [`quoted`] reads back.
pub fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> [String; 2] {
        ["A".to_string(), "Bob".to_string()]
    }

    #[test]
    fn keywords_need_a_word_boundary() {
        assert!(kw("leads").parse("LEADS AS").is_ok());
        assert!(kw("lead").parse("leads AS").is_err());
        assert!(kws(&["top", "of", "stock"]).parse("top  of stock").is_ok());
    }

    #[test]
    fn numbers_in_figures_and_words() {
        let table = [
            ("5", Some(5)),
            ("five", Some(5)),
            ("Thirteen", Some(13)),
            ("none", Some(0)),
            ("fivefold", None),
            ("x", None),
        ];
        for (text, expected) in table {
            let got = (number, eol).parse(text).ok().map(|(_, (n, _))| n);
            assert_eq!(got, expected, "{text:?}");
        }
        assert!(number("99999999999")
            .unwrap_err()
            .to_string()
            .contains("too large"));
    }

    #[test]
    fn card_lists_stop_at_their_stop_words_and_refuse_other_tokens() {
        let (rest, cards) = cards_until(&["from"]).parse("AS KS from stock").unwrap();
        assert_eq!((cards.len(), rest), (2, " from stock"));
        let err = cards_until(&[]).parse("AS KX QS").unwrap_err();
        let nom::Err::Error(e) = err else { panic!() };
        assert_eq!(e.message.as_deref(), Some("`KX` is not a card"));
        assert_eq!(e.at, "KX QS");
        assert_eq!(e.len, 2);
    }

    #[test]
    fn counted_cards() {
        let table = [
            ("3", Cards::Count(3)),
            ("3 cards", Cards::Count(3)),
            ("one card", Cards::Count(1)),
        ];
        for (text, expected) in table {
            assert_eq!(
                cards_or_count(&[]).parse(text).unwrap().1,
                expected,
                "{text}"
            );
        }
    }

    #[test]
    fn players_and_places() {
        let p = players();
        assert_eq!(player(&p).parse("bob plays").unwrap().1, PlayerId(1));
        let err = player(&p).parse("Carol plays").unwrap_err();
        assert!(format!("{err:?}").contains("unknown player `Carol`"));
        let table = [
            (
                "stock",
                Place {
                    kind: PlaceKind::Stock,
                    owner: None,
                },
            ),
            (
                "the bottom of the stock",
                Place {
                    kind: PlaceKind::StockBottom,
                    owner: None,
                },
            ),
            (
                "discard of Bob",
                Place {
                    kind: PlaceKind::Discard,
                    owner: Some(PlayerId(1)),
                },
            ),
            (
                "Bob's hand",
                Place {
                    kind: PlaceKind::Hand,
                    owner: Some(PlayerId(1)),
                },
            ),
            (
                "his own discard",
                Place {
                    kind: PlaceKind::Discard,
                    owner: None,
                },
            ),
            (
                "cards left",
                Place {
                    kind: PlaceKind::Left,
                    owner: None,
                },
            ),
        ];
        for (text, expected) in table {
            let got = (place(&p), eol).parse(text).map(|(_, (pl, _))| pl);
            assert_eq!(got, Ok(expected), "{text:?}");
        }
    }

    #[test]
    fn quoted_text_round_trips() {
        for text in ["Play five cards.", "say \"good\"", "back\\slash", ""] {
            let written = quote(text);
            assert_eq!(quoted(&written), Ok(("", text.to_string())), "{written}");
        }
        assert!(quoted("\"open").is_err());
    }
}
