//! The canonical form of a transcript, as `referee fmt` prints it: tags
//! first, one event per line, the lines of a deal in the order written,
//! cards spelled `10S KH`, compact play kept compact, a line too long for
//! the reader continued on the next (`wrap.rs`). Reading the output gives
//! back the same transcript, and the referee rules it the same.

use std::fmt::Write;

use super::event::{
    Act, Answer, Cards, Choice, Claim, Correction, Event, Mixed, Place, PlaceKind, PlayerId,
    Question, Reply,
};
use super::reader::syntax_quote as quote;
use super::transcript::{CardList, Deal, DealHeader, Transcript};
use crate::cards::Card;

/// The canonical text of `transcript`.
pub fn format(transcript: &Transcript) -> String {
    let mut out = format_head(transcript);
    for deal in &transcript.deals {
        out.push_str(&format_deal(transcript, deal, !out.is_empty()));
    }
    out
}

/// The canonical text before the first deal: the YAML header, the comments
/// and the tags. [`format`] is this followed by each deal's [`format_deal`].
pub fn format_head(transcript: &Transcript) -> String {
    let mut out = String::new();
    for comment in &transcript.comments {
        let _ = writeln!(out, "# {comment}");
    }
    for tag in &transcript.tags {
        let name = tag_name(&tag.value.name);
        let _ = writeln!(out, "[{name} {}]", quote(&tag.value.value));
    }
    let out = super::wrap::fit_lines(out);
    match &transcript.front_matter {
        // As written, but every line ended by `\n` alone, as the rest is.
        Some(front) => format!("---\n{}---\n{out}", front.replace("\r\n", "\n")),
        None => out,
    }
}

/// The canonical text of one deal of `transcript`, with the blank line
/// before it when anything is written before it (`after`).
pub fn format_deal(transcript: &Transcript, deal: &Deal, after: bool) -> String {
    let mut out = String::new();
    if after {
        out.push('\n');
    }
    write_deal(&mut out, transcript, deal);
    super::wrap::fit_lines(out)
}

/// The tags the referee reads are spelled as the notation spells them; others as written.
fn tag_name(name: &str) -> &str {
    ["Game", "Rules", "Players"]
        .into_iter()
        .find(|known| known.eq_ignore_ascii_case(name))
        .unwrap_or(name)
}

/// A deal, its lines in the order written: a header line written among the
/// events stays where it stands, since the events before and after it may
/// be weighed by where it stands (a ruling on a `hand` line, and the choice
/// that follows it). Header lines without a place (a transcript built, not
/// read) open the deal in the order of the notation's table.
fn write_deal(out: &mut String, t: &Transcript, deal: &Deal) {
    let _ = writeln!(out, "deal {}", deal.header.number);
    let mut header = header_lines(t, &deal.header).into_iter().peekable();
    let mut comments = deal.comments.iter().peekable();
    for (index, entry) in deal.events.iter().enumerate() {
        while let Some((_, line)) = header.next_if(|(at, _)| *at <= entry.span.start) {
            out.push_str(&line);
        }
        while let Some((_, comment)) = comments.next_if(|(at, _)| *at <= index) {
            let _ = writeln!(out, "# {comment}");
        }
        write_event(out, t, &entry.event);
        if let Some(comment) = &entry.comment {
            let _ = write!(out, "  # {comment}");
        }
        out.push('\n');
    }
    for (_, line) in header {
        out.push_str(&line);
    }
    for (_, comment) in comments {
        let _ = writeln!(out, "# {comment}");
    }
}

/// Each header line written, with where it starts in the text, in the order written.
fn header_lines(t: &Transcript, h: &DealHeader) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    if let Some(dealer) = &h.dealer {
        let text = format!("dealer {}\n", t.name(dealer.value));
        lines.push((dealer.span.start, text));
    }
    if let Some(score) = &h.score {
        let mut text = String::from("score ");
        write_scores(&mut text, t, &score.value);
        text.push('\n');
        lines.push((score.span.start, text));
    }
    for hand in &h.hands {
        let mut text = format!("hand {}:", t.name(hand.value.player));
        spaced_card_list(&mut text, &hand.value.cards);
        text.push('\n');
        lines.push((hand.span.start, text));
    }
    if let Some(stock) = &h.stock {
        let mut text = String::from("stock:");
        spaced_card_list(&mut text, &stock.value);
        text.push('\n');
        lines.push((stock.span.start, text));
    }
    if let Some(turnup) = &h.turnup {
        let text = format!("turnup: {}\n", turnup.value);
        lines.push((turnup.span.start, text));
    }
    // Stable: lines without a place keep the order above.
    lines.sort_by_key(|(at, _)| *at);
    lines
}

