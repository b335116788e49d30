//! What follows a player id: a verb and its arguments.

use nom::branch::alt;
use nom::combinator::{cut, map, opt, success, value};
use nom::error::context;
use nom::multi::separated_list1;
use nom::sequence::{delimited, preceded, terminated};
use nom::Parser;

use super::declaration::{call, declaration};
use super::syntax::{
    card, cards_or_count, cards_until, eol, fillers, kw, kws, number, phrase, place, player,
    quoted, rank, scores, small, sp, suit, PResult, SyntaxError,
};
use crate::cards::Card;
use crate::notation::declaration::Declaration;
use crate::notation::event::{
    Act, Answer, Choice, Claim, Correction, Mixed, Place, PlaceKind, Question, Reply,
};

/// The verbs a player line may use, for messages.
pub const VERBS: &[&str] = &[
    "discards",
    "leaves",
    "takes",
    "touches",
    "sees",
    "looks",
    "mixes",
    "exposes",
    "examines",
    "calls",
    "asks",
    "answers",
    "replies",
    "corrects",
    "reckons",
    "shows",
    "says",
    "leads",
    "plays",
    "retakes",
    "drops",
    "offers",
    "accepts",
    "refuses",
    "claims",
    "announces",
    "proposes",
    "stands",
    "marks",
    "shuffles",
    "cuts",
    "deals",
    "misdeals",
    "rectifies",
    "collects",
    "confuses",
    "completes",
    "chooses",
    "turns",
    "names",
    "requires",
    "elects",
    "declines",
    "writes",
    "withdraws",
    "waives",
    "abandons",
    "throws",
];

/// `good`, `not good`, `better`, `equal`.
pub fn reply(i: &str) -> PResult<'_, Reply> {
    context(
        "a reply",
        alt((
            value(Reply::Good, kw("good")),
            value(Reply::NotGood, kws(&["not", "good"])),
            value(Reply::NotGood, kw("better")),
            value(Reply::Equal, kw("equal")),
        )),
    )
    .parse(i)
}

/// A card written out: `queen of diamonds`, or as a card `QD`.
fn named_card(i: &str) -> PResult<'_, Card> {
    alt((
        map((rank, sp, kw("of"), sp, suit), |(r, _, _, _, s)| {
            Card::new(r, s)
        }),
        card,
    ))
    .parse(i)
}

fn question(i: &str) -> PResult<'_, Question> {
    alt((
        value(Question::Making, kw("making")),
        map(preceded((kw("which"), sp), rank), Question::Which),
        value(Question::HowManyCards, kws(&["how", "many", "cards"])),
        map(
            preceded((kws(&["how", "many"]), sp), suit),
            Question::HowMany,
        ),
        value(Question::ToWhatCard, kws(&["to", "what", "card"])),
        map(
            preceded(
                alt((
                    kws(&["to", "see"]),
                    value((), kw("show")),
                    value((), kw("see")),
                )),
                opt(preceded(sp, declaration)),
            ),
            Question::Show,
        ),
        map(quoted, Question::Other),
    ))
    .parse(i)
}

fn answer(i: &str) -> PResult<'_, Answer> {
    alt((
        map(preceded((kw("making"), sp), cut(number)), Answer::Making),
        map(named_card, Answer::Card),
        map(small, Answer::Count),
        map(quoted, Answer::Other),
    ))
    .parse(i)
}

/// `point 6, quint to queen, three tens = 24`, or `nothing`.
fn reckoning(i: &str) -> PResult<'_, (Vec<Declaration>, Option<u32>)> {
    let items = alt((
        value(Vec::new(), kw("nothing")),
        separated_list1(
            (
                nom::character::complete::space0,
                nom::character::complete::char(','),
                nom::character::complete::space0,
            ),
            declaration,
        ),
    ));
    let total = opt(preceded(
        (
            nom::character::complete::space0,
            nom::character::complete::char('='),
            nom::character::complete::space0,
        ),
        cut(number),
    ));
    (items, total).parse(i)
}

