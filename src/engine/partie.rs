//! The partie: deals added up, and who won it by how much (laws 71-73); or,
//! where the partie is played in games, the games won (see [`super::games`]).

use crate::notation::PlayerId;

use super::ruleset::{PartieLength, PartieRule, RuleSet};

/// How a partie stands after the deals ruled so far (by default, before
/// any: nothing scored).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Each player's total.
    pub totals: [u32; 2],
    /// Whether the partie is over.
    pub complete: bool,
    /// The winner, when it is over and not tied.
    pub winner: Option<PlayerId>,
    /// The points won (laws 72, 73): by the winner; after a second tie,
    /// nothing (`Some(0)`), there being no winner to win any.
    pub points: Option<u32>,
    /// Whether the loser failed to reach the rubicon (law 73).
    pub rubicon: bool,
    /// Whether it ended tied after the extra deals (law 71: "even if there should be a second tie").
    pub tied: bool,
    /// The games won, where the partie is played in games (au cent AC29).
    pub games: Option<PartieGames>,
    /// The laws that give the result of a partie of deals, when it is
    /// complete (laws 71-73; R3-R5).
    pub laws: &'static [&'static str],
    /// The law of the points won by the sum (73; R5) or by the difference
    /// (72; R5), when the partie is won.
    pub points_laws: &'static [&'static str],
}

/// A partie played in games: the games each player has won toward it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartieGames {
    /// Each player's games, a double counting two (AC29).
    pub won: [u32; 2],
    /// The laws that give the result, when the partie is decided.
    pub laws: &'static [&'static str],
    /// The laws of the partie of games, decided or not (AC29; 19e).
    pub cite: &'static [&'static str],
    /// The games that win the partie (three; 19e: two, the belle deciding a split).
    pub to_win: u32,
    /// Whether a game may count double (AC28).
    pub doubles: bool,
}

impl Standing {
    /// The laws that give the result, when the partie is complete: 71, with
    /// 72 (the difference) or 73 (the sum, the loser under a hundred) for
    /// the points won; after a second tie, all three, 72 and 73 giving no
    /// points where there is no winner.
    pub fn laws(&self) -> &'static [&'static str] {
        match self.games {
            Some(games) => games.laws,
            None => self.laws,
        }
    }
}

/// Law 71: "If both players score the same number in six deals, each deals
/// once more": the totals when the partie's own deals (six, or four by
/// agreement) were done, which decide whether it goes on to the two extra
/// deals, and the totals after those. Each is not known until a deal
/// numbered as the last of them, or after them, has stood.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OwnDeals {
    own: Option<[u32; 2]>,
    extra: Option<[u32; 2]>,
}

impl OwnDeals {
    /// A deal numbered `number` stood, with the totals `before` it (as
    /// carried, or as a `score` line states them) and `after` it; `deals`
    /// is the partie's own number of deals.
    pub fn stood(&mut self, number: u32, before: [u32; 2], after: [u32; 2], deals: u32) {
        // The last of the deals is not written where a later one stands:
        // the totals before that later deal are its totals.
        let at = |last: u32| match number {
            n if n == last => Some(after),
            n if n > last => Some(before),
            _ => None,
        };
        match self.own {
            None => self.own = at(deals),
            Some([a, b]) if a == b && self.extra.is_none() => self.extra = at(deals + 2),
            Some(_) => {}
        }
    }

    /// The totals after the partie's own deals, when they are done.
    pub fn totals(self) -> Option<[u32; 2]> {
        self.own
    }

    /// The totals that decide the partie, once it is over: after its own
    /// deals, or after the two extra deals of a tie. A deal after them is
    /// not part of the partie and counts for nothing in it.
    pub fn result(self) -> Option<[u32; 2]> {
        match self.own? {
            [a, b] if a != b => Some([a, b]),
            _ => self.extra,
        }
    }
}

