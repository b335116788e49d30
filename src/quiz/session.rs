//! The session: each problem set, each question asked, the answers read
//! from the input one number a line, marked, and the score kept.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use super::choices::{laws_text, score_choice, Kind, Question};
use super::problem::{Problem, Source};
use crate::report::{irregularity_text, wrap, WIDTH};

/// One question answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// The problem's title: `Case VII`.
    pub problem: String,
    /// What the question asked about.
    pub kind: Kind,
    /// Whether the answer was right.
    pub right: bool,
}

/// What was read for a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reply {
    /// A choice, numbered from 1.
    Choice(usize),
    /// The input ended.
    End,
}

/// A quiz being answered: where answers come from, where the questions go,
/// and what has been answered.
pub struct Session<'a> {
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    /// Every question answered, in order.
    pub answered: Vec<Answered>,
}

impl<'a> Session<'a> {
    /// A session reading answers from `input` and writing to `out`.
    pub fn new(input: &'a mut dyn BufRead, out: &'a mut dyn Write) -> Session<'a> {
        Session {
            input,
            out,
            answered: Vec::new(),
        }
    }

    /// Writes text to the player.
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }

    /// Sets a problem: its statement, each question in turn, then the
    /// book's decision and the referee's ruling. `false` where the input
    /// ended before every question was answered.
    pub fn problem(
        &mut self,
        number: usize,
        of: usize,
        problem: &Problem,
        questions: &[Question],
    ) -> io::Result<bool> {
        let title = problem.title();
        self.say(&format!(
            "Problem {number} of {of}: {title}\n\n{}\n",
            problem.statement()
        ))?;
        for (i, question) in questions.iter().enumerate() {
            self.say(&asked(i + 1, question))?;
            let Reply::Choice(choice) = self.reply(question.choices.len())? else {
                return Ok(false);
            };
            let right = choice == question.right + 1;
            self.say(&marked(choice, right, question))?;
            self.answered.push(Answered {
                problem: title.clone(),
                kind: question.kind,
                right,
            });
        }
        self.say(&revealed(problem))?;
        Ok(true)
    }

    /// Reads lines until one is a choice's number, saying so of each that
    /// is not; or the end of the input.
    fn reply(&mut self, choices: usize) -> io::Result<Reply> {
        loop {
            // Bytes, not text: a line that is not UTF-8 is no choice, not an error.
            let mut bytes = Vec::new();
            if self.input.read_until(b'\n', &mut bytes)? == 0 {
                return Ok(Reply::End);
            }
            let line = String::from_utf8_lossy(&bytes);
            match chosen(&line, choices) {
                Some(choice) => return Ok(Reply::Choice(choice)),
                None => self.say(&format!(
                    "`{}` is not one of the choices: answer with a number from 1 to {choices}.\n",
                    line.trim()
                ))?,
            }
        }
    }

    /// The score so far, and each question answered, right or wrong.
    pub fn summary(&self, ended_early: bool) -> String {
        let mut out = String::new();
        if ended_early {
            out.push_str("The input ended before every question was answered.\n");
        }
        let right = self.answered.iter().filter(|a| a.right).count();
        let _ = writeln!(out, "Score: {right} of {} right.", self.answered.len());
        for answered in &self.answered {
            let mark = if answered.right { "right" } else { "wrong" };
            let _ = writeln!(
                out,
                "  {}, {}: {mark}",
                answered.problem,
                answered.kind.name()
            );
        }
        out
    }
}

/// The number on a line, where it is one of the choices.
fn chosen(line: &str, choices: usize) -> Option<usize> {
    let n: usize = line.trim().parse().ok()?;
    (1..=choices).contains(&n).then_some(n)
}

/// A question with its numbered choices.
fn asked(number: usize, question: &Question) -> String {
    let mut out = format!("Question {number}: {}\n", question.asks);
    for (i, choice) in question.choices.iter().enumerate() {
        let label = format!("  {}) ", i + 1);
        let text = wrap(choice, &" ".repeat(label.len()), WIDTH);
        out.push_str(&label);
        out.push_str(text.trim_start());
    }
    let _ = writeln!(out, "Your answer (1-{}):", question.choices.len());
    out
}

/// The answer marked: right, or wrong with the right answer and its law.
fn marked(choice: usize, right: bool, question: &Question) -> String {
    if right {
        return format!("{choice}: right ({}).\n\n", question.why);
    }
    let answer = &question.choices[question.right];
    let text = format!(
        "{choice}: wrong. The answer is {}) {answer} ({}).",
        question.right + 1,
        question.why
    );
    wrap(&text, "", WIDTH) + "\n"
}

