//! `referee rule`: each deal's score with its laws, the reasons, the rulings,
//! and the partie's standing, as text for people.

use std::fmt::Write;

use super::decimal::{decimal, Sink};
use super::grid::Grid;
use super::stream::{whole, TextReport};
use super::wrap::wrap_into;
use super::{wrap, TIED, WIDTH};
use crate::cards::Rank;
use crate::engine::declarations::{Category, Holding, Settled, Verdict};
use crate::engine::partie::Standing;
use crate::engine::ruleset::{PiqueBy, PointOrder, RuleSet, PORTLAND};
use crate::engine::score::{Item, Missed, ScoreLine, Stop};
use crate::engine::{DealRuling, Note, Outcome, Ruled, Written};
use crate::laws::{Book, BookId, Found};
use crate::notation::{Deal, PlayerId, Reply, Transcript};
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

/// [`word`], appended to `out`.
pub(super) fn write_word(out: &mut impl Sink, n: u32) {
    match WORDS.get(n as usize) {
        Some(word) => out.text(word),
        None => out.number(n),
    }
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
    let dealer = ruling.dealer.map_or("not written", |d| names.of(d));
    out.push_str("Deal ");
    decimal(out, ruling.number);
    for piece in [": dealer ", dealer, ", elder hand ", names.of(ruling.elder)] {
        out.push_str(piece);
    }
    out.push_str(if ruling.counts > 1 {
        " (counts double)\n"
    } else {
        "\n"
    });
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
        wrap_into(
            out,
            &format!("Question (line {line}{again}): {question}"),
            "",
            "",
            WIDTH,
        );
        // The deal's answer is the same for each of its questions.
        if index > 0 {
            out.push_str("Answer: as to the question above.\n");
            continue;
        }
        out.push_str("Answer:\n");
        for reply in &asked.answer {
            bullet_into(out, reply);
        }
    }
    score_table(ruling, names, rules).write(out, "");

    let mut reasons = Items::new(out, "Why:\n");
    for category in Category::CALLED {
        reasons.add(|text| verdict_reason(text, ruling, category, names, rules));
    }
    for missed in &ruling.score.missed {
        reasons.item(|text| missed_reason(text, missed, ruling, names, rules));
    }
    bonus_reasons(&mut reasons, ruling, names, rules);
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
            bullet_into(out, &super::answers::answer_text(answer, ruling, names));
        }
    }
    let notes = notes_text(ruling, deal, names);
    if !notes.is_empty() {
        out.push_str("Notes:\n");
        for note in notes {
            bullet_into(out, &note);
        }
    }
    written_text(out, &ruling.written, names);
    for player in PlayerId::BOTH {
        let index = player.index();
        out.push_str(if index == 0 { "Totals: " } else { ", " });
        out.push_str(names.of(player));
        out.push(' ');
        decimal(out, ruling.before[index]);
        out.push_str(" → ");
        decimal(out, ruling.after[index]);
    }
    out.push('\n');
    if let Some(game) = &ruling.game {
        super::games::game_text(out, game, names);
    }
}

/// The header of a deal's score table.
const SCORE_HEADER: [&str; 4] = ["Player", "Scores", "Points", "Laws"];

/// A deal's score table: each score line with its laws, then each player's total.
fn score_table(ruling: &DealRuling, names: &Names<'_>, rules: &RuleSet) -> Grid<'static> {
    let mut table = Grid::new(&SCORE_HEADER);
    for line in &ruling.score.lines {
        table.cell(names.of(line.player));
        table.cell_with(|cell| {
            write_line_under(cell, line, rules);
            if line.struck {
                let why = if ruling.void {
                    "the deal is void"
                } else {
                    "reckons nothing"
                };
                let _ = write!(cell, " ({why}: struck out)");
            }
        });
        if line.struck {
            table.cell_with(|cell| {
                let _ = write!(cell, "0 (not {})", line.points);
            });
        } else {
            table.number(line.points);
        }
        table.cell_with(|cell| join(cell, line.laws, ", "));
    }
    for player in PlayerId::BOTH {
        table.cell(names.of(player));
        table.cell("Deal total");
        table.number(ruling.score.scores[player.index()]);
        table.cell("");
    }
    table
}

/// `items` one after another, `between` each two.
pub(super) fn join(out: &mut String, items: &[impl AsRef<str>], between: &str) {
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push_str(between);
        }
        out.push_str(item.as_ref());
    }
}

