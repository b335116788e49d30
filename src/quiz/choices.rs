//! The choices: for each problem, the questions a teacher asks (the
//! ruling, the law, the score), each right answer among plausible wrong
//! ones drawn from the rulings the engine gives for neighbouring laws (the
//! same section of the book, or the laws a case cites), never invented.

use std::mem::discriminant;

use super::problem::Problem;
use crate::engine::score::DealScore;
use crate::generate::Random;
use crate::laws::{library, within, Book, BookId, Found};
use crate::notation::PlayerId;
use crate::ruling::{Penalty, Ruling};
use crate::Rules;

/// What a question asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Who offends, and what he suffers.
    Ruling,
    /// The law that settles it.
    Law,
    /// What each player scores.
    Score,
}

impl Kind {
    /// The word for the summary: `the ruling`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Ruling => "the ruling",
            Kind::Law => "the law",
            Kind::Score => "the score",
        }
    }
}

/// One question: what it asks, its numbered choices, the right one, and
/// the law that makes it right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// What it asks about.
    pub kind: Kind,
    /// The question, in words.
    pub asks: String,
    /// The choices, in the order shown (numbered from 1).
    pub choices: Vec<String>,
    /// The index of the right choice.
    pub right: usize,
    /// Why it is right: the law, in words.
    pub why: String,
}

/// The choice that no law was broken.
pub const NO_RULING: &str =
    "no ruling: nothing happened that the laws penalise; the deal is scored as played";

/// Every ruling the engine gives in the problems of a rule set: the laws it
/// applies and its penalty. Wrong answers are drawn from these.
#[derive(Clone, Debug, Default)]
pub struct Pool {
    seen: Vec<(&'static [&'static str], Penalty)>,
}

impl Pool {
    /// The rulings of every deal of every problem.
    pub fn of(problems: &[Problem]) -> Pool {
        let mut seen = Vec::new();
        for problem in problems {
            for deal in &problem.ruled.deals {
                for ruling in &deal.rulings {
                    let entry = (ruling.laws, ruling.penalty);
                    if !seen.contains(&entry) {
                        seen.push(entry);
                    }
                }
            }
        }
        Pool { seen }
    }
}

/// The questions set on a problem, each with at least three distinct
/// choices and one right: the ruling always; the law where the ruling (or
/// the case) names one; the score where the book or the worked transcript
/// gives it.
pub fn questions(problem: &Problem, pool: &Pool, random: &mut Random) -> Vec<Question> {
    let mut questions = Vec::new();
    questions.extend(ruling_question(problem, pool, random));
    questions.extend(law_question(problem, pool, random));
    questions.extend(score_question(problem, random));
    questions
}

/// How many choices a question offers at most.
const CHOICES: usize = 4;

/// The right answer among the wrong ones, placed by the seed; `None` where
/// there are not two wrong answers distinct from it and from each other.
fn set(
    kind: Kind,
    asks: String,
    right: String,
    wrong: Vec<String>,
    why: String,
    random: &mut Random,
) -> Option<Question> {
    let mut choices = vec![right.clone()];
    for choice in wrong {
        if choices.len() == CHOICES {
            break;
        }
        if !choices.contains(&choice) {
            choices.push(choice);
        }
    }
    if choices.len() < 3 {
        return None;
    }
    shuffle(&mut choices, random);
    let right = choices.iter().position(|c| *c == right)?;
    Some(Question {
        kind,
        asks,
        choices,
        right,
        why,
    })
}

/// A Fisher-Yates shuffle from the seed.
fn shuffle<T>(items: &mut [T], random: &mut Random) {
    for i in (1..items.len()).rev() {
        items.swap(i, random.below(i + 1));
    }
}

/// A ruling as a choice: who offends, and the penalty in the report's words.
/// A choice not yet made is left unsaid: the player chooses.
pub fn ruling_choice(problem: &Problem, offender: Option<PlayerId>, penalty: Penalty) -> String {
    let penalty = penalty
        .describe()
        .replace("; the transcript does not say which he chose", "");
    match offender {
        Some(player) => format!("against {}: {penalty}", problem.name(player)),
        None => format!("on the table, nobody offending: {penalty}"),
    }
}

/// Whether two penalties come to the same for a player: of one kind, or
/// both no penalty (none given, none stated).
fn same_kind(a: Penalty, b: Penalty) -> bool {
    let kind = |p: Penalty| match p {
        Penalty::NoneStated => discriminant(&Penalty::None),
        other => discriminant(&other),
    };
    kind(a) == kind(b)
}

