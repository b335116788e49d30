//! `referee rule --format json`: the contract of `shared/NOTATION.md`
//! (`rules`, `deals[].number/dealer/elder/scores`, `totals`, `partie`), with
//! each deal's score lines, rulings and notes besides.

use std::collections::BTreeMap;

use serde::Serialize;

use super::irregularity::irregularity_text;
use super::pretty::Pretty;
use super::ruled::{describe_line_under, Names};
use super::stream::{whole, JsonReport};
use crate::engine::answers::Given;
use crate::engine::games::GameAt;
use crate::engine::partie::Standing;
use crate::engine::ruleset::RuleSet;
use crate::engine::{DealRuling, Outcome, Ruled};
use crate::laws::BookId;
use crate::notation::{Deal, PlayerId, Transcript};
use crate::ruling::{Penalty, Ruling};

/// Each ruling of a deal as JSON, with the options it gives and the
/// deal's score under each: piquet's and écarté's alike.
pub(super) fn rulings_out<'a>(
    rulings: &[Ruling],
    outcomes: &[Outcome],
    names: &Names<'a>,
) -> Vec<RulingOut<'a>> {
    rulings
        .iter()
        .enumerate()
        .map(|(index, r)| {
            let offender = r.offender.map(|p| names.of(p));
            RulingOut {
                line: r.span.map(|s| s.line).filter(|l| *l > 0),
                offender,
                what: irregularity_text(&r.irregularity, offender),
                laws: r.laws,
                analogy: r.analogy,
                penalty: r.penalty,
                options: outcomes
                    .iter()
                    .filter(|o| o.ruling == index)
                    .map(|o| OptionOut {
                        chooser: names.of(o.chooser),
                        option: o.option,
                        scores: pair(names, o.scores),
                        taken: o.taken,
                        analogy: o.analogy,
                    })
                    .collect(),
            }
        })
        .collect()
}

/// What follows the deals in the report: the partie in play, and the
/// parties that ended before it. (The report begins with `rules` and the
/// `deals`, written one by one: see `stream.rs`.)
#[derive(Serialize)]
pub(super) struct Tail<'a> {
    pub totals: BTreeMap<&'a str, u32>,
    /// The games of the partie in play, where it is played in games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<Vec<GameEntryOut<'a>>>,
    pub partie: PartieOut<'a>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<PartieOut<'a>>,
}

#[derive(Serialize)]
pub(super) struct DealOut<'a> {
    number: u32,
    dealer: Option<&'a str>,
    elder: &'a str,
    scores: BTreeMap<&'a str, u32>,
    counts: u32,
    lines: Vec<LineOut<'a>>,
    rulings: Vec<RulingOut<'a>>,
    notes: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    written: Vec<WrittenOut<'a>>,
    totals: BTreeMap<&'a str, u32>,
    /// Where the deal's game stands after it (a partie played in games).
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<GameOut<'a>>,
    /// Where the partie stands after the deal (a partie played in games).
    #[serde(skip_serializing_if = "Option::is_none")]
    partie: Option<PartieOut<'a>>,
    /// Every `claims` line, answered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    claims: Vec<ClaimOut<'a>>,
    /// Every `?` question, with its answer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    questions: Vec<QuestionOut>,
    /// Present and true when the deal is void (a fresh deal).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    void: bool,
}

#[derive(Serialize)]
struct LineOut<'a> {
    player: &'a str,
    scores: String,
    points: u32,
    laws: &'static [&'static str],
}

#[derive(Serialize)]
pub(super) struct RulingOut<'a> {
    line: Option<u32>,
    offender: Option<&'a str>,
    what: String,
    laws: &'static [&'static str],
    /// Issue 15: the book whose laws are cited by analogy, where the rule
    /// set's book gives none (`"portland"` under the French rules).
    #[serde(skip_serializing_if = "Option::is_none")]
    analogy: Option<BookId>,
    penalty: Penalty,
    /// The choice the ruling gives, each option with the deal's score under it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    options: Vec<OptionOut<'a>>,
}

#[derive(Serialize)]
pub(super) struct ClaimOut<'a> {
    line: u32,
    claimant: &'a str,
    claim: String,
    /// `allowed`, `refused` or `not-weighed`.
    answer: &'static str,
    /// The answer in a sentence, with its reason.
    reason: String,
    laws: Vec<&'static str>,
}

#[derive(Serialize)]
pub(super) struct QuestionOut {
    line: u32,
    question: String,
    /// The lines where the same question is asked again.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    again: Vec<u32>,
    answer: Vec<String>,
}