fn claim<'a>(
    players: &'a [String; 2],
) -> impl Parser<&'a str, Output = Claim, Error = SyntaxError<'a>> + 'a {
    move |i: &'a str| {
        let from_trick = || opt(preceded((sp, kws(&["from", "trick"]), sp), small));
        let replay = alt((
            map(preceded(kw("replay"), from_trick()), Claim::PlayAgain),
            map(
                preceded(
                    (
                        opt((kw("to"), sp)),
                        alt((kw("play"), kw("have"))),
                        sp,
                        fillers,
                        opt((kws(&["end", "of"]), sp, fillers)),
                        kw("hand"),
                        opt((sp, kw("played"))),
                        sp,
                        kw("again"),
                    ),
                    from_trick(),
                ),
                Claim::PlayAgain,
            ),
            map(
                preceded(
                    (
                        kw("hand"),
                        opt((sp, kw("be"))),
                        sp,
                        kw("played"),
                        sp,
                        kw("again"),
                    ),
                    from_trick(),
                ),
                Claim::PlayAgain,
            ),
        ));
        let mut nothing = map(
            (
                player(players),
                sp,
                opt((kw("can"), sp)),
                alt((kw("reckons"), kw("reckon"), kw("scores"), kw("score"))),
                sp,
                kw("nothing"),
            ),
            |(p, ..)| Claim::ReckonsNothing(p),
        );
        // A player id may be `A`, like the article: try `A reckons nothing` before reading articles.
        if let Ok(done) = nothing.parse(i) {
            return Ok(done);
        }
        let (i, _) = fillers(i)?;
        alt((
            value(Claim::FreshDeal, kws(&["fresh", "deal"])),
            map(
                preceded(
                    (opt((kw("to"), sp)), alt((kw("score"), kw("reckon"))), sp),
                    cut(separated_list1(
                        (
                            nom::character::complete::space0,
                            nom::character::complete::char(','),
                            nom::character::complete::space0,
                        ),
                        declaration,
                    )),
                ),
                Claim::Score,
            ),
            replay,
            value(Claim::Revoke, kw("revoke")),
            value(
                Claim::AlterDiscard,
                (opt((kw("to"), sp)), kw("alter"), sp, fillers, kw("discard")),
            ),
            map(quoted, Claim::Other),
        ))
        .parse(i)
    }
}

/// `from`/`of`/`in` before a place; `of B` alone is B's hand.
fn at_place<'a>(
    players: &'a [String; 2],
) -> impl Parser<&'a str, Output = Place, Error = SyntaxError<'a>> + 'a {
    alt((
        preceded(
            (sp, alt((kw("from"), kw("of"), kw("in"))), sp),
            place(players),
        ),
        map(preceded((sp, kw("of"), sp), player(players)), |owner| {
            Place {
                kind: PlaceKind::Hand,
                owner: Some(owner),
            }
        }),
    ))
}

/// The stock, where a place is not written.
const STOCK: Place = Place {
    kind: PlaceKind::Stock,
    owner: None,
};

/// What a player did: the verb and its arguments, up to the end of the line.
/// Rounds of dealing: `2`, `threes`, `2 and 3`, `three then two`.
fn dealing_rounds(i: &str) -> PResult<'_, Vec<u8>> {
    separated_list1(
        (sp, alt((kw("and"), kw("then"))), sp),
        alt((
            value(2, alt((kw("twos"), kw("two")))),
            value(3, alt((kw("threes"), kw("three")))),
            small,
        )),
    )
    .parse(i)
}

/// Words that end a list of cards before a place: `exposes KH from stock`.
const STOPS: &[&str] = &["from", "of", "in", "with"];

/// The verb of a player line, lower-cased, without allocating (`""` if none is known).
fn verb_of(i: &str) -> &'static str {
    let word = super::syntax::token(i).map_or("", |(_, t)| t);
    VERBS
        .iter()
        .copied()
        .find(|v| v.eq_ignore_ascii_case(word))
        .unwrap_or("")
}

