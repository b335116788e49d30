//! `referee check`: the scoresheet as a table, each wrong row marked with
//! its law, then the problems and the result as written and as it should be.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::io;

use serde::Serialize;

use super::documents::Version;
use super::grid::Grid;
use super::spill::{Spill, HELD};
use super::stream::{pretty_indented, DEAL_INDENT};
use super::{wrap, TIED, WIDTH};
use crate::engine::partie::Standing;
use crate::notation::PlayerId;
use crate::sheet::{Checked, WrittenResult};

/// The check as text: for each partie (one for a sheet; as many as a
/// transcript holds), its table, its problems and its result (laws 71-73).
pub fn check_text(parties: &[Checked]) -> String {
    let Some(first) = parties.first() else {
        return String::new();
    };
    whole(&mut CheckText::new(first.rules, parties.len()), parties)
}

/// A check report written partie by partie, as each partie is checked.
pub trait CheckReport {
    /// Before the first partie.
    fn begin(&mut self, out: &mut dyn io::Write) -> io::Result<()>;
    /// One partie, checked.
    fn partie(&mut self, out: &mut dyn io::Write, checked: &Checked) -> io::Result<()>;
    /// After the last partie.
    fn end(&mut self, out: &mut dyn io::Write) -> io::Result<()>;
    /// How many parties there are, and the last of them, for a report
    /// made before they were known (`several`): given after the parties
    /// before the last, and before `begin`. Where there is one, nothing
    /// was given before, and it is reported as a scoresheet is.
    fn counted(&mut self, parties: usize, last: &Checked);
}

/// The number of parties of a report made before it is known: each partie
/// given before [`CheckReport::counted`] is one of several, and not the last.
const NOT_YET_COUNTED: usize = usize::MAX;

/// Writes every partie through a report, into a string.
fn whole(report: &mut dyn CheckReport, parties: &[Checked]) -> String {
    let mut out = Vec::new();
    let written = (|| {
        report.begin(&mut out)?;
        for checked in parties {
            report.partie(&mut out, checked)?;
        }
        report.end(&mut out)
    })();
    debug_assert!(written.is_ok(), "writing to memory does not fail");
    String::from_utf8(out).unwrap_or_default()
}

/// The check as text, partie by partie: only the numbers of the parties
/// with something wrong are kept to the end, for the last line.
pub struct CheckText {
    rules: &'static str,
    /// How many parties there are: one is a scoresheet's, without numbers.
    parties: usize,
    /// How many are written.
    written: usize,
    /// The parties with something wrong, by number.
    wrong: Vec<String>,
    /// How many problems there are in all.
    problems: usize,
    /// Whether any partie has anything written to check.
    anything_written: bool,
}

impl CheckText {
    /// The text report on `parties` parties checked under `rules`.
    pub fn new(rules: &'static str, parties: usize) -> CheckText {
        CheckText {
            rules,
            parties,
            written: 0,
            wrong: Vec::new(),
            problems: 0,
            anything_written: false,
        }
    }

    /// The text report on a transcript of several parties under `rules`,
    /// given as each is checked: how many there are is given once known
    /// ([`CheckReport::counted`]).
    pub fn several(rules: &'static str) -> CheckText {
        CheckText::new(rules, NOT_YET_COUNTED)
    }
}

/// Whether a partie has nothing written to check: no deal's scores and no result.
fn nothing_written(checked: &Checked) -> bool {
    checked.deals.iter().all(|d| d.written.is_none()) && checked.written_result.is_none()
}

/// Said where nothing is written: the check has nothing to judge.
const NOTHING_WRITTEN: &str = "Nothing is written to check: no deal has a `written` line (`written A 32, B 6`), nor is a result written; the referee's figures are shown.";

impl CheckReport for CheckText {
    fn begin(&mut self, out: &mut dyn io::Write) -> io::Result<()> {
        let head = match self.parties {
            1 => format!("Scoresheet checked under the {} laws.\n", self.rules),
            n => wrap(
                &format!(
                    "Transcript checked under the {} laws: {n} parties, each with its own totals and result (law 71).",
                    self.rules,
                ),
                "",
                WIDTH,
            ),
        };
        out.write_all(head.as_bytes())
    }