/// After the questions: the book's decision (a case) and the referee's
/// ruling, as `referee case N` and `referee rule` give them, in short.
fn revealed(problem: &Problem) -> String {
    let mut out = String::new();
    if let Source::Case(case) = problem.source {
        out.push_str("The book's decision:\n");
        out.push_str(&wrap(&case.decision, "    ", WIDTH));
    }
    out.push_str("The referee's ruling:\n");
    if let Some(deal) = problem.deal() {
        if deal.rulings.is_empty() {
            let _ = writeln!(
                out,
                "    no ruling: no law is broken in deal {}.",
                deal.number
            );
        }
        for ruling in &deal.rulings {
            let who = ruling.offender.map(|p| problem.name(p));
            let text = format!(
                "- {} ({}): {}.",
                irregularity_text(&ruling.irregularity, who),
                laws_text(problem.rules(), ruling.laws),
                ruling.penalty.describe()
            );
            out.push_str(&wrap(&text, "      ", WIDTH).replacen("      -", "    -", 1));
        }
        let _ = writeln!(
            out,
            "    Deal {} scores {}.",
            deal.number,
            score_choice(problem, deal.score.scores)
        );
    }
    match problem.source {
        Source::Case(case) => {
            // A case is set only where the referee rules as the book decides.
            out.push_str("    The referee agrees with the book's decision.\n");
            let _ = writeln!(
                out,
                "(`referee case {}` shows the whole case.)\n",
                case.case
            );
        }
        Source::Worked { path, .. } => {
            let _ = writeln!(out, "(`referee rule {path}` shows the whole ruling.)\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_a_choice_when_it_is_one_of_the_numbers() {
        // (line, choices, chosen)
        let table = [
            ("2\n", 4, Some(2)),
            ("  4  \n", 4, Some(4)),
            ("5\n", 4, None),
            ("0\n", 4, None),
            ("two\n", 4, None),
            ("\n", 4, None),
            ("-1\n", 4, None),
            ("1.5\n", 4, None),
        ];
        for (line, choices, expected) in table {
            assert_eq!(chosen(line, choices), expected, "{line:?}");
        }
    }

    fn question() -> Question {
        Question {
            kind: Kind::Law,
            asks: "Which law?".to_string(),
            choices: vec!["Law 1".into(), "Law 2".into(), "Law 3".into()],
            right: 1,
            why: "Law 2".to_string(),
        }
    }

    #[test]
    fn a_bad_line_is_asked_again_and_the_end_of_input_stops() {
        // (input, reply, what is said)
        let table: [(&[u8], Reply, usize); 5] = [
            (b"x\n9\n3\n", Reply::Choice(3), 2),
            (b"2\n", Reply::Choice(2), 0),
            (b"x\n", Reply::End, 1),
            (b"\xff\n2", Reply::Choice(2), 1),
            (b"", Reply::End, 0),
        ];
        for (input, expected, complaints) in table {
            let mut input = input;
            let mut out = Vec::new();
            let mut session = Session::new(&mut input, &mut out);
            assert_eq!(session.reply(3).unwrap(), expected);
            let said = String::from_utf8(out).unwrap();
            assert_eq!(
                said.matches("is not one of the choices").count(),
                complaints
            );
        }
    }

    #[test]
    fn a_wrong_answer_shows_the_right_one_with_its_law() {
        let q = question();
        assert_eq!(marked(2, true, &q), "2: right (Law 2).\n\n");
        assert_eq!(
            marked(3, false, &q),
            "3: wrong. The answer is 2) Law 2 (Law 2).\n\n"
        );
        let shown = asked(1, &q);
        assert!(shown.starts_with("Question 1: Which law?\n  1) Law 1\n  2) Law 2\n  3) Law 3\n"));
    }

    #[test]
    fn the_summary_counts_what_was_answered() {
        let mut input: &[u8] = b"";
        let mut out = Vec::new();
        let mut session = Session::new(&mut input, &mut out);
        session.answered = vec![
            Answered {
                problem: "Case VII".into(),
                kind: Kind::Ruling,
                right: true,
            },
            Answered {
                problem: "Case VII".into(),
                kind: Kind::Law,
                right: false,
            },
        ];
        let summary = session.summary(true);
        assert!(summary.contains("Score: 1 of 2 right."), "{summary}");
        assert!(summary.contains("Case VII, the law: wrong"), "{summary}");
        assert!(summary.starts_with("The input ended"), "{summary}");
    }
}
