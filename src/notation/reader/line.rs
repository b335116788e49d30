//! One line of a transcript: a tag, a header line, a table line or a player's act.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{cut, map, opt, value};
use nom::error::context;
use nom::sequence::{delimited, preceded, terminated};
use nom::Parser;

use super::act::{act, VERBS};
use super::syntax::{
    at_card, card, eol, kw, place, player, quoted, scores, sp, token, PResult, SyntaxError,
};
use crate::cards::{Card, CardRow};
use crate::notation::event::{Damage, Event, PackFault, Place, PlayerId, Trick};
use crate::notation::transcript::{CardList, Hand, Tag};

/// What one line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// `[Name "value"]`.
    Tag(Tag),
    /// `deal 3`.
    Deal(u32),
    /// `dealer B`.
    Dealer(PlayerId),
    /// `score A 62, B 92`.
    Score(Vec<(PlayerId, u32)>),
    /// `hand A: …`.
    Hand(Hand),
    /// `stock: …`.
    Stock(CardList),
    /// `turnup: KH`.
    Turnup(Card),
    /// An event.
    Event(Event),
}

/// Words that begin a line and so cannot be player ids.
pub const LINE_KEYWORDS: &[&str] = &[
    "deal",
    "dealer",
    "score",
    "hand",
    "stock",
    "turnup",
    "play",
    "replay",
    "written",
    "faced",
    "surplus",
    "pack",
    "torn",
    "marked",
    "bystander",
];

/// `[Name "value"]`.
fn tag_line(i: &str) -> PResult<'_, Tag> {
    let name = take_while1(|c: char| c.is_alphanumeric() || c == '_' || c == '-');
    let (i, (name, value)) = preceded(
        char('['),
        cut(terminated(
            (
                delimited(space0, context("a tag name", name), space0),
                context("a quoted tag value", quoted),
            ),
            (space0, context("`]` closing the tag", char(']'))),
        )),
    )
    .parse(i)
    .map_err(|e| {
        e.map(|mut err| {
            if err.message.as_deref() == Some("the quoted text has no closing `\"`") {
                err.message = Some("unterminated tag: the value has no closing `\"`".into());
            }
            if err.expected == Some("quoted text") {
                err.expected = Some("a quoted tag value");
            }
            err
        })
    })?;
    Ok((
        i,
        Tag {
            name: name.to_string(),
            value,
        },
    ))
}

/// Cards to the end of the line, with `...` at the end for cards unknown.
fn card_list(i: &str) -> PResult<'_, CardList> {
    let mut cards = CardRow::new();
    let mut rest = i;
    loop {
        let (after, _) = space0(rest)?;
        if after.is_empty() {
            return Ok((
                after,
                CardList {
                    cards,
                    complete: true,
                },
            ));
        }
        if let Ok((after, _)) = alt((tag::<_, _, SyntaxError>("..."), tag("…"))).parse(after) {
            let (after, _) = eol(after)?;
            return Ok((
                after,
                CardList {
                    cards,
                    complete: false,
                },
            ));
        }
        let (after, c) = card(after)?;
        cards.push(c);
        rest = after;
    }
}

/// `2. KS 9H 3. QS 8D`: tricks numbered, leader's card first.
fn tricks<'a>(i: &'a str) -> PResult<'a, Vec<Trick>> {
    let trick_number = |i: &'a str| -> PResult<'a, u8> {
        let (rest, n) =
            context("a trick number such as `2.`", terminated(digit1, char('.'))).parse(i)?;
        let number = n.parse::<u8>().map_err(|_| {
            nom::Err::Failure(SyntaxError::with_message(
                i,
                n.len(),
                "a trick number such as `2.`",
                format!("{n} is too large a trick number"),
            ))
        })?;
        Ok((rest, number))
    };
    let mut out = Vec::new();
    let (mut rest, _) = space0(i)?;
    loop {
        let (after, number) = match trick_number(rest) {
            Ok(done) => done,
            // After the first trick, a token that is no trick number was probably meant as a card.
            Err(nom::Err::Error(e)) if !out.is_empty() => {
                card(rest)?;
                return Err(nom::Err::Error(e));
            }
            Err(e) => return Err(e),
        };
        let mut cards = CardRow::new();
        let mut after = after;
        loop {
            let (next, _) = space0(after)?;
            if !at_card(next) {
                after = next;
                break;
            }
            let (next, c) = card(next)?;
            cards.push(c);
            after = next;
        }
        if cards.is_empty() {
            let len = token(after).map_or(0, |(_, t)| t.len());
            return Err(nom::Err::Failure(SyntaxError::with_message(
                after,
                len,
                "a card",
                if len == 0 {
                    format!("trick {number} has no cards")
                } else {
                    format!("`{}` is not a card", &after[..len])
                },
            )));
        }
        out.push(Trick { number, cards });
        if after.is_empty() {
            return Ok((after, out));
        }
        rest = after;
    }
}