/// The deal: shuffling, cutting, dealing, new cards (laws 1-17, 76).
fn deal_acts(i: &str) -> PResult<'_, Act> {
    alt((
        value(Act::Shuffles, kw("shuffles")),
        map(
            // A card first: `cuts 10S` is the ten, not ten cards.
            preceded(
                kw("cuts"),
                cut(opt(preceded(
                    sp,
                    alt((
                        map(card, |c| (None, Some(c))),
                        map((small, opt(preceded(sp, card))), |(n, c)| (Some(n), c)),
                    )),
                ))),
            ),
            |cut| {
                let (cards, card) = cut.unwrap_or((None, None));
                Act::Cuts { cards, card }
            },
        ),
        map(
            preceded((kw("deals"), sp, kw("by"), sp), cut(dealing_rounds)),
            Act::DealsBy,
        ),
        value(
            Act::DealsWrongPack,
            (
                kw("deals"),
                sp,
                kw("with"),
                sp,
                fillers,
                kws(&["wrong", "pack"]),
            ),
        ),
        value(
            Act::DealsOutOfTurn,
            (kw("deals"), sp, kws(&["out", "of", "turn"])),
        ),
        map(
            preceded(kw("misdeals"), opt(preceded(sp, small))),
            Act::Misdeals,
        ),
        value(Act::RectifiesDeal, phrase("rectifies", "deal")),
        value(Act::CollectsCards, phrase("collects", "cards")),
        value(
            Act::CallsForNewCards,
            (
                kw("calls"),
                sp,
                kw("for"),
                sp,
                kw("new"),
                sp,
                alt((kw("cards"), kw("packs"))),
            ),
        ),
    ))
    .parse(i)
}

/// Discarding and taking in, and handling the stock and discards (laws 21-45).
fn exchange<'a>(i: &'a str, p: &'a [String; 2]) -> PResult<'a, Act> {
    alt((
        map(
            preceded((kw("discards"), sp), cut(cards_or_count(&[]))),
            Act::Discards,
        ),
        map(
            preceded(
                (kw("leaves"), sp),
                cut(nom::sequence::terminated(
                    small,
                    opt((sp, alt((kw("cards"), kw("card"))))),
                )),
            ),
            Act::Leaves,
        ),
        value(
            Act::TakesUpHand,
            (kw("takes"), sp, kw("up"), sp, fillers, kw("hand")),
        ),
        map(
            preceded(
                (kw("takes"), sp, kw("up")),
                cut(preceded(sp, (cards_or_count(STOPS), opt(at_place(p))))),
            ),
            |(cards, from)| Act::TakesUp {
                cards,
                from: from.unwrap_or(STOCK),
            },
        ),
        map(
            preceded((kw("takes"), sp), cut(cards_or_count(&[]))),
            Act::Takes,
        ),
        map(preceded((kw("touches"), sp), cut(place(p))), Act::Touches),
        map(
            preceded(
                alt((
                    (kw("sees"), sp),
                    (kw("looks"), (sp, kw("at"), sp)).map(|(a, _)| (a, "")),
                )),
                cut(alt((
                    map((cards_or_count(STOPS), at_place(p)), |(c, pl)| {
                        (Some(c), pl)
                    }),
                    map(place(p), |pl| (None, pl)),
                ))),
            ),
            |(cards, place)| Act::Sees { cards, place },
        ),
        map(
            preceded(
                (kw("mixes"), sp),
                cut((
                    alt((
                        map(cards_or_count(STOPS), Mixed::Cards),
                        map(place(p), Mixed::Place),
                    )),
                    preceded((sp, kw("with"), sp), place(p)),
                )),
            ),
            |(what, with)| Act::Mixes { what, with },
        ),
        map(
            preceded(
                (kw("exposes"), sp),
                cut((cards_or_count(STOPS), opt(at_place(p)))),
            ),
            |(cards, from)| Act::Exposes { cards, from },
        ),
        map(preceded((kw("examines"), sp), cut(place(p))), Act::Examines),
    ))
    .parse(i)
}