/// `A 62, B 92`.
fn write_scores(out: &mut String, t: &Transcript, scores: &[(PlayerId, u32)]) {
    for (index, (player, n)) in scores.iter().enumerate() {
        if index > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{} {n}", t.name(*player));
    }
}

/// `AS KS QS`.
pub fn cards(cards: &[Card]) -> String {
    let mut out = String::with_capacity(cards.len() * 3);
    write_cards(&mut out, cards);
    out
}

/// `AS KS QS`, appended to `out`.
fn write_cards(out: &mut String, cards: &[Card]) {
    for (index, card) in cards.iter().enumerate() {
        if index > 0 {
            out.push(' ');
        }
        out.push_str(card.spelling());
    }
}

/// A card list after a colon: a space before it unless it is empty.
fn spaced_card_list(out: &mut String, list: &CardList) {
    match (list.cards.is_empty(), list.complete) {
        (true, true) => {}
        (true, false) => out.push_str(" ..."),
        (false, complete) => {
            out.push(' ');
            write_cards(out, &list.cards);
            if !complete {
                out.push_str(" ...");
            }
        }
    }
}

fn write_cards_or_count(out: &mut String, c: &Cards) {
    match c {
        Cards::List(list) => write_cards(out, list),
        Cards::Count(1) => out.push_str("1 card"),
        Cards::Count(n) => {
            let _ = write!(out, "{n} cards");
        }
    }
}

fn write_place(out: &mut String, t: &Transcript, place: &Place) {
    out.push_str(match place.kind {
        PlaceKind::Stock => "stock",
        PlaceKind::StockTop => "top of stock",
        PlaceKind::StockBottom => "bottom of stock",
        PlaceKind::Left => "left cards",
        PlaceKind::Hand => "hand",
        PlaceKind::Discard => "discard",
        PlaceKind::Tricks => "tricks",
        PlaceKind::Pack => "pack",
        PlaceKind::Table => "table",
    });
    if let Some(owner) = place.owner {
        let _ = write!(out, " of {}", t.name(owner));
    }
}

fn reply(r: Reply) -> &'static str {
    match r {
        Reply::Good => "good",
        Reply::NotGood => "not good",
        Reply::Equal => "equal",
    }
}

/// One event line, canonical.
pub fn event(t: &Transcript, event: &Event) -> String {
    let mut out = String::new();
    write_event(&mut out, t, event);
    out
}

/// One event line, canonical, appended to `out`.
fn write_event(out: &mut String, t: &Transcript, event: &Event) {
    match event {
        Event::Act { player, act: a } => {
            out.push_str(t.name(*player));
            out.push(' ');
            write_act(out, t, a);
        }
        Event::Play { tricks } => {
            out.push_str("play ");
            for (index, trick) in tricks.iter().enumerate() {
                let gap = if index > 0 { " " } else { "" };
                let _ = write!(out, "{gap}{}. ", trick.number);
                write_cards(out, &trick.cards);
            }
        }
        Event::Written { scores: s } => {
            out.push_str("written ");
            write_scores(out, t, s);
        }
        Event::Faced { card, place: p } => {
            out.push_str("faced card ");
            write_opt_card(out, card);
            out.push_str("in ");
            write_place(out, t, p);
        }
        Event::Surplus { card, place: p } => {
            out.push_str("surplus card ");
            write_opt_card(out, card);
            out.push_str("in ");
            write_place(out, t, p);
        }
        Event::Pack { fault } => {
            out.push_str("pack is ");
            out.push_str(&serde_name(fault));
        }
        Event::Damaged { card, damage } => {
            out.push_str(&serde_name(damage));
            out.push_str(" card");
            if let Some(card) = card {
                let _ = write!(out, " {card}");
            }
        }
        Event::Bystander { remark } => {
            out.push_str("bystander says ");
            out.push_str(&quote(remark));
        }
        Event::Replay { from } => {
            let _ = write!(out, "replay from trick {from}");
        }
        Event::Question { text } => {
            let _ = write!(out, "? {text}");
        }
    }
}

/// A card and a space, where there is one.
fn write_opt_card(out: &mut String, card: &Option<Card>) {
    if let Some(card) = card {
        let _ = write!(out, "{card} ");
    }
}