/// What follows `replay` (or `play again`): `from trick 6`, `from 6`, or
/// nothing, for the whole hand played over again (from trick 1).
fn replay_from(i: &str) -> PResult<'_, Line> {
    let trick = |i| {
        let (rest, n) = super::syntax::number(i).map_err(|e| {
            e.map(|mut err| {
                err.expected = Some("a trick number");
                err
            })
        })?;
        match u8::try_from(n) {
            Ok(n) => Ok((rest, n)),
            Err(_) => Err(nom::Err::Failure(SyntaxError::with_message(
                i,
                i.len() - rest.len(),
                "a trick number",
                format!("{n} is too large a trick number"),
            ))),
        }
    };
    let from = preceded(
        (sp, kw("from"), sp, opt((kw("trick"), sp))),
        cut(context("a trick number", trick)),
    );
    map(opt(from), |from| {
        Line::Event(Event::Replay {
            from: from.unwrap_or(1),
        })
    })
    .parse(i)
}

/// A table line: one that belongs to no player, dispatched on its keyword
/// (`None` for a continuation of compact play, `8. AH JH`).
fn table_line<'a>(
    keyword: Option<&'static str>,
    i: &'a str,
    p: &'a [String; 2],
) -> PResult<'a, Line> {
    let card_opt = || opt(terminated(card, sp));
    let found_in = |i: &'a str| preceded((kw("in"), sp), place(p)).parse(i);
    let colon = || opt(preceded(space0, char(':')));
    let event = |event| Line::Event(event);
    match keyword {
        Some("deal") => map(
            preceded((kw("deal"), space0), cut(super::syntax::number)),
            Line::Deal,
        )
        .parse(i),
        Some("dealer") => map(
            preceded((kw("dealer"), space0), cut(player(p))),
            Line::Dealer,
        )
        .parse(i),
        Some("score") => map(preceded((kw("score"), space0), cut(scores(p))), Line::Score).parse(i),
        Some("hand") => map(
            preceded((kw("hand"), space0), cut((player(p), colon(), card_list))),
            |(player, _, cards)| Line::Hand(Hand { player, cards }),
        )
        .parse(i),
        Some("stock") => map(
            preceded((kw("stock"), colon()), cut(card_list)),
            Line::Stock,
        )
        .parse(i),
        Some("turnup" | "turn-up") => map(
            preceded(
                (alt((kw("turnup"), kw("turn-up"))), colon(), space0),
                cut(card),
            ),
            Line::Turnup,
        )
        .parse(i),
        Some("play") => alt((
            preceded((kw("play"), sp, kw("again")), cut(replay_from)),
            map(preceded(kw("play"), cut(tricks)), |tricks| {
                event(Event::Play { tricks })
            }),
        ))
        .parse(i),
        Some("replay") => preceded(kw("replay"), cut(replay_from)).parse(i),
        Some("written") => map(
            preceded((kw("written"), space0), cut(scores(p))),
            |scores| event(Event::Written { scores }),
        )
        .parse(i),
        Some("faced") => map(
            preceded(
                (kw("faced"), sp, opt((kw("card"), sp))),
                cut((card_opt(), found_in)),
            ),
            |(card, place): (Option<Card>, Place)| event(Event::Faced { card, place }),
        )
        .parse(i),
        Some("surplus") => map(
            preceded(
                (kw("surplus"), sp, opt((kw("card"), sp))),
                cut((card_opt(), found_in)),
            ),
            |(card, place)| event(Event::Surplus { card, place }),
        )
        .parse(i),
        Some("pack") => map(
            preceded(
                (kw("pack"), sp, opt((kw("is"), sp))),
                cut(context(
                    "`incorrect`, `redundant` or `imperfect`",
                    alt((
                        value(PackFault::Incorrect, kw("incorrect")),
                        value(PackFault::Redundant, kw("redundant")),
                        value(PackFault::Imperfect, kw("imperfect")),
                    )),
                )),
            ),
            |fault| event(Event::Pack { fault }),
        )
        .parse(i),
        Some("torn" | "marked") => map(
            (
                alt((
                    value(Damage::Torn, kw("torn")),
                    value(Damage::Marked, kw("marked")),
                )),
                cut(preceded(opt((sp, kw("card"))), opt(preceded(sp, card)))),
            ),
            |(damage, card)| event(Event::Damaged { card, damage }),
        )
        .parse(i),
        Some("bystander") => map(
            preceded((kw("bystander"), sp, opt((kw("says"), sp))), cut(quoted)),
            |remark| event(Event::Bystander { remark }),
        )
        .parse(i),
        // A continuation of compact play: `8. AH JH 9. QD 9D`.
        _ => map(tricks, |tricks| event(Event::Play { tricks })).parse(i),
    }
}

