//! The écarté irregularities (laws 8-45): each a [`Ruling`] that cites its
//! law, names the offender and the penalty, and where the law gives the
//! other player a choice, the choice itself, settled by what the
//! transcript shows him do (a fresh deal claimed, the hand played on).
//!
//! One file per group of laws: [`deal`] 8-14, 44, 45; [`numbers`] 15-21
//! and 29-34; [`exchange`] 26-28, 35-37; [`play`] 41, 42 (laws 39, 40
//! and 43 are the play's own, in `super::play`).

mod deal;
mod exchange;
mod numbers;
mod play;

use crate::cards::{Card, Suit};
use crate::notation::{PlayerId, Span};
use crate::ruling::{EcarteFault, Elected, Irregularity, Otherwise, Penalty, Ruling};

pub use exchange::Weighed;
pub use play::Abandoned;

/// A choice the law gives a player: a fresh deal, or the deal played on.
#[derive(Clone, Copy, Debug)]
struct Pending {
    /// The ruling's index in the deal's rulings.
    ruling: usize,
    /// Who chooses.
    chooser: PlayerId,
    /// Whether his claim must come before he looks at his hand (laws 9, 11, 13).
    before_looking: bool,
}

/// What the irregularities of one deal decide, as its events go by.
#[derive(Clone, Debug)]
pub struct Irregular {
    dealer: PlayerId,
    /// A `turns up` line seen (law 10), or the deal's trump taken as turned.
    turned_up: bool,
    /// Whether each player has looked at his hand.
    looked: [bool; 2],
    /// Whether each player has taken up his hand (laws 17, 29, 33).
    took_up: [bool; 2],
    /// Choices given, not yet settled.
    pending: Vec<Pending>,
    /// Law 19: a wrong number was dealt and no fresh deal claimed.
    pub misdealt: bool,
    /// The deal is void: a fresh deal follows (laws 9, 11-18, 20, 21, 29, 31-33, 45).
    pub void: bool,
    /// Law 42: who abandoned his hand, and after how many tricks.
    pub abandoned: Option<Abandoned>,
    /// Rulings another law answers instead (laws 15-18 by 20, 21).
    superseded: Vec<usize>,
    /// Law 14: the ruling on a deal out of turn or with the wrong pack.
    law14: Option<usize>,
    /// Law 41: the suit the leader named, and who named it.
    named: Option<(PlayerId, Suit)>,
    /// Law 41: the adversary required the suit named.
    required: bool,
    /// Law 41's ruling on the card led, if any.
    named_ruling: Option<usize>,
    /// The exchange as it goes: the number asked, cards discarded and taken this round.
    asked: Option<u8>,
    /// A proposal made: cards taken from here on are the exchange's.
    proposed: bool,
    /// The dealer's answer to the proposal of this round (law 27).
    answered: bool,
    discarded: [u8; 2],
    taken: [u8; 2],
    /// Whether a player has taken any card in the exchange (laws 20, 21).
    pub took_cards: [bool; 2],
    /// Law 37: a card turned up in error after the exchange.
    turned_in_error: Option<Card>,
    /// Law 36: a card of the non-dealer exposed in giving, awaiting his answer.
    exposed_in_giving: Option<Card>,
    /// Law 30, 34: who plays with fewer cards, his adversary counting as
    /// tricks the cards that cannot be played to.
    pub short: Option<(PlayerId, &'static [&'static str])>,
}

/// Laws cited.
pub(crate) mod cite {
    pub const L8_9: &[&str] = &["8", "9"];
    pub const L9: &[&str] = &["9"];
    pub const L11: &[&str] = &["11"];
    pub const L12: &[&str] = &["12"];
    pub const L13: &[&str] = &["13"];
    pub const L14: &[&str] = &["14"];
    pub const L15: &[&str] = &["15"];
    pub const L16: &[&str] = &["16"];
    pub const L17: &[&str] = &["17"];
    pub const L18: &[&str] = &["18"];
    pub const L19: &[&str] = &["19"];
    pub const L20: &[&str] = &["20"];
    pub const L21: &[&str] = &["21"];
    pub const L26: &[&str] = &["26"];
    pub const L27: &[&str] = &["27"];
    pub const L28: &[&str] = &["28"];
    pub const L29: &[&str] = &["29"];
    pub const L30: &[&str] = &["30"];
    pub const L31: &[&str] = &["31"];
    pub const L32: &[&str] = &["32"];
    pub const L33: &[&str] = &["33"];
    pub const L34: &[&str] = &["34"];
    pub const L35: &[&str] = &["35"];
    pub const L36: &[&str] = &["36"];
    pub const L37: &[&str] = &["37"];
    pub const L41: &[&str] = &["41"];
    pub const L42: &[&str] = &["42"];
    pub const L44: &[&str] = &["44"];
    pub const L45: &[&str] = &["45"];
}

