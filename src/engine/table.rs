//! The deal on the table: where every card lies, event by event.
//!
//! [`Table::apply`] walks a deal's events in order: the exchange (laws
//! 21-43) and the play (laws 56, 59, 65). It moves cards between hands,
//! stock, discards and tricks, and records a [`Ruling`] for each irregularity
//! it sees in the cards; each event also goes to [`super::conduct`] for the
//! laws the annotations show. Calls and replies are only noted here, by event
//! index; [`super::claims`] weighs them once the hands are known.

use std::collections::VecDeque;

use crate::cards::{Card, CardSet};
use crate::notation::{
    Act, Cards, Claim, Deal, Event, Mixed, Place, PlaceKind, PlayerId, Span, Trick,
};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::conduct::{self, exchange, Conduct, Counts, Dealt, Moment};
use super::ruleset::RuleSet;

/// A trick's number for a ruling; a transcript with more than 255 tricks is
/// already far out of the laws, and its later tricks share the last number.
fn trick_number(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// Law 20: carte blanche is announced before the adversary discards, and
/// shown after; neither ends the exchange.
fn is_carte_blanche_notice(act: &Act) -> bool {
    matches!(act, Act::AnnouncesCarteBlanche | Act::ShowsCarteBlanche)
}

/// One trick as played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedTrick {
    /// Who led.
    pub leader: PlayerId,
    /// The card led.
    pub led: Card,
    /// The card played to it.
    pub played: Card,
    /// Who won it.
    pub winner: PlayerId,
    /// The index of the event that completed it.
    pub event: usize,
}

/// How far the deal has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// Discarding and taking in.
    Exchange,
    /// Calling, before the first card is led.
    Calling,
    /// Playing the cards.
    Play,
}

/// A player's exchange.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exchange {
    /// Cards discarded.
    pub discarded: usize,
    /// Cards taken in.
    pub taken: usize,
    /// Whether he has taken in (the "takes" was written, or assumed).
    pub done: bool,
    /// Whether the taking in was not written and has been assumed.
    pub assumed: bool,
    /// Whether his turn is over and taking in fewer than he discarded ruled on.
    pub settled: bool,
    /// Where he last took in.
    pub span: Span,
}

/// Where every card lies at one moment of a deal.
#[derive(Clone, Debug)]
pub struct Table {
    /// Each player's hand now.
    pub hands: [CardSet; 2],
    /// Cards in a hand that the transcript does not name (a hand known in part).
    pub unknown: [usize; 2],
    /// Each hand as dealt.
    pub dealt: [CardSet; 2],
    /// The stock, top card first, from `stock_top` on.
    stock: Vec<Card>,
    stock_top: usize,
    /// Cards in the stock the transcript does not name.
    stock_unknown: usize,
    /// The bottom cards of the stock as dealt, which the elder may not take (law 27).
    younger_part: CardSet,
    /// Whether every card of the deal is known (both hands and the stock complete).
    pub known: bool,
    /// Each player's discard.
    pub discards: [CardSet; 2],
    /// Each player's exchange so far.
    pub exchange: [Exchange; 2],
    /// Whether each player announced that he leaves cards (law 32).
    leaves: [bool; 2],
    /// Cards each player has led or played.
    pub played: [CardSet; 2],
    /// The tricks, in order.
    pub tricks: Vec<PlayedTrick>,
    /// The elder hand.
    pub elder: PlayerId,
    /// Where the deal has got to.
    pub phase: Phase,
    /// Who leads next.
    pub to_lead: PlayerId,
    /// Cards led and not yet played to, with their leader.
    pending: VecDeque<(PlayerId, Card)>,
    /// Irregularities seen in the cards.
    pub rulings: Vec<Ruling>,
    /// Indexes of the events that call, reply, ask, answer or reckon.
    pub spoken: Vec<usize>,
    /// Indexes of the events the engine does not yet interpret.
    pub uninterpreted: Vec<usize>,
    /// The conduct laws' memory of the deal.
    pub conduct: Conduct,
    /// Where the first hand or stock line of the wrong size is written.
    dealt_span: Option<Span>,
    /// How many cards the stock held as dealt.
    dealt_stock: usize,
    /// Cards each player dropped by accident (law 59.I).
    dropped: [CardSet; 2],
    /// Whether the younger took in from the bottom before the elder (Case XIV).
    took_early: bool,
    /// Cards of another pack found in a hand or discard (Cases XVII, XVIII).
    strays: CardSet,
}

