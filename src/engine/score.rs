//! A deal's score in the order of law 67: carte blanche, point, sequences,
//! quatorzes and trios, points made in play, the cards; then repique (law
//! 68) and pique (law 69), which that order decides.

use crate::notation::PlayerId;

use super::declarations::{laws_for, Category, Declarations, Holding};
use super::ruleset::{LastOnCapot, RuleSet};
use super::table::PlayedTrick;

/// What a score line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A declaration held good: carte blanche, point, sequence, quatorze or trio.
    Holding(Holding),
    /// Points made in play (law 65).
    Play {
        /// Cards led that count.
        leads: u32,
        /// Tricks won as second player with a card that counts.
        wins: u32,
        /// Whether he scored the last trick's one more.
        last: bool,
        /// Cards led, or winning as second player, that do not count
        /// (sevens to nines, by agreement: AC26).
        uncounted: u32,
    },
    /// The cards: more than half the tricks (law 66).
    TheCards {
        /// Tricks won.
        tricks: usize,
    },
    /// Every trick (law 66).
    Capot,
    /// Thirty in hand alone before the adversary counts (law 68).
    Repique,
    /// Thirty in hand and play before the adversary reckons (law 69).
    Pique,
}

/// One line of a deal's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    /// Who scores.
    pub player: PlayerId,
    /// For what.
    pub item: Item,
    /// How many points.
    pub points: u32,
    /// The laws that give it.
    pub laws: &'static [&'static str],
    /// The event at which it was reckoned, if any.
    pub event: Option<usize>,
    /// Struck out: the player can reckon nothing that deal (a penalty).
    pub struck: bool,
}

/// Where a pique was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// By the adversary's declaration, which reckons before any play.
    Hand(Category),
    /// By the adversary's point in play at this trick (1-based).
    Trick(usize),
}

/// Why a player who made thirty did not win a pique or repique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missed {
    /// He made `reached` in hand, but the adversary reckoned first in `stopped_by`.
    Repique {
        /// The player.
        player: PlayerId,
        /// What he made in hand.
        reached: u32,
        /// What the adversary reckoned that comes first.
        stopped_by: Category,
    },
    /// A player who may make a pique (the elder, law 69; either, 15.1g)
    /// made `reached` in hand and play, but the adversary had reckoned.
    Pique {
        /// The player.
        player: PlayerId,
        /// What the elder made in hand and play (before the cards and capot).
        reached: u32,
        /// How the younger hand stopped it.
        stopped_by: Stop,
    },
    /// The younger hand made thirty in hand and play; only the elder can make a pique.
    PiqueByYounger {
        /// What he made.
        reached: u32,
    },
}

/// A deal's score.
#[derive(Clone, Debug, Default)]
pub struct DealScore {
    /// Every line, in the order of law 67, pique and repique where they fall.
    pub lines: Vec<ScoreLine>,
    /// Each player's total for the deal.
    pub scores: [u32; 2],
    /// Tricks won by each player.
    pub tricks: [usize; 2],
    /// Whether all twelve tricks were played, so the cards could be scored.
    pub play_complete: bool,
    /// Why a pique or repique was not won, where a player made thirty.
    pub missed: Vec<Missed>,
}

/// Law 67: totals the deal in order, with repique (68) and pique (69).
pub fn score(
    declarations: &Declarations,
    tricks: &[PlayedTrick],
    play_complete: bool,
    elder: PlayerId,
    rules: &RuleSet,
) -> DealScore {
    let lines = Vec::with_capacity(8);
    score_with(
        declarations,
        tricks,
        [0, 0],
        play_complete,
        elder,
        rules,
        lines,
    )
}