/// Whether a penalty is none at all.
fn no_penalty(penalty: Penalty) -> bool {
    same_kind(penalty, Penalty::None)
}

/// The laws in words: `Law 56`, `Law 24 and Law 35`, `Au cent AC9`.
pub fn laws_text(rules: Rules, laws: &[&str]) -> String {
    let labels: Vec<String> = laws.iter().map(|id| label(rules, id)).collect();
    match labels.as_slice() {
        [] => "no law named".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A penalty for a wrong answer, as another deal's ruling gives it, with
/// what was particular to that deal left out: a choice not yet made, the
/// trick from which the cards are played again.
fn general(penalty: Penalty) -> Penalty {
    match penalty {
        Penalty::FreshDealOption { otherwise, .. } => Penalty::FreshDealOption {
            otherwise,
            chosen: None,
        },
        Penalty::PlayAgainFrom(_) => Penalty::PlayAgainFrom(1),
        other => other,
    }
}

/// The section of the book a law stands under (the rule set's book, then
/// the book it amends).
fn section(rules: Rules, id: &str) -> Option<String> {
    let library = library().ok()?;
    let books = std::iter::once(rules.book()).chain(rules.base_book());
    books
        .map(|b| library.book(b))
        .find_map(|book| match book.find(id)? {
            Found::Law(law) | Found::Paragraph(law, _) => Some(law.section.clone()),
            Found::Article(laws) => laws.first().map(|law| law.section.clone()),
        })
}

/// The pool's rulings ordered by how near their laws stand to `laws` (and
/// to the laws a case cites): the same section of the book first, then by
/// how far apart the laws stand in the book, equals in the seed's order.
fn neighbours(
    problem: &Problem,
    laws: &[&str],
    pool: &Pool,
    random: &mut Random,
) -> Vec<(&'static [&'static str], Penalty)> {
    let rules = problem.rules();
    let cited = problem.cited().iter().map(String::as_str);
    let topic: Vec<&str> = laws.iter().copied().chain(cited).collect();
    let sections: Vec<String> = topic.iter().filter_map(|id| section(rules, id)).collect();
    let places: Vec<(BookId, usize)> = topic.iter().filter_map(|id| place(rules, id)).collect();
    let nearness = |their: &[&str]| {
        let same = their
            .iter()
            .any(|id| section(rules, id).is_some_and(|s| sections.contains(&s)));
        let apart = their
            .iter()
            .filter_map(|id| place(rules, id))
            .flat_map(|(book, at)| {
                places
                    .iter()
                    .filter(move |(b, _)| *b == book)
                    .map(move |(_, here)| here.abs_diff(at))
            })
            .min()
            .unwrap_or(usize::MAX);
        (!same, apart)
    };
    let mut seen = pool.seen.clone();
    shuffle(&mut seen, random);
    seen.sort_by_key(|(their, _)| nearness(their));
    seen
}

/// Where a law stands: its book and its place in the book's order.
fn place(rules: Rules, id: &str) -> Option<(BookId, usize)> {
    let book = book_of(rules, id)?;
    let at = book.laws.iter().position(|l| related(&l.id, id))?;
    Some((book.book, at))
}

/// Whether two law ids name the same law or one a paragraph of the other.
fn related(a: &str, b: &str) -> bool {
    within(a, b) || within(b, a)
}

/// Whether a ruling of the problem's names this offender and this kind of
/// penalty, or comes to the same: no penalty where no law is broken.
fn made(problem: &Problem, offender: Option<PlayerId>, penalty: Penalty) -> bool {
    if problem.rulings.is_empty() {
        return no_penalty(penalty);
    }
    problem
        .rulings
        .iter()
        .any(|r| r.offender == offender && same_kind(r.penalty, penalty))
}

/// Where no law is broken, the player a wrong answer would penalise: the
/// one the book says has no penalty against him, or the adversary of the
/// first who claims.
fn suspect(problem: &Problem) -> Option<PlayerId> {
    let by_name = |name: &str| {
        PlayerId::BOTH
            .into_iter()
            .find(|p| problem.name(*p) == name)
    };
    if let super::problem::Source::Case(case) = problem.source {
        let cleared = case.expected.as_ref().and_then(|e| e.no_penalty.as_ref());
        if let Some(player) = cleared.and_then(|c| c.first()).and_then(|n| by_name(n)) {
            return Some(player);
        }
    }
    let deal = problem.deal()?;
    deal.answers.first().map(|a| a.claimant.other())
}

/// The laws the problem is about, whose sections hold its neighbours: the
/// ruling asked about, the answers to the claims, and where no law is
/// broken the laws that give the deal's score (law 18 for a carte blanche).
fn topic(problem: &Problem) -> Vec<&'static str> {
    let mut laws: Vec<&'static str> = Vec::new();
    if let Some(ruling) = problem.principal() {
        laws.extend(ruling.laws);
    }
    if let Some(deal) = problem.deal() {
        laws.extend(deal.answers.iter().flat_map(|a| a.laws.iter().copied()));
        if problem.principal().is_none() {
            // Each line's first law is its own (18 for a carte blanche);
            // the rest are the laws of scoring every line shares.
            laws.extend(
                deal.score
                    .lines
                    .iter()
                    .filter_map(|l| l.laws.first().copied()),
            );
        }
    }
    laws.dedup();
    laws
}