/// A player's line: `A discards 8H 7H`.
fn player_line<'a>(
    players: &'a [String; 2],
) -> impl Parser<&'a str, Output = Line, Error = SyntaxError<'a>> + 'a {
    move |i: &'a str| {
        let (rest, who) = player(players).parse(i).map_err(|e| match e {
            nom::Err::Error(err) => {
                // Not a player: say so only if a verb follows; otherwise the line is unknown.
                let first = token(i).map_or("", |(_, t)| t);
                let second = i[first.len()..].split_whitespace().next().unwrap_or("");
                if VERBS.iter().any(|v| v.eq_ignore_ascii_case(second)) {
                    nom::Err::Failure(err)
                } else {
                    let word = first.trim_end_matches(':');
                    let message = match super::near::nearest(word, LINE_KEYWORDS) {
                        Some(meant) => format!(
                            "cannot read a line that begins `{first}`: did you mean `{meant}`?"
                        ),
                        None => format!("cannot read a line that begins `{first}`"),
                    };
                    nom::Err::Failure(SyntaxError::with_message(i, first.len(), "a line", message))
                }
            }
            other => other,
        })?;
        let (rest, _) = cut(context("a verb", sp)).parse(rest)?;
        let (rest, act) = cut(act(players)).parse(rest)?;
        Ok((rest, Line::Event(Event::Act { player: who, act })))
    }
}

/// Reads one line (comment removed, not empty) with the nom grammar.
/// `players` are the ids in force.
///
/// The reader first tries `fast::line`, which reads the commonest
/// lines, written plainly, as this does; every other line comes here.
pub fn grammar_line<'a>(text: &'a str, players: &'a [String; 2]) -> Result<Line, SyntaxError<'a>> {
    let parsed = if text.starts_with('[') {
        terminated(map(tag_line, Line::Tag), cut(eol)).parse(text)
    } else if let Some(question) = text.strip_prefix('?') {
        return Ok(Line::Event(Event::Question {
            text: question.trim().to_string(),
        }));
    } else {
        match line_keyword(text) {
            Some(keyword) => terminated(|i| table_line(keyword, i, players), cut(eol)).parse(text),
            None => player_line(players).parse(text),
        }
    };
    match parsed {
        Ok((_, line)) => Ok(line),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(e),
        Err(nom::Err::Incomplete(_)) => Err(SyntaxError::with_message(
            text,
            0,
            "a line",
            "incomplete line".into(),
        )),
    }
}

