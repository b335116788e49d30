//! A partie played in games (au cent AC28, AC29): the deals divided into
//! games, each a hundred up from nothing, and the games into the partie.
//!
//! The deal that crosses a hundred is read in the order of law 67: its
//! scores reckon one after another (carte blanche, point, sequences,
//! quatorzes and trios, points in play trick by trick, the cards), repique
//! and pique where they are won, and the first player to reach a hundred in
//! that order wins the game; the adversary's score at that moment decides a
//! double. The deal is played out and its whole score is marked (see
//! docs/scoring.md, "Games").
//!
//! Under the French rules (19c, 19d) the game is played to a target (a
//! hundred, or 150 or 200 by agreement), and the deal that reaches it in the
//! declarations stops there, carte blanche, the point, the sequence and the
//! sets counted in that order across both players; nothing after the stop
//! scores. Where nobody reaches it in the declarations the deal is played
//! out, and if both pass the target the higher score wins.

use crate::notation::PlayerId;
use crate::ruling::Penalty;

use super::declarations::Category;
use super::partie::{PartieGames, Standing};
use super::ruleset::{GameEnd, PartieRule, RuleSet};
use super::score::{Item, ScoreLine, TrickScore};
use super::{DealRuling, Note};

/// Where in the order of law 67 a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossed {
    /// By this score line (a declaration, repique, pique, the cards, capot;
    /// points in play not tied to a trick).
    Line(Item),
    /// By a point made in play at this trick (1-based).
    Trick(usize),
    /// Before the deal: the totals written at its head already make a hundred.
    Stated,
    /// In the deal, where only its scores are known (a scoresheet).
    Deal,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Won {
    /// The winner reached the game's points first; the adversary had `adversary`.
    Reached {
        /// Where, in the order of law 67.
        at: Crossed,
        /// What the adversary had at that moment.
        adversary: u32,
    },
    /// 19d: the winner reached the target in the declarations, and the
    /// deal stopped there; the adversary had `adversary`.
    Stopped {
        /// The declaration (or repique) that reached it.
        at: Crossed,
        /// What the adversary had at that moment.
        adversary: u32,
    },
    /// 19d: both passed the target in the deal played out, and the winner
    /// has the higher score (where the scores are equal, the first to
    /// reach the target: see docs/scoring.md).
    Higher {
        /// Where the winner reached the target.
        at: Crossed,
        /// The winner's total.
        total: u32,
        /// The adversary's total.
        adversary: u32,
    },
    /// The adversary lost the game under a penalty (au cent AC9, AC10).
    Penalty {
        /// The laws of the ruling.
        laws: &'static [&'static str],
    },
}

/// A game won at a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameWon {
    /// Who won it.
    pub winner: PlayerId,
    /// What it counts toward the partie: one, or two for a double game.
    pub counts: u32,
    /// How.
    pub how: Won,
    /// The laws that give the game.
    pub laws: &'static [&'static str],
    /// The points that win a game (a hundred; 19c: 150 or 200 by agreement).
    pub up: u32,
    /// Whether a game can be double under the rule set (AC28; not 19c).
    pub doubles: bool,
    /// The laws of the order in which a deal's scores reckon (law 67; 9a, 11a).
    pub order: &'static [&'static str],
}

/// Where a deal's game, and the partie, stand after the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAt {
    /// The game's number in the partie, from 1.
    pub number: u32,
    /// The game's first deal.
    pub first: u32,
    /// Each player's points in the game after the deal.
    pub totals: [u32; 2],
    /// The game, when this deal won it.
    pub won: Option<GameWon>,
    /// The games each player has won toward the partie, doubles counting two.
    pub games: [u32; 2],
    /// The winner of the partie, when this deal decided it.
    pub partie: Option<PlayerId>,
}

impl GameAt {
    /// The game a deal numbered `number` is played in: the game `last`
    /// left in play, or, after a game won (or before any), the next one,
    /// begun from nothing at this deal, the games won so far `games`.
    pub fn in_play(last: Option<GameAt>, number: u32, games: [u32; 2]) -> GameAt {
        match last {
            Some(game) if game.won.is_none() => game,
            last => GameAt {
                number: last.map_or(1, |g| g.number + 1),
                first: number,
                totals: [0; 2],
                won: None,
                games,
                partie: None,
            },
        }
    }
}