/// An écarté ruling.
fn ruling(
    fault: EcarteFault,
    offender: Option<PlayerId>,
    laws: &'static [&'static str],
    penalty: Penalty,
    span: Span,
) -> Ruling {
    Ruling::at(
        Irregularity::Ecarte { fault },
        offender,
        laws,
        penalty,
        span,
    )
}

/// The penalty of a choice of a fresh deal not yet made.
const OPTION: Penalty = Penalty::FreshDealOption {
    otherwise: Otherwise::DealStands,
    chosen: None,
};

impl Irregular {
    /// A deal's irregularities, none yet.
    pub fn new(dealer: PlayerId) -> Irregular {
        Irregular {
            dealer,
            turned_up: false,
            looked: [false; 2],
            took_up: [false; 2],
            pending: Vec::new(),
            misdealt: false,
            void: false,
            abandoned: None,
            named: None,
            law14: None,
            superseded: Vec::new(),
            required: false,
            named_ruling: None,
            asked: None,
            proposed: false,
            answered: false,
            discarded: [0; 2],
            taken: [0; 2],
            took_cards: [false; 2],
            turned_in_error: None,
            exposed_in_giving: None,
            short: None,
        }
    }

    fn non_dealer(&self) -> PlayerId {
        self.dealer.other()
    }

    /// A ruling that gives `chooser` the choice of a fresh deal.
    fn offer(
        &mut self,
        rulings: &mut Vec<Ruling>,
        ruling: Ruling,
        chooser: PlayerId,
        before_looking: bool,
    ) {
        self.pending.push(Pending {
            ruling: rulings.len(),
            chooser,
            before_looking,
        });
        rulings.push(ruling);
    }

    /// A ruling that voids the deal: there must be a fresh deal.
    fn void_deal(&mut self, rulings: &mut Vec<Ruling>, ruling: Ruling) {
        self.void = true;
        rulings.push(Ruling {
            penalty: Penalty::FreshDeal,
            ..ruling
        });
    }

    /// `player claims fresh deal`: the latest choice given him settles on a
    /// fresh deal, if he claims it in time; else the claim is refused.
    pub fn claims_fresh_deal(&mut self, player: PlayerId, span: Span, rulings: &mut Vec<Ruling>) {
        if self.void {
            return;
        }
        let found = self.pending.iter().rposition(|p| p.chooser == player);
        if found.is_none() && self.claims_under_law_14(player, span, rulings) {
            return;
        }
        match found {
            Some(at) if !(self.pending[at].before_looking && self.looked[player.index()]) => {
                let pending = self.pending.remove(at);
                settle(&mut rulings[pending.ruling], Elected::FreshDeal);
                self.void = true;
            }
            // Laws 9, 11, 13: claimed after he looked at his hand, too late.
            Some(at) => {
                let pending = self.pending.remove(at);
                settle(&mut rulings[pending.ruling], Elected::Stand);
                let laws = rulings[pending.ruling].laws;
                rulings.push(ruling(
                    EcarteFault::ClaimsFreshDealWithoutRight,
                    Some(player),
                    laws,
                    Penalty::Refused,
                    span,
                ));
            }
            None => rulings.push(ruling(
                EcarteFault::ClaimsFreshDealWithoutRight,
                Some(player),
                &[],
                Penalty::Refused,
                span,
            )),
        }
    }

    /// A player looks at his own hand.
    pub fn looks(&mut self, player: PlayerId) {
        self.looked[player.index()] = true;
    }

    /// A player takes up his hand (laws 17, 29, 33: the cards drawn from it may be looked at).
    pub fn takes_up_hand(&mut self, player: PlayerId) {
        self.took_up[player.index()] = true;
        self.looked[player.index()] = true;
    }

    /// The deal's end: each choice not claimed stands, the deal played on.
    pub fn finish(&mut self, rulings: &mut Vec<Ruling>) {
        for pending in self.pending.drain(..) {
            settle(&mut rulings[pending.ruling], Elected::Stand);
        }
        self.superseded.sort_unstable();
        for at in self.superseded.drain(..).rev() {
            rulings.remove(at);
        }
        if self.misdealt && self.void {
            self.misdealt = false;
        }
    }

    /// The choices this deal gave: (ruling, chooser, taken a fresh deal).
    pub fn choices(rulings: &[Ruling]) -> Vec<(usize, Option<Elected>)> {
        rulings
            .iter()
            .enumerate()
            .filter_map(|(i, r)| match r.penalty {
                Penalty::FreshDealOption { chosen, .. } => Some((i, chosen)),
                _ => None,
            })
            .collect()
    }
}

/// A choice of a fresh deal, settled.
fn settle(ruling: &mut Ruling, elected: Elected) {
    if let Penalty::FreshDealOption { otherwise, .. } = ruling.penalty {
        ruling.penalty = Penalty::FreshDealOption {
            otherwise,
            chosen: Some(elected),
        };
    }
}