/// Law 67, with `extra` tricks for each player: law 57, "His adversary
/// counts as tricks all cards that cannot be played to." The lines are
/// written into `lines`, cleared first (a list kept from an earlier deal).
pub fn score_with(
    declarations: &Declarations,
    tricks: &[PlayedTrick],
    extra: [usize; 2],
    play_complete: bool,
    elder: PlayerId,
    rules: &RuleSet,
    mut lines: Vec<ScoreLine>,
) -> DealScore {
    lines.clear();
    let mut out = DealScore {
        play_complete,
        lines,
        ..DealScore::default()
    };
    let mut hand = [0u32; 2];
    let mut barred = [None::<Category>; 2];
    let mut repique = None;
    let mut reached_at = [None::<Category>; 2];
    // The holdings' lines in one pass, each kind's points added up apart;
    // the lines are put in law 67's order with the rest, at the end.
    let mut by_category = [[0u32; 2]; 4];
    for scored in &declarations.scored {
        let points = scored.holding.score(rules);
        by_category[scored.holding.category() as usize][scored.player.index()] += points;
        out.lines.push(ScoreLine {
            player: scored.player,
            item: Item::Holding(scored.holding),
            points,
            laws: holding_laws(&scored.holding, rules),
            event: scored.event,
            struck: false,
        });
    }
    for category in [
        Category::CarteBlanche,
        Category::Point,
        Category::Sequence,
        Category::Set,
    ] {
        hand[0] += by_category[category as usize][0];
        hand[1] += by_category[category as usize][1];
        for player in PlayerId::BOTH {
            let p = player.index();
            if declarations.bars[category as usize][p] && barred[1 - p].is_none() {
                // This player has reckoned: the adversary can no longer make thirty first.
                barred[1 - p] = Some(category);
            }
        }
        // Law 68: thirty in hand alone, before the adversary counts anything;
        // 11d, 11e the same: "the other player must not have scored any
        // declaration at all before the one that brought him to the 30".
        for player in PlayerId::BOTH {
            let p = player.index();
            if hand[p] >= rules.pique_at && reached_at[p].is_none() {
                reached_at[p] = Some(category);
                if barred[p].is_none() && repique.is_none() {
                    repique = Some(player);
                }
            }
        }
    }
    if let Some(player) = repique {
        out.lines.push(ScoreLine {
            player,
            item: Item::Repique,
            points: rules.repique,
            laws: rules.cite.repique,
            event: None,
            struck: false,
        });
    }
    for player in PlayerId::BOTH {
        let p = player.index();
        if let (Some(stopped_by), None) = (barred[p], repique) {
            if hand[p] >= rules.pique_at {
                out.missed.push(Missed::Repique {
                    player,
                    reached: hand[p],
                    stopped_by,
                });
            }
        }
    }

    // Law 65: points made in play.
    let mut play = [Play::default(); 2];
    let last_scores = last_trick_scores(tricks, extra, play_complete, rules);
    // Law 69's race to thirty is run in the same pass, each trick scored once.
    let mut race = PlayerId::BOTH.map(|player| Race::start(player, hand, barred, rules));
    for (i, trick) in tricks.iter().enumerate() {
        let last = last_scores && i + 1 == tricks.len();
        let scored = TrickScore::of(trick, last, rules);
        race.iter_mut()
            .for_each(|r| r.trick(trick, &scored, i, rules));
        play[trick.leader.index()].add(scored.lead, false, scored.uncounted.0);
        if trick.winner != trick.leader {
            play[trick.winner.index()].add(scored.win, true, scored.uncounted.1);
        }
        play[trick.winner.index()].last |= scored.last > 0;
        play[trick.winner.index()].points += scored.last;
        out.tricks[trick.winner.index()] += 1;
    }

    // Law 69: the elder's thirty in hand and play before the younger reckons.
    if repique.is_none() && !pique(&mut out, race, elder, rules) {
        let in_play = play.map(|made| made.points);
        pique_by_younger(&mut out, hand, in_play, elder, rules);
    }

    for player in PlayerId::BOTH {
        let made = play[player.index()];
        if made.points > 0 {
            out.lines.push(ScoreLine {
                player,
                item: Item::Play {
                    leads: made.leads,
                    wins: made.wins,
                    last: made.last,
                    uncounted: made.uncounted,
                },
                points: made.points,
                laws: if made.uncounted > 0 {
                    rules.cite.play_not_counting
                } else {
                    rules.cite.play
                },
                event: None,
                struck: false,
            });
        }
    }

    // Law 66: the cards and capot.
    if play_complete {
        out.tricks = [0, 1].map(|p| out.tricks[p] + extra[p]);
        let all = tricks.len() + extra[0] + extra[1];
        for player in PlayerId::BOTH {
            let won = out.tricks[player.index()];
            let (item, points) = if won == all && won >= rules.hand {
                (Item::Capot, rules.capot)
            } else if won * 2 > all {
                (Item::TheCards { tricks: won }, rules.the_cards)
            } else {
                continue;
            };
            out.lines.push(ScoreLine {
                player,
                item,
                points,
                laws: rules.cite.cards,
                event: None,
                struck: false,
            });
        }
    }
    // Pique lines are scored where they fall; put them after play for the
    // order of law 67 (and the holdings by kind). Most deals' lines are in
    // that order already: they are sorted only where they are not.
    if !out.lines.is_sorted_by_key(|line| order(&line.item)) {
        out.lines.sort_by_key(|line| order(&line.item));
    }
    out.total();
    out
}

