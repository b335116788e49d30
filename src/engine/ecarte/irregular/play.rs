//! The play gone wrong (laws 39-42): a card taken back, a lead out of
//! turn, a suit named and another led, a hand abandoned or thrown down.

use crate::cards::{Card, Suit};
use crate::notation::{PlayerId, Span};
use crate::ruling::{EcarteFault, Irregularity, Penalty, Ruling};

use super::super::play::Play;
use super::super::table::Table;
use super::{cite, ruling, Irregular};

/// Law 42: a hand abandoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abandoned {
    /// Who abandoned it.
    pub player: PlayerId,
    /// The tricks he had made.
    pub tricks: u8,
}

impl Irregular {
    /// Laws 39, 40, 41: `player retakes card`. Law 39: "A card led in turn
    /// cannot be taken up again. A card played to a lead may be taken up
    /// again to save a revoke or to correct the error of not winning a
    /// trick when able, and then only prior to another card being led."
    /// Law 40: "If a card be led out of turn, it may be taken up again,
    /// prior to its being played to". Law 41: the leader required to play
    /// the suit named takes his card back. Returns whether the card went
    /// back to his hand.
    pub fn retakes(
        &mut self,
        player: PlayerId,
        card: Card,
        play: &mut Play,
        table: &mut Table,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) -> bool {
        if let Some(led) = play
            .pending_lead()
            .filter(|p| p.player == player && p.card == card)
        {
            // Law 40: a lead out of turn, not yet played to.
            if let Some(r) = rulings.iter_mut().rev().find(|r| {
                matches!(r.irregularity, Irregularity::LeadsOutOfTurn { card: c } if c == led.card)
                    && r.penalty == Penalty::NotYetRuled
            }) {
                r.penalty = Penalty::TakenUp;
                play.take_back(table);
                return true;
            }
            // Law 41: required to lead the suit named, and holding it.
            if self.required && self.named.is_some_and(|(p, _)| p == player) {
                self.required = false;
                self.named = None;
                play.take_back(table);
                return true;
            }
            rulings.push(ruling(
                EcarteFault::RetakesLead,
                Some(player),
                cite::L39,
                Penalty::Stands,
                span,
            ));
            return false;
        }
        if play
            .last_reply()
            .is_some_and(|p| p.player == player && p.card == card)
        {
            rulings.push(ruling(
                EcarteFault::RetakesInTime,
                Some(player),
                cite::L39_43,
                Penalty::None,
                span,
            ));
            play.take_back(table);
            return true;
        }
        rulings.push(ruling(
            EcarteFault::RetakesTooLate,
            Some(player),
            cite::L39,
            Penalty::Stands,
            span,
        ));
        false
    }

    /// Law 41: the leader names a suit.
    pub fn names(&mut self, player: PlayerId, suit: Suit) {
        self.named = Some((player, suit));
        self.required = false;
        self.named_ruling = None;
    }

    /// Law 41: "If the leader name one suit and play another, the
    /// adversary may play to the card led, or may require the leader to
    /// play the suit named."
    pub fn leads(&mut self, player: PlayerId, card: Card, span: Span, rulings: &mut Vec<Ruling>) {
        match self.named {
            Some((named_by, suit)) if named_by == player && card.suit != suit => {
                self.named_ruling = Some(rulings.len());
                rulings.push(ruling(
                    EcarteFault::NamesAndLeadsAnother,
                    Some(player),
                    cite::L41,
                    Penalty::Stands,
                    span,
                ));
            }
            Some((named_by, _)) if named_by == player => self.named = None,
            _ => {}
        }
    }

    /// Law 41: "If the leader have none of the suit named, the card led
    /// cannot be withdrawn." The adversary requires the suit named.
    pub fn requires(&mut self, suit: Suit, table: &Table, rulings: &mut [Ruling]) {
        let Some((leader, named)) = self.named else {
            return;
        };
        if named != suit {
            return;
        }
        let holds = table.holding(leader).iter().any(|c| c.suit == suit);
        if let Some(at) = self.named_ruling {
            rulings[at].penalty = if holds {
                Penalty::TakenUp
            } else {
                Penalty::CardStays
            };
        }
        self.required = holds;
    }

    /// Law 42: "If a player abandon his hand when he has not made a trick,
    /// his adversary is entitled to mark the vole. If a player abandon his
    /// hand after he has made one or two tricks, his adversary is entitled
    /// to mark the point."
    pub fn abandons(
        &mut self,
        player: PlayerId,
        play: &Play,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) {
        if self.abandoned.is_some() {
            return;
        }
        let tricks = play.won()[player.index()];
        self.abandoned = Some(Abandoned { player, tricks });
        rulings.push(ruling(
            EcarteFault::Abandons { tricks },
            Some(player),
            cite::L42,
            Penalty::AdversaryMarks,
            span,
        ));
    }

    /// Law 42: "But if a player throw down his cards, claiming to score,
    /// the hand is not abandoned, and there is no penalty."
    pub fn throws_down(&mut self, player: PlayerId, span: Span, rulings: &mut Vec<Ruling>) {
        rulings.push(ruling(
            EcarteFault::ThrowsDown,
            Some(player),
            cite::L42,
            Penalty::None,
            span,
        ));
    }

    /// At the end of the play: a lead out of turn played to stands (law 40:
    /// "after it has been played to, the error cannot be rectified").
    pub fn play_ends(&mut self, rulings: &mut [Ruling]) {
        for r in rulings.iter_mut() {
            if matches!(r.irregularity, Irregularity::LeadsOutOfTurn { .. })
                && r.penalty == Penalty::NotYetRuled
            {
                r.penalty = Penalty::Stands;
            }
        }
    }
}
