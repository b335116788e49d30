//! `referee rule`: each deal's score with its laws, the reasons, the rulings,
//! and the partie's standing, as text for people.

use std::fmt::Write;

use super::stream::{whole, TextReport};
use super::table::new_table;
use super::{wrap, TIED, WIDTH};
use crate::cards::Rank;
use crate::engine::declarations::{Category, Holding, Settled, Verdict};
use crate::engine::partie::Standing;
use crate::engine::ruleset::{PiqueBy, PointOrder, RuleSet, PORTLAND};
use crate::engine::score::{Item, Missed, ScoreLine, Stop};
use crate::engine::{DealRuling, Note, Ruled, Written};
use crate::laws::{Book, BookId, Found};
use crate::notation::{sequence_name, Deal, PlayerId, Reply, Transcript};
use crate::ruling::Ruling;

use super::irregularity::irregularity_text;

/// Number words for the report: `six`, `twelve`.
const WORDS: [&str; 13] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve",
];

pub(super) fn word(n: impl Into<u32>) -> String {
    let n: u32 = n.into();
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// Names players by the ids of the transcript.
pub struct Names<'a>(pub &'a Transcript);

impl<'a> Names<'a> {
    /// A player's id as written.
    pub fn of(&self, player: PlayerId) -> &'a str {
        self.0.name(player)
    }
}

/// The whole report of `referee rule`.
pub fn ruled_text(transcript: &Transcript, ruled: &Ruled, book: &Book) -> String {
    let mut report = TextReport::new(transcript, ruled.rules, book);
    whole(&mut report, transcript, ruled)
}

/// One deal: heading, score table, reasons, rulings, notes, written scores.
pub fn deal_text(
    out: &mut String,
    deal: &Deal,
    ruling: &DealRuling,
    names: &Names<'_>,
    quoting: &mut Quoting<'_>,
    rules: &RuleSet,
) {
    let dealer = ruling
        .dealer
        .map_or_else(|| "not written".to_string(), |d| names.of(d).to_string());
    let _ = writeln!(
        out,
        "Deal {}: dealer {}, elder hand {}{}",
        ruling.number,
        dealer,
        names.of(ruling.elder),
        if ruling.counts > 1 {
            " (counts double)"
        } else {
            ""
        }
    );
    let questions = super::answers::questions(deal, ruling, names);
    for (index, asked) in questions.iter().enumerate() {
        let again = match asked.again.as_slice() {
            [] => String::new(),
            [line] => format!("; again on line {line}"),
            [a, b, c, .., z] if asked.again.len() > 5 => {
                format!(
                    "; again {} times, on lines {a}, {b}, {c} … {z}",
                    asked.again.len()
                )
            }
            lines => {
                let lines: Vec<String> = lines.iter().map(u32::to_string).collect();
                format!("; again on lines {}", lines.join(", "))
            }
        };
        let line = asked.span.line;
        let question = &asked.question;
        out.push_str(&wrap(
            &format!("Question (line {line}{again}): {question}"),
            "",
            WIDTH,
        ));
        // The deal's answer is the same for each of its questions.
        if index > 0 {
            out.push_str("Answer: as to the question above.\n");
            continue;
        }
        out.push_str("Answer:\n");
        for reply in &asked.answer {
            out.push_str(&bullet(reply));
        }
    }
    let mut table = new_table(&["Player", "Scores", "Points", "Laws"]);
    for line in &ruling.score.lines {
        let (what, points) = if line.struck {
            (
                format!(
                    "{} ({}: struck out)",
                    describe_line_under(line, rules),
                    if ruling.void {
                        "the deal is void"
                    } else {
                        "reckons nothing"
                    }
                ),
                format!("0 (not {})", line.points),
            )
        } else {
            (describe_line_under(line, rules), line.points.to_string())
        };
        table.add_row(vec![
            names.of(line.player).to_string(),
            what,
            points,
            line.laws.join(", "),
        ]);
    }
    for player in PlayerId::BOTH {
        table.add_row(vec![
            names.of(player).to_string(),
            "Deal total".to_string(),
            ruling.score.scores[player.index()].to_string(),
            String::new(),
        ]);
    }
    let _ = writeln!(out, "{table}");

    let mut reasons = Vec::new();
    for category in Category::CALLED {
        if let Some(reason) = verdict_reason(ruling, category, names, rules) {
            reasons.push(reason);
        }
    }
    reasons.extend(
        ruling
            .score
            .missed
            .iter()
            .map(|m| missed_reason(m, ruling, names, rules)),
    );
    bonus_reasons(&mut reasons, ruling, names, rules);
    if !reasons.is_empty() {
        out.push_str("Why:\n");
        for reason in reasons {
            out.push_str(&bullet(&reason));
        }
    }
    if !ruling.rulings.is_empty() {
        out.push_str("Rulings:\n");
        for (index, again) in repeated(ruling) {
            ruling_text(out, &ruling.rulings[index], names, quoting);
            again_text(out, &again);
            options_text(out, ruling, index, names);
        }
    }
    if questions.is_empty() && !ruling.answers.is_empty() {
        out.push_str("Claims:\n");
        for answer in &ruling.answers {
            out.push_str(&bullet(&super::answers::answer_text(answer, ruling, names)));
        }
    }
    let notes = notes_text(ruling, deal, names);
    if !notes.is_empty() {
        out.push_str("Notes:\n");
        for note in notes {
            out.push_str(&bullet(&note));
        }
    }
    written_text(out, &ruling.written, names);
    let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
    let _ = writeln!(
        out,
        "Totals: {a} {} → {}, {b} {} → {}",
        ruling.before[0], ruling.after[0], ruling.before[1], ruling.after[1]
    );
    if let Some(game) = &ruling.game {
        super::games::game_text(out, game, names);
    }
}