/// One step of a deal's score in the order of law 67.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// `player` reckons `points`, at `at`: from the deal's score line
    /// `line`, in hand (the declarations and repique) or not (the play).
    Scores {
        player: PlayerId,
        points: u32,
        at: Crossed,
        line: usize,
        in_hand: bool,
    },
    /// `player` loses the game under a penalty of these laws.
    Loses(PlayerId, &'static [&'static str]),
}

/// The games of one partie, as the deals are ruled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Games {
    up: u32,
    double_under: u32,
    double_counts: u32,
    to_win: u32,
    /// How the deal that reaches `up` ends (AC28; 19d).
    end: GameEnd,
    laws: &'static [&'static str],
    end_laws: &'static [&'static str],
    order: &'static [&'static str],
    partie_laws: &'static [&'static str],
    /// The game in play, or the last one.
    game: Option<GameAt>,
    /// Each player's games toward the partie.
    won: [u32; 2],
}

impl Games {
    /// The games of a partie under `rules`, or `None` where its partie is
    /// not played in games.
    pub fn of(rules: &RuleSet) -> Option<Games> {
        let PartieRule::Games {
            up,
            double_under,
            double_counts,
            to_win,
            end,
        } = rules.partie
        else {
            return None;
        };
        Some(Games {
            up,
            double_under,
            double_counts,
            to_win,
            end,
            laws: rules.cite.game,
            end_laws: rules.cite.game_end,
            order: rules.cite.order,
            partie_laws: rules.cite.partie,
            game: None,
            won: [0; 2],
        })
    }

    /// The game in play, or the last one when it is won.
    pub fn game(&self) -> Option<GameAt> {
        self.game
    }

    /// AC28: "A game is one hundred up": the totals the next deal starts
    /// from, nothing when a game is won or none begun.
    pub fn carried(&self) -> [u32; 2] {
        match self.game {
            Some(game) if game.won.is_none() => game.totals,
            _ => [0; 2],
        }
    }

    /// AC29: whether the partie is decided.
    pub fn decided(&self) -> Option<PlayerId> {
        PlayerId::BOTH
            .into_iter()
            .find(|p| self.won[p.index()] >= self.to_win)
    }

    /// A deal numbered `number` stood, from the game totals `before`: adds it
    /// to the game in play (beginning one when the last is won), and wins the
    /// game where the deal takes a player to a hundred, or a penalty loses it.
    /// 19d: a deal that reaches the target in the declarations stops there:
    /// its score becomes what was scored up to the stop.
    pub fn stood(
        &mut self,
        number: u32,
        before: [u32; 2],
        ruling: &mut DealRuling,
        rules: &RuleSet,
    ) -> GameAt {
        let steps = steps(ruling, rules);
        let (won, stop) = self.decide_deal(before, &steps);
        if let (Some(stop), Some(won)) = (stop, won) {
            stop_at(ruling, &steps, stop, won.winner);
        }
        self.record(number, before, ruling.score.scores, won)
    }

    /// 19d: the deal as it stands where it stops at the target from the
    /// game totals `before`, or `None` where it does not stop (a scoresheet
    /// checked against a transcript's deal).
    pub fn stopped(
        &self,
        before: [u32; 2],
        ruling: &DealRuling,
        rules: &RuleSet,
    ) -> Option<DealRuling> {
        let steps = steps(ruling, rules);
        let (won, stop) = self.decide_deal(before, &steps);
        let (stop, won) = (stop?, won?);
        let mut stopped = ruling.clone();
        stop_at(&mut stopped, &steps, stop, won.winner);
        Some(stopped)
    }

    /// A deal stood as ruled, where it has already been stopped at the
    /// target if it stops ([`Games::stopped`]): adds it to the game in play.
    pub fn stood_as_ruled(
        &mut self,
        number: u32,
        before: [u32; 2],
        ruling: &DealRuling,
        rules: &RuleSet,
    ) -> GameAt {
        let (won, _) = self.decide_deal(before, &steps(ruling, rules));
        self.record(number, before, ruling.score.scores, won)
    }

