//! The écarté reports of `referee rule`: the text for people and the JSON
//! for tools, beside the piquet ones, sharing their law quoting, tables,
//! ruling text and JSON printing. A deal's `scores` are the marks each
//! player makes in it (laws 47-49); `games` the games five up (law 46).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use serde::Serialize;

use super::json::{pair, rulings_out, GameEntries, GameOut, RulingOut};
use super::ruled::{bullet, ruling_text, word, written_text, Names, Quoting};
use super::stream::{pretty_indented, DEAL_INDENT};
use super::table::new_table;
use super::{wrap, WIDTH};
use crate::engine::ecarte::{EcarteDeal, FirstChoice, Mark, MarkItem, Note};
use crate::engine::games::GameAt;
use crate::engine::Step;
use crate::laws::Book;
use crate::notation::{format_event, visible, Deal, PlayerId, Transcript};

/// A report written as the écarté deals are ruled.
pub trait EcarteReport {
    /// Before the first deal.
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()>;
    /// One deal, ruled, with the table after each of its events (for `explain`).
    fn deal(
        &mut self,
        out: &mut dyn Write,
        deal: &Deal,
        ruled: &EcarteDeal,
        steps: &[Step],
    ) -> io::Result<()>;
    /// After the last deal: the games.
    fn end(&mut self, out: &mut dyn Write, last: Option<GameAt>, won: [u32; 2]) -> io::Result<()>;
}

/// Whether the transcript's games are graded (law 46 by agreement).
fn graded(transcript: &Transcript) -> bool {
    transcript.tags.iter().any(|t| {
        t.value.name.eq_ignore_ascii_case("Stakes")
            && t.value.value.trim().eq_ignore_ascii_case("graded")
    })
}

/// A mark in words: `The king of hearts turned up`.
pub fn mark_text(mark: &Mark) -> String {
    let what = match mark.item {
        MarkItem::KingTurnedUp(card) => format!("The king turned up ({card})"),
        MarkItem::KingHeld(card) => format!("The king of trumps held and announced ({card})"),
        MarkItem::Point { tricks, law49 } => {
            let why = match law49 {
                Some(FirstChoice::Stood) => ", the non-dealer having played without proposing",
                Some(FirstChoice::Refused) => ", the dealer having refused the first proposal",
                _ => "",
            };
            format!("The point ({} tricks{why})", word(tricks))
        }
        MarkItem::Vole => "The vole (all five tricks)".to_string(),
    };
    match mark.reduced_from {
        Some(from) => format!("{what}, reduced from {from} by the penalty"),
        None => what,
    }
}

/// One line of a deal's marks as shown: what it is for, what it marks,
/// and the laws.
struct Line {
    text: String,
    points: u32,
    laws: &'static [&'static str],
}

/// Law 46: a mark made once the game was won in the deal is shown, and
/// marks nothing ("The game is five up").
fn line_of(ruled: &EcarteDeal, index: usize, mark: &Mark) -> Line {
    if index < ruled.counted {
        return Line {
            text: mark_text(mark),
            points: mark.points,
            laws: mark.laws,
        };
    }
    Line {
        text: format!(
            "{}: not marked, the game was already won (law 46)",
            mark_text(mark)
        ),
        points: 0,
        laws: crate::engine::ecarte::cite::GAME,
    }
}