/// Law 65, 13h: whether the last trick scores its one more: when the play
/// is complete; M4, by agreement, not on a capot.
pub fn last_trick_scores(
    tricks: &[PlayedTrick],
    extra: [usize; 2],
    play_complete: bool,
    rules: &RuleSet,
) -> bool {
    let capot = || {
        let winner = tricks.first().map(|t| t.winner);
        winner
            .is_some_and(|w| tricks.iter().all(|t| t.winner == w) && extra[w.other().index()] == 0)
            && tricks.len() + extra[0] + extra[1] >= rules.hand
    };
    play_complete && !(rules.last_on_capot == LastOnCapot::NotCounted && capot())
}

/// The laws a declaration's score line cites: the point cites AC25 beside
/// law 62 where, by agreement, it counts one less than its cards.
fn holding_laws(holding: &Holding, rules: &RuleSet) -> &'static [&'static str] {
    match holding {
        Holding::Point(p) if rules.point_score.one_less(p.value) => rules.cite.point_one_less,
        _ => laws_for(holding.category(), rules),
    }
}

/// A player's points in play, as they are made.
#[derive(Clone, Copy, Debug, Default)]
struct Play {
    leads: u32,
    wins: u32,
    last: bool,
    uncounted: u32,
    points: u32,
}

impl Play {
    /// A card led (or won with, as second player) scoring `points`; one
    /// that does not count is `uncounted`.
    fn add(&mut self, points: u32, won: bool, uncounted: bool) {
        match won {
            true => self.wins += points,
            false => self.leads += points,
        }
        self.points += points;
        self.uncounted += u32::from(uncounted);
    }
}

/// What one trick scores in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrickScore {
    /// The leader's one for the card he leads, where it counts.
    pub lead: u32,
    /// The second player's one for the card he wins with, where he wins
    /// and it counts.
    pub win: u32,
    /// The last trick's one more, to its winner.
    pub last: u32,
    /// Whether the card led, and the card the second player won with, did
    /// not count.
    pub uncounted: (bool, bool),
}

impl TrickScore {
    /// 13f-13h and 15.1a-15.1c under the French rules, as below.
    ///
    /// Law 65: "each player scores one for every card he leads, or with
    /// which he wins a trick. The winner of the last trick scores two
    /// instead of one." AC26, by agreement: "nines, eights, and sevens are
    /// not counting cards": led or winning, they score nothing; the last
    /// trick, one more than any other, still scores its one more when it is
    /// won with one of them, where the rule set says so (au cent, the
    /// French rules).
    pub fn of(trick: &PlayedTrick, last: bool, rules: &RuleSet) -> TrickScore {
        let counts = |rank| rules.play_score.counts(rank);
        let second_wins = trick.winner != trick.leader;
        let winning = if second_wins { trick.played } else { trick.led };
        let last_scores = last && (counts(winning.rank) || rules.play_score.last_regardless);
        TrickScore {
            lead: u32::from(counts(trick.led.rank)),
            win: u32::from(second_wins && counts(trick.played.rank)),
            last: if last_scores { rules.last_trick - 1 } else { 0 },
            uncounted: (
                !counts(trick.led.rank),
                second_wins && !counts(trick.played.rank),
            ),
        }
    }

    /// What `player` scores by the trick.
    pub fn points(&self, trick: &PlayedTrick, player: PlayerId) -> u32 {
        let mut points = 0;
        if player == trick.leader {
            points += self.lead;
        } else if player == trick.winner {
            points += self.win;
        }
        if player == trick.winner {
            points += self.last;
        }
        points
    }
}

impl DealScore {
    /// Adds up each player's lines that are not struck out.
    fn total(&mut self) {
        self.scores = [0; 2];
        for line in self.lines.iter().filter(|l| !l.struck) {
            self.scores[line.player.index()] += line.points;
        }
    }

