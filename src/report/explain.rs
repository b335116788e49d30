//! `referee explain`: every event in order, with the cards held and the
//! score after it, for stepping through a deal.

use std::fmt::Write;

use super::ruled::{deal_text, Names};
use crate::engine::ruleset::RuleSet;
use crate::engine::score::{Item, TrickScore};
use crate::engine::{trace, DealRuling, Ruled};
use crate::laws::Book;
use crate::notation::{format_event, Deal, PlayerId, Transcript};

/// The whole trace, deal by deal, each followed by its ruling.
pub fn explain_text(transcript: &Transcript, ruled: &Ruled, book: &Book) -> String {
    let names = Names(transcript);
    let mut out = String::new();
    for (deal, ruling) in transcript.deals.iter().zip(&ruled.deals) {
        deal_trace(&mut out, transcript, deal, ruling, ruled, &names);
        out.push('\n');
        deal_text(&mut out, deal, ruling, &names, book);
        out.push('\n');
    }
    out
}

fn deal_trace(
    out: &mut String,
    transcript: &Transcript,
    deal: &Deal,
    ruling: &DealRuling,
    ruled: &Ruled,
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
    let steps = trace(deal, ruling, ruled.rules);
    let mut before = (
        ruling.hands.dealt,
        [0usize; 2],
        usize::MAX,
        [0u32; 2],
        [0usize; 2],
    );
    for (index, (entry, step)) in deal.events.iter().zip(&steps).enumerate() {
        let score = score_after(ruling, index, ruled.rules);
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
            let _ = writeln!(out, "          stock: {} cards", step.stock);
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

/// What each player has reckoned and made in play by the end of event `index`.
fn score_after(ruling: &DealRuling, index: usize, rules: &RuleSet) -> [u32; 2] {
    let mut score = [0u32; 2];
    // A void deal scores nothing at any point of it.
    if ruling.void {
        return score;
    }
    for line in &ruling.score.lines {
        if let (Item::Holding(_), Some(event)) = (line.item, line.event) {
            if event <= index {
                score[line.player.index()] += line.points;
            }
        }
    }
    let last = ruling.tricks.len();
    for (i, trick) in ruling.tricks.iter().enumerate() {
        if trick.event > index {
            break;
        }
        let scored = TrickScore::of(trick, ruling.score.play_complete && i + 1 == last, rules);
        for player in PlayerId::BOTH {
            score[player.index()] += scored.points(trick, player);
        }
    }
    // A player who reckons nothing that deal has nothing at any point of it.
    for player in PlayerId::BOTH {
        if ruling
            .score
            .lines
            .iter()
            .any(|l| l.player == player && l.struck)
        {
            score[player.index()] = 0;
        }
    }
    score
}