/// A note in words.
pub fn note_text(note: &Note, names: &Names<'_>) -> String {
    match *note {
        Note::NoDealer => "No dealer is written and nothing shows who dealt: the second player is taken to deal.".to_string(),
        Note::DealerByTurn(p) => format!("No dealer is written: {} is taken to deal, the deal passing alternately.", names.of(p)),
        Note::DealerByCut(p) => format!("No dealer is written: {} deals, having cut the higher card (law 5).", names.of(p)),
        Note::NoTrump => "No card is written turned up: nothing is trumps, and no king is marked.".to_string(),
        Note::PlayIncomplete(0) => "The play is not written: no point is marked.".to_string(),
        Note::PlayIncomplete(n) => format!("The play stops after {} {}: the marks are those the tricks written decide.", word(n as u32), if n == 1 { "trick" } else { "tricks" }),
        Note::Uninterpreted(i) => format!("Event {} is read but not yet ruled on by the écarté referee.", i + 1),
        Note::KingNotAnnounced(p) => format!("{} held the king of trumps and did not announce it before playing his first card: he loses the right to mark it (law 23).", names.of(p)),
        Note::KingAnnouncedLate(p) => format!("{} announced the king of trumps only after playing his first card: he loses the right to mark it (law 23).", names.of(p)),
        Note::KingMarkedNotAnnounced(p) => format!("{} marked the king held in hand without announcing it, which is not sufficient (law 23): it is not counted.", names.of(p)),
        Note::KingMarkedWithoutRight(p) => format!("{} marks a king he did not turn up and did not announce in time: it is not counted.", names.of(p)),
        Note::KingOfLastDeal(p) => format!("{} marks the king he turned up in the last deal, before this deal's trump is turned up (law 22): it is counted in that deal.", names.of(p)),
        Note::StockShort { left } => format!("The dealer accepted with {} left in the stock, not enough for both players: the non-dealer exchanges as many as he asked for, or as many as are left, and the dealer must play his hand (law 38).", cards(left)),
        Note::StockEmpty => "A proposal is made with no card left in the stock.".to_string(),
        Note::TurnupDiffers => "The card written turned up differs from the `turnup:` line: the `turnup:` line is taken.".to_string(),
        Note::KingOfLastDealLate(p) => format!("{} marks the king he turned up in the last deal only after this deal's trump is turned up: the dealer is entitled to a king turned up whether or not he marks it (law 22, as the notation reads it), so it was counted in that deal, and is not counted again.", names.of(p)),
        Note::MarksAfterGame => "The game was won in this deal before its later marks were made: they are shown and mark nothing, being no part of the game (law 46).".to_string(),
        Note::Retaken(p, card) => format!("{} took up {card} again before another card was led (law 39): no penalty, and the card he played in its place stands.", names.of(p)),
        Note::ScoreLineDiffers { carried } => {
            let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
            format!("The `score` line differs from the marks carried in the game ({a} {}, {b} {}): the line is taken.", carried[0], carried[1])
        }
        Note::HandUnknown(p) => format!("{}'s hand is not known card by card: law 43 is weighed on the cards known.", names.of(p)),
    }
}

fn cards(n: usize) -> String {
    match n {
        1 => "one card".to_string(),
        n => format!("{} cards", word(n as u32)),
    }
}

/// Why the deal marks as it does: the exchange and the tricks.
fn reasons(ruled: &EcarteDeal, names: &Names<'_>) -> Vec<String> {
    let dealer = names.of(ruled.dealer);
    let non = names.of(ruled.non_dealer);
    let mut out = Vec::new();
    let exchange = match ruled.first {
        Some(FirstChoice::Stood) => format!("{non} played without proposing (law 49)."),
        Some(FirstChoice::Refused) => {
            format!("{non} proposed and {dealer} refused the first proposal (law 49).")
        }
        Some(FirstChoice::Accepted) => {
            let [a, b] = [
                ruled.exchanged[ruled.non_dealer.index()],
                ruled.exchanged[ruled.dealer.index()],
            ];
            let more = match ruled.proposals {
                1 => String::new(),
                n => format!(" ({} proposals in all)", word(n as u32)),
            };
            format!("{non} proposed and {dealer} accepted{more}: {non} took {}, {dealer} {} (laws 26-28).", cards(a), cards(b))
        }
        None => String::new(),
    };
    if !exchange.is_empty() {
        out.push(exchange);
    }
    if !ruled.tricks.is_empty() {
        let mut won = [0u32; 2];
        for t in &ruled.tricks {
            won[t.winner.index()] += 1;
        }
        let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
        out.push(format!(
            "Tricks: {a} {}, {b} {} (law 48: three or four the point, five the vole).",
            won[0], won[1]
        ));
    }
    out
}

