//! `referee explain`: every event in order, with the cards held and the
//! score after it, for stepping through a deal.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::io;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;

use super::documents::Version;
use super::json::{deal_out, DealOut};
use super::ruled::{deal_text, Names, Quoting};
use super::stream::{pretty_indented, whole, RuledReport, DEAL_INDENT};
use crate::engine::partie::Standing;
use crate::engine::ruleset::RuleSet;
use crate::engine::score::{Item, TrickScore};
use crate::engine::{trace, DealRuling, Ruled, Step};
use crate::laws::Book;
use crate::notation::{format_event, visible, Deal, PlayerId, Transcript};

/// The whole trace, deal by deal, each followed by its ruling.
pub fn explain_text(transcript: &Transcript, ruled: &Ruled, book: &Book) -> String {
    whole(
        &mut ExplainReport::new(transcript, ruled.rules, book),
        transcript,
        ruled,
    )
}

/// The trace written deal by deal, as each deal is ruled.
pub struct ExplainReport<'a> {
    transcript: &'a Transcript,
    rules: &'static RuleSet,
    /// The laws quoted so far: each is quoted once in the report.
    quoting: Quoting<'a>,
    /// Each deal's text, built here and then written.
    buffer: String,
}

impl<'a> ExplainReport<'a> {
    /// A trace of a transcript's deals (its tags name the players).
    pub fn new(transcript: &'a Transcript, rules: &'static RuleSet, book: &'a Book) -> Self {
        ExplainReport {
            transcript,
            rules,
            quoting: Quoting::new(book),
            buffer: String::new(),
        }
    }
}

impl RuledReport for ExplainReport<'_> {
    fn begin(&mut self, _: &mut dyn io::Write) -> io::Result<()> {
        Ok(())
    }

    fn deal(
        &mut self,
        out: &mut dyn io::Write,
        deal: &Deal,
        ruling: &DealRuling,
    ) -> io::Result<()> {
        let names = Names(self.transcript);
        let out_text = &mut self.buffer;
        deal_trace(out_text, self.transcript, deal, ruling, self.rules, &names);
        out_text.push('\n');
        deal_text(
            out_text,
            deal,
            ruling,
            &names,
            &mut self.quoting,
            self.rules,
        );
        out_text.push('\n');
        out.write_all(self.buffer.as_bytes())?;
        self.buffer.clear();
        Ok(())
    }

    fn end(&mut self, _: &mut dyn io::Write, _: &Standing) -> io::Result<()> {
        Ok(())
    }
}

fn deal_trace(
    out: &mut String,
    transcript: &Transcript,
    deal: &Deal,
    ruling: &DealRuling,
    rules: &RuleSet,
    names: &Names<'_>,
) {
    let _ = writeln!(out, "Deal {}, event by event", ruling.number);
    for player in PlayerId::BOTH {
        let _ = writeln!(
            out,
            "  dealt to {}: {}",
            names.of(player),
            ruling.hands.dealt[player.index()]
        );
    }
    let (steps, scores) = states(deal, ruling, rules);
    let mut before = (
        ruling.hands.dealt,
        [0usize; 2],
        usize::MAX,
        [0u32; 2],
        [0usize; 2],
    );
    for ((entry, step), &score) in deal.events.iter().zip(&steps).zip(&scores) {
        let _ = writeln!(
            out,
            "line {:>3}  {}",
            entry.span.line,
            visible(&format_event(transcript, &entry.event))
        );
        // Only what changed is shown.
        for player in PlayerId::BOTH {
            let p = player.index();
            if step.hands[p] != before.0[p] || step.unknown[p] != before.1[p] {
                let unknown = match step.unknown[p] {
                    0 => String::new(),
                    n => format!(" and {n} unknown"),
                };
                let _ = writeln!(
                    out,
                    "          {} holds {}{unknown}",
                    names.of(player),
                    step.hands[p]
                );
            }
        }
        if step.stock != before.2 {
            let s = if step.stock == 1 { "" } else { "s" };
            let _ = writeln!(out, "          stock: {} card{s}", step.stock);
        }
        if step.tricks != before.4 {
            let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
            let _ = writeln!(
                out,
                "          tricks: {a} {}, {b} {}",
                step.tricks[0], step.tricks[1]
            );
        }
        if score != before.3 {
            let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
            let _ = writeln!(out, "          score: {a} {}, {b} {}", score[0], score[1]);
        }
        before = (step.hands, step.unknown, step.stock, score, step.tricks);
    }
    let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
    let total = ruling.score.scores;
    let _ = writeln!(
        out,
        "end of the deal, with the cards, capot, pique and repique: {a} {}, {b} {}",
        total[0], total[1]
    );
}

