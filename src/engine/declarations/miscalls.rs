//! Miscalls (laws 53, 54, 56): a call of what is not held, a misnomer, a
//! claim to a card named out that is held (Case VIII), and what a reply or
//! the adversary's declarations bar (Cases IV, VII).

use crate::cards::{Card, CardSet, Suit};
use crate::notation::{Entry, PlayerId};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::calling::{called_holding, called_less};
use super::held::{
    best_in, find_held_besides, held_as_called, implied_cards, unknown_hand_holding, Named,
    Strictness,
};
use super::*;
use crate::engine::holding;
use crate::engine::ruleset::RuleSet;

impl Declarations {
    /// Laws 50, 53, 54: what a claim comes to in the hand. A claim of what
    /// is not held is a ruling; a misnomer carries no penalty. AC23 under au
    /// cent: a quatorze or trio not held, allowed good and not corrected
    /// before he plays a card, reckons nothing that deal; a point or
    /// sequence, not scored (AC18: it cannot be shown).
    pub(super) fn resolve(
        &mut self,
        claim: &Claim,
        besides: &[Holding],
        named: &Named,
        hands: &Hands,
        rules: &RuleSet,
    ) -> Option<Holding> {
        let p = claim.player.index();
        let hand = hands.declaring[p];
        if !hands.known[p] {
            return unknown_hand_holding(&claim.declaration);
        }
        let held = |hand, strictness| {
            find_held_besides(&claim.declaration, hand, rules, strictness, besides)
        };
        if let Some(holding) = held_as_called(&claim.declaration, hand, rules, besides, named) {
            if called_less(&claim.declaration, &holding, hand, rules) && !self.corrected_late(claim)
            {
                self.rule_once(Ruling {
                    irregularity: Irregularity::CallsLessThanHeld {
                        declaration: claim.declaration,
                    },
                    offender: Some(claim.player),
                    laws: rules.cite.smaller_call,
                    penalty: Penalty::None,
                    span: Some(claim.span),
                    analogy: None,
                });
            }
            return Some(holding);
        }
        let with_discard = hand.or(hands.discards[p]);
        let possible = held(with_discard, Strictness::AsCalled);
        // AC17 under au cent: a misnomer may be corrected before he plays a
        // card; allowed good and not corrected by then, it is a call of what
        // he does not hold like any other (AC23, AC18 know no misnomer).
        let excused = !claim.allowed || rules.calling.miscall.excuses_misnomer();
        if possible.is_none() && excused {
            if let Some(holding) = held(hand, Strictness::Misnomer) {
                self.rule_once(Ruling {
                    irregularity: Irregularity::Misnomer {
                        declaration: claim.declaration,
                    },
                    offender: Some(claim.player),
                    laws: rules.cite.misnomer,
                    penalty: Penalty::None,
                    span: Some(claim.span),
                    analogy: None,
                });
                return Some(holding);
            }
        }
        // Law 54: a call of what is not held, allowed to be good, and not
        // corrected, reckons nothing; except a misnomer (above), or a call of
        // what he could not possibly have held in hand and discard together.
        if claim.allowed && rules.calling.showing.shown_stands_for_call() {
            // Law 55: "If a player, before he plays a card, voluntarily show
            // anything which he claims to be good or equal, he is liable to
            // no penalty for miscalling what he has shown." Law 54 gives way:
            // the cards shown speak for the call.
            let category = Category::of(&claim.declaration);
            if let Some(holding) = best_in(category, self.shown[p].and(hand), rules) {
                self.rule_once(Ruling {
                    irregularity: Irregularity::MiscallShown {
                        declaration: claim.declaration,
                        shown: declaration_of(&holding),
                    },
                    offender: Some(claim.player),
                    laws: rules.cite.miscall_shown,
                    penalty: Penalty::None,
                    span: Some(claim.span),
                    analogy: None,
                });
                return Some(holding);
            }
        }
        // Law 54's exception: "or of his having called anything which he
        // could not possibly have held in his hand and discard taken
        // together, when he is liable to no penalty".
        // AC23 under au cent: only a quatorze or trio reckons nothing; a
        // point or sequence not held cannot be shown (AC18).
        let way = rules.calling.miscall;
        let category = Category::of(&claim.declaration);
        let impossible = possible.is_none() && way.excuses_impossible();
        let (irregularity, penalty) = match claim.allowed {
            true if impossible => (
                Irregularity::CallsWhatCouldNotBeHeld {
                    declaration: claim.declaration,
                },
                Penalty::None,
            ),
            true if way.reckons_nothing(category) => (
                Irregularity::CallsWhatIsNotHeld {
                    declaration: claim.declaration,
                },
                Penalty::ReckonsNothing,
            ),
            _ => (
                Irregularity::CallsWhatIsNotHeld {
                    declaration: claim.declaration,
                },
                Penalty::NotScored,
            ),
        };
        self.rule_once(Ruling {
            irregularity,
            offender: Some(claim.player),
            laws: way.laws(category, rules.cite.miscall),
            penalty,
            span: Some(claim.span),
            analogy: None,
        });
        None
    }