/// The text for people: each deal's marks with their laws, the rulings
/// (each law quoted once), and where the game stands.
pub struct EcarteText<'a> {
    names: Names<'a>,
    book: &'a Book,
    quoting: Quoting<'a>,
    graded: bool,
}

impl<'a> EcarteText<'a> {
    /// A text report on a transcript's deals.
    pub fn new(transcript: &'a Transcript, book: &'a Book) -> Self {
        EcarteText {
            names: Names(transcript),
            book,
            quoting: Quoting::new(book),
            graded: graded(transcript),
        }
    }
}

/// The deal's text.
fn deal_text(out: &mut String, ruled: &EcarteDeal, names: &Names<'_>, quoting: &mut Quoting<'_>) {
    let trumps = match ruled.trump {
        Some(card) => format!("; trumps {} ({card} turned up)", card.suit.name()),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "Deal {}: dealer {}, non-dealer {}{trumps}",
        ruled.number,
        names.of(ruled.dealer),
        names.of(ruled.non_dealer)
    );
    let mut table = new_table(&["Player", "Marks for", "Marks", "Laws"]);
    for (index, mark) in ruled.marks.iter().enumerate() {
        let line = line_of(ruled, index, mark);
        table.add_row(vec![
            names.of(mark.player).to_string(),
            line.text,
            line.points.to_string(),
            line.laws.join(", "),
        ]);
    }
    for player in PlayerId::BOTH {
        table.add_row(vec![
            names.of(player).to_string(),
            "Deal total".to_string(),
            ruled.scores[player.index()].to_string(),
            String::new(),
        ]);
    }
    let _ = writeln!(out, "{table}");
    let why = reasons(ruled, names);
    if !why.is_empty() {
        out.push_str("Why:\n");
        for reason in why {
            out.push_str(&bullet(&reason));
        }
    }
    if !ruled.rulings.is_empty() {
        out.push_str("Rulings:\n");
        for (index, ruling) in ruled.rulings.iter().enumerate() {
            ruling_text(out, ruling, names, quoting);
            options_text(out, ruled, index, names);
        }
    }
    if !ruled.notes.is_empty() {
        out.push_str("Notes:\n");
        for note in &ruled.notes {
            out.push_str(&bullet(&note_text(note, names)));
        }
    }
    written_text(out, &ruled.written, names);
    game_text(out, &ruled.game, names);
}

/// The choice a ruling gives, each option with the marks under it, side by side.
fn options_text(out: &mut String, ruled: &EcarteDeal, index: usize, names: &Names<'_>) {
    let options: Vec<_> = ruled
        .outcomes
        .iter()
        .filter(|o| o.ruling == index)
        .collect();
    let Some(first) = options.first() else {
        return;
    };
    let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
    let _ = writeln!(out, "    {} chooses:", names.of(first.chooser));
    let mut table = new_table(&["Option", a, b, "Chosen"]);
    for option in &options {
        table.add_row(vec![
            option.option.to_string(),
            option.scores[0].to_string(),
            option.scores[1].to_string(),
            if option.taken { "yes" } else { "" }.to_string(),
        ]);
    }
    let _ = writeln!(out, "{table}");
}

/// `Game 1: A 3, B 1.` and the game won at this deal.
fn game_text(out: &mut String, game: &GameAt, names: &Names<'_>) {
    let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
    let mut text = format!(
        "Game {}: {a} {}, {b} {}.",
        game.number, game.totals[0], game.totals[1]
    );
    if let Some(won) = &game.won {
        let loser = names.of(won.winner.other());
        let had = game.totals[won.winner.other().index()];
        let kind = match won.counts {
            3 => "a treble",
            2 => "a double",
            _ => "a single",
        };
        let _ = write!(
            text,
            " {} wins game {}, five up, {loser} having {}: {kind} (law 46).",
            names.of(won.winner),
            game.number,
            if had == 0 {
                "not scored".to_string()
            } else {
                had.to_string()
            },
        );
    }
    out.push_str(&wrap(&text, "", WIDTH));
}