/// Calling, asking, answering, replying, reckoning and showing (laws 46-56).
fn calling(i: &str) -> PResult<'_, Act> {
    alt((
        map(preceded((kw("calls"), sp), cut(call)), Act::Calls),
        map(
            preceded((kw("asks"), sp), cut(context("a question", question))),
            Act::Asks,
        ),
        map(
            preceded((kw("answers"), sp), cut(context("an answer", answer))),
            Act::Answers,
        ),
        map(preceded((kw("replies"), sp), cut(reply)), Act::Replies),
        map(
            preceded(
                (kw("corrects"), sp),
                cut(alt((
                    map(
                        (
                            kws(&["reply", "to"]),
                            sp,
                            context("the call whose reply is corrected", declaration),
                            sp,
                            reply,
                        ),
                        |(_, _, to, _, reply)| Correction::ReplyTo { to, reply },
                    ),
                    map(reply, Correction::Reply),
                    map(call, Correction::Call),
                ))),
            ),
            Act::Corrects,
        ),
        map(
            preceded((kw("reckons"), sp), cut(reckoning)),
            |(items, total)| Act::Reckons { items, total },
        ),
        value(
            Act::ShowsCarteBlanche,
            (kw("shows"), sp, kws(&["carte", "blanche"])),
        ),
        map(
            preceded((kw("shows"), sp), cut(cards_until(&[]))),
            Act::Shows,
        ),
        map(preceded((kw("says"), sp), cut(quoted)), Act::Says),
    ))
    .parse(i)
}

/// Leading and playing, retaking and dropping cards (laws 57-60).
fn playing(i: &str) -> PResult<'_, Act> {
    alt((
        map(
            preceded((kw("leads"), sp), cut(cards_until(&[]))),
            Act::Leads,
        ),
        map(
            preceded((kw("plays"), sp), cut(cards_until(&[]))),
            Act::Plays,
        ),
        map(
            preceded((kw("retakes"), sp), cut(cards_until(&[]))),
            Act::Retakes,
        ),
        map(
            preceded((kw("drops"), sp), cut(cards_until(&[]))),
            Act::Drops,
        ),
    ))
    .parse(i)
}

/// Choices, suits named, waivers and the rest of the table's business.
fn more_acts<'a>(i: &'a str, p: &'a [String; 2]) -> PResult<'a, Act> {
    let choice = alt((
        value(Choice::NotDeal, kws(&["not", "to", "deal"])),
        value(Choice::Deal, (opt((kw("to"), sp)), kw("deal"))),
        value(Choice::Cards, (fillers, alt((kw("cards"), kw("pack"))))),
        value(Choice::Seat, (fillers, kw("seat"))),
        map(
            terminated(
                card,
                (sp, kw("as"), sp, fillers, alt((kw("trumps"), kw("trump")))),
            ),
            Choice::Trump,
        ),
        map(
            terminated(card, (sp, kw("as"), sp, fillers, kw("cut"))),
            Choice::Cut,
        ),
    ));
    alt((
        value(Act::ConfusesCards, phrase("confuses", "cards")),
        value(Act::CompletesDeal, phrase("completes", "deal")),
        map(
            preceded(
                (kw("chooses"), sp),
                cut(context("`deal`, `not to deal`, `cards` or `seat`", choice)),
            ),
            Act::Chooses,
        ),
        map(
            preceded((kw("turns"), sp, kw("up"), sp), cut(cards_until(&[]))),
            Act::TurnsUp,
        ),
        map(preceded((kw("names"), sp), cut(suit)), Act::Names),
        map(preceded((kw("requires"), sp), cut(suit)), Act::Requires),
        map(
            preceded((kw("elects"), sp, kws(&["to", "see"]), sp), cut(place(p))),
            |place| Act::Elects { see: true, place },
        ),
        map(
            preceded((kw("declines"), sp, kws(&["to", "see"]), sp), cut(place(p))),
            |place| Act::Elects { see: false, place },
        ),
        map(preceded((kw("writes"), sp), cut(scores(p))), Act::Writes),
        value(Act::WithdrawsOffer, phrase("withdraws", "offer")),
        value(Act::WaivesPenalty, phrase("waives", "penalty")),
        value(Act::Abandons, phrase("abandons", "hand")),
        value(
            Act::ThrowsDown,
            (
                kw("throws"),
                sp,
                kw("down"),
                opt((sp, fillers, kw("cards"))),
            ),
        ),
    ))
    .parse(i)
}

