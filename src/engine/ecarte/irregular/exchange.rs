//! The exchange gone wrong (laws 26-28, 35-37): a proposal or an answer
//! retracted, a discard looked at, cards exposed in giving, a card turned
//! up in error.

use crate::cards::Card;
use crate::notation::{Place, PlaceKind, PlayerId, Span};
use crate::ruling::{EcarteFault, Penalty, Ruling};

use super::super::table::Table;
use super::deal::throw_aside;
use super::{cite, ruling, Irregular};

/// What the referee does with an exchange act, once the laws have weighed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weighed {
    /// The act stands: the exchange goes on with it.
    Stands,
    /// The act is void under the law: the exchange goes on without it.
    Void,
}

impl Irregular {
    /// Law 26: "he cannot retract; nor can he alter the number of cards
    /// asked for": a proposal not yet answered is retracted or altered by
    /// this act, which is ruled void.
    fn retracts(&self, player: PlayerId, span: Span, rulings: &mut Vec<Ruling>) -> bool {
        let retracts = self.proposed && !self.answered;
        if retracts {
            rulings.push(ruling(
                EcarteFault::RetractsProposal,
                Some(player),
                cite::L26,
                Penalty::Refused,
                span,
            ));
        }
        retracts
    }

    /// Law 26: "If a player propose, he cannot retract"; a player who
    /// proposed and then stands, before the dealer answers, retracts.
    pub fn stands(&mut self, player: PlayerId, span: Span, rulings: &mut Vec<Ruling>) -> Weighed {
        if self.retracts(player, span, rulings) {
            return Weighed::Void;
        }
        Weighed::Stands
    }

    /// Law 26: the number asked cannot be altered: a second proposal
    /// before the dealer answers the first is void.
    pub fn propose_again(
        &mut self,
        player: PlayerId,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) -> Weighed {
        if self.retracts(player, span, rulings) {
            return Weighed::Void;
        }
        self.answered = false;
        Weighed::Stands
    }

    /// Law 27: "The dealer, having accepted or refused, cannot retract."
    /// Law 37: after turning up a card in error "he cannot refuse another discard".
    pub fn answers(
        &mut self,
        player: PlayerId,
        refuses: bool,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) -> Weighed {
        if self.answered {
            rulings.push(ruling(
                EcarteFault::RetractsAnswer,
                Some(player),
                cite::L27,
                Penalty::Refused,
                span,
            ));
            return Weighed::Void;
        }
        self.answered = true;
        if refuses && self.turned_in_error.is_some() {
            rulings.push(ruling(
                EcarteFault::RefusesAfterTurningUp,
                Some(player),
                cite::L37,
                Penalty::Refused,
                span,
            ));
            return Weighed::Void;
        }
        Weighed::Stands
    }

    /// Law 28: "Cards once discarded must not be looked at." The law
    /// states no penalty.
    pub fn sees(&mut self, player: PlayerId, place: Place, span: Span, rulings: &mut Vec<Ruling>) {
        match place.kind {
            PlaceKind::Discard => rulings.push(ruling(
                EcarteFault::SeesDiscard,
                Some(player),
                cite::L28,
                Penalty::NoneStated,
                span,
            )),
            PlaceKind::Hand if place.owner.is_none_or(|o| o == player) => self.looks(player),
            _ => {}
        }
    }

    /// Law 36: "If, in giving cards, any of the non-dealer's are exposed,
    /// he has the option of taking them; should the non-dealer refuse
    /// them, they must be thrown aside and the next cards given instead. If
    /// the dealer expose any of his own cards, he must take them."
    pub(super) fn exposed_in_giving_stock(
        &mut self,
        player: PlayerId,
        cards: &[Card],
        _table: &mut Table,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) {
        // The non-dealer's cards are given first: a card exposed before he
        // has taken his is his.
        let own =
            self.taken[self.non_dealer().index()] > 0 || self.asked.is_none() && !self.proposed;
        rulings.push(ruling(
            EcarteFault::ExposedInGiving { own },
            Some(player),
            cite::L36,
            Penalty::None,
            span,
        ));
        if !own {
            self.exposed_in_giving = cards.first().copied();
        }
    }

    /// Law 36: the non-dealer takes (`accepts`) or refuses the exposed card.
    /// Returns `None` where no card exposed in giving awaits his answer.
    pub fn answers_exposed(&mut self, refuses: bool, table: &mut Table) -> Option<Weighed> {
        let card = self.exposed_in_giving.take()?;
        if refuses {
            throw_aside(table, card);
        }
        Some(Weighed::Void)
    }

    /// Law 37: "If, after giving the cards, the dealer turn up a card in
    /// error, as though it were the trump card, he cannot refuse another
    /// discard. If another be demanded, the non-dealer has the option of
    /// taking the exposed card."
    pub fn turns_up_in_error(
        &mut self,
        player: PlayerId,
        card: Option<Card>,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) {
        self.turned_in_error = card;
        rulings.push(ruling(
            EcarteFault::TurnsUpInError,
            Some(player),
            cite::L37,
            Penalty::NoneStated,
            span,
        ));
    }

    /// Whether the deal's trump is already turned up (a second `turns up`
    /// after the exchange began is law 37's).
    pub fn is_turned_up(&self) -> bool {
        self.turned_up
    }

    /// Whether the exchange has begun.
    pub fn exchange_begun(&self) -> bool {
        self.proposed
    }
}
