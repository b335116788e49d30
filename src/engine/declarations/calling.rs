//! Calling and replying (laws 46-52): the first call in each kind, the
//! replies, and a call or a reply corrected in time.

use crate::cards::{CardSet, Rank};
use crate::notation::{Act, Declaration, Entry, Event, PlayerId, Reply, SetKind};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::held::{find_held, unknown_hand_holding, Strictness};
use super::*;
use crate::engine::holding;
use crate::engine::ruleset::RuleSet;

/// The index of the first card played to a lead: the younger hand's play
/// to the first trick (laws 52, 54, 56).
pub(super) fn first_play(entries: &[Entry]) -> Option<usize> {
    first_card(entries, |_, act| matches!(act, Act::Plays(_)))
}

/// The index of the first card on the table that `counts` accepts: an act
/// (`A leads AS`, `B plays 7S`) by its player and kind, or any trick line.
pub(super) fn first_card(
    entries: &[Entry],
    counts: impl Fn(PlayerId, &Act) -> bool,
) -> Option<usize> {
    entries.iter().position(|e| match &e.event {
        Event::Act { player, act } => counts(*player, act),
        Event::Play { .. } => true,
        _ => false,
    })
}

/// Case I: the caller's point was called by its number of cards only, so
/// what it makes, said next, completes it.
pub(super) fn completes(first: &[Option<FirstCall>; 4], player: PlayerId) -> bool {
    first[Category::Point.index()].is_some_and(|call| {
        call.caller == player
            && matches!(
                call.declaration,
                Declaration::Point {
                    cards: Some(_),
                    making: None,
                    ..
                }
            )
    })
}

/// Law 46: the making stated in answer to the inquiry completes the point called.
pub(super) fn answer_making(
    first: &mut [Option<FirstCall>; 4],
    claims: &mut [Claim],
    player: PlayerId,
    making: u32,
) {
    let Some(call) = &mut first[Category::Point.index()] else {
        return;
    };
    if call.caller != player {
        return;
    }
    if let Declaration::Point { making: m, .. } = &mut call.declaration {
        *m = Some(making);
    }
    if let Some(claim) = claims.iter_mut().find(|c| c.event == call.event) {
        if let Declaration::Point { making: m, .. } = &mut claim.declaration {
            *m = Some(making);
        }
    }
}

/// Law 51: "If the younger hand allow a correct call to be good or equal,
/// when he holds better in his hand, he may correct his reply before the
/// elder hand has made another call; or, in case there is no further call,
/// before the elder hand has led a card." A correction in time replaces the
/// reply, with no penalty (unless the reply was admitted by asking, Case
/// VII); a late one is refused, and the reply stands.
pub(super) fn correct_reply(
    first: &mut [Option<FirstCall>; 4],
    category: Category,
    player: PlayerId,
    reply: Reply,
    late: bool,
    entry: &Entry,
    rules: &RuleSet,
) -> Option<Ruling> {
    let call = first[category.index()].as_mut()?;
    if call.caller == player || call.reply.is_none() {
        return None;
    }
    if late {
        return Some(Ruling {
            irregularity: Irregularity::ReplyCorrectedLate {
                what: category.name(),
            },
            offender: Some(player),
            laws: rules.cite.reply_correction,
            penalty: Penalty::Refused,
            span: Some(entry.span),
        });
    }
    if call.admitted || call.reply == Some(reply) {
        return None;
    }
    call.reply = Some(reply);
    Some(Ruling {
        irregularity: Irregularity::CorrectsReply {
            what: category.name(),
        },
        offender: Some(player),
        laws: rules.cite.reply_correction,
        penalty: Penalty::None,
        span: Some(entry.span),
    })
}

/// Law 50: a call smaller than what the hand holds there.
pub(super) fn called_less(
    declaration: &Declaration,
    holding: &Holding,
    hand: CardSet,
    rules: &RuleSet,
) -> bool {
    match holding {
        Holding::Point(p) => {
            holding::point_in(hand, p.suit).is_some_and(|held| held.cards > p.cards)
        }
        Holding::Sequence(s) => holding::sequences(hand, rules).iter().any(|h| {
            // A longer run of the same suit that contains the one called.
            let bottom = |top: Rank, length: u8| top as i32 - i32::from(length);
            h.suit == s.suit
                && h.length > s.length
                && h.top >= s.top
                && bottom(h.top, h.length) <= bottom(s.top, s.length)
        }),
        Holding::Set(s) => {
            matches!(
                declaration,
                Declaration::Set {
                    set: SetKind::Trio,
                    ..
                }
            ) && hand.count_rank(s.rank) == 4
        }
        Holding::CarteBlanche => false,
    }
}

/// The first call as it stands in the caller's hand (or as called, if not held).
pub(super) fn called_holding(call: &FirstCall, hands: &Hands, rules: &RuleSet) -> Option<Holding> {
    let hand = hands.declaring[call.caller.index()];
    find_held(&call.declaration, hand, rules, Strictness::AsCalled)
        .or_else(|| unknown_hand_holding(&call.declaration))
}