#[derive(Serialize)]
pub(super) struct OptionOut<'a> {
    chooser: &'a str,
    option: &'static str,
    scores: BTreeMap<&'a str, u32>,
    taken: bool,
    /// Issue 15: no choice, but the deal as played beside what the law
    /// cited by analogy would give; `taken` is the deal as scored.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    analogy: bool,
}

#[derive(Serialize)]
struct WrittenOut<'a> {
    player: &'a str,
    written: u32,
    referee: u32,
}

/// Where a deal's game stands after it; `winner`, `counts` and `laws` when
/// the deal won it.
#[derive(Serialize)]
pub(super) struct GameOut<'a> {
    pub number: u32,
    pub totals: BTreeMap<&'a str, u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<u32>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub laws: &'static [&'static str],
}

/// One game of the partie in play: its first and last deals, and its
/// winner and what it counts once it is won.
#[derive(Clone, Serialize)]
pub(super) struct GameEntryOut<'a> {
    number: u32,
    deals: [u32; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<u32>,
}

/// The games of the partie in play, kept as the deals come: a partie has
/// at most five games (AC29), so this stays small however long the
/// transcript; a deal that begins a new partie starts them again.
#[derive(Default)]
pub(super) struct GameEntries<'a>(Vec<GameEntryOut<'a>>, bool);

impl<'a> GameEntries<'a> {
    /// Adds a deal ruled.
    pub fn deal(&mut self, ruling: &DealRuling, names: &Names<'a>) {
        if ruling.ended.is_some() {
            self.0.clear();
        }
        if let Some(game) = &ruling.game {
            self.game(game, ruling.number, names);
        }
    }

    /// A new partie begins: its games start again.
    pub fn new_partie(&mut self) {
        self.0.clear();
    }

    /// The games of a part of the transcript that began a partie, after
    /// those before it (see `parts.rs`).
    pub fn join(&mut self, part: GameEntries<'a>) {
        self.0 = part.0;
        self.1 |= part.1;
    }

    /// Adds deal `number`, which leaves its game as `game` stands.
    pub fn game(&mut self, game: &GameAt, number: u32, names: &Names<'a>) {
        self.1 = true;
        let won = game.won.as_ref();
        let entry = GameEntryOut {
            number: game.number,
            deals: [game.first, number],
            winner: won.map(|w| names.of(w.winner)),
            counts: won.map(|w| w.counts),
        };
        match self.0.last_mut() {
            Some(last) if last.number == game.number => *last = entry,
            _ => self.0.push(entry),
        }
    }

    /// The games, where the transcript's partie is played in games.
    pub fn out(&self) -> Option<Vec<GameEntryOut<'a>>> {
        self.1.then(|| self.0.clone())
    }
}

#[derive(Serialize)]
pub(super) struct PartieOut<'a> {
    complete: bool,
    /// The games each player has won (a partie played in games).
    #[serde(skip_serializing_if = "Option::is_none")]
    games: Option<BTreeMap<&'a str, u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<u32>,
    /// Tied again after the extra deals: no winner, and `points` 0 (law 71).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    tied: bool,
    /// The laws that give the result.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    laws: &'static [&'static str],
}

pub(super) fn pair<'a>(names: &Names<'a>, values: [u32; 2]) -> BTreeMap<&'a str, u32> {
    PlayerId::BOTH
        .into_iter()
        .map(|p| (names.of(p), values[p.index()]))
        .collect()
}

/// One deal of the report, with its notes.
pub(super) fn deal_out<'a>(
    deal: &Deal,
    ruling: &DealRuling,
    names: &Names<'a>,
    rules: &RuleSet,
) -> DealOut<'a> {
    DealOut {
        number: ruling.number,
        dealer: ruling.dealer.map(|d| names.of(d)),
        elder: names.of(ruling.elder),
        scores: pair(names, ruling.score.scores),
        counts: ruling.counts,
        lines: ruling
            .score
            .lines
            .iter()
            .map(|l| LineOut {
                player: names.of(l.player),
                scores: describe_line_under(l, rules),
                points: l.points,
                laws: l.laws,
            })
            .collect(),
        rulings: rulings_out(&ruling.rulings, &ruling.outcomes, names),
        notes: ruling
            .notes
            .iter()
            .map(|n| super::ruled::note_text(n, deal, names))
            .collect(),
        written: ruling
            .written
            .iter()
            .map(|w| WrittenOut {
                player: names.of(w.player),
                written: w.written,
                referee: w.referee,
            })
            .collect(),
        totals: pair(names, ruling.after),
        game: ruling.game.as_ref().map(|game| {
            let won = game.won.as_ref();
            GameOut {
                number: game.number,
                totals: pair(names, game.totals),
                winner: won.map(|w| names.of(w.winner)),
                counts: won.map(|w| w.counts),
                laws: won.map_or(&[], |w| w.laws),
            }
        }),
        partie: ruling.game.as_ref().map(|game| PartieOut {
            complete: game.partie.is_some(),
            games: Some(pair(names, game.games)),
            winner: game.partie.map(|w| names.of(w)),
            points: None,
            tied: false,
            laws: &[],
        }),
        claims: claims_out(ruling, names),
        questions: questions_out(deal, ruling, names),
        void: ruling.void,
    }
}

