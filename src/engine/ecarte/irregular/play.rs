//! The play gone wrong (laws 39-42): a card taken back, a lead out of
//! turn, a suit named and another led, a hand abandoned or thrown down.

use crate::cards::{Card, Suit};
use crate::notation::{PlayerId, Span};
use crate::ruling::{EcarteFault, Penalty, Ruling};

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
    /// Law 41: the leader, required by his adversary to play the suit
    /// named and holding it, takes back the card he led. Returns whether
    /// law 41 answers the retake (laws 39 and 40 answer it otherwise).
    pub fn retakes_named(
        &mut self,
        player: PlayerId,
        card: Card,
        play: &mut Play,
        table: &mut Table,
    ) -> bool {
        if !(self.required && self.named.is_some_and(|(p, _)| p == player)) {
            return false;
        }
        self.required = false;
        self.named = None;
        play.withdraw_lead(table, player, card)
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
}