/// Offers, claims, announcements, and the écarté verbs.
fn offers_and_ecarte<'a>(i: &'a str, p: &'a [String; 2]) -> PResult<'a, Act> {
    alt((
        value(
            Act::OffersFreshDeal,
            (kw("offers"), sp, fillers, kws(&["fresh", "deal"])),
        ),
        value(
            Act::AcceptsConditionally,
            (
                kw("accepts"),
                sp,
                alt((
                    value((), kw("conditionally")),
                    value((), kws(&["if", "enough", "cards"])),
                )),
            ),
        ),
        value(Act::Accepts, kw("accepts")),
        value(Act::Refuses, kw("refuses")),
        map(
            preceded((kw("claims"), sp), cut(context("a claim", claim(p)))),
            Act::Claims,
        ),
        value(
            Act::AnnouncesCarteBlanche,
            (kw("announces"), sp, kws(&["carte", "blanche"])),
        ),
        value(Act::AnnouncesKing, phrase("announces", "king")),
        map(
            preceded(
                (kw("announces"), sp, kw("dealing"), sp, kw("by"), sp),
                cut(dealing_rounds),
            ),
            Act::AnnouncesDealing,
        ),
        map(
            preceded(
                (kw("announces"), sp),
                cut(delimited(success(()), small, (sp, kw("cards")))),
            ),
            Act::AnnouncesCards,
        ),
        map(
            preceded(
                kw("proposes"),
                opt(preceded(
                    sp,
                    terminated(small, opt((sp, alt((kw("cards"), kw("card")))))),
                )),
            ),
            Act::Proposes,
        ),
        value(Act::Stands, kw("stands")),
        value(Act::MarksKing, phrase("marks", "king")),
    ))
    .parse(i)
}