/// Each written score beside the referee's, a line each: piquet's and écarté's alike.
pub(super) fn written_text(out: &mut String, written: &[Written], names: &Names<'_>) {
    for w in written {
        let name = names.of(w.player);
        let line = if w.agrees() {
            format!("Written: {name} {}, as the referee makes it.", w.written)
        } else {
            format!(
                "Written: {name} {}, but the referee makes it {} ({}).",
                w.written,
                w.referee,
                difference(w.written, w.referee)
            )
        };
        out.push_str(&wrap(&line, "", WIDTH));
    }
}

/// A list item: `  - ` then the text, wrapped under itself.
pub(super) fn bullet(text: &str) -> String {
    let wrapped = wrap(text, "    ", WIDTH);
    format!("  - {}", &wrapped[4..])
}

/// `3 too many` or `2 too few`.
pub fn difference(written: u32, referee: u32) -> String {
    if written > referee {
        format!("{} too many", written - referee)
    } else {
        format!("{} too few", referee - written)
    }
}

/// The words of a score line: `Point of six (making 56, in clubs)`.
pub fn describe_line(line: &ScoreLine) -> String {
    describe_line_under(line, &PORTLAND)
}

/// The words of a score line under a rule set: a point compared by its
/// pip total alone is named by it, `Point of 46 in clubs` (6a: "forty-six
/// at the point").
pub fn describe_line_under(line: &ScoreLine, rules: &RuleSet) -> String {
    match line.item {
        Item::Holding(h) => describe_holding_under(&h, rules),
        Item::Play {
            leads,
            wins,
            last,
            uncounted,
        } => {
            let mut parts = vec![format!("{leads} led")];
            if wins > 0 {
                parts.push(format!("{wins} won as second player"));
            }
            if last {
                parts.push("the last trick".to_string());
            }
            let low = if rules.lowest < Rank::Seven {
                "sixes"
            } else {
                "sevens"
            };
            let not_counting = match uncounted {
                0 => String::new(),
                n => format!("; {n} led or won with {low} to nines, not counting"),
            };
            format!("Points in play ({}{not_counting})", parts.join(", "))
        }
        Item::TheCards { tricks } => format!("The cards ({} tricks)", word(tricks as u32)),
        Item::Capot => "Capot (every trick)".to_string(),
        Item::Repique => "Repique".to_string(),
        Item::Pique => "Pique".to_string(),
    }
}

/// A holding in words: `Quart major in spades`, `Four knaves`.
pub fn describe_holding(holding: &Holding) -> String {
    describe_holding_under(holding, &PORTLAND)
}

