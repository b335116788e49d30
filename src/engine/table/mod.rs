//! The deal on the table: where every card lies, event by event.
//!
//! [`Table::apply`] walks a deal's events in order: the exchange (laws
//! 21-43) and the play (laws 56, 59, 65). It moves cards between hands,
//! stock, discards and tricks, and records a [`Ruling`] for each irregularity
//! it sees in the cards; each event also goes to [`super::conduct`] for the
//! laws the annotations show. Calls and replies are only noted here, by event
//! index; [`super::declarations`] weighs them once the hands are known.
//!
//! The exchange's laws are in `exchange.rs`, with cards mixed with the hand
//! or discard in `mixing.rs` and a deal of eleven or thirteen cards in
//! `wrong_deal.rs`; the play's in `play.rs`, the play played again in
//! `replay.rs`; this file holds the table itself, the deal as dealt, and the
//! events' dispatch.

use std::collections::VecDeque;

use crate::cards::{Card, CardSet};
use crate::notation::{
    Act, Call, Cards, Claim, Deal, Declaration, Event, Mixed, Place, PlaceKind, PlayerId, Span,
};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::conduct::{self, Conduct, Dealt, Moment, Readers};
use super::holding;
pub use super::phase::Phase;
use super::ruleset::{LeftCardsSeen, RuleSet};

mod exchange;
mod mixing;
mod play;
mod replay;
mod wrong_deal;