    /// Laws 33, 35, 54, 58: the player "can reckon nothing that deal". His
    /// lines are struck out; what he holds still barred his adversary, so
    /// the adversary's pique and repique stay as reckoned with them (the
    /// encyclopaedia: he is not piqued or repiqued if he holds cards which,
    /// but for the penalty, would have reckoned first).
    ///
    /// Case XXI: a carte blanche "accrues before the play of the hand
    /// commences, and before any cards are taken in", so a penalty incurred
    /// in the exchange or later does not bar it; it stays scored.
    pub fn reckons_nothing(&mut self, player: PlayerId) {
        for line in self.lines.iter_mut().filter(|l| l.player == player) {
            let carte_blanche =
                matches!(line.item, Item::Holding(h) if h.category() == Category::CarteBlanche);
            line.struck |= !carte_blanche;
        }
        self.total();
    }

    /// The deal is void (a fresh deal): nothing in it is scored.
    pub fn void(&mut self) {
        for line in &mut self.lines {
            line.struck = true;
        }
        self.total();
    }
}

/// The position of an item in the report: law 67's order, then the bonuses.
fn order(item: &Item) -> u8 {
    match item {
        Item::Holding(h) => h.category() as u8,
        Item::Repique => 4,
        Item::Play { .. } => 5,
        Item::Pique => 6,
        Item::TheCards { .. } => 7,
        Item::Capot => 8,
    }
}

/// Law 69: one player's race to thirty in hand and play, read point by
/// point in the order the points are made, until he makes his pique.
#[derive(Clone, Copy, Debug)]
struct Race {
    player: PlayerId,
    /// What he has made so far.
    total: u32,
    /// What stopped his pique: the adversary's declaration, or his first
    /// point in play.
    stopped: Option<Stop>,
    /// Whether he has made his pique: nothing after it changes what is
    /// found, and the rest of the play is not read.
    piqued: bool,
}

impl Race {
    /// Law 69: the race as the play begins, with what `player` made in hand
    /// and whether the adversary's declaration already stopped it.
    fn start(
        player: PlayerId,
        hand: [u32; 2],
        barred: [Option<Category>; 2],
        rules: &RuleSet,
    ) -> Race {
        let p = player.index();
        let stopped = barred[p].map(Stop::Hand);
        Race {
            player,
            total: hand[p],
            stopped,
            piqued: stopped.is_none() && hand[p] >= rules.pique_at,
        }
    }

    /// Law 69: the points of trick `i` (0-based), the lead's first, then
    /// the winner's. A card that does not count (AC26, 15.1a, 15.1b) scores
    /// nothing: the adversary who leads or wins with one has scored
    /// nothing by it, and the pique stays open.
    fn trick(&mut self, trick: &PlayedTrick, scored: &TrickScore, i: usize, rules: &RuleSet) {
        let won = if trick.winner == trick.leader {
            scored.last
        } else {
            scored.win + scored.last
        };
        self.point(trick.leader, scored.lead, i, rules);
        self.point(trick.winner, won, i, rules);
    }

    /// Law 69: a point `made` by `by` at trick `i`.
    fn point(&mut self, by: PlayerId, made: u32, i: usize, rules: &RuleSet) {
        if self.piqued || made == 0 {
            return;
        }
        if by != self.player {
            self.stopped.get_or_insert(Stop::Trick(i + 1));
            return;
        }
        self.total += made;
        self.piqued = self.stopped.is_none() && self.total >= rules.pique_at;
    }
}

/// Law 69: a pique, or why there is none when the elder made thirty; the
/// French rules, 15.1g, 15.1h: by either player, "while the other player
/// has not yet scored any points at all" (the rule set's `pique_by`).
/// `race` is each player's race to thirty, run through the play.
/// True where a pique is scored.
fn pique(out: &mut DealScore, race: [Race; 2], elder: PlayerId, rules: &RuleSet) -> bool {
    for &player in rules.pique_by.players(elder) {
        let Race {
            total,
            stopped,
            piqued,
            ..
        } = race[player.index()];
        match stopped {
            None if piqued => {
                out.lines.push(ScoreLine {
                    player,
                    item: Item::Pique,
                    points: rules.pique,
                    laws: rules.cite.pique,
                    event: None,
                    struck: false,
                });
                return true;
            }
            Some(stopped_by) if total >= rules.pique_at => out.missed.push(Missed::Pique {
                player,
                reached: total,
                stopped_by,
            }),
            _ => {}
        }
    }
    false
}