/// The table after each event of the deal, and what each player has
/// reckoned and made in play by then.
fn states(deal: &Deal, ruling: &DealRuling, rules: &RuleSet) -> (Vec<Step>, Vec<[u32; 2]>) {
    let steps = trace(deal, ruling, rules);
    let scores = scores_after(ruling, deal.events.len(), rules);
    (steps, scores)
}

/// What each player has reckoned and made in play by the end of each of
/// the first `events` events, worked out in one pass over the deal.
fn scores_after(ruling: &DealRuling, events: usize, rules: &RuleSet) -> Vec<[u32; 2]> {
    let mut gained = vec![[0u32; 2]; events];
    // A void deal scores nothing at any point of it.
    if ruling.void {
        return gained;
    }
    let mut gain = |event: usize, player: PlayerId, points: u32| {
        if let Some(at) = gained.get_mut(event) {
            at[player.index()] += points;
        }
    };
    for line in &ruling.score.lines {
        if let (Item::Holding(_), Some(event)) = (line.item, line.event) {
            gain(event, line.player, line.points);
        }
    }
    let last = ruling.tricks.len();
    // M4: the last trick's one more, where it scores.
    let last_scores = crate::engine::score::last_trick_scores(
        &ruling.tricks,
        [0, 0],
        ruling.score.play_complete,
        rules,
    );
    for (i, trick) in ruling.tricks.iter().enumerate() {
        let scored = TrickScore::of(trick, last_scores && i + 1 == last, rules);
        for player in PlayerId::BOTH {
            gain(trick.event, player, scored.points(trick, player));
        }
    }
    // A player who reckons nothing that deal has nothing at any point of it.
    let struck = PlayerId::BOTH.map(|player| {
        let lines = &ruling.score.lines;
        lines.iter().any(|l| l.player == player && l.struck)
    });
    let mut score = [0u32; 2];
    for at in &mut gained {
        for p in 0..2 {
            score[p] += at[p];
            at[p] = if struck[p] { 0 } else { score[p] };
        }
    }
    gained
}

/// `referee explain --format json`, as one value: the rule set and every
/// deal traced. It is written deal by deal ([`ExplainJson`]); this type
/// gives its schema and the bytes of the head and tail around the deals.
#[derive(Serialize, JsonSchema)]
pub(super) struct ExplainDocument<'a> {
    /// The schema version.
    pub version: Version,
    /// The rule set the transcript is ruled under (`portland`, `au-cent`, …).
    pub rules: &'a str,
    /// Every deal, in order.
    pub deals: Vec<ExplainDeal<'a>>,
}

/// One deal traced: the cards dealt, every event with the table after it,
/// and the deal's ruling.
#[derive(Serialize, JsonSchema)]
pub(super) struct ExplainDeal<'a> {
    /// The deal's number.
    pub number: u32,
    /// Each player's cards as dealt, as far as the transcript shows them, by player.
    pub dealt: BTreeMap<&'a str, String>,
    /// The card turned up for trumps (écarté).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turned_up: Option<String>,
    /// Every event, in order, with the table after it.
    pub events: Vec<ExplainEvent<'a>>,
    /// What each player scores at the end of the deal, by player: in
    /// piquet with the cards, capot, pique and repique; in écarté the points
    /// he marks.
    pub end: BTreeMap<&'a str, u32>,
    /// The deal's ruling: the deal as `referee rule --format json` gives it.
    #[schemars(schema_with = "rule_deal")]
    pub ruling: RulingOut<'a>,
}