/// Each written score beside the referee's, a line each: piquet's and écarté's alike.
pub(super) fn written_text(out: &mut String, written: &[Written], names: &Names<'_>) {
    let mut line = String::with_capacity(96);
    for w in written {
        line.clear();
        line.push_str("Written: ");
        line.push_str(names.of(w.player));
        line.push(' ');
        decimal(&mut line, w.written);
        if w.agrees() {
            line.push_str(", as the referee makes it.");
        } else {
            line.push_str(", but the referee makes it ");
            decimal(&mut line, w.referee);
            line.push_str(" (");
            let (more, by) = if w.written > w.referee {
                (" too many", w.written - w.referee)
            } else {
                (" too few", w.referee - w.written)
            };
            decimal(&mut line, by);
            line.push_str(more);
            line.push_str(").");
        }
        wrap_into(out, &line, "", "", WIDTH);
    }
}

/// A list item: `  - ` then the text, wrapped under itself.
pub(super) fn bullet(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    bullet_into(&mut out, text);
    out
}

/// [`bullet`], appended to `out`.
pub(super) fn bullet_into(out: &mut String, text: &str) {
    if text.as_bytes().first().is_some_and(u8::is_ascii_graphic) || starts_with_word(text) {
        wrap_into(out, text, "  - ", "    ", WIDTH);
    } else {
        // No word to start the item: the wrapped text with its first four bytes put as `  - `.
        let wrapped = wrap(text, "    ", WIDTH);
        out.push_str("  - ");
        out.push_str(wrapped.get(4..).unwrap_or("\n"));
    }
}

/// Whether the first line of `text` has a word.
fn starts_with_word(text: &str) -> bool {
    let first = text.trim_end().split('\n').next().unwrap_or_default();
    first.split_whitespace().next().is_some()
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
    let mut out = String::new();
    write_line_under(&mut out, line, rules);
    out
}

/// [`describe_line_under`], appended to `out`.
pub(super) fn write_line_under(out: &mut impl Sink, line: &ScoreLine, rules: &RuleSet) {
    match line.item {
        Item::Holding(h) => write_holding_under(out, &h, rules),
        Item::Play {
            leads,
            wins,
            last,
            uncounted,
        } => {
            out.text("Points in play (");
            out.number(leads);
            out.text(" led");
            if wins > 0 {
                out.text(", ");
                out.number(wins);
                out.text(" won as second player");
            }
            if last {
                out.text(", the last trick");
            }
            if uncounted > 0 {
                let low = if rules.lowest < Rank::Seven {
                    "sixes"
                } else {
                    "sevens"
                };
                out.text("; ");
                out.number(uncounted);
                out.text(" led or won with ");
                out.text(low);
                out.text(" to nines, not counting");
            }
            out.text(")");
        }
        Item::TheCards { tricks } => {
            out.text("The cards (");
            write_word(out, tricks as u32);
            out.text(" tricks)");
        }
        Item::Capot => out.text("Capot (every trick)"),
        Item::Repique => out.text("Repique"),
        Item::Pique => out.text("Pique"),
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
    let mut out = String::new();
    write_holding_under(&mut out, holding, rules);
    out
}

/// [`describe_holding_under`], appended to `out`.
fn write_holding_under(out: &mut impl Sink, holding: &Holding, rules: &RuleSet) {
    match holding {
        Holding::Point(p) if rules.point_order == PointOrder::ValueOnly && p.value > 0 => {
            out.text("Point of ");
            out.number(p.value);
            out.text(" in ");
            out.text(p.suit.name());
        }
        Holding::CarteBlanche => out.text("Carte blanche"),
        Holding::Point(p) => {
            out.text("Point of ");
            write_word(out, p.cards.into());
            if p.value > 0 {
                out.text(" (making ");
                out.number(p.value);
                out.text(", in ");
            } else {
                out.text(" (in ");
            }
            out.text(p.suit.name());
            out.text(")");
        }
        Holding::Sequence(s) => {
            out.text(sequence_title(s.length));
            if s.top == crate::cards::Rank::Ace {
                out.text(" major in ");
            } else {
                out.text(" to the ");
                out.text(s.top.word());
                out.text(" in ");
            }
            out.text(s.suit.name());
        }
        Holding::Set(s) => {
            out.text(if s.count == 4 {
                "Quatorze of "
            } else {
                "Three "
            });
            out.text(s.rank.plural());
        }
    }
}

/// A sequence's name capitalised, as it starts a score line: `Quart`.
fn sequence_title(length: u8) -> &'static str {
    const TITLES: [&str; 7] = [
        "Tierce", "Quart", "Quint", "Sixieme", "Septieme", "Huitieme", "Neuvieme",
    ];
    TITLES
        .get(usize::from(length).wrapping_sub(3))
        .copied()
        .unwrap_or("Sequence")
}

