//! Dealing: laws 9-17, and the wrong number of cards dealt (laws 11, 12,
//! 38, 39).
//!
//! Laws 15 and 16 turn on when the error is discovered: before either
//! player has taken up any of his cards, or after. The line that says it
//! (`B deals with wrong pack`, `A deals out of turn`) states the error; it is
//! discovered by the first claim of a fresh deal, or, where nobody claims
//! one, by that line itself. The moment a hand is taken up is the `takes up
//! hand` line, or any discard, call or card played.

use crate::notation::{Act, Claim, PlaceKind, PlayerId, Span};
use crate::ruling::{Irregularity, Otherwise, Penalty, Ruling, Whose};

use super::{ruling, Conduct, Counts, Dealt, Moment};

/// An error of dealing whose ruling waits for its discovery (laws 15, 16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Discovery {
    /// Where it was first written, if it was.
    pub said: Option<Span>,
    /// Whether no hand was taken up when it was first said.
    said_in_time: bool,
    /// Whether no hand was taken up at the first claim of a fresh deal, if
    /// one was made.
    claimed_in_time: Option<bool>,
}

impl Discovery {
    /// The line that states the error.
    fn say(&mut self, span: Span, taken_up: bool) {
        if self.said.is_none() {
            self.said = Some(span);
            self.said_in_time = !taken_up;
        }
    }

    /// A claim of a fresh deal: the error is discovered now, if not before.
    fn claim(&mut self, taken_up: bool) {
        self.claimed_in_time.get_or_insert(!taken_up);
    }

    /// Laws 15, 16: whether the error was discovered "before either player
    /// has taken up any of his cards". A claim made after a hand was taken
    /// up comes too late, though the error was written before: the players
    /// went on without discovering it.
    pub fn in_time(&self) -> bool {
        self.claimed_in_time.unwrap_or(self.said_in_time)
    }
}

/// The acts [`act`] reads: the rest are nothing to these laws (Case III's
/// lapse of an offer is [`offer_lapses`]).
pub fn reads(act: &Act) -> bool {
    matches!(
        act,
        Act::DealsBy(_)
            | Act::Misdeals(_)
            | Act::Accepts
            | Act::OffersFreshDeal
            | Act::WithdrawsOffer
            | Act::RectifiesDeal
            | Act::Exposes { .. }
            | Act::CompletesDeal
            | Act::DealsWrongPack
            | Act::DealsOutOfTurn
            | Act::Claims(Claim::FreshDeal)
            | Act::CollectsCards
            | Act::AnnouncesCards(_)
    )
}

/// Case III: "A fresh deal is a matter of agreement between the players";
/// letting the game be carried a step further "is tantamount to a
/// refusal", and the offer lapses.
pub fn offer_lapses(conduct: &mut Conduct, act: &Act) {
    if matches!(
        act,
        Act::Discards(_) | Act::Takes(_) | Act::Calls(_) | Act::Leads(_) | Act::Plays(_)
    ) && !conduct.agreed
    {
        conduct.offered = None;
    }
}