/// A holding in words under a rule set: the point by its pip total where
/// that alone compares points (6a), by its cards and what they make
/// otherwise (laws 46, 62; M2).
pub fn describe_holding_under(holding: &Holding, rules: &RuleSet) -> String {
    match holding {
        Holding::Point(p) if rules.point_order == PointOrder::ValueOnly && p.value > 0 => {
            format!("Point of {} in {}", p.value, p.suit.name())
        }
        Holding::CarteBlanche => "Carte blanche".to_string(),
        Holding::Point(p) => {
            let making = if p.value > 0 {
                format!("making {}, ", p.value)
            } else {
                String::new()
            };
            format!("Point of {} ({making}in {})", word(p.cards), p.suit.name())
        }
        Holding::Sequence(s) => {
            let name = capitalise(sequence_name(s.length));
            let top = if s.top == crate::cards::Rank::Ace {
                " major".to_string()
            } else {
                format!(" to the {}", s.top.word())
            };
            format!("{name}{top} in {}", s.suit.name())
        }
        Holding::Set(s) => {
            if s.count == 4 {
                format!("Quatorze of {}", s.rank.plural())
            } else {
                format!("Three {}", s.rank.plural())
            }
        }
    }
}

pub(super) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// Why a player is good, or nobody, in one category.
fn verdict_reason(
    ruling: &DealRuling,
    category: Category,
    names: &Names<'_>,
    rules: &RuleSet,
) -> Option<String> {
    let why = rules.cite.why;
    let (law, equal_law) = match category {
        Category::Point => (why.point, why.point_equal),
        Category::Sequence => (why.sequences, why.sequences_equal),
        Category::Set => (why.sets, why.sets_equal),
        Category::CarteBlanche => (why.carte_blanche, why.carte_blanche),
    };
    let what = category.name();
    let best = |player: PlayerId| {
        ruling
            .score
            .lines
            .iter()
            .find(|l| {
                l.player == player && matches!(l.item, Item::Holding(h) if h.category() == category)
            })
            .map(|l| describe_line_under(l, rules).to_lowercase())
    };
    let other = |p: PlayerId| names.of(p.other()).to_string();
    Some(match ruling.declarations.verdict(category) {
        Verdict::Nothing => return None,
        Verdict::Equal(Settled::Compared) => {
            format!("The {what} is equal: neither player scores it ({equal_law}).")
        }
        Verdict::Equal(Settled::FoundAfterLead) => format!(
            "The {what} was disallowed, and found equal against the cards; the elder showed his equality after his lead (AC21): neither player scores it ({equal_law})."
        ),
        Verdict::Equal(_) => {
            format!("The {what} was answered equal: neither player scores it ({equal_law}).")
        }
        Verdict::Good(p, settled) => {
            let name = names.of(p);
            let Some(held) = best(p) else {
                let (kind, it) = match category {
                    Category::Sequence => ("sequences", "them"),
                    Category::Set => ("quatorzes and trios", "them"),
                    _ => ("the point", "it"),
                };
                let stopped = ruling
                    .notes
                    .iter()
                    .any(|n| matches!(n, Note::StoppedAtTheTarget { .. }));
                if stopped {
                    let they = if it == "it" { "it" } else { "they" };
                    return Some(format!(
                        "{name} is good in {kind}, but scores nothing for {it}: the deal stopped at the game's target before {they} counted (19d; {law})."
                    ));
                }
                return Some(format!(
                    "{name} is good in {kind}, but scores nothing for {it}: see the rulings ({law})."
                ));
            };
            let how = match settled {
                Settled::Replied(Reply::Good) => format!("{} replied good", other(p)),
                Settled::Admitted => format!(
                    "{} asked which card is out, which admits the call good, as in Case VII",
                    other(p)
                ),
                Settled::Replied(Reply::NotGood) => {
                    format!("he replied {} to {}'s call", why.not_good, other(p))
                }
                Settled::Replied(Reply::Equal) => "it was answered equal".to_string(),
                Settled::Unanswered => "the call was not answered, so it stands".to_string(),
                Settled::Uncontested => format!("{} called none against it", other(p)),
                Settled::Compared => format!("it is better than anything {} holds", other(p)),
                Settled::Unshown => format!(
                    "{} led without showing the cards of his call, which AC18 bars him from reckoning then, and he may reckon his own, though equal or inferior",
                    other(p)
                ),
                Settled::ShownAfterLead => format!(
                    "{} played to the first trick without showing his superiority or equality, and {name} showed and reckoned his call after his lead (AC22)",
                    other(p)
                ),
                Settled::FoundAfterLead => format!(
                    "{} disallowed the call, and it was found good against his cards; {name} showed it after his lead (AC21)",
                    other(p)
                ),
                Settled::BarredByShow => format!(
                    "the sequence {name} showed, superior to his call, bars {}'s, equal or inferior to it (AC19)",
                    other(p)
                ),
                Settled::Miscalled => format!(
                    "{}'s call there was a miscall, and under law 54 only a correct call of his could bar it",
                    other(p)
                ),
            };
            let all = every_one(ruling, p, category, rules);
            let verb = if held.starts_with("three") {
                "are"
            } else {
                "is"
            };
            format!("{name}'s {held} {verb} good: {how} ({law}{all}).")
        }
    })
}

