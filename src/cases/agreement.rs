//! Whether the engine's ruling on a case's transcript agrees with the book's
//! decision, as the case's `expected` figures give it. The engine rules from
//! the events alone; only this comparison reads the header.

use super::Case;
use crate::engine::{self, Ruled};
use crate::notation::{read_str, PlayerId, Transcript};
use crate::ruling::Penalty;

/// How the engine's ruling stands against the book's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// The case file has no transcript yet.
    NoTranscript,
    /// The transcript cannot be read, or ruled: a bug in the case file.
    Unreadable(String),
    /// The case gives no figures to compare.
    NotCompared,
    /// Every figure given agrees.
    Agrees,
    /// These figures differ.
    Differs(Vec<String>),
}

impl Agreement {
    /// One word or two for the cases table.
    pub fn short(&self) -> &'static str {
        match self {
            Agreement::NoTranscript => "no transcript yet",
            Agreement::Unreadable(_) => "unreadable",
            Agreement::NotCompared => "not compared",
            Agreement::Agrees => "agrees",
            Agreement::Differs(_) => "differs",
        }
    }
}

/// The case's transcript ruled, and how it compares with the book.
pub fn rule_case(case: &Case) -> (Option<(Transcript, Ruled)>, Agreement) {
    let reading = read_str(case.source.1);
    if reading.transcript.deals.is_empty() {
        return (None, Agreement::NoTranscript);
    }
    if let Some(error) = reading.errors.first() {
        let problem = error.render(case.source.0, case.source.1);
        return (None, Agreement::Unreadable(problem));
    }
    let ruled = match engine::rule(&reading.transcript) {
        Ok(ruled) => ruled,
        Err(e) => return (None, Agreement::Unreadable(e.to_string())),
    };
    let agreement = compare(case, &reading.transcript, &ruled);
    (Some((reading.transcript, ruled)), agreement)
}

fn compare(case: &Case, transcript: &Transcript, ruled: &Ruled) -> Agreement {
    let Some(expected) = &case.expected else {
        return Agreement::NotCompared;
    };
    let Some(deal) = ruled.deals.last() else {
        return Agreement::NotCompared;
    };
    let name = |p: PlayerId| transcript.name(p).to_string();
    let mut differs = Vec::new();
    if let Some(scores) = &expected.scores {
        for player in PlayerId::BOTH {
            let book = scores.get(&name(player)).copied();
            let engine = deal.score.scores[player.index()];
            if book.is_some_and(|b| b != engine) {
                differs.push(format!(
                    "{} scores {engine}; the book gives {}",
                    name(player),
                    book.unwrap_or_default()
                ));
            }
        }
    }
    if let Some(players) = &expected.reckons_nothing {
        for player in PlayerId::BOTH {
            let book = players.contains(&name(player));
            // A penalty ruled, even where nothing was left to strike (a
            // carte blanche survives it, Case XXI).
            let engine = deal
                .rulings
                .iter()
                .any(|r| r.offender == Some(player) && r.penalty.reckons_nothing());
            if book != engine {
                let says = if book { "reckons nothing" } else { "reckons" };
                differs.push(format!(
                    "the book says {} {says}; the engine rules otherwise",
                    name(player)
                ));
            }
        }
    }
    if let Some(trick) = expected.play_again_from {
        let engine = deal.rulings.iter().find_map(|r| match r.penalty {
            Penalty::PlayAgainFrom(t) => Some(t),
            _ => None,
        });
        if engine != Some(trick) {
            differs.push(format!(
                "the book has the hand played again from trick {trick}; the engine {}",
                engine.map_or("does not".to_string(), |t| format!("from trick {t}"))
            ));
        }
    }
    if let Some(partie) = &expected.partie {
        let winner = ruled.standing.winner.map(name);
        if winner.as_deref() != Some(partie.winner.as_str())
            || ruled.standing.points != Some(partie.points)
        {
            differs.push(format!(
                "the partie: the book gives {} {}, the engine {}",
                partie.winner,
                partie.points,
                match (winner, ruled.standing.points) {
                    (Some(w), Some(p)) => format!("{w} {p}"),
                    _ => "no result".to_string(),
                }
            ));
        }
    }
    if differs.is_empty() {
        Agreement::Agrees
    } else {
        Agreement::Differs(differs)
    }
}
