//! The play (laws 39, 43): the non-dealer leads, the winner of each trick
//! leads to the next; each card played to a lead is weighed against what
//! law 43 requires of it.

use crate::cards::{Card, CardSet, Suit};
use crate::notation::{PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::order::{beats, fault, Fault};
use super::table::Table;
use super::{Note, Trick};

/// Law 43's laws cited.
const LAW_43: &[&str] = &["43"];
/// Law 40's laws cited.
const LAW_40: &[&str] = &["40"];
/// Law 39's laws cited.
const LAW_39: &[&str] = &["39"];

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
    /// The ruling on a lead out of turn not yet played to (law 40), by its index.
    out_of_turn: Option<usize>,
    /// Who leads to the first trick.
    non_dealer: PlayerId,
    /// Every card played, the cards played again after a replay included
    /// (a card taken up under law 39 or 40 left out): for the king's time.
    pub all: Vec<Played>,
}

impl Play {
    /// The play, the non-dealer to lead.
    pub fn new(non_dealer: PlayerId) -> Play {
        Play {
            tricks: Vec::new(),
            cards: Vec::new(),
            leader: non_dealer,
            led: None,
            out_of_turn: None,
            non_dealer,
            all: Vec::new(),
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
            self.out_of_turn = Some(rulings.len());
            rulings.push(lead_out_of_turn(player, card, span));
        } else if let Some(at) = self.out_of_turn.take() {
            // Law 40: "after it has been played to, the error cannot be rectified."
            rulings[at].penalty = Penalty::Stands;
        }
        let held_before = table.holding(player).minus(CardSet::of([card]));
        if !table.give_up(player, card) {
            rulings.push(Ruling {
                irregularity: Irregularity::NotHeld { card },
                offender: Some(player),
                laws: &[],
                penalty: Penalty::TranscriptInError,
                span: Some(span),
                analogy: None,
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
        self.all.push(played);
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

    /// Laws 39, 40: `player` takes up again a card he led or played.
    /// Law 40: a lead out of turn taken up before it is played to is put
    /// right, and the right player leads. Law 39: "A card led in turn cannot
    /// be taken up again. A card played to a lead may be taken up again to
    /// save a revoke or to correct the error of not winning a trick when
    /// able, and then only prior to another card being led": taken up in
    /// time, the trick waits for the card put in its place (and law 43 has
    /// nothing to say of the card taken up).
    pub fn retake(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        card: Card,
        span: Span,
        rulings: &mut Vec<Ruling>,
        notes: &mut Vec<Note>,
    ) {
        if let Some(led) = self.led.filter(|l| l.player == player && l.card == card) {
            match self.out_of_turn.take() {
                Some(at) => {
                    rulings[at].penalty = Penalty::TakenUp;
                    self.led = None;
                    self.cards.pop();
                    self.all.pop();
                    table.hands[player.index()].insert(led.card);
                }
                None => rulings.push(retakes(Irregularity::RetakesCardLed { card }, player, span)),
            }
            return;
        }
        let last = self.tricks.last().copied();
        match last {
            Some(trick)
                if self.led.is_none()
                    && trick.cards[1] == card
                    && trick.leader == player.other() =>
            {
                self.tricks.pop();
                self.all.pop();
                let played = self.cards.pop();
                self.led = self.cards.last().copied();
                self.leader = trick.leader;
                if played.is_some() {
                    table.hands[player.index()].insert(card);
                }
                notes.push(Note::Retaken(player, card));
            }
            _ if self
                .cards
                .iter()
                .any(|p| p.player == player && p.card == card) =>
            {
                rulings.push(retakes(
                    Irregularity::RetakesAfterNextLead { card },
                    player,
                    span,
                ));
            }
            _ => {}
        }
    }

    /// Law 41: the leader, required to play the suit named, takes back the
    /// card he led, not yet played to. Returns whether there was such a card.
    pub fn withdraw_lead(&mut self, table: &mut Table, player: PlayerId, card: Card) -> bool {
        if self
            .led
            .is_none_or(|l| l.player != player || l.card != card)
        {
            return false;
        }
        self.led = None;
        self.cards.pop();
        self.all.pop();
        table.hands[player.index()].insert(card);
        true
    }

    /// The cards from trick `from` on (from 1), and a card led and not
    /// played to, taken up and given back to their players: the tricks
    /// before stand, and the winner of the last of them (the non-dealer,
    /// from trick 1) leads again (laws 25, 43: the hands played again).
    pub fn replay(&mut self, from: u8, table: &mut Table) {
        let from = from.max(1);
        let keep = self
            .cards
            .iter()
            .position(|p| p.trick >= from)
            .unwrap_or(self.cards.len());
        for p in self.cards.drain(keep..) {
            table.hands[p.player.index()].insert(p.card);
        }
        self.tricks.truncate(usize::from(from - 1));
        self.led = None;
        self.out_of_turn = None;
        self.leader = self.tricks.last().map_or(self.non_dealer, |t| t.winner);
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
    pub fn renounces(&self, trumps: Option<Suit>, from: u8) -> Vec<Ruling> {
        let mut rulings = Vec::new();
        for trick in self.tricks.iter().filter(|t| t.number >= from) {
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
                analogy: None,
            });
        }
        rulings
    }
}

/// Law 40: "If a card be led out of turn, it may be taken up again, prior
/// to its being played to; after it has been played to, the error cannot be
/// rectified." Until the transcript shows which, the card is taken to stand
/// as led; the penalty is settled when it is played to or taken up.
fn lead_out_of_turn(player: PlayerId, card: Card, span: Span) -> Ruling {
    Ruling {
        irregularity: Irregularity::LeadsOutOfTurn { card },
        offender: Some(player),
        laws: LAW_40,
        penalty: Penalty::TakenUp,
        span: Some(span),
        analogy: None,
    }
}

/// Law 39: a card taken up again that cannot be: it stands.
fn retakes(irregularity: Irregularity, player: PlayerId, span: Span) -> Ruling {
    Ruling {
        irregularity,
        offender: Some(player),
        laws: LAW_39,
        penalty: Penalty::Stands,
        span: Some(span),
        analogy: None,
    }
}
