//! Checking a scoresheet: the dealers (law 16), each deal's scores (against
//! its transcript, or for plausibility), the running totals, the number of
//! deals, and the result (laws 71-73). A transcript is checked partie by
//! partie, as the referee divides it.

use std::ops::Range;

use crate::engine::games::{GameAt, GameWon, Games};
use crate::engine::partie::{self, Standing};
use crate::engine::ruleset::{PartieLength, RuleSet};
use crate::engine::{DealRuling, NotYetRuled, Referee};
use crate::notation::{Deal, PlayerId, Span, Transcript};
use crate::report::difference;
use crate::ruling::Ruling;

use super::read::{Sheet, SheetDeal, WrittenResult};

/// Something written that the laws say is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The deal, where the problem is in one.
    pub deal: Option<u32>,
    /// What is wrong, in one sentence.
    pub what: String,
    /// The law or laws that decide it.
    pub laws: String,
    /// Where it stands in the sheet, if known.
    pub span: Option<Span>,
}

/// One deal, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedDeal {
    /// 1-based: in the order of the sheet, or as numbered in the transcript.
    pub number: u32,
    /// Who dealt.
    pub dealer: PlayerId,
    /// The scores as written, if written.
    pub written: Option<[u32; 2]>,
    /// The scores as the referee makes them (from the transcript; else as written).
    pub referee: [u32; 2],
    /// Whether the referee's figure comes from a transcript.
    pub from_transcript: bool,
    /// How many times the deal counts (the four-deal partie doubles the first and last).
    pub counts: u32,
    /// The running totals after the deal, as they should be.
    pub totals: [u32; 2],
    /// The running totals as written, if written.
    pub written_totals: Option<[u32; 2]>,
    /// The deal's problems, as indices into [`Checked::problems`].
    pub problems: Range<usize>,
    /// Whether the deal is void: it scores nothing, and is dealt afresh
    /// under the same number.
    pub void: bool,
    /// Where its game and the partie stand after it, as they should, where
    /// the partie is played in games (au cent AC28, AC29); `totals` are
    /// then the game's.
    pub game: Option<GameAt>,
}

impl CheckedDeal {
    /// Whether anything in this deal is wrong.
    pub fn wrong(&self) -> bool {
        !self.problems.is_empty()
    }
}

/// A whole sheet, or one partie of a transcript, checked.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The players.
    pub players: [String; 2],
    /// The rule set's name.
    pub rules: &'static str,
    /// Each deal.
    pub deals: Vec<CheckedDeal>,
    /// The partie as it should stand.
    pub standing: Standing,
    /// The result as written.
    pub written_result: Option<WrittenResult>,
    /// Everything wrong, in order.
    pub problems: Vec<Problem>,
}

/// Checks a sheet. `load` reads a deal's transcript, named as in the sheet
/// (and may hand back the same one for many deals).
pub fn check<E>(
    sheet: &Sheet,
    mut load: impl FnMut(&str) -> Result<std::rc::Rc<Transcript>, E>,
) -> Result<Result<Checked, NotYetRuled>, E> {
    if sheet.rules == crate::Rules::Ecarte {
        // Écarté: games five up, checked by its own rules (law 46).
        return super::ecarte::check_sheet(sheet, load).map(Ok);
    }
    let Some(base) = RuleSet::of(sheet.rules) else {
        return Ok(Err(NotYetRuled(sheet.rules)));
    };
    // AC25, AC26: the agreements were checked against the rules in reading.
    let rules = base.agree(sheet.agreements).unwrap_or(base);
    // 19c, R2-R5: the target and the rubicon partie, checked in reading.
    let rules = rules.with_terms(sheet.terms);
    let length = if sheet.four_deals {
        PartieLength::FourDeals
    } else {
        PartieLength::Standard
    };
    let mut deals = Vec::with_capacity(sheet.deals.len());
    for deal in &sheet.deals {
        let referee = match &deal.transcript {
            Some(file) => Some((file, transcript_score(&*load(file)?, deal, rules))),
            None => None,
        };
        deals.push((deal, referee));
    }
    let mut checker = Checker::new(rules, length, sheet.players.clone());
    for (index, (deal, linked)) in deals.iter().enumerate() {
        let number = index as u32 + 1;
        let referee = linked.as_ref().and_then(|(_, ruling)| ruling.as_ref());
        checker.deal(number, deal, Some(deal.scores), referee, None);
        if let (Some((file, None)), Some(wanted)) = (linked, deal.transcript_deal) {
            let what = format!(
                "{file} has no deal {wanted}: the scores written cannot be checked against it"
            );
            checker.problem(number, what, "", deal.span);
        }
    }
    Ok(Ok(checker.finish(sheet.result)))
}

