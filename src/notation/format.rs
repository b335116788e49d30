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
        Some(front) => format!("---\n{front}---\n{out}"),
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
        out.push_str(&event(t, &entry.event));
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
        let text = format!("score {}\n", scores(t, &score.value));
        lines.push((score.span.start, text));
    }
    for hand in &h.hands {
        let cards = card_list(&hand.value.cards);
        let gap = if cards.is_empty() { "" } else { " " };
        let text = format!("hand {}:{gap}{cards}\n", t.name(hand.value.player));
        lines.push((hand.span.start, text));
    }
    if let Some(stock) = &h.stock {
        let cards = card_list(&stock.value);
        let gap = if cards.is_empty() { "" } else { " " };
        lines.push((stock.span.start, format!("stock:{gap}{cards}\n")));
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
fn scores(t: &Transcript, scores: &[(PlayerId, u32)]) -> String {
    let parts: Vec<String> = scores
        .iter()
        .map(|(p, n)| format!("{} {n}", t.name(*p)))
        .collect();
    parts.join(", ")
}

/// `AS KS QS`.
pub fn cards(cards: &[Card]) -> String {
    let parts: Vec<String> = cards.iter().map(Card::to_string).collect();
    parts.join(" ")
}

fn card_list(list: &CardList) -> String {
    match (list.cards.is_empty(), list.complete) {
        (_, true) => cards(&list.cards),
        (true, false) => "...".to_string(),
        (false, false) => format!("{} ...", cards(&list.cards)),
    }
}

fn cards_or_count(c: &Cards) -> String {
    match c {
        Cards::List(list) => cards(list),
        Cards::Count(1) => "1 card".to_string(),
        Cards::Count(n) => format!("{n} cards"),
    }
}

fn place(t: &Transcript, place: &Place) -> String {
    let kind = match place.kind {
        PlaceKind::Stock => "stock",
        PlaceKind::StockTop => "top of stock",
        PlaceKind::StockBottom => "bottom of stock",
        PlaceKind::Left => "left cards",
        PlaceKind::Hand => "hand",
        PlaceKind::Discard => "discard",
        PlaceKind::Tricks => "tricks",
        PlaceKind::Pack => "pack",
        PlaceKind::Table => "table",
    };
    match place.owner {
        Some(owner) => format!("{kind} of {}", t.name(owner)),
        None => kind.to_string(),
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
    match event {
        Event::Act { player, act: a } => format!("{} {}", t.name(*player), act(t, a)),
        Event::Play { tricks } => {
            let parts: Vec<String> = tricks
                .iter()
                .map(|tr| format!("{}. {}", tr.number, cards(&tr.cards)))
                .collect();
            format!("play {}", parts.join(" "))
        }
        Event::Written { scores: s } => format!("written {}", scores(t, s)),
        Event::Faced { card, place: p } => {
            format!("faced card {}in {}", opt_card(card), place(t, p))
        }
        Event::Surplus { card, place: p } => {
            format!("surplus card {}in {}", opt_card(card), place(t, p))
        }
        Event::Pack { fault } => format!("pack is {}", serde_name(fault)),
        Event::Damaged { card, damage } => {
            let card = card.map_or(String::new(), |c| format!(" {c}"));
            format!("{} card{card}", serde_name(damage))
        }
        Event::Bystander { remark } => format!("bystander says {}", quote(remark)),
        Event::Replay { from } => format!("replay from trick {from}"),
        Event::Question { text } => format!("? {text}"),
    }
}

fn opt_card(card: &Option<Card>) -> String {
    card.map_or(String::new(), |c| format!("{c} "))
}

/// The kebab-case name serde gives a unit variant.
fn serde_name<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn act(t: &Transcript, act: &Act) -> String {
    match act {
        Act::Shuffles => "shuffles".into(),
        Act::Cuts { cards, card } => {
            let mut s = "cuts".to_string();
            if let Some(n) = cards {
                let _ = write!(s, " {n}");
            }
            if let Some(c) = card {
                let _ = write!(s, " {c}");
            }
            s
        }
        Act::DealsBy(rounds) => format!("deals by {}", rounds_text(rounds)),
        Act::ConfusesCards => "confuses cards".into(),
        Act::CompletesDeal => "completes deal".into(),
        Act::Chooses(choice) => match choice {
            Choice::Deal => "chooses to deal".into(),
            Choice::NotDeal => "chooses not to deal".into(),
            Choice::Cards => "chooses cards".into(),
            Choice::Seat => "chooses seat".into(),
            Choice::Trump(card) => format!("chooses {card} as trumps"),
            Choice::Cut(card) => format!("chooses {card} as cut"),
        },
        Act::AnnouncesDealing(rounds) => format!("announces dealing by {}", rounds_text(rounds)),
        Act::TurnsUp(c) => format!("turns up {}", cards(c)),
        Act::TakesUpHand => "takes up hand".into(),
        Act::Names(suit) => format!("names {}", suit.name()),
        Act::Requires(suit) => format!("requires {}", suit.name()),
        Act::Elects { see, place: p } => {
            let verb = if *see { "elects" } else { "declines" };
            format!("{verb} to see {}", place(t, p))
        }
        Act::Writes(s) => format!("writes {}", scores(t, s)),
        Act::AcceptsConditionally => "accepts conditionally".into(),
        Act::WithdrawsOffer => "withdraws offer".into(),
        Act::WaivesPenalty => "waives penalty".into(),
        Act::Abandons => "abandons hand".into(),
        Act::ThrowsDown => "throws down cards".into(),
        Act::DealsWrongPack => "deals with wrong pack".into(),
        Act::DealsOutOfTurn => "deals out of turn".into(),
        Act::Misdeals(None) => "misdeals".into(),
        Act::Misdeals(Some(n)) => format!("misdeals {n}"),
        Act::RectifiesDeal => "rectifies deal".into(),
        Act::CollectsCards => "collects cards".into(),
        Act::CallsForNewCards => "calls for new cards".into(),
        Act::AnnouncesCards(n) => format!("announces {n} cards"),
        Act::AnnouncesCarteBlanche => "announces carte blanche".into(),
        Act::ShowsCarteBlanche => "shows carte blanche".into(),
        Act::Discards(Cards::Count(n)) => format!("discards {n}"),
        Act::Discards(c) => format!("discards {}", cards_or_count(c)),
        Act::Leaves(n) => format!("leaves {n}"),
        Act::Takes(Cards::Count(n)) => format!("takes {n}"),
        Act::Takes(c) => format!("takes {}", cards_or_count(c)),
        Act::Touches(p) => format!("touches {}", place(t, p)),
        Act::TakesUp { cards: c, from } => {
            format!("takes up {} from {}", cards_or_count(c), place(t, from))
        }
        Act::Sees {
            cards: None,
            place: p,
        } => format!("sees {}", place(t, p)),
        Act::Sees {
            cards: Some(c),
            place: p,
        } => format!("sees {} in {}", cards_or_count(c), place(t, p)),
        Act::Mixes { what, with } => {
            let what = match what {
                Mixed::Cards(c) => cards_or_count(c),
                Mixed::Place(p) => place(t, p),
            };
            format!("mixes {what} with {}", place(t, with))
        }
        Act::Exposes {
            cards: c,
            from: None,
        } => format!("exposes {}", cards_or_count(c)),
        Act::Exposes {
            cards: c,
            from: Some(p),
        } => format!("exposes {} from {}", cards_or_count(c), place(t, p)),
        Act::Examines(p) => format!("examines {}", place(t, p)),
        Act::Calls(c) => format!("calls {c}"),
        Act::Asks(q) => format!("asks {}", question(q)),
        Act::Answers(a) => format!("answers {}", answer(a)),
        Act::Replies(r) => format!("replies {}", reply(*r)),
        Act::Corrects(Correction::Reply(r)) => format!("corrects {}", reply(*r)),
        Act::Corrects(Correction::Call(c)) => format!("corrects {c}"),
        Act::Corrects(Correction::ReplyTo { to, reply: r }) => {
            format!("corrects reply to {to} {}", reply(*r))
        }
        Act::Reckons { items, total } => {
            let mut s = if items.is_empty() {
                "reckons nothing".to_string()
            } else {
                let parts: Vec<String> = items.iter().map(ToString::to_string).collect();
                format!("reckons {}", parts.join(", "))
            };
            if let Some(total) = total {
                let _ = write!(s, " = {total}");
            }
            s
        }
        Act::Shows(c) => format!("shows {}", cards(c)),
        Act::Says(text) => format!("says {}", quote(text)),
        Act::Leads(c) => format!("leads {}", cards(c)),
        Act::Plays(c) => format!("plays {}", cards(c)),
        Act::Retakes(c) => format!("retakes {}", cards(c)),
        Act::Drops(c) => format!("drops {}", cards(c)),
        Act::OffersFreshDeal => "offers fresh deal".into(),
        Act::Accepts => "accepts".into(),
        Act::Refuses => "refuses".into(),
        Act::Claims(c) => format!("claims {}", claim(t, c)),
        Act::Proposes(None) => "proposes".into(),
        Act::Proposes(Some(n)) => format!("proposes {n}"),
        Act::Stands => "stands".into(),
        Act::AnnouncesKing => "announces king".into(),
        Act::MarksKing => "marks king".into(),
    }
}

/// `2 and 3`.
fn rounds_text(rounds: &[u8]) -> String {
    let rounds: Vec<String> = rounds.iter().map(u8::to_string).collect();
    rounds.join(" and ")
}

fn question(q: &Question) -> String {
    match q {
        Question::Making => "making".into(),
        Question::Which(rank) => format!("which {}", rank.word()),
        Question::HowMany(suit) => format!("how many {}", suit.name()),
        Question::HowManyCards => "how many cards".into(),
        Question::ToWhatCard => "to what card".into(),
        Question::Show(None) => "to see".into(),
        Question::Show(Some(d)) => format!("to see {d}"),
        Question::Other(text) => quote(text),
    }
}

fn answer(a: &Answer) -> String {
    match a {
        Answer::Making(n) => format!("making {n}"),
        Answer::Card(c) => c.to_string(),
        Answer::Count(0) => "none".into(),
        Answer::Count(n) => n.to_string(),
        Answer::Other(text) => quote(text),
    }
}

fn claim(t: &Transcript, c: &Claim) -> String {
    match c {
        Claim::FreshDeal => "fresh deal".into(),
        Claim::Score(items) => {
            let parts: Vec<String> = items.iter().map(ToString::to_string).collect();
            format!("to score {}", parts.join(", "))
        }
        Claim::PlayAgain(None) => "replay".into(),
        Claim::PlayAgain(Some(n)) => format!("replay from trick {n}"),
        Claim::ReckonsNothing(p) => format!("{} reckons nothing", t.name(*p)),
        Claim::Revoke => "revoke".into(),
        Claim::AlterDiscard => "to alter discard".into(),
        Claim::Other(text) => quote(text),
    }
}