/// What the good player's score line says of his other holdings of the
/// kind: law 49, "he can reckon any sequences he holds" once his first is
/// good; AC17 under au cent, none superior to the one he called first.
fn every_one(ruling: &DealRuling, player: PlayerId, category: Category, rules: &RuleSet) -> String {
    let line = ruling.score.lines.iter().find(|l| {
        l.player == player && matches!(l.item, Item::Holding(h) if h.category() == category)
    });
    let cites = |law: &str| line.is_some_and(|l| l.laws.contains(&law));
    let every = rules.cite.why.every_one;
    match category {
        Category::Point | Category::CarteBlanche => String::new(),
        _ if cites("AC17") => {
            "; the holder of the best scores every one he reckons that is no better than his first call (AC17)".to_string()
        }
        _ if cites("49") || line.is_none() => "; the holder of the best scores every one he reckons".to_string(),
        _ if every => "; the holder of the best scores every one he reckons".to_string(),
        _ => String::new(),
    }
}

/// Why a pique or repique was not won.
fn missed_reason(
    missed: &Missed,
    ruling: &DealRuling,
    names: &Names<'_>,
    rules: &RuleSet,
) -> String {
    let younger = names.of(ruling.elder.other());
    let why = rules.cite.why;
    let (repique, pique) = (why.repique_missed, why.pique);
    match *missed {
        Missed::Repique {
            player,
            reached,
            stopped_by,
        } => format!(
            "No repique for {}: he makes {reached} in hand, but {}'s {} reckons before it ({repique}).",
            names.of(player),
            names.of(player.other()),
            stopped_by.name()
        ),
        Missed::Pique {
            player,
            reached,
            stopped_by: Stop::Hand(category),
        } => format!(
            "No pique for {}: he makes {reached} in hand and play, but {} reckoned his {} first ({pique}).",
            names.of(player),
            names.of(player.other()),
            category.name()
        ),
        Missed::Pique {
            player,
            reached,
            stopped_by: Stop::Trick(trick),
        } => format!(
            "No pique for {}: he makes {reached} in hand and play, but {} scored in play at trick {trick} before he reached thirty ({pique}).",
            names.of(player),
            names.of(player.other()),
        ),
        Missed::PiqueByYounger { reached } => format!(
            "{younger} makes {reached} in hand and play, but only the elder hand can win a pique ({pique})."
        ),
    }
}

/// Why a pique or repique was won, and a capot or the cards.
fn bonus_reasons(
    reasons: &mut Vec<String>,
    ruling: &DealRuling,
    names: &Names<'_>,
    rules: &RuleSet,
) {
    let why = rules.cite.why;
    for line in &ruling.score.lines {
        let name = names.of(line.player);
        let other = names.of(line.player.other());
        let elder = if line.player == ruling.elder {
            ", the elder hand,"
        } else {
            ", the dealer,"
        };
        let (repique, pique) = (why.repique, why.pique);
        match (line.item, rules.pique_by) {
            (Item::Repique, _) => reasons.push(format!(
                "{name} makes thirty in hand alone before {other} counts anything: repique, sixty added ({repique})."
            )),
            (Item::Pique, PiqueBy::Elder) => reasons.push(format!(
                "{name}, the elder hand, makes thirty in hand and play before {other} reckons anything: pique, thirty added ({pique})."
            )),
            (Item::Pique, PiqueBy::Either) => reasons.push(format!(
                "{name}{elder} makes thirty in hand and play before {other} has scored anything: pique, thirty added ({pique})."
            )),
            _ => {}
        }
    }
    if ruling.notes.contains(&Note::Divided) {
        reasons.push(format!(
            "Each player won six tricks: the cards are divided and nobody scores them ({}).",
            why.divided
        ));
    }
}