pub(super) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// Items under a heading: the heading is written before the first item,
/// and not at all without one. Each item is written into one buffer, then
/// put as a bullet.
pub(super) struct Items<'o> {
    out: &'o mut String,
    /// The heading, until it is written.
    heading: &'static str,
    text: String,
}

impl<'o> Items<'o> {
    /// No item yet under `heading` (`Why:\n`).
    pub(super) fn new(out: &'o mut String, heading: &'static str) -> Self {
        Items {
            out,
            heading,
            // Room for most items: the buffer grows once at most.
            text: String::with_capacity(256),
        }
    }

    /// The item `write` writes, where it writes one (and says so).
    pub(super) fn add(&mut self, write: impl FnOnce(&mut String) -> bool) {
        self.text.clear();
        if write(&mut self.text) {
            self.out.push_str(std::mem::take(&mut self.heading));
            bullet_into(self.out, &self.text);
        }
    }

    /// An item that is there whatever it says.
    pub(super) fn item(&mut self, write: impl FnOnce(&mut String)) {
        self.add(|text| {
            write(text);
            true
        });
    }
}

/// Why a player is good, or nobody, in one category, written to `text`;
/// false, with nothing written, where nobody called in it.
fn verdict_reason(
    text: &mut String,
    ruling: &DealRuling,
    category: Category,
    names: &Names<'_>,
    rules: &RuleSet,
) -> bool {
    let why = rules.cite.why;
    let (law, equal_law) = match category {
        Category::Point => (why.point, why.point_equal),
        Category::Sequence => (why.sequences, why.sequences_equal),
        Category::Set => (why.sets, why.sets_equal),
        Category::CarteBlanche => (why.carte_blanche, why.carte_blanche),
    };
    let what = category.name();
    let _ = match ruling.declarations.verdict(category) {
        Verdict::Nothing => return false,
        Verdict::Equal(Settled::Compared) => write!(
            text,
            "The {what} is equal: neither player scores it ({equal_law})."
        ),
        Verdict::Equal(Settled::FoundAfterLead) => write!(
            text,
            "The {what} was disallowed, and found equal against the cards; the elder showed his equality after his lead (AC21): neither player scores it ({equal_law})."
        ),
        Verdict::Equal(_) => write!(
            text,
            "The {what} was answered equal: neither player scores it ({equal_law})."
        ),
        Verdict::Good(p, settled) => {
            let name = names.of(p);
            match best_line(ruling, p, category) {
                Some(line) => {
                    text.push_str(name);
                    text.push_str("'s ");
                    let held = text.len();
                    write_lowercase(text, |text| write_line_under(text, line, rules));
                    let verb = if text[held..].starts_with("three") {
                        "are"
                    } else {
                        "is"
                    };
                    text.push(' ');
                    text.push_str(verb);
                    text.push_str(" good: ");
                    how_settled(text, settled, name, names.of(p.other()), why.not_good);
                    for piece in [" (", law, every_one(ruling, p, category, rules), ")."] {
                        text.push_str(piece);
                    }
                    Ok(())
                }
                None => scored_nothing(text, ruling, category, name, law),
            }
        }
    };
    true
}

/// The good player's score line in a category.
fn best_line(ruling: &DealRuling, player: PlayerId, category: Category) -> Option<&ScoreLine> {
    ruling.score.lines.iter().find(|l| {
        l.player == player && matches!(l.item, Item::Holding(h) if h.category() == category)
    })
}

/// What `write` writes, in lower case.
fn write_lowercase(text: &mut String, write: impl FnOnce(&mut String)) {
    let start = text.len();
    write(text);
    if text[start..].is_ascii() {
        text[start..].make_ascii_lowercase();
    } else {
        let lower = text[start..].to_lowercase();
        text.truncate(start);
        text.push_str(&lower);
    }
}

/// A player good in a category who scores nothing for it.
fn scored_nothing(
    text: &mut String,
    ruling: &DealRuling,
    category: Category,
    name: &str,
    law: &str,
) -> std::fmt::Result {
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
        return write!(
            text,
            "{name} is good in {kind}, but scores nothing for {it}: the deal stopped at the game's target before {they} counted (19d; {law})."
        );
    }
    write!(
        text,
        "{name} is good in {kind}, but scores nothing for {it}: see the rulings ({law})."
    )
}