/// Every `claims` line of a deal, answered.
pub(super) fn claims_out<'a>(ruling: &DealRuling, names: &Names<'a>) -> Vec<ClaimOut<'a>> {
    ruling
        .answers
        .iter()
        .map(|a| ClaimOut {
            line: a.span.line,
            claimant: names.of(a.claimant),
            claim: super::answers::claim_text(&a.claim, names),
            answer: match a.given {
                Given::Allowed => "allowed",
                Given::Refused => "refused",
                Given::NotWeighed => "not-weighed",
            },
            reason: super::answers::answer_text(a, ruling, names),
            laws: a.laws.clone(),
        })
        .collect()
}

/// Every `?` question of a deal, with its answer.
pub(super) fn questions_out(
    deal: &Deal,
    ruling: &DealRuling,
    names: &Names<'_>,
) -> Vec<QuestionOut> {
    super::answers::questions(deal, ruling, names)
        .into_iter()
        .map(|asked| QuestionOut {
            line: asked.span.line,
            question: asked.question,
            again: asked.again,
            answer: asked.answer,
        })
        .collect()
}

/// Each player's value by name, as [`pair`]'s map serializes: in the order
/// of the names (and, were the names the same, the second player's alone).
fn write_pair(json: &mut Pretty<'_>, names: &Names<'_>, values: [u32; 2]) {
    let [first, second] = PlayerId::BOTH.map(|p| (names.of(p), values[p.index()]));
    let (in_order, len) = match first.0.cmp(second.0) {
        std::cmp::Ordering::Less => ([first, second], 2),
        std::cmp::Ordering::Greater => ([second, first], 2),
        std::cmp::Ordering::Equal => ([second, second], 1),
    };
    json.open_object();
    for (name, value) in &in_order[..len] {
        json.name_key(name);
        json.number(*value);
    }
    json.close_object();
}

/// Where the deal's game stands after it, as its [`GameOut`].
pub(super) fn write_game(json: &mut Pretty<'_>, game: &GameAt, names: &Names<'_>) {
    json.open_object();
    json.key(b"number");
    json.number(game.number);
    json.key(b"totals");
    write_pair(json, names, game.totals);
    if let Some(won) = &game.won {
        json.key(b"winner");
        json.string(names.of(won.winner));
        json.key(b"counts");
        json.number(won.counts);
        if !won.laws.is_empty() {
            json.key(b"laws");
            json.strings(won.laws.iter().copied());
        }
    }
    json.close_object();
}

/// Where the partie stands after a deal of a partie played in games, as
/// its [`PartieOut`].
pub(super) fn write_partie_in_games(json: &mut Pretty<'_>, game: &GameAt, names: &Names<'_>) {
    json.open_object();
    json.key(b"complete");
    json.boolean(game.partie.is_some());
    json.key(b"games");
    write_pair(json, names, game.games);
    if let Some(winner) = game.partie {
        json.key(b"winner");
        json.string(names.of(winner));
    }
    json.close_object();
}

/// A partie's result.
pub(super) fn partie_out<'a>(standing: &Standing, names: &Names<'a>) -> PartieOut<'a> {
    PartieOut {
        complete: standing.complete,
        games: standing.games.map(|g| pair(names, g.won)),
        winner: standing.winner.map(|w| names.of(w)),
        points: standing.points,
        tied: standing.tied,
        laws: standing.laws(),
    }
}

/// The JSON report, one object, pretty-printed.
pub fn ruled_json(transcript: &Transcript, ruled: &Ruled) -> String {
    let mut report = JsonReport::new(transcript, ruled.rules);
    whole(&mut report, transcript, ruled)
}