/// The table keyword a line begins with: `Some(Some("hand"))`; `Some(None)`
/// for a trick number (`8.`) that continues compact play; `None` for a player's line.
pub(super) fn line_keyword(text: &str) -> Option<Option<&'static str>> {
    let first = text
        .split(|c: char| c.is_whitespace() || c == ':')
        .next()
        .unwrap_or("");
    if let Some(keyword) = LINE_KEYWORDS
        .iter()
        .chain(&["turn-up"])
        .find(|k| k.eq_ignore_ascii_case(first))
    {
        return Some(Some(keyword));
    }
    let trick_number = first.len() > 1
        && first.ends_with('.')
        && first[..first.len() - 1].bytes().all(|b| b.is_ascii_digit());
    trick_number.then_some(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::event::{Act, PlaceKind};

    fn read(text: &str) -> Result<Line, String> {
        let players = ["A".to_string(), "B".to_string()];
        grammar_line(text, &players).map_err(|e| {
            e.message
                .unwrap_or_else(|| format!("expected {}", e.expected.unwrap_or("?")))
        })
    }

    fn cards(text: &str) -> CardRow {
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect()
    }

    #[test]
    fn header_lines() {
        let table = [
            (
                "[Event \"Case XXII\"]",
                Line::Tag(Tag {
                    name: "Event".into(),
                    value: "Case XXII".into(),
                }),
            ),
            ("deal 1", Line::Deal(1)),
            ("dealer B", Line::Dealer(PlayerId(1))),
            (
                "score A 62, B 92",
                Line::Score(vec![(PlayerId(0), 62), (PlayerId(1), 92)]),
            ),
            (
                "hand A: AS KS QS",
                Line::Hand(Hand {
                    player: PlayerId(0),
                    cards: CardList {
                        cards: cards("AS KS QS"),
                        complete: true,
                    },
                }),
            ),
            (
                "hand B: AS ...",
                Line::Hand(Hand {
                    player: PlayerId(1),
                    cards: CardList {
                        cards: cards("AS"),
                        complete: false,
                    },
                }),
            ),
            (
                "stock: 8H 7H",
                Line::Stock(CardList {
                    cards: cards("8H 7H"),
                    complete: true,
                }),
            ),
            ("turnup: KH", Line::Turnup("KH".parse().unwrap())),
        ];
        for (text, expected) in table {
            assert_eq!(read(text), Ok(expected), "{text:?}");
        }
    }

    #[test]
    fn table_lines() {
        let play = |text: &str| {
            let tricks = text
                .split(';')
                .map(|t| {
                    let (n, cs) = t.trim().split_once(' ').unwrap();
                    Trick {
                        number: n.parse().unwrap(),
                        cards: cards(cs),
                    }
                })
                .collect();
            Line::Event(Event::Play { tricks })
        };
        let table = [
            ("play 2. KS 9H 3. QS 8D", play("2 KS 9H; 3 QS 8D")),
            ("play 8. AH JH", play("8 AH JH")),
            ("9. QD 9D 10. AC 10S", play("9 QD 9D; 10 AC 10S")),
            (
                "written A 32, B 6",
                Line::Event(Event::Written {
                    scores: vec![(PlayerId(0), 32), (PlayerId(1), 6)],
                }),
            ),
            (
                "faced card 7H in stock",
                Line::Event(Event::Faced {
                    card: Some("7H".parse().unwrap()),
                    place: Place {
                        kind: PlaceKind::Stock,
                        owner: None,
                    },
                }),
            ),
            (
                "surplus 7S in discard of A",
                Line::Event(Event::Surplus {
                    card: Some("7S".parse().unwrap()),
                    place: Place {
                        kind: PlaceKind::Discard,
                        owner: Some(PlayerId(0)),
                    },
                }),
            ),
            (
                "replay from trick 6",
                Line::Event(Event::Replay { from: 6 }),
            ),
            ("Replay from 6", Line::Event(Event::Replay { from: 6 })),
            ("replay", Line::Event(Event::Replay { from: 1 })),
            (
                "play again from trick 9",
                Line::Event(Event::Replay { from: 9 }),
            ),
            (
                "pack is redundant",
                Line::Event(Event::Pack {
                    fault: PackFault::Redundant,
                }),
            ),
            (
                "torn card KH",
                Line::Event(Event::Damaged {
                    card: Some("KH".parse().unwrap()),
                    damage: Damage::Torn,
                }),
            ),
            (
                "bystander says \"B has a quint\"",
                Line::Event(Event::Bystander {
                    remark: "B has a quint".into(),
                }),
            ),
            (
                "? Is B entitled to score his kings?",
                Line::Event(Event::Question {
                    text: "Is B entitled to score his kings?".into(),
                }),
            ),
            (
                "A discards 8H",
                Line::Event(Event::Act {
                    player: PlayerId(0),
                    act: Act::Discards(crate::notation::event::Cards::List(cards("8H"))),
                }),
            ),
        ];
        for (text, expected) in table {
            assert_eq!(read(text), Ok(expected), "{text:?}");
        }
    }

    #[test]
    fn errors() {
        let table = [
            ("[Event \"Case XXII", "unterminated tag"),
            ("[Event Case]", "expected a quoted tag value"),
            (
                "C discards 8H",
                "unknown player `C` (the players are A and B)",
            ),
            ("Wibble wobble", "cannot read a line that begins `Wibble`"),
            ("deal one1", "expected a number"),
            ("play 2. KS XX", "`XX` is not a card"),
            ("play KS 9H", "expected a trick number such as `2.`"),
            ("hand A: AS KS junk", "`junk` is not a card"),
            ("score A lots", "expected a number"),
            ("A", "expected a verb"),
            ("turnup", "expected a card"),
            ("dealer", "expected a player"),
            ("play 300. AS", "300 is too large a trick number"),
            ("replay from trick 300", "300 is too large a trick number"),
            ("replay from trick", "expected a trick number"),
            ("replay trick 6", "unexpected `trick`"),
            ("play again from AS", "expected a trick number"),
        ];
        for (text, message) in table {
            let err = read(text).unwrap_err();
            assert!(err.contains(message), "{text:?}: {err}");
        }
    }
}