    /// Who wins the game in this deal, and the step where the deal stops, if it does.
    fn decide_deal(&self, before: [u32; 2], steps: &[Step]) -> (Option<GameWon>, Option<usize>) {
        match self.end {
            GameEnd::PlayedOut => (self.decide(before, steps), None),
            GameEnd::StopsInTheDeclarations => self.decide_stopping(before, steps),
        }
    }

    /// A deal numbered `number` stood, scoring `scores` from the game totals
    /// `before`, and won the game as `won` says: adds it to the game in play,
    /// beginning one when the last is won.
    pub fn record(
        &mut self,
        number: u32,
        before: [u32; 2],
        scores: [u32; 2],
        won: Option<GameWon>,
    ) -> GameAt {
        let mut game = GameAt::in_play(self.game, number, self.won);
        game.totals = [0, 1].map(|p| before[p].saturating_add(scores[p]));
        if let Some(won) = won {
            self.won[won.winner.index()] += won.counts;
        }
        game.won = won;
        game.games = self.won;
        game.partie = won.and(self.decided());
        self.game = Some(game);
        game
    }

    /// AC28 where only the deal's scores are known, not the order in which
    /// they reckoned (a scoresheet): every way the game can have gone, the
    /// adversary of the player who reached a hundred having, at that
    /// moment, anything from his total before the deal to his total after.
    /// One way where the totals leave no doubt; none won, `[None]`.
    pub fn possible(&self, before: [u32; 2], scores: [u32; 2]) -> Vec<Option<GameWon>> {
        let after = [0, 1].map(|p| before[p].saturating_add(scores[p]));
        let mut out = Vec::new();
        for winner in PlayerId::BOTH {
            let (w, o) = (winner.index(), winner.other().index());
            if after[w] < self.up || (before[o] >= self.up && before[w] < self.up) {
                continue;
            }
            // 19d: both at the target before the deal, the higher has won.
            let stops = self.end == GameEnd::StopsInTheDeclarations;
            if stops && before[o] >= self.up && before[o] > before[w] {
                continue;
            }
            let at = if before[w] >= self.up {
                Crossed::Stated
            } else {
                Crossed::Deal
            };
            // 19d: both pass the target only in a deal played out, and
            // the higher score wins; equal, either may have been first.
            let higher = after[w] > after[o] || after[o] < self.up;
            if self.end == GameEnd::StopsInTheDeclarations && at == Crossed::Deal {
                if higher || after[w] == after[o] {
                    out.push(Some(self.reached(winner, after[o], at)));
                }
                continue;
            }
            if before[o] < self.double_under {
                out.push(Some(self.reached(winner, before[o], at)));
            }
            if after[o] >= self.double_under {
                out.push(Some(self.reached(
                    winner,
                    after[o].max(self.double_under),
                    at,
                )));
            }
        }
        if out.is_empty() {
            out.push(None);
        }
        out
    }

    /// AC28: the first to reach a hundred in the order of law 67 wins the
    /// game, a double game where his adversary then has less than fifty. A
    /// player who loses the game under a penalty loses a single game: the
    /// double is for "a player scoring a hundred", which the winner has not.
    fn decide(&self, before: [u32; 2], steps: &[Step]) -> Option<GameWon> {
        let mut running = before;
        let reached = |running: [u32; 2], at| {
            let winner = PlayerId::BOTH
                .into_iter()
                .filter(|p| running[p.index()] >= self.up)
                .max_by_key(|p| running[p.index()])?;
            Some(self.reached(winner, running[winner.other().index()], at))
        };
        if let Some(won) = reached(running, Crossed::Stated) {
            return Some(won);
        }
        for step in steps {
            match *step {
                Step::Loses(loser, laws) => {
                    return Some(GameWon {
                        counts: 1,
                        how: Won::Penalty { laws },
                        ..self.reached(loser.other(), 0, Crossed::Deal)
                    })
                }
                Step::Scores {
                    player, points, at, ..
                } => {
                    running[player.index()] = running[player.index()].saturating_add(points);
                    if running[player.index()] >= self.up {
                        return Some(self.reached(player, running[player.other().index()], at));
                    }
                }
            }
        }
        None
    }

