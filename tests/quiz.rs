//! `referee quiz` through the binary, the answers fed on standard input.

mod common;

use common::referee;
use piquet_referee::cases;

/// The quiz's output for these arguments and answers; it must exit 0.
fn quiz(args: &[&str], answers: &str) -> String {
    let mut all = vec!["quiz"];
    all.extend_from_slice(args);
    let output = referee(&all, Some(answers.as_bytes()));
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// One question as shown: its choices, and the mark of the answer given.
#[derive(Debug)]
struct Shown {
    asks: String,
    choices: Vec<String>,
    mark: String,
}

/// The questions of a quiz's output, in order, each with its choices
/// (a choice wrapped over several lines joined) and the mark given.
fn questions(output: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut in_choices = false;
    for line in output.lines() {
        if let Some(asks) = line.strip_prefix("Question ") {
            shown.push(Shown {
                asks: asks.to_string(),
                choices: Vec::new(),
                mark: String::new(),
            });
            in_choices = true;
            continue;
        }
        let Some(last) = shown.last_mut() else {
            continue;
        };
        if line.starts_with("Your answer") {
            in_choices = false;
        } else if in_choices {
            let trimmed = line.trim_start();
            let numbered = trimmed
                .split_once(") ")
                .filter(|(n, _)| n.parse::<usize>().is_ok() && line.starts_with("  "));
            match numbered {
                Some((_, text)) if line.len() - trimmed.len() == 2 => {
                    last.choices.push(text.to_string())
                }
                _ => {
                    if let Some(choice) = last.choices.last_mut() {
                        choice.push(' ');
                        choice.push_str(trimmed);
                    }
                }
            }
        } else if last.mark.is_empty()
            && (line.contains(": right (") || line.contains(": wrong. The answer is "))
        {
            last.mark = line.to_string();
        }
    }
    shown
}

/// The number of the right choice, from a mark: `2: right (…)` or
/// `1: wrong. The answer is 3) …`.
fn right_of(mark: &str) -> usize {
    let (given, rest) = mark.split_once(": ").expect("a mark");
    match rest.strip_prefix("wrong. The answer is ") {
        Some(rest) => rest.split_once(')').unwrap().0.parse().unwrap(),
        None => given.parse().unwrap(),
    }
}

/// The right answers of a quiz, found by answering 1 to everything.
fn right_answers(args: &[&str]) -> Vec<usize> {
    let output = quiz(args, &"1\n".repeat(200));
    questions(&output)
        .iter()
        .map(|q| right_of(&q.mark))
        .collect()
}

fn lines(answers: &[usize]) -> String {
    answers.iter().map(|a| format!("{a}\n")).collect()
}

#[test]
fn a_scripted_right_run_scores_full_marks() {
    for args in [
        &["--case", "7", "--seed", "1"][..],
        &["--seed", "3", "--questions", "4"],
        &["--rules", "au-cent", "--seed", "2", "--questions", "3"],
    ] {
        let right = right_answers(args);
        assert!(right.len() >= 3, "{args:?}");
        let output = quiz(args, &lines(&right));
        let full = format!("Score: {n} of {n} right.", n = right.len());
        assert!(output.contains(&full), "{args:?}\n{output}");
        assert!(!output.contains(": wrong. The answer is"), "{output}");
    }
}

#[test]
fn a_wrong_answer_is_marked_wrong_and_shows_the_right_one_with_its_law() {
    let args = ["--case", "22", "--seed", "4"];
    let right = right_answers(&args);
    let wrong: Vec<usize> = right.iter().map(|r| if *r == 1 { 2 } else { 1 }).collect();
    let output = quiz(&args, &lines(&wrong));
    let shown = questions(&output);
    for (question, right) in shown.iter().zip(&right) {
        let expected = format!(
            "wrong. The answer is {right}) {}",
            question.choices[right - 1]
        );
        let mark = question.mark.replace("  ", " ");
        assert!(mark.contains(&expected[..expected.len().min(40)]), "{mark}");
    }
    // The ruling and the law are marked with their law: Case XXII is law 35's.
    assert!(output.contains("(Law 35 and Law 24)"), "{output}");
    let score = format!("Score: 0 of {} right.", right.len());
    assert!(output.contains(&score), "{output}");
    assert!(output.contains("The book's decision:"), "{output}");
    assert!(output.contains("The referee's ruling:"), "{output}");
}

#[test]
fn the_same_seed_gives_the_same_quiz_and_another_seed_another_order() {
    let answers = "1\n".repeat(40);
    let once = quiz(&["--seed", "11"], &answers);
    assert_eq!(once, quiz(&["--seed", "11"], &answers));
    let titles = |output: &str| -> Vec<String> {
        output
            .lines()
            .filter(|l| l.starts_with("Problem "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(titles(&once).len(), 5);
    assert_ne!(titles(&once), titles(&quiz(&["--seed", "12"], &answers)));
    // One case, many seeds: the right answer moves.
    let places: Vec<Vec<usize>> = (1..=6)
        .map(|seed| right_answers(&["--case", "7", "--seed", &seed.to_string()]))
        .collect();
    assert!(places.iter().any(|p| *p != places[0]), "{places:?}");
}

#[test]
fn every_case_can_be_quizzed_with_one_right_answer_as_the_book_decides() {
    for case in cases::all().unwrap() {
        let n = case.case.to_string();
        let args = ["--case", n.as_str(), "--seed", "1"];
        let right = right_answers(&args);
        let output = quiz(&args, &lines(&right));
        let shown = questions(&output);
        assert!(!shown.is_empty(), "case {n}");
        for question in &shown {
            let mut distinct = question.choices.clone();
            distinct.sort();
            distinct.dedup();
            assert!(distinct.len() >= 3, "case {n}: {question:?}");
            assert_eq!(distinct.len(), question.choices.len(), "case {n}");
        }
        let full = format!("Score: {m} of {m} right.", m = shown.len());
        assert!(output.contains(&full), "case {n}\n{output}");
        // The ruling asked about is one the book's decision makes.
        let ruling = shown
            .iter()
            .zip(&right)
            .find(|(q, _)| q.asks.contains("the ruling"))
            .map(|(q, r)| q.choices[r - 1].clone())
            .unwrap_or_else(|| panic!("case {n} has no ruling question"));
        let book = case
            .expected
            .as_ref()
            .and_then(|e| e.rulings.clone())
            .unwrap_or_default();
        if book.is_empty() {
            assert!(ruling.starts_with("no ruling"), "case {n}: {ruling}");
        } else {
            let against = |who: &Option<String>| match who {
                Some(who) => format!("against {who}:"),
                None => "on the table".to_string(),
            };
            assert!(
                book.iter()
                    .any(|b| ruling.starts_with(&against(&b.offender))),
                "case {n}: {ruling}"
            );
        }
        // Where the book gives the scores, the score asked is the book's.
        if let Some(scores) = case.expected.as_ref().and_then(|e| e.scores.as_ref()) {
            let asked = shown
                .iter()
                .zip(&right)
                .find(|(q, _)| q.asks.contains("score"))
                .map(|(q, r)| q.choices[r - 1].clone());
            let book = format!("A {}, B {}", scores["A"], scores["B"]);
            if let Some(asked) = asked {
                assert_eq!(asked, book, "case {n}");
            }
        }
    }
}

#[test]
fn a_line_that_is_not_a_choice_is_asked_again() {
    let args = ["--case", "7", "--seed", "1"];
    let right = right_answers(&args);
    let answers = format!("x\n0\n\n9\n{}", lines(&right));
    let output = quiz(&args, &answers);
    for bad in ["`x`", "`0`", "``", "`9`"] {
        let said = format!("{bad} is not one of the choices");
        assert!(output.contains(&said), "{said}\n{output}");
    }
    let full = format!("Score: {n} of {n} right.", n = right.len());
    assert!(output.contains(&full), "{output}");
}

#[test]
fn the_end_of_input_stops_cleanly_with_the_score_so_far() {
    let args = ["--case", "7", "--seed", "1"];
    let right = right_answers(&args);
    let output = quiz(&args, &lines(&right[..1]));
    assert!(output.contains("The input ended before every question was answered."));
    assert!(output.contains("Score: 1 of 1 right."), "{output}");
    assert!(output.contains("Case VII, the "), "{output}");
    let nothing = quiz(&args, "");
    assert!(nothing.contains("Score: 0 of 0 right."), "{nothing}");
}

#[test]
fn a_case_that_is_not_in_the_book_is_refused() {
    let output = referee(&["quiz", "--case", "23"], Some(b""));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no case `23`"));
}

#[test]
fn the_rules_pick_the_problems_of_that_rule_set() {
    let answers = "1\n".repeat(40);
    // (rules, where each problem may come from)
    let table: [(&str, &[&str]); 2] = [
        ("portland", &["Case ", "tests/laws/"]),
        ("au-cent", &["tests/au-cent/"]),
    ];
    for (rules, sources) in table {
        let output = quiz(&["--rules", rules, "--seed", "9"], &answers);
        let problems: Vec<&str> = output
            .lines()
            .filter(|l| l.starts_with("Problem "))
            .collect();
        assert_eq!(problems.len(), 5, "{rules}\n{output}");
        for problem in problems {
            let title = problem.split_once(": ").map_or("", |(_, t)| t);
            assert!(
                sources.iter().any(|s| title.starts_with(s)),
                "{rules}: {problem}"
            );
        }
    }
    let refused = referee(&["quiz", "--case", "7", "--rules", "au-cent"], Some(b""));
    assert_eq!(refused.status.code(), Some(2));
}