impl Table {
    /// The table as dealt: the hands and stock of the deal's header.
    ///
    /// Law 9: twelve cards each and eight in the stock (the rule set's
    /// numbers); a card written twice or not in the pack is a ruling.
    pub fn deal(deal: &Deal, elder: PlayerId, rules: &RuleSet) -> Table {
        let mut table = Table {
            hands: [CardSet::EMPTY; 2],
            unknown: [0; 2],
            dealt: [CardSet::EMPTY; 2],
            stock: Vec::with_capacity(12),
            stock_top: 0,
            stock_unknown: 0,
            younger_part: CardSet::EMPTY,
            known: true,
            discards: [CardSet::EMPTY; 2],
            exchange: [Exchange::default(); 2],
            leaves: [false; 2],
            played: [CardSet::EMPTY; 2],
            tricks: Vec::with_capacity(12),
            elder,
            phase: Phase::Exchange,
            to_lead: elder,
            pending: VecDeque::new(),
            rulings: Vec::new(),
            spoken: Vec::with_capacity(16),
            uninterpreted: Vec::new(),
            conduct: Conduct::new(),
            dealt_span: None,
            dealt_stock: 0,
            dropped: [CardSet::EMPTY; 2],
            took_early: false,
            strays: CardSet::EMPTY,
        };
        let mut seen = CardSet::EMPTY;
        // Cases XVII, XVIII: a card of the other pack found later is
        // written in a hand as dealt beside the card of this pack.
        table.strays = deal
            .events
            .iter()
            .filter_map(|e| match &e.event {
                Event::Surplus { card, .. } => *card,
                _ => None,
            })
            .collect();
        for player in PlayerId::BOTH {
            match deal.hand(player) {
                Some(hand) => {
                    let list = &hand.value.cards;
                    for &card in &list.cards {
                        if table.place_dealt(card, &mut seen, rules, hand.span) {
                            table.hands[player.index()].insert(card);
                        }
                    }
                    let named = table.hands[player.index()].len();
                    if list.complete {
                        // Laws 11, 12: ruled with the rest of the deal, by [`conduct`].
                        if named != rules.hand && table.dealt_span.is_none() {
                            table.dealt_span = Some(hand.span);
                        }
                    } else {
                        table.known = false;
                        table.unknown[player.index()] = rules.hand.saturating_sub(named);
                    }
                }
                None => {
                    table.known = false;
                    table.unknown[player.index()] = rules.hand;
                }
            }
        }
        match &deal.header.stock {
            Some(stock) => {
                for &card in &stock.value.cards {
                    if table.place_dealt(card, &mut seen, rules, stock.span) {
                        table.stock.push(card);
                    }
                }
                if stock.value.complete {
                    if table.stock.len() != rules.stock && table.dealt_span.is_none() {
                        table.dealt_span = Some(stock.span);
                    }
                } else {
                    table.known = false;
                    table.stock_unknown = rules.stock.saturating_sub(table.stock.len());
                }
            }
            None => {
                table.known = false;
                table.stock_unknown = rules.stock;
            }
        }
        if table.known && seen.len() != rules.pack_size() {
            table.known = false;
        }
        table.dealt = table.hands;
        table.dealt_stock = table.stock.len();
        table.younger_part = table
            .stock
            .iter()
            .skip(rules.elder_exchange)
            .copied()
            .collect();
        table
    }

    /// Law 75: puts a dealt card in its place, once; a second copy, or a
    /// card not in the pack, is a ruling and is left out.
    fn place_dealt(&mut self, card: Card, seen: &mut CardSet, rules: &RuleSet, span: Span) -> bool {
        let fault = if card.rank < rules.lowest {
            Irregularity::NotInPack { card }
        } else if !seen.insert(card) {
            if self.strays.contains(card) {
                // The copy of the other pack: ruled where it is found.
                self.known = false;
                return true;
            }
            Irregularity::CardTwice { card }
        } else {
            return true;
        };
        self.known = false;
        self.rule(fault, None, &["75"], Penalty::NotYetRuled, Some(span));
        false
    }