/// Law 69: only the elder can make a pique; a younger hand who made
/// thirty in hand and play, the elder having reckoned nothing in hand, is
/// noted. `in_play` is what each player made in play in all (law 65).
fn pique_by_younger(
    out: &mut DealScore,
    hand: [u32; 2],
    in_play: [u32; 2],
    elder: PlayerId,
    rules: &RuleSet,
) {
    let younger = elder.other();
    let made = hand[younger.index()] + in_play[younger.index()];
    let only_elder = !rules.pique_by.players(elder).contains(&younger);
    if only_elder && made >= rules.pique_at && hand[elder.index()] == 0 {
        out.missed.push(Missed::PiqueByYounger { reached: made });
    }
}

#[cfg(test)]
mod tests {
    use super::super::declarations::{Declarations, Scored};
    use super::super::holding::{Point, Sequence, Set};
    use super::super::ruleset::{PlayScore, PointScore, PORTLAND};
    use super::*;
    use crate::cards::{Card, Rank, Suit};

    const A: PlayerId = PlayerId(0);
    const B: PlayerId = PlayerId(1);

    /// Who leads each trick, the tricks lost by their leader, then A's and B's
    /// points in play and for the cards.
    type PlayRow<'a> = (&'a [PlayerId], &'a [usize], u32, u32, u32, u32);
    /// What each player scores in hand, the tricks B wins as second player,
    /// and who wins a repique and a pique.
    type BonusRow = (
        Vec<(PlayerId, Holding)>,
        Vec<usize>,
        Option<PlayerId>,
        Option<PlayerId>,
    );

    fn point(cards: u8) -> Holding {
        Holding::Point(Point {
            suit: Suit::Spades,
            cards,
            value: 0,
        })
    }
    fn sequence(length: u8) -> Holding {
        Holding::Sequence(Sequence {
            suit: Suit::Hearts,
            length,
            top: Rank::Ace,
        })
    }
    fn set(count: u8) -> Holding {
        Holding::Set(Set {
            rank: Rank::Ace,
            count,
        })
    }

    /// Declarations where each listed player scores (and so bars) the holding.
    fn declared(items: &[(PlayerId, Holding)]) -> Declarations {
        let mut d = Declarations::default();
        for (player, holding) in items {
            d.scored.push(Scored {
                player: *player,
                holding: *holding,
                event: None,
            });
            d.bars[holding.category() as usize][player.index()] = true;
        }
        d
    }

    /// Twelve tricks: `leaders` gives who leads each; the leader wins unless the trick is in `lost`.
    fn tricks(leaders: &[PlayerId], lost: &[usize]) -> Vec<PlayedTrick> {
        let card = Card::new(Rank::Seven, Suit::Clubs);
        leaders
            .iter()
            .enumerate()
            .map(|(i, &leader)| PlayedTrick {
                leader,
                led: card,
                played: card,
                winner: if lost.contains(&(i + 1)) {
                    leader.other()
                } else {
                    leader
                },
                event: i,
            })
            .collect()
    }

    fn points_for(score: &DealScore, player: PlayerId, item: fn(&Item) -> bool) -> u32 {
        score
            .lines
            .iter()
            .filter(|l| l.player == player && item(&l.item))
            .map(|l| l.points)
            .sum()
    }

    #[test]
    fn laws_65_66_play_the_cards_and_capot() {
        // (who leads each trick, tricks lost by their leader, A's play, B's play, A's cards, B's cards)
        let all_a = [A; 12];
        let table: [PlayRow; 3] = [
            // A leads and wins every trick: 12 led, 2 for the last, capot.
            (&all_a, &[], 13, 0, 40, 0),
            // A loses trick 12 to B, who wins it as second player: 2 for the last.
            (&all_a, &[12], 12, 2, 10, 0),
            // Six each: divided, nothing for the cards; B wins the last as leader.
            (&[A, A, A, A, A, A, B, B, B, B, B, B], &[], 6, 7, 0, 0),
        ];
        for (leaders, lost, a_play, b_play, a_cards, b_cards) in table {
            let score = super::score(
                &Declarations::default(),
                &tricks(leaders, lost),
                true,
                A,
                &PORTLAND,
            );
            let play = |i: &Item| matches!(i, Item::Play { .. });
            let cards = |i: &Item| matches!(i, Item::TheCards { .. } | Item::Capot);
            assert_eq!(points_for(&score, A, play), a_play, "{leaders:?} {lost:?}");
            assert_eq!(points_for(&score, B, play), b_play, "{leaders:?} {lost:?}");
            assert_eq!(
                points_for(&score, A, cards),
                a_cards,
                "{leaders:?} {lost:?}"
            );
            assert_eq!(
                points_for(&score, B, cards),
                b_cards,
                "{leaders:?} {lost:?}"
            );
        }
    }