/// How a call came to be good: `B replied good`.
fn how_settled(text: &mut String, settled: Settled, name: &str, other: &str, not_good: &str) {
    let pieces: &[&str] = match settled {
        Settled::Replied(Reply::Good) => &[other, " replied good"],
        Settled::Admitted => &[
            other,
            " asked which card is out, which admits the call good, as in Case VII",
        ],
        Settled::Replied(Reply::NotGood) => &["he replied ", not_good, " to ", other, "'s call"],
        Settled::Replied(Reply::Equal) => &["it was answered equal"],
        Settled::Unanswered => &["the call was not answered, so it stands"],
        Settled::Uncontested => &[other, " called none against it"],
        Settled::Compared => &["it is better than anything ", other, " holds"],
        Settled::Unshown => &[
            other,
            " led without showing the cards of his call, which AC18 bars him from reckoning then, and he may reckon his own, though equal or inferior",
        ],
        Settled::ShownAfterLead => &[
            other,
            " played to the first trick without showing his superiority or equality, and ",
            name,
            " showed and reckoned his call after his lead (AC22)",
        ],
        Settled::FoundAfterLead => &[
            other,
            " disallowed the call, and it was found good against his cards; ",
            name,
            " showed it after his lead (AC21)",
        ],
        Settled::BarredByShow => &[
            "the sequence ",
            name,
            " showed, superior to his call, bars ",
            other,
            "'s, equal or inferior to it (AC19)",
        ],
        Settled::Miscalled => &[
            other,
            "'s call there was a miscall, and under law 54 only a correct call of his could bar it",
        ],
    };
    for piece in pieces {
        text.push_str(piece);
    }
}

/// What the good player's score line says of his other holdings of the
/// kind: law 49, "he can reckon any sequences he holds" once his first is
/// good; AC17 under au cent, none superior to the one he called first.
fn every_one(
    ruling: &DealRuling,
    player: PlayerId,
    category: Category,
    rules: &RuleSet,
) -> &'static str {
    let line = best_line(ruling, player, category);
    let cites = |law: &str| line.is_some_and(|l| l.laws.contains(&law));
    let every = rules.cite.why.every_one;
    match category {
        Category::Point | Category::CarteBlanche => "",
        _ if cites("AC17") => {
            "; the holder of the best scores every one he reckons that is no better than his first call (AC17)"
        }
        _ if cites("49") || line.is_none() => "; the holder of the best scores every one he reckons",
        _ if every => "; the holder of the best scores every one he reckons",
        _ => "",
    }
}

/// Why a pique or repique was not won.
fn missed_reason(
    text: &mut String,
    missed: &Missed,
    ruling: &DealRuling,
    names: &Names<'_>,
    rules: &RuleSet,
) {
    let younger = names.of(ruling.elder.other());
    let why = rules.cite.why;
    let (repique, pique) = (why.repique_missed, why.pique);
    let _ = match *missed {
        Missed::Repique {
            player,
            reached,
            stopped_by,
        } => write!(
            text,
            "No repique for {}: he makes {reached} in hand, but {}'s {} reckons before it ({repique}).",
            names.of(player),
            names.of(player.other()),
            stopped_by.name()
        ),
        Missed::Pique {
            player,
            reached,
            stopped_by: Stop::Hand(category),
        } => write!(
            text,
            "No pique for {}: he makes {reached} in hand and play, but {} reckoned his {} first ({pique}).",
            names.of(player),
            names.of(player.other()),
            category.name()
        ),
        Missed::Pique {
            player,
            reached,
            stopped_by: Stop::Trick(trick),
        } => write!(
            text,
            "No pique for {}: he makes {reached} in hand and play, but {} scored in play at trick {trick} before he reached thirty ({pique}).",
            names.of(player),
            names.of(player.other()),
        ),
        Missed::PiqueByYounger { reached } => write!(
            text,
            "{younger} makes {reached} in hand and play, but only the elder hand can win a pique ({pique})."
        ),
    };
}