/// A deal's ruling, as the rule report of its game's engine gives it.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum RulingOut<'a> {
    /// A piquet deal.
    Piquet(DealOut<'a>),
    /// An écarté deal.
    Ecarte(super::ecarte::DealOut<'a>),
}

/// One event and the table after it.
#[derive(Serialize, JsonSchema)]
pub(super) struct ExplainEvent<'a> {
    /// The line of the transcript the event is on.
    pub line: u32,
    /// The event, as `referee fmt` writes it.
    pub event: String,
    /// The cards each player holds after it, by player.
    pub holds: BTreeMap<&'a str, String>,
    /// How many cards in each hand the transcript does not name, by player.
    pub unknown: BTreeMap<&'a str, usize>,
    /// The cards left in the stock.
    pub stock: usize,
    /// The tricks each player has won so far, by player.
    pub tricks: BTreeMap<&'a str, usize>,
    /// What each player has reckoned and made in play so far, by player
    /// (piquet; an écarté deal's points are marked at its end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<BTreeMap<&'a str, u32>>,
}

/// The schema of a deal of `referee rule`'s report, written by hand.
fn rule_deal(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "$ref": "rule.schema.json#/$defs/deal" })
}

/// Each player's value, by the player's name.
pub(super) fn by_player<'a, T: Copy>(names: &Names<'a>, values: [T; 2]) -> BTreeMap<&'a str, T> {
    PlayerId::BOTH
        .into_iter()
        .map(|p| (names.of(p), values[p.index()]))
        .collect()
}

/// One deal traced, as data.
fn deal_json<'a>(
    transcript: &Transcript,
    deal: &Deal,
    ruling: &DealRuling,
    rules: &RuleSet,
    names: &Names<'a>,
) -> ExplainDeal<'a> {
    let (steps, scores) = states(deal, ruling, rules);
    let hands = |hands: [crate::cards::CardSet; 2]| {
        let hands = hands.map(|h| h.to_string());
        PlayerId::BOTH
            .into_iter()
            .map(|p| (names.of(p), hands[p.index()].clone()))
            .collect()
    };
    ExplainDeal {
        number: ruling.number,
        dealt: hands(ruling.hands.dealt),
        turned_up: None,
        events: deal
            .events
            .iter()
            .zip(&steps)
            .zip(&scores)
            .map(|((entry, step), &score)| ExplainEvent {
                line: entry.span.line,
                event: format_event(transcript, &entry.event),
                holds: hands(step.hands),
                unknown: by_player(names, step.unknown),
                stock: step.stock,
                tricks: by_player(names, step.tricks),
                score: Some(by_player(names, score)),
            })
            .collect(),
        end: by_player(names, ruling.score.scores),
        ruling: RulingOut::Piquet(deal_out(deal, ruling, names, rules)),
    }
}

/// Where the deals go in the JSON of a document without them.
const DEALS: &str = "\n  \"deals\": [";

/// The trace as JSON, written deal by deal: one object, pretty-printed,
/// the same bytes as `serde_json` gives for the whole [`ExplainDocument`]
/// at once. Piquet's and écarté's explain write through it.
pub(super) struct ExplainStream {
    /// The JSON before the deals, and after them.
    head: String,
    tail: String,
    /// How many deals are written.
    deals: usize,
    /// Each deal's JSON, built here and then written.
    buffer: Vec<u8>,
}

impl ExplainStream {
    /// The trace of a transcript ruled under `rules` (its name).
    pub(super) fn new(rules: &str) -> Self {
        let empty = ExplainDocument {
            version: Version,
            rules,
            deals: Vec::new(),
        };
        let json = super::documents::to_json(&empty);
        let at = json.find(DEALS).map_or(json.len(), |at| at + DEALS.len());
        let (head, tail) = json.split_at(at);
        ExplainStream {
            head: head.to_string(),
            tail: tail.to_string(),
            deals: 0,
            buffer: Vec::new(),
        }
    }

    /// Before the first deal.
    pub(super) fn begin(&mut self, out: &mut dyn io::Write) -> io::Result<()> {
        out.write_all(self.head.as_bytes())
    }

    /// One deal traced.
    pub(super) fn deal(
        &mut self,
        out: &mut dyn io::Write,
        value: &ExplainDeal<'_>,
    ) -> io::Result<()> {
        self.buffer.clear();
        if self.deals > 0 {
            self.buffer.push(b',');
        }
        self.buffer.push(b'\n');
        self.buffer.extend_from_slice(DEAL_INDENT.as_bytes());
        pretty_indented(&mut self.buffer, value).map_err(io::Error::other)?;
        out.write_all(&self.buffer)?;
        self.deals += 1;
        Ok(())
    }