    fn partie(&mut self, out: &mut dyn io::Write, checked: &Checked) -> io::Result<()> {
        self.written += 1;
        self.anything_written |= !nothing_written(checked);
        let number = self.written;
        if !checked.problems.is_empty() {
            self.wrong.push(number.to_string());
            self.problems += checked.problems.len();
        }
        let mut text = String::new();
        if self.parties == 1 {
            deal_table(&mut text, checked);
            partie_text(&mut text, checked, None);
            return out.write_all(text.as_bytes());
        }
        numbered_partie(&mut text, checked, number);
        out.write_all(text.as_bytes())
    }

    fn end(&mut self, out: &mut dyn io::Write) -> io::Result<()> {
        if self.parties == 1 {
            return Ok(());
        }
        let mut text = String::from("\n");
        if !self.anything_written {
            text.push_str(&wrap(NOTHING_WRITTEN, "", WIDTH));
        } else if self.wrong.is_empty() {
            text.push_str("Everything written is right.\n");
        } else {
            let count = self.problems;
            let line = format!(
                "Something written is wrong: {count} problem{} in partie{} {}.",
                if count == 1 { "" } else { "s" },
                if self.wrong.len() == 1 { "" } else { "s" },
                and_list(&self.wrong)
            );
            text.push_str(&wrap(&line, "", WIDTH));
        }
        out.write_all(text.as_bytes())
    }

    fn counted(&mut self, parties: usize, _last: &Checked) {
        self.parties = parties;
    }
}

/// One row per deal: the deal, the dealer, each player's score as written
/// and as the referee makes it, the totals, and the laws of what is wrong;
/// appended to `out`, each line ending in a line break.
fn deal_table(out: &mut String, checked: &Checked) {
    let header = deal_header(checked);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    deal_grid(&header, checked).write(out, "");
}

/// The columns of a partie's table (see [`deal_grid`]).
fn deal_header(checked: &Checked) -> Vec<String> {
    let [a, b] = &checked.players;
    let mut header = vec!["Deal".to_string(), "Dealer".to_string()];
    for name in [a, b] {
        header.push(format!("{name} written"));
        header.push(format!("{name} referee"));
    }
    if checked.deals.iter().any(|d| d.written_totals.is_some()) {
        header.push("Totals written".to_string());
        header.push("Totals referee".to_string());
    } else {
        header.push("Totals".to_string());
    }
    if checked.deals.iter().any(|d| d.game.is_some()) {
        header.push("Game".to_string());
    }
    header.push("Check".to_string());
    header
}

