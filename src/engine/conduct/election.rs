//! What a player given the option of a fresh deal chose (laws 11, 13, 28,
//! 29), read from the lines after the irregularity.
//!
//! He chooses a fresh deal by claiming it (`A claims fresh deal`). He
//! stands the deal by claiming the penalty instead (`A claims B reckons
//! nothing`), by waiving it (law 44), by refusing, or by going on with the
//! deal: taking in,
//! calling, leading or playing. A discard alone decides nothing: law 11
//! gives the elder his option until he takes a card of the stock. Where no
//! line decides it, the ruling says so and the report shows both outcomes.

use crate::engine::ruleset::ExchangeRules;
use crate::notation::{Act, Claim, Deal, Event, PlaceKind, PlayerId};
use crate::ruling::{Elected, Penalty, Ruling};

/// Fills in the choice of each ruling that gives the adversary the option.
///
/// AC3: where the option lapses on touching the stock, the chooser who
/// touches it goes on with the deal, and stands it.
pub fn elect(rulings: &mut [Ruling], deal: &Deal, rules: &ExchangeRules) {
    for ruling in rulings.iter_mut() {
        let Penalty::FreshDealOption {
            otherwise,
            chosen: None,
        } = ruling.penalty
        else {
            continue;
        };
        let Some(offender) = ruling.offender else {
            continue;
        };
        let after = ruling.span.map_or(0, |s| s.start);
        let chosen = deal
            .events
            .iter()
            .enumerate()
            .filter(|(_, e)| e.span.start > after)
            .filter(|&(i, _)| !refuses_leave(deal, i))
            .find_map(|(_, e)| {
                let touching = rules.wrong_number_option.touching_stands(ruling.laws);
                choice(&e.event, offender.other(), touching)
            });
        ruling.penalty = Penalty::FreshDealOption { otherwise, chosen };
    }
}

/// Law 10: a refusal that answers the dealer's misdeal refuses him leave
/// to put it right; it chooses nothing between a fresh deal and the deal.
fn refuses_leave(deal: &Deal, index: usize) -> bool {
    let refuses = matches!(
        deal.events[index].event,
        Event::Act {
            act: Act::Refuses,
            ..
        }
    );
    refuses
        && index.checked_sub(1).is_some_and(|before| {
            matches!(
                deal.events[before].event,
                Event::Act {
                    act: Act::Misdeals(_),
                    ..
                }
            )
        })
}

/// What an event shows the chooser chose, if anything.
fn choice(event: &Event, chooser: PlayerId, touching_stands: bool) -> Option<Elected> {
    let Event::Act { player, act } = event else {
        return matches!(event, Event::Play { .. }).then_some(Elected::Stand);
    };
    if *player != chooser {
        return None;
    }
    match act {
        Act::Claims(Claim::FreshDeal) => Some(Elected::FreshDeal),
        Act::Claims(Claim::ReckonsNothing(_) | Claim::AlterDiscard)
        // Law 44: waiving the penalty stands the deal, the penalty not enforced.
        | Act::WaivesPenalty
        | Act::Refuses
        | Act::Takes(_)
        | Act::Calls(_)
        | Act::Reckons { .. }
        | Act::Leads(_)
        | Act::Plays(_) => Some(Elected::Stand),
        Act::Touches(place)
            if touching_stands && matches!(place.kind, PlaceKind::Stock | PlaceKind::StockTop) =>
        {
            Some(Elected::Stand)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset::PORTLAND;
    use crate::notation::read_str;
    use crate::ruling::{Irregularity, Otherwise, Whose};

    /// Law 13: the elder's lines after the dealer exposed one of his cards.
    #[test]
    fn the_elder_chooses() {
        let table = [
            ("A claims fresh deal", Some(Elected::FreshDeal)),
            ("A discards 7C", None),
            ("A discards 7C\nA takes 1", Some(Elected::Stand)),
            ("B claims fresh deal", None),
            ("A claims B reckons nothing", Some(Elected::Stand)),
            ("A calls point 5", Some(Elected::Stand)),
        ];
        for (lines, expected) in table {
            let text = format!(
                "[Players \"A B\"]\ndeal 1\ndealer B\nB exposes QH from hand of A\n{lines}\n"
            );
            let reading = read_str(&text);
            let deal = &reading.transcript.deals[0];
            let mut rulings = vec![Ruling {
                irregularity: Irregularity::DealerExposes {
                    whose: Whose::Adversary,
                },
                offender: Some(PlayerId(1)),
                laws: &["13"],
                penalty: Penalty::FreshDealOption {
                    otherwise: Otherwise::DealStands,
                    chosen: None,
                },
                span: Some(deal.events[0].span),
                analogy: None,
            }];
            elect(&mut rulings, deal, &PORTLAND.exchange_rules);
            assert_eq!(
                rulings[0].penalty,
                Penalty::FreshDealOption {
                    otherwise: Otherwise::DealStands,
                    chosen: expected
                },
                "{lines}"
            );
        }
    }
}