    #[test]
    fn laws_67_to_69_pique_and_repique() {
        let none: [(PlayerId, Holding); 0] = [];
        let all_a = [A; 12];
        // (declarations, tricks won by B as second player, repique for, pique for)
        let table: Vec<BonusRow> = vec![
            // A quint 15 and a quatorze 14 and a point of 6: 35 in hand alone: repique.
            (
                vec![(A, point(6)), (A, sequence(5)), (A, set(4))],
                vec![],
                Some(A),
                None,
            ),
            // The encyclopaedia: quint, tierce and quatorze make 32, but B's point reckons first.
            (
                vec![
                    (B, point(5)),
                    (A, sequence(5)),
                    (A, sequence(3)),
                    (A, set(4)),
                ],
                vec![],
                None,
                None,
            ),
            // 29 in hand, and the elder's first lead makes thirty before B counts: pique.
            (
                vec![
                    (A, point(8)),
                    (A, sequence(5)),
                    (A, set(3)),
                    (A, sequence(3)),
                ],
                vec![],
                None,
                Some(A),
            ),
            // 26 in hand; B wins the second trick before A reaches thirty: no pique.
            (
                vec![(A, point(8)), (A, sequence(5)), (A, set(3))],
                vec![2],
                None,
                None,
            ),
            // The younger's repique: his hand reckons before the elder's play.
            (
                vec![(B, point(7)), (B, sequence(6)), (B, set(4))],
                vec![],
                Some(B),
                None,
            ),
        ];
        for (items, lost, repique, pique) in table {
            let declarations = declared(&items);
            let score = super::score(&declarations, &tricks(&all_a, &lost), true, A, &PORTLAND);
            let has = |player: PlayerId, item: Item| {
                score
                    .lines
                    .iter()
                    .any(|l| l.player == player && l.item == item)
            };
            for player in [A, B] {
                assert_eq!(
                    has(player, Item::Repique),
                    repique == Some(player),
                    "{items:?}"
                );
                assert_eq!(has(player, Item::Pique), pique == Some(player), "{items:?}");
            }
        }
        let score = super::score(&declared(&none), &[], false, A, &PORTLAND);
        assert!(score.lines.is_empty());
    }

    /// A trick from cards written as in a transcript.
    fn trick(leader: PlayerId, led: &str, played: &str, winner: PlayerId) -> PlayedTrick {
        let card = |text: &str| text.parse::<Card>().expect("a card");
        PlayedTrick {
            leader,
            led: card(led),
            played: card(played),
            winner,
            event: 0,
        }
    }

    #[test]
    fn law_65_ac26_what_a_trick_scores() {
        let every = PlayScore::EVERY_CARD;
        let sevens = PlayScore {
            counts_from: Rank::Ten,
            last_regardless: false,
        };
        let french = PlayScore {
            last_regardless: true,
            ..sevens
        };
        // (card led, card played, second player wins, last trick, what counts,
        // (leader's one, second player's one, the last trick's one more))
        let table = [
            ("KS", "7S", false, false, every, (1, 0, 0)),
            ("7S", "KS", true, false, every, (1, 1, 0)),
            ("7S", "KS", true, false, sevens, (0, 1, 0)),
            ("7H", "9H", true, false, sevens, (0, 0, 0)),
            ("KS", "7H", false, true, sevens, (1, 0, 1)),
            ("9C", "JD", false, true, every, (1, 0, 1)),
            ("9C", "JD", false, true, sevens, (0, 0, 0)),
            ("9C", "JD", false, true, french, (0, 0, 1)),
            ("7H", "9H", true, true, sevens, (0, 0, 0)),
            ("7H", "10H", true, true, sevens, (0, 1, 1)),
        ];
        for (led, played, second_wins, last, play_score, (lead, win, extra)) in table {
            let rules = RuleSet {
                play_score,
                ..PORTLAND
            };
            let winner = if second_wins { B } else { A };
            let scored = TrickScore::of(&trick(A, led, played, winner), last, &rules);
            let what = format!("{led} {played} last {last} {play_score:?}");
            assert_eq!(
                (scored.lead, scored.win, scored.last),
                (lead, win, extra),
                "{what}"
            );
        }
    }