/// A partie's table under `header` ([`deal_header`]): a row for each deal.
fn deal_grid<'h>(header: &'h [&'h str], checked: &Checked) -> Grid<'h> {
    let [a, b] = &checked.players;
    // A partie played in games (au cent AC28): the totals are the game's,
    // and a column says which game, and who won it at the deal.
    let games = checked.deals.iter().any(|d| d.game.is_some());
    // Totals written on the sheet are shown beside the referee's.
    let written_totals = checked.deals.iter().any(|d| d.written_totals.is_some());
    let mut table = Grid::new(header);
    let pair = |cell: &mut String, t: [u32; 2]| {
        let _ = write!(cell, "{a} {}, {b} {}", t[0], t[1]);
    };
    for deal in &checked.deals {
        table.cell_with(|cell| {
            let _ = match (deal.void, deal.counts) {
                (true, _) => write!(cell, "{} (void)", deal.number),
                (false, 2..) => write!(cell, "{} (×{})", deal.number, deal.counts),
                _ => write!(cell, "{}", deal.number),
            };
        });
        table.cell(&checked.players[deal.dealer.index()]);
        for player in PlayerId::BOTH {
            let p = player.index();
            match deal.written {
                Some(written) => table.number(written[p]),
                None => table.cell("—"),
            }
            match deal.from_transcript {
                true => table.number(deal.referee[p]),
                false => table.cell("—"),
            }
        }
        if written_totals {
            match deal.written_totals {
                Some(totals) => table.cell_with(|cell| pair(cell, totals)),
                None => table.cell("—"),
            }
        }
        table.cell_with(|cell| pair(cell, deal.totals));
        if games {
            match &deal.game {
                Some(game) => table.cell(&game_cell(game, &checked.players)),
                None => table.cell("—"),
            }
        }
        let laws: Vec<&str> = checked
            .problems
            .get(deal.problems.clone())
            .unwrap_or_default()
            .iter()
            .map(|p| p.laws.as_str())
            .collect();
        match laws.is_empty() {
            true => table.cell("right"),
            false => table.cell_with(|cell| {
                let _ = write!(cell, "WRONG ({})", law_words(&dedup(&laws).join(", ")));
            }),
        }
    }
    table
}

/// One partie of a transcript that holds several: its number and deals,
/// its table, and what is below it.
fn numbered_partie(out: &mut String, checked: &Checked, number: usize) {
    let _ = write!(out, "\nPartie {number}");
    match (checked.deals.first(), checked.deals.last()) {
        (Some(a), Some(b)) if a.number != b.number => {
            let _ = write!(out, ", deals {}-{}", a.number, b.number);
        }
        (Some(a), _) => {
            let _ = write!(out, ", deal {}", a.number);
        }
        _ => {}
    }
    out.push_str(":\n");
    deal_table(out, checked);
    partie_text(out, checked, Some(number));
}

/// Below a partie's table: the note on `—`, the problems, and the result as
/// written and as it should be (laws 71-73). `partie` numbers the partie
/// when the transcript holds several.
fn partie_text(out: &mut String, checked: &Checked, partie: Option<usize>) {
    if checked.deals.iter().any(|d| !d.from_transcript) {
        out.push_str(
            "\"—\" in a referee column: no transcript was given, so the written score is taken.\n",
        );
    }
    if checked.problems.is_empty() && nothing_written(checked) {
        out.push('\n');
        match partie {
            None => out.push_str(&wrap(NOTHING_WRITTEN, "", WIDTH)),
            Some(n) => {
                let _ = writeln!(out, "Nothing is written in partie {n} to check.");
            }
        }
    } else if checked.problems.is_empty() {
        match partie {
            None => out.push_str("\nEverything written is right.\n"),
            Some(n) => {
                let _ = writeln!(out, "\nEverything written in partie {n} is right.");
            }
        }
    } else {
        let _ = writeln!(out, "\nProblems:");
        for problem in &checked.problems {
            let deal = match (partie, problem.deal) {
                (None, Some(d)) => format!("Deal {d}"),
                (None, None) => "Result".to_string(),
                (Some(n), Some(d)) => format!("Partie {n}, deal {d}"),
                (Some(n), None) => format!("Partie {n}, result"),
            };
            let line = problem
                .span
                .map_or_else(String::new, |s| format!(" (line {})", s.line));
            let text = format!(
                "{deal}{line}: {} ({}).",
                problem.what,
                law_words(&problem.laws)
            );
            let wrapped = wrap(&text, "    ", WIDTH);
            let _ = write!(out, "  - {}", &wrapped[4..]);
        }
    }
    out.push('\n');
    match checked.written_result {
        Some(WrittenResult::Won { winner, points }) => {
            let _ = writeln!(
                out,
                "Result as written: {} wins {points} points.",
                checked.players[winner.index()],
            );
        }
        Some(WrittenResult::Tied) => {
            out.push_str("Result as written: tied after the extra deals, nobody wins.\n");
        }
        Some(WrittenResult::WonGames { winner, games }) => {
            let [a, b] = &checked.players;
            let games = games.map_or_else(String::new, |g| {
                format!(", games {a} {}, {b} {}", g[0], g[1])
            });
            let _ = writeln!(
                out,
                "Result as written: {} wins the partie{games}.",
                checked.players[winner.index()],
            );
        }
        None => {}
    }
    let heading = match partie {
        None => "Result as it should be".to_string(),
        Some(n) => format!("Result of partie {n} as it should be"),
    };
    out.push_str(&wrap(
        &format!(
            "{heading}: {}",
            result_words(&checked.standing, &checked.players)
        ),
        "",
        WIDTH,
    ));
}

/// `1`, `1 and 3`, `1, 2 and 3`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `law 16`, or `laws 61-69` for more than one.
fn law_words(laws: &str) -> String {
    if laws.is_empty() {
        // A fault of the sheet itself, which no law rules.
        "no law: the sheet".to_string()
    } else if laws.contains(['-', ',']) {
        format!("laws {laws}")
    } else {
        format!("law {laws}")
    }
}

fn dedup<'a>(laws: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for law in laws {
        if !out.contains(law) {
            out.push(law);
        }
    }
    out
}