/// Checks a transcript's `written` lines against the referee's figures,
/// one [`Checked`] for each partie it holds, in order.
///
/// Law 71: each partie is six deals (four by agreement), with its own totals
/// and result. The parties are divided as the referee divides them: a deal
/// numbered no higher than the deal before begins a new partie, while a void
/// deal is dealt afresh under its own number and stays in its partie. Deals
/// keep their numbers as written in the transcript.
pub fn check_transcript(transcript: &Transcript) -> Result<Vec<Checked>, NotYetRuled> {
    let mut check = TranscriptCheck::new(transcript)?;
    let mut parties = Vec::new();
    for deal in &transcript.deals {
        parties.extend(check.deal(deal).1);
    }
    parties.push(check.finish());
    Ok(parties)
}

/// A transcript's `written` lines checked deal by deal as the deals are
/// read (see [`check_transcript`]), so that only the partie in play is
/// held: each partie is handed back, checked, when the deal that begins
/// the next one comes (law 71).
pub struct TranscriptCheck {
    referee: Referee,
    /// The last deal's ruling, its lists used again for the next.
    ruling: DealRuling,
    rules: &'static RuleSet,
    length: PartieLength,
    players: [String; 2],
    checker: Checker,
}

impl TranscriptCheck {
    /// The check of a transcript with these tags (its deals are not read here).
    pub fn new(transcript: &Transcript) -> Result<TranscriptCheck, NotYetRuled> {
        let referee = Referee::new(transcript)?;
        let rules = referee.rules();
        let length = if transcript
            .tags
            .iter()
            .any(|t| t.value.name.eq_ignore_ascii_case("Partie") && t.value.value.trim() == "4")
        {
            PartieLength::FourDeals
        } else {
            PartieLength::Standard
        };
        let players = transcript.players.clone();
        Ok(TranscriptCheck {
            referee,
            ruling: DealRuling::default(),
            rules,
            length,
            checker: Checker::new(rules, length, players.clone()),
            players,
        })
    }

    /// The next deal, ruled and checked: its ruling, and the partie it
    /// ended, checked, when it begins a new one.
    pub fn deal(&mut self, deal: &Deal) -> (&DealRuling, Option<Checked>) {
        self.referee.deal_into(deal, &mut self.ruling);
        let ruling = &self.ruling;
        let ended = ruling.ended.is_some().then(|| {
            let next = Checker::new(self.rules, self.length, self.players.clone());
            std::mem::replace(&mut self.checker, next).finish(None)
        });
        let checker = &mut self.checker;
        // A `score` line on a partie's first deal: the partie is taken up
        // from the totals it states, as the referee takes it up.
        if checker.deals.is_empty() && deal.header.score.is_some() {
            checker.totals = ruling.before;
        }
        let written = ruling.written.iter().fold(None::<[u32; 2]>, |acc, w| {
            let mut pair = acc.unwrap_or(ruling.score.scores);
            pair[w.player.index()] = w.written;
            Some(pair)
        });
        let sheet_deal = SheetDeal {
            dealer: ruling.dealer.unwrap_or(ruling.elder.other()),
            scores: written.unwrap_or(ruling.score.scores),
            totals: None,
            transcript: None,
            transcript_deal: None,
            game: None,
            span: written_line(deal).unwrap_or(ruling.span),
        };
        let void = ruling.void.then(|| void_laws(&ruling.rulings));
        // A game's totals are those the referee took the deal up from (a
        // `score` line, or an error in adding up put right, AC27).
        checker.taken = Some(ruling.before);
        checker.deal(ruling.number, &sheet_deal, written, Some(ruling), void);
        (ruling, ended)
    }