/// The kebab-case name serde gives a unit variant.
fn serde_name<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// An act, after the player's name.
fn write_act(out: &mut String, t: &Transcript, act: &Act) {
    // The act's words, then what follows them.
    let (words, rest): (&str, Rest) = match act {
        Act::Shuffles => ("shuffles", Rest::None),
        Act::Cuts { cards, card } => {
            out.push_str("cuts");
            if let Some(n) = cards {
                let _ = write!(out, " {n}");
            }
            if let Some(c) = card {
                let _ = write!(out, " {c}");
            }
            return;
        }
        Act::DealsBy(rounds) => ("deals by ", Rest::Rounds(rounds)),
        Act::ConfusesCards => ("confuses cards", Rest::None),
        Act::CompletesDeal => ("completes deal", Rest::None),
        Act::Chooses(choice) => match choice {
            Choice::Deal => ("chooses to deal", Rest::None),
            Choice::NotDeal => ("chooses not to deal", Rest::None),
            Choice::Cards => ("chooses cards", Rest::None),
            Choice::Seat => ("chooses seat", Rest::None),
            Choice::Trump(card) => {
                let _ = write!(out, "chooses {card} as trumps");
                return;
            }
            Choice::Cut(card) => {
                let _ = write!(out, "chooses {card} as cut");
                return;
            }
        },
        Act::AnnouncesDealing(rounds) => ("announces dealing by ", Rest::Rounds(rounds)),
        Act::TurnsUp(c) => ("turns up ", Rest::Cards(c)),
        Act::TakesUpHand => ("takes up hand", Rest::None),
        Act::Names(suit) => ("names ", Rest::Text(suit.name())),
        Act::Requires(suit) => ("requires ", Rest::Text(suit.name())),
        Act::Elects { see, place: p } => {
            let verb = if *see { "elects" } else { "declines" };
            out.push_str(verb);
            (" to see ", Rest::Place(p))
        }
        Act::Writes(s) => ("writes ", Rest::Scores(s)),
        Act::AcceptsConditionally => ("accepts conditionally", Rest::None),
        Act::WithdrawsOffer => ("withdraws offer", Rest::None),
        Act::WaivesPenalty => ("waives penalty", Rest::None),
        Act::Abandons => ("abandons hand", Rest::None),
        Act::ThrowsDown => ("throws down cards", Rest::None),
        Act::DealsWrongPack => ("deals with wrong pack", Rest::None),
        Act::DealsOutOfTurn => ("deals out of turn", Rest::None),
        Act::Misdeals(None) => ("misdeals", Rest::None),
        Act::Misdeals(Some(n)) => ("misdeals ", Rest::Number(u32::from(*n))),
        Act::RectifiesDeal => ("rectifies deal", Rest::None),
        Act::CollectsCards => ("collects cards", Rest::None),
        Act::CallsForNewCards => ("calls for new cards", Rest::None),
        Act::AnnouncesCards(n) => {
            let _ = write!(out, "announces {n} cards");
            return;
        }
        Act::AnnouncesCarteBlanche => ("announces carte blanche", Rest::None),
        Act::ShowsCarteBlanche => ("shows carte blanche", Rest::None),
        Act::Discards(Cards::Count(n)) => ("discards ", Rest::Number(u32::from(*n))),
        Act::Discards(c) => ("discards ", Rest::CardsOrCount(c)),
        Act::Leaves(n) => ("leaves ", Rest::Number(u32::from(*n))),
        Act::Takes(Cards::Count(n)) => ("takes ", Rest::Number(u32::from(*n))),
        Act::Takes(c) => ("takes ", Rest::CardsOrCount(c)),
        Act::Touches(p) => ("touches ", Rest::Place(p)),
        Act::TakesUp { cards: c, from } => {
            out.push_str("takes up ");
            write_cards_or_count(out, c);
            (" from ", Rest::Place(from))
        }
        Act::Sees {
            cards: None,
            place: p,
        } => ("sees ", Rest::Place(p)),
        Act::Sees {
            cards: Some(c),
            place: p,
        } => {
            out.push_str("sees ");
            write_cards_or_count(out, c);
            (" in ", Rest::Place(p))
        }
        Act::Mixes { what, with } => {
            out.push_str("mixes ");
            match what {
                Mixed::Cards(c) => write_cards_or_count(out, c),
                Mixed::Place(p) => write_place(out, t, p),
            }
            (" with ", Rest::Place(with))
        }
        Act::Exposes { cards: c, from } => {
            out.push_str("exposes ");
            write_cards_or_count(out, c);
            match from {
                Some(p) => (" from ", Rest::Place(p)),
                None => return,
            }
        }
        Act::Examines(p) => ("examines ", Rest::Place(p)),
        Act::Calls(c) => {
            let _ = write!(out, "calls {c}");
            return;
        }
        Act::Asks(q) => {
            out.push_str("asks ");
            return write_question(out, q);
        }
        Act::Answers(a) => {
            out.push_str("answers ");
            return write_answer(out, a);
        }
        Act::Replies(r) => ("replies ", Rest::Text(reply(*r))),
        Act::Corrects(Correction::Reply(r)) => ("corrects ", Rest::Text(reply(*r))),
        Act::Corrects(Correction::Call(c)) => {
            let _ = write!(out, "corrects {c}");
            return;
        }
        Act::Corrects(Correction::ReplyTo { to, reply: r }) => {
            let _ = write!(out, "corrects reply to {to} {}", reply(*r));
            return;
        }
        Act::Reckons { items, total } => {
            out.push_str("reckons ");
            if items.is_empty() {
                out.push_str("nothing");
            }
            for (index, item) in items.iter().enumerate() {
                let _ = write!(out, "{}{item}", if index > 0 { ", " } else { "" });
            }
            if let Some(total) = total {
                let _ = write!(out, " = {total}");
            }
            return;
        }
        Act::Shows(c) => ("shows ", Rest::Cards(c)),
        Act::Says(text) => ("says ", Rest::Quoted(text)),
        Act::Leads(c) => ("leads ", Rest::Cards(c)),
        Act::Plays(c) => ("plays ", Rest::Cards(c)),
        Act::Retakes(c) => ("retakes ", Rest::Cards(c)),
        Act::Drops(c) => ("drops ", Rest::Cards(c)),
        Act::OffersFreshDeal => ("offers fresh deal", Rest::None),
        Act::Accepts => ("accepts", Rest::None),
        Act::Refuses => ("refuses", Rest::None),
        Act::Claims(c) => {
            out.push_str("claims ");
            return write_claim(out, t, c);
        }
        Act::Proposes(None) => ("proposes", Rest::None),
        Act::Proposes(Some(n)) => ("proposes ", Rest::Number(u32::from(*n))),
        Act::Stands => ("stands", Rest::None),
        Act::AnnouncesKing => ("announces king", Rest::None),
        Act::MarksKing => ("marks king", Rest::None),
    };
    out.push_str(words);
    match rest {
        Rest::None => {}
        Rest::Text(text) => out.push_str(text),
        Rest::Number(n) => {
            let _ = write!(out, "{n}");
        }
        Rest::Cards(c) => write_cards(out, c),
        Rest::CardsOrCount(c) => write_cards_or_count(out, c),
        Rest::Place(p) => write_place(out, t, p),
        Rest::Scores(s) => write_scores(out, t, s),
        Rest::Rounds(rounds) => write_rounds(out, rounds),
        Rest::Quoted(text) => out.push_str(&quote(text)),
    }
}