/// A deal's game: `1`, or `1: A wins, double` at the deal that wins it.
fn game_cell(game: &crate::engine::games::GameAt, players: &[String; 2]) -> String {
    match game.won {
        Some(won) => format!(
            "{}: {} wins{}",
            game.number,
            players[won.winner.index()],
            if won.counts > 1 { ", double" } else { "" }
        ),
        None => game.number.to_string(),
    }
}

/// The result in words, with its arithmetic.
fn result_words(standing: &Standing, players: &[String; 2]) -> String {
    let [a, b] = players;
    if let Some(games) = standing.games {
        let won = format!("games {a} {}, {b} {}", games.won[0], games.won[1]);
        return match standing.winner {
            None => format!(
                "{won}; the partie is not decided ({}).",
                games.cite.join(", ")
            ),
            Some(w) => format!(
                "{won}; {} wins the partie: {} ({}).",
                players[w.index()],
                super::games::games_rule(&games).replace(" win it", ""),
                games.cite.join(", ")
            ),
        };
    }
    let totals = format!("{a} {}, {b} {}", standing.totals[0], standing.totals[1]);
    match (standing.complete, standing.winner, standing.points) {
        (false, _, _) => format!("{totals}; the partie is not complete (law 71)."),
        (true, Some(w), Some(points)) => {
            let (won, lost) = (
                standing.totals[w.index()],
                standing.totals[w.other().index()],
            );
            let sum = if standing.rubicon {
                format!(
                    "{won} + {lost} + 100, the loser being under a hundred ({})",
                    super::ruled::law_words(standing.points_laws)
                )
            } else {
                format!(
                    "{won} - {lost} + 100 ({})",
                    super::ruled::law_words(standing.points_laws)
                )
            };
            format!(
                "{totals}; {} wins {points} points: {sum}.",
                players[w.index()]
            )
        }
        _ => format!("{totals}; {}", TIED),
    }
}

#[derive(Serialize)]
struct Json<'a> {
    version: Version,
    rules: &'a str,
    totals: BTreeMap<&'a str, u32>,
    partie: PartieJson<'a>,
    deals: Vec<DealJson<'a>>,
    problems: Vec<ProblemJson<'a>>,
    /// The parties before the last, where a transcript holds several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    earlier: Vec<EarlierJson<'a>>,
}

#[derive(Serialize)]
struct PartieJson<'a> {
    complete: bool,
    /// The games each player won (a partie played in games, AC29).
    #[serde(skip_serializing_if = "Option::is_none")]
    games: Option<BTreeMap<&'a str, u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<u32>,
    /// Tied again after the extra deals: no winner, no points won (law 71).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    tied: bool,
    /// The laws that give the result.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    laws: &'static [&'static str],
}

/// An earlier partie: its totals and result, as they should be.
#[derive(Serialize)]
struct EarlierJson<'a> {
    totals: BTreeMap<&'a str, u32>,
    #[serde(flatten)]
    partie: PartieJson<'a>,
}

#[derive(Serialize)]
struct DealJson<'a> {
    /// Which partie, counted from 1, where a transcript holds several.
    #[serde(skip_serializing_if = "Option::is_none")]
    partie: Option<usize>,
    deal: u32,
    dealer: &'a str,
    counts: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<BTreeMap<&'a str, u32>>,
    referee: BTreeMap<&'a str, u32>,
    from_transcript: bool,
    totals: BTreeMap<&'a str, u32>,
    /// The deal's game, where the partie is played in games (AC28).
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<GameJson<'a>>,
    wrong: bool,
    /// Present and true when the deal is void (dealt afresh under its number).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    void: bool,
}

/// A deal's game: its number, and its winner and what it counts at the
/// deal that wins it.
#[derive(Serialize)]
struct GameJson<'a> {
    number: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<u32>,
}

#[derive(Serialize)]
struct ProblemJson<'a> {
    /// Which partie, counted from 1, where a transcript holds several.
    #[serde(skip_serializing_if = "Option::is_none")]
    partie: Option<usize>,
    deal: Option<u32>,
    what: &'a str,
    law: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
}

/// The check as JSON: `totals` and `partie` (the last partie, as it should
/// be), every deal and every problem, and, where a transcript holds several
/// parties, `earlier` (the parties before the last, as `referee rule`
/// reports them) with each deal and problem naming its `partie`.
pub fn check_json(parties: &[Checked]) -> String {
    let Some(last) = parties.last() else {
        return String::new();
    };
    whole(&mut CheckJson::new(last, parties.len()), parties)
}

