//! The answers to a deal's `claims` lines and to its `?` questions, in
//! words: each claim allowed or refused, why, and on which laws.

use crate::engine::answers::{Answer, Given, Why};
use crate::engine::declarations::{Category, Verdict};
use crate::engine::DealRuling;
use crate::notation::{Claim, Deal, Event, Span};

use super::irregularity::irregularity_text;
use super::ruled::{capitalise, Names};

/// What a claim asks for: `a fresh deal`, `to score three kings`.
pub fn claim_text(claim: &Claim, names: &Names<'_>) -> String {
    match claim {
        Claim::FreshDeal => "a fresh deal".to_string(),
        Claim::Score(items) => {
            let items: Vec<String> = items.iter().map(ToString::to_string).collect();
            format!("to score {}", items.join(", "))
        }
        Claim::PlayAgain(None) => "to have the cards played again".to_string(),
        Claim::PlayAgain(Some(trick)) => {
            format!("to have the cards played again from trick {trick}")
        }
        Claim::ReckonsNothing(player) => {
            format!("that {} reckons nothing that deal", names.of(*player))
        }
        Claim::Revoke => "that his adversary revoked".to_string(),
        Claim::AlterDiscard => "to alter his discard".to_string(),
        Claim::Other(words) => format!("\"{words}\""),
    }
}

/// One answer in a sentence: `line 70: B claims a fresh deal: refused. …`.
pub fn answer_text(answer: &Answer, ruling: &DealRuling, names: &Names<'_>) -> String {
    let who = names.of(answer.claimant);
    let given = match answer.given {
        Given::Allowed => "allowed",
        Given::Refused => "refused",
        Given::NotWeighed => "not weighed",
    };
    let why = why_text(answer, ruling, names);
    format!(
        "{}{who} claims {}: {given}. {}.",
        at(answer.span),
        claim_text(&answer.claim, names),
        capitalise(&cite(why, &answer.laws)),
    )
}

/// A reason with its laws: inside its own closing brackets where it ends in
/// them (`(Case V; law 32)`), after it otherwise; not again where the
/// reason already names its laws.
fn cite(why: String, laws: &[&str]) -> String {
    let laws = match laws {
        [] => return why,
        [law] => format!("law {law}"),
        laws => format!("laws {}", laws.join(", ")),
    };
    if why.contains("(law") {
        return why;
    }
    match why.strip_suffix(')') {
        Some(head) => format!("{head}; {laws})"),
        None => format!("{why} ({laws})"),
    }
}

fn why_text(answer: &Answer, ruling: &DealRuling, names: &Names<'_>) -> String {
    let who = names.of(answer.claimant);
    let other = names.of(answer.claimant.other());
    match answer.why {
        Why::Ruling(index) => {
            let r = &ruling.rulings[index];
            format!(
                "{}{}",
                r.span
                    .filter(|s| s.line > 0)
                    .map_or_else(String::new, |s| format!("as ruled on line {}: ", s.line)),
                irregularity_text(&r.irregularity, r.offender.map(|p| names.of(p)))
            )
        }
        Why::Agreed => "the players agreed to a fresh deal".to_string(),
        Why::Scored => format!("{who} is good there and holds it: it is scored"),
        Why::NotGood(category) => not_good(category, ruling, answer, names),
        Why::NoFreshDeal => "no law gives a fresh deal here, and the players did not agree one: a fresh deal is a matter of agreement (Case III)".to_string(),
        Why::NoGroundToPlayAgain { could_ask: true } => format!(
            "{who} was not misinformed: a call good against the cards need state only its number of cards (law 48), and he might have asked {other} to show it, or to what card it is (law 55; Case XII); the cards are played again only after a revoke, a set played to with the wrong number of cards, or misinformation (law 59)"
        ),
        Why::NoGroundToPlayAgain { could_ask: false } => "the cards are played again only after a revoke, a set played to with the wrong number of cards, or misinformation (law 59), and the deal shows none of them".to_string(),
        Why::NoPenalty => format!("no law makes {} reckon nothing in this deal", names.of(match answer.claim {
            Claim::ReckonsNothing(p) => p,
            _ => answer.claimant.other(),
        })),
        Why::NoRevoke => "the cards played show no revoke".to_string(),
        Why::NotTakenIn => format!("{who} has taken up no card of the stock: only after that can he not alter his discard"),
        Why::StockNotTouched => format!("{who} has not touched the stock: only after that can he not alter his discard"),
        Why::InWords => "the referee does not weigh a claim put in words of its own; it stands in the transcript as written".to_string(),
    }
}