    /// 19c, 19d: the deal stops as soon as a player reaches the target in
    /// the declarations (carte blanche, point, sequence, sets, across both
    /// players in that order, with a repique where it falls): he wins the
    /// game, and the step where he reached it is where the deal stopped.
    /// Otherwise the deal is played out: a player who alone has the target
    /// wins, and where both pass it "whoever has the higher score wins";
    /// equal, the first to reach it (19c: "the game ends when one of the
    /// players reaches the agreed total").
    fn decide_stopping(
        &self,
        before: [u32; 2],
        steps: &[Step],
    ) -> (Option<GameWon>, Option<usize>) {
        let mut running = before;
        let stated = PlayerId::BOTH
            .into_iter()
            .filter(|p| running[p.index()] >= self.up)
            .max_by_key(|p| running[p.index()]);
        if let Some(winner) = stated {
            let adversary = running[winner.other().index()];
            return (Some(self.reached(winner, adversary, Crossed::Stated)), None);
        }
        let mut first: Option<(PlayerId, Crossed)> = None;
        for (index, step) in steps.iter().enumerate() {
            match *step {
                Step::Loses(loser, laws) => {
                    let won = GameWon {
                        how: Won::Penalty { laws },
                        ..self.reached(loser.other(), 0, Crossed::Deal)
                    };
                    return (Some(GameWon { counts: 1, ..won }), None);
                }
                Step::Scores {
                    player,
                    points,
                    at,
                    in_hand,
                    ..
                } => {
                    let p = player.index();
                    running[p] = running[p].saturating_add(points);
                    if running[p] < self.up {
                        continue;
                    }
                    if in_hand {
                        let adversary = running[1 - p];
                        let won = GameWon {
                            how: Won::Stopped { at, adversary },
                            laws: self.end_laws,
                            ..self.reached(player, adversary, at)
                        };
                        return (Some(won), Some(index));
                    }
                    first.get_or_insert((player, at));
                }
            }
        }
        let (first, at) = match first {
            Some(found) => found,
            None => return (None, None),
        };
        let [a, b] = running;
        let winner = match (a >= self.up && b >= self.up, a.cmp(&b)) {
            (false, _) | (true, std::cmp::Ordering::Equal) => first,
            (true, std::cmp::Ordering::Greater) => PlayerId(0),
            (true, std::cmp::Ordering::Less) => PlayerId(1),
        };
        let (total, adversary) = (running[winner.index()], running[winner.other().index()]);
        let won = if a >= self.up && b >= self.up {
            let at = if winner == first { at } else { Crossed::Deal };
            GameWon {
                how: Won::Higher {
                    at,
                    total,
                    adversary,
                },
                laws: self.end_laws,
                ..self.reached(winner, adversary, at)
            }
        } else {
            self.reached(winner, adversary, at)
        };
        (Some(won), None)
    }

    fn reached(&self, winner: PlayerId, adversary: u32, at: Crossed) -> GameWon {
        GameWon {
            winner,
            counts: if adversary < self.double_under {
                self.double_counts
            } else {
                1
            },
            how: Won::Reached { at, adversary },
            laws: self.laws,
            up: self.up,
            doubles: self.double_under > 0,
            order: self.order,
        }
    }

    /// AC29: the partie as it stands, with the totals of the game in play
    /// (or of the last game).
    pub fn standing(&self, totals: [u32; 2]) -> Standing {
        let winner = self.decided();
        Standing {
            totals,
            complete: winner.is_some(),
            winner,
            points: None,
            rubicon: false,
            tied: false,
            laws: &[],
            points_laws: &[],
            games: Some(PartieGames {
                won: self.won,
                laws: if winner.is_some() {
                    self.partie_laws
                } else {
                    &[]
                },
                cite: self.partie_laws,
                to_win: self.to_win,
                doubles: self.double_under > 0,
            }),
        }
    }
}

