//! The deal and the turn-up (laws 5, 8, 10): who deals, the five cards
//! each, the trump, and where every card lies as the deal goes on.

use crate::cards::{Card, CardSet, Suit};
use crate::notation::{Act, Cards, Deal, Event, PlayerId};

use super::order::strength;

/// Law 8: "The dealer must give five cards to his adversary and five to himself".
pub const HAND: usize = 5;

/// Law 10: the cards left when the hands are dealt and the trump turned
/// up: 32, less ten dealt, less the turn-up.
pub const STOCK: usize = 32 - 2 * HAND - 1;

/// Where the cards lie.
#[derive(Clone, Debug)]
pub struct Table {
    /// Each hand's cards known by name.
    pub hands: [CardSet; 2],
    /// Cards in each hand the transcript does not name.
    pub unknown: [usize; 2],
    /// The stock, top first, where the `stock:` line names it.
    pub stock: Option<Vec<Card>>,
    /// How many cards the stock holds.
    pub stock_len: usize,
    /// Each discard, as named.
    pub discards: [CardSet; 2],
    /// The card turned up (law 10).
    pub trump: Option<Card>,
}

impl Table {
    /// The hands as dealt, five each (law 8), and the card turned up for
    /// trumps (law 10): the `turnup:` line, or the first `turns up` line.
    pub fn deal(deal: &Deal) -> Table {
        let mut hands = [CardSet::EMPTY; 2];
        let mut unknown = [HAND; 2];
        for hand in &deal.header.hands {
            let i = hand.value.player.index();
            hands[i] = CardSet::of(hand.value.cards.cards.iter().copied());
            unknown[i] = if hand.value.cards.complete {
                0
            } else {
                HAND.saturating_sub(hands[i].len())
            };
        }
        let trump = deal.header.turnup.as_ref().map(|t| t.value).or_else(|| {
            deal.events.iter().find_map(|e| match &e.event {
                Event::Act {
                    act: Act::TurnsUp(row),
                    ..
                } => row.iter().next().copied(),
                _ => None,
            })
        });
        let stock = deal.header.stock.as_ref().map(|s| {
            let cards: Vec<Card> = s.value.cards.iter().copied().collect();
            // A stock written with the turn-up on top: the turn-up is not dealt from it.
            match (cards.first(), trump) {
                (Some(first), Some(trump)) if *first == trump => cards[1..].to_vec(),
                _ => cards,
            }
        });
        let complete = deal.header.stock.as_ref().is_some_and(|l| l.value.complete);
        let stock_len = match &stock {
            Some(cards) if complete => cards.len(),
            _ => STOCK,
        };
        Table {
            hands,
            unknown,
            stock,
            stock_len,
            discards: [CardSet::EMPTY; 2],
            trump,
        }
    }

    /// Trumps: the suit of the card turned up (law 10).
    pub fn trumps(&self) -> Option<Suit> {
        self.trump.map(|c| c.suit)
    }

    /// Whether `player`'s whole hand is known by name.
    pub fn known(&self, player: PlayerId) -> bool {
        self.unknown[player.index()] == 0
    }

    /// Takes `card` out of `player`'s hand, from the cards named or the
    /// cards unnamed; false when he cannot hold it.
    pub fn give_up(&mut self, player: PlayerId, card: Card) -> bool {
        let i = player.index();
        if self.hands[i].remove(card) {
            return true;
        }
        if self.unknown[i] > 0 && !self.placed(card) {
            self.unknown[i] -= 1;
            return true;
        }
        false
    }

    /// Whether the card is known to lie anywhere: a hand, a discard, the turn-up.
    pub fn placed(&self, card: Card) -> bool {
        self.hands[0].contains(card)
            || self.hands[1].contains(card)
            || self.discards[0].contains(card)
            || self.discards[1].contains(card)
            || self.trump == Some(card)
    }

    /// `player` discards: the cards named, or a count of unnamed ones.
    /// Gives the number discarded and the cards he did not hold.
    pub fn discard(&mut self, player: PlayerId, cards: &Cards) -> (usize, Vec<Card>) {
        match cards {
            Cards::List(row) => {
                let mut missing = Vec::new();
                for card in row.iter() {
                    if self.give_up(player, *card) {
                        self.discards[player.index()].insert(*card);
                    } else {
                        missing.push(*card);
                    }
                }
                (row.len(), missing)
            }
            Cards::Count(n) => {
                let n = usize::from(*n);
                let i = player.index();
                // Unnamed cards out of a hand: the unnamed first, then any.
                let from_unknown = n.min(self.unknown[i]);
                self.unknown[i] -= from_unknown;
                let mut rest = n - from_unknown;
                while rest > 0 {
                    let Some(card) = self.hands[i].iter().last() else {
                        break;
                    };
                    self.hands[i].remove(card);
                    rest -= 1;
                }
                (n, Vec::new())
            }
        }
    }

    /// `player` takes cards from the top of the stock. Gives how many, and
    /// how many the stock could not give.
    pub fn take(&mut self, player: PlayerId, cards: &Cards) -> (usize, usize) {
        let n = match cards {
            Cards::List(row) => row.len(),
            Cards::Count(n) => usize::from(*n),
        };
        let given = n.min(self.stock_len);
        let i = player.index();
        match (&mut self.stock, cards) {
            (_, Cards::List(row)) => {
                for card in row.iter().take(given) {
                    self.hands[i].insert(*card);
                    if let Some(stock) = &mut self.stock {
                        stock.retain(|c| c != card);
                    }
                }
            }
            (Some(stock), Cards::Count(_)) => {
                let named = given.min(stock.len());
                for card in stock.drain(..named) {
                    self.hands[i].insert(card);
                }
                self.unknown[i] += given - named;
            }
            (None, Cards::Count(_)) => self.unknown[i] += given,
        }
        self.stock_len -= given;
        (given, n - given)
    }

    /// The cards `player` holds, as far as they are known.
    pub fn holding(&self, player: PlayerId) -> CardSet {
        self.hands[player.index()]
    }
}

/// Law 5: "The player who cuts the highest Ecarte card deals": the dealer
/// from the cuts for deal written, where two players cut and one is higher.
pub fn dealer_by_cut(deal: &Deal) -> Option<PlayerId> {
    let mut cut: [Option<Card>; 2] = [None; 2];
    for entry in &deal.events {
        if let Event::Act {
            player,
            act: Act::Cuts {
                card: Some(card), ..
            },
        } = &entry.event
        {
            cut[player.index()] = Some(*card);
        }
    }
    let [Some(a), Some(b)] = cut else {
        return None;
    };
    match strength(a.rank).cmp(&strength(b.rank)) {
        std::cmp::Ordering::Greater => Some(PlayerId(0)),
        std::cmp::Ordering::Less => Some(PlayerId(1)),
        std::cmp::Ordering::Equal => None,
    }
}

/// The dealer from the acts of a deal with no `dealer` line: the player who
/// deals or turns up, or the other of the player who proposes, stands or leads first.
pub fn dealer_by_acts(deal: &Deal) -> Option<PlayerId> {
    deal.events.iter().find_map(|e| match &e.event {
        Event::Act { player, act } => match act {
            Act::DealsBy(_) | Act::TurnsUp(_) | Act::Accepts | Act::Refuses => Some(*player),
            Act::Proposes(_) | Act::Stands | Act::Leads(_) => Some(player.other()),
            _ => None,
        },
        _ => None,
    })
}
