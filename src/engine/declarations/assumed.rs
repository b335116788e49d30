//! A deal with no calls written: each player is taken to have declared
//! everything he held, in full.

use crate::notation::PlayerId;

use super::*;
use crate::engine::holding;
use crate::engine::ruleset::RuleSet;

/// No calls in the deal: each player is taken to have declared all he held.
pub(super) fn assume(hands: &Hands, rules: &RuleSet) -> Declarations {
    let mut out = Declarations {
        scored: super::scoring::Scratch::with(|scratch| scratch.scored()),
        assumed: true,
        ..Declarations::default()
    };
    for player in PlayerId::BOTH {
        if holding::is_carte_blanche(hands.dealt[player.index()]) {
            out.scored.push(Scored {
                player,
                holding: Holding::CarteBlanche,
                event: None,
            });
            out.bars[Category::CarteBlanche.index()][player.index()] = true;
        }
    }
    if !hands.known.iter().all(|k| *k) {
        return out;
    }
    let held = |p: usize| -> [Vec<Holding>; 3] {
        let hand = hands.declaring[p];
        [
            holding::best_point(hand, rules)
                .map(Holding::Point)
                .into_iter()
                .collect(),
            holding::sequences(hand, rules)
                .into_iter()
                .map(Holding::Sequence)
                .collect(),
            holding::sets(hand, rules)
                .into_iter()
                .map(Holding::Set)
                .collect(),
        ]
    };
    let (a, b) = (held(0), held(1));
    for (i, category) in Category::CALLED.into_iter().enumerate() {
        let best = |list: &[Holding]| {
            list.iter()
                .copied()
                .reduce(|x, y| if beats(&y, &x, rules) { y } else { x })
        };
        let verdict = match (best(&a[i]), best(&b[i])) {
            (None, None) => Verdict::Nothing,
            (Some(_), None) => Verdict::Good(PlayerId(0), Settled::Compared),
            (None, Some(_)) => Verdict::Good(PlayerId(1), Settled::Compared),
            (Some(x), Some(y)) if beats(&x, &y, rules) => {
                Verdict::Good(PlayerId(0), Settled::Compared)
            }
            (Some(x), Some(y)) if beats(&y, &x, rules) => {
                Verdict::Good(PlayerId(1), Settled::Compared)
            }
            _ => Verdict::Equal(Settled::Compared),
        };
        if let Verdict::Good(player, _) = verdict {
            let list = if player.0 == 0 { &a[i] } else { &b[i] };
            for holding in list {
                out.bars[category.index()][player.index()] = true;
                out.scored.push(Scored {
                    player,
                    holding: *holding,
                    event: None,
                });
            }
        }
        out.verdicts[category.index()] = Some(verdict);
    }
    out
}