    /// Law 50: the smaller call was corrected, too late (AC17: at all), and
    /// that ruling says all there is to say about it.
    fn corrected_late(&self, claim: &Claim) -> bool {
        self.rulings.iter().any(|r| {
            r.offender == Some(claim.player)
                && matches!(r.irregularity,
                    Irregularity::CallCorrectedLate { called, .. }
                    | Irregularity::MustAbideByCall { called, .. } if called == claim.declaration)
        })
    }

    /// Case VIII: asked which card of his trio is out, the player named one
    /// he holds. "The reply of the elder hand is only a substitute for
    /// showing" the cards: his claim is to the other three, one of which he
    /// has not got, and he is liable to the penalty for scoring what he does
    /// not hold (law 54; none if he could not have held it, hand and
    /// discard together). True when the claim is ruled so.
    pub(super) fn names_held_card_out(
        &mut self,
        claim: &Claim,
        holding: &Holding,
        answered: &[Answered],
        hands: &Hands,
        rules: &RuleSet,
    ) -> bool {
        let p = claim.player.index();
        let Holding::Set(set) = holding else {
            return false;
        };
        if !hands.known[p] || set.count != 3 {
            return false;
        }
        let hand = hands.declaring[p];
        let named = answered.iter().find_map(|a| match a.inquiry {
            Inquiry::Which { rank, named }
                if a.answerer == claim.player && rank == set.rank && named.rank == rank =>
            {
                Some(named)
            }
            _ => None,
        });
        let Some(named) = named.filter(|card| hand.contains(*card)) else {
            return false;
        };
        let Some(missing) = Suit::ALL
            .into_iter()
            .map(|suit| Card::new(set.rank, suit))
            .find(|card| *card != named && !hand.contains(*card))
        else {
            return false;
        };
        let penalty = if claim.allowed && hands.discards[p].contains(missing) {
            Penalty::ReckonsNothing
        } else {
            Penalty::NotScored
        };
        self.rule_once(Ruling {
            irregularity: Irregularity::NamesHeldCardOut {
                declaration: claim.declaration,
                named,
                missing,
            },
            offender: Some(claim.player),
            laws: rules.cite.miscall,
            penalty,
            span: Some(claim.span),
            analogy: None,
        });
        true
    }

    /// Case VII: "Asking which queen is out is equivalent to admitting three
    /// queens to be good" (the inquiry bars, as law 46's does). What the
    /// asker claims better in that declaration is not scored.
    pub(super) fn bar_by_admission(
        &mut self,
        call: &FirstCall,
        resolved: &mut [Vec<(Holding, usize)>; 2],
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) {
        let Some(called) = called_holding(call, hands, rules) else {
            return;
        };
        let asker = call.caller.other();
        for (holding, event) in &resolved[asker.index()] {
            if beats(holding, &called, rules) {
                self.rule_once(Ruling {
                    irregularity: Irregularity::BarredByAdmission {
                        declaration: declaration_of(holding),
                        admitted: call.declaration,
                    },
                    offender: Some(asker),
                    laws: rules.cite.admission,
                    penalty: Penalty::NotScored,
                    span: entries.get(*event).map(|e| e.span),
                    analogy: None,
                });
            }
        }
        resolved[asker.index()].clear();
    }

    /// Case IV: a player who declared, by his point and sequences, cards
    /// that make a better quatorze or trio than his adversary reckons has
    /// declared it by implication: he "can reckon anything he has omitted
    /// before B plays to the first trick (Law 56)", so the adversary's
    /// reckoning is barred, and the implied quatorze or trio bars as held.
    pub(super) fn bar_by_implication(
        &mut self,
        resolved: &mut [Vec<(Holding, usize)>; 2],
        claims: &[Claim],
        entries: &[Entry],
        rules: &RuleSet,
    ) {
        for player in PlayerId::BOTH {
            if !resolved[player.index()].is_empty() {
                continue;
            }
            let mut implied = CardSet::EMPTY;
            for scored in self.scored.iter().filter(|s| s.player == player) {
                let declaration = claims
                    .iter()
                    .find(|c| {
                        Some(c.event) == scored.event
                            && c.player == player
                            && Category::of(&c.declaration) == scored.holding.category()
                    })
                    .map(|c| c.declaration);
                if let Some(declaration) = declaration {
                    implied = implied.or(implied_cards(&declaration, &scored.holding, rules));
                }
            }
            let Some(best) = holding::sets(implied, rules)
                .into_iter()
                .max_by(holding::compare_sets)
                .map(Holding::Set)
            else {
                continue;
            };
            let other = player.other();
            let before = resolved[other.index()].len();
            let mut barred = Vec::new();
            resolved[other.index()].retain(|(holding, event)| {
                let beaten = beats(&best, holding, rules);
                if beaten {
                    barred.push((*holding, *event));
                }
                !beaten
            });
            for (holding, event) in barred {
                self.rule_once(Ruling {
                    irregularity: Irregularity::BarredByImplication {
                        declaration: declaration_of(&holding),
                        implied: declaration_of(&best),
                    },
                    offender: Some(other),
                    laws: rules.cite.omitted,
                    penalty: Penalty::NotScored,
                    span: entries.get(event).map(|e| e.span),
                    analogy: None,
                });
            }
            if resolved[other.index()].len() < before {
                self.bars[Category::Set.index()][player.index()] = true;
            }
        }
    }
}
