//! The deal gone wrong (laws 8-14), new cards (44) and a faulty pack (45).

use crate::cards::Card;
use crate::notation::{PackFault, Place, PlaceKind, PlayerId, Span};
use crate::ruling::{EcarteFault, Penalty, Ruling};

use super::super::table::{Table, HAND};
use super::{cite, ruling, Irregular, OPTION};

/// How many cards a player holds, named or not.
pub(super) fn held(table: &Table, player: PlayerId) -> usize {
    table.hands[player.index()].len() + table.unknown[player.index()]
}

impl Irregular {
    /// Law 9: "If the dealer give more or less than five cards ... and the
    /// error be discovered before the trump card is turned, the non-dealer,
    /// before he looks at his hand, may require the dealer to rectify the
    /// error, or may claim a fresh deal." (`B misdeals`.)
    pub fn misdeals(&mut self, table: &Table, span: Span, rulings: &mut Vec<Ruling>) {
        let dealer = self.dealer;
        let wrong = [self.non_dealer(), dealer]
            .into_iter()
            .find(|p| held(table, *p) != HAND);
        let fault = match wrong {
            Some(p) => EcarteFault::WrongNumberBeforeTurnup {
                cards: held(table, p) as u8,
                own: p == dealer,
            },
            None => EcarteFault::OrderChanged,
        };
        let laws = if wrong.is_some() {
            cite::L9
        } else {
            cite::L8_9
        };
        self.misdealt = wrong.is_some();
        let r = ruling(fault, Some(dealer), laws, OPTION, span);
        self.offer(rulings, r, self.non_dealer(), true);
    }

    /// Law 9: the dealer rectifies the error at the non-dealer's requirement.
    pub fn rectifies(&mut self, rulings: &mut [Ruling]) {
        if let Some(at) = self
            .pending
            .iter()
            .rposition(|p| rulings[p.ruling].laws.contains(&"9"))
        {
            let pending = self.pending.remove(at);
            rulings[pending.ruling].penalty = Penalty::Rectified;
        }
    }

    /// Law 8: "The dealer, having selected the order in which he will
    /// distribute the cards, must not change it during that game"; with law
    /// 9, a change found before the turn-up gives the non-dealer the choice
    /// of a fresh deal. `kept` is the dealer's order so far in the game.
    pub fn deals_by(
        &mut self,
        kept: Option<&[u8]>,
        order: &[u8],
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) {
        let Some(kept) = kept else {
            return;
        };
        if kept == order || order.is_empty() {
            return;
        }
        let r = ruling(
            EcarteFault::OrderChanged,
            Some(self.dealer),
            cite::L8_9,
            OPTION,
            span,
        );
        if self.turned_up {
            rulings.push(Ruling {
                penalty: Penalty::DealStands,
                ..r
            });
        } else {
            self.offer(rulings, r, self.non_dealer(), true);
        }
    }

    /// Laws 10, 11: the trump turned up; "If the dealer turn up more than
    /// one card, the non-dealer, before he looks at his hand, may choose
    /// which of the exposed cards shall be the trump, or may claim a fresh
    /// deal. Should the non-dealer have looked at his hand, there must be a
    /// fresh deal."
    pub fn turns_up(&mut self, cards: usize, span: Span, rulings: &mut Vec<Ruling>) {
        self.turned_up = true;
        if cards < 2 {
            return;
        }
        let r = ruling(
            EcarteFault::SeveralTurnedUp { cards: cards as u8 },
            Some(self.dealer),
            cite::L11,
            OPTION,
            span,
        );
        if self.looked[self.non_dealer().index()] {
            self.void_deal(rulings, r);
        } else {
            self.offer(rulings, r, self.non_dealer(), true);
        }
    }

    /// Law 11: the non-dealer chooses the trump among the cards turned up.
    pub fn chooses_trump(&mut self, card: Card, table: &mut Table, rulings: &mut [Ruling]) {
        table.trump = Some(card);
        if let Some(at) = self
            .pending
            .iter()
            .rposition(|p| rulings[p.ruling].laws == cite::L11)
        {
            let pending = self.pending.remove(at);
            super::settle(&mut rulings[pending.ruling], crate::ruling::Elected::Stand);
        }
    }