/// What makes a ruling right: its laws, or where it names none, the case
/// that decides it.
fn authority(problem: &Problem, laws: &[&str]) -> String {
    match (laws, problem.source) {
        ([], super::problem::Source::Case(case)) => {
            format!("the book's decision in Case {}", case.roman)
        }
        _ => laws_text(problem.rules(), laws),
    }
}

/// What is the ruling? The ruling asked about (or that there is none),
/// against: the same penalty against the other player, no ruling, and the
/// penalties the engine gives for the neighbouring laws against the same player.
fn ruling_question(problem: &Problem, pool: &Pool, random: &mut Random) -> Option<Question> {
    let principal = problem.principal().cloned();
    let laws = topic(problem);
    let (right, why) = match &principal {
        Some(ruling) => (
            ruling_choice(problem, ruling.offender, ruling.penalty),
            authority(problem, ruling.laws),
        ),
        None => (NO_RULING.to_string(), "no law is broken".to_string()),
    };
    let mut wrong = Vec::new();
    let offender = match &principal {
        Some(Ruling {
            offender: Some(player),
            penalty,
            ..
        }) => {
            // "No penalty" against the other player comes to no ruling.
            if !no_penalty(*penalty) && !made(problem, Some(player.other()), *penalty) {
                wrong.push(ruling_choice(problem, Some(player.other()), *penalty));
            }
            *player
        }
        _ => suspect(problem).unwrap_or_else(|| PlayerId(random.below(2) as u8)),
    };
    if principal.is_some() {
        wrong.push(NO_RULING.to_string());
    }
    // Each neighbour's penalty once: two wrong answers that come to the
    // same would tell the player both are wrong.
    let mut wrong_penalties: Vec<Penalty> = Vec::new();
    for (_, penalty) in neighbours(problem, &laws, pool, random) {
        let penalty = general(penalty);
        let again = wrong_penalties.iter().any(|p| same_kind(*p, penalty));
        if !again && !made(problem, Some(offender), penalty) {
            wrong_penalties.push(penalty);
            wrong.push(ruling_choice(problem, Some(offender), penalty));
        }
    }
    let asks = "What is the ruling: who offends, and what follows?".to_string();
    set(Kind::Ruling, asks, right, wrong, why, random)
}

/// A law as a choice: `Law 54: A player who calls …`, its opening words.
pub fn law_choice(rules: Rules, id: &str) -> String {
    let label = label(rules, id);
    let Ok(library) = library() else {
        return label;
    };
    let books = std::iter::once(rules.book()).chain(rules.base_book());
    let text = books
        .map(|b| library.book(b))
        .find_map(|book| match book.find(id)? {
            Found::Law(law) => Some(law.text.clone()),
            Found::Paragraph(_, paragraph) => Some(paragraph.text.clone()),
            Found::Article(laws) => laws.first().map(|law| law.text.clone()),
        })
        .unwrap_or_default();
    format!("{label}: {}", opening(&text, 90))
}

/// The opening words of a text, at most `most` characters, cut at a word.
fn opening(text: &str, most: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= most {
        return text;
    }
    let cut: String = text.chars().take(most).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", cut.trim_end_matches([',', ';', ':']))
}

