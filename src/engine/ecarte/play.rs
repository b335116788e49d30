//! The play (laws 39, 43): the non-dealer leads, the winner of each trick
//! leads to the next; each card played to a lead is weighed against what
//! law 43 requires of it.

use crate::cards::{Card, CardSet, Suit};
use crate::notation::{PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::order::{beats, fault, Fault};
use super::table::Table;
use super::Trick;

/// Law 43's laws cited.
const LAW_43: &[&str] = &["43"];
/// Law 40's laws cited.
const LAW_40: &[&str] = &["40"];

/// A card played, with what its player was known to hold before it.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    /// The event's index.
    pub index: usize,
    /// Where it was written.
    pub span: Span,
    /// Who played it.
    pub player: PlayerId,
    /// The card.
    pub card: Card,
    /// The trick it belongs to, from 1.
    pub trick: u8,
    /// What he was known to hold besides it.
    pub held: CardSet,
}

/// The play of one deal, as it goes.
#[derive(Clone, Debug)]
pub struct Play {
    /// The tricks complete.
    pub tricks: Vec<Trick>,
    /// Every card played, in order.
    pub cards: Vec<Played>,
    /// Who leads next.
    leader: PlayerId,
    /// The card led to the trick in play.
    led: Option<Played>,
}

impl Play {
    /// The play, the non-dealer to lead.
    pub fn new(non_dealer: PlayerId) -> Play {
        Play {
            tricks: Vec::new(),
            cards: Vec::new(),
            leader: non_dealer,
            led: None,
        }
    }

    /// Who is to play next: the leader, or the other to his card.
    pub fn to_play(&self) -> PlayerId {
        match self.led {
            Some(led) => led.player.other(),
            None => self.leader,
        }
    }

    /// A card played by `player` (or, from a compact `play` line, by whoever
    /// is to play). A card he cannot hold is a transcript in error; a lead
    /// by the wrong player is law 40's (its penalty left to the second part).
    pub fn card(
        &mut self,
        table: &mut Table,
        index: usize,
        span: Span,
        player: Option<PlayerId>,
        card: Card,
        rulings: &mut Vec<Ruling>,
    ) {
        if self.tricks.len() >= 5 {
            return;
        }
        let expected = self.to_play();
        let player = player.unwrap_or(expected);
        if player != expected && self.led.is_none() {
            rulings.push(Ruling {
                irregularity: Irregularity::LeadsOutOfTurn { card },
                offender: Some(player),
                laws: LAW_40,
                penalty: Penalty::NotYetRuled,
                span: Some(span),
            });
        }
        let held_before = table.holding(player).minus(CardSet::of([card]));
        if !table.give_up(player, card) {
            rulings.push(Ruling {
                irregularity: Irregularity::NotHeld { card },
                offender: Some(player),
                laws: &[],
                penalty: Penalty::TranscriptInError,
                span: Some(span),
            });
        }
        let trick = self.tricks.len() as u8 + 1;
        let played = Played {
            index,
            span,
            player,
            card,
            trick,
            held: held_before,
        };
        self.cards.push(played);
        match self.led.take() {
            None => self.led = Some(played),
            Some(led) => {
                let winner = if beats(card, led.card, table.trumps()) {
                    player
                } else {
                    led.player
                };
                self.tricks.push(Trick {
                    number: trick,
                    leader: led.player,
                    cards: [led.card, card],
                    winner,
                });
                self.leader = winner;
            }
        }
    }

    /// The card led to the trick in play, not yet played to.
    pub fn pending_lead(&self) -> Option<Played> {
        self.led
    }

    /// The last card played, if it was played to a lead and no card has
    /// been led since (law 39's time to take it up again).
    pub fn last_reply(&self) -> Option<Played> {
        if self.led.is_some() {
            return None;
        }
        self.cards.last().copied().filter(|p| {
            self.tricks
                .last()
                .is_some_and(|t| t.number == p.trick && t.cards[1] == p.card)
        })
    }

    /// Laws 39, 40, 41: the last card played taken up again into its
    /// player's hand: a card played to a lead (the trick is undone, its
    /// card led waits again), or a card led not yet played to.
    pub fn take_back(&mut self, table: &mut Table) -> Option<Played> {
        let last = self.cards.pop()?;
        table.hands[last.player.index()].insert(last.card);
        if self.led.take().is_none() {
            let trick = self.tricks.pop();
            self.led = self.cards.last().copied();
            if let Some(trick) = trick {
                self.leader = trick.leader;
            }
        }
        Some(last)
    }

    /// Tricks won by each player.
    pub fn won(&self) -> [u8; 2] {
        let mut won = [0; 2];
        for trick in &self.tricks {
            won[trick.winner.index()] += 1;
        }
        won
    }

    /// Law 43: "If a player renounce when he holds a card of the suit led,
    /// or if a player fail to win the trick when able, his adversary has
    /// the option of requiring the hands to be played again". Each card
    /// played to a lead is weighed against what its player is known to have
    /// held: the cards named in his hand then, and those he played after.
    pub fn renounces(&self, trumps: Option<Suit>) -> Vec<Ruling> {
        let mut rulings = Vec::new();
        for trick in &self.tricks {
            let [led, played] = trick.cards;
            let Some(card) = self
                .cards
                .iter()
                .find(|p| p.trick == trick.number && p.card == played)
            else {
                continue;
            };
            let later = CardSet::of(
                self.cards
                    .iter()
                    .filter(|p| p.player == card.player && p.trick > card.trick)
                    .map(|p| p.card),
            );
            let held = card.held.or(later);
            let irregularity = match fault(played, led, held, trumps) {
                None => continue,
                Some(Fault::Renounce) => Irregularity::Revoke { card: played, led },
                Some(Fault::DoesNotWin) => Irregularity::DoesNotWinTrick { card: played, led },
            };
            rulings.push(Ruling {
                irregularity,
                offender: Some(card.player),
                laws: LAW_43,
                penalty: Penalty::MarksReduced,
                span: Some(card.span),
            });
        }
        rulings
    }
}
