//! The questions as data: a problem is a case of the Cases and Decisions
//! or a worked transcript, ruled by the engine (the same code `referee case
//! N` and `referee rule` use), with what a right answer must name.

use std::fmt::Write;

use crate::cases::{self, rule_case, Agreement, Case};
use crate::engine::{self, DealRuling, Ruled};
use crate::notation::{read_str, PlayerId, Transcript};
use crate::ruling::{Penalty, Ruling};
use crate::Rules;

/// Where a problem comes from.
#[derive(Clone, Copy, Debug)]
pub enum Source {
    /// One of the Cases and Decisions, whose book's decision is shown after.
    Case(&'static Case),
    /// A worked transcript of the repository: its path and its text.
    Worked {
        /// `tests/laws/law-54-….pqt`.
        path: &'static str,
        /// The file's text.
        text: &'static str,
    },
}

/// A problem set in the quiz, ruled.
#[derive(Debug)]
pub struct Problem {
    /// Where it comes from.
    pub source: Source,
    /// The transcript, as read.
    pub transcript: Transcript,
    /// The engine's ruling of the whole transcript.
    pub ruled: Ruled,
    /// The rulings of the deal asked about (the last): for a case, those
    /// the book's decision makes, the engine agreeing.
    pub rulings: Vec<Ruling>,
    /// The scores a right answer names, where the score is asked: the
    /// book's (a case giving them) or the referee's (a worked transcript).
    pub scores: Option<[u32; 2]>,
}

impl Problem {
    /// A case as a problem, where its transcript is ruled as the book decides.
    pub fn of_case(case: &'static Case) -> Option<Problem> {
        let (ruled, agreement) = rule_case(case);
        let (transcript, ruled) = ruled?;
        // Only a decision the engine agrees with has one right answer.
        if agreement != Agreement::Agrees {
            return None;
        }
        let deal = ruled.deals.last()?;
        let rulings = deal.rulings.clone();
        let expected = case.expected.as_ref()?;
        let scores = expected.scores.as_ref().and_then(|book| {
            let a = book.get(transcript.name(PlayerId(0)))?;
            let b = book.get(transcript.name(PlayerId(1)))?;
            Some([*a, *b])
        });
        Some(Problem {
            source: Source::Case(case),
            transcript,
            ruled,
            rulings,
            scores,
        })
    }

    /// A worked transcript as a problem, where it is read and ruled cleanly:
    /// none of its rulings is one the referee does not yet rule, or a slip
    /// of the transcript's.
    pub fn of_worked(path: &'static str, text: &'static str) -> Option<Problem> {
        let reading = read_str(text);
        if !reading.errors.is_empty() || reading.transcript.deals.is_empty() {
            return None;
        }
        let ruled = engine::rule(&reading.transcript).ok()?;
        let deal = ruled.deals.last()?;
        let unruled = deal
            .rulings
            .iter()
            .any(|r| matches!(r.penalty, Penalty::NotYetRuled | Penalty::TranscriptInError));
        if unruled {
            return None;
        }
        let rulings = deal.rulings.clone();
        let scores = Some(deal.score.scores);
        Some(Problem {
            source: Source::Worked { path, text },
            transcript: reading.transcript,
            ruled,
            rulings,
            scores,
        })
    }

    /// The rule set the problem is ruled under.
    pub fn rules(&self) -> Rules {
        self.transcript.rules
    }

    /// The deal asked about: the last.
    pub fn deal(&self) -> Option<&DealRuling> {
        self.ruled.deals.last()
    }

    /// `Case VII`, or the transcript's path.
    pub fn title(&self) -> String {
        match self.source {
            Source::Case(case) => format!("Case {}", case.roman),
            Source::Worked { path, .. } => path.to_string(),
        }
    }

    /// A player's name, as the transcript writes it.
    pub fn name(&self, player: PlayerId) -> &str {
        self.transcript.name(player)
    }

    /// The ruling asked about (see [`principal`]).
    pub fn principal(&self) -> Option<&Ruling> {
        principal(&self.rulings)
    }

    /// The laws a case's book cites (none for a worked transcript).
    pub fn cited(&self) -> &[String] {
        match self.source {
            Source::Case(case) => &case.laws,
            Source::Worked { .. } => &[],
        }
    }

    /// What the player is shown: a case's facts and question; a worked
    /// transcript without its comments (the hand count), its `written`
    /// lines (the score) and its `Event` tag (which names the law).
    pub fn statement(&self) -> String {
        match self.source {
            Source::Case(case) => {
                let mut out = String::new();
                let _ = writeln!(out, "Facts:");
                out.push_str(&crate::report::wrap(
                    &case.facts,
                    "    ",
                    crate::report::WIDTH,
                ));
                let _ = writeln!(out, "\nQuestion:");
                out.push_str(&crate::report::wrap(
                    &case.question,
                    "    ",
                    crate::report::WIDTH,
                ));
                out
            }
            Source::Worked { text, .. } => without_answers(text),
        }
    }
}

/// A transcript's text without what gives its ruling away: comment lines,
/// `written` lines, the `Event` tag, and the blank lines these leave.
pub fn without_answers(text: &str) -> String {
    let mut out = String::new();
    let mut blank = true;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let gives_away = trimmed.starts_with('#')
            || trimmed.starts_with("written ")
            || trimmed.starts_with("[Event ");
        if gives_away {
            continue;
        }
        if trimmed.is_empty() {
            if !blank {
                out.push('\n');
            }
            blank = true;
            continue;
        }
        blank = false;
        let _ = writeln!(out, "    {line}");
    }
    out.trim_end().to_string() + "\n"
}