/// Which law settles it? The first law of the ruling asked about (or the
/// first a case without a ruling cites), against the laws of the same
/// section the engine rules on, the rest of that section, and the laws
/// standing nearest it in the book.
fn law_question(problem: &Problem, pool: &Pool, random: &mut Random) -> Option<Question> {
    let rules = problem.rules();
    let principal = problem.principal();
    let right_id: &str = match principal {
        Some(ruling) => ruling.laws.first().copied()?,
        None => problem.cited().first().map(String::as_str)?,
    };
    let taken: Vec<&str> = problem
        .rulings
        .iter()
        .flat_map(|r| r.laws.iter().copied())
        .chain(problem.cited().iter().map(String::as_str))
        .chain([right_id])
        .collect();
    let free = |id: &str| !taken.iter().any(|t| related(t, id)) && !replaced(rules, id);
    let mut wrong: Vec<String> = Vec::new();
    let push = |id: &str, wrong: &mut Vec<String>| {
        if free(id) {
            wrong.push(law_choice(rules, id));
        }
    };
    let laws = topic(problem);
    let home = section(rules, right_id);
    for (their, _) in neighbours(problem, &laws, pool, random) {
        for id in their {
            if section(rules, id) == home {
                push(id, &mut wrong);
            }
        }
    }
    if let Some(book) = book_of(rules, right_id) {
        let position = book.laws.iter().position(|l| related(&l.id, right_id));
        let mut same: Vec<&str> = book
            .laws
            .iter()
            .filter(|l| Some(&l.section) == home.as_ref())
            .map(|l| l.id.as_str())
            .collect();
        shuffle(&mut same, random);
        for id in same {
            push(id, &mut wrong);
        }
        if let Some(at) = position {
            let mut nearest: Vec<(usize, &str)> = book
                .laws
                .iter()
                .enumerate()
                .map(|(i, l)| (i.abs_diff(at), l.id.as_str()))
                .collect();
            nearest.sort();
            for (_, id) in nearest {
                push(id, &mut wrong);
            }
        }
    }
    let asks = match principal {
        Some(_) => "Which law settles it?",
        None => "Which law does the book cite in its decision?",
    }
    .to_string();
    let right = law_choice(rules, right_id);
    let why = label(rules, right_id);
    set(Kind::Law, asks, right, wrong, why, random)
}

/// How a player names a law, by the book that holds it: `Law 32` under au
/// cent too, `Au cent AC11`.
fn label(rules: Rules, id: &str) -> String {
    let book = book_of(rules, id).map_or(rules.book(), |b| b.book);
    crate::report::law_label(book, id)
}

/// Whether the rule set's book replaces this law of the book it amends
/// (au cent AC11 replaces law 32): no law of the rule set, where none of
/// it stands.
fn replaced(rules: Rules, id: &str) -> bool {
    let Ok(library) = library() else {
        return false;
    };
    let book = library.book(rules.book());
    let kept = book.kept_in_part();
    let replaces = book.laws.iter().any(|l| l.replaces.iter().any(|r| r == id));
    rules.base_book().is_some() && replaces && !kept.contains(&id)
}

/// The book that holds a law (the rule set's, then the book it amends).
fn book_of(rules: Rules, id: &str) -> Option<&'static Book> {
    let library = library().ok()?;
    let books = std::iter::once(rules.book()).chain(rules.base_book());
    books
        .map(|b| library.book(b))
        .find(|book| book.find(id).is_some())
}

/// Scores as a choice: `A 11, B 0`.
pub fn score_choice(problem: &Problem, scores: [u32; 2]) -> String {
    format!(
        "{} {}, {} {}",
        problem.name(PlayerId(0)),
        scores[0],
        problem.name(PlayerId(1)),
        scores[1]
    )
}

/// Each player's total counting every line, those struck out too: the
/// score had no penalty struck anything.
fn unstruck(score: &DealScore) -> [u32; 2] {
    let mut totals = [0; 2];
    for line in &score.lines {
        totals[line.player.index()] += line.points;
    }
    totals
}

/// What does each player score? The deal's score, against the scores the
/// neighbouring rulings would give: no penalty (nothing struck), each
/// player reckoning nothing (the penalty of laws 28, 29, 54, 58), the other
/// choice of a player who has one, and the scores the wrong way round.
fn score_question(problem: &Problem, random: &mut Random) -> Option<Question> {
    let right = problem.scores?;
    let deal = problem.deal()?;
    let mut wrong = vec![unstruck(&deal.score)];
    wrong.extend(deal.outcomes.iter().map(|o| o.scores));
    let offender = problem.principal().and_then(|r| r.offender);
    let players = match offender {
        Some(p) => [p, p.other()],
        None => PlayerId::BOTH,
    };
    for player in players {
        let mut scores = right;
        scores[player.index()] = 0;
        wrong.push(scores);
    }
    wrong.push([right[1], right[0]]);
    let wrong = wrong
        .into_iter()
        .filter(|s| *s != right)
        .map(|s| score_choice(problem, s))
        .collect();
    let asks = format!("What does each player score in deal {}?", deal.number);
    let why = match problem.principal() {
        Some(ruling) => format!(
            "the deal's score, with the ruling of {}",
            authority(problem, ruling.laws)
        ),
        None => "the deal's score, no law broken".to_string(),
    };
    let right = score_choice(problem, right);
    set(Kind::Score, asks, right, wrong, why, random)
}