/// A trick's number for a ruling; a transcript with more than 255 tricks is
/// already far out of the laws, and its later tricks share the last number.
fn trick_number(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// Laws 19, 20: carte blanche is announced before the adversary discards,
/// and shown after; Case XXI: its score "accrues before the play of the hand
/// commences, and before any cards are taken in". Neither telling, showing
/// nor counting it ends the exchange: the holder may still discard.
fn is_carte_blanche_notice(act: &Act) -> bool {
    let only_blanche = |items: &[Declaration]| matches!(items, [Declaration::CarteBlanche]);
    match act {
        Act::AnnouncesCarteBlanche | Act::ShowsCarteBlanche => true,
        Act::Calls(Call::Declare(declaration)) => {
            matches!(declaration, Declaration::CarteBlanche)
        }
        Act::Reckons { items, .. } => only_blanche(items),
        _ => false,
    }
}

/// Law 75 (the French rules, 1a, O1): cards written as dealt, placed all
/// at once where none is below the pack's lowest rank nor written twice
/// (among them or in `seen`); `None` where any must be ruled on, card by
/// card (`Table::place_dealt`).
fn placed_at_once(cards: &[Card], seen: CardSet, rules: &RuleSet) -> Option<CardSet> {
    if cards.iter().any(|c| c.rank < rules.lowest) {
        return None;
    }
    let set = CardSet::of(cards.iter().copied());
    (set.len() == cards.len() && set.and(seen).is_empty()).then_some(set)
}

/// Whether a line shows or counts a carte blanche (as opposed to telling of it).
fn counts_carte_blanche(act: &Act) -> bool {
    match act {
        Act::ShowsCarteBlanche => true,
        Act::Claims(Claim::Score(items)) => items
            .iter()
            .any(|item| matches!(item, Declaration::CarteBlanche)),
        Act::AnnouncesCarteBlanche => false,
        act => is_carte_blanche_notice(act),
    }
}

/// A call, a reply, a question or answer about the declarations, a
/// correction or a reckoning: the declaring (laws 46-56).
fn declares(act: &Act) -> bool {
    matches!(
        act,
        Act::Calls(_)
            | Act::Asks(_)
            | Act::Answers(_)
            | Act::Replies(_)
            | Act::Corrects(_)
            | Act::Reckons { .. }
    )
}

/// The index of the last of the events that show the elder still to take in, before
/// the calls or the play begin (a card taken in later is Case XIII's, not
/// the exchange): his taking in from the stock; his declaring the cards he
/// leaves, which law 32 has him do "before taking up a card of the stock";
/// and his claim of a fresh deal, law 29's election ("the elder hand, after
/// looking at his cards, may elect to have a fresh deal"), which is his only
/// while his cards lie on the stock (not where the deal itself is in
/// question, laws 15, 16: the claim is then taken to be on that ground). A
/// younger who takes in before any of them takes in before the elder. Only
/// the last of them is kept: what is asked is whether one is still to come.
/// Whether the deal is in question is read only for such a claim.
fn elder_takes(deal: &Deal, elder: PlayerId) -> Option<usize> {
    let deal_in_question = || {
        deal.events.iter().any(|e| {
            matches!(
                &e.event,
                Event::Act {
                    act: Act::DealsWrongPack | Act::DealsOutOfTurn,
                    ..
                }
            )
        })
    };
    let takes = |act: &Act| match act {
        Act::Takes(_) | Act::Leaves(_) => true,
        Act::Claims(Claim::FreshDeal) => !deal_in_question(),
        Act::TakesUp { from, .. } => matches!(from.kind, PlaceKind::Stock | PlaceKind::StockTop),
        _ => false,
    };
    let begins_play = |event: &Event| match event {
        Event::Play { .. } => true,
        Event::Act { act, .. } => {
            (declares(act) || matches!(act, Act::Leads(_) | Act::Plays(_)))
                && !is_carte_blanche_notice(act)
        }
        _ => false,
    };
    deal.events
        .iter()
        .take_while(|e| !begins_play(&e.event))
        .enumerate()
        .filter(|(_, e)| {
            matches!(&e.event, Event::Act { player, act } if *player == elder && takes(act))
        })
        .map(|(i, _)| i)
        .last()
}

/// What the laws ask of the hands as dealt at every event, read once from
/// them and again whenever they change (a card of another pack taken out,
/// Case XVIII): how many cards each holds, whether each is a carte blanche
/// written in full (laws 18-20), and, where both are written in full so
/// that nothing announced enters them, the counts dealt (`counts_dealt`).
#[derive(Clone, Copy, Debug, Default)]
struct AsDealt {
    cards: [usize; 2],
    blanche: [bool; 2],
    counts: Option<Option<conduct::Counts>>,
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

/// The cards from a trick on taken up to be played again (law 59): by a
/// `replay` line, or by retaking a card played in error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The first trick played again.
    pub from: u8,
    /// Where the cards were taken up.
    pub span: Span,
    /// How many tricks stood when they were.
    pub stood: usize,
    /// Only the card played in error was retaken: no card had been played
    /// after it (laws 59.II, 59.IV, the error found at once).
    pub retaken_only: bool,
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

/// A table's lists, kept from one deal to the next so that a deal's table
/// allocates none of them (`Table::redeal`): the stock, the tricks, the
/// lines spoken and the cards led not yet played to.
#[derive(Clone, Debug, Default)]
struct Buffers {
    /// The stock's cards.
    stock: Vec<Card>,
    /// The tricks.
    tricks: Vec<PlayedTrick>,
    /// The indexes of the events that call, reply, ask, answer or reckon.
    spoken: Vec<usize>,
    /// The indexes of the `claims` lines.
    claims: Vec<usize>,
    /// The indexes of the lines that claim to score, show or refuse.
    said: Vec<usize>,
    /// The cards led and not yet played to.
    pending: VecDeque<(PlayerId, Card)>,
}

impl Buffers {
    /// New lists, with room for a deal of the usual size.
    fn new() -> Buffers {
        Buffers {
            stock: Vec::with_capacity(12),
            tricks: Vec::with_capacity(12),
            spoken: Vec::with_capacity(16),
            claims: Vec::new(),
            said: Vec::new(),
            pending: VecDeque::new(),
        }
    }
}

/// Where every card lies at one moment of a deal.
#[derive(Clone, Debug)]
pub struct Table {
    /// Each player's hand now.
    pub hands: [CardSet; 2],
    /// Cards in a hand that the transcript does not name (a hand known in part).
    pub unknown: [usize; 2],
    /// Cards gone from a hand without being named (`A discards 5 cards`
    /// from a hand written in full): still among `hands`, not counted.
    unnamed_out: [usize; 2],
    /// Each player who claimed to alter his discard before taking a card of
    /// the stock: his next discard replaces the first (laws 11, 32, Case V).
    altering: [bool; 2],
    /// Each hand as dealt.
    pub dealt: [CardSet; 2],
    /// What the laws read of `dealt` at every event.
    as_dealt: AsDealt,
    /// The stock, top card first, from `stock_top` on.
    stock: Vec<Card>,
    stock_top: usize,
    /// Cards in the stock the transcript does not name.
    stock_unknown: usize,
    /// The bottom cards of the stock as dealt, which the elder may not take (law 27).
    younger_part: CardSet,
    /// The bottom three cards of the stock as dealt, which the elder must
    /// leave under law 39 whatever the stock holds.
    bottom_three: CardSet,
    /// Whether every card of the deal is known (both hands and the stock complete).
    pub known: bool,
    /// Each player's discard.
    pub discards: [CardSet; 2],
    /// Each player's exchange so far.
    pub exchange: [Exchange; 2],
    /// Whether each player has touched the stock (`A touches stock`; au cent
    /// AC3, AC8, AC11).
    touched: [bool; 2],
    /// How many cards each player declared he leaves (law 32).
    leaves: [Option<u8>; 2],
    /// Whether the elder declared them only after taking up a card of the stock.
    left_late: bool,
    /// Whether law 32 was ruled on the cards the elder left, undeclared or
    /// declared late: the younger may then alter his discard (AC8's exception).
    left_late_ruled: bool,
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
    /// Indexes of the `claims` lines, each answered (`answers::answer`).
    pub claims: Vec<usize>,
    /// Indexes of the events that claim to score, show cards or refuse a
    /// request, read with the calls (`declarations::weigh`).
    pub said: Vec<usize>,
    /// Indexes of the events the engine does not yet interpret.
    pub uninterpreted: Vec<usize>,
    /// The conduct laws' memory of the deal.
    pub conduct: Conduct,
    /// Where the first hand or stock line of the wrong size is written.
    dealt_span: Option<Span>,
    /// How many cards the stock held as dealt.
    dealt_stock: usize,
    /// Whether each hand, and the stock, was written in full, with no card
    /// written twice, out of the pack or of another pack.
    dealt_known: [bool; 2],
    stock_known: bool,
    /// Whether a card was written twice or is not in the pack (law 75).
    miswritten: bool,
    /// The stock as dealt, every card of it.
    dealt_stock_cards: CardSet,
    /// Whether each player has mixed cards of the stock with his hand
    /// (Cases XX, XXI).
    mixed_stock: [bool; 2],
    /// The elder's cards left on the stock, undeclared, that the younger
    /// has taken up (law 29).
    taken_up_apart: CardSet,
    /// Cards each player dropped by accident (law 59.I).
    dropped: [CardSet; 2],
    /// Whether the younger took in from the bottom before the elder (Case XIV).
    took_early: bool,
    /// Cards of another pack found in a hand or discard (Cases XVII, XVIII).
    strays: CardSet,
    /// Cards of another pack found after they were played: out of the
    /// deal, and not returned when the hands are played over (Case XVIII).
    removed: [CardSet; 2],
    /// Cards played too many to a set, lying on no trick, with their
    /// player and the first trick to be played again (law 59.II).
    extra: Vec<(PlayerId, Card, u8)>,
    /// Each time the cards were taken up to be played again, in order.
    pub replays: Vec<Replay>,
    /// Whether a trick has been played, even if taken up since (law 56).
    trick_played: bool,
    /// Whether each player has led or played a card, even if taken up
    /// since (AC24).
    own_card: [bool; 2],
    /// Whether the cards are to be played again, and from which trick
    /// where known: an error calling for it ruled, or a revoke or replay
    /// claimed, since the last replay.
    replay_due: Option<Option<u8>>,
    /// The player whose retake was just refused, the card once played to
    /// standing (law 59, Case XI).
    retake_refused: Option<PlayerId>,
    /// Law 59.III: each card led out of turn, where, and the trick it leads
    /// if it is played to.
    out_of_turn: Vec<(Span, Card, usize)>,
    /// The index of the last event in which the elder takes in (law 29).
    elder_takes: Option<usize>,
    /// The index of the event being replayed.
    now: usize,
}

impl Table {
    /// The table as dealt: the hands and stock of the deal's header.
    ///
    /// Law 9: twelve cards each and eight in the stock (the rule set's
    /// numbers); a card written twice or not in the pack is a ruling.
    pub fn deal(deal: &Deal, elder: PlayerId, rules: &RuleSet) -> Table {
        let mut table = Table::fresh(elder, Buffers::new());
        table.set_dealt(deal, elder, rules);
        table
    }

    /// Law 9, as [`Table::deal`], the table of an earlier deal dealt
    /// again: its lists are used again, emptied, instead of new ones.
    pub fn redeal(&mut self, deal: &Deal, elder: PlayerId, rules: &RuleSet) {
        self.clear(elder);
        self.set_dealt(deal, elder, rules);
    }

    /// The table emptied in place for a new deal, its lists kept: the
    /// table [`Table::fresh`] makes, with these lists.
    fn clear(&mut self, elder: PlayerId) {
        let spare = Buffers {
            stock: std::mem::take(&mut self.stock),
            tricks: std::mem::take(&mut self.tricks),
            spoken: std::mem::take(&mut self.spoken),
            claims: std::mem::take(&mut self.claims),
            said: std::mem::take(&mut self.said),
            pending: std::mem::take(&mut self.pending),
        };
        *self = Table::fresh(elder, spare);
    }

    /// A table with nothing on it yet, its lists `spare`, emptied.
    fn fresh(elder: PlayerId, spare: Buffers) -> Table {
        let Buffers {
            mut stock,
            mut tricks,
            mut spoken,
            mut claims,
            mut said,
            mut pending,
        } = spare;
        stock.clear();
        tricks.clear();
        spoken.clear();
        claims.clear();
        said.clear();
        pending.clear();
        Table {
            hands: [CardSet::EMPTY; 2],
            unknown: [0; 2],
            unnamed_out: [0; 2],
            altering: [false; 2],
            dealt: [CardSet::EMPTY; 2],
            as_dealt: AsDealt::default(),
            stock,
            stock_top: 0,
            stock_unknown: 0,
            younger_part: CardSet::EMPTY,
            bottom_three: CardSet::EMPTY,
            known: true,
            discards: [CardSet::EMPTY; 2],
            exchange: [Exchange::default(); 2],
            touched: [false; 2],
            leaves: [None; 2],
            left_late: false,
            left_late_ruled: false,
            played: [CardSet::EMPTY; 2],
            tricks,
            elder,
            phase: Phase::Exchange,
            to_lead: elder,
            pending,
            rulings: Vec::new(),
            spoken,
            claims,
            said,
            uninterpreted: Vec::new(),
            conduct: Conduct::new(),
            dealt_span: None,
            dealt_stock: 0,
            dealt_known: [false; 2],
            stock_known: false,
            miswritten: false,
            dealt_stock_cards: CardSet::EMPTY,
            mixed_stock: [false; 2],
            taken_up_apart: CardSet::EMPTY,
            dropped: [CardSet::EMPTY; 2],
            took_early: false,
            strays: CardSet::EMPTY,
            removed: [CardSet::EMPTY; 2],
            extra: Vec::new(),
            replays: Vec::new(),
            trick_played: false,
            own_card: [false; 2],
            replay_due: None,
            retake_refused: None,
            out_of_turn: Vec::new(),
            elder_takes: None,
            now: 0,
        }
    }

    /// Law 9: the hands and stock of the deal's header laid on the table
    /// (see [`Table::deal`]).
    fn set_dealt(&mut self, deal: &Deal, elder: PlayerId, rules: &RuleSet) {
        self.elder_takes = elder_takes(deal, elder);
        let mut seen = CardSet::EMPTY;
        // Cases XVII, XVIII: a card of the other pack found later is
        // written in a hand as dealt beside the card of this pack.
        self.strays = deal
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
                    let cards = list.cards.as_slice();
                    match placed_at_once(cards, seen, rules) {
                        Some(set) => {
                            seen = seen.or(set);
                            self.hands[player.index()] = self.hands[player.index()].or(set);
                        }
                        None => {
                            for &card in cards {
                                if self.place_dealt(card, &mut seen, rules, hand.span) {
                                    self.hands[player.index()].insert(card);
                                }
                            }
                        }
                    }
                    let named = self.hands[player.index()].len();
                    self.dealt_known[player.index()] = list.complete;
                    if list.complete {
                        // Laws 11, 12: ruled with the rest of the deal, by [`conduct`].
                        if named != rules.hand && self.dealt_span.is_none() {
                            self.dealt_span = Some(hand.span);
                        }
                    } else {
                        self.known = false;
                        self.unknown[player.index()] = rules.hand.saturating_sub(named);
                    }
                }
                None => {
                    self.known = false;
                    self.unknown[player.index()] = rules.hand;
                }
            }
        }
        match &deal.header.stock {
            Some(stock) => {
                let cards = stock.value.cards.as_slice();
                match placed_at_once(cards, seen, rules) {
                    Some(set) => {
                        seen = seen.or(set);
                        self.stock.extend_from_slice(cards);
                    }
                    None => {
                        for &card in cards {
                            if self.place_dealt(card, &mut seen, rules, stock.span) {
                                self.stock.push(card);
                            }
                        }
                    }
                }
                self.stock_known = stock.value.complete;
                if stock.value.complete {
                    if self.stock.len() != rules.stock && self.dealt_span.is_none() {
                        self.dealt_span = Some(stock.span);
                    }
                } else {
                    self.known = false;
                    self.stock_unknown = rules.stock.saturating_sub(self.stock.len());
                }
            }
            None => {
                self.known = false;
                self.stock_unknown = rules.stock;
            }
        }
        if self.known && seen.len() != rules.pack_size() {
            self.known = false;
        }
        self.dealt = self.hands;
        self.dealt_stock = self.stock.len();
        self.read_dealt(rules);
        // The stock as dealt, its younger's part (law 27) and its bottom
        // three (law 39), in one pass.
        let three = rules.stock - rules.elder_exchange;
        let bottom = self.stock.len().saturating_sub(three);
        for (i, &card) in self.stock.iter().enumerate() {
            self.dealt_stock_cards.insert(card);
            if i >= rules.elder_exchange {
                self.younger_part.insert(card);
            }
            if i >= bottom {
                self.bottom_three.insert(card);
            }
        }
    }

    /// Reads again what the laws ask of the hands as dealt ([`AsDealt`]),
    /// once they are set or changed.
    fn read_dealt(&mut self, rules: &RuleSet) {
        self.as_dealt = AsDealt {
            cards: self.dealt.map(CardSet::len),
            blanche: PlayerId::BOTH.map(|p| {
                self.dealt_known[p.index()] && holding::is_carte_blanche(self.dealt[p.index()])
            }),
            counts: None,
        };
        if self.dealt_known == [true; 2] {
            self.as_dealt.counts = Some(self.count_dealt(rules));
        }
    }

    /// Puts a dealt card in its place, once. The French rules, 1a: "a deck
    /// of 32 cards"; O1: 36 "the sixes are the lowest cards". Law 75: "If a pack be
    /// discovered to be incorrect, redundant, or imperfect, the deal in
    /// which the discovery is made is void": a second copy of a card (a
    /// redundant pack) or a card not in the pack (an incorrect one) voids
    /// the deal, and is left out.
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
        self.miswritten = true;
        self.rule(
            fault,
            None,
            rules.cite.incorrect_pack,
            Penalty::FreshDeal,
            Some(span),
        );
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
        if let Penalty::PlayAgainFrom(from) = penalty {
            self.replay_due(Some(from));
        }
        self.rulings.push(Ruling {
            irregularity,
            offender,
            laws,
            penalty,
            span,
            analogy: None,
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
        let p = player.index();
        (self.hands[p].len() + self.unknown[p]).saturating_sub(self.unnamed_out[p])
    }

    /// Laws 26, 30, 57: once a player short of cards has none left, "his
    /// adversary counts as tricks all cards that cannot be played to": those
    /// he still holds and those he has led that lie unanswered. Each
    /// player's count of them (nothing while both hold cards).
    pub fn cannot_be_played_to(&self) -> [usize; 2] {
        PlayerId::BOTH.map(|p| {
            let other_out = self.phase == Phase::Play && self.hand_len(p.other()) == 0;
            let led = self
                .pending
                .iter()
                .filter(|(leader, _)| *leader == p)
                .count();
            if other_out {
                self.hand_len(p) + led
            } else {
                0
            }
        })
    }

    /// The hand a player declares from: what he holds now and what he has played.
    pub fn declaring_hand(&self, player: PlayerId) -> CardSet {
        self.hands[player.index()].or(self.played[player.index()])
    }

    /// Whether the player's hand is known card by card.
    pub fn hand_known(&self, player: PlayerId) -> bool {
        self.unknown[player.index()] == 0 && self.unnamed_out[player.index()] == 0
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
            discarded: self.exchange.map(|e| e.discarded > 0),
            // The hand as dealt, written in full: what he has discarded
            // since, named or not, does not change it.
            blanche: self.as_dealt.blanche,
            touched: PlayerId::BOTH
                .map(|p| self.touched[p.index()] || self.exchange[p.index()].taken > 0),
            alter_excepted: PlayerId::BOTH.map(|p| self.alter_excepted(p, rules)),
            rules: rules.exchange_rules,
        }
    }

    /// How many cards each hand and the stock held as dealt, as far as the
    /// transcript tells (see `counts_dealt`).
    pub fn dealt(&self, rules: &RuleSet) -> Dealt {
        Dealt {
            counts: self.counts_dealt(rules),
            span: self.dealt_span,
        }
    }

    /// Replays one event, with the conduct laws (see [`conduct`]).
    pub fn apply(&mut self, index: usize, event: &Event, span: Span, rules: &RuleSet) {
        self.now = index;
        // The lines the answers and the declarations read, gathered here.
        if let Event::Act { act, .. } = event {
            match act {
                Act::Claims(claim) => {
                    self.claims.push(index);
                    if matches!(claim, Claim::Score(_)) {
                        self.said.push(index);
                    }
                }
                Act::Shows(_) | Act::Refuses => self.said.push(index),
                _ => {}
            }
        }
        let readers = Readers::of(event);
        let moment = readers
            .any()
            .then(|| self.moment(Some(self.elder.other()), rules));
        let before = self.rulings.len();
        self.conduct
            .observe(event, span, readers, moment.as_ref(), &mut self.rulings);
        let exposure_ruled = self.rulings.len() > before
            && matches!(
                event,
                Event::Act {
                    act: Act::Exposes { .. },
                    ..
                }
            );
        if exposure_ruled {
            return;
        }
        if let Event::Act {
            player,
            act: Act::Mixes { what, with },
        } = event
        {
            self.mix(*player, what, *with, span, rules);
        }
        if self.substitutes(event) {
            return;
        }
        self.replay(index, event, span, rules);
    }

    /// Case XI: "A is too late after B has played his sixth card." A card
    /// led at once by the player whose retake was just refused is the card
    /// he meant to play instead: it goes with the retake, refused, and stays
    /// in his hand; no lead out of turn is ruled on it.
    fn substitutes(&mut self, event: &Event) -> bool {
        let Some(refused) = self.retake_refused else {
            return false;
        };
        match event {
            // Words said meanwhile leave the attempt open.
            Event::Act {
                act: Act::Says(_), ..
            } => false,
            Event::Act {
                player,
                act: Act::Leads(_),
            } if *player == refused => {
                self.retake_refused = None;
                true
            }
            _ => {
                self.retake_refused = None;
                false
            }
        }
    }

    fn replay(&mut self, index: usize, event: &Event, span: Span, rules: &RuleSet) {
        match event {
            Event::Act { player, act } => self.act(index, *player, act, span, rules),
            Event::Play { tricks } => {
                self.own_card = [true; 2];
                self.finish_exchange(span, rules);
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
            // Case XVIII: a surplus card played is ruled by the play.
            Event::Surplus {
                card: Some(card),
                place,
            } if self.surplus_played(*card, *place, span) => {}
            Event::Surplus { card, place } => match card {
                Some(card) => self.surplus(*card, *place, span, rules),
                None => self.uninterpreted.push(index),
            },
            Event::Replay { from } => self.play_again_from(*from, span),
        }
    }

    fn act(&mut self, index: usize, player: PlayerId, act: &Act, span: Span, rules: &RuleSet) {
        if self.mixed_stock[player.index()] && counts_carte_blanche(act) {
            self.carte_blanche_after_mixing(player, span);
        }
        match act {
            Act::Discards(cards) => self.discard(player, cards, span, rules),
            Act::Takes(cards) => self.take(player, cards, span, rules),
            Act::Leaves(n) => self.declare_leaving(player, *n, span, rules),
            act if declares(act) || is_carte_blanche_notice(act) => {
                if self.phase == Phase::Exchange && !is_carte_blanche_notice(act) {
                    self.finish_exchange(span, rules);
                }
                // Law 56: once the first trick is played, even if the
                // cards were since taken up to be played again.
                // The line is still kept with the declaring: law 54 lets the
                // adversary of a miscaller reckon it (`declarations::weigh`).
                let closed = rules
                    .calling
                    .omitted
                    .closed(self.own_card[player.index()], self.trick_played);
                if matches!(act, Act::Calls(_) | Act::Reckons { .. }) && closed {
                    self.too_late(player, span, rules);
                }
                self.spoken.push(index);
            }
            Act::Leads(cards) => {
                self.own_card[player.index()] = true;
                self.finish_exchange(span, rules);
                self.start_play(span, rules);
                self.played_again(player, cards, span);
                self.lead(player, cards, span);
            }
            Act::Plays(cards) => {
                self.own_card[player.index()] = true;
                self.finish_exchange(span, rules);
                self.start_play(span, rules);
                self.played_again(player, cards, span);
                self.play(index, player, cards, span);
            }
            Act::Shows(_) | Act::Says(_) | Act::Names(_) | Act::Elects { .. } => {}
            // AC12: a suit called from the player who saw the cards left,
            // and the cards left exposed.
            Act::Requires(_) if rules.exchange_rules.left_seen == LeftCardsSeen::SuitCalled => {}
            Act::Exposes {
                from: Some(place), ..
            } if place.kind == PlaceKind::Left
                && rules.exchange_rules.left_seen == LeftCardsSeen::SuitCalled => {}
            // Laws 33, 35: cards taken up from the stock, as opposed to taken
            // in one by one, are taken as they lie, from the top.
            Act::TakesUp { cards, from }
                if matches!(
                    from.kind,
                    PlaceKind::Stock | PlaceKind::StockTop | PlaceKind::Left
                ) =>
            {
                if self.takes_up_not_taking_in(player, cards, from.kind, rules) {
                    self.take_up_elders_cards(player, cards, span, rules);
                    return;
                }
                let before = self.hands[player.index()];
                self.take(player, cards, span, rules);
                self.note_taken_up(player, before);
            }
            // Law 44: read when the penalties are applied.
            Act::WaivesPenalty => {}
            // Laws 59.II, 59.IV: a revoke, or cards played in error, are
            // ruled from the cards; the claim adds nothing to them.
            Act::Claims(Claim::AlterDiscard) => self.claim_to_alter(player, rules),
            Act::Claims(Claim::Revoke) => self.replay_due(None),
            Act::Claims(Claim::PlayAgain(from)) => self.replay_due(*from),
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
                self.mix(player, &what, hand, span, rules);
            }
            // Law 27: a card of the adversary's part of the stock exposed.
            Act::Exposes {
                cards,
                from: Some(place),
            } if matches!(place.kind, PlaceKind::StockTop | PlaceKind::StockBottom) => {
                self.expose_stock(index, player, cards, span)
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
                self.touched[player.index()] = true;
                self.touch_stock(player, span, rules)
            }
            // 4c: the elder looks at the cards he could have taken.
            Act::Sees {
                cards: Some(cards),
                place,
            } if player == self.elder
                && matches!(place.kind, PlaceKind::Stock | PlaceKind::StockTop)
                && self.exchange[player.index()].done
                && !self.exchange[player.other().index()].done =>
            {
                self.elder_looks(player, cards, span, rules)
            }
            act if conduct::interprets(act) => {}
            _ => self.uninterpreted.push(index),
        }
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
}