    /// The name of the rule set the transcript is checked under.
    pub fn rules_name(&self) -> &'static str {
        self.rules.rules.name()
    }

    /// After the last deal: the partie in play, checked.
    pub fn finish(self) -> Checked {
        self.checker.finish(None)
    }
}

/// Where the deal's (last) `written` line stands, to report a wrong
/// score at the line that wrote it.
fn written_line(deal: &Deal) -> Option<Span> {
    deal.events
        .iter()
        .rev()
        .find(|e| matches!(e.event, crate::notation::Event::Written { .. }))
        .map(|e| e.span)
}

/// The laws that make a deal void (laws 11-16 and the like), for a score
/// written against it; the laws of scoring where no ruling names them (a
/// fresh deal by agreement, Case III).
fn void_laws(rulings: &[Ruling]) -> String {
    let mut laws: Vec<&str> = Vec::new();
    for law in rulings
        .iter()
        .filter(|r| r.penalty.voids_deal())
        .flat_map(|r| r.laws.iter().copied())
    {
        if !laws.contains(&law) {
            laws.push(law);
        }
    }
    if laws.is_empty() {
        "61-69".to_string()
    } else {
        laws.join(", ")
    }
}

/// The referee's score for a deal of a transcript: the one numbered as the
/// sheet says, or the first; `None` where the transcript has no such deal.
/// The deals before it are ruled too, for the turn to deal (law 16). A void
/// deal is dealt afresh under its number, and the fresh deal is the one
/// that counts ("the right dealer deals"): of the deals numbered so, the
/// first that stands is taken.
fn transcript_score(
    transcript: &Transcript,
    deal: &SheetDeal,
    rules: &'static RuleSet,
) -> Option<DealRuling> {
    let wanted = deal
        .transcript_deal
        .or_else(|| transcript.deals.first().map(|d| d.header.number))?;
    let mut referee = Referee::with(rules, PartieLength::Standard);
    let mut last = None;
    for d in &transcript.deals {
        if last.is_some() && d.header.number != wanted {
            break;
        }
        let ruled = referee.deal(d);
        if d.header.number == wanted {
            if !ruled.void {
                return Some(ruled);
            }
            last = Some(ruled);
        }
    }
    last
}

/// Walks the deals in order, keeping the totals and the dealer in turn.
struct Checker {
    rules: &'static RuleSet,
    length: PartieLength,
    players: [String; 2],
    deals: Vec<CheckedDeal>,
    problems: Vec<Problem>,
    totals: [u32; 2],
    /// Law 16: who must deal next, and how many deals the elder of a deal out of turn still owes.
    owed: Option<(PlayerId, u8)>,
    last_dealer: Option<PlayerId>,
    /// The number of the last deal that stood (a void deal is dealt afresh).
    last_number: u32,
    /// Law 71: the totals when the partie's own deals were done.
    own: partie::OwnDeals,
    over_after: Option<u32>,
    /// The games, where the partie is played in games (AC28, AC29).
    games: Option<Games>,
    /// The game totals the next deal is taken up from, where the referee
    /// ruled them (a transcript's deal).
    taken: Option<[u32; 2]>,
}

impl Checker {
    fn new(rules: &'static RuleSet, length: PartieLength, players: [String; 2]) -> Checker {
        let games = Games::of(rules);
        Checker {
            rules,
            // AC29 replaces law 71 and its note: no four-deal partie in games.
            length: if games.is_some() {
                PartieLength::Standard
            } else {
                length
            },
            players,
            deals: Vec::new(),
            problems: Vec::new(),
            totals: [0; 2],
            owed: None,
            last_dealer: None,
            last_number: 0,
            own: partie::OwnDeals::default(),
            over_after: None,
            games,
            taken: None,
        }
    }

    /// The laws of the partie's length and result, and of its running totals.
    fn partie_laws(&self) -> (&'static str, &'static str) {
        let cite = &self.rules.cite;
        match (&self.games, cite.game.first(), cite.partie_deals.first()) {
            (Some(_), Some(game), _) => (cite.partie.first().copied().unwrap_or(game), game),
            (_, _, Some(deals)) => (deals, deals),
            _ => ("", ""),
        }
    }

    fn name(&self, player: PlayerId) -> &str {
        &self.players[player.index()]
    }