/// Rules a dealing act.
#[inline]
pub fn act(
    conduct: &mut Conduct,
    player: PlayerId,
    act: &Act,
    span: Span,
    moment: &Moment,
    out: &mut Vec<Ruling>,
) {
    let taken_up = conduct.taken_up;
    match act {
        Act::DealsBy(by) => {
            conduct.dealing = true;
            out.extend(mode(conduct, player, by, span, moment));
        }
        Act::Misdeals(cards) => conduct.misdeal = Some((player, *cards, span)),
        Act::Accepts => {
            if conduct.misdeal.is_some_and(|(dealer, ..)| dealer != player) {
                conduct.permitted = true;
            }
            if conduct.offered.is_some_and(|offerer| offerer != player) {
                conduct.agreed = true;
            }
        }
        Act::OffersFreshDeal => conduct.offered = Some(player),
        Act::WithdrawsOffer if conduct.offered == Some(player) => conduct.offered = None,
        Act::RectifiesDeal => {
            if let Some(refused) = rectify(conduct, player, span) {
                out.push(refused);
            } else {
                conduct.rectified = true;
            }
        }
        // Still dealing: no hand taken up, nothing discarded, called or
        // played; not in cutting or reuniting the packets (laws 5, 7).
        Act::Exposes { from, .. } if !taken_up && !conduct.exposes_in_cutting(from.as_ref()) => {
            if let Some(dealer) = moment.dealer.filter(|d| *d == player) {
                let whose = match from {
                    Some(place)
                        if matches!(
                            place.kind,
                            PlaceKind::Stock | PlaceKind::StockTop | PlaceKind::StockBottom
                        ) =>
                    {
                        Whose::Stock
                    }
                    Some(place) if place.owner.is_some_and(|o| o != dealer) => Whose::Adversary,
                    _ => Whose::Own,
                };
                out.push(exposed(dealer, whose, span));
            }
        }
        Act::CompletesDeal => conduct.completed = true,
        Act::DealsWrongPack => {
            let late = wrong_pack_too_late(conduct, moment);
            conduct.wrong_pack.say(span, late);
        }
        Act::DealsOutOfTurn => {
            let late = out_of_turn_too_late(conduct, moment);
            conduct.out_of_turn.say(span, late);
        }
        Act::Claims(Claim::FreshDeal) => {
            if conduct.wrong_pack.said.is_some() {
                let late = wrong_pack_too_late(conduct, moment);
                conduct.wrong_pack.claim(late);
            }
            if conduct.out_of_turn.said.is_some() || conduct.dealt_out_of_turn {
                let late = out_of_turn_too_late(conduct, moment);
                conduct.out_of_turn.say(span, late);
                conduct.out_of_turn.claim(late);
            }
        }
        Act::CollectsCards => out.extend(collect(player, span, moment, taken_up)),
        // Laws 38, 39: announced before the elder took up a card of the
        // stock (AC3: before he touched it).
        Act::AnnouncesCards(n) if !option_lapsed(moment) => {
            conduct.announced[player.index()] = Some((*n, span));
        }
        _ => {}
    }
}

/// Law 15: the wrong pack found too late once "either player has taken up
/// any of his cards"; AC4: once "the deal is completed".
fn wrong_pack_too_late(conduct: &Conduct, moment: &Moment) -> bool {
    moment
        .rules
        .wrong_pack
        .too_late(conduct.completed, conduct.taken_up)
}

/// Law 16: a deal out of turn "discovered too late to correct it", once
/// either player has taken up any of his cards; AC5: once the player who
/// dealt out of turn has taken up his hand ("If not discovered before
/// taking up the hand, there is no remedy").
fn out_of_turn_too_late(conduct: &Conduct, moment: &Moment) -> bool {
    let dealer = moment.dealer.unwrap_or(moment.elder.other());
    moment
        .rules
        .out_of_turn
        .too_late(conduct.taken_up, conduct.taken_up_by[dealer.index()])
}

/// Law 9: "The dealer must deal the cards by two at a time or by three at a
/// time ... The dealer having selected the mode in which he will distribute
/// the cards, must not change it during the partie."
///
/// AC2: "The deal is by two cards at a time": dealing by three is ruled;
/// the rest of law 9 stands.
fn mode(
    conduct: &mut Conduct,
    dealer: PlayerId,
    by: &[u8],
    span: Span,
    moment: &Moment,
) -> Option<Ruling> {
    let dealing = moment.rules.dealing_by;
    let now = match by {
        [n] if dealing.allows(*n) => *n,
        // A number the law does not allow, or rounds of two sizes (0).
        wrong => {
            let by = match wrong {
                [n] => *n,
                _ => 0,
            };
            let (irregularity, laws) = dealing.wrong(by);
            return Some(ruling(
                irregularity,
                Some(dealer),
                laws,
                Penalty::NoneStated,
                span,
            ));
        }
    };
    let was = *conduct.modes[dealer.index()].get_or_insert(now);
    (was != now).then(|| {
        ruling(
            Irregularity::ChangesMode { was, now },
            Some(dealer),
            &["9"],
            Penalty::NoneStated,
            span,
        )
    })
}

