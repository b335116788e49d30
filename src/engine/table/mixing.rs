//! Cards mixed with the hand or the discard (laws 25, 26, 28, 29, 33, 35,
//! 37; Cases XX, XXI): which cards a `mixes` line moves, and what the laws
//! make of it.

use crate::cards::{Card, CardSet};
use crate::notation::{Cards, Mixed, Place, PlaceKind, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty};

use super::{conduct, Exchange, Table};
use crate::engine::ruleset::RuleSet;

impl Table {
    /// Laws 25, 26, 28, 29: cards mixed with the hand or the discard.
    pub(super) fn mix(
        &mut self,
        player: PlayerId,
        what: &Mixed,
        with: Place,
        span: Span,
        rules: &RuleSet,
    ) {
        let p = player.index();
        let cards: CardSet = match what {
            Mixed::Cards(Cards::List(list)) => CardSet::of(list.iter().copied()),
            Mixed::Place(place) if place.kind == PlaceKind::Discard => self.discards[p],
            Mixed::Place(place) if place.kind == PlaceKind::Left => self.left_cards(player),
            _ => CardSet::EMPTY,
        };
        match with.kind {
            PlaceKind::Hand => self.mix_with_hand(player, what, cards, span, rules),
            PlaceKind::Discard if self.exchange[p].taken > 0 => {
                self.mix_with_discard(player, what, cards, span)
            }
            _ => {}
        }
    }

    /// Law 25: the discard taken back into the hand after taking in; laws
    /// 28, 29: the adversary's cards of the stock mixed with the hand; laws
    /// 33, 35: his own, taken in; law 29: cards the elder left, taken up
    /// and then mixed; Cases XX, XXI: any of the stock mixed with the hand.
    fn mix_with_hand(
        &mut self,
        player: PlayerId,
        what: &Mixed,
        cards: CardSet,
        span: Span,
        rules: &RuleSet,
    ) {
        let p = player.index();
        let taken_in = self.exchange[p].taken > 0;
        let stock_place = matches!(what, Mixed::Place(place) if matches!(place.kind, PlaceKind::Stock | PlaceKind::StockTop | PlaceKind::StockBottom));
        let by_number = matches!(what, Mixed::Cards(Cards::Count(n)) if *n > 0) && taken_in;
        if stock_place || by_number || !cards.and(self.dealt_stock_cards).is_empty() {
            self.mixed_stock[p] = true;
        }
        let from_discard = cards.and(self.discards[p]);
        if !from_discard.is_empty() && taken_in {
            self.discards[p] = self.discards[p].minus(from_discard);
            self.hands[p] = self.hands[p].or(from_discard);
            // Law 25: "he must play with more than twelve cards", not fewer.
            self.no_longer_short(player);
            self.rulings
                .push(conduct::exchange::retakes_discard(player, span));
        }
        let stock = CardSet::of(self.stock().iter().copied());
        let from_stock = cards.and(stock);
        let theirs = self.not_his_to_take(player, from_stock);
        if !from_stock.is_empty() {
            self.stock.retain(|c| !from_stock.contains(*c));
            self.stock_top = self.stock_top.min(self.stock.len());
            self.hands[p] = self.hands[p].or(from_stock);
        }
        if theirs {
            self.rulings.push(conduct::exchange::mixes_adversary_cards(
                player,
                self.elder,
                span,
                &rules.exchange_rules,
            ));
        } else if !from_stock.is_empty() {
            self.mix_own_stock_cards(player, from_stock.len(), span, rules);
        }
        let taken_up = match what {
            Mixed::Cards(Cards::Count(n)) => *n > 0,
            _ => !cards.and(self.taken_up_apart).is_empty(),
        };
        let ruled_apart = rules.exchange_rules.stock_taken.mixing_taken_up_ruled();
        if player != self.elder && taken_up && !self.taken_up_apart.is_empty() && ruled_apart {
            self.rulings
                .push(conduct::exchange::mixes_cards_taken_up(player, span));
        }
    }