impl EcarteReport for EcarteText<'_> {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "Ruled under {} (ecarte).", self.book.title)?;
        if self.graded {
            writeln!(
                out,
                "By agreement: graded stakes, a game counting treble, double or single (law 46)."
            )?;
        }
        Ok(())
    }

    fn deal(
        &mut self,
        out: &mut dyn Write,
        _deal: &Deal,
        ruled: &EcarteDeal,
        _steps: &[Step],
    ) -> io::Result<()> {
        let mut text = String::from("\n");
        deal_text(&mut text, ruled, &self.names, &mut self.quoting);
        out.write_all(text.as_bytes())
    }

    fn end(&mut self, out: &mut dyn Write, last: Option<GameAt>, won: [u32; 2]) -> io::Result<()> {
        let [a, b] = PlayerId::BOTH.map(|p| self.names.of(p));
        let Some(last) = last else {
            return Ok(());
        };
        let finished = last.number - u32::from(last.won.is_none());
        let mut text = format!(
            "\nGames won: {a} {}, {b} {} ({} finished{}).",
            won[0],
            won[1],
            finished,
            if self.graded { ", by their counts" } else { "" }
        );
        if last.won.is_none() {
            let _ = write!(
                text,
                " Game {} is not finished: {a} {}, {b} {}.",
                last.number, last.totals[0], last.totals[1]
            );
        }
        out.write_all(b"\n")?;
        out.write_all(wrap(&text[1..], "", WIDTH).as_bytes())
    }
}

#[derive(Serialize)]
struct MarkOut<'a> {
    player: &'a str,
    scores: String,
    points: u32,
    laws: &'static [&'static str],
}

#[derive(Serialize)]
struct WrittenOut<'a> {
    player: &'a str,
    written: u32,
    referee: u32,
}

#[derive(Serialize)]
struct TrickOut<'a> {
    number: u8,
    leader: &'a str,
    cards: [String; 2],
    winner: &'a str,
}

#[derive(Serialize)]
pub(super) struct DealOut<'a> {
    number: u32,
    dealer: &'a str,
    elder: &'a str,
    non_dealer: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    trump: Option<String>,
    scores: BTreeMap<&'a str, u32>,
    lines: Vec<MarkOut<'a>>,
    tricks: Vec<TrickOut<'a>>,
    rulings: Vec<RulingOut<'a>>,
    notes: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    written: Vec<WrittenOut<'a>>,
    totals: BTreeMap<&'a str, u32>,
    game: GameOut<'a>,
}

fn deal_out<'a>(ruled: &EcarteDeal, names: &Names<'a>) -> DealOut<'a> {
    let game = &ruled.game;
    let won = game.won.as_ref();
    DealOut {
        number: ruled.number,
        dealer: names.of(ruled.dealer),
        elder: names.of(ruled.non_dealer),
        non_dealer: names.of(ruled.non_dealer),
        trump: ruled.trump.map(|c| c.to_string()),
        scores: pair(names, ruled.scores),
        lines: ruled
            .marks
            .iter()
            .enumerate()
            .map(|(index, m)| {
                let line = line_of(ruled, index, m);
                MarkOut {
                    player: names.of(m.player),
                    scores: line.text,
                    points: line.points,
                    laws: line.laws,
                }
            })
            .collect(),
        tricks: ruled
            .tricks
            .iter()
            .map(|t| TrickOut {
                number: t.number,
                leader: names.of(t.leader),
                cards: t.cards.map(|c| c.to_string()),
                winner: names.of(t.winner),
            })
            .collect(),
        rulings: rulings_out(&ruled.rulings, &ruled.outcomes, names),
        notes: ruled.notes.iter().map(|n| note_text(n, names)).collect(),
        written: ruled
            .written
            .iter()
            .map(|w| WrittenOut {
                player: names.of(w.player),
                written: w.written,
                referee: w.referee,
            })
            .collect(),
        totals: pair(names, game.totals),
        game: GameOut {
            number: game.number,
            totals: pair(names, game.totals),
            winner: won.map(|w| names.of(w.winner)),
            counts: won.map(|w| w.counts),
            laws: won.map_or(&[], |w| w.laws),
        },
    }
}

