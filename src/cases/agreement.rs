//! Whether the engine's ruling on a case's transcript agrees with the book's
//! decision, as the case's `expected` figures give it. The engine rules from
//! the events alone; only this comparison reads the header.

use super::{Case, ExpectedRuling};
use crate::engine::answers::{names, Given};
use crate::engine::score::Item;
use crate::engine::{self, Ruled};
use crate::notation::{read_str, PlayerId, Transcript};
use crate::notation::{Act, Declaration, Event};
use crate::ruling::{Penalty, Ruling};

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
    let replayed = deal
        .rulings
        .iter()
        .any(|r| matches!(r.penalty, Penalty::PlayAgainFrom(_)));
    if let Some(book) = expected.play_again {
        // A claim to have the cards played again must be answered as the
        // book answers it, not passed over.
        let answered = deal
            .answers
            .iter()
            .filter(|a| matches!(a.claim, crate::notation::Claim::PlayAgain(_)))
            .all(|a| (a.given == Given::Allowed) == book);
        if !answered {
            differs.push(format!(
                "the book {} the claim to play the cards again; the engine answers otherwise",
                if book { "allows" } else { "refuses" }
            ));
        }
        if book != replayed {
            differs.push(format!(
                "the book {} the cards played again; the engine {}",
                if book { "has" } else { "refuses" },
                if replayed {
                    "has them played again"
                } else {
                    "does not"
                }
            ));
        }
    }
    differs.extend(rulings_differ(
        expected.rulings.as_deref().unwrap_or_default(),
        &deal.rulings,
        &name,
    ));
    differs.extend(claims_differ(expected, deal, &name));
    for item in expected.not_scored.iter().flatten() {
        let Some(declaration) = read_declaration(&item.what) else {
            differs.push(format!(
                "`{}` is not a declaration the notation reads",
                item.what
            ));
            continue;
        };
        let scored = deal.score.lines.iter().any(|l| {
            name(l.player) == item.player
                && !l.struck
                && l.points > 0
                && matches!(&l.item, Item::Holding(h) if names(&declaration, h))
        });
        if scored {
            differs.push(format!(
                "the book says {} may not score {}; the engine scores it",
                item.player, item.what
            ));
        }
    }
    for player in expected.no_penalty.iter().flatten() {
        let penalised = deal.rulings.iter().any(|r| {
            r.offender.map(name).as_deref() == Some(player.as_str())
                && !matches!(r.penalty, Penalty::None | Penalty::Waived)
        });
        if penalised {
            differs.push(format!(
                "the book gives no penalty against {player}; the engine rules one"
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

/// A penalty's name as the report's JSON writes it (`not-scored`, `play-again-from`).
pub(crate) fn penalty_name(penalty: Penalty) -> String {
    match serde_json::to_value(penalty) {
        Ok(serde_json::Value::String(name)) => name,
        Ok(serde_json::Value::Object(map)) => map.keys().next().cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

/// A declaration written as a transcript writes it, read by the notation's reader.
fn read_declaration(what: &str) -> Option<Declaration> {
    let text = format!("[Players \"A B\"]\ndeal 1\nA reckons {what}\n");
    let reading = read_str(&text);
    if !reading.errors.is_empty() {
        return None;
    }
    let deal = reading.transcript.deals.first()?;
    deal.events.iter().find_map(|entry| match &entry.event {
        Event::Act {
            act: Act::Reckons { items, .. },
            ..
        } if items.len() == 1 => items.first().copied(),
        _ => None,
    })
}

/// Each ruling the book makes is among the engine's, and the engine
/// makes no ruling the book does not.
fn rulings_differ(
    book: &[ExpectedRuling],
    engine: &[Ruling],
    name: &dyn Fn(PlayerId) -> String,
) -> Vec<String> {
    let matches = |b: &ExpectedRuling, r: &Ruling| {
        r.offender.map(name) == b.offender
            && penalty_name(r.penalty) == b.penalty
            && b.laws.iter().all(|law| r.laws.contains(&law.as_str()))
    };
    let mut differs = Vec::new();
    for b in book {
        if !engine.iter().any(|r| matches(b, r)) {
            differs.push(format!(
                "the book rules against {} (law {}): {}; the engine makes no such ruling",
                b.offender.as_deref().unwrap_or("nobody"),
                b.laws.join(", "),
                b.penalty
            ));
        }
    }
    for r in engine {
        if !book.iter().any(|b| matches(b, r)) {
            differs.push(format!(
                "the engine rules against {} (law {}): {}; the book's decision makes no such ruling",
                r.offender.map_or_else(|| "nobody".to_string(), name),
                r.laws.join(", "),
                penalty_name(r.penalty)
            ));
        }
    }
    differs
}

/// Every `claims` line is answered as the book answers it.
fn claims_differ(
    expected: &crate::cases::Expected,
    deal: &crate::engine::DealRuling,
    name: &dyn Fn(PlayerId) -> String,
) -> Vec<String> {
    let book = expected.claims.as_deref().unwrap_or_default();
    let engine: Vec<(String, &str)> = deal
        .answers
        .iter()
        .map(|a| {
            let answer = match a.given {
                Given::Allowed => "allowed",
                Given::Refused => "refused",
                Given::NotWeighed => "not-weighed",
            };
            (name(a.claimant), answer)
        })
        .collect();
    let book: Vec<(String, &str)> = book
        .iter()
        .map(|c| (c.claimant.clone(), c.answer.as_str()))
        .collect();
    if engine == book {
        return Vec::new();
    }
    vec![format!(
        "the claims: the book answers {}, the engine {}",
        claims_list(&book),
        claims_list(&engine)
    )]
}

fn claims_list(claims: &[(String, &str)]) -> String {
    if claims.is_empty() {
        return "none".to_string();
    }
    claims
        .iter()
        .map(|(who, answer)| format!("{who}'s claim {answer}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use crate::engine::declarations::Holding;
    use crate::engine::holding::{Point, Set};

    /// The `what` of the cases' `not_scored`, read and matched (Cases IV, VII).
    #[test]
    fn a_declaration_in_words_names_a_holding() {
        let kings = Holding::Set(Set {
            rank: Rank::King,
            count: 3,
        });
        let point = Holding::Point(Point {
            suit: Suit::Clubs,
            cards: 5,
            value: 48,
        });
        // (what, holding, names it)
        let table = [
            ("three kings", kings, true),
            ("three queens", kings, false),
            ("four kings", kings, false),
            ("point 5", point, true),
            ("point 4", point, false),
            ("point 5 in clubs", point, true),
            ("three kings", point, false),
        ];
        for (what, holding, expected) in table {
            let declaration = read_declaration(what);
            assert!(declaration.is_some(), "{what}");
            let named = declaration.is_some_and(|d| names(&d, &holding));
            assert_eq!(named, expected, "{what}");
        }
        assert_eq!(read_declaration("no such thing"), None);
    }

    /// The penalties as the expected rulings name them.
    #[test]
    fn penalties_are_named_as_in_the_json_report() {
        let table = [
            (Penalty::None, "none"),
            (Penalty::NotScored, "not-scored"),
            (Penalty::ReckonsNothing, "reckons-nothing"),
            (Penalty::PlayAgainFrom(6), "play-again-from"),
        ];
        for (penalty, name) in table {
            assert_eq!(penalty_name(penalty), name);
        }
    }
}