/// Law 71 and its note: how many times a deal counts in the partie.
pub fn multiplier(number: u32, length: PartieLength) -> u32 {
    match length {
        PartieLength::FourDeals if number == 1 || number == 4 => 2,
        _ => 1,
    }
}

/// Laws 72, 73: the points won by a winner with `winner` over a loser with `loser`.
pub fn points_won(winner: u32, loser: u32, rules: &RuleSet) -> (u32, bool) {
    match rules.partie {
        PartieRule::Rubicon { bonus, rubicon, .. } => {
            if loser < rubicon {
                (winner.saturating_add(loser).saturating_add(bonus), true)
            } else {
                (winner.saturating_sub(loser).saturating_add(bonus), false)
            }
        }
        // AC29: a partie of games is won by games, not by points.
        PartieRule::Games { .. } => (0, false),
    }
}

/// Law 71: whether the partie is over after the deal numbered `last`.
/// "The partie is won by the player who makes the higher score in six
/// deals. If both players score the same number in six deals, each deals
/// once more, when the partie is concluded, even if there should be a
/// second tie." Each deals once more: two extra deals, whatever the
/// first of them makes of the totals. The note's four-deal partie goes
/// the same way: "In case of a tie, each deals once more".
fn over(own: OwnDeals, last: u32, deals: u32) -> bool {
    match own.totals() {
        None => false,
        Some([a, b]) if a != b => true,
        Some(_) => last >= deals + 2,
    }
}

/// Laws 71-73: the standing after the deal numbered `last`, with these
/// totals, and the totals when the partie's own deals were done.
///
/// After a second tie the partie is concluded (law 71) with neither a
/// winner nor a loser: laws 72 and 73 give points only to "the winner of
/// the partie", so none are won, and neither player's total is under the
/// rubicon of a loser.
pub fn standing(
    totals: [u32; 2],
    last: u32,
    own: OwnDeals,
    length: PartieLength,
    rules: &RuleSet,
) -> Standing {
    let complete = rules
        .partie_deals(length)
        .is_some_and(|deals| over(own, last, deals));
    // Law 71: a deal after the partie is over is no part of it.
    let totals = match (complete, own.result()) {
        (true, Some(result)) => result,
        _ => totals,
    };
    let tied = complete && totals[0] == totals[1];
    let mut out = Standing {
        totals,
        complete,
        winner: None,
        points: tied.then_some(0),
        rubicon: false,
        tied,
        games: None,
        laws: match (complete, tied) {
            (false, _) => &[],
            (true, _) => partie_laws(rules, tied, false),
        },
        points_laws: &[],
    };
    if complete && !tied {
        let winner = if totals[0] > totals[1] {
            PlayerId(0)
        } else {
            PlayerId(1)
        };
        let (points, rubicon) = points_won(
            totals[winner.index()],
            totals[winner.other().index()],
            rules,
        );
        out.winner = Some(winner);
        out.points = Some(points);
        out.rubicon = rubicon;
        out.laws = partie_laws(rules, false, rubicon);
        out.points_laws = if rubicon {
            rules.cite.partie_sum
        } else {
            rules.cite.partie_difference
        };
    }
    out
}

/// Laws 71-73 (R3-R5): the laws of a partie of deals complete: its deals,
/// with the points won by the difference (72) or the sum (73); after a
/// second tie, all of them, 72 and 73 giving no points. Each partie's
/// citations are its rule set's; the few lists are made once and kept.
pub fn partie_laws(rules: &RuleSet, tied: bool, rubicon: bool) -> &'static [&'static str] {
    use std::sync::{Mutex, PoisonError};
    type Key = [&'static [&'static str]; 3];
    static MADE: Mutex<Vec<(Key, &'static [&'static str])>> = Mutex::new(Vec::new());
    let cite = &rules.cite;
    let key: Key = match (tied, rubicon) {
        (true, _) => [cite.partie_deals, cite.partie_difference, cite.partie_sum],
        (false, true) => [cite.partie_deals, cite.partie_sum, &[]],
        (false, false) => [cite.partie_deals, cite.partie_difference, &[]],
    };
    let mut made = MADE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, laws)) = made.iter().find(|(k, _)| *k == key) {
        return laws;
    }
    let mut laws: Vec<&'static str> = Vec::new();
    for id in key.into_iter().flatten() {
        if !laws.contains(id) {
            laws.push(id);
        }
    }
    let laws: &'static [&'static str] = Vec::leak(laws);
    made.push((key, laws));
    laws
}