/// Law 10: "If the dealer deal the cards wrongly, he may, with the
/// permission of his adversary, rectify the error prior to either player
/// having taken up his hand." A rectifying without leave, or too late, is
/// refused; the `None` return means it was allowed.
fn rectify(conduct: &Conduct, player: PlayerId, span: Span) -> Option<Ruling> {
    let allowed = conduct.misdeal.is_some_and(|(dealer, ..)| dealer == player)
        && conduct.permitted
        && !conduct.taken_up;
    (!allowed).then(|| {
        ruling(
            Irregularity::ClaimNotAllowed {
                what: "to put the deal right",
            },
            Some(player),
            &["10"],
            Penalty::NoneStated,
            span,
        )
    })
}

/// Law 13: "If the dealer expose a card belonging to his adversary, or to
/// the stock, the elder hand has the option of a fresh deal. If the dealer
/// expose any of his own cards, the deal stands good."
fn exposed(dealer: PlayerId, whose: Whose, span: Span) -> Ruling {
    let penalty = match whose {
        Whose::Own => Penalty::DealStands,
        Whose::Adversary | Whose::Stock => Penalty::FreshDealOption {
            otherwise: Otherwise::DealStands,
            chosen: None,
        },
    };
    ruling(
        Irregularity::DealerExposes { whose },
        Some(dealer),
        &["13"],
        penalty,
        span,
    )
}

/// Law 17: "The non dealer must collect the cards for the ensuing deal."
/// Before the hands are taken up the cards collected are this deal's, and
/// the collector should be its non-dealer; after the play, they are for the
/// next deal, whose non-dealer is this deal's dealer.
fn collect(player: PlayerId, span: Span, moment: &Moment, taken_up: bool) -> Option<Ruling> {
    let dealer = moment.dealer?;
    let should = if taken_up { dealer } else { dealer.other() };
    (player != should).then(|| {
        ruling(
            Irregularity::ClaimNotAllowed {
                what: "to collect the cards, which is the non-dealer's task",
            },
            Some(player),
            &["17"],
            Penalty::NoneStated,
            span,
        )
    })
}

/// What is ruled at the end of the deal: a misdeal said or seen in the
/// hands (laws 10-12, 38, 39), the wrong pack (15), a deal out of turn (16).
pub fn finish(conduct: &Conduct, dealt: &Dealt, moment: &Moment, out: &mut Vec<Ruling>) {
    let dealer = moment.elder.other();
    if let Some(span) = conduct.wrong_pack.said {
        out.push(discovered(
            Irregularity::WrongPack,
            dealer,
            moment.rules.wrong_pack.laws(),
            conduct.wrong_pack,
            span,
        ));
    }
    if conduct.dealt_out_of_turn || conduct.out_of_turn.said.is_some() {
        let span = conduct.out_of_turn.said.or(dealt.span).unwrap_or_default();
        let laws = if conduct.dealt_against_cut {
            moment.rules.cut_for_deal.dealt_against_laws()
        } else {
            moment.rules.out_of_turn.laws()
        };
        out.push(discovered(
            Irregularity::DealsOutOfTurn,
            dealer,
            laws,
            conduct.out_of_turn,
            span,
        ));
    }
    if let Some(ruling) = wrong_number(conduct, dealt, moment) {
        out.push(ruling);
    }
}

/// AC4: the wrong pack discovered before the deal is completed, a fresh
/// deal; later, the deal holds good.
///
/// Laws 15 and 16: discovered before either player took up his cards, the
/// deal is void; later, it holds good. AC5: discovered before the player
/// who dealt out of turn took up his hand, void; later, no remedy.
fn discovered(
    irregularity: Irregularity,
    dealer: PlayerId,
    laws: &'static [&'static str],
    discovery: Discovery,
    span: Span,
) -> Ruling {
    let penalty = if discovery.in_time() {
        Penalty::FreshDeal
    } else {
        Penalty::DealStands
    };
    ruling(irregularity, Some(dealer), laws, penalty, span)
}