/// Why a pique or repique was won, and a capot or the cards.
fn bonus_reasons(reasons: &mut Items<'_>, ruling: &DealRuling, names: &Names<'_>, rules: &RuleSet) {
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
        reasons.add(|text| {
            let _ = match (line.item, rules.pique_by) {
                (Item::Repique, _) => write!(
                    text,
                    "{name} makes thirty in hand alone before {other} counts anything: repique, sixty added ({repique})."
                ),
                (Item::Pique, PiqueBy::Elder) => write!(
                    text,
                    "{name}, the elder hand, makes thirty in hand and play before {other} reckons anything: pique, thirty added ({pique})."
                ),
                (Item::Pique, PiqueBy::Either) => write!(
                    text,
                    "{name}{elder} makes thirty in hand and play before {other} has scored anything: pique, thirty added ({pique})."
                ),
                _ => return false,
            };
            true
        });
    }
    if ruling.notes.contains(&Note::Divided) {
        reasons.item(|text| {
            let _ = write!(
                text,
                "Each player won six tricks: the cards are divided and nobody scores them ({}).",
                why.divided
            );
        });
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
    bullet_into(out, &text);
    for id in own {
        if let Some(quote) = quoting.first_time(id) {
            wrap_into(
                out,
                &format!("Law {id}: \"{quote}\""),
                "    ",
                "    ",
                WIDTH,
            );
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
    wrap_into(out, &said, "    ", "    ", WIDTH);
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
    wrap_into(
        out,
        &format!("The same ruling {times}{on}."),
        "    ",
        "    ",
        WIDTH,
    );
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
    let header = ["Option", a, b, chosen];
    options_table(&header, &options).write(out, "    ");
}

/// A ruling's options, each with the deal's score under it and whether it was taken.
fn options_table<'h>(header: &'h [&'h str], options: &[&Outcome]) -> Grid<'h> {
    let mut table = Grid::new(header);
    for option in options {
        table.cell(option.option);
        table.number(option.scores[0]);
        table.number(option.scores[1]);
        table.cell(if option.taken { "yes" } else { "" });
    }
    table
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
    wrap_into(out, &text, "", "", WIDTH);
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

    /// A bullet is an item whatever its text: one with no word to start it,
    /// even none at all, is still `  - ` and a line.
    #[test]
    fn a_bullet_with_no_word_is_still_an_item() {
        let table = [("", "  - \n"), ("   ", "  - \n"), ("word", "  - word\n")];
        for (text, expected) in table {
            assert_eq!(bullet(text), expected, "{text:?}");
        }
    }

    /// Every transcript of the project and generated deals under each
    /// rule set.
    fn transcripts() -> Vec<String> {
        let mut out = Vec::new();
        for dir in [
            "cases",
            "tests/fixtures/rule",
            "tests/laws",
            "tests/au-cent",
            "tests/french",
            "tests/audit",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
            for entry in std::fs::read_dir(path).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "pqt") {
                    out.push(std::fs::read_to_string(&path).unwrap());
                }
            }
        }
        let rule_sets: [&'static RuleSet; 5] = [
            &PORTLAND,
            &crate::engine::ruleset::AU_CENT,
            &crate::engine::ruleset::CLASSIC,
            &crate::engine::ruleset::MODERN,
            &crate::engine::ruleset::OLD,
        ];
        for (seed, rules) in rule_sets.into_iter().enumerate() {
            out.push(crate::generate::transcript(30, seed as u64 + 7, rules));
        }
        out
    }

    #[test]
    fn every_score_and_options_table_is_drawn_as_comfy_table_draws_it() {
        let (mut tables, mut direct, mut options) = (0, 0, 0);
        for text in transcripts() {
            let reading = crate::notation::read_str(&text);
            let Ok(ruled) = crate::engine::rule(&reading.transcript) else {
                continue;
            };
            let names = Names(&reading.transcript);
            let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
            for ruling in &ruled.deals {
                direct += super::super::grid::tests::same_both_ways(&score_table(
                    ruling,
                    &names,
                    ruled.rules,
                ));
                tables += 1;
                for index in 0..ruling.rulings.len() {
                    let given: Vec<&Outcome> = ruling
                        .outcomes
                        .iter()
                        .filter(|o| o.ruling == index)
                        .collect();
                    if !given.is_empty() {
                        let header = ["Option", a, b, "Chosen"];
                        let table = options_table(&header, &given);
                        direct += super::super::grid::tests::same_both_ways(&table);
                        options += 1;
                    }
                }
            }
        }
        assert!(tables > 1000, "only {tables} score tables");
        assert!(options > 50, "only {options} tables of options");
        // Of 24 styles, a score table is drawn directly in at least 4
        // (neither colour nor too narrow a width).
        assert!(
            direct >= 4 * (tables + options),
            "only {direct} drawn directly"
        );
    }

    #[test]
    fn sequence_titles_are_the_names_capitalised() {
        for length in 0..=12 {
            assert_eq!(
                sequence_title(length),
                capitalise(crate::notation::sequence_name(length))
            );
        }
    }

    #[test]
    fn differences() {
        assert_eq!(difference(32, 29), "3 too many");
        assert_eq!(difference(29, 32), "3 too few");
    }
}
