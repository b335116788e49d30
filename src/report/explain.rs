//! `referee explain`: every event in order, with the cards held and the
//! score after it, for stepping through a deal.

use std::fmt::Write;
use std::io;

use super::ruled::{deal_text, Names, Quoting};
use super::stream::{whole, RuledReport};
use crate::engine::partie::Standing;
use crate::engine::ruleset::RuleSet;
use crate::engine::score::{Item, TrickScore};
use crate::engine::{trace, DealRuling, Ruled};
use crate::laws::Book;
use crate::notation::{format_event, Deal, PlayerId, Transcript};

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
    let steps = trace(deal, ruling, rules);
    let mut before = (
        ruling.hands.dealt,
        [0usize; 2],
        usize::MAX,
        [0u32; 2],
        [0usize; 2],
    );
    let scores = scores_after(ruling, deal.events.len(), rules);
    for ((entry, step), &score) in deal.events.iter().zip(&steps).zip(&scores) {
        let _ = writeln!(
            out,
            "line {:>3}  {}",
            entry.span.line,
            format_event(transcript, &entry.event)
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
