//! Proposals and the exchange (laws 26-28, 38): the non-dealer proposes
//! or stands, the dealer accepts or refuses, the discards are put out and
//! the cards given, the non-dealer first; and the first proposal or
//! refusal that law 49 weighs.

use crate::notation::PlayerId;

use super::{FirstChoice, Note};

/// The exchange of one deal, as it goes.
#[derive(Clone, Debug, Default)]
pub struct Exchange {
    /// Law 49: the first proposal's fate, or the non-dealer's standing.
    pub first: Option<FirstChoice>,
    /// How many proposals were made.
    pub proposals: usize,
    /// The proposal waiting for an answer, with the cards asked for where said.
    pending: Option<Option<u8>>,
    /// The cards asked for by the proposal accepted last, where said.
    pub asked: Option<u8>,
    /// Cards each player has taken from the stock.
    pub taken: [usize; 2],
    /// Whether the play has begun.
    pub closed: bool,
}

impl Exchange {
    /// Law 26: "If a player propose, he cannot retract; nor can he alter
    /// the number of cards asked for." (The footnote: the non-dealer may
    /// propose as often as he pleases.) A proposal with the stock empty is
    /// noted: there is nothing to give.
    pub fn propose(&mut self, cards: Option<u8>, stock_len: usize) -> Option<Note> {
        self.proposals += 1;
        self.pending = Some(cards);
        (stock_len == 0).then_some(Note::StockEmpty)
    }

    /// Law 27: the dealer accepts, and cannot retract. Law 38: "If the
    /// dealer accept when there are not sufficient cards left in the stock
    /// to enable the players to exchange as many cards as they wish, the
    /// non-dealer is entitled to exchange as many as he asked for, or, if
    /// there are not enough, as many as there are left, and the dealer must
    /// play his hand"; he may accept conditionally.
    pub fn accept(&mut self, stock_len: usize) -> Option<Note> {
        let asked = self.pending.take().flatten();
        self.first.get_or_insert(FirstChoice::Accepted);
        self.asked = asked;
        match asked {
            Some(n) if usize::from(n) >= stock_len => Some(Note::StockShort { left: stock_len }),
            _ => None,
        }
    }

    /// Law 27: the dealer refuses, and cannot retract. Law 49 weighs a
    /// refusal of the first proposal only.
    pub fn refuse(&mut self) {
        self.pending = None;
        self.first.get_or_insert(FirstChoice::Refused);
    }

    /// The non-dealer plays without proposing (`A stands`), where he has
    /// not proposed before (law 49: "If the non-dealer play without proposing").
    pub fn stand(&mut self) {
        if self.proposals == 0 {
            self.first.get_or_insert(FirstChoice::Stood);
        }
    }

    /// Law 28: "Each player, before taking cards, must put his discard face
    /// downward": cards taken from the stock.
    pub fn took(&mut self, player: PlayerId, cards: usize) {
        self.taken[player.index()] += cards;
    }

    /// The first card is played: a non-dealer who never proposed played
    /// without proposing (law 49).
    pub fn play_begins(&mut self) {
        if !self.closed {
            self.closed = true;
            self.stand();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy)]
    enum Step {
        Propose,
        Accept,
        Refuse,
        Stand,
        Play,
    }

    #[test]
    fn the_first_proposal_or_refusal() {
        use Step::*;
        let table: [(&[Step], Option<FirstChoice>); 7] = [
            (&[Play], Some(FirstChoice::Stood)),
            (&[Stand, Play], Some(FirstChoice::Stood)),
            (&[Propose, Refuse, Play], Some(FirstChoice::Refused)),
            (&[Propose, Accept, Play], Some(FirstChoice::Accepted)),
            // Only the first proposal or refusal counts (law 49).
            (
                &[Propose, Accept, Propose, Refuse, Play],
                Some(FirstChoice::Accepted),
            ),
            (&[Propose, Accept, Stand, Play], Some(FirstChoice::Accepted)),
            (&[], None),
        ];
        for (steps, expected) in table {
            let mut exchange = Exchange::default();
            for step in steps {
                match step {
                    Propose => {
                        exchange.propose(Some(1), 21);
                    }
                    Accept => {
                        exchange.accept(21);
                    }
                    Refuse => exchange.refuse(),
                    Stand => exchange.stand(),
                    Play => exchange.play_begins(),
                }
            }
            assert_eq!(exchange.first, expected);
        }
    }

    #[test]
    fn law_38_a_short_stock() {
        let table = [
            (2, 5, None),
            (3, 3, Some(Note::StockShort { left: 3 })),
            (4, 1, Some(Note::StockShort { left: 1 })),
        ];
        for (asked, left, expected) in table {
            let mut exchange = Exchange::default();
            exchange.propose(Some(asked), left);
            assert_eq!(exchange.accept(left), expected, "{asked} from {left}");
        }
    }
}