/// One ruling: what happened, where, the laws quoted, the penalty.
/// The laws quoted so far in a report: each law's text is quoted the first
/// time a ruling cites it, and named only after that.
pub struct Quoting<'a> {
    book: &'a Book,
    quoted: Vec<(BookId, &'static str)>,
}

impl<'a> Quoting<'a> {
    /// Nothing quoted yet, from `book` (and the book it amends).
    pub fn new(book: &'a Book) -> Self {
        Quoting {
            book,
            quoted: Vec::new(),
        }
    }

    /// The text of law `id`, the first time it is asked for.
    fn first_time(&mut self, id: &'static str) -> Option<String> {
        if self.quoted.contains(&(self.book.book, id)) {
            return None;
        }
        self.quoted.push((self.book.book, id));
        quote(self.book, id)
    }

    /// The text of law `id` of another book, cited by analogy, the first
    /// time it is asked for: quoted from that book, whatever the rule
    /// set's book holds under the same id (the French article 4 is not
    /// Portland law 4).
    fn first_time_in(&mut self, book: BookId, id: &'static str) -> Option<String> {
        if self.quoted.contains(&(book, id)) {
            return None;
        }
        self.quoted.push((book, id));
        let book = crate::laws::library().ok()?.book(book);
        quote(book, id)
    }

    /// How many laws are quoted so far.
    pub(super) fn count(&self) -> usize {
        self.quoted.len()
    }

    /// The laws quoted since there were `count`.
    pub(super) fn since(&self, count: usize) -> Vec<(BookId, &'static str)> {
        self.quoted[count..].to_vec()
    }