    /// Law 12: "If, before the trump card is turned up, a faced card be
    /// discovered in the pack, there must be a fresh deal." Law 35: "If a
    /// faced card be found in the stock after discarding, both players have
    /// a right to see it. The faced card must be thrown aside, and the next
    /// card given instead."
    pub fn faced(
        &mut self,
        card: Option<Card>,
        place: Place,
        table: &mut Table,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) {
        match place.kind {
            PlaceKind::Pack if !self.turned_up => {
                let r = ruling(
                    EcarteFault::FacedInPack,
                    None,
                    cite::L12,
                    Penalty::FreshDeal,
                    span,
                );
                self.void_deal(rulings, r);
            }
            PlaceKind::Stock | PlaceKind::StockTop | PlaceKind::Pack => {
                if let Some(card) = card {
                    throw_aside(table, card);
                }
                rulings.push(ruling(
                    EcarteFault::FacedInStock,
                    None,
                    cite::L35,
                    Penalty::None,
                    span,
                ));
            }
            _ => {}
        }
    }

    /// Law 13: "If the dealer expose any of his own cards the deal stands
    /// good. If he expose any of his adversary's cards, the non-dealer,
    /// before he looks at his hand, may claim a fresh deal." Law 36 for
    /// cards exposed from the stock in giving.
    pub fn exposes(
        &mut self,
        player: PlayerId,
        cards: &[Card],
        from: Option<Place>,
        table: &mut Table,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) {
        let kind = from.map(|p| p.kind);
        if matches!(kind, Some(PlaceKind::Stock | PlaceKind::StockTop)) {
            self.exposed_in_giving_stock(player, cards, table, span, rulings);
            return;
        }
        let owner = from.and_then(|p| p.owner).unwrap_or(player);
        if owner == player {
            rulings.push(ruling(
                EcarteFault::ExposesOwn,
                Some(player),
                cite::L13,
                Penalty::DealStands,
                span,
            ));
        } else {
            let r = ruling(
                EcarteFault::ExposesAdversarys,
                Some(player),
                cite::L13,
                OPTION,
                span,
            );
            self.offer(rulings, r, owner, true);
        }
    }

    /// Law 14: "If a player deal out of his turn, or with his adversary's
    /// pack, and the error be discovered before the trump card is turned
    /// up, the deal is void. After the trump card is turned up, it is too
    /// late to rectify the error, and if the adversary's pack has been
    /// dealt with, the packs remain changed."
    pub fn deals_wrongly(
        &mut self,
        player: PlayerId,
        wrong_pack: bool,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) {
        let fault = if wrong_pack {
            EcarteFault::DealsWithWrongPack
        } else {
            EcarteFault::DealsOutOfTurn
        };
        // Found when a fresh deal is claimed: void before the turn-up, too late after it.
        self.law14 = Some(rulings.len());
        rulings.push(ruling(
            fault,
            Some(player),
            cite::L14,
            Penalty::DealStands,
            span,
        ));
    }

    /// Law 14: a fresh deal claimed for a deal out of turn or with the
    /// wrong pack. Returns whether law 14 answers the claim.
    pub(super) fn claims_under_law_14(
        &mut self,
        player: PlayerId,
        span: Span,
        rulings: &mut Vec<Ruling>,
    ) -> bool {
        let Some(at) = self.law14 else {
            return false;
        };
        if self.turned_up {
            rulings.push(ruling(
                EcarteFault::ClaimsFreshDealWithoutRight,
                Some(player),
                cite::L14,
                Penalty::Refused,
                span,
            ));
        } else {
            rulings[at].penalty = Penalty::FreshDeal;
            self.void = true;
        }
        self.law14 = None;
        true
    }

    /// Law 44: "A player may call for new cards at his own expense, at any
    /// time before the pack is cut for the next deal."
    pub fn new_cards(&mut self, player: PlayerId, span: Span, rulings: &mut Vec<Ruling>) {
        rulings.push(ruling(
            EcarteFault::CallsForNewCards,
            Some(player),
            cite::L44,
            Penalty::None,
            span,
        ));
    }

    /// Law 45: "If a pack be discovered to be incorrect, redundant, or
    /// imperfect, the deal in which the discovery is made is void; all
    /// preceding deals stand good."
    pub fn pack(&mut self, _fault: PackFault, span: Span, rulings: &mut Vec<Ruling>) {
        let r = ruling(
            EcarteFault::PackFaulty,
            None,
            cite::L45,
            Penalty::FreshDeal,
            span,
        );
        self.void_deal(rulings, r);
    }
}

/// A card thrown aside from the stock (laws 35, 36).
pub(super) fn throw_aside(table: &mut Table, card: Card) {
    if let Some(stock) = table.stock.as_mut() {
        if let Some(at) = stock.iter().position(|c| *c == card) {
            stock.remove(at);
            table.stock_len = table.stock_len.saturating_sub(1);
        }
    }
}