#[cfg(test)]
mod tests {
    use super::super::problem::Source;
    use super::*;
    use crate::cases;

    #[test]
    fn opening_words_are_cut_at_a_word() {
        // (text, most, opening)
        let table = [
            ("A short law.", 90, "A short law."),
            ("one two three four", 10, "one two…"),
            ("one, two three", 5, "one…"),
        ];
        for (text, most, expected) in table {
            assert_eq!(opening(text, most), expected, "{text}");
        }
    }

    #[test]
    fn laws_are_named_as_a_player_names_them() {
        let table: [(Rules, &[&str], &str); 5] = [
            (Rules::AuCent, &["32"], "Law 32"),
            (Rules::Portland, &["56"], "Law 56"),
            (Rules::Portland, &["24", "35"], "Law 24 and Law 35"),
            (Rules::AuCent, &["AC9"], "Au cent AC9"),
            (Rules::Portland, &[], "no law named"),
        ];
        for (rules, laws, expected) in table {
            assert_eq!(laws_text(rules, laws), expected, "{laws:?}");
        }
    }

    #[test]
    fn a_law_the_rule_set_replaces_is_no_choice() {
        // (rules, law, replaced): au cent AC11 replaces law 32; AC2 leaves
        // the rest of law 9 standing; the Portland laws replace nothing.
        let table = [
            (Rules::AuCent, "32", true),
            (Rules::AuCent, "9", false),
            (Rules::AuCent, "AC11", false),
            (Rules::AuCent, "58", false),
            (Rules::Portland, "32", false),
        ];
        for (rules, id, expected) in table {
            assert_eq!(replaced(rules, id), expected, "{id}");
        }
    }

    #[test]
    fn the_seed_places_the_right_answer_and_the_same_seed_the_same_place() {
        let case = cases::find("7").unwrap();
        let problem = Problem::of_case(case).unwrap();
        let pool = Pool::of(std::slice::from_ref(&problem));
        let quiz = |seed| questions(&problem, &pool, &mut Random::new(seed));
        assert_eq!(quiz(3), quiz(3));
        let places: Vec<Vec<usize>> = (0..12)
            .map(|seed| quiz(seed).iter().map(|q| q.right).collect())
            .collect();
        assert!(places.iter().any(|p| *p != places[0]), "{places:?}");
    }

    #[test]
    fn every_case_has_a_ruling_question_with_one_right_answer_as_the_book_rules() {
        let problems: Vec<Problem> = cases::all()
            .unwrap()
            .iter()
            .filter_map(Problem::of_case)
            .collect();
        let pool = Pool::of(&problems);
        for problem in &problems {
            let Source::Case(case) = problem.source else {
                unreachable!("cases only")
            };
            let asked = questions(problem, &pool, &mut Random::new(1));
            let ruling = asked.iter().find(|q| q.kind == Kind::Ruling);
            let ruling = ruling.unwrap_or_else(|| panic!("case {}", case.roman));
            assert!(ruling.choices.len() >= 3, "case {}", case.roman);
            let mut distinct = ruling.choices.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), ruling.choices.len(), "case {}", case.roman);
            // The right choice is the book's: a ruling its decision makes,
            // or none where it makes none; no wrong choice is one it makes.
            let book = case.expected.as_ref().and_then(|e| e.rulings.clone());
            let book = book.unwrap_or_default();
            let right = &ruling.choices[ruling.right];
            if book.is_empty() {
                assert_eq!(right, NO_RULING, "case {}", case.roman);
            }
            for (i, choice) in ruling.choices.iter().enumerate() {
                let is_book_ruling = book.iter().any(|b| {
                    problem.rulings.iter().any(|r| {
                        r.offender.map(|p| problem.name(p).to_string()) == b.offender
                            && crate::cases::penalty_name(r.penalty) == b.penalty
                            && ruling_choice(problem, r.offender, r.penalty) == *choice
                    })
                });
                let is_right = i == ruling.right;
                assert!(
                    is_right == is_book_ruling || (is_right && book.is_empty()),
                    "case {}: choice {choice:?}",
                    case.roman
                );
            }
        }
    }
}