/// The players' names as JSON keys.
struct Pair<'a>(&'a [String; 2]);

impl<'a> Pair<'a> {
    fn of(&self, values: [u32; 2]) -> BTreeMap<&'a str, u32> {
        PlayerId::BOTH
            .into_iter()
            .map(|p| (self.0[p.index()].as_str(), values[p.index()]))
            .collect()
    }

    fn partie(&self, standing: &Standing) -> PartieJson<'a> {
        PartieJson {
            complete: standing.complete,
            games: standing.games.map(|g| self.of(g.won)),
            winner: standing.winner.map(|w| self.0[w.index()].as_str()),
            points: standing.points,
            tied: standing.tied,
            laws: standing.laws(),
        }
    }
}

/// The check as JSON, written partie by partie: the same bytes as
/// `serde_json` gives for the whole at once. The deals are written as they
/// come; the problems and the results of the parties before the last, which
/// follow every deal, are written as JSON where they are found, to a
/// [`Spill`] (memory up to a limit, then an unnamed temporary file), and
/// copied to the end: memory stays flat however long the transcript is.
pub struct CheckJson<'a> {
    players: &'a [String; 2],
    rules: &'a str,
    /// The last partie, as it should stand: its totals and result come first.
    last: Standing,
    /// How many parties there are.
    parties: usize,
    /// How many parties are written.
    written: usize,
    /// How many deals are written.
    deals: usize,
    /// Every problem, as items of `problems`.
    problems: Spill,
    /// How many problems there are.
    problem_count: usize,
    /// The parties before the last, as items of `earlier`.
    earlier: Spill,
    /// Each item's JSON, built here and then written.
    buffer: Vec<u8>,
}

/// Where the deals go in the JSON of a check without them.
const DEALS: &str = "\n  \"deals\": [";

impl<'a> CheckJson<'a> {
    /// The JSON report on `parties` parties, of which `last` is the last.
    pub fn new(last: &'a Checked, parties: usize) -> CheckJson<'a> {
        CheckJson {
            last: last.standing,
            parties,
            ..CheckJson::several(&last.players, last.rules)
        }
    }

    /// The JSON report on a transcript of several parties between
    /// `players` under `rules`, given as each is checked: how many there
    /// are, and the last, are given once known ([`CheckReport::counted`]).
    pub fn several(players: &'a [String; 2], rules: &'a str) -> CheckJson<'a> {
        CheckJson {
            players,
            rules,
            last: Standing::default(),
            parties: NOT_YET_COUNTED,
            written: 0,
            deals: 0,
            problems: Spill::new(HELD),
            problem_count: 0,
            earlier: Spill::new(HELD),
            buffer: Vec::new(),
        }
    }

    /// `value` as the `index`th item of an array that is a field of the
    /// whole, pretty-printed as `serde_json` prints it there, in the buffer.
    fn item(&mut self, index: usize, value: &impl Serialize) -> io::Result<&[u8]> {
        self.buffer.clear();
        if index > 0 {
            self.buffer.push(b',');
        }
        self.buffer.push(b'\n');
        self.buffer.extend_from_slice(DEAL_INDENT.as_bytes());
        pretty_indented(&mut self.buffer, value).map_err(io::Error::other)?;
        Ok(&self.buffer)
    }
}

/// Closes an array of `count` items whose items have been written.
fn close(out: &mut dyn io::Write, count: usize) -> io::Result<()> {
    out.write_all(if count == 0 { b"]" } else { b"\n  ]" })
}