    fn rule(
        &mut self,
        irregularity: Irregularity,
        offender: Option<PlayerId>,
        laws: &'static [&'static str],
        penalty: Penalty,
        span: Option<Span>,
    ) {
        self.rulings.push(Ruling {
            irregularity,
            offender,
            laws,
            penalty,
            span,
        });
    }

    /// The cards left in the stock, top first (those the transcript names).
    pub fn stock(&self) -> &[Card] {
        &self.stock[self.stock_top..]
    }

    /// How many cards are left in the stock, named or not.
    pub fn stock_len(&self) -> usize {
        self.stock.len() - self.stock_top + self.stock_unknown
    }

    /// How many cards a player holds, named or not.
    pub fn hand_len(&self, player: PlayerId) -> usize {
        self.hands[player.index()].len() + self.unknown[player.index()]
    }

    /// The hand a player declares from: what he holds now and what he has played.
    pub fn declaring_hand(&self, player: PlayerId) -> CardSet {
        self.hands[player.index()].or(self.played[player.index()])
    }

    /// Whether the player's hand is known card by card.
    pub fn hand_known(&self, player: PlayerId) -> bool {
        self.unknown[player.index()] == 0
    }

    /// Every card accounted for: hands, stock, discards and cards played
    /// together hold the pack, each card once. `None` when the deal's cards
    /// are not all known; otherwise the cards out of place, if any.
    pub fn unaccounted(&self, rules: &RuleSet) -> Option<usize> {
        if !self.known {
            return None;
        }
        let places = [
            self.hands[0],
            self.hands[1],
            self.discards[0],
            self.discards[1],
            self.played[0],
            self.played[1],
            CardSet::of(self.stock().iter().copied()),
        ];
        let total: usize = places.iter().map(|p| p.len()).sum();
        let union = places.iter().fold(CardSet::EMPTY, |a, b| a.or(*b));
        Some(total.abs_diff(rules.pack_size()) + rules.pack_size() - union.len())
    }

    /// The state of the deal the conduct laws turn on.
    pub fn moment(&self, dealer: Option<PlayerId>, rules: &RuleSet) -> Moment {
        Moment {
            phase: self.phase,
            elder: self.elder,
            dealer,
            taken_in: self.exchange.map(|e| e.taken > 0),
            pack: rules.pack_size(),
            hand: rules.hand,
        }
    }

    /// How many cards each hand and the stock held as dealt, where all are known.
    pub fn dealt(&self) -> Dealt {
        let counts = self.known.then(|| Counts {
            elder: self.dealt[self.elder.index()].len(),
            younger: self.dealt[self.elder.other().index()].len(),
            stock: self.dealt_stock,
        });
        Dealt {
            counts,
            span: self.dealt_span,
        }
    }

    /// Replays one event, with the conduct laws (see [`conduct`]).
    pub fn apply(&mut self, index: usize, event: &Event, span: Span, rules: &RuleSet) {
        let moment = self.moment(Some(self.elder.other()), rules);
        let ruled = self.conduct.observe(event, span, &moment);
        let exposure_ruled = !ruled.is_empty()
            && matches!(
                event,
                Event::Act {
                    act: Act::Exposes { .. },
                    ..
                }
            );
        self.rulings.extend(ruled);
        if exposure_ruled {
            return;
        }
        if let Event::Act {
            player,
            act: Act::Mixes { what, with },
        } = event
        {
            self.mix(*player, what, *with, span);
        }
        self.replay(index, event, span, rules);
    }

    /// Laws 25, 26, 28, 29: cards mixed with the hand or the discard.
    fn mix(&mut self, player: PlayerId, what: &Mixed, with: Place, span: Span) {
        let p = player.index();
        let taken_in = self.exchange[p].taken > 0;
        let cards: CardSet = match what {
            Mixed::Cards(Cards::List(list)) => CardSet::of(list.iter().copied()),
            Mixed::Place(place) if place.kind == PlaceKind::Discard => self.discards[p],
            Mixed::Place(place) if place.kind == PlaceKind::Left => {
                CardSet::of(self.stock().iter().copied())
            }
            _ => CardSet::EMPTY,
        };
        match with.kind {
            PlaceKind::Hand => {
                let from_discard = cards.and(self.discards[p]);
                if !from_discard.is_empty() && taken_in {
                    self.discards[p] = self.discards[p].minus(from_discard);
                    self.hands[p] = self.hands[p].or(from_discard);
                    self.rulings.push(exchange::retakes_discard(player, span));
                }
                let stock = CardSet::of(self.stock().iter().copied());
                let from_stock = cards.and(stock);
                let theirs = if player == self.elder {
                    !from_stock.and(self.younger_part).is_empty()
                        || (self.leaves[p] && !from_stock.is_empty())
                } else {
                    !from_stock.is_empty() && !self.leaves[self.elder.index()]
                };
                if !from_stock.is_empty() {
                    self.stock.retain(|c| !from_stock.contains(*c));
                    self.stock_top = self.stock_top.min(self.stock.len());
                    self.hands[p] = self.hands[p].or(from_stock);
                }
                if theirs {
                    self.rulings
                        .push(exchange::mixes_adversary_cards(player, self.elder, span));
                }
            }
            PlaceKind::Discard if taken_in => {
                let from_hand = cards.and(self.hands[p]);
                let n = match what {
                    Mixed::Cards(Cards::Count(n)) => usize::from(*n),
                    _ => from_hand.len(),
                };
                self.hands[p] = self.hands[p].minus(from_hand);
                self.discards[p] = self.discards[p].or(from_hand);
                if n > 0 && !matches!(what, Mixed::Place(place) if place.kind == PlaceKind::Left) {
                    self.rulings
                        .push(exchange::mixes_with_discard(player, n, span));
                }
            }
            _ => {}
        }
    }

    fn replay(&mut self, index: usize, event: &Event, span: Span, rules: &RuleSet) {
        match event {
            Event::Act { player, act } => self.act(index, *player, act, span, rules),
            Event::Play { tricks } => {
                self.finish_exchange(rules);
                self.start_play(span, rules);
                for trick in tricks {
                    self.compact_trick(index, trick, span);
                }
            }
            Event::Written { .. } | Event::Question { .. } => {}
            // Laws 14, 75, 77, 78: ruled by [`conduct::pack`].
            Event::Faced { .. }
            | Event::Pack { .. }
            | Event::Damaged { .. }
            | Event::Bystander { .. } => {}
            Event::Surplus { card, place } => match card {
                Some(card) => self.surplus(*card, *place, span, rules),
                None => self.uninterpreted.push(index),
            },
        }
    }

    fn act(&mut self, index: usize, player: PlayerId, act: &Act, span: Span, rules: &RuleSet) {
        match act {
            Act::Discards(cards) => self.discard(player, cards, span, rules),
            Act::Takes(cards) => self.take(player, cards, span, rules),
            Act::Leaves(_) => self.declare_leaving(player, span),
            Act::Calls(_)
            | Act::Asks(_)
            | Act::Answers(_)
            | Act::Replies(_)
            | Act::Corrects(_)
            | Act::Reckons { .. }
            | Act::AnnouncesCarteBlanche
            | Act::ShowsCarteBlanche => {
                if self.phase == Phase::Exchange && !is_carte_blanche_notice(act) {
                    self.finish_exchange(rules);
                }
                if matches!(act, Act::Calls(_) | Act::Reckons { .. }) && !self.tricks.is_empty() {
                    self.too_late(player, span);
                    return;
                }
                self.spoken.push(index);
            }
            Act::Leads(cards) => {
                self.finish_exchange(rules);
                self.start_play(span, rules);
                self.lead(player, cards, span);
            }
            Act::Plays(cards) => {
                self.finish_exchange(rules);
                self.start_play(span, rules);
                self.play(index, player, cards, span);
            }
            Act::Shows(_) | Act::Says(_) | Act::Names(_) | Act::Elects { .. } => {}
            // Laws 33, 35: cards taken up from the stock, as opposed to taken
            // in one by one, are taken as they lie, from the top.
            Act::TakesUp { cards, from }
                if matches!(
                    from.kind,
                    PlaceKind::Stock | PlaceKind::StockTop | PlaceKind::Left
                ) =>
            {
                self.take(player, cards, span, rules)
            }
            // Law 44: read when the penalties are applied.
            Act::WaivesPenalty => {}
            // Laws 59.II, 59.IV: a revoke, or cards played in error, are
            // ruled from the cards; the claim adds nothing to them.
            Act::Claims(Claim::Revoke | Claim::PlayAgain(_)) => {}
            Act::Writes(_) => {}
            // Law 25: the discard taken up again, as if mixed with the hand.
            Act::TakesUp { cards, from } if from.kind == PlaceKind::Discard => {
                let what = match cards {
                    Cards::List(_) => Mixed::Cards(cards.clone()),
                    Cards::Count(_) => Mixed::Place(*from),
                };
                let hand = Place {
                    kind: PlaceKind::Hand,
                    owner: None,
                };
                self.mix(player, &what, hand, span);
            }
            // Law 27: a card of the adversary's part of the stock exposed.
            Act::Exposes {
                cards,
                from: Some(place),
            } if matches!(place.kind, PlaceKind::StockTop | PlaceKind::StockBottom) => {
                self.expose_stock(index, player, cards, span)
            }
            // Law 27: the younger takes up the top cards before the elder has taken in.
            Act::TakesUp { from, .. }
                if from.kind == PlaceKind::StockTop
                    && player != self.elder
                    && !self.exchange[self.elder.index()].done
                    && !self.leaves[self.elder.index()] =>
            {
                self.rule_younger_part(player, span);
            }
            Act::Retakes(cards) => self.retake(player, cards, span),
            Act::Drops(cards) => {
                let p = player.index();
                self.dropped[p] = self.dropped[p].or(CardSet::of(cards.iter().copied()));
            }
            // Case XIV: the younger takes up the bottom cards before the elder has taken in.
            Act::TakesUp { cards, from }
                if from.kind == PlaceKind::StockBottom
                    && player != self.elder
                    && !self.exchange[self.elder.index()].done =>
            {
                self.take_bottom(player, cards, span)
            }
            Act::Touches(place) if matches!(place.kind, PlaceKind::Stock | PlaceKind::StockTop) => {
                self.touch_stock(player, span, rules)
            }
            act if conduct::interprets(act) => {}
            _ => self.uninterpreted.push(index),
        }
    }

    /// Law 24: the exchange is over once calling or play has begun; an
    /// exchange after that is a ruling, and false is returned. The elder
    /// takes in first: the younger's taking in ends the elder's turn (his
    /// discard does not: he may put out his cards while the elder takes).
    fn exchange_turn(
        &mut self,
        player: PlayerId,
        what: &'static str,
        span: Span,
        rules: &RuleSet,
    ) -> bool {
        if self.phase > Phase::Exchange {
            self.rule(
                Irregularity::OutOfOrder { what },
                Some(player),
                &["24"],
                Penalty::NotYetRuled,
                Some(span),
            );
            return false;
        }
        if player != self.elder && what != "a discard" {
            self.finish_turn(self.elder, rules);
        }
        true
    }

    /// Laws 21, 22: the elder discards one to five; the younger at least one.
    fn discard(&mut self, player: PlayerId, cards: &Cards, span: Span, rules: &RuleSet) {
        if !self.exchange_turn(player, "a discard", span, rules) {
            return;
        }
        let p = player.index();
        match cards {
            Cards::List(list) => {
                for &card in list {
                    if self.hands[p].remove(card) {
                        self.discards[p].insert(card);
                    } else if self.unknown[p] > 0 {
                        self.unknown[p] -= 1;
                        self.discards[p].insert(card);
                    } else {
                        self.rule(
                            Irregularity::NotHeld { card },
                            Some(player),
                            &["21", "22"],
                            Penalty::NotYetRuled,
                            Some(span),
                        );
                    }
                }
                self.exchange[p].discarded += list.len();
            }
            Cards::Count(n) => {
                let n = usize::from(*n);
                self.unknown[p] = self.unknown[p].saturating_sub(n);
                self.known = false;
                self.exchange[p].discarded += n;
            }
        }
    }

    /// Law 23: "the cards must be taken in order from the top of the stock."
    fn take(&mut self, player: PlayerId, cards: &Cards, span: Span, rules: &RuleSet) {
        let p = player.index();
        let short = self.exchange[p].discarded > self.exchange[p].taken;
        if self.phase > Phase::Exchange && short && !self.leaves[p] {
            self.take_in_late(player, cards, span);
            return;
        }
        if !self.exchange_turn(player, "taking in", span, rules) {
            return;
        }
        match cards {
            Cards::Count(n) => self.take_from_top(player, usize::from(*n), span, rules),
            Cards::List(list) => {
                for &card in list {
                    self.check_younger_part(player, card, span);
                    let top = self.stock().first().copied();
                    let at = self.stock().iter().position(|c| *c == card);
                    // A card not named in the stock may be one of its unknown cards.
                    if at != Some(0) && (at.is_some() || self.stock_unknown == 0) {
                        // Law 23 states no penalty; the cards that are
                        // the adversary's are ruled by law 27.
                        self.rule(
                            Irregularity::NotFromTheTop { card, top },
                            Some(player),
                            rules.cite.take_from_top,
                            Penalty::NoneStated,
                            Some(span),
                        );
                    }
                    match at {
                        Some(0) => self.stock_top += 1,
                        Some(at) => {
                            self.stock.remove(self.stock_top + at);
                        }
                        None if self.stock_unknown > 0 => self.stock_unknown -= 1,
                        None => continue,
                    }
                    self.hands[player.index()].insert(card);
                    self.exchange[player.index()].taken += 1;
                }
                self.close_take(player, span, rules);
            }
        }
    }

    /// Case XIII: a player who took in a card less than he discarded, and did
    /// not announce that he would leave it, "can take up the card he left on
    /// the table". If he has renounced in its suit since, law 59.IV applies:
    /// the play from that trick is played again.
    fn take_in_late(&mut self, player: PlayerId, cards: &Cards, span: Span) {
        let p = player.index();
        let wanted = match cards {
            Cards::Count(n) => usize::from(*n),
            Cards::List(list) => list.len(),
        };
        let owed = self.exchange[p].discarded - self.exchange[p].taken;
        for _ in 0..wanted.min(owed) {
            let Some(&card) = self.stock().first() else {
                break;
            };
            self.stock_top += 1;
            self.hands[p].insert(card);
            self.exchange[p].taken += 1;
            self.rule(
                Irregularity::TakesInLate { card },
                Some(player),
                &["59.IV"],
                Penalty::None,
                Some(span),
            );
            let renounced = self.tricks.iter().position(|t| {
                t.leader != player && t.led.suit == card.suit && t.played.suit != card.suit
            });
            if let Some(trick) = renounced {
                self.rule(
                    Irregularity::RenouncedInLeftSuit {
                        card: self.tricks[trick].played,
                        led: self.tricks[trick].led,
                    },
                    Some(player),
                    &["59.IV"],
                    Penalty::PlayAgainFrom(trick_number(trick + 1)),
                    Some(span),
                );
            }
        }
        if self.exchange[p].taken == self.exchange[p].discarded {
            // He no longer plays short: laws 30 and 57 do not apply.
            self.rulings.retain(|r| {
                !(r.offender == Some(player)
                    && matches!(r.irregularity, Irregularity::TakesFewerThanDiscarded { .. }))
            });
        }
    }

    /// Law 27: "If the elder hand, when taking in, or when looking at cards
    /// he has left, expose ... any of the bottom three cards of the stock
    /// ..., he can reckon nothing that deal. And similarly, if the younger
    /// hand, when taking in, expose ... any of the top five cards of the
    /// stock (not being cards declared to be left by the elder hand), he can
    /// reckon nothing that deal." An exposure the law does not reach is
    /// left uninterpreted.
    fn expose_stock(&mut self, index: usize, player: PlayerId, cards: &Cards, span: Span) {
        let elder_done = self.exchange[self.elder.index()].done || self.leaves[self.elder.index()];
        let exposed: Vec<Card> = match cards {
            Cards::List(list) => list.to_vec(),
            Cards::Count(_) => Vec::new(),
        };
        if player == self.elder {
            let theirs = exposed.iter().any(|c| self.younger_part.contains(*c))
                || matches!(cards, Cards::Count(n) if *n > 0);
            if theirs {
                self.rule_younger_part(player, span);
                return;
            }
        } else if !elder_done {
            self.rule_younger_part(player, span);
            return;
        }
        self.uninterpreted.push(index);
    }

    /// Law 32: "If the elder hand do not take all his cards, he must declare
    /// the number he takes or leaves before taking up a card of the stock.
    /// If he fail to do so, and the younger hand, on touching the stock (but
    /// before taking up a card of it), find that it contains more than three
    /// cards, he is entitled to alter his discard, and to take in the card or
    /// cards left." Touching the stock is no exchange of his own.
    fn touch_stock(&mut self, player: PlayerId, span: Span, rules: &RuleSet) {
        let elder = self.elder;
        let younger_part = rules.stock - rules.elder_exchange;
        let found = self.stock_len();
        if player != elder
            && self.exchange[elder.index()].done
            && !self.leaves[elder.index()]
            && self.exchange[player.index()].taken == 0
            && found > younger_part
        {
            self.rule(
                Irregularity::LeavesUndeclared { found },
                Some(elder),
                &["32"],
                Penalty::NoneStated,
                Some(span),
            );
        }
    }

    /// Law 59: "A card once led or played cannot be taken up, except as
    /// provided in Law 52, and as follows". A card dropped (59.I) goes back
    /// freely. A card led and not yet played to may be taken back (Case XI:
    /// "prior to that A can rectify his error"); so may a card led out of
    /// turn (59.III). Cards retaken to put right a revoke or too many cards
    /// played (59.II, 59.IV) are ruled where the error is. Any other card
    /// played to a trick stands.
    fn retake(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        let p = player.index();
        for &card in cards {
            if self.dropped[p].remove(card) {
                continue;
            }
            if let Some(at) = self
                .pending
                .iter()
                .position(|&(q, c)| q == player && c == card)
            {
                self.pending.remove(at);
                self.played[p].remove(card);
                self.hands[p].insert(card);
                continue;
            }
            let put_right = self.rulings.iter().any(|r| {
                r.offender == Some(player)
                    && matches!(
                        r.irregularity,
                        Irregularity::Revoke { card: c, .. } | Irregularity::PlaysTooMany { card: c } if c == card
                    )
            });
            if put_right {
                continue;
            }
            let stands = self.tricks.iter().any(|t| {
                (t.leader == player && t.led == card) || (t.leader != player && t.played == card)
            });
            if stands {
                self.rule(
                    Irregularity::RetakesTooLate { card },
                    Some(player),
                    &["59"],
                    Penalty::Stands,
                    Some(span),
                );
            }
        }
    }

    /// Case XIV: the younger takes up cards from the bottom of the stock
    /// before the elder has taken in. They are his own, but the elder may
    /// still leave cards, which the younger must then take as well (law 23:
    /// in order from the top, "including cards left by the elder hand").
    fn take_bottom(&mut self, player: PlayerId, cards: &Cards, span: Span) {
        let p = player.index();
        self.exchange[p].span = span;
        let n = match cards {
            Cards::Count(n) => usize::from(*n),
            Cards::List(list) => list.len(),
        };
        for _ in 0..n {
            if self.stock.len() > self.stock_top {
                if let Some(card) = self.stock.pop() {
                    self.hands[p].insert(card);
                }
            } else if self.stock_unknown > 0 {
                self.stock_unknown -= 1;
                self.unknown[p] += 1;
            }
            self.exchange[p].taken += 1;
        }
        self.took_early = true;
    }

    /// Case XIV: at the end of the exchange, a younger hand who took in
    /// before the elder must take the cards the elder left.
    pub fn settle_early_take(&mut self, rules: &RuleSet) {
        if !self.took_early || self.phase != Phase::Exchange {
            return;
        }
        let elder = self.elder;
        self.finish_turn(elder, rules);
        let left = self.stock_len();
        if left > 0 {
            let span = self.exchange[elder.other().index()].span;
            self.take_from_top(elder.other(), left, span, rules);
        }
        self.took_early = false;
    }

    /// Law 32: the elder "must declare the number he takes or leaves before
    /// taking up a card of the stock". Case V: he should also declare it
    /// before showing his carte blanche; declared only after the younger has
    /// discarded, the younger may alter his discard.
    fn declare_leaving(&mut self, player: PlayerId, span: Span) {
        self.leaves[player.index()] = true;
        let younger = self.elder.other();
        if player == self.elder && self.exchange[younger.index()].discarded > 0 {
            self.rule(
                Irregularity::LeavesTooLate,
                Some(player),
                &["32"],
                Penalty::NoneStated,
                Some(span),
            );
        }
    }

    /// Cases XVII and XVIII: a card of the other pack found in a hand or a
    /// discard. "There is no proof that when the pack was dealt it was
    /// redundant" (so law 75 gives no fresh deal): the card is removed.
    /// Found in the discard, the player has played with the rest of his
    /// hand (law 58 if he holds more than twelve). Kept in the hand and not
    /// played, he returns it with no penalty, unless he used it in a claim
    /// allowed good (law 54, ruled with the calls, which are weighed against
    /// the hand without it). Played, the hands are played over again.
    fn surplus(&mut self, card: Card, place: Place, span: Span, rules: &RuleSet) {
        let Some(owner) = place.owner else {
            return;
        };
        let p = owner.index();
        let penalty = match place.kind {
            PlaceKind::Discard => {
                self.discards[p].remove(card);
                if self.exchange[p].done {
                    self.too_many(owner, span, rules);
                }
                Penalty::None
            }
            PlaceKind::Hand if self.played[p].contains(card) => Penalty::PlayAgainFrom(1),
            PlaceKind::Hand => {
                self.hands[p].remove(card);
                self.dealt[p].remove(card);
                Penalty::None
            }
            _ => return,
        };
        self.rule(
            Irregularity::SurplusCard { card },
            Some(owner),
            &["75"],
            penalty,
            Some(span),
        );
    }

    /// Law 58: "If a player play with more than twelve cards in hand, he can
    /// reckon nothing that deal". Ruled once for a player.
    fn too_many(&mut self, player: PlayerId, span: Span, rules: &RuleSet) {
        // A card of the other pack kept in hand is returned when found (Case XVIII).
        let strays = self.hands[player.index()].and(self.strays).len();
        let held = self.hand_len(player) - strays;
        let already = self.rulings.iter().any(|r| {
            r.offender == Some(player)
                && matches!(r.irregularity, Irregularity::PlaysWithTooManyCards { .. })
        });
        if held > rules.hand && !already {
            self.rule(
                Irregularity::PlaysWithTooManyCards { held },
                Some(player),
                &["58"],
                Penalty::ReckonsNothing,
                Some(span),
            );
        }
    }

    /// Law 56: "When the younger hand has played to the first trick,
    /// neither player can reckon anything omitted (except as provided in Law
    /// 54)." A call or reckoning after the first trick is not scored and bars
    /// nothing. The exception is applied by the referee once the calls are
    /// weighed: see `engine::late_reckonings`.
    fn too_late(&mut self, player: PlayerId, span: Span) {
        self.rule(
            Irregularity::ReckonsTooLate,
            Some(player),
            &["56"],
            Penalty::NotScored,
            Some(span),
        );
    }

    /// Law 27: the ruling, once a deal and player.
    fn rule_younger_part(&mut self, player: PlayerId, span: Span) {
        let already = self.rulings.iter().any(|r| {
            r.offender == Some(player) && matches!(r.irregularity, Irregularity::TakesTheOtherPart)
        });
        if !already {
            self.rule(
                Irregularity::TakesTheOtherPart,
                Some(player),
                &["27"],
                Penalty::ReckonsNothing,
                Some(span),
            );
        }
    }

    /// Law 27: "If the elder hand, when taking in ... take up any of the
    /// bottom three cards of the stock (except as provided in Laws 41 and
    /// 43), he can reckon nothing that deal." Ruled once a deal.
    fn check_younger_part(&mut self, player: PlayerId, card: Card, span: Span) {
        let already = self
            .rulings
            .iter()
            .any(|r| matches!(r.irregularity, Irregularity::TakesTheYoungerCards { .. }));
        if player == self.elder && self.younger_part.contains(card) && !already {
            self.rule(
                Irregularity::TakesTheYoungerCards { card },
                Some(player),
                &["27"],
                Penalty::ReckonsNothing,
                Some(span),
            );
        }
    }

    fn take_from_top(&mut self, player: PlayerId, n: usize, span: Span, rules: &RuleSet) {
        let p = player.index();
        let named = n.min(self.stock().len());
        for _ in 0..named {
            let card = self.stock[self.stock_top];
            self.check_younger_part(player, card, span);
            self.stock_top += 1;
            self.hands[p].insert(card);
        }
        let rest = (n - named).min(self.stock_unknown);
        self.stock_unknown -= rest;
        self.unknown[p] += rest;
        self.exchange[p].taken += named + rest;
        if named + rest < n {
            self.rule(
                Irregularity::StockTooShort {
                    wanted: n,
                    left: named + rest,
                },
                Some(player),
                rules.cite.exchange,
                Penalty::NotYetRuled,
                Some(span),
            );
        }
        self.close_take(player, span, rules);
    }

    /// Laws 21, 22, 33, 35: a player's exchange checked once he has taken in.
    fn close_take(&mut self, player: PlayerId, span: Span, rules: &RuleSet) {
        let p = player.index();
        let Exchange {
            discarded, taken, ..
        } = self.exchange[p];
        self.exchange[p].done = true;
        let offender = Some(player);
        let (shift, standing) = self.standing_wrong_deal(player, rules);
        // Law 21: the elder may take five; law 34: "The younger hand is
        // entitled to take in all the cards that are left in the stock."
        let most = if player == self.elder {
            rules.elder_exchange
        } else {
            self.stock_len() + taken
        };
        let least = rules.least_discard.saturating_add_signed(shift);
        if discarded < least {
            self.rule(
                Irregularity::DiscardsTooFew { discarded, least },
                offender,
                standing.unwrap_or(rules.cite.exchange),
                Penalty::NoneStated,
                Some(span),
            );
        }
        let most_discard = most.saturating_add_signed(shift);
        if taken > most || (player == self.elder && discarded > most_discard) {
            self.rule(
                Irregularity::ExchangesTooMany {
                    discarded: discarded.max(taken),
                    most,
                },
                offender,
                rules.cite.exchange,
                Penalty::NotYetRuled,
                Some(span),
            );
        }
        // What he gives up, net, against what he must: none in a regular
        // deal; under laws 40-43, one more or one less.
        let net = discarded as isize - taken as isize;
        if net < shift && standing.is_none() {
            // Laws 31, 33, 35: taking up more than he discarded, he can
            // reckon nothing; law 24: he cannot alter his discard to put it
            // right. Law 33 is the elder who left cards and takes them up;
            // law 35 the younger; law 31 the elder who declared none left.
            let laws: &'static [&'static str] = if player != self.elder {
                &["35", "24"]
            } else if self.leaves[p] {
                &["33", "24"]
            } else {
                &["31", "24"]
            };
            self.rule(
                Irregularity::TakesMoreThanDiscarded { taken, discarded },
                offender,
                laws,
                Penalty::ReckonsNothing,
                Some(span),
            );
        }
        self.exchange[p].span = span;
        // Under laws 40-43 a player who keeps more than twelve is ruled by
        // law 58 when the play begins.
    }

    /// Laws 40-43: when the elder stands a deal with one card wrong (having
    /// announced it, law 11; or finding a stock of seven, law 43), each
    /// player discards as many more than he takes in as he was dealt over
    /// twelve (fewer, if under), so that both play with twelve. Returns that
    /// difference for the player, and the law, if the deal is such a one.
    /// Law 39: an elder who took in without announcing keeps his wrong
    /// number (and law 58 rules him).
    fn standing_wrong_deal(
        &self,
        player: PlayerId,
        rules: &RuleSet,
    ) -> (isize, Option<&'static [&'static str]>) {
        let Some(counts) = self.dealt().counts else {
            return (0, None);
        };
        let law: &'static [&'static str] = match (counts.elder, counts.stock) {
            (13, 8) => &["40"],
            (13, 7) => &["41"],
            (11, 8) => &["42"],
            (12, 7) => &["43"],
            _ => return (0, None),
        };
        let announced = self.conduct.announced(self.elder) || counts.elder == rules.hand;
        if !announced {
            return (0, None);
        }
        let dealt = self.dealt[player.index()].len();
        (dealt as isize - rules.hand as isize, Some(law))
    }

    /// A player who discarded and wrote no `takes` is taken to have taken in
    /// as many as he discarded (the younger: as many as are left, at most).
    fn finish_turn(&mut self, player: PlayerId, rules: &RuleSet) {
        let p = player.index();
        let Exchange {
            discarded, done, ..
        } = self.exchange[p];
        if done {
            self.settle_short(player, rules);
            return;
        }
        if discarded == 0 {
            return;
        }
        let (shift, _) = self.standing_wrong_deal(player, rules);
        let n = discarded
            .saturating_add_signed(-shift)
            .min(self.stock_len());
        self.exchange[p].assumed = true;
        self.take_from_top(player, n, Span::default(), rules);
        self.settle_short(player, rules);
    }

    /// Law 30: "If a player, having twelve cards dealt him, discard more
    /// cards than he takes in, he must play with less than twelve cards, and
    /// his adversary counts as tricks all cards that cannot be played to."
    /// Judged once his turn is over (he may take in by several lines), and
    /// under laws 40-43 against what he must discard there.
    fn settle_short(&mut self, player: PlayerId, rules: &RuleSet) {
        let p = player.index();
        let Exchange {
            discarded,
            taken,
            settled,
            span,
            ..
        } = self.exchange[p];
        if settled {
            return;
        }
        self.exchange[p].settled = true;
        let (shift, standing) = self.standing_wrong_deal(player, rules);
        let net = discarded as isize - taken as isize;
        if net > shift && self.stock_len() > 0 {
            self.rule(
                Irregularity::TakesFewerThanDiscarded { taken, discarded },
                Some(player),
                standing.map_or(&["30", "57"], |_| &["57"]),
                Penalty::FewerCards,
                Some(span),
            );
        }
    }

    /// The exchange is over once calling or play begins.
    fn finish_exchange(&mut self, rules: &RuleSet) {
        if self.phase == Phase::Exchange {
            self.finish_turn(self.elder, rules);
            self.finish_turn(self.elder.other(), rules);
            self.phase = Phase::Calling;
        }
    }

    /// Takes a card from a hand for play: a card not held is a ruling.
    fn take_from_hand(&mut self, player: PlayerId, card: Card, span: Span) {
        let p = player.index();
        if self.hands[p].remove(card) {
        } else if self.unknown[p] > 0 && !self.elsewhere(card) {
            self.unknown[p] -= 1;
        } else {
            self.rule(
                Irregularity::NotHeld { card },
                Some(player),
                &["59"],
                Penalty::NotYetRuled,
                Some(span),
            );
            self.known = false;
        }
        self.played[p].insert(card);
    }

    /// Whether a card is known to lie somewhere other than a hand with unknown cards.
    fn elsewhere(&self, card: Card) -> bool {
        self.hands[0].contains(card)
            || self.hands[1].contains(card)
            || self.played[0].contains(card)
            || self.played[1].contains(card)
            || self.discards[0].contains(card)
            || self.discards[1].contains(card)
            || self.stock().contains(&card)
    }

    /// Law 58: "If a player play with more than twelve cards in hand, he can
    /// reckon nothing that deal; but his cards, though not good to score,
    /// are good to bar his adversary." Judged as the play begins.
    fn start_play(&mut self, span: Span, rules: &RuleSet) {
        if self.phase == Phase::Play {
            return;
        }
        self.phase = Phase::Play;
        for player in PlayerId::BOTH {
            self.too_many(player, span, rules);
        }
    }

    /// Law 59.III: a lead by the player not to lead is a lead out of turn.
    fn lead(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        let leader = self.pending.front().map_or(self.to_lead, |(p, _)| *p);
        for &card in cards {
            if player != leader {
                self.rule(
                    Irregularity::LeadsOutOfTurn { card },
                    Some(player),
                    &["59.III"],
                    Penalty::NotYetRuled,
                    Some(span),
                );
            }
            self.take_from_hand(player, card, span);
            self.pending.push_back((player, card));
        }
    }

    /// Law 65 and 59.IV: a card played to the card led; the higher card of the suit led wins.
    fn play(&mut self, index: usize, player: PlayerId, cards: &[Card], span: Span) {
        for (i, &card) in cards.iter().enumerate() {
            let Some(&(leader, led)) = self.pending.front() else {
                if i > 0 && player != self.to_lead {
                    // Law 59.II: the adversary plays too many cards to the
                    // leader's several; he "may, on discovery of the error,
                    // retake the extra card or cards. All cards subsequently
                    // played in error must be taken up and played over again."
                    self.rule(
                        Irregularity::PlaysTooMany { card },
                        Some(player),
                        &["59.II"],
                        Penalty::PlayAgainFrom(trick_number(self.tricks.len() + 1)),
                        Some(span),
                    );
                    // Until he retakes it, the card lies played to no trick.
                    self.take_from_hand(player, card, span);
                } else {
                    // A card played with none led to it is a lead, in turn or not.
                    self.lead(player, &[card], span);
                }
                continue;
            };
            if leader == player {
                // Playing to one's own lead: read as a further lead.
                self.lead(player, &[card], span);
                continue;
            }
            self.pending.pop_front();
            let hand = self.hands[player.index()];
            if card.suit != led.suit && !hand.suit(led.suit).is_empty() {
                self.rule(
                    Irregularity::Revoke { card, led },
                    Some(player),
                    &["59.IV"],
                    Penalty::PlayAgainFrom(trick_number(self.tricks.len() + 1)),
                    Some(span),
                );
            }
            self.take_from_hand(player, card, span);
            let winner = if card.suit == led.suit && card.rank > led.rank {
                player
            } else {
                leader
            };
            self.tricks.push(PlayedTrick {
                leader,
                led,
                played: card,
                winner,
                event: index,
            });
            self.to_lead = winner;
            if winner != leader {
                self.take_back_leads(leader, span);
            }
        }
    }

    /// Law 59.II: cards led on after a trick the leader lost are taken up and played over again.
    fn take_back_leads(&mut self, leader: PlayerId, span: Span) {
        while let Some((p, card)) = self.pending.pop_front() {
            self.played[p.index()].remove(card);
            self.hands[p.index()].insert(card);
            self.rule(
                Irregularity::LeadsOutOfTurn { card },
                Some(leader),
                &["59.II"],
                Penalty::None,
                Some(span),
            );
        }
    }

    /// A trick of a `play` line: the leader's card, then the other's.
    fn compact_trick(&mut self, index: usize, trick: &Trick, span: Span) {
        let leader = self.to_lead;
        let Some((&led, rest)) = trick.cards.split_first() else {
            return;
        };
        self.lead(leader, &[led], span);
        if !rest.is_empty() {
            self.play(index, leader.other(), rest, span);
        }
    }

    /// Law 59.III: "If a player lead out of turn, the card led may be taken
    /// up, unless the adversary have played to the trick, when the error
    /// cannot be rectified." Settled once the replay is over.
    pub fn settle_leads_out_of_turn(&mut self) {
        for ruling in &mut self.rulings {
            if let (Irregularity::LeadsOutOfTurn { card }, ["59.III"]) =
                (&ruling.irregularity, ruling.laws)
            {
                let played_to = self.tricks.iter().any(|t| t.led == *card);
                ruling.penalty = if played_to {
                    Penalty::Stands
                } else {
                    Penalty::TakenUp
                };
            }
        }
    }

    /// Whether the play is over: twelve tricks, or no card left to play.
    pub fn play_finished(&self, rules: &RuleSet) -> bool {
        self.tricks.len() >= rules.hand
            || (self.phase == Phase::Play
                && self.pending.is_empty()
                && PlayerId::BOTH.iter().any(|p| self.hand_len(*p) == 0))
    }
}