pub fn act<'a>(
    players: &'a [String; 2],
) -> impl Parser<&'a str, Output = Act, Error = SyntaxError<'a>> + 'a {
    move |i: &'a str| {
        let p = players;
        // Dispatch on the verb, so each line tries only its own grammar.
        let verb = verb_of(i);
        let parsed = match verb {
            "shuffles" | "cuts" | "deals" | "misdeals" | "rectifies" | "collects" => deal_acts(i),
            "calls" if kws(&["for", "new"]).parse(i[5..].trim_start()).is_ok() => deal_acts(i),
            "discards" | "leaves" | "takes" | "touches" | "sees" | "looks" | "mixes"
            | "exposes" | "examines" => exchange(i, p),
            "calls" | "asks" | "answers" | "replies" | "corrects" | "reckons" | "shows"
            | "says" => calling(i),
            "leads" | "plays" | "retakes" | "drops" => playing(i),
            "confuses" | "completes" | "chooses" | "turns" | "names" | "requires" | "elects"
            | "declines" | "writes" | "withdraws" | "waives" | "abandons" | "throws" => {
                more_acts(i, p)
            }
            _ => offers_and_ecarte(i, p),
        };
        let (rest, act) = parsed.map_err(|e| match e {
            nom::Err::Error(err) if err.at.len() == i.len() => {
                let len = super::syntax::token(i).map_or(i.len(), |(_, t)| t.len());
                let word = &i[..len];
                let message = match super::near::nearest(word, VERBS) {
                    Some(meant) => format!("unknown verb `{word}`: did you mean `{meant}`?"),
                    None => format!("unknown verb `{word}`"),
                };
                nom::Err::Error(SyntaxError::with_message(i, len, "a verb", message))
            }
            // A known verb whose arguments did not fit any of its forms.
            nom::Err::Error(err) if err.expected.is_none() && err.message.is_none() => {
                let message = match super::syntax::token(err.at.trim_start()) {
                    Ok((_, found)) => {
                        format!("cannot read this `{verb}` line: unexpected `{found}`")
                    }
                    Err(_) => format!("this `{verb}` line ends too soon"),
                };
                nom::Err::Error(SyntaxError::with_message(err.at, 0, "a verb", message))
            }
            other => other,
        })?;
        let (rest, _) = cut(eol).parse(rest)?;
        Ok((rest, act))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CardRow, Rank, Suit};
    use crate::notation::declaration::{Call, SetKind, Top};
    use crate::notation::event::{Cards, PlayerId};

    fn players() -> [String; 2] {
        ["A".to_string(), "B".to_string()]
    }

    fn read(text: &str) -> Result<Act, String> {
        let p = players();
        let result = act(&p)
            .parse(text)
            .map(|(_, a)| a)
            .map_err(|e| format!("{e:?}"));
        result
    }

    fn c(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn the_core_verbs() {
        let table = [
            (
                "discards 8H 7H 8C",
                Act::Discards(Cards::List(CardRow::from([c("8H"), c("7H"), c("8C")]))),
            ),
            ("leaves 2", Act::Leaves(2)),
            ("takes 5", Act::Takes(Cards::Count(5))),
            (
                "takes QH JS",
                Act::Takes(Cards::List(CardRow::from([c("QH"), c("JS")]))),
            ),
            ("announces carte blanche", Act::AnnouncesCarteBlanche),
            ("shows carte blanche", Act::ShowsCarteBlanche),
            (
                "calls quart major",
                Act::Calls(Call::Declare(Declaration::Sequence {
                    length: 4,
                    top: Top::Major,
                    suit: None,
                })),
            ),
            ("calls no sequence", Act::Calls(Call::NoSequence)),
            ("asks making", Act::Asks(Question::Making)),
            ("answers making 49", Act::Answers(Answer::Making(49))),
            ("replies good", Act::Replies(Reply::Good)),
            ("replies not good", Act::Replies(Reply::NotGood)),
            ("replies better", Act::Replies(Reply::NotGood)),
            ("replies equal", Act::Replies(Reply::Equal)),
            (
                "reckons point 6, quint to queen, three tens = 24",
                Act::Reckons {
                    items: vec![
                        Declaration::Point {
                            cards: Some(6),
                            making: None,
                            suit: None,
                        },
                        Declaration::Sequence {
                            length: 5,
                            top: Top::To(Rank::Queen),
                            suit: None,
                        },
                        Declaration::Set {
                            set: SetKind::Trio,
                            rank: Some(Rank::Ten),
                        },
                    ],
                    total: Some(24),
                },
            ),
            (
                "reckons carte blanche",
                Act::Reckons {
                    items: vec![Declaration::CarteBlanche],
                    total: None,
                },
            ),
            (
                "shows AS KS QS JS",
                Act::Shows(CardRow::from([c("AS"), c("KS"), c("QS"), c("JS")])),
            ),
            ("leads AS", Act::Leads(CardRow::from([c("AS")]))),
            ("plays 10S", Act::Plays(CardRow::from([c("10S")]))),
            ("proposes", Act::Proposes(None)),
            ("proposes 3", Act::Proposes(Some(3))),
            ("accepts", Act::Accepts),
            ("refuses", Act::Refuses),
            ("stands", Act::Stands),
            ("announces king", Act::AnnouncesKing),
            ("marks king", Act::MarksKing),
        ];
        for (text, expected) in table {
            assert_eq!(read(text), Ok(expected), "{text:?}");
        }
    }

    #[test]
    fn the_irregularity_vocabulary() {
        let stock_bottom = Place {
            kind: PlaceKind::StockBottom,
            owner: None,
        };
        let table = [
            (
                "exposes AS",
                Act::Exposes {
                    cards: Cards::List(CardRow::from([c("AS")])),
                    from: None,
                },
            ),
            (
                "exposes 7D from stock",
                Act::Exposes {
                    cards: Cards::List(CardRow::from([c("7D")])),
                    from: Some(STOCK),
                },
            ),
            (
                "exposes KH of A",
                Act::Exposes {
                    cards: Cards::List(CardRow::from([c("KH")])),
                    from: Some(Place {
                        kind: PlaceKind::Hand,
                        owner: Some(PlayerId(0)),
                    }),
                },
            ),
            ("drops QC", Act::Drops(CardRow::from([c("QC")]))),
            ("touches stock", Act::Touches(STOCK)),
            (
                "takes up 3 from bottom of stock",
                Act::TakesUp {
                    cards: Cards::Count(3),
                    from: stock_bottom,
                },
            ),
            (
                "takes up 8S 7S 9D",
                Act::TakesUp {
                    cards: Cards::List(CardRow::from([c("8S"), c("7S"), c("9D")])),
                    from: STOCK,
                },
            ),
            (
                "sees left cards",
                Act::Sees {
                    cards: None,
                    place: Place {
                        kind: PlaceKind::Left,
                        owner: None,
                    },
                },
            ),
            (
                "looks at the discard of B",
                Act::Sees {
                    cards: None,
                    place: Place {
                        kind: PlaceKind::Discard,
                        owner: Some(PlayerId(1)),
                    },
                },
            ),
            (
                "mixes discard with hand",
                Act::Mixes {
                    what: Mixed::Place(Place {
                        kind: PlaceKind::Discard,
                        owner: None,
                    }),
                    with: Place {
                        kind: PlaceKind::Hand,
                        owner: None,
                    },
                },
            ),
            (
                "mixes 9H with his discard",
                Act::Mixes {
                    what: Mixed::Cards(Cards::List(CardRow::from([c("9H")]))),
                    with: Place {
                        kind: PlaceKind::Discard,
                        owner: None,
                    },
                },
            ),
            (
                "leads AC KC QC JC 10C",
                Act::Leads(CardRow::from([
                    c("AC"),
                    c("KC"),
                    c("QC"),
                    c("JC"),
                    c("10C"),
                ])),
            ),
            ("retakes 7S", Act::Retakes(CardRow::from([c("7S")]))),
            ("asks which queen", Act::Asks(Question::Which(Rank::Queen))),
            (
                "asks how many diamonds",
                Act::Asks(Question::HowMany(Suit::Diamonds)),
            ),
            (
                "asks to see point",
                Act::Asks(Question::Show(Some(Declaration::Point {
                    cards: None,
                    making: None,
                    suit: None,
                }))),
            ),
            ("asks to what card", Act::Asks(Question::ToWhatCard)),
            (
                "answers queen of diamonds",
                Act::Answers(Answer::Card(c("QD"))),
            ),
            ("answers two", Act::Answers(Answer::Count(2))),
            ("answers none", Act::Answers(Answer::Count(0))),
            (
                "corrects reply to point not good",
                Act::Corrects(Correction::ReplyTo {
                    to: Declaration::Point {
                        cards: None,
                        making: None,
                        suit: None,
                    },
                    reply: Reply::NotGood,
                }),
            ),
            (
                "corrects three knaves",
                Act::Corrects(Correction::Call(Call::Declare(Declaration::Set {
                    set: SetKind::Trio,
                    rank: Some(Rank::Knave),
                }))),
            ),
            (
                "corrects not good",
                Act::Corrects(Correction::Reply(Reply::NotGood)),
            ),
            ("announces 13 cards", Act::AnnouncesCards(13)),
            ("offers a fresh deal", Act::OffersFreshDeal),
            ("claims a fresh deal", Act::Claims(Claim::FreshDeal)),
            (
                "claims to score three kings",
                Act::Claims(Claim::Score(vec![Declaration::Set {
                    set: SetKind::Trio,
                    rank: Some(Rank::King),
                }])),
            ),
            (
                "claims the hand be played again",
                Act::Claims(Claim::PlayAgain(None)),
            ),
            (
                "claims to play the end of the hand again from trick 9",
                Act::Claims(Claim::PlayAgain(Some(9))),
            ),
            ("claims replay", Act::Claims(Claim::PlayAgain(None))),
            (
                "claims A can score nothing",
                Act::Claims(Claim::ReckonsNothing(PlayerId(0))),
            ),
            (
                "claims to alter his discard",
                Act::Claims(Claim::AlterDiscard),
            ),
            (
                "says \"Play five cards.\"",
                Act::Says("Play five cards.".into()),
            ),
            ("deals by threes", Act::DealsBy(vec![3])),
            ("deals by 2 and 3", Act::DealsBy(vec![2, 3])),
            ("deals by three then two", Act::DealsBy(vec![3, 2])),
            ("confuses the cards", Act::ConfusesCards),
            ("completes the deal", Act::CompletesDeal),
            ("chooses to deal", Act::Chooses(Choice::Deal)),
            ("chooses not to deal", Act::Chooses(Choice::NotDeal)),
            ("chooses the cards", Act::Chooses(Choice::Cards)),
            ("chooses seat", Act::Chooses(Choice::Seat)),
            ("chooses KH as trumps", Act::Chooses(Choice::Trump(c("KH")))),
            ("chooses 7S as the cut", Act::Chooses(Choice::Cut(c("7S")))),
            (
                "announces dealing by 3 and 2",
                Act::AnnouncesDealing(vec![3, 2]),
            ),
            (
                "turns up KH QS",
                Act::TurnsUp(CardRow::from([c("KH"), c("QS")])),
            ),
            ("takes up his hand", Act::TakesUpHand),
            ("names hearts", Act::Names(Suit::Hearts)),
            ("requires S", Act::Requires(Suit::Spades)),
            (
                "elects to see left cards",
                Act::Elects {
                    see: true,
                    place: Place {
                        kind: PlaceKind::Left,
                        owner: None,
                    },
                },
            ),
            (
                "declines to see the left cards",
                Act::Elects {
                    see: false,
                    place: Place {
                        kind: PlaceKind::Left,
                        owner: None,
                    },
                },
            ),
            (
                "writes A 32, B 6",
                Act::Writes(vec![(PlayerId(0), 32), (PlayerId(1), 6)]),
            ),
            ("accepts conditionally", Act::AcceptsConditionally),
            ("accepts if enough cards", Act::AcceptsConditionally),
            ("withdraws his offer", Act::WithdrawsOffer),
            ("waives the penalty", Act::WaivesPenalty),
            ("abandons his hand", Act::Abandons),
            ("throws down his cards", Act::ThrowsDown),
            ("proposes three cards", Act::Proposes(Some(3))),
            ("deals with the wrong pack", Act::DealsWrongPack),
            ("deals out of turn", Act::DealsOutOfTurn),
            ("calls for new cards", Act::CallsForNewCards),
            (
                "cuts 1",
                Act::Cuts {
                    cards: Some(1),
                    card: None,
                },
            ),
            (
                "cuts KH",
                Act::Cuts {
                    cards: None,
                    card: Some(c("KH")),
                },
            ),
            (
                "cuts 10S",
                Act::Cuts {
                    cards: None,
                    card: Some(c("10S")),
                },
            ),
            (
                "cuts 4 10S",
                Act::Cuts {
                    cards: Some(4),
                    card: Some(c("10S")),
                },
            ),
            (
                "cuts",
                Act::Cuts {
                    cards: None,
                    card: None,
                },
            ),
        ];
        for (text, expected) in table {
            assert_eq!(read(text), Ok(expected), "{text:?}");
        }
    }

    #[test]
    fn errors_point_at_the_problem() {
        let table = [
            ("discards KX 7H", "`KX` is not a card"),
            ("wibbles", "unknown verb `wibbles`"),
            (
                "discrads 7H",
                "unknown verb `discrads`: did you mean `discards`?",
            ),
            ("replies maybe", "a reply"),
            ("leads AS please", "`please` is not a card"),
            (
                "replies good please",
                "unexpected `please` at the end of the line",
            ),
            (
                "calls three nines",
                "trios and quatorzes are of tens and above",
            ),
        ];
        for (text, message) in table {
            let err = read(text).unwrap_err();
            assert!(err.contains(message), "{text:?}: {err}");
        }
    }
}