    /// Law 26: "If a player, after having taken up a card of the stock, mix
    /// any of his hand, or any card he is entitled to take in, with his
    /// discard, he must leave it with his discard." One of his own cards of
    /// the stock goes to the discard as taken in; cards mixed by number are
    /// not known, and only leave the hand. Law 37: the younger's cards left,
    /// mixed with his discard, are ruled by the conduct laws.
    fn mix_with_discard(&mut self, player: PlayerId, what: &Mixed, cards: CardSet, span: Span) {
        let p = player.index();
        let from_hand = cards.and(self.hands[p]);
        let stock = CardSet::of(self.stock().iter().copied());
        let due = CardSet::of(
            cards
                .and(stock)
                .iter()
                .filter(|c| !self.not_his_to_take(player, CardSet::of([*c]))),
        );
        let n = match what {
            Mixed::Cards(Cards::Count(n)) => usize::from(*n),
            _ => from_hand.len() + due.len(),
        };
        self.unnamed_out[p] += n.saturating_sub(from_hand.len() + due.len());
        self.hands[p] = self.hands[p].minus(from_hand);
        self.discards[p] = self.discards[p].or(from_hand).or(due);
        if !due.is_empty() {
            self.stock.retain(|c| !due.contains(*c));
            self.stock_top = self.stock_top.min(self.stock.len());
            self.exchange[p].taken += due.len();
        }
        if n > 0 && !matches!(what, Mixed::Place(place) if place.kind == PlaceKind::Left) {
            self.rulings
                .push(conduct::exchange::mixes_with_discard(player, n, span));
        }
    }

    /// The cards a player has left in the stock (laws 28, 33, 36, 37): of
    /// his own part (the elder's top five, the younger's the rest) those
    /// still there, the last of them if he declared how many he leaves and
    /// has not taken in the others yet.
    pub(super) fn left_cards(&self, player: PlayerId) -> CardSet {
        let elder = player == self.elder;
        let own = || {
            self.stock()
                .iter()
                .copied()
                .filter(move |c| !elder || !self.younger_part.contains(*c))
        };
        let count = own().count();
        let n = self.leaves[player.index()].map_or(count, usize::from);
        CardSet::of(own().skip(count.saturating_sub(n)))
    }

    /// Cases XX, XXI: a carte blanche may be shown after the holder has
    /// taken up cards of the stock, "provided he has not mixed any of the
    /// stock with his hand": he must show his hand and his discard apart
    /// from them (law 19: shown by counting the cards). Mixed, it can no
    /// longer be shown, and is not scored. Ruled once a deal and player.
    pub(super) fn carte_blanche_after_mixing(&mut self, player: PlayerId, span: Span) {
        let already = self.rulings.iter().any(|r| {
            r.offender == Some(player)
                && matches!(r.irregularity, Irregularity::CarteBlancheAfterMixingStock)
        });
        if !already {
            self.rule(
                Irregularity::CarteBlancheAfterMixingStock,
                Some(player),
                &["19"],
                Penalty::NotScored,
                Some(span),
            );
        }
    }

    /// Laws 28, 29: whether cards of the stock a player mixes with his hand
    /// are not his to take: for the elder, the bottom three, or those he
    /// declared he leaves; for the younger, before the elder has taken in,
    /// the elder's top five not declared left.
    pub(super) fn not_his_to_take(&self, player: PlayerId, from_stock: CardSet) -> bool {
        let elder = self.elder;
        let declared_left = if self.leaves[elder.index()].is_some() {
            self.left_cards(elder)
        } else {
            CardSet::EMPTY
        };
        if player == elder {
            !from_stock
                .and(self.younger_part.or(declared_left))
                .is_empty()
        } else {
            !self.exchange[elder.index()].done
                && !from_stock
                    .minus(self.younger_part)
                    .minus(declared_left)
                    .is_empty()
        }
    }

    /// Cards of his own part of the stock mixed with a player's hand are
    /// taken in. Law 35: "If the younger hand leave any cards, and take up,
    /// together with the cards he is about to take in, more cards than he
    /// has discarded, he can reckon nothing that deal"; law 33 the elder who
    /// takes up the cards he left.
    pub(super) fn mix_own_stock_cards(
        &mut self,
        player: PlayerId,
        n: usize,
        span: Span,
        rules: &RuleSet,
    ) {
        let p = player.index();
        self.exchange[p].taken += n;
        let Exchange {
            discarded, taken, ..
        } = self.exchange[p];
        let already = self.rulings.iter().any(|r| {
            r.offender == Some(player)
                && matches!(r.irregularity, Irregularity::TakesMoreThanDiscarded { .. })
        });
        if self.exchange[p].done && taken > discarded && !already {
            let fixed = rules.exchange_rules.discard_fixed;
            let laws = fixed.beside(if player == self.elder { "33" } else { "35" });
            self.rule(
                Irregularity::TakesMoreThanDiscarded { taken, discarded },
                Some(player),
                laws,
                Penalty::ReckonsNothing,
                Some(span),
            );
        }
    }