/// The deal of docs/notation.md up to the younger's taking in, for the
/// tests of the table's laws.
#[cfg(test)]
pub(super) const DOCS_DEAL: &str = "[Players \"A B\"]\ndeal 1\ndealer B\n\
    hand A: 10D AS AC QD 10C 7C 8C 9H 9S AH KC QC\n\
    hand B: 8D JS 10S QS JC QH 7D 7H KH 7S JD 8S\n\
    stock: AD 9D KS 8H JH KD 9C 10H\n\
    A discards AS\nA takes 1\nB discards JC 8D QH KH\n";

/// The table after every line of a transcript's first deal, read under
/// Portland's rules, the elder A: for the tests of the table's laws.
#[cfg(test)]
pub(super) fn after_lines(text: &str) -> Table {
    use crate::engine::ruleset::PORTLAND;
    let reading = crate::notation::read_str(text);
    assert!(reading.errors.is_empty(), "{:?}", reading.errors);
    let deal = &reading.transcript.deals[0];
    let mut table = Table::deal(deal, PlayerId(0), &PORTLAND);
    for (index, entry) in deal.events.iter().enumerate() {
        table.apply(index, &entry.event, entry.span, &PORTLAND);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset::{OLD, PORTLAND};

    /// Law 75: cards placed at once only where none is out of the pack nor
    /// written twice: (the cards, those already placed, the rules, placed).
    #[test]
    fn law_75_cards_placed_at_once_only_where_none_is_ruled() {
        let cards = |text: &str| -> Vec<Card> {
            text.split_whitespace()
                .map(|c| c.parse().unwrap())
                .collect()
        };
        let set = |text: &str| -> CardSet { text.parse().unwrap() };
        let table = [
            ("AS KS 7H", "", &PORTLAND, Some("AS KS 7H")),
            ("AS KS 7H", "QD", &PORTLAND, Some("AS KS 7H")),
            ("AS KS AS", "", &PORTLAND, None),
            ("AS KS 7H", "KS", &PORTLAND, None),
            ("AS 6S", "", &PORTLAND, None),
            ("AS 6S", "", &OLD, Some("AS 6S")),
            ("", "KS", &PORTLAND, Some("")),
        ];
        for (written, seen, rules, placed) in table {
            assert_eq!(
                placed_at_once(&cards(written), set(seen), rules),
                placed.map(set),
                "{written} beside {seen}"
            );
        }
    }

    /// Law 9: a table dealt again (`Table::redeal`), after another deal
    /// played out on it, is the table dealt new (`Table::deal`): nothing of
    /// the other deal is left on it. (Each deal, the elder, after each.)
    #[test]
    fn law_9_a_table_dealt_again_is_as_dealt_new() {
        let deals = [
            DOCS_DEAL.to_string(),
            format!("{DOCS_DEAL}B takes 4\nA leads 10D\nB plays 8S\n"),
            "[Players \"A B\"]\ndeal 1\ndealer A\n\
             hand A: 10D AS AC QD 10C 7C 8C 9H 9S AH KC KC\n\
             A calls point 5\nB says good\n"
                .to_string(),
            "[Players \"A B\"]\ndeal 1\ndealer B\nA discards 5 cards\n".to_string(),
        ];
        let read = |text: &str| crate::notation::read_str(text).transcript.deals[0].clone();
        for (before, elder) in deals
            .iter()
            .zip([PlayerId(0), PlayerId(1)].into_iter().cycle())
        {
            for after in &deals {
                let (first, second) = (read(before), read(after));
                let mut table = Table::deal(&first, elder, &PORTLAND);
                for (index, entry) in first.events.iter().enumerate() {
                    table.apply(index, &entry.event, entry.span, &PORTLAND);
                }
                table.redeal(&second, elder.other(), &PORTLAND);
                let new = Table::deal(&second, elder.other(), &PORTLAND);
                assert_eq!(
                    format!("{table:?}"),
                    format!("{new:?}"),
                    "{before} then {after}"
                );
            }
        }
    }
}
