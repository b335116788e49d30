//! Conduct in the exchange: laws 24-26, 28, 29, 36, 37, 45.
//!
//! The laws that move cards (25, 26, 28, 29: cards mixed with the hand or
//! the discard) are ruled here and carried out by the table, which knows
//! where each card lies.

use crate::notation::{Act, Claim, Mixed, PlaceKind, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::{ruling, Conduct, Moment, Phase};
use crate::engine::ruleset::{ExchangeRules, LeftCards, LeftCardsSeen};

/// The acts [`act`] reads: the rest are nothing to these laws.
pub fn reads(act: &Act) -> bool {
    matches!(
        act,
        Act::Claims(Claim::AlterDiscard)
            | Act::Discards(_)
            | Act::Names(_)
            | Act::Leads(_)
            | Act::Mixes { .. }
            | Act::Elects { .. }
            | Act::Sees { .. }
            | Act::Requires(_)
            | Act::Examines(_)
    )
}

/// Rules an exchange act that moves no card.
#[inline]
pub fn act(
    conduct: &mut Conduct,
    player: PlayerId,
    act: &Act,
    span: Span,
    moment: &Moment,
    out: &mut Vec<Ruling>,
) {
    let younger = moment.elder.other();
    match act {
        Act::Claims(Claim::AlterDiscard) => out.extend(alter_discard(player, span, moment)),
        Act::Discards(_) if moment.phase == Phase::Exchange && discard_fixed(player, moment) => {
            out.extend(alter_discard(player, span, moment));
        }
        // 9e: "the elder hand may look at any cards remaining in the stock
        // only if he has first declared which suit his first card will be.
        // If this happens, the dealer must make sure the elder hand keeps
        // to his word": the suit named before the play binds his first lead.
        Act::Names(suit) if player == moment.elder => {
            conduct.elder_named = true;
            if moment.rules.left_cards.held_to_named_suit() && moment.phase != Phase::Play {
                conduct.named_suit = Some(*suit);
            }
        }
        Act::Leads(_) if player == moment.elder => conduct.elder_named = true,
        Act::Mixes {
            what: Mixed::Place(what),
            with,
        } if what.kind == PlaceKind::Left && with.kind == PlaceKind::Discard => {
            conduct.left_mixed = true;
        }
        Act::Elects { see, place } if place.kind == PlaceKind::Left && player == younger => {
            conduct.younger_sees = Some(*see);
        }
        // Law 36 speaks of the younger's cards left: once he has taken in.
        Act::Sees { place, .. }
            if place.kind == PlaceKind::Left && moment.taken_in[younger.index()] =>
        {
            out.extend(see_left(conduct, player, span, moment));
        }
        // AC12: "a suit may be called from the offender when next he has to lead".
        Act::Requires(suit) if conduct.left_seen_by == Some(player.other()) => {
            conduct.called_suit = Some((player.other(), *suit));
        }
        // Law 60: "A player is entitled to examine both his own and his
        // adversary's tricks at any time": nothing to rule.
        Act::Examines(place) if place.kind == PlaceKind::Tricks => {}
        Act::Sees { place, .. } | Act::Examines(place) if place.kind == PlaceKind::Discard => {
            let whose = place.owner.unwrap_or(player);
            out.extend(see_discard(conduct, player, whose, span, moment));
        }
        _ => {}
    }
}

/// Law 24: "After a player has taken up a card of the stock he cannot
/// alter his discard" (except as law 11 gives the elder a stock of seven,
/// and law 32 the younger who finds cards left undeclared: both claim
/// before taking a card, so they fall outside this law).
///
/// AC8: "After a player has touched the stock he cannot alter his discard
/// (except as provided in Laws of Piquet 11, 32, and 38)": the exceptions
/// come after touching the stock, and are made explicit here.
pub fn alter_discard(player: PlayerId, span: Span, moment: &Moment) -> Option<Ruling> {
    let p = player.index();
    let fixed = moment.rules.discard_fixed;
    let late = fixed.fixed(moment.touched[p], moment.taken_in[p]);
    let excepted = moment.alter_excepted[p] && !moment.taken_in[p];
    let irregularity = if moment.taken_in[p] {
        Irregularity::AltersDiscard
    } else {
        Irregularity::AltersDiscardAfterTouching
    };
    (late && !excepted).then(|| {
        ruling(
            irregularity,
            Some(player),
            fixed.laws(),
            Penalty::NoneStated,
            span,
        )
    })
}

/// Whether a further discard alters one already fixed: after taking a card
/// of the stock (law 24), or after discarding and touching it (AC8).
fn discard_fixed(player: PlayerId, moment: &Moment) -> bool {
    let p = player.index();
    let touched_after = moment.discarded[p] && moment.touched[p];
    moment.taken_in[p] || moment.rules.discard_fixed.fixed(touched_after, false)
}

/// Law 36: "If the younger hand leave any cards he is entitled to see them;
/// but he must declare whether he will look at them or not, after the elder
/// hand has named the suit he will first lead, or has led a card ... If the
/// younger hand elect to look at them, the elder hand is also entitled to
/// see them, after he has named the suit he will first lead, or has led a
/// card. If the younger hand elect not to look at them, neither player has
/// a right to see them."
///
/// AC12: "If the younger hand leave any cards and elect not to look at
/// them, and either player should then look at them, they must be exposed,
/// and a suit may be called from the offender when next he has to lead."
///
/// The French rules, 4e: the dealer "may look at them without showing them
/// to the elder hand. The elder hand may ask to see them, but only on
/// condition that he first announces which suit he will lead"; 21l: none of
/// them "may be examined during play".
fn see_left(
    conduct: &mut Conduct,
    player: PlayerId,
    span: Span,
    moment: &Moment,
) -> Option<Ruling> {
    let way = moment.rules.left_cards;
    let elder = player == moment.elder;
    let playing = moment.phase == Phase::Play;
    let allowed = way.may_see(elder, conduct.younger_sees, conduct.elder_named, playing);
    if way == LeftCards::ElderNamesSuit {
        let irregularity = if playing {
            Irregularity::ExaminesDuringPlay {
                what: "the cards left in the stock",
            }
        } else {
            Irregularity::SeesLeftCardsBeforeNaming
        };
        let laws = way.laws(playing);
        return (!allowed)
            .then(|| ruling(irregularity, Some(player), laws, Penalty::NoneStated, span));
    }
    let suit_called = moment.rules.left_seen == LeftCardsSeen::SuitCalled;
    if !allowed && conduct.younger_sees == Some(false) && suit_called {
        conduct.left_seen_by = Some(player);
        return Some(ruling(
            Irregularity::SeesDeclinedLeftCards,
            Some(player),
            &["36", "AC12"],
            Penalty::SuitMayBeCalled,
            span,
        ));
    }
    (!allowed).then(|| {
        ruling(
            Irregularity::SeesLeftCards,
            Some(player),
            &["36"],
            Penalty::NoneStated,
            span,
        )
    })
}

/// Law 45: "A player may examine his own discard at any time." Law 37: if
/// the younger mixed the cards he left with his discard unseen, "the elder
/// hand, after leading a card, is entitled to see his adversary's discard".
///
/// The French rules, 21l: "None of the discarded cards, nor any left in
/// the stock, may be examined during play", his own discard included.
fn see_discard(
    conduct: &Conduct,
    player: PlayerId,
    whose: PlayerId,
    span: Span,
    moment: &Moment,
) -> Option<Ruling> {
    let playing = moment.phase == Phase::Play;
    let own_discard = moment.rules.own_discard;
    if whose == player && !own_discard.allowed(playing) {
        return Some(ruling(
            Irregularity::ExaminesDuringPlay {
                what: "his own discard",
            },
            Some(player),
            own_discard.laws(),
            Penalty::NoneStated,
            span,
        ));
    }
    let allowed =
        whose == player || (player == moment.elder && conduct.left_mixed && conduct.elder_named);
    (!allowed).then(|| {
        ruling(
            Irregularity::ClaimNotAllowed {
                what: "to see the adversary's discard",
            },
            Some(player),
            &["45", "37"],
            Penalty::NoneStated,
            span,
        )
    })
}

/// Law 25: "If a player, after having taken up a card of the stock, take
/// back into his hand any of his discard, he must play with more than
/// twelve cards, and can reckon nothing that deal."
pub fn retakes_discard(player: PlayerId, span: Span) -> Ruling {
    ruling(
        Irregularity::RetakesDiscard,
        Some(player),
        &["25"],
        Penalty::ReckonsNothing,
        span,
    )
}

/// Law 26: "If a player, after having taken up a card of the stock, mix any
/// of his hand, or any card he is entitled to take in, with his discard, he
/// must leave it with his discard. He must play with less than twelve
/// cards, and his adversary counts as tricks all cards that cannot be
/// played to."
pub fn mixes_with_discard(player: PlayerId, cards: usize, span: Span) -> Ruling {
    ruling(
        Irregularity::MixesWithDiscard { cards },
        Some(player),
        &["26"],
        Penalty::LeftWithDiscard,
        span,
    )
}

/// Law 28: "If the elder hand mix with his hand any of the bottom three
/// cards of the stock (except as provided in Laws 41 and 43), or if, having
/// left any cards, he mix with his hand any of the cards he ought to have
/// left, he can reckon nothing that deal; or, the younger hand, after
/// looking at his cards, may elect to have a fresh deal."
///
/// Law 29: "If the younger hand mix with his hand any of the top five cards
/// of the stock (not being cards declared to be left by the elder hand), he
/// can reckon nothing that deal; or, the elder hand, after looking at his
/// cards, may elect to have a fresh deal."
///
/// AC9: "If the elder hand mix with his hand one of the three bottom cards
/// of the stock, he loses the game; and, similarly, if the elder hand,
/// having left a card or cards, mix with his hand any of the cards he ought
/// to have left, he loses the game." AC10: the younger who takes up (and so
/// mixes) any of the top five loses the game.
pub fn mixes_adversary_cards(
    player: PlayerId,
    elder: PlayerId,
    span: Span,
    rules: &ExchangeRules,
) -> Ruling {
    let (laws, penalty) = rules.stock_taken.mixed(player == elder);
    ruling(
        Irregularity::MixesAdversaryCards,
        Some(player),
        laws,
        penalty,
        span,
    )
}

/// Laws 27, 29: the younger takes up cards of the elder's top five before
/// the elder has taken in: he can reckon nothing that deal (law 27), or the
/// elder, after looking at his cards, may have a fresh deal (law 29).
///
/// AC10: "If the younger hand take up any of the top five cards of the
/// stock (not being cards declared to be left by the elder hand), he loses
/// the game."
pub fn takes_up_adversary_cards(player: PlayerId, span: Span, rules: &ExchangeRules) -> Ruling {
    let (laws, penalty) = rules.stock_taken.taken_up();
    ruling(
        Irregularity::TakesUpAdversaryCards,
        Some(player),
        laws,
        penalty,
        span,
    )
}

/// Law 29: "If, however, the elder hand have taken in some of his cards, the
/// others remaining on the stock, and the younger hand take up any of them,
/// he incurs no penalty, unless he mix any of the cards taken up with his
/// hand, when he can reckon nothing that deal."
pub fn mixes_cards_taken_up(player: PlayerId, span: Span) -> Ruling {
    ruling(
        Irregularity::MixesCardsTakenUp,
        Some(player),
        &["29"],
        Penalty::ReckonsNothing,
        span,
    )
}