#[cfg(test)]
mod tests {
    use super::super::ruleset::PORTLAND;
    use super::*;

    /// The standing after these deals, each `[A, B]` as scored, numbered
    /// from 1 and counted as the partie's length counts them.
    fn after(deals: &[[u32; 2]], length: PartieLength) -> Standing {
        let mut totals = [0u32; 2];
        let mut own = OwnDeals::default();
        for (number, scores) in (1..).zip(deals) {
            let counts = multiplier(number, length);
            let before = totals;
            totals = [0, 1].map(|p| totals[p] + scores[p] * counts);
            let deals = PORTLAND.partie_deals(length).expect("deals");
            own.stood(number, before, totals, deals);
        }
        standing(totals, deals.len() as u32, own, length, &PORTLAND)
    }

    #[test]
    fn case_xxii_arithmetic() {
        let six = |a, b| OwnDeals {
            own: Some([a, b]),
            extra: None,
        };
        // Case XXII: "A, 91; B ... 92. B wins a rubicon (Law 73) of 283 points."
        let s = standing([91, 92], 6, six(91, 92), PartieLength::Standard, &PORTLAND);
        assert_eq!(
            (s.winner, s.points, s.rubicon),
            (Some(PlayerId(1)), Some(283), true)
        );
        // "A: 106 ; B: 92. A wins a rubicon of 298 points."
        let s = standing(
            [106, 92],
            6,
            six(106, 92),
            PartieLength::Standard,
            &PORTLAND,
        );
        assert_eq!(
            (s.winner, s.points, s.rubicon),
            (Some(PlayerId(0)), Some(298), true)
        );
    }

    /// What a case is, its deals, the length, and: complete, tied, winner,
    /// points.
    type Partie = (
        &'static str,
        Vec<[u32; 2]>,
        PartieLength,
        bool,
        bool,
        Option<u8>,
        Option<u32>,
    );