    #[test]
    fn ac26_a_trick_won_with_a_nine_does_not_save_the_pique() {
        // A holds 28 in hand. B wins the first trick with the nine of
        // spades, A the second and third with the king and ace.
        let items = [
            (A, point(7)),
            (A, sequence(5)),
            (A, set(3)),
            (A, sequence(3)),
        ];
        let play = [
            trick(A, "7S", "9S", B),
            trick(B, "8S", "KS", A),
            trick(A, "AS", "7H", A),
        ];
        let sevens = RuleSet {
            play_score: PlayScore {
                counts_from: Rank::Ten,
                last_regardless: false,
            },
            ..PORTLAND
        };
        // (rules, A piques): under law 65 B's nine scores one, and A is 29
        // when B reckons it; with sevens to nines not counting, B reckons
        // nothing by it and A's ace makes thirty.
        for (rules, piqued) in [(&PORTLAND, false), (&sevens, true)] {
            let score = super::score(&declared(&items), &play, false, A, rules);
            let has_pique = score.lines.iter().any(|l| l.item == Item::Pique);
            assert_eq!(has_pique, piqued, "{:?}", rules.play_score);
        }
    }

    /// AC25: the point counts toward thirty at what it scores. Thirty in
    /// hand with a point of five making 44 is a repique under law 62; with
    /// the point counting four, 29 in hand, and the elder's first lead makes
    /// the thirty of a pique instead.
    #[test]
    fn ac25_a_point_ending_in_four_reckons_one_less_toward_thirty() {
        let forty_four = Holding::Point(Point {
            suit: Suit::Spades,
            cards: 5,
            value: 44,
        });
        let items = [
            (A, forty_four),
            (A, sequence(5)),
            (A, set(3)),
            (
                A,
                Holding::Set(Set {
                    rank: Rank::King,
                    count: 3,
                }),
            ),
            (A, sequence(4)),
        ];
        let fours = RuleSet {
            point_score: PointScore::FoursCountOneLess,
            ..PORTLAND
        };
        // (rules, the point's score, A's hand, repique, pique)
        let table = [
            (&PORTLAND, 5, 30, true, false),
            (&fours, 4, 29, false, true),
        ];
        for (rules, point, in_hand, repique, pique) in table {
            let score = super::score(&declared(&items), &tricks(&[A; 12], &[]), true, A, rules);
            let of = |item: fn(&Item) -> bool| points_for(&score, A, item);
            let what = format!("{:?}", rules.point_score);
            assert_eq!(
                of(|i| matches!(i, Item::Holding(Holding::Point(_)))),
                point,
                "{what}"
            );
            assert_eq!(of(|i| matches!(i, Item::Holding(_))), in_hand, "{what}");
            assert_eq!(of(|i| *i == Item::Repique) > 0, repique, "{what}");
            assert_eq!(of(|i| *i == Item::Pique) > 0, pique, "{what}");
        }
    }

    /// 15.1g, 15.1h beside law 69: (who may pique, A's and B's
    /// declarations, the card A leads to the first trick, the tricks B
    /// wins as second player with an ace, who piques).
    #[test]
    fn french_15_1g_pique_by_either_player() {
        use super::super::ruleset::{PiqueBy, CLASSIC};
        // 6e: a point making 60 scores 6; a sixième 16: B 22 in hand.
        let sixty = Holding::Point(Point {
            suit: Suit::Spades,
            cards: 6,
            value: 60,
        });
        let b_hand = vec![(B, sixty), (B, sequence(6))];
        // B wins the first five tricks as second player with a card that
        // counts, then leads three aces: 22 + 5 + 3 = 30 at the eighth.
        let play = |led: &str| {
            let mut tricks = vec![trick(A, led, "AS", B)];
            tricks.extend((0..4).map(|_| trick(A, "9H", "AH", B)));
            tricks.extend((0..3).map(|_| trick(B, "AD", "7D", B)));
            tricks
        };
        let elder_only = RuleSet {
            pique_by: PiqueBy::Elder,
            ..CLASSIC
        };
        let table = [
            // A leads a nine (15.1a: nothing): B reaches 30 first: pique.
            (&CLASSIC, b_hand.clone(), "9S", Some(B)),
            // Law 69: only the elder hand can make a pique.
            (&elder_only, b_hand.clone(), "9S", None),
            // 15.1h: A's first lead scores, and stops B's pique.
            (&CLASSIC, b_hand.clone(), "KS", None),
            // A scored a declaration: no pique for B.
            (
                &CLASSIC,
                vec![(A, set(3)), (B, sixty), (B, sequence(6))],
                "9S",
                None,
            ),
        ];
        for (rules, items, led, piqued) in table {
            let score = super::score(&declared(&items), &play(led), false, A, rules);
            let by = score
                .lines
                .iter()
                .find(|l| l.item == Item::Pique)
                .map(|l| l.player);
            assert_eq!(by, piqued, "{:?} {items:?} {led}", rules.pique_by);
        }
    }