/// Law 11: "before taking up a card of the stock"; AC3: "before touching
/// the stock". Whether the elder's option of a fresh deal for a card too
/// many or too few has lapsed.
fn option_lapsed(moment: &Moment) -> bool {
    let elder = moment.elder.index();
    moment
        .rules
        .wrong_number_option
        .lapsed(moment.touched[elder], moment.taken_in[elder])
}

/// Laws 11, 12, 39: the cards dealt wrongly, as the hands show or the
/// dealer says, and not put right under law 10.
///
/// - "If more than one card be dealt wrongly, or if there be nine cards in
///   the stock, there must be a fresh deal (except as provided in Law 10)."
/// - AC3: "If the elder hand find that he has a card too many or too few,
///   he has the option of a fresh deal before touching the stock."
/// - "If the elder hand find that he has a card too many or a card too few,
///   he has the option of a fresh deal after looking at his hand, but before
///   taking up a card of the stock." Law 39: taking up a card of the stock
///   without announcing the error, "he loses his option of a fresh deal".
/// - "If the elder hand, having twelve cards dealt him, find, in drawing the
///   stock toward him after discarding, that it contains but seven cards, he
///   has the option of a fresh deal, or of altering his discard."
pub fn wrong_number(conduct: &Conduct, dealt: &Dealt, moment: &Moment) -> Option<Ruling> {
    let dealer = moment.elder.other();
    if conduct.rectified {
        let (dealer, _, span) = conduct.misdeal?;
        return Some(ruling(
            Irregularity::Misdeals { cards: None },
            Some(dealer),
            &["10"],
            Penalty::Rectified,
            span,
        ));
    }
    let said = conduct.misdeal;
    let span = dealt
        .span
        .or(said.map(|s| s.2))
        .or(conduct.announced_at())
        .unwrap_or_default();
    let (twelve, eight) = (moment.hand, moment.pack - 2 * moment.hand);
    // A deal whose cards are not all written is judged by what was said.
    let dealt = dealt.counts.unwrap_or(Counts {
        elder: twelve,
        younger: twelve,
        stock: eight,
    });
    let wrong =
        dealt.elder.abs_diff(twelve) + dealt.younger.abs_diff(twelve) + dealt.stock.abs_diff(eight);
    let misdealt = said.and_then(|(_, cards, _)| cards).map_or(0, usize::from);
    let irregularity = if dealt.elder != twelve {
        Irregularity::WrongNumberOfCards {
            held: dealt.elder,
            expected: twelve,
        }
    } else if dealt.stock != eight {
        Irregularity::WrongStock {
            held: dealt.stock,
            expected: eight,
        }
    } else if dealt.younger != twelve {
        Irregularity::WrongNumberOfCards {
            held: dealt.younger,
            expected: twelve,
        }
    } else if let Some((_, cards, _)) = said {
        Irregularity::Misdeals { cards }
    } else {
        return None;
    };
    if wrong > 2 || misdealt > 1 || dealt.stock > eight {
        let laws: &'static [&'static str] = if dealt.elder < twelve && dealt.stock < eight {
            &["12", "39"]
        } else {
            &["12"]
        };
        return Some(ruling(
            irregularity,
            Some(dealer),
            laws,
            Penalty::FreshDeal,
            span,
        ));
    }
    let (otherwise, laws): (_, &'static [&'static str]) = if dealt.elder != twelve {
        let option = moment.rules.wrong_number_option;
        if !conduct.misdeal_announced() && option_lapsed(moment) {
            // Law 39: he took a card of the stock without announcing the
            // error (AC3: he touched the stock).
            return Some(ruling(
                irregularity,
                Some(dealer),
                option.lost_laws(),
                Penalty::DealStands,
                span,
            ));
        }
        if conduct.misdeal_announced() {
            // Law 38: announced, and the stock may be counted.
            (Otherwise::DealStands, option.announced_laws())
        } else {
            (Otherwise::DealStands, option.laws())
        }
    } else if dealt.stock < eight {
        (Otherwise::AlterDiscard, &["11"])
    } else {
        (Otherwise::DealStands, &["11"])
    };
    Some(ruling(
        irregularity,
        Some(dealer),
        laws,
        Penalty::FreshDealOption {
            otherwise,
            chosen: None,
        },
        span,
    ))
}
