//! Wrong numbers of cards (laws 15-21, 29-34): found after the turn-up,
//! at the play, or in the exchange.

use crate::notation::{PlayerId, Span};
use crate::ruling::{EcarteFault, Penalty, Ruling};

use super::super::table::{Table, HAND};
use super::deal::held;
use super::{cite, ruling, Irregular, OPTION};

impl Irregular {
    /// Laws 15-18: after the turn-up, before proposing (or playing), a
    /// hand of the wrong number. Law 15: the non-dealer with more than
    /// five "may claim a fresh deal ... Should the non-dealer not claim a
    /// fresh deal, he discards the superfluous cards"; law 16, with fewer,
    /// "he may have his hand completed from the stock, or may claim a fresh
    /// deal"; law 17, the dealer with more, "the non-dealer may claim a
    /// fresh deal ... he draws the superfluous cards from the dealer's
    /// hand"; law 18, the dealer with fewer, "the non-dealer may permit the
    /// dealer to complete his hand from the stock, or may claim a fresh deal".
    pub fn after_turnup(&mut self, table: &Table, span: Span, rulings: &mut Vec<Ruling>) {
        let non_dealer = self.non_dealer();
        for player in [non_dealer, self.dealer] {
            let cards = held(table, player);
            if cards == HAND || !table.known(player) {
                continue;
            }
            let (fault, laws) = match (player == non_dealer, cards > HAND) {
                (true, true) => (
                    EcarteFault::NonDealerWrongNumber { cards: cards as u8 },
                    cite::L15,
                ),
                (true, false) => (
                    EcarteFault::NonDealerWrongNumber { cards: cards as u8 },
                    cite::L16,
                ),
                (false, true) => (
                    EcarteFault::DealerWrongNumber { cards: cards as u8 },
                    cite::L17,
                ),
                (false, false) => (
                    EcarteFault::DealerWrongNumber { cards: cards as u8 },
                    cite::L18,
                ),
            };
            self.misdealt = true;
            let r = ruling(fault, Some(self.dealer), laws, OPTION, span);
            self.offer(rulings, r, non_dealer, false);
        }
    }

    /// Laws 20, 21, 34 when the play begins. Law 20: "If the non-dealer
    /// play without taking cards, and it be then discovered that he has
    /// more or less than five cards, there must be a fresh deal." Law 21:
    /// the dealer so, "his adversary may claim a fresh deal." Law 34: "If
    /// the dealer play with less than five cards, the non-dealer counts as
    /// tricks all cards which cannot be played to."
    pub fn play_begins(&mut self, table: &Table, span: Span, rulings: &mut Vec<Ruling>) {
        let non_dealer = self.non_dealer();
        for player in [non_dealer, self.dealer] {
            let cards = held(table, player);
            if cards == HAND || !table.known(player) {
                continue;
            }
            let took = self.took_cards[player.index()];
            if !took {
                // Laws 20, 21 answer for a hand played on with the wrong
                // number: laws 15-18's choice, before the play, is past.
                let before: &[&[&str]] = if player == non_dealer {
                    &[cite::L15, cite::L16]
                } else {
                    &[cite::L17, cite::L18]
                };
                if let Some(at) = self
                    .pending
                    .iter()
                    .position(|p| before.contains(&rulings[p.ruling].laws))
                {
                    let pending = self.pending.remove(at);
                    self.superseded.push(pending.ruling);
                }
            }
            let fault = EcarteFault::PlaysWithWrongNumber { cards: cards as u8 };
            if !took && player == non_dealer {
                let r = ruling(fault, Some(player), cite::L20, Penalty::FreshDeal, span);
                self.void_deal(rulings, r);
            } else if !took {
                self.misdealt = true;
                let r = ruling(fault, Some(player), cite::L21, OPTION, span);
                self.offer(rulings, r, non_dealer, false);
                if cards < HAND {
                    self.short = Some((player, cite::L21));
                }
            } else if cards < HAND && player == self.dealer && self.short.is_none() {
                self.short = Some((player, cite::L34));
            }
        }
    }

    /// A proposal: the exchange's round begins again (law 26: the number
    /// asked cannot be altered).
    pub fn proposes(&mut self, cards: Option<u8>) {
        self.asked = cards;
        self.proposed = true;
        self.discarded = [0; 2];
        self.taken = [0; 2];
    }

    /// Cards discarded in the exchange.
    pub fn discards(&mut self, player: PlayerId, cards: usize) {
        self.discarded[player.index()] += cards as u8;
    }