/// What follows an act's words.
enum Rest<'a> {
    None,
    Text(&'static str),
    Number(u32),
    Cards(&'a [Card]),
    CardsOrCount(&'a Cards),
    Place(&'a Place),
    Scores(&'a [(PlayerId, u32)]),
    Rounds(&'a [u8]),
    Quoted(&'a str),
}

/// `2 and 3`.
fn write_rounds(out: &mut String, rounds: &[u8]) {
    for (index, round) in rounds.iter().enumerate() {
        let _ = write!(out, "{}{round}", if index > 0 { " and " } else { "" });
    }
}

fn write_question(out: &mut String, q: &Question) {
    match q {
        Question::Making => out.push_str("making"),
        Question::Which(rank) => {
            let _ = write!(out, "which {}", rank.word());
        }
        Question::HowMany(suit) => {
            let _ = write!(out, "how many {}", suit.name());
        }
        Question::HowManyCards => out.push_str("how many cards"),
        Question::ToWhatCard => out.push_str("to what card"),
        Question::Show(None) => out.push_str("to see"),
        Question::Show(Some(d)) => {
            let _ = write!(out, "to see {d}");
        }
        Question::Other(text) => out.push_str(&quote(text)),
    }
}

fn write_answer(out: &mut String, a: &Answer) {
    let _ = match a {
        Answer::Making(n) => write!(out, "making {n}"),
        Answer::Card(c) => write!(out, "{c}"),
        Answer::Count(0) => write!(out, "none"),
        Answer::Count(n) => write!(out, "{n}"),
        Answer::Other(text) => write!(out, "{}", quote(text)),
    };
}

fn write_claim(out: &mut String, t: &Transcript, c: &Claim) {
    match c {
        Claim::FreshDeal => out.push_str("fresh deal"),
        Claim::Score(items) => {
            out.push_str("to score ");
            for (index, item) in items.iter().enumerate() {
                let _ = write!(out, "{}{item}", if index > 0 { ", " } else { "" });
            }
        }
        Claim::PlayAgain(None) => out.push_str("replay"),
        Claim::PlayAgain(Some(n)) => {
            let _ = write!(out, "replay from trick {n}");
        }
        Claim::ReckonsNothing(p) => {
            let _ = write!(out, "{} reckons nothing", t.name(*p));
        }
        Claim::Revoke => out.push_str("revoke"),
        Claim::AlterDiscard => out.push_str("to alter discard"),
        Claim::Other(text) => out.push_str(&quote(text)),
    }
}