fn not_good(category: Category, ruling: &DealRuling, answer: &Answer, names: &Names<'_>) -> String {
    let what = category.name();
    match ruling.declarations.verdict(category) {
        Verdict::Good(player, _) if player != answer.claimant => {
            format!("{}'s {what} is good, not his", names.of(player))
        }
        Verdict::Equal(_) => format!("the {what} was equal: neither player scores it"),
        _ => format!("his {what} is not scored"),
    }
}

/// The deal's questions, each with its answer: the claims answered, or
/// else the rulings, or else that nothing in the deal breaks a law.
pub fn questions(deal: &Deal, ruling: &DealRuling, names: &Names<'_>) -> Vec<Asked> {
    let mut out: Vec<Asked> = Vec::new();
    let mut answer: Option<Vec<String>> = None;
    for entry in &deal.events {
        let Event::Question { text } = &entry.event else {
            continue;
        };
        // The same question asked again is answered once, with its lines.
        if let Some(first) = out.iter_mut().find(|q| q.question == *text) {
            first.again.push(entry.span.line);
            continue;
        }
        // Every question of a deal has the deal's answer: made once.
        let answer = answer.get_or_insert_with(|| replies(ruling, names)).clone();
        out.push(Asked {
            span: entry.span,
            question: text.clone(),
            again: Vec::new(),
            answer,
        });
    }
    out
}

/// A `?` question of a deal, with its answer.
pub struct Asked {
    /// Where it is first asked.
    pub span: Span,
    /// The question, as written.
    pub question: String,
    /// The lines where it is asked again, word for word.
    pub again: Vec<u32>,
    /// The answer: every claim answered, and every ruling not already in one.
    pub answer: Vec<String>,
}

fn replies(ruling: &DealRuling, names: &Names<'_>) -> Vec<String> {
    let mut out: Vec<String> = ruling
        .answers
        .iter()
        .map(|a| answer_text(a, ruling, names))
        .collect();
    let settled: Vec<usize> = ruling
        .answers
        .iter()
        .filter_map(|a| match a.why {
            Why::Ruling(index) => Some(index),
            _ => None,
        })
        .collect();
    out.extend(
        ruling
            .rulings
            .iter()
            .enumerate()
            .filter(|(index, _)| !settled.contains(index))
            .map(|(_, r)| {
                format!(
                    "{}{}. Penalty: {}.",
                    r.span.map_or_else(String::new, at),
                    cite(
                        irregularity_text(&r.irregularity, r.offender.map(|p| names.of(p))),
                        r.laws
                    ),
                    r.penalty.describe()
                )
            }),
    );
    if out.is_empty() {
        out.push("Nothing in the deal breaks a law.".to_string());
    }
    let [a, b] = crate::notation::PlayerId::BOTH.map(|p| names.of(p));
    let [x, y] = ruling.score.scores;
    out.push(if ruling.void {
        "The deal is void: nothing in it is scored.".to_string()
    } else {
        format!("The deal scores {a} {x}, {b} {y}, as the table shows.")
    });
    out
}

fn at(span: Span) -> String {
    if span.line > 0 {
        format!("line {}: ", span.line)
    } else {
        String::new()
    }
}