/// Law 67: the deal's scores one by one in the order they reckon: carte
/// blanche; a penalty that loses the game (AC9 and AC10 are incurred in the
/// exchange, after carte blanche has scored and before anything is
/// declared); point, sequences, quatorzes and trios, with repique when its
/// thirty is made (law 68); points in play trick by trick, with pique when
/// its thirty is made (law 69); the cards or capot (law 66).
fn steps(ruling: &DealRuling, rules: &RuleSet) -> Vec<Step> {
    let lines: Vec<(usize, &ScoreLine)> = ruling
        .score
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.struck)
        .collect();
    let bonus = |item: Item| lines.iter().find(|(_, l)| l.item == item).copied();
    let mut order = Order {
        out: Vec::with_capacity(lines.len() + 2 * ruling.tricks.len()),
        made: [0; 2],
        bonuses: [bonus(Item::Repique), bonus(Item::Pique)],
        thirty: rules.pique_at,
    };
    let carte_blanche = |l: &ScoreLine| matches!(l.item, Item::Holding(h) if h.category() == Category::CarteBlanche);
    for &(index, line) in lines.iter().filter(|(_, l)| carte_blanche(l)) {
        order.line(index, line);
    }
    for r in &ruling.rulings {
        if let (Penalty::LosesTheGame, Some(offender)) = (r.penalty, r.offender) {
            order.out.push(Step::Loses(offender, r.laws));
        }
    }
    let declared = |l: &ScoreLine| matches!(l.item, Item::Holding(_)) && !carte_blanche(l);
    for &(index, line) in lines.iter().filter(|(_, l)| declared(l)) {
        order.line(index, line);
    }
    // The repique is won in hand alone: at the latest before the play.
    order.bonus(0);
    play(ruling, &lines, rules, &mut order);
    order.bonus(1);
    for &(index, line) in &lines {
        if matches!(line.item, Item::TheCards { .. } | Item::Capot) {
            order.line(index, line);
        }
    }
    order.out
}

/// 19d: the deal stopped at step `stop`, where `winner` reached the
/// target: only the score lines reckoned up to it stand; the rest, and the
/// play, are not scored. The written scores are compared with what stands.
fn stop_at(ruling: &mut DealRuling, steps: &[Step], stop: usize, winner: PlayerId) {
    let kept: Vec<usize> = steps[..=stop]
        .iter()
        .filter_map(|step| match step {
            Step::Scores { line, .. } => Some(*line),
            Step::Loses(..) => None,
        })
        .collect();
    let at = match steps[stop] {
        Step::Scores { at, .. } => at,
        Step::Loses(..) => Crossed::Deal,
    };
    let before = ruling.score.lines.len();
    let mut index = 0;
    ruling.score.lines.retain(|_| {
        let keep = kept.contains(&index);
        index += 1;
        keep
    });
    let mut scores = [0u32; 2];
    for line in ruling.score.lines.iter().filter(|l| !l.struck) {
        scores[line.player.index()] += line.points;
    }
    ruling.score.scores = scores;
    ruling
        .score
        .missed
        .retain(|m| matches!(m, super::score::Missed::Repique { .. }));
    for written in &mut ruling.written {
        written.referee = scores[written.player.index()];
    }
    ruling.notes.push(Note::StoppedAtTheTarget {
        player: winner,
        at,
        unscored: before - ruling.score.lines.len(),
        played: !ruling.tricks.is_empty(),
    });
}

/// The steps in order, and the repique and pique still to fall.
struct Order<'a> {
    out: Vec<Step>,
    /// What each player has made in the deal so far, toward thirty.
    made: [u32; 2],
    /// The repique and the pique, until they fall.
    bonuses: [Option<(usize, &'a ScoreLine)>; 2],
    thirty: u32,
}

impl Order<'_> {
    fn line(&mut self, index: usize, line: &ScoreLine) {
        let in_hand = matches!(line.item, Item::Holding(_) | Item::Repique);
        self.scores(
            line.player,
            line.points,
            Crossed::Line(line.item),
            index,
            in_hand,
        );
    }

    /// `player` scores `points` of line `index`; a repique or pique of his
    /// falls when his thirty is made.
    fn scores(&mut self, player: PlayerId, points: u32, at: Crossed, line: usize, in_hand: bool) {
        self.out.push(Step::Scores {
            player,
            points,
            at,
            line,
            in_hand,
        });
        let p = player.index();
        self.made[p] = self.made[p].saturating_add(points);
        for slot in 0..2 {
            if self.bonuses[slot]
                .is_some_and(|(_, l)| l.player == player && self.made[p] >= self.thirty)
            {
                self.bonus(slot);
            }
        }
    }

    /// The repique (0) or pique (1), now, if it has not fallen.
    fn bonus(&mut self, slot: usize) {
        if let Some((index, l)) = self.bonuses[slot].take() {
            self.out.push(Step::Scores {
                player: l.player,
                points: l.points,
                at: Crossed::Line(l.item),
                line: index,
                in_hand: slot == 0,
            });
        }
    }
}