    fn problem(&mut self, deal: u32, what: String, laws: &str, span: Span) {
        self.problems.push(Problem {
            deal: Some(deal),
            what,
            laws: laws.to_string(),
            span: (span.line > 0).then_some(span),
        });
    }

    /// One deal: `written` is what the players wrote, `referee` the figure
    /// from its transcript, where there is one; `void` the laws that make
    /// the deal void, when it is.
    ///
    /// A void deal scores nothing and is dealt afresh under its number by
    /// the right dealer (law 16: "the deal in error is void, and the right
    /// dealer deals"): it neither takes a turn to deal nor counts as a deal
    /// of the partie.
    fn deal(
        &mut self,
        number: u32,
        deal: &SheetDeal,
        written: Option<[u32; 2]>,
        ruling: Option<&DealRuling>,
        void: Option<String>,
    ) {
        let from = match &self.games {
            Some(games) => self.taken.take().unwrap_or_else(|| games.carried()),
            None => self.totals,
        };
        // 19d: a deal that reaches the target in the declarations stops there.
        let stopped = ruling.and_then(|r| self.games.as_ref()?.stopped(from, r, self.rules));
        let ruling = stopped.as_ref().or(ruling);
        let referee = ruling.map(|r| r.score.scores);
        let before = self.problems.len();
        let (partie_law, totals_law) = self.partie_laws();
        if let Some(over) = self.over_after {
            self.problem(
                number,
                format!("the partie was over after deal {over}: this deal is not part of it"),
                partie_law,
                deal.span,
            );
        }
        if void.is_none() {
            self.dealer_in_turn(number, deal);
        }
        let from_transcript = referee.is_some();
        let referee = referee.unwrap_or(deal.scores);
        if let Some(written) = written {
            for player in PlayerId::BOTH {
                let p = player.index();
                if written[p] == referee[p] {
                    continue;
                }
                let (what, laws) = match &void {
                    Some(laws) => (
                        format!(
                            "{} wrote {} but the deal is void and scores nothing",
                            self.name(player),
                            written[p]
                        ),
                        laws.as_str(),
                    ),
                    None => (
                        format!(
                            "{} wrote {} but the transcript gives {} ({})",
                            self.name(player),
                            written[p],
                            referee[p],
                            difference(written[p], referee[p])
                        ),
                        "61-69",
                    ),
                };
                self.problem(number, what, laws, deal.span);
            }
        }
        if !from_transcript {
            self.plausible(number, deal);
        }
        let counts = partie::multiplier(number, self.length);
        let totals = [0, 1].map(|p| from[p].saturating_add(referee[p].saturating_mul(counts)));
        if let Some(written_totals) = deal.totals {
            for player in PlayerId::BOTH {
                let p = player.index();
                if written_totals[p] != totals[p] {
                    let doubled = if counts > 1 {
                        ", this deal counting double"
                    } else {
                        ""
                    };
                    let what = format!(
                        "{}'s running total is written {} but should be {}{doubled}",
                        self.name(player),
                        written_totals[p],
                        totals[p]
                    );
                    self.problem(number, what, totals_law, deal.span);
                }
            }
        }
        let before_deal = self.totals;
        let was_over = self.over_after.is_some();
        // AC29: a deal after the partie is decided adds to no game.
        if !(was_over && self.games.is_some()) {
            self.totals = totals;
        }
        let game = match was_over {
            false => self.game(number, deal, from, referee, ruling),
            true => None,
        };
        if game.is_some_and(|g| g.partie.is_some()) {
            self.over_after.get_or_insert(number);
        }
        if void.is_none() && self.games.is_none() {
            self.last_number = number;
            let deals = self.rules.partie_deals(self.length).unwrap_or(u32::MAX);
            self.own.stood(number, before_deal, totals, deals);
            let standing = partie::standing(totals, number, self.own, self.length, self.rules);
            if standing.complete && self.over_after.is_none() {
                self.over_after = Some(number);
            }
        }
        self.deals.push(CheckedDeal {
            number,
            dealer: deal.dealer,
            written,
            referee,
            from_transcript,
            counts,
            totals,
            written_totals: deal.totals,
            problems: before..self.problems.len(),
            void: void.is_some(),
            game,
        });
    }