    /// O5: both score carte blanche, and neither can make repic or pic.
    #[test]
    fn o5_both_carte_blanche_bar_repique_and_pique() {
        use super::super::ruleset::OLD;
        let items = [
            (A, Holding::CarteBlanche),
            (B, Holding::CarteBlanche),
            (A, point(8)),
            (A, sequence(5)),
            (A, set(4)),
        ];
        let score = super::score(&declared(&items), &tricks(&[A; 12], &[]), true, A, &OLD);
        assert!(!score
            .lines
            .iter()
            .any(|l| matches!(l.item, Item::Repique | Item::Pique)));
        assert_eq!(score.scores[1], 10);
    }

    /// M4 beside law 65 and 13h: (the way, tricks lost by A of twelve,
    /// the play complete, the last trick scores).
    #[test]
    fn m4_the_last_trick_on_a_capot() {
        use super::super::ruleset::LastOnCapot::{NotCounted, Scores};
        let table = [
            (Scores, vec![], true, true),
            (NotCounted, vec![], true, false),
            (NotCounted, vec![12], true, true),
            (Scores, vec![], false, false),
        ];
        for (way, lost, complete, scores) in table {
            let rules = RuleSet {
                last_on_capot: way,
                ..PORTLAND
            };
            let played = tricks(&[A; 12], &lost);
            assert_eq!(
                last_trick_scores(&played, [0, 0], complete, &rules),
                scores,
                "{way:?} {lost:?} {complete}"
            );
        }
    }

    #[test]
    fn the_encyclopaedia_says_why_there_is_no_repique() {
        let items = [
            (B, point(5)),
            (A, sequence(5)),
            (A, sequence(3)),
            (A, set(4)),
        ];
        let score = super::score(&declared(&items), &[], false, A, &PORTLAND);
        assert_eq!(
            score.missed,
            [
                Missed::Repique {
                    player: A,
                    reached: 32,
                    stopped_by: Category::Point
                },
                Missed::Pique {
                    player: A,
                    reached: 32,
                    stopped_by: Stop::Hand(Category::Point)
                },
            ]
        );
    }

    #[test]
    fn carte_blanche_saves_and_counts() {
        // B's carte blanche reckons first and saves A's repique; A scores it all the same.
        let items = [
            (B, Holding::CarteBlanche),
            (A, point(6)),
            (A, sequence(5)),
            (A, set(4)),
        ];
        let score = super::score(&declared(&items), &[], false, A, &PORTLAND);
        assert!(!score.lines.iter().any(|l| l.item == Item::Repique));
        assert_eq!(score.scores, [35, 10]);
        // Carte blanche counts towards a repique: 10 + 6 + 15 = 31.
        let items = [(A, Holding::CarteBlanche), (A, point(6)), (A, sequence(5))];
        let score = super::score(&declared(&items), &[], false, A, &PORTLAND);
        assert!(score
            .lines
            .iter()
            .any(|l| l.player == A && l.item == Item::Repique));
    }

    #[test]
    fn reckoning_nothing_strikes_the_lines_but_still_bars() {
        let items = [
            (B, point(5)),
            (A, sequence(5)),
            (A, sequence(3)),
            (A, set(4)),
        ];
        let mut score = super::score(&declared(&items), &[], false, A, &PORTLAND);
        score.reckons_nothing(B);
        assert_eq!(score.scores, [32, 0]);
        assert!(
            !score.lines.iter().any(|l| l.item == Item::Repique),
            "B's point still saves the repique"
        );
    }
}