/// The JSON for tools, in the shape of the output contract: `rules`,
/// `deals`, `totals` (the game in play, or the last), `games`; no `partie`.
pub struct EcarteJson<'a> {
    names: Names<'a>,
    graded: bool,
    deals: usize,
    games: GameEntries<'a>,
    buffer: Vec<u8>,
}

impl<'a> EcarteJson<'a> {
    /// A JSON report on a transcript's deals.
    pub fn new(transcript: &'a Transcript) -> Self {
        EcarteJson {
            names: Names(transcript),
            graded: graded(transcript),
            deals: 0,
            games: GameEntries::default(),
            buffer: Vec::new(),
        }
    }
}

fn json_error(e: serde_json::Error) -> io::Error {
    io::Error::other(e)
}

#[derive(Serialize)]
struct Tail<'a> {
    totals: BTreeMap<&'a str, u32>,
    games: Vec<super::json::GameEntryOut<'a>>,
}

impl EcarteReport for EcarteJson<'_> {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let version = super::documents::VERSION;
        write!(
            out,
            "{{\n  \"version\": \"{version}\",\n  \"rules\": \"ecarte\","
        )?;
        if self.graded {
            write!(out, "\n  \"agreements\": [\n    \"graded-stakes\"\n  ],")?;
        }
        write!(out, "\n  \"deals\": [")
    }

    fn deal(
        &mut self,
        out: &mut dyn Write,
        _deal: &Deal,
        ruled: &EcarteDeal,
        _steps: &[Step],
    ) -> io::Result<()> {
        self.games.game(&ruled.game, ruled.number, &self.names);
        self.buffer.clear();
        if self.deals > 0 {
            self.buffer.push(b',');
        }
        self.buffer.push(b'\n');
        self.buffer.extend_from_slice(DEAL_INDENT.as_bytes());
        pretty_indented(&mut self.buffer, &deal_out(ruled, &self.names)).map_err(json_error)?;
        out.write_all(&self.buffer)?;
        self.deals += 1;
        Ok(())
    }

    fn end(&mut self, out: &mut dyn Write, last: Option<GameAt>, _won: [u32; 2]) -> io::Result<()> {
        out.write_all(if self.deals == 0 { b"]" } else { b"\n  ]" })?;
        let tail = Tail {
            totals: pair(&self.names, last.map_or([0; 2], |g| g.totals)),
            games: self.games.out().unwrap_or_default(),
        };
        let pretty = serde_json::to_string_pretty(&tail).map_err(json_error)?;
        let fields = pretty.strip_prefix('{').unwrap_or(&pretty);
        writeln!(out, ",{fields}")
    }
}

/// `referee explain` on écarté: every event in order with what changed at
/// the table after it (the hands, the stock, the tricks), then the deal's
/// report as `rule` gives it.
pub struct EcarteExplain<'a> {
    text: EcarteText<'a>,
    transcript: &'a Transcript,
}

impl<'a> EcarteExplain<'a> {
    /// A trace of a transcript's deals.
    pub fn new(transcript: &'a Transcript, book: &'a Book) -> Self {
        EcarteExplain {
            text: EcarteText::new(transcript, book),
            transcript,
        }
    }
}