    /// AC28: the game after this deal, from the game totals `from`: won as
    /// the transcript's deal decides in the order of law 67, or, where only
    /// the scores are written, as they show (the game as written where they
    /// leave a doubt); the game as written, if written, checked against it.
    fn game(
        &mut self,
        number: u32,
        deal: &SheetDeal,
        from: [u32; 2],
        scores: [u32; 2],
        ruling: Option<&DealRuling>,
    ) -> Option<GameAt> {
        let rules = self.rules;
        let games = self.games.as_mut()?;
        let same = |won: &Option<GameWon>, written: Option<(PlayerId, bool)>| match (won, written) {
            (Some(won), Some((winner, double))) => {
                won.winner == winner && (won.counts > 1) == double
            }
            (None, None) => true,
            _ => false,
        };
        let at = match ruling {
            Some(ruling) => games.stood_as_ruled(number, from, ruling, rules),
            None => {
                let possible = games.possible(from, scores);
                let won = possible
                    .iter()
                    .find(|won| same(won, deal.game))
                    .unwrap_or(&possible[0]);
                games.record(number, from, scores, *won)
            }
        };
        // A game not written won is not a fault: the sheet need not mark it.
        if deal.game.is_some() && !same(&at.won, deal.game) {
            let said = match deal.game {
                Some((winner, double)) => format!(
                    "{} is written to win game {}{}",
                    self.name(winner),
                    at.number,
                    if double { ", double" } else { "" }
                ),
                None => String::new(),
            };
            let should = match at.won {
                Some(won) => format!(
                    "{} wins it, {}",
                    self.name(won.winner),
                    if won.counts > 1 {
                        "a double game"
                    } else {
                        "a single game"
                    }
                ),
                None => "nobody has won it yet".to_string(),
            };
            self.problem(number, format!("{said}, but {should}"), "AC28", deal.span);
        }
        Some(at)
    }

    /// Law 16: "The players deal alternately." A deal out of turn found too
    /// late is made good by the elder of that deal dealing twice running,
    /// unless that or the next deal is the last of the partie.
    fn dealer_in_turn(&mut self, number: u32, deal: &SheetDeal) {
        let expected = match (self.owed, self.last_dealer) {
            (Some((player, _)), _) => Some(player),
            (None, Some(last)) => Some(last.other()),
            (None, None) => None,
        };
        if let Some((player, left)) = self.owed {
            self.owed = (left > 1).then_some((player, left - 1));
        }
        if let Some(expected) = expected {
            if deal.dealer != expected {
                let what = format!(
                    "{} deals out of turn: it was {}'s deal",
                    self.name(deal.dealer),
                    self.name(expected)
                );
                self.problem(number, what, "16", deal.span);
                let last = self.rules.partie_deals(self.length).unwrap_or(u32::MAX);
                if number + 1 < last {
                    // The elder of the deal in error deals the next two.
                    self.owed = Some((deal.dealer.other(), 2));
                }
            }
        }
        self.last_dealer = Some(deal.dealer);
    }

    /// Laws 65, 66: a deal played out gives at least thirteen points in play
    /// between the two players (twelve cards led and the last trick); with
    /// sevens to nines not counting (AC26) it may give none.
    fn plausible(&mut self, number: u32, deal: &SheetDeal) {
        let sum = deal.scores[0].saturating_add(deal.scores[1]);
        let least = self.rules.least_in_play();
        // A player who can reckon nothing that deal (laws 25-35, 54, 58)
        // scores nothing, his leads and tricks with the rest: a nought on
        // the sheet may be that, and then the floor does not hold.
        let reckons_nothing = deal.scores.contains(&0);
        if sum < least && !reckons_nothing {
            let what = format!(
                "the two scores add up to {sum}, but the play alone gives at least {least} between the players"
            );
            self.problem(number, what, "65", deal.span);
        }
    }