    #[test]
    fn laws_71_to_73() {
        use PartieLength::{FourDeals, Standard};
        let even = [20, 20];
        let table: Vec<Partie> = vec![
            // 150 - 120 + 100 (law 72).
            (
                "won by the difference",
                vec![[25, 20]; 6],
                Standard,
                true,
                false,
                Some(0),
                Some(130),
            ),
            // 150 + 90 + 100 (law 73: the loser under a hundred).
            (
                "a rubicon",
                vec![[25, 15]; 6],
                Standard,
                true,
                false,
                Some(0),
                Some(340),
            ),
            (
                "five deals",
                vec![[25, 20]; 5],
                Standard,
                false,
                false,
                None,
                None,
            ),
            (
                "tied after six",
                vec![even; 6],
                Standard,
                false,
                false,
                None,
                None,
            ),
            // Law 71: "each deals once more": deal 7 alone does not end it.
            (
                "tied after six, ahead after seven",
                [vec![even; 6], vec![[30, 20]]].concat(),
                Standard,
                false,
                false,
                None,
                None,
            ),
            // 120 + 30 + 15 = 165 against 120 + 20 + 20 = 160: 165 - 160 + 100.
            (
                "tied after six, won after eight",
                [vec![even; 6], vec![[30, 20], [15, 20]]].concat(),
                Standard,
                true,
                false,
                Some(0),
                Some(105),
            ),
            // A second tie concludes it: no winner, no points won.
            (
                "a second tie",
                [vec![even; 6], vec![[30, 20], [10, 20]]].concat(),
                Standard,
                true,
                true,
                None,
                Some(0),
            ),
            // 2 x 20 + 20 + 20 + 2 x 20 = 120 each: each deals once more, the
            // extra deals single: 120 + 30 + 15 = 165, 120 + 20 + 20 = 160.
            (
                "four deals, tied",
                vec![even; 4],
                FourDeals,
                false,
                false,
                None,
                None,
            ),
            (
                "four deals, tied, one extra deal",
                [vec![even; 4], vec![[30, 20]]].concat(),
                FourDeals,
                false,
                false,
                None,
                None,
            ),
            (
                "four deals, tied, won after the two extra deals",
                [vec![even; 4], vec![[30, 20], [15, 20]]].concat(),
                FourDeals,
                true,
                false,
                Some(0),
                Some(105),
            ),
            // 2 x 20 + 10 + 10 + 2 x 20 = 100 against 2 x 15 + 15 + 15 + 2 x 15 = 90:
            // a rubicon, 100 + 90 + 100 (law 73).
            (
                "four deals, doubled",
                vec![[20, 15], [10, 15], [10, 15], [20, 15]],
                FourDeals,
                true,
                false,
                Some(0),
                Some(100 + 90 + 100),
            ),
        ];
        for (what, deals, length, complete, tied, winner, points) in table {
            let s = after(&deals, length);
            assert_eq!(s.complete, complete, "{what}");
            assert_eq!(s.tied, tied, "{what}");
            assert_eq!(s.winner, winner.map(PlayerId), "{what}");
            assert_eq!(s.points, points, "{what}");
        }
    }

    /// Law 71: the partie's own deals are done at the deal numbered as the
    /// last of them, or, when it is not written, before the first deal after.
    #[test]
    fn own_deals_done() {
        let table = [
            // (number, before, after, the totals after the own deals)
            (5, [10, 10], [20, 20], None),
            (6, [10, 10], [20, 30], Some([20, 30])),
            (7, [10, 10], [20, 30], Some([10, 10])),
        ];
        for (number, before, after, expected) in table {
            let mut own = OwnDeals::default();
            own.stood(number, before, after, 6);
            assert_eq!(own.totals(), expected, "deal {number}");
        }
        // Once known, a later deal does not change it.
        let mut own = OwnDeals::default();
        own.stood(6, [0, 0], [50, 50], 6);
        own.stood(7, [50, 50], [60, 50], 6);
        assert_eq!(own.totals(), Some([50, 50]));
    }

    /// Laws 71-73 and R3-R5: the laws of a partie complete, by the rule
    /// set's citations: (tied, rubicon, Portland's, the French rubicon's).
    #[test]
    fn the_laws_of_the_result() {
        let french = crate::engine::ruleset::RuleSet::of(crate::Rules::Classic).expect("classic");
        type Laws = (bool, bool, &'static [&'static str], &'static [&'static str]);
        let table: [Laws; 3] = [
            (false, false, &["71", "72"], &["R3", "R4", "R5"]),
            (false, true, &["71", "73"], &["R3", "R4", "R5"]),
            (true, false, &["71", "72", "73"], &["R3", "R4", "R5"]),
        ];
        for (tied, rubicon, portland, classic) in table {
            assert_eq!(partie_laws(&PORTLAND, tied, rubicon), portland);
            assert_eq!(partie_laws(french, tied, rubicon), classic);
        }
    }

    #[test]
    fn four_deal_partie_doubles_first_and_last() {
        let counts: Vec<u32> = (1..=6)
            .map(|n| multiplier(n, PartieLength::FourDeals))
            .collect();
        assert_eq!(counts, [2, 1, 1, 2, 1, 1]);
        assert_eq!(multiplier(1, PartieLength::Standard), 1);
    }
}
