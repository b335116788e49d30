//! Declarations as written after `calls`, `reckons`, `claims to score` and `corrects`.

use nom::branch::alt;
use nom::combinator::{cut, map, opt, value};
use nom::error::context;
use nom::sequence::preceded;
use nom::Parser;

use super::syntax::{kw, kws, number, rank, small, sp, suit, PResult, SyntaxError};
use crate::cards::Rank;
use crate::notation::declaration::{Call, Declaration, SetKind, Top};

/// A sequence name and its length: `tierce` 3 … `neuvieme` 9, with or without accents.
fn sequence_length(i: &str) -> PResult<'_, u8> {
    alt((
        value(3, kw("tierce")),
        value(4, alt((kw("quart"), kw("quarte")))),
        value(5, kw("quint")),
        value(6, alt((kw("sixieme"), kw("sixième")))),
        value(7, alt((kw("septieme"), kw("septième")))),
        value(8, alt((kw("huitieme"), kw("huitième")))),
        value(9, alt((kw("neuvieme"), kw("neuvième")))),
    ))
    .parse(i)
}

/// `major`, `minor`, `to queen` (also `to the queen`, `to Q`).
fn top(i: &str) -> PResult<'_, Top> {
    alt((
        value(Top::Major, kw("major")),
        value(Top::Minor, kw("minor")),
        map(
            preceded((kw("to"), sp, opt((kw("the"), sp))), rank),
            Top::To,
        ),
    ))
    .parse(i)
}

/// `in hearts` (also `in H`).
fn in_suit(i: &str) -> PResult<'_, crate::cards::Suit> {
    preceded((sp, kw("in"), sp), suit).parse(i)
}

fn sequence(i: &str) -> PResult<'_, Declaration> {
    let (i, length) = sequence_length(i)?;
    let (i, top) = opt(preceded(sp, top)).parse(i)?;
    let (i, suit) = opt(in_suit).parse(i)?;
    Ok((
        i,
        Declaration::Sequence {
            length,
            top: top.unwrap_or(Top::Unstated),
            suit,
        },
    ))
}

/// `point 5`, `point 5 making 49`, `point making 46`, each with `in hearts` allowed.
fn point(i: &str) -> PResult<'_, Declaration> {
    let (i, _) = kw("point").parse(i)?;
    let (i, cards) = opt(preceded(sp, small)).parse(i)?;
    let (i, making) = opt(preceded((sp, kw("making"), sp), cut(number))).parse(i)?;
    let (i, suit) = opt(in_suit).parse(i)?;
    Ok((
        i,
        Declaration::Point {
            cards,
            making,
            suit,
        },
    ))
}

/// A rank that a trio or quatorze can be of: tens and above.
fn set_rank(i: &str) -> PResult<'_, Rank> {
    let (rest, r) = rank(i)?;
    if r >= Rank::Ten {
        Ok((rest, r))
    } else {
        Err(nom::Err::Error(SyntaxError::with_message(
            i,
            i.len() - rest.len(),
            "a rank",
            format!(
                "trios and quatorzes are of tens and above, not {}",
                r.plural()
            ),
        )))
    }
}

/// `three kings`, `4 aces`, `trio of tens`, `quatorze of aces`, `trio`, `quatorze`.
fn set(i: &str) -> PResult<'_, Declaration> {
    let counted = map(
        (
            alt((
                value(SetKind::Trio, alt((kw("three"), kw("3")))),
                value(SetKind::Quatorze, alt((kw("four"), kw("4")))),
            )),
            sp,
            set_rank,
        ),
        |(set, _, rank)| Declaration::Set {
            set,
            rank: Some(rank),
        },
    );
    let named = map(
        (
            alt((
                value(SetKind::Trio, kw("trio")),
                value(SetKind::Quatorze, kw("quatorze")),
            )),
            opt(preceded((sp, opt((kw("of"), sp))), set_rank)),
        ),
        |(set, rank)| Declaration::Set { set, rank },
    );
    alt((counted, named)).parse(i)
}

/// One declaration.
pub fn declaration(i: &str) -> PResult<'_, Declaration> {
    context(
        "a declaration",
        alt((
            value(Declaration::CarteBlanche, kws(&["carte", "blanche"])),
            point,
            sequence,
            set,
        )),
    )
    .parse(i)
}

/// What follows `calls`: a declaration or `no sequence`.
pub fn call(i: &str) -> PResult<'_, Call> {
    alt((
        value(Call::NoSequence, kws(&["no", "sequence"])),
        map(declaration, Call::Declare),
    ))
    .parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit;
    use crate::notation::reader::syntax::eol;

    fn read(text: &str) -> Option<Declaration> {
        (declaration, eol).parse(text).ok().map(|(_, (d, _))| d)
    }

    #[test]
    fn every_form_of_the_core_notation() {
        let seq = |length, top, suit| Some(Declaration::Sequence { length, top, suit });
        let set = |set, rank| Some(Declaration::Set { set, rank });
        let table = [
            (
                "point 5",
                Some(Declaration::Point {
                    cards: Some(5),
                    making: None,
                    suit: None,
                }),
            ),
            (
                "point 5 making 49",
                Some(Declaration::Point {
                    cards: Some(5),
                    making: Some(49),
                    suit: None,
                }),
            ),
            (
                "point making 46",
                Some(Declaration::Point {
                    cards: None,
                    making: Some(46),
                    suit: None,
                }),
            ),
            (
                "point six in hearts",
                Some(Declaration::Point {
                    cards: Some(6),
                    making: None,
                    suit: Some(Suit::Hearts),
                }),
            ),
            ("quart major", seq(4, Top::Major, None)),
            ("tierce to queen", seq(3, Top::To(Rank::Queen), None)),
            ("tierce to the knave", seq(3, Top::To(Rank::Knave), None)),
            ("quint minor", seq(5, Top::Minor, None)),
            (
                "sixieme to king in hearts",
                seq(6, Top::To(Rank::King), Some(Suit::Hearts)),
            ),
            ("Huitième major", seq(8, Top::Major, None)),
            ("neuvieme minor", seq(9, Top::Minor, None)),
            ("tierce", seq(3, Top::Unstated, None)),
            ("three kings", set(SetKind::Trio, Some(Rank::King))),
            ("four aces", set(SetKind::Quatorze, Some(Rank::Ace))),
            ("quatorze of aces", set(SetKind::Quatorze, Some(Rank::Ace))),
            ("trio of tens", set(SetKind::Trio, Some(Rank::Ten))),
            ("4 knaves", set(SetKind::Quatorze, Some(Rank::Knave))),
            ("quatorze", set(SetKind::Quatorze, None)),
            ("carte blanche", Some(Declaration::CarteBlanche)),
            ("three nines", None),
            ("quint to", None),
            ("sequence", None),
        ];
        for (text, expected) in table {
            assert_eq!(read(text), expected, "{text:?}");
        }
    }

    #[test]
    fn canonical_forms_read_back() {
        for text in [
            "point 5 making 49 in hearts",
            "sixieme to king in hearts",
            "three kings",
            "quatorze",
            "tierce",
        ] {
            assert_eq!(read(text).map(|d| d.to_string()).as_deref(), Some(text));
        }
    }

    #[test]
    fn no_sequence() {
        assert_eq!(call("no sequence"), Ok(("", Call::NoSequence)));
    }
}
