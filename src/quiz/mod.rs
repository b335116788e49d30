//! `referee quiz`: teaching the laws through worked cases. A case of the
//! Cases and Decisions or a worked transcript is set without its decision;
//! the player answers, by number, what the ruling is, which law settles it,
//! and what each player scores; then the book's decision and the referee's
//! ruling are shown, and the score is kept.
//!
//! - `problem`: the questions as data: a case or worked transcript, ruled.
//! - `choices`: the questions and their choices, the wrong answers drawn
//!   from the rulings the engine gives for neighbouring laws.
//! - `session`: the answers read one a line, marked, and the score.
//! - `worked`: the worked transcripts' texts, compiled in.

mod choices;
mod problem;
mod session;
mod worked;

use std::io::{self, BufRead, Write};

pub use choices::{Kind, Question};
pub use problem::Problem;

use crate::generate::Random;
use crate::{cases, Error, Rules};
use choices::Pool;
use session::Session;

/// What the quiz is set on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rule set: its worked transcripts, and for Portland's the cases.
    pub rules: Rules,
    /// One case only (`7` or `VII`).
    pub case: Option<String>,
    /// The seed: the same seed sets the same quiz.
    pub seed: u64,
    /// How many problems to set.
    pub problems: usize,
}

/// Runs a quiz: sets the problems, reads the answers from `input` (one
/// number a line), and writes the questions, the marks, the decisions and
/// the score to `out`. The end of the input ends the quiz with the score
/// so far; it is no error.
pub fn run(options: &Options, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Error> {
    let problems = problem::all(options.rules);
    let chosen: Vec<&Problem> = match &options.case {
        Some(name) => {
            let case = cases::find(name)?;
            let found = problems
                .iter()
                .find(|p| matches!(p.source, problem::Source::Case(c) if c.case == case.case));
            vec![found.ok_or_else(|| {
                Error::NoQuiz(format!(
                    "case {} cannot be set: the referee does not rule it as the book decides",
                    case.roman
                ))
            })?]
        }
        None => Vec::new(),
    };
    if problems.is_empty() {
        return Err(Error::NoQuiz(format!(
            "there is no case or worked transcript ruled under `{}` to set yet",
            options.rules.name()
        )));
    }
    let mut random = Random::new(options.seed);
    let chosen = if chosen.is_empty() {
        pick(&problems, options.problems, &mut random)
    } else {
        chosen
    };
    let pool = Pool::of(&problems);
    let set: Vec<(&Problem, Vec<Question>)> = chosen
        .into_iter()
        .map(|p| (p, choices::questions(p, &pool, &mut random)))
        .collect();
    let mut session = Session::new(input, out);
    match quiz(&mut session, options, &set) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// Sets every problem in turn, then the score.
fn quiz(
    session: &mut Session<'_>,
    options: &Options,
    set: &[(&Problem, Vec<Question>)],
) -> io::Result<()> {
    let questions: usize = set.iter().map(|(_, q)| q.len()).sum();
    session.say(&format!(
        "A quiz on {}: {} problem{}, {questions} question{} (seed {}: `--seed {}` sets the same quiz again).\nAnswer each question with the number of a choice, one a line.\n\n",
        options.rules.name(),
        set.len(),
        if set.len() == 1 { "" } else { "s" },
        if questions == 1 { "" } else { "s" },
        options.seed,
        options.seed,
    ))?;
    let mut ended = false;
    for (i, (problem, questions)) in set.iter().enumerate() {
        if !session.problem(i + 1, set.len(), problem, questions)? {
            ended = true;
            break;
        }
    }
    let summary = session.summary(ended);
    session.say(&summary)
}

/// `count` problems in the seed's order.
fn pick<'p>(problems: &'p [Problem], count: usize, random: &mut Random) -> Vec<&'p Problem> {
    let mut order: Vec<&Problem> = problems.iter().collect();
    for i in (1..order.len()).rev() {
        order.swap(i, random.below(i + 1));
    }
    order.truncate(count.max(1));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(seed: u64) -> Options {
        Options {
            rules: Rules::Portland,
            case: None,
            seed,
            problems: 3,
        }
    }

    fn played(options: &Options, answers: &str) -> String {
        let mut input = answers.as_bytes();
        let mut out = Vec::new();
        run(options, &mut input, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_same_seed_sets_the_same_quiz_and_another_seed_another() {
        let answers = "1\n".repeat(12);
        assert_eq!(played(&options(5), &answers), played(&options(5), &answers));
        assert_ne!(played(&options(5), &answers), played(&options(6), &answers));
    }

    #[test]
    fn a_rule_set_with_nothing_ruled_sets_no_quiz() {
        let mut input: &[u8] = b"";
        let mut out = Vec::new();
        let options = Options {
            rules: Rules::Ecarte,
            ..options(1)
        };
        let err = run(&options, &mut input, &mut out).unwrap_err();
        assert!(err.to_string().contains("ecarte"), "{err}");
    }
}