impl EcarteReport for EcarteExplain<'_> {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.text.begin(out)
    }

    fn deal(
        &mut self,
        out: &mut dyn Write,
        deal: &Deal,
        ruled: &EcarteDeal,
        steps: &[Step],
    ) -> io::Result<()> {
        let names = Names(self.transcript);
        let mut text = format!("\nDeal {}, event by event\n", ruled.number);
        for hand in &deal.header.hands {
            let cards: Vec<String> = hand
                .value
                .cards
                .cards
                .iter()
                .map(|c| c.to_string())
                .collect();
            let _ = writeln!(
                text,
                "  dealt to {}: {}",
                names.of(hand.value.player),
                cards.join(" ")
            );
        }
        if let Some(trump) = ruled.trump {
            let _ = writeln!(text, "  turned up: {trump}");
        }
        let mut before: Option<&Step> = None;
        for (entry, step) in deal.events.iter().zip(steps) {
            let _ = writeln!(
                text,
                "line {:>3}  {}",
                entry.span.line,
                visible(&format_event(self.transcript, &entry.event))
            );
            for player in PlayerId::BOTH {
                let p = player.index();
                let changed = before
                    .is_none_or(|b| b.hands[p] != step.hands[p] || b.unknown[p] != step.unknown[p]);
                if changed && before.is_some() {
                    let unknown = match step.unknown[p] {
                        0 => String::new(),
                        n => format!(" and {n} unknown"),
                    };
                    let held = match (step.hands[p].is_empty(), step.unknown[p]) {
                        (true, 0) => "nothing".to_string(),
                        (true, n) => format!("{n} unknown"),
                        (false, _) => format!("{}{unknown}", step.hands[p]),
                    };
                    let _ = writeln!(text, "          {} holds {held}", names.of(player));
                }
            }
            if before.is_some_and(|b| b.stock != step.stock) {
                let _ = writeln!(text, "          stock: {}", cards(step.stock));
            }
            if before.is_some_and(|b| b.tricks != step.tricks) {
                let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
                let _ = writeln!(
                    text,
                    "          tricks: {a} {}, {b} {}",
                    step.tricks[0], step.tricks[1]
                );
            }
            before = Some(step);
        }
        out.write_all(text.as_bytes())?;
        self.text.deal(out, deal, ruled, steps)
    }

    fn end(&mut self, out: &mut dyn Write, last: Option<GameAt>, won: [u32; 2]) -> io::Result<()> {
        self.text.end(out, last, won)
    }
}

/// `referee explain --format json` on écarté: every event with the table
/// after it (the hands, the stock, the tricks), then the deal's ruling as
/// `rule --format json` gives it, written deal by deal.
pub struct EcarteExplainJson<'a> {
    transcript: &'a Transcript,
    stream: super::explain::ExplainStream,
}

impl<'a> EcarteExplainJson<'a> {
    /// A trace of a transcript's deals.
    pub fn new(transcript: &'a Transcript) -> Self {
        EcarteExplainJson {
            transcript,
            stream: super::explain::ExplainStream::new("ecarte"),
        }
    }
}

impl EcarteReport for EcarteExplainJson<'_> {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.stream.begin(out)
    }

    fn deal(
        &mut self,
        out: &mut dyn Write,
        deal: &Deal,
        ruled: &EcarteDeal,
        steps: &[Step],
    ) -> io::Result<()> {
        use super::explain::{by_player, ExplainDeal, ExplainEvent, RulingOut};
        let names = Names(self.transcript);
        let held = |p: PlayerId, step: &Step| step.hands[p.index()].to_string();
        let value = ExplainDeal {
            number: ruled.number,
            dealt: deal
                .header
                .hands
                .iter()
                .map(|hand| {
                    let cards: Vec<String> = hand
                        .value
                        .cards
                        .cards
                        .iter()
                        .map(|c| c.to_string())
                        .collect();
                    (names.of(hand.value.player), cards.join(" "))
                })
                .collect(),
            turned_up: ruled.trump.map(|c| c.to_string()),
            events: deal
                .events
                .iter()
                .zip(steps)
                .map(|(entry, step)| ExplainEvent {
                    line: entry.span.line,
                    event: format_event(self.transcript, &entry.event),
                    holds: PlayerId::BOTH
                        .into_iter()
                        .map(|p| (names.of(p), held(p, step)))
                        .collect(),
                    unknown: by_player(&names, step.unknown),
                    stock: step.stock,
                    tricks: by_player(&names, step.tricks),
                    score: None,
                })
                .collect(),
            end: by_player(&names, ruled.scores),
            ruling: RulingOut::Ecarte(deal_out(ruled, &names)),
        };
        self.stream.deal(out, &value)
    }

    fn end(&mut self, out: &mut dyn Write, _: Option<GameAt>, _: [u32; 2]) -> io::Result<()> {
        self.stream.end(out)
    }
}
