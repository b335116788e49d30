//! The partie: deals added up, and who won it by how much (laws 71-73).

use crate::notation::PlayerId;

use super::ruleset::{PartieLength, PartieRule, RuleSet};

/// How a partie stands after the deals ruled so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Each player's total.
    pub totals: [u32; 2],
    /// Whether the partie is over.
    pub complete: bool,
    /// The winner, when it is over and not tied.
    pub winner: Option<PlayerId>,
    /// The points won (laws 72, 73), when there is a winner.
    pub points: Option<u32>,
    /// Whether the loser failed to reach the rubicon (law 73).
    pub rubicon: bool,
    /// Whether it ended tied after the extra deals (law 71: "even if there should be a second tie").
    pub tied: bool,
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
    }
}

/// Law 71: the standing after the deal numbered `last`, with these totals.
pub fn standing(totals: [u32; 2], last: u32, length: PartieLength, rules: &RuleSet) -> Standing {
    let deals = rules.partie_deals(length);
    // A tie after the partie's deals: each deals once more (two extra deals).
    let over = last >= deals && totals[0] != totals[1] || last >= deals + 2;
    let mut out = Standing {
        totals,
        complete: over,
        winner: None,
        points: None,
        rubicon: false,
        tied: over && totals[0] == totals[1],
    };
    if over && !out.tied {
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
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::ruleset::PORTLAND;
    use super::*;

    #[test]
    fn case_xxii_arithmetic() {
        // Case XXII: "A, 91; B ... 92. B wins a rubicon (Law 73) of 283 points."
        let s = standing([91, 92], 6, PartieLength::Standard, &PORTLAND);
        assert_eq!(
            (s.winner, s.points, s.rubicon),
            (Some(PlayerId(1)), Some(283), true)
        );
        // "A: 106 ; B: 92. A wins a rubicon of 298 points."
        let s = standing([106, 92], 6, PartieLength::Standard, &PORTLAND);
        assert_eq!(
            (s.winner, s.points, s.rubicon),
            (Some(PlayerId(0)), Some(298), true)
        );
    }

    #[test]
    fn laws_71_to_73() {
        // (totals, last deal, length, complete, winner, points)
        let table = [
            (
                [150, 120],
                6,
                PartieLength::Standard,
                true,
                Some(0),
                Some(130),
            ),
            (
                [150, 100],
                6,
                PartieLength::Standard,
                true,
                Some(0),
                Some(150),
            ),
            (
                [99, 150],
                6,
                PartieLength::Standard,
                true,
                Some(1),
                Some(349),
            ),
            ([150, 120], 5, PartieLength::Standard, false, None, None),
            ([120, 120], 6, PartieLength::Standard, false, None, None),
            (
                [130, 120],
                7,
                PartieLength::Standard,
                true,
                Some(0),
                Some(110),
            ),
            ([130, 130], 8, PartieLength::Standard, true, None, None),
            (
                [80, 70],
                4,
                PartieLength::FourDeals,
                true,
                Some(0),
                Some(250),
            ),
        ];
        for (totals, last, length, complete, winner, points) in table {
            let s = standing(totals, last, length, &PORTLAND);
            assert_eq!(s.complete, complete, "{totals:?} after {last}");
            assert_eq!(s.winner, winner.map(PlayerId), "{totals:?} after {last}");
            assert_eq!(s.points, points, "{totals:?} after {last}");
        }
        assert!(standing([130, 130], 8, PartieLength::Standard, &PORTLAND).tied);
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