impl CheckReport for CheckJson<'_> {
    fn begin(&mut self, out: &mut dyn io::Write) -> io::Result<()> {
        let pair = Pair(self.players);
        let json = Json {
            version: Version,
            rules: self.rules,
            totals: pair.of(self.last.totals),
            partie: pair.partie(&self.last),
            deals: Vec::new(),
            problems: Vec::new(),
            earlier: Vec::new(),
        };
        let json = serde_json::to_string_pretty(&json).map_err(io::Error::other)?;
        let at = json.find(DEALS).map_or(json.len(), |at| at + DEALS.len());
        out.write_all(&json.as_bytes()[..at])
    }

    fn partie(&mut self, out: &mut dyn io::Write, checked: &Checked) -> io::Result<()> {
        let index = self.written;
        self.written += 1;
        let several = self.parties > 1;
        let numbered = several.then_some(index + 1);
        let players = self.players;
        let pair = Pair(players);
        for d in &checked.deals {
            let deal = DealJson {
                partie: numbered,
                deal: d.number,
                dealer: &players[d.dealer.index()],
                counts: d.counts,
                written: d.written.map(|w| pair.of(w)),
                referee: pair.of(d.referee),
                from_transcript: d.from_transcript,
                totals: pair.of(d.totals),
                game: d.game.map(|g| GameJson {
                    number: g.number,
                    winner: g.won.map(|w| players[w.winner.index()].as_str()),
                    counts: g.won.map(|w| w.counts),
                }),
                wrong: d.wrong(),
                void: d.void,
            };
            out.write_all(self.item(self.deals, &deal)?)?;
            self.deals += 1;
        }
        for p in &checked.problems {
            let problem = ProblemJson {
                partie: numbered,
                deal: p.deal,
                what: &p.what,
                law: &p.laws,
                line: p.span.map(|s| s.line),
            };
            let item = self.item(self.problem_count, &problem)?.to_vec();
            self.problems.push(&item)?;
            self.problem_count += 1;
        }
        // The last partie's result was written at the start: the others are `earlier`.
        if self.written < self.parties {
            let earlier = EarlierJson {
                totals: pair.of(checked.standing.totals),
                partie: pair.partie(&checked.standing),
            };
            let item = self.item(index, &earlier)?.to_vec();
            self.earlier.push(&item)?;
        }
        Ok(())
    }

    fn end(&mut self, out: &mut dyn io::Write) -> io::Result<()> {
        close(out, self.deals)?;
        out.write_all(b",\n  \"problems\": [")?;
        std::mem::replace(&mut self.problems, Spill::new(0)).write_to(out)?;
        close(out, self.problem_count)?;
        let earlier = self.written.min(self.parties).saturating_sub(1);
        if earlier > 0 {
            out.write_all(b",\n  \"earlier\": [")?;
            std::mem::replace(&mut self.earlier, Spill::new(0)).write_to(out)?;
            close(out, earlier)?;
        }
        out.write_all(b"\n}\n")
    }

    fn counted(&mut self, parties: usize, last: &Checked) {
        self.parties = parties;
        self.last = last.standing;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read;
    use crate::sheet::check_transcript;

    /// The check as text, as it was printed before it was written partie by partie.
    fn text_at_once(parties: &[Checked]) -> String {
        let Some(first) = parties.first() else {
            return String::new();
        };
        if let [checked] = parties {
            let mut out = format!("Scoresheet checked under the {} laws.\n", checked.rules);
            deal_table(&mut out, checked);
            partie_text(&mut out, checked, None);
            return out;
        }
        let mut out = wrap(
        &format!(
            "Transcript checked under the {} laws: {} parties, each with its own totals and result (law 71).",
            first.rules,
            parties.len()
        ),
        "",
        WIDTH,
    );
        for (index, checked) in parties.iter().enumerate() {
            numbered_partie(&mut out, checked, index + 1);
        }
        let wrong: Vec<String> = parties
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.problems.is_empty())
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        out.push('\n');
        if parties.iter().all(nothing_written) {
            out.push_str(&wrap(NOTHING_WRITTEN, "", WIDTH));
        } else if wrong.is_empty() {
            out.push_str("Everything written is right.\n");
        } else {
            let count: usize = parties.iter().map(|c| c.problems.len()).sum();
            let text = format!(
                "Something written is wrong: {count} problem{} in partie{} {}.",
                if count == 1 { "" } else { "s" },
                if wrong.len() == 1 { "" } else { "s" },
                and_list(&wrong)
            );
            out.push_str(&wrap(&text, "", WIDTH));
        }
        out
    }

    /// The check as JSON, as it was printed before it was written partie by partie.
    fn json_at_once(parties: &[Checked]) -> String {
        let Some(last) = parties.last() else {
            return String::new();
        };
        let players = &last.players;
        let pair = |values: [u32; 2]| -> BTreeMap<&str, u32> {
            PlayerId::BOTH
                .into_iter()
                .map(|p| (players[p.index()].as_str(), values[p.index()]))
                .collect()
        };
        let partie = |standing: &Standing| PartieJson {
            complete: standing.complete,
            games: standing.games.map(|g| pair(g.won)),
            winner: standing.winner.map(|w| players[w.index()].as_str()),
            points: standing.points,
            tied: standing.tied,
            laws: standing.laws(),
        };
        let several = parties.len() > 1;
        let numbered = |index: usize| several.then_some(index + 1);
        let deals = parties
            .iter()
            .enumerate()
            .flat_map(|(index, checked)| checked.deals.iter().map(move |d| (index, d)))
            .map(|(index, d)| DealJson {
                partie: numbered(index),
                deal: d.number,
                dealer: &players[d.dealer.index()],
                counts: d.counts,
                written: d.written.map(pair),
                referee: pair(d.referee),
                from_transcript: d.from_transcript,
                totals: pair(d.totals),
                game: d.game.map(|g| GameJson {
                    number: g.number,
                    winner: g.won.map(|w| players[w.winner.index()].as_str()),
                    counts: g.won.map(|w| w.counts),
                }),
                wrong: d.wrong(),
                void: d.void,
            })
            .collect();
        let problems = parties
            .iter()
            .enumerate()
            .flat_map(|(index, checked)| checked.problems.iter().map(move |p| (index, p)))
            .map(|(index, p)| ProblemJson {
                partie: numbered(index),
                deal: p.deal,
                what: &p.what,
                law: &p.laws,
                line: p.span.map(|s| s.line),
            })
            .collect();
        let earlier = parties[..parties.len() - 1]
            .iter()
            .map(|c| EarlierJson {
                totals: pair(c.standing.totals),
                partie: partie(&c.standing),
            })
            .collect();
        let json = Json {
            version: Version,
            rules: last.rules,
            totals: pair(last.standing.totals),
            partie: partie(&last.standing),
            deals,
            problems,
            earlier,
        };
        serde_json::to_string_pretty(&json).unwrap_or_default() + "\n"
    }

    /// Every partie's table of the project's transcripts, and of
    /// generated parties, is drawn as comfy-table draws it, in every style
    /// and at widths about the table's own; most are drawn directly.
    #[test]
    fn every_partie_table_is_drawn_as_comfy_table_draws_it() {
        let mut texts: Vec<String> = crate::testing::project_transcripts()
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect();
        texts.push(crate::generate::transcript(
            40,
            7,
            &crate::engine::ruleset::PORTLAND,
        ));
        let (mut tables, mut direct) = (0, 0);
        for text in &texts {
            let reading = read(text.as_bytes());
            let Ok(parties) = check_transcript(&reading.transcript) else {
                continue;
            };
            for checked in &parties {
                let header = deal_header(checked);
                let header: Vec<&str> = header.iter().map(String::as_str).collect();
                direct += super::super::grid::tests::same_both_ways(&deal_grid(&header, checked));
                tables += 1;
            }
        }
        assert!(tables > 300, "only {tables} tables");
        // Of 24 styles, a table is drawn directly in at most 4 (neither
        // colour nor too narrow a width): in those, for most tables.
        assert!(
            direct > 3 * tables,
            "only {direct} drawn directly of {tables} tables"
        );
    }

    #[test]
    fn the_check_written_partie_by_partie_is_byte_for_byte_the_whole() {
        let paths = crate::testing::project_transcripts();
        let mut texts: Vec<(String, String)> = paths
            .iter()
            .filter_map(|p| Some((p.display().to_string(), std::fs::read_to_string(p).ok()?)))
            .collect();
        let generated = crate::generate::transcript(40, 7, &crate::engine::ruleset::PORTLAND);
        texts.push(("generated".into(), generated));
        let (mut checked, mut several) = (0, 0);
        for (name, text) in &texts {
            let reading = read(text.as_bytes());
            if !reading.errors.is_empty() {
                continue;
            }
            let Ok(parties) = check_transcript(&reading.transcript) else {
                continue;
            };
            assert_eq!(check_text(&parties), text_at_once(&parties), "{name}");
            let json = json_at_once(&parties);
            assert_eq!(check_json(&parties), json, "{name}");
            // The problems and the earlier parties kept in temporary files.
            let last = parties.last().unwrap();
            let mut report = CheckJson::new(last, parties.len());
            (report.problems, report.earlier) = (Spill::new(0), Spill::new(0));
            assert_eq!(whole(&mut report, &parties), json, "{name}, spilled");
            checked += 1;
            several += usize::from(parties.len() > 1);
        }
        assert!(
            checked > 300 && several >= 3,
            "{checked} checked, {several} of several parties"
        );
    }
}