    /// Laws 71-73: a result written that is not the partie's: a winner or
    /// his points wrong, a result before the partie is complete, or a tie
    /// written where one player wins (and the reverse).
    fn wrong_result(&self, written: WrittenResult, standing: &Standing) -> Option<Problem> {
        if let Some(games) = standing.games {
            return self.wrong_games(written, standing.winner, games.won);
        }
        let said = match written {
            WrittenResult::Won { winner, points } => {
                format!("{} wins {points}", self.name(winner))
            }
            WrittenResult::Tied => "tied".to_string(),
            WrittenResult::WonGames { winner, .. } => format!("{} wins", self.name(winner)),
        };
        let what = match (standing.complete, standing.winner, standing.points) {
            (false, _, _) => {
                format!("the result is written ({said}) but the partie is not complete")
            }
            (true, Some(w), Some(points)) => {
                if written == (WrittenResult::Won { winner: w, points }) {
                    return None;
                }
                format!("the result is written {said}, but {} wins {points}", self.name(w))
            }
            _ if written == WrittenResult::Tied => return None,
            _ => format!(
                "the result is written {said}, but the partie is tied after the extra deals, and nobody wins"
            ),
        };
        Some(Problem {
            deal: None,
            what,
            laws: law_range(partie::partie_laws(self.rules, true, false)),
            span: None,
        })
    }

    /// AC29: a result written that is not the partie's: a winner or the
    /// games wrong, or a winner before the partie is decided.
    fn wrong_games(
        &self,
        written: WrittenResult,
        winner: Option<PlayerId>,
        won: [u32; 2],
    ) -> Option<Problem> {
        let [a, b] = &self.players;
        let games = |g: [u32; 2]| format!("games {a} {}, {b} {}", g[0], g[1]);
        let said = match written {
            WrittenResult::WonGames {
                winner,
                games: Some(g),
            } => {
                format!("{} wins, {}", self.name(winner), games(g))
            }
            WrittenResult::WonGames { winner, .. } | WrittenResult::Won { winner, .. } => {
                format!("{} wins", self.name(winner))
            }
            WrittenResult::Tied => "tied".to_string(),
        };
        let what = match (winner, written) {
            (None, _) => format!(
                "the result is written ({said}) but the partie is not decided: {}",
                games(won)
            ),
            (Some(w), WrittenResult::WonGames { winner, games: g })
                if w == winner && g.is_none_or(|g| g == won) =>
            {
                return None
            }
            (Some(w), _) => format!(
                "the result is written {said}, but {} wins, {}",
                self.name(w),
                games(won)
            ),
        };
        Some(Problem {
            deal: None,
            what,
            laws: self.rules.cite.partie.join(", "),
            span: None,
        })
    }

    /// Laws 71-73: the partie as it stands after its last deal that stood,
    /// and the result as written against it.
    fn finish(mut self, written: Option<WrittenResult>) -> Checked {
        let standing = match &self.games {
            Some(games) => games.standing(self.totals),
            None => partie::standing(
                self.totals,
                self.last_number,
                self.own,
                self.length,
                self.rules,
            ),
        };
        if let Some(problem) = written.and_then(|w| self.wrong_result(w, &standing)) {
            self.problems.push(problem);
        }
        Checked {
            players: self.players,
            rules: self.rules.rules.name(),
            deals: self.deals,
            standing,
            written_result: written,
            problems: self.problems,
        }
    }
}