/// The ruling a teacher asks about where a deal has several: the heaviest,
/// against a player before one on the table, the first of equals.
pub fn principal(rulings: &[Ruling]) -> Option<&Ruling> {
    rulings
        .iter()
        .enumerate()
        .min_by_key(|(i, r)| (r.offender.is_none(), weight(r.penalty), *i))
        .map(|(_, r)| r)
}

/// How heavy a penalty is, lightest last: the ruling a teacher asks about
/// where a deal has several.
pub fn weight(penalty: Penalty) -> u8 {
    match penalty {
        Penalty::LosesTheGame => 0,
        Penalty::ReckonsNothing => 1,
        Penalty::FreshDeal => 2,
        Penalty::FreshDealOption { .. } => 3,
        Penalty::AdversaryMarks => 3,
        Penalty::NotScored | Penalty::MarksReduced => 4,
        Penalty::FewerThanFive => 6,
        Penalty::LeftWithDiscard => 5,
        Penalty::FewerCards => 6,
        Penalty::SuitMayBeCalled => 7,
        Penalty::PlayAgainFrom(_) => 8,
        Penalty::Refused => 9,
        Penalty::Stands | Penalty::TakenUp | Penalty::CardStays => 10,
        Penalty::CutAgain | Penalty::CutStands | Penalty::DealStands | Penalty::Rectified => 11,
        Penalty::Waived => 12,
        Penalty::NoneStated | Penalty::None => 13,
        Penalty::NotYetRuled | Penalty::TranscriptInError => 14,
    }
}

/// Every problem of a rule set: the cases (the Portland laws'), then the
/// worked transcripts ruled under it, each that can be set.
pub fn all(rules: Rules) -> Vec<Problem> {
    let mut problems = Vec::new();
    if rules == Rules::Portland {
        let cases = cases::all().unwrap_or_default();
        problems.extend(cases.iter().filter_map(Problem::of_case));
    }
    for (path, text) in super::worked::TEXTS {
        // The tag says the rule set; reading the text tells it.
        if let Some(problem) = Problem::of_worked(path, text) {
            if problem.rules() == rules {
                problems.push(problem);
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worked_transcript_is_shown_without_its_answers() {
        let text = "[Rules \"portland\"]\n[Event \"Law 54: x\"]\n\n# A holds two kings.\n\ndeal 1\nA calls three kings\n# more\nwritten A 0, B 14\n? Can A score?\n";
        let shown = without_answers(text);
        assert_eq!(
            shown,
            "    [Rules \"portland\"]\n\n    deal 1\n    A calls three kings\n    ? Can A score?\n"
        );
    }

    #[test]
    fn the_heaviest_ruling_is_asked_about() {
        use crate::ruling::Irregularity;
        let ruling = |offender: Option<u8>, penalty| Ruling {
            irregularity: Irregularity::DealsOutOfTurn,
            offender: offender.map(PlayerId),
            laws: &["16"],
            penalty,
            span: None,
            analogy: None,
        };
        // (rulings, the index of the one asked about)
        let table = [
            (
                vec![
                    ruling(Some(1), Penalty::None),
                    ruling(Some(1), Penalty::NotScored),
                ],
                Some(1),
            ),
            (
                vec![
                    ruling(Some(0), Penalty::Refused),
                    ruling(Some(0), Penalty::ReckonsNothing),
                    ruling(Some(0), Penalty::None),
                ],
                Some(1),
            ),
            (
                vec![
                    ruling(None, Penalty::FreshDeal),
                    ruling(Some(0), Penalty::None),
                ],
                Some(1),
            ),
            (
                vec![
                    ruling(Some(0), Penalty::None),
                    ruling(Some(1), Penalty::None),
                ],
                Some(0),
            ),
            (vec![], None),
        ];
        for (rulings, expected) in table {
            let asked =
                principal(&rulings).map(|r| rulings.iter().position(|x| std::ptr::eq(x, r)));
            assert_eq!(asked.flatten(), expected, "{rulings:?}");
        }
    }

    #[test]
    fn every_case_is_a_problem() {
        let cases = cases::all().unwrap();
        for case in cases {
            let problem = Problem::of_case(case);
            assert!(problem.is_some(), "case {}", case.roman);
        }
    }

    #[test]
    fn a_case_asks_about_a_ruling_its_decision_makes() {
        let problem = Problem::of_case(cases::find("7").unwrap()).unwrap();
        let principal = problem.principal().unwrap();
        assert_eq!(principal.penalty, Penalty::NotScored);
        assert_eq!(principal.offender, Some(PlayerId(1)));
        assert_eq!(problem.scores, Some([11, 0]));
        let problem = Problem::of_case(cases::find("17").unwrap()).unwrap();
        assert_eq!(
            problem.principal().unwrap().penalty,
            Penalty::ReckonsNothing
        );
    }
}