    /// Cards taken in the exchange: laws 29-34, weighed as each player takes.
    pub fn takes(&mut self, player: PlayerId, cards: usize, span: Span, rulings: &mut Vec<Ruling>) {
        if self.pending_rectification(player, cards, rulings) || !self.proposed {
            return;
        }
        self.took_cards[player.index()] = true;
        let i = player.index();
        self.taken[i] += cards as u8;
        let (taken, discarded) = (self.taken[i], self.discarded[i]);
        let non_dealer = self.non_dealer();
        if player == non_dealer {
            match self.asked {
                // Law 31: "If the dealer give his adversary more cards than
                // he has asked for, the non-dealer may claim a fresh deal. If
                // the non-dealer elect to play the hand, he discards the
                // superfluous cards".
                Some(asked) if taken > asked => {
                    let r = ruling(
                        EcarteFault::GivesTooMany {
                            given: taken,
                            asked,
                        },
                        Some(self.dealer),
                        cite::L31,
                        OPTION,
                        span,
                    );
                    self.offer(rulings, r, non_dealer, false);
                }
                // Law 32: "If the dealer give his adversary less cards than
                // he has asked for, the non-dealer may claim a fresh deal. If
                // the non-dealer elect to play the hand, he has it completed
                // from the stock."
                Some(asked) if taken < asked && discarded >= asked => {
                    let r = ruling(
                        EcarteFault::GivesTooFew {
                            given: taken,
                            asked,
                        },
                        Some(self.dealer),
                        cite::L32,
                        OPTION,
                        span,
                    );
                    self.offer(rulings, r, non_dealer, false);
                }
                // Law 30: "If the non-dealer asks for less cards than he has
                // discarded, the dealer counts as tricks all cards which
                // cannot be played to."
                Some(asked) if discarded > asked && taken == asked => {
                    rulings.push(ruling(
                        EcarteFault::AsksFewerThanDiscarded { asked, discarded },
                        Some(player),
                        cite::L30,
                        Penalty::FewerThanFive,
                        span,
                    ));
                    self.short = Some((player, cite::L30));
                }
                // Law 29: "If the non-dealer take more cards than he has
                // discarded, and mix any of them with his hand, the dealer
                // may claim a fresh deal. If the dealer elect to play the
                // hand, he draws the superfluous cards".
                None if taken > discarded => {
                    let r = ruling(
                        EcarteFault::TakesMoreThanDiscarded { taken, discarded },
                        Some(player),
                        cite::L29,
                        OPTION,
                        span,
                    );
                    self.offer(rulings, r, self.dealer, false);
                }
                _ => {}
            }
        } else if taken > discarded {
            // Law 33: the dealer gives himself more than he discarded.
            let r = ruling(
                EcarteFault::DealerTakesTooMany { taken, discarded },
                Some(player),
                cite::L33,
                OPTION,
                span,
            );
            self.offer(rulings, r, non_dealer, false);
        } else if taken < discarded {
            // Law 34: "If the dealer give himself less cards than he has
            // discarded, he may, before playing, complete his hand from the stock."
            rulings.push(ruling(
                EcarteFault::DealerTakesTooFew { taken, discarded },
                Some(player),
                cite::L34,
                Penalty::FewerThanFive,
                span,
            ));
        }
    }

    /// A card taken to complete a hand the law lets be completed (laws 9,
    /// 16, 18, 32, 34): the ruling is settled, the hand played on.
    fn pending_rectification(
        &mut self,
        player: PlayerId,
        cards: usize,
        rulings: &mut [Ruling],
    ) -> bool {
        let i = player.index();
        // Law 34: the dealer completes his hand before playing.
        if let Some(r) = rulings.iter_mut().rev().find(|r| {
            r.laws == cite::L34 && r.offender == Some(player) && r.penalty == Penalty::FewerThanFive
        }) {
            r.penalty = Penalty::Rectified;
            self.taken[i] += cards as u8;
            return true;
        }
        // Laws 9, 16, 18, 32: a hand completed from the stock.
        let completes = |laws: &[&str]| {
            laws == cite::L9 || laws == cite::L16 || laws == cite::L18 || laws == cite::L32
        };
        if let Some(at) = self
            .pending
            .iter()
            .rposition(|p| completes(rulings[p.ruling].laws))
        {
            let pending = self.pending.remove(at);
            if rulings[pending.ruling].laws == cite::L9 {
                rulings[pending.ruling].penalty = Penalty::Rectified;
            } else {
                super::settle(&mut rulings[pending.ruling], crate::ruling::Elected::Stand);
            }
            self.taken[i] += cards as u8;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Span;

    /// Laws 29-34 from the counts of one exchange: B deals, A is the
    /// non-dealer; (who takes, asked, discarded, taken) and the law it breaks.
    #[test]
    fn each_wrong_count_in_the_exchange_is_its_law() {
        let (a, b) = (PlayerId(0), PlayerId(1));
        type Row = (PlayerId, Option<u8>, usize, usize, Option<&'static str>);
        let table: [Row; 9] = [
            (a, Some(2), 2, 2, None),
            (a, None, 1, 2, Some("29")),
            (a, Some(1), 2, 1, Some("30")),
            (a, Some(1), 1, 2, Some("31")),
            (a, Some(2), 2, 1, Some("32")),
            (b, Some(1), 1, 1, None),
            (b, Some(1), 1, 2, Some("33")),
            (b, Some(1), 2, 1, Some("34")),
            (a, None, 1, 1, None),
        ];
        for (player, asked, discarded, taken, law) in table {
            let mut irr = Irregular::new(b);
            let mut rulings = Vec::new();
            irr.proposes(asked);
            irr.discards(player, discarded);
            irr.takes(player, taken, Span::default(), &mut rulings);
            let found = rulings.first().and_then(|r| r.laws.first().copied());
            assert_eq!(
                found, law,
                "{player:?} asked {asked:?}, discarded {discarded}, took {taken}"
            );
        }
    }
}