    /// Law 29: "If, however, the elder hand have taken in some of his
    /// cards, the others remaining on the stock, and the younger hand take
    /// up any of them, he incurs no penalty, unless he mix any of the cards
    /// taken up with his hand". Notes the elder's cards the younger takes up
    /// so (`takes up`, as opposed to `takes`).
    pub(super) fn note_taken_up(&mut self, player: PlayerId, before: CardSet) {
        let elder = self.elder.index();
        let elder_left_some = self.exchange[elder].done && self.leaves[elder].is_none();
        if player != self.elder && elder_left_some {
            let new = self.hands[player.index()].minus(before);
            self.taken_up_apart = self.taken_up_apart.or(new.minus(self.younger_part));
        }
    }
}

impl Table {
    /// Laws 27, 29, 34: whether a younger hand's `takes up` from the top of
    /// the stock, made before he has discarded, is no taking in of his own:
    /// the cards are the elder's (not declared left; named, none of the
    /// bottom three; by number, no more than the elder has still to take,
    /// his five less those he declared he leaves),
    /// taken up before the elder has taken in, or left on the stock
    /// undeclared after it. His own exchange (laws 21, 22, 31, 35) is not
    /// ruled on them.
    pub(super) fn takes_up_not_taking_in(
        &self,
        player: PlayerId,
        cards: &Cards,
        from: PlaceKind,
        rules: &RuleSet,
    ) -> bool {
        let p = player.index();
        let elder = self.elder.index();
        // What the elder still has to take: his five, less those he
        // declared he leaves, less those he has taken.
        let left = usize::from(self.leaves[elder].unwrap_or(0));
        let elders_on_top = rules
            .elder_exchange
            .saturating_sub(left)
            .saturating_sub(self.exchange[elder].taken);
        let still_his: Vec<Card> = self.stock().iter().take(elders_on_top).copied().collect();
        let elders = match cards {
            Cards::List(list) => {
                !list.is_empty()
                    && list
                        .iter()
                        .all(|c| !self.younger_part.contains(*c) && still_his.contains(c))
            }
            Cards::Count(n) => *n > 0 && usize::from(*n) <= elders_on_top,
        };
        player != self.elder
            && matches!(from, PlaceKind::Stock | PlaceKind::StockTop)
            && self.exchange[p].discarded == 0
            && self.exchange[p].taken == 0
            && elders
    }

    /// The elder's cards on the top of the stock, taken up by the younger.
    /// Before the elder has taken in, law 27: "if the younger hand, when
    /// taking in, expose or take up any of the top five cards of the stock
    /// (not being cards declared to be left by the elder hand), he can
    /// reckon nothing that deal"; and they are the elder's cards, out of his
    /// reach, so law 29 gives the elder his option: "the elder hand, after
    /// looking at his cards, may elect to have a fresh deal. If he elect to
    /// stand the deal, he can only take as many of his cards as have not
    /// been mixed." One ruling, citing both. After the elder has taken in,
    /// law 29: "the younger hand take up any of them, he incurs no penalty,
    /// unless he mix any of the cards taken up with his hand": they stay on
    /// the stock, noted as taken up, for his taking in or his mixing.
    pub(super) fn take_up_elders_cards(
        &mut self,
        player: PlayerId,
        cards: &Cards,
        span: Span,
        rules: &RuleSet,
    ) {
        let elder = self.elder.index();
        let wanted: Vec<Card> = match cards {
            Cards::List(list) => list.to_vec(),
            Cards::Count(n) => self.stock().iter().take(usize::from(*n)).copied().collect(),
        };
        let up = CardSet::of(wanted.iter().copied().filter(|c| self.stock().contains(c)));
        if self.exchange[elder].done {
            self.taken_up_apart = self.taken_up_apart.or(up);
            // AC10; not where law 32 gives him the cards left (AC8 keeps it).
            let lost = rules.exchange_rules.stock_taken.taken_up_left();
            if let Some((laws, penalty)) = lost.filter(|_| !self.left_late_ruled) {
                self.rule(
                    Irregularity::TakesUpUndeclaredLeft,
                    Some(player),
                    laws,
                    penalty,
                    Some(span),
                );
            }
            return;
        }
        self.stock.retain(|c| !up.contains(*c));
        self.stock_top = self.stock_top.min(self.stock.len());
        let p = player.index();
        self.hands[p] = self.hands[p].or(up);
        // Cards of a stock not written: taken up unseen.
        if let Cards::Count(n) = cards {
            let unseen = usize::from(*n)
                .saturating_sub(up.len())
                .min(self.stock_unknown);
            self.stock_unknown -= unseen;
            self.unknown[p] += unseen;
        }
        let already = self.rulings.iter().any(|r| {
            r.offender == Some(player)
                && matches!(r.irregularity, Irregularity::TakesUpAdversaryCards)
        });
        if !already {
            self.rulings
                .push(conduct::exchange::takes_up_adversary_cards(
                    player,
                    span,
                    &rules.exchange_rules,
                ));
        }
    }
}
