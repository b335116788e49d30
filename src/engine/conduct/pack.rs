//! The pack, new cards and bystanders: laws 6, 14, 75-78.

use crate::notation::{Act, Event, PlaceKind, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::{ruling, Moment};

/// The events [`event`] reads: the rest are nothing to these laws.
pub fn reads(event: &Event) -> bool {
    matches!(
        event,
        Event::Faced { .. } | Event::Pack { .. } | Event::Damaged { .. } | Event::Bystander { .. }
    )
}

/// Rules an event that is not a player's act: a faced card, a faulty pack,
/// a damaged card, a bystander's remark.
pub fn event(
    event: &Event,
    span: Span,
    moment: &Moment,
    cut_for_deal: bool,
    out: &mut Vec<Ruling>,
) {
    let dealer = moment.dealer;
    match event {
        Event::Faced { card, place } => out.extend(faced(*card, place.kind, dealer, span)),
        Event::Pack { fault } => {
            // Law 75: "If a pack be discovered to be incorrect, redundant,
            // or imperfect, the deal in which the discovery is made is void.
            // All preceding deals stand good."
            out.push(ruling(
                Irregularity::FaultyPack { fault: *fault },
                None,
                &["75"],
                Penalty::FreshDeal,
                span,
            ));
            // Law 6: "The cut for the deal holds good, even if the pack be incorrect."
            if cut_for_deal {
                out.push(ruling(
                    Irregularity::FaultyPack { fault: *fault },
                    None,
                    &["6"],
                    Penalty::CutStands,
                    span,
                ));
            }
        }
        // Law 77: "Torn or marked cards must be replaced, or new packs
        // called for at the expense of the two players."
        Event::Damaged { card, .. } => out.push(ruling(
            Irregularity::DamagedCard { card: *card },
            None,
            &["77"],
            Penalty::NoneStated,
            span,
        )),
        // Law 78: a bystander who calls attention to an error "may be
        // called on to pay all stakes and bets of the player whose
        // interest he has prejudicially affected". The score is ruled as
        // the cards and calls give it.
        Event::Bystander { .. } => out.push(ruling(
            Irregularity::BystanderSpeaks,
            None,
            &["78"],
            Penalty::NoneStated,
            span,
        )),
        _ => {}
    }
}

/// Law 14: "If a faced card be found in the pack when dealing, or in the
/// stock when taking in, there must be a fresh deal."
fn faced(
    card: Option<crate::cards::Card>,
    place: PlaceKind,
    dealer: Option<PlayerId>,
    span: Span,
) -> Option<Ruling> {
    matches!(
        place,
        PlaceKind::Pack | PlaceKind::Stock | PlaceKind::StockTop | PlaceKind::StockBottom
    )
    .then(|| {
        ruling(
            Irregularity::FacedCard { card },
            dealer,
            &["14"],
            Penalty::FreshDeal,
            span,
        )
    })
}

/// Law 76: "Before the pack is cut to the dealer a player may call for
/// fresh cards at his own expense." Called for after the cut, the call
/// comes too late for this deal.
pub fn act(player: PlayerId, act: &Act, span: Span, cut: bool, out: &mut Vec<Ruling>) {
    if matches!(act, Act::CallsForNewCards) && cut {
        out.push(ruling(
            Irregularity::NewCardsTooLate,
            Some(player),
            &["76"],
            Penalty::NoneStated,
            span,
        ));
    }
}