/// Law 65, trick by trick: one for each card led, one for a trick won as
/// second player, two instead of one for the last trick (AC26: nothing for
/// a seven to nine, by agreement); each player's
/// points kept within his line of points in play (what the deal scored
/// him there), the rest of which, if any, comes at the end of the play.
fn play(
    ruling: &DealRuling,
    lines: &[(usize, &ScoreLine)],
    rules: &RuleSet,
    order: &mut Order<'_>,
) {
    let mut left = [0u32; 2];
    let mut item = [None; 2];
    for &(index, line) in lines {
        if let Item::Play { .. } = line.item {
            left[line.player.index()] += line.points;
            item[line.player.index()] = Some((index, line.item));
        }
    }
    let count = ruling.tricks.len();
    for (i, trick) in ruling.tricks.iter().enumerate() {
        let last = ruling.score.play_complete && i + 1 == count;
        // AC26, by agreement: a seven to nine led or winning scores nothing.
        let scored = TrickScore::of(trick, last, rules);
        let won = if trick.winner == trick.leader {
            scored.last
        } else {
            scored.win + scored.last
        };
        for (player, points) in [(trick.leader, scored.lead), (trick.winner, won)] {
            let points = points.min(left[player.index()]);
            if let (true, Some((index, _))) = (points > 0, item[player.index()]) {
                left[player.index()] -= points;
                order.scores(player, points, Crossed::Trick(i + 1), index, false);
            }
        }
    }
    for player in PlayerId::BOTH {
        if let (Some((index, item)), rest @ 1..) = (item[player.index()], left[player.index()]) {
            order.scores(player, rest, Crossed::Line(item), index, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::declarations::Holding;
    use super::super::ruleset::AU_CENT;
    use super::*;
    use crate::notation::read_str;
    use crate::ruling::{Irregularity, Ruling};

    /// The first deal of `text`, ruled under au cent.
    fn ruled(text: &str) -> DealRuling {
        let text = format!("[Rules \"au-cent\"]\n[Players \"A B\"]\n\n{text}");
        let reading = read_str(&text);
        assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        let mut ruled = super::super::rule(&reading.transcript).expect("au cent");
        ruled.deals.remove(0)
    }

    /// A calls point five and is not good; his quint and quatorze (29)
    /// reckon after B's point of six (6), law 67 II before III and IV.
    const POINT_BEFORE_QUINT: &str = "deal 1\ndealer B\nA calls point 5 making 49\nB replies not good\nA calls quint to king\nB replies good\nA calls four aces\nB replies good\nA reckons quint to king, four aces\nB reckons point 6\n";

    /// A's carte blanche (10), then his quint (15).
    const CARTE_BLANCHE: &str =
        "deal 1\ndealer B\nA reckons carte blanche\nA calls quint to ace\nB replies good\nA reckons quint to ace\n";

    /// What a case is, the deal, whether A loses the game under a penalty,
    /// the game totals before it, and the game as won: winner, counts and
    /// where (`None`: not won).
    type Case = (
        &'static str,
        &'static str,
        bool,
        [u32; 2],
        Option<(u8, u32, Won)>,
    );

    /// AC28 in the order of law 67, and a game lost under a penalty (AC9, AC10).
    #[test]
    fn ac28_the_game_is_won_in_the_order_of_law_67() {
        let regular = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/rule/regular-calls.pqt"
        ))
        .expect("fixture");
        let regular: &'static str = Box::leak(regular.into_boxed_str());
        let at = |at, adversary| Won::Reached { at, adversary };
        let point = |cards| Crossed::Line(Item::Holding(point_of(cards)));
        let penalty = Won::Penalty { laws: &["AC9"] };
        let table: Vec<Case> = vec![
            (
                "nobody reaches a hundred",
                POINT_BEFORE_QUINT,
                false,
                [20, 20],
                None,
            ),
            // B's point (II) before A's quint (III): B at 100, A still 29.
            (
                "B's point first, A under fifty: double",
                POINT_BEFORE_QUINT,
                false,
                [29, 94],
                Some((1, 2, at(point(6), 29))),
            ),
            (
                "B's point first, A at fifty: single",
                POINT_BEFORE_QUINT,
                false,
                [50, 94],
                Some((1, 1, at(point(6), 50))),
            ),
            // A's quint makes 101 before B's point could count for him.
            (
                "A's quint, B under fifty after his point",
                POINT_BEFORE_QUINT,
                false,
                [86, 40],
                Some((0, 2, at(Crossed::Line(Item::Holding(sequence_of(5))), 46))),
            ),
            // Regular deal: A makes 22 in hand, B 19; from 70 each, 92 and
            // 89; A leads tricks 1-6 (98), wins trick 7 (99), leads trick 8 (100).
            (
                "A in play at trick 8",
                regular,
                false,
                [70, 70],
                Some((0, 1, at(Crossed::Trick(8), 91))),
            ),
            (
                "the totals written already make a hundred",
                POINT_BEFORE_QUINT,
                false,
                [60, 104],
                Some((1, 1, at(Crossed::Stated, 60))),
            ),
            // AC9: A loses the game; B wins it single, though A's quint would take him past a hundred.
            (
                "A loses the game under a penalty",
                POINT_BEFORE_QUINT,
                true,
                [90, 20],
                Some((1, 1, penalty)),
            ),
            // Carte blanche reckons before the exchange, where the penalty is incurred.
            (
                "A's carte blanche wins before his penalty",
                CARTE_BLANCHE,
                true,
                [92, 10],
                Some((
                    0,
                    2,
                    at(Crossed::Line(Item::Holding(Holding::CarteBlanche)), 10),
                )),
            ),
        ];
        for (what, text, loses, before, expected) in table {
            let mut deal = ruled(text);
            if loses {
                deal.rulings.push(Ruling {
                    irregularity: Irregularity::BystanderSpeaks,
                    offender: Some(PlayerId(0)),
                    laws: &["AC9"],
                    penalty: Penalty::LosesTheGame,
                    span: None,
                    analogy: None,
                });
            }
            let mut games = Games::of(&AU_CENT).expect("games");
            let game = games.stood(1, before, &mut deal, &AU_CENT);
            let won = game.won.map(|w| (w.winner.0, w.counts, w.how));
            assert_eq!(won, expected, "{what}");
            assert_eq!(
                game.totals,
                [0, 1].map(|p| before[p] + deal.score.scores[p]),
                "{what}: the deal is played out"
            );
        }
    }

    fn point_of(cards: u8) -> Holding {
        Holding::Point(crate::engine::holding::Point {
            suit: crate::cards::Suit::Spades,
            cards,
            value: 0,
        })
    }

    fn sequence_of(length: u8) -> Holding {
        Holding::Sequence(crate::engine::holding::Sequence {
            suit: crate::cards::Suit::Spades,
            length,
            top: crate::cards::Rank::King,
        })
    }

    /// AC29: three games of five, a double counting two; each game from nothing.
    #[test]
    fn ac29_three_games_of_five() {
        let deal = ruled(POINT_BEFORE_QUINT);
        // (the totals before each deal, as written, and the games after it)
        let table: [([u32; 2], [u32; 2], Option<u8>); 3] = [
            ([29, 94], [0, 2], None),
            ([0, 0], [0, 2], None),
            ([50, 94], [0, 3], Some(1)),
        ];
        let mut games = Games::of(&AU_CENT).expect("games");
        for (number, (before, won, partie)) in (1..).zip(table) {
            let game = games.stood(number, before, &mut deal.clone(), &AU_CENT);
            assert_eq!(game.games, won, "deal {number}");
            assert_eq!(games.decided().map(|p| p.0), partie, "deal {number}");
        }
        assert_eq!(games.carried(), [0, 0]);
        let standing = games.standing([0, 0]);
        assert!(standing.complete);
        assert_eq!(standing.laws(), &["AC29"]);
    }

    /// AC28 from a deal's scores alone: every way the game can have gone.
    #[test]
    fn ac28_from_the_scores_alone() {
        // (before, scores, each way as (winner, counts))
        type Ways = Vec<Option<(u8, u32)>>;
        let table: [([u32; 2], [u32; 2], Ways); 6] = [
            ([20, 20], [30, 10], vec![None]),
            ([94, 15], [14, 15], vec![Some((0, 2))]),
            ([58, 29], [0, 94], vec![Some((1, 1))]),
            // B passes fifty in the deal: before or after A's hundred.
            ([90, 40], [20, 20], vec![Some((0, 2)), Some((0, 1))]),
            // Both pass a hundred in the deal: either may have been first.
            ([95, 95], [10, 10], vec![Some((0, 1)), Some((1, 1))]),
            ([60, 104], [10, 0], vec![Some((1, 1))]),
        ];
        let games = Games::of(&AU_CENT).expect("games");
        for (before, scores, expected) in table {
            let ways: Vec<_> = games
                .possible(before, scores)
                .into_iter()
                .map(|w| w.map(|w| (w.winner.0, w.counts)))
                .collect();
            assert_eq!(ways, expected, "{before:?} + {scores:?}");
        }
    }

    /// The first deal of `text`, ruled under the classic French rules.
    fn classic(text: &str) -> DealRuling {
        let text = format!("[Rules \"classic\"]\n[Players \"A B\"]\n\n{text}");
        let reading = read_str(&text);
        assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        let mut ruled = super::super::rule(&reading.transcript).expect("classic");
        ruled.deals.remove(0)
    }

    /// 19d: the deal stops where the target is reached in the
    /// declarations, by kind across both players: A's point (5, making
    /// 46), B's quart (4), A's quatorze (14). (what, the game totals
    /// before, the deal's score as it stands, the winner).
    #[test]
    fn d19_the_deal_stops_at_the_target() {
        let deal = "deal 1\ndealer B\nA calls point 5 making 46\nB replies good\nA calls tierce to queen\nB replies better\nA calls four kings\nB replies good\nA reckons point, four kings\nB reckons quart to king\n";
        type Stop = (&'static str, [u32; 2], [u32; 2], Option<u8>);
        let table: [Stop; 5] = [
            ("nobody reaches it", [20, 20], [19, 4], None),
            ("A at his point", [95, 99], [5, 0], Some(0)),
            (
                "B at his quart, before A's quatorze",
                [90, 96],
                [5, 4],
                Some(1),
            ),
            ("A at his quatorze", [85, 90], [19, 4], Some(0)),
            (
                "already reached before the deal",
                [100, 90],
                [19, 4],
                Some(0),
            ),
        ];
        let rules = RuleSet::of(crate::Rules::Classic).expect("classic");
        for (what, before, scores, winner) in table {
            let mut ruling = classic(deal);
            let mut games = Games::of(rules).expect("games");
            let game = games.stood(1, before, &mut ruling, rules);
            assert_eq!(ruling.score.scores, scores, "{what}");
            assert_eq!(game.won.map(|w| w.winner.0), winner, "{what}");
            assert!(game.won.is_none_or(|w| w.counts == 1), "{what}: no doubles");
        }
    }

    /// 19d from the scores alone: both past the target only in a deal
    /// played out, where the higher wins; equal, either.
    #[test]
    fn d19_from_the_scores_alone() {
        type Ways = Vec<Option<u8>>;
        let table: [([u32; 2], [u32; 2], Ways); 5] = [
            ([90, 95], [5, 0], vec![None]),
            ([104, 101], [0, 10], vec![Some(0)]),
            ([90, 95], [20, 10], vec![Some(0)]),
            ([90, 95], [10, 20], vec![Some(1)]),
            ([90, 95], [15, 10], vec![Some(0), Some(1)]),
        ];
        let rules = RuleSet::of(crate::Rules::Classic).expect("classic");
        let games = Games::of(rules).expect("games");
        for (before, scores, expected) in table {
            let ways: Ways = games
                .possible(before, scores)
                .into_iter()
                .map(|w| w.map(|w| w.winner.0))
                .collect();
            assert_eq!(ways, expected, "{before:?} + {scores:?}");
        }
    }
}