    /// Whether any of `laws` is quoted already.
    pub(super) fn any_quoted(&self, laws: &[(BookId, &'static str)]) -> bool {
        laws.iter().any(|law| self.quoted.contains(law))
    }

    /// Takes `laws` as quoted, where a part of the report quoted them.
    pub(super) fn quoted_as(&mut self, laws: &[(BookId, &'static str)]) {
        self.quoted.extend_from_slice(laws);
    }

    /// Whether `id` is one of the rule set's own book's laws.
    fn own(&self, id: &str) -> bool {
        self.book.law(id).is_some()
    }
}

/// A book's name as a report says it: "the French rules", "Portland".
fn book_name(book: BookId) -> &'static str {
    match book {
        BookId::Portland => "Portland",
        BookId::AuCent => "au cent",
        BookId::Classic => "the French rules",
        BookId::Ecarte => "the Laws of Écarté",
    }
}

/// `laws 54, 55`, or `law 54`, or nothing.
fn laws_cited(laws: &[&str]) -> Option<String> {
    match laws {
        [] => None,
        [law] => Some(format!("law {law}")),
        laws => Some(format!("laws {}", laws.join(", "))),
    }
}

pub(super) fn ruling_text(
    out: &mut String,
    ruling: &Ruling,
    names: &Names<'_>,
    quoting: &mut Quoting<'_>,
) {
    let line = ruling
        .span
        .filter(|s| s.line > 0)
        .map_or_else(String::new, |s| format!("line {}: ", s.line));
    let who = ruling.offender.map(|p| names.of(p));
    // Issue 15: the laws of another book, cited by analogy, named as such.
    let (own, other): (Vec<&'static str>, Vec<&'static str>) = match ruling.analogy {
        Some(_) => ruling.laws.iter().partition(|id| quoting.own(id)),
        None => (ruling.laws.to_vec(), Vec::new()),
    };
    let laws = match (laws_cited(&own), ruling.analogy, laws_cited(&other)) {
        (own, Some(book), Some(other)) => {
            let analogy = format!("{} {other}, by analogy", book_name(book));
            Some(own.map_or_else(|| analogy.clone(), |own| format!("{own}; {analogy}")))
        }
        (own, ..) => own,
    };
    let what = irregularity_text(&ruling.irregularity, who);
    // A text that ends in its own brackets ("(Case V)") takes the laws inside them.
    let cited = match (laws, what.strip_suffix(')')) {
        (Some(laws), Some(head)) => format!("{head}; {laws})"),
        (Some(laws), None) => format!("{what} ({laws})"),
        (None, _) => what,
    };
    let penalty = match ruling.analogy {
        Some(_) if !other.is_empty() => format!(
            "none in {}, and the deal is scored as played; by analogy, {}",
            book_name(quoting.book.book),
            ruling.penalty.describe()
        ),
        _ => ruling.penalty.describe(),
    };
    let text = format!("{line}{cited}. Penalty: {penalty}.");
    out.push_str(&bullet(&text));
    for id in own {
        if let Some(quote) = quoting.first_time(id) {
            out.push_str(&wrap(&format!("Law {id}: \"{quote}\""), "    ", WIDTH));
        }
    }
    let Some(book) = ruling.analogy.filter(|_| !other.is_empty()) else {
        return;
    };
    let gives = if ruling.laws.len() == other.len() {
        "law"
    } else {
        "penalty"
    };
    let mut said = format!(
        "{} give no {gives} for this. Nearest written law, by analogy:",
        capitalised(book_name(quoting.book.book))
    );
    for id in other {
        match quoting.first_time_in(book, id) {
            Some(quote) => said.push_str(&format!(" {} law {id}: \"{quote}\"", book_name(book))),
            None => said.push_str(&format!(" {} law {id} (quoted above).", book_name(book))),
        }
    }
    out.push_str(&wrap(&said, "    ", WIDTH));
}

/// The text with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The rulings of a deal, each with the later ones that say the same again
/// (the same irregularity, offender, laws and penalty, on other lines, with
/// no choice to show): those are reported once, with their lines.
fn repeated(ruling: &DealRuling) -> Vec<(usize, Vec<&Ruling>)> {
    let chooses = |i: usize| ruling.outcomes.iter().any(|o| o.ruling == i);
    let mut out: Vec<(usize, Vec<&Ruling>)> = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    for (index, r) in ruling.rulings.iter().enumerate() {
        if chooses(index) {
            out.push((index, Vec::new()));
            continue;
        }
        let key = format!(
            "{:?} {:?} {:?} {:?}",
            r.irregularity, r.offender, r.laws, r.penalty
        );
        match seen.get(&key) {
            Some(&group) => out[group].1.push(r),
            None => {
                seen.insert(key, out.len());
                out.push((index, Vec::new()));
            }
        }
    }
    out
}

/// The lines of the rulings that said the same again.
fn again_text(out: &mut String, again: &[&Ruling]) {
    let Some(last) = again.last() else {
        return;
    };
    let lines: Vec<String> = again
        .iter()
        .filter_map(|r| r.span.map(|s| s.line.to_string()))
        .collect();
    let times = if again.len() == 1 {
        "once more".to_string()
    } else {
        format!("{} times more", again.len())
    };
    let on = match lines.len() {
        0 => String::new(),
        1..=5 => format!(
            ", on line{} {}",
            if lines.len() == 1 { "" } else { "s" },
            lines.join(", ")
        ),
        n => format!(
            ", on lines {} … {} ({n} lines)",
            lines[..3].join(", "),
            last.span.map_or(0, |s| s.line)
        ),
    };
    out.push_str(&wrap(
        &format!("The same ruling {times}{on}."),
        "    ",
        WIDTH,
    ));
}

/// The options a ruling gives, side by side, with the deal's score under
/// each: a player can see what each choice would bring him.
fn options_text(out: &mut String, ruling: &DealRuling, index: usize, names: &Names<'_>) {
    let options: Vec<_> = ruling
        .outcomes
        .iter()
        .filter(|o| o.ruling == index)
        .collect();
    let Some(first) = options.first() else {
        return;
    };
    let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
    // Issue 15: by analogy nobody chooses: the deal as played, and what the
    // nearest written law would give.
    let chosen = if first.analogy {
        let _ = writeln!(
            out,
            "    Scored as played; beside it, what the nearest written law would give:"
        );
        "Scored"
    } else {
        let _ = writeln!(out, "    {} chooses:", names.of(first.chooser));
        "Chosen"
    };
    let mut table = new_table(&["Option", a, b, chosen]);
    for option in &options {
        table.add_row(vec![
            option.option.to_string(),
            option.scores[0].to_string(),
            option.scores[1].to_string(),
            if option.taken { "yes" } else { "" }.to_string(),
        ]);
    }
    for line in table.to_string().lines() {
        let _ = writeln!(out, "    {line}");
    }
}

/// The text of a law or paragraph, for quoting: from `book`, or from the
/// book it amends where `id` is not its own (au cent cites the Portland
/// laws that still stand beside its own paragraphs).
pub fn quote(book: &Book, id: &str) -> Option<String> {
    let base = || {
        let base = crate::laws::library().ok()?.book(book.book.base()?);
        base.find(id)
    };
    match book.find(id).or_else(base)? {
        Found::Law(law) => Some(law.text.clone()),
        Found::Paragraph(_, paragraph) => Some(paragraph.text.clone()),
        Found::Article(_) => None,
    }
}

/// The deal's notes in words, a replay written many times over (the same
/// trick played again from, for the same error) said once, with its lines.
fn notes_text(ruling: &DealRuling, deal: &Deal, names: &Names<'_>) -> Vec<String> {
    let mut out: Vec<(String, Vec<u32>)> = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    for note in &ruling.notes {
        let again = match *note {
            Note::Replayed {
                from,
                line,
                laws,
                retaken_only,
            } => Some((format!("{from} {laws:?} {retaken_only}"), line)),
            _ => None,
        };
        match again {
            Some((key, line)) if seen.contains_key(&key) => out[seen[&key]].1.push(line),
            Some((key, _)) => {
                seen.insert(key, out.len());
                out.push((note_text(note, deal, names), Vec::new()));
            }
            None => out.push((note_text(note, deal, names), Vec::new())),
        }
    }
    out.into_iter()
        .map(|(text, lines)| match lines.as_slice() {
            [] => text,
            [line] => format!("{text} The same again on line {line}."),
            [a, b, c, .., z] if lines.len() > 5 => format!(
                "{text} The same again {} times, on lines {a}, {b}, {c} … {z}.",
                lines.len()
            ),
            _ => {
                let list: Vec<String> = lines.iter().map(u32::to_string).collect();
                format!("{text} The same again on lines {}.", list.join(", "))
            }
        })
        .collect()
}

/// A note in words.
pub(super) fn note_text(note: &Note, deal: &Deal, names: &Names<'_>) -> String {
    match *note {
        Note::AssumedDeclarations => "No calls are written: the referee takes each player to have declared everything he held, in full.".to_string(),
        Note::NoDealer => "No dealer is written: the first player to act is taken as elder hand.".to_string(),
        Note::HandUnknown(p) => format!(
            "{}'s cards are not all known: his calls are taken as he made them.",
            names.of(p)
        ),
        Note::TakesAssumed(p, n) => format!(
            "{} discards and no `takes` is written: he is taken to have taken in {}.",
            names.of(p),
            word(n as u32)
        ),
        Note::ExchangeIncomplete => "No calls are written, and the transcript stops before the exchange is complete: nobody has declared, and nothing is taken as declared from a hand that has not taken in, so no declaration is scored.".to_string(),
        Note::AssumedCarteBlancheOnly => "No calls are written, and the hands are not all known card by card: what each held cannot be taken as declared, and nothing is, but a carte blanche that a hand known as dealt shows.".to_string(),
        Note::PlayIncomplete(0) => "The transcript stops before the play: nothing is scored in play, nor the cards.".to_string(),
        Note::PlayIncomplete(n) => format!(
            "The transcript stops after {} trick{}: the points in play are those of the tricks written, and the cards are not scored.",
            word(n as u32),
            if n == 1 { "" } else { "s" }
        ),
        Note::Uninterpreted(i) => {
            let line = deal.events.get(i).map_or(0, |e| e.span.line);
            format!("Line {line} is read, but the referee does not yet rule on it.")
        }
        Note::ScoreLineDiffers { carried } => format!(
            "The score line differs from the totals carried from the deals before ({} {}, {} {}); the score line is used.",
            names.of(PlayerId(0)),
            carried[0],
            names.of(PlayerId(1)),
            carried[1]
        ),
        Note::Divided => "The cards are divided.".to_string(),
        Note::Void => "The deal is void: nothing in it is scored, and it is dealt afresh under the same number.".to_string(),
        Note::FreshDealAgreed => "The players agreed to a fresh deal; a fresh deal is by agreement, or where a law gives it (Case III).".to_string(),
        Note::AfterThePartie => "The partie was over before this deal (law 71: six deals, and two more after a tie): it is no part of the partie, and its score is not added to the partie's totals.".to_string(),
        Note::StoppedAtTheTarget {
            player,
            at,
            unscored,
            played,
        } => {
            let mut text = format!(
                "{} reaches the game's target {} in the declarations: the deal stops there (19d).",
                names.of(player),
                super::games::at_text(at, &[])
            );
            let rest = match (unscored, played) {
                (0, false) => String::new(),
                (0, true) => " The play written after it is not scored.".to_string(),
                (n, false) => format!(
                    " What was to be counted after it is not scored ({} score line{}).",
                    word(n as u32),
                    if n == 1 { "" } else { "s" }
                ),
                (n, true) => format!(
                    " What was to be counted after it is not scored ({} score line{}), nor the play written after it.",
                    word(n as u32),
                    if n == 1 { "" } else { "s" }
                ),
            };
            text.push_str(&rest);
            text
        }
        Note::AfterTheGames => "The partie was decided before this deal: it is no part of the partie nor of any game, and its score is added to nothing.".to_string(),
        Note::DealsTwice(p) => format!(
            "The deal out of turn stands: {}, its elder hand, must deal twice running, so he deals the deal after next as well (law 16).",
            names.of(p)
        ),
        Note::NotPlayedAgain(0 | 1) => "The hand is to be played over again, and the transcript does not write it played again: nothing is scored in play, nor the cards.".to_string(),
        Note::NotPlayedAgain(from) => format!(
            "The cards from trick {from} on are to be played again, and the transcript does not write them played again (`replay from trick {from}`): the points in play are those of the tricks before it, and the cards are not scored."
        ),
        Note::Replayed {
            from,
            line,
            laws,
            retaken_only,
        } => {
            let why = match laws {
                Some(laws) => format!(
                    ", putting right the error ruled under law{} {}",
                    if laws.len() == 1 { "" } else { "s" },
                    laws.join(", ")
                ),
                None => "; no ruling here calls for it, so it is taken as the players agreed".to_string(),
            };
            if retaken_only {
                format!("The card played in error was retaken (line {line}){why}, before any card was played after it: the play goes on from trick {from}.")
            } else {
                format!("From trick {from} the cards were taken up and played again (line {line}){why}: the tricks as played again are the ones scored.")
            }
        }
    }
}

/// Laws in words: `law 73`, `laws 71, 73`, `laws R3, R4, R5`.
pub(super) fn law_words(laws: &[&str]) -> String {
    format!(
        "{} {}",
        if laws.len() == 1 { "law" } else { "laws" },
        laws.join(", ")
    )
}

/// The partie's standing.
pub(super) fn partie_text(out: &mut String, standing: &Standing, names: &Names<'_>) {
    let Standing {
        totals,
        complete,
        winner,
        points,
        rubicon,
        tied,
        games,
        ..
    } = *standing;
    let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
    if let Some(games) = games {
        super::games::partie_text(out, winner, games, names);
        return;
    }
    let _ = writeln!(out, "Partie: {a} {}, {b} {}.", totals[0], totals[1]);
    let text = match (complete, winner, points) {
        (false, _, _) => "The partie is not complete.".to_string(),
        (true, Some(w), Some(points)) => {
            let loser = w.other();
            if rubicon {
                format!(
                    "{} wins the partie. {} has less than a hundred, so {} adds {}'s score to his own, and a hundred: {} + {} + 100 = {points} points won ({}).",
                    names.of(w),
                    names.of(loser),
                    names.of(w),
                    names.of(loser),
                    totals[w.index()],
                    totals[loser.index()],
                    law_words(standing.laws())
                )
            } else {
                format!(
                    "{} wins the partie by the difference, with a hundred added: {} - {} + 100 = {points} points won ({}).",
                    names.of(w),
                    totals[w.index()],
                    totals[loser.index()],
                    law_words(standing.laws())
                )
            }
        }
        _ if tied => format!("T{}", &TIED[1..]),
        _ => "The partie is complete.".to_string(),
    };
    out.push_str(&wrap(&text, "", WIDTH));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_words() {
        assert_eq!(word(6u32), "six");
        assert_eq!(word(0u32), "no");
        assert_eq!(word(40u32), "40");
    }

    #[test]
    fn differences() {
        assert_eq!(difference(32, 29), "3 too many");
        assert_eq!(difference(29, 32), "3 too few");
    }
}