    /// After the last deal.
    pub(super) fn end(&mut self, out: &mut dyn io::Write) -> io::Result<()> {
        // The tail starts with the `]` of an empty array: after deals, on its own line.
        if self.deals > 0 {
            out.write_all(b"\n  ")?;
        }
        out.write_all(self.tail.as_bytes())
    }
}

/// `referee explain --format json` on piquet, written deal by deal as each
/// deal is ruled.
pub struct ExplainJson<'a> {
    transcript: &'a Transcript,
    rules: &'static RuleSet,
    stream: ExplainStream,
}

impl<'a> ExplainJson<'a> {
    /// A trace of a transcript's deals (its tags name the players).
    pub fn new(transcript: &'a Transcript, rules: &'static RuleSet) -> Self {
        ExplainJson {
            transcript,
            rules,
            stream: ExplainStream::new(rules.rules.name()),
        }
    }
}

impl RuledReport for ExplainJson<'_> {
    fn begin(&mut self, out: &mut dyn io::Write) -> io::Result<()> {
        self.stream.begin(out)
    }

    fn deal(
        &mut self,
        out: &mut dyn io::Write,
        deal: &Deal,
        ruling: &DealRuling,
    ) -> io::Result<()> {
        let names = Names(self.transcript);
        let value = deal_json(self.transcript, deal, ruling, self.rules, &names);
        self.stream.deal(out, &value)
    }

    fn end(&mut self, out: &mut dyn io::Write, _: &Standing) -> io::Result<()> {
        self.stream.end(out)
    }
}

/// The whole trace as JSON, deal by deal.
pub fn explain_json(transcript: &Transcript, ruled: &Ruled) -> String {
    whole(
        &mut ExplainJson::new(transcript, ruled.rules),
        transcript,
        ruled,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine;
    use crate::notation::read_str;

    /// The document as one value.
    fn at_once(transcript: &Transcript, ruled: &Ruled) -> String {
        let names = Names(transcript);
        let document = ExplainDocument {
            version: Version,
            rules: ruled.rules.rules.name(),
            deals: transcript
                .deals
                .iter()
                .zip(&ruled.deals)
                .map(|(deal, ruling)| deal_json(transcript, deal, ruling, ruled.rules, &names))
                .collect(),
        };
        super::super::documents::to_json(&document)
    }

    #[test]
    fn streamed_explain_json_is_byte_for_byte_the_json_of_the_whole() {
        let mut checked = 0;
        let mut texts: Vec<String> = crate::testing::project_transcripts()
            .iter()
            // The fixture that is not UTF-8 is left out.
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect();
        texts.push("[Players \"A B\"]\n".to_string());
        for text in texts {
            let reading = read_str(&text);
            let Ok(ruled) = engine::rule(&reading.transcript) else {
                continue;
            };
            let json = explain_json(&reading.transcript, &ruled);
            assert_eq!(json, at_once(&reading.transcript, &ruled));
            let value: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(
                value["deals"].as_array().map(Vec::len),
                Some(ruled.deals.len())
            );
            checked += 1;
        }
        assert!(checked > 50, "only {checked} transcripts explained");
    }

    #[test]
    fn each_event_has_the_table_after_it() {
        let text = "[Players \"A B\"]\ndeal 1\ndealer B\nA: point 5\nB: good\n";
        let reading = read_str(text);
        let ruled = engine::rule(&reading.transcript).unwrap();
        let value: serde_json::Value =
            serde_json::from_str(&explain_json(&reading.transcript, &ruled)).unwrap();
        let events = value["deals"][0]["events"].as_array().unwrap();
        assert_eq!(events.len(), reading.transcript.deals[0].events.len());
        for event in events {
            for key in [
                "line", "event", "holds", "unknown", "stock", "tricks", "score",
            ] {
                assert!(event.get(key).is_some(), "{key} in {event}");
            }
        }
        assert_eq!(value["version"], VERSION_FOR_TEST);
    }

    const VERSION_FOR_TEST: &str = super::super::documents::VERSION;
}