/// Law ids as written in a problem: `71-73` where they run on, else
/// separated by commas (`R3, R4, R5`).
fn law_range(laws: &[&str]) -> String {
    let numbers: Vec<u32> = laws.iter().filter_map(|l| l.parse().ok()).collect();
    match numbers.as_slice() {
        [first, .., last]
            if numbers.len() == laws.len() && last - first + 1 == laws.len() as u32 =>
        {
            format!("{first}-{last}")
        }
        _ => laws.join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Laws 71-73 as a run; the French ids (R3-R5) and others one by one.
    #[test]
    fn laws_written_as_a_run() {
        let table: [(&[&str], &str); 4] = [
            (&["71", "72", "73"], "71-73"),
            (&["R3", "R4", "R5"], "R3, R4, R5"),
            (&["71", "73"], "71, 73"),
            (&["19e"], "19e"),
        ];
        for (laws, expected) in table {
            assert_eq!(law_range(laws), expected, "{laws:?}");
        }
    }

    /// A transcript of these deals, each `(number, dealer, more lines)`.
    /// No cards are written, so each deal that stands scores nothing.
    fn transcript(deals: &[(u32, &str, &str)]) -> Transcript {
        let mut text = String::from("[Game \"Piquet\"]\n[Rules \"portland\"]\n[Players \"A B\"]\n");
        for (number, dealer, more) in deals {
            text.push_str(&format!("\ndeal {number}\ndealer {dealer}\n{more}"));
        }
        let reading = crate::notation::read(text.as_bytes());
        assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        reading.transcript
    }

    /// Each partie's deals as `number` or `number void`, and its laws.
    fn parties(checked: &[Checked]) -> Vec<(Vec<String>, Vec<String>)> {
        checked
            .iter()
            .map(|c| {
                let deals = c
                    .deals
                    .iter()
                    .map(|d| {
                        let void = if d.void { " void" } else { "" };
                        format!("{}{void}", d.number)
                    })
                    .collect();
                let laws = c
                    .problems
                    .iter()
                    .map(|p| format!("{}: {}", p.deal.unwrap_or(0), p.laws))
                    .collect();
                (deals, laws)
            })
            .collect()
    }

    /// A row of the table below: what, the deals, each partie's deals, and
    /// each partie's problems as `deal: laws`.
    type Row = (
        &'static str,
        Vec<(u32, &'static str, &'static str)>,
        Vec<Vec<&'static str>>,
        Vec<Vec<&'static str>>,
    );

    /// Law 71: a deal numbered no higher than the deal before begins a new
    /// partie; law 16: a void deal is dealt afresh under its number, by the
    /// right dealer, and stays in its partie.
    /// Law 65's floor, and AC26: with sevens to nines not counting, a deal
    /// played out may give fewer than thirteen points in play.
    #[test]
    fn the_floor_of_law_65_under_each_agreement() {
        // (agreements, a deal's scores, whether law 65 finds them too few)
        let table = [
            ("", "{A: 3, B: 2}", true),
            ("fours-count-one-less", "{A: 3, B: 2}", true),
            ("sevens-to-nines-do-not-count", "{A: 3, B: 2}", false),
            ("", "{A: 7, B: 6}", false),
        ];
        for (agreements, scores, too_few) in table {
            let text = format!(
                "rules: au-cent\nagreements: \"{agreements}\"\nplayers: [A, B]\ndeals:\n  - {{dealer: B, scores: {scores}}}\n"
            );
            let sheet = crate::sheet::read(&text).expect("a sheet");
            let checked = check(&sheet, |_| Err::<std::rc::Rc<Transcript>, ()>(()))
                .expect("no transcript")
                .expect("au cent is ruled");
            let found = checked.problems.iter().any(|p| p.laws == "65");
            assert_eq!(found, too_few, "{agreements} {scores}");
        }
    }

    #[test]
    fn a_transcript_is_checked_partie_by_partie() {
        let afresh = "B claims fresh deal\n";
        // (what, deals, each partie's deals, each partie's problems as `deal: laws`)
        let table: [Row; 6] = [
            (
                "one partie",
                vec![(1, "B", ""), (2, "A", ""), (3, "B", "")],
                vec![vec!["1", "2", "3"]],
                vec![vec![]],
            ),
            (
                "numbers start again at 1",
                vec![(1, "B", ""), (2, "A", ""), (1, "B", ""), (2, "A", "")],
                vec![vec!["1", "2"], vec!["1", "2"]],
                vec![vec![], vec![]],
            ),
            (
                "a number no higher than the one before",
                vec![(1, "B", ""), (2, "A", ""), (2, "B", ""), (3, "A", "")],
                vec![vec!["1", "2"], vec!["2", "3"]],
                vec![vec![], vec![]],
            ),
            (
                "a void deal dealt afresh under its number",
                vec![(1, "B", ""), (2, "B", afresh), (2, "A", ""), (3, "B", "")],
                vec![vec!["1", "2 void", "2", "3"]],
                vec![vec![]],
            ),
            (
                "a deal out of turn that stands is still wrong",
                vec![(1, "B", ""), (2, "B", "A takes up hand\n"), (3, "A", "")],
                vec![vec!["1", "2", "3"]],
                vec![vec!["2: 16"]],
            ),
            (
                "a deal after a tied partie and its two extra deals",
                (1..=9)
                    .map(|n| (n, if n % 2 == 1 { "B" } else { "A" }, ""))
                    .collect(),
                vec![vec!["1", "2", "3", "4", "5", "6", "7", "8", "9"]],
                vec![vec!["9: 71"]],
            ),
        ];
        for (what, deals, want_deals, want_laws) in table {
            let checked = check_transcript(&transcript(&deals)).unwrap();
            let got = parties(&checked);
            let want: Vec<(Vec<String>, Vec<String>)> = want_deals
                .iter()
                .zip(&want_laws)
                .map(|(d, l)| {
                    (
                        d.iter().map(ToString::to_string).collect(),
                        l.iter().map(ToString::to_string).collect(),
                    )
                })
                .collect();
            assert_eq!(got, want, "{what}");
        }
    }

    /// Laws 71-73: each partie has its own totals and result, and a void
    /// deal is not one of its deals.
    #[test]
    fn each_partie_has_its_own_result() {
        let mut deals: Vec<(u32, &str, &str)> = Vec::new();
        for n in 1..=8 {
            deals.push((n, if n % 2 == 1 { "B" } else { "A" }, ""));
        }
        deals.push((1, "B", ""));
        deals.push((2, "B", "written A 5, B 0\nA claims fresh deal\n"));
        deals.push((2, "A", ""));
        let checked = check_transcript(&transcript(&deals)).unwrap();
        assert_eq!(checked.len(), 2);
        // Tied at nothing after six deals and the two extra ones: over, tied.
        assert!(checked[0].standing.complete && checked[0].standing.tied);
        // The second partie: deal 2, dealt by B out of turn, is voided and
        // dealt afresh by A: the partie stands after two deals.
        let second = &checked[1];
        assert!(!second.standing.complete);
        assert_eq!(
            second.deals.iter().map(|d| d.void).collect::<Vec<_>>(),
            [false, true, false]
        );
        // A score written for a void deal is wrong: it scores nothing.
        assert_eq!(second.problems.len(), 1);
        assert_eq!(second.problems[0].laws, "16");
        assert_eq!(
            second.problems[0].what,
            "A wrote 5 but the deal is void and scores nothing"
        );
        assert_eq!(second.deals[1].problems, 0..1);
        assert_eq!(second.deals[2].problems, 1..1);
    }

    /// Laws 71-73: the result written against the partie's, for sheets of
    /// eight deals each scored `[A, B]` (tied after six at 120 each).
    #[test]
    fn a_written_result_is_judged_against_the_partie() {
        use crate::sheet::read;
        let won = |winner, points| WrittenResult::Won {
            winner: PlayerId(winner),
            points,
        };
        // (what, deal 7, deal 8, the result written, a problem's words)
        let table = [
            ("won after eight", [30, 20], [15, 20], won(0, 105), None),
            ("tied again", [30, 20], [10, 20], WrittenResult::Tied, None),
            (
                "won written after a second tie",
                [30, 20],
                [10, 20],
                won(0, 100),
                Some("the partie is tied after the extra deals, and nobody wins"),
            ),
            (
                "a tie written where A wins",
                [30, 20],
                [15, 20],
                WrittenResult::Tied,
                Some("the result is written tied, but A wins 105"),
            ),
            (
                "won as after deal 7",
                [30, 20],
                [15, 20],
                won(0, 110),
                Some("A wins 105"),
            ),
        ];
        for (what, seventh, eighth, written, words) in table {
            let mut text = String::from("rules: portland\nplayers: [A, B]\ndeals:\n");
            for (n, scores) in (1..=8).zip([[20, 20]; 6].iter().chain([&seventh, &eighth])) {
                let dealer = if n % 2 == 1 { "B" } else { "A" };
                text.push_str(&format!(
                    "  - {{dealer: {dealer}, scores: {{A: {}, B: {}}}}}\n",
                    scores[0], scores[1]
                ));
            }
            let mut sheet = read(&text).expect(what);
            sheet.result = Some(written);
            let checked = check(&sheet, |_| Err::<std::rc::Rc<Transcript>, ()>(()))
                .expect(what)
                .expect(what);
            let found: Vec<&str> = checked.problems.iter().map(|p| p.what.as_str()).collect();
            match words {
                None => assert!(found.is_empty(), "{what}: {found:?}"),
                Some(words) => assert!(
                    found.len() == 1 && found[0].contains(words),
                    "{what}: {found:?}"
                ),
            }
        }
    }
}
