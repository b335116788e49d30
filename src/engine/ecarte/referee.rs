//! A transcript's écarté deals replayed one by one: the deal and its
//! turn-up, the exchange, the king, the play, the marks, the game.

use crate::cards::{Card, CardSet, Rank};
use crate::notation::{Act, Claim, Deal, Event, PlayerId, Transcript};
use crate::notation::{Cards, Place, PlaceKind};
use crate::ruling::{EcarteFault, Elected, Irregularity, Penalty, Ruling};

use super::exchange::Exchange;
use super::games::Games;
use super::irregular::{Abandoned, Irregular, Weighed};
use super::king::{self, Kings};
use super::marking::{self, Judged, Later, Marking};
use super::marks;
use super::play::Play;
use super::table::{self, Table};
use super::{EcarteDeal, Mark, Note};
use crate::engine::{Outcome, Step, Written};

/// The écarté referee: the turn to deal and the games carry from deal to deal.
#[derive(Clone, Debug)]
pub struct EcarteReferee {
    /// The dealer of the last deal.
    last_dealer: Option<PlayerId>,
    /// The dealer of the last deal, where he turned up a king (law 22).
    last_king: Option<PlayerId>,
    games: Games,
    /// Law 8: each dealer's order of distribution in the game in play,
    /// and the game it is kept for.
    orders: [Option<Vec<u8>>; 2],
    order_game: u32,
    /// The last deal, its marks open to the players' marking until the
    /// next deal's trump is turned up (laws 22, 50).
    open: Option<Open>,
}

/// A deal whose marks the next deal's first lines may still change (laws 22, 50).
#[derive(Clone, Debug)]
struct Open {
    /// The games before the deal, to count its marks again.
    games: Games,
    /// The marks in the game before it.
    before: [u32; 2],
    /// Its number.
    number: u32,
    /// Its own marking.
    marking: Marking,
}

/// Laws 22, 50: the king marked too late.
const L22_50: &[&str] = &["22", "50"];
/// Law 50: a score omitted.
const L50: &[&str] = &["50"];
/// Law 51: an overscore.
const L51: &[&str] = &["51"];

/// Whether the transcript's tags make the games graded (`[Stakes "graded"]`, law 46).
fn graded(transcript: &Transcript) -> bool {
    transcript.tags.iter().any(|t| {
        t.value.name.eq_ignore_ascii_case("Stakes")
            && t.value.value.trim().eq_ignore_ascii_case("graded")
    })
}

impl EcarteReferee {
    /// A referee for a transcript's deals.
    pub fn new(transcript: &Transcript) -> EcarteReferee {
        EcarteReferee {
            last_dealer: None,
            last_king: None,
            games: Games::new(graded(transcript)),
            orders: [None, None],
            order_game: 0,
            open: None,
        }
    }

    /// The games: where the game in play stands.
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// Laws 22, 50, 51: the last deal's marks judged against the players'
    /// own marking, once the next deal's first lines are read (`next`; `None`
    /// at the end of the transcript, the time to rectify not run out). Call
    /// it on the last deal ruled before ruling `next`: the game is counted
    /// again where marks are lost.
    pub fn settle(&mut self, ruled: &mut EcarteDeal, next: Option<&Deal>) {
        let Some(open) = self.open.take() else {
            return;
        };
        let king = marking::king_turned_up(&ruled.marks);
        let later = match next {
            Some(next) => {
                let (dealer, _) = self.dealer(next, &mut Vec::new());
                let own_king = marking::turns_up_king(next).then_some(dealer);
                marking::later(next, king, own_king)
            }
            None => Later::default(),
        };
        let mut marks = ruled.marks.clone();
        let mut rulings = Vec::new();
        let mut changed = false;
        // Law 22: the king turned up, marked only after the next turn-up.
        if let (Some(dealer), Some(span)) = (king, later.king_late) {
            if !open.marking.king_marked && !later.king_in_time {
                marks.retain(|m| !matches!(m.item, super::MarkItem::KingTurnedUp(_)));
                rulings.push(marks_ruling(
                    EcarteFault::KingMarkedTooLate,
                    dealer,
                    L22_50,
                    span,
                ));
                changed = true;
            }
        }
        // Laws 50, 51: each player's own score as he wrote it in time.
        let entitled = sum(&marks);
        for player in PlayerId::BOTH {
            let p = player.index();
            let mut sheet = later.in_time[p].or(open.marking.sheet[p]);
            if later.king_in_time && king == Some(player) {
                // The king marked in time: one more on his sheet.
                sheet = sheet.map(|(v, at)| (if v < entitled[p] { v + 1 } else { v }, at));
            }
            let Some((written, at)) = sheet else {
                continue;
            };
            match marking::judge(entitled[p], Some(written), later.dealt) {
                Judged::Omitted(n) => {
                    marking::lose(&mut marks, player, n);
                    let fault = EcarteFault::MarkOmitted {
                        points: u8::try_from(n).unwrap_or(u8::MAX),
                    };
                    let span = later.late[p].unwrap_or(at);
                    rulings.push(marks_ruling(fault, player, L50, span));
                    changed = true;
                }
                Judged::Over(n) => {
                    let fault = EcarteFault::Overscore {
                        points: u8::try_from(n).unwrap_or(u8::MAX),
                    };
                    rulings.push(marks_ruling(fault, player, L51, at));
                }
                Judged::Open(_) | Judged::Right => {}
            }
        }
        ruled.rulings.extend(rulings);
        if !changed {
            return;
        }
        ruled.marks = marks;
        self.games = open.games;
        // Law 46: the marks made once the game is won mark nothing.
        let (game, counted) = self.games.deal(open.number, open.before, &ruled.marks);
        ruled.scores = sum(&ruled.marks[..counted]);
        ruled.game = game;
        ruled.notes.retain(|n| *n != Note::MarksAfterGame);
        if ruled.marks[counted..].iter().any(|m| m.points > 0) {
            ruled.notes.push(Note::MarksAfterGame);
        }
        for written in &mut ruled.written {
            written.referee = ruled.scores[written.player.index()];
        }
    }

    /// Who deals: as written; else by the turn (the deal alternates); else
    /// by the cut for deal (law 5); else from who acts as dealer.
    fn dealer(&self, deal: &Deal, notes: &mut Vec<Note>) -> (PlayerId, bool) {
        if let Some(dealer) = &deal.header.dealer {
            return (dealer.value, true);
        }
        let (dealer, note) = if let Some(last) = self.last_dealer {
            (last.other(), Note::DealerByTurn(last.other()))
        } else if let Some(cut) = table::dealer_by_cut(deal) {
            (cut, Note::DealerByCut(cut))
        } else if let Some(acting) = table::dealer_by_acts(deal) {
            (acting, Note::DealerByTurn(acting))
        } else {
            (PlayerId(1), Note::NoDealer)
        };
        notes.push(note);
        (dealer, false)
    }

    /// The marks in the game before a deal: those carried from the deals
    /// before, or the `score` line's where it is written (noted where it
    /// differs from what was carried, the first deal of a transcript
    /// excepted: a transcript may begin in the middle of a game).
    fn before(&self, deal: &Deal, notes: &mut Vec<Note>) -> [u32; 2] {
        let carried = self.games.carried();
        let Some(line) = &deal.header.score else {
            return carried;
        };
        let mut stated = carried;
        for (player, points) in &line.value {
            stated[player.index()] = *points;
        }
        if stated != carried && self.last_dealer.is_some() {
            notes.push(Note::ScoreLineDiffers { carried });
        }
        stated
    }

    /// One deal, ruled.
    pub fn deal(&mut self, deal: &Deal) -> EcarteDeal {
        self.traced(deal, &mut |_| {})
    }

    /// One deal, ruled, giving the table after each event to `step` (for
    /// `referee explain`).
    pub fn traced(&mut self, deal: &Deal, step: &mut dyn FnMut(Step)) -> EcarteDeal {
        let mut notes = Vec::new();
        let mut rulings: Vec<Ruling> = Vec::new();
        let (dealer, dealer_written) = self.dealer(deal, &mut notes);
        let non_dealer = dealer.other();
        let mut table = Table::deal(deal);
        if table.trump.is_none() {
            notes.push(Note::NoTrump);
        }
        let turns_up = deal.events.iter().position(|e| {
            matches!(
                e.event,
                Event::Act {
                    act: Act::TurnsUp(_),
                    ..
                }
            )
        });
        if let (Some(header), Some(at)) = (&deal.header.turnup, turns_up) {
            if let Event::Act {
                act: Act::TurnsUp(row),
                ..
            } = &deal.events[at].event
            {
                if row.len() == 1 && row.iter().next() != Some(&header.value) {
                    notes.push(Note::TurnupDiffers);
                }
            }
        }
        let king_card = king::king_of(table.trump);
        let mut exchange = Exchange::default();
        let mut kings = Kings::default();
        let mut play = Play::new(non_dealer);
        let mut written = Vec::new();
        let mut at_play: Option<(CardSet, CardSet, [bool; 2])> = None;
        // The tricks counted and played when the hands were taken up to be played again.
        let mut stood: Option<([u8; 2], usize)> = None;
        let mut irr = Irregular::new(dealer);
        let mut numbers_weighed = false;
        let mut marking = Marking::default();
        // Laws 22, 50: the lines before the first card may mark the last deal.
        let last_deal = self.last_dealer.is_some();
        let turned_at = marking::turn_up_at(deal);
        let own_king = table
            .trump
            .is_some_and(|t| t.rank == Rank::King)
            .then_some(dealer);
        // Law 8: a new game; each dealer's order is his to choose again.
        let game_now = self
            .games
            .game()
            .map_or(1, |g| g.number + u32::from(g.won.is_some()));
        if game_now != self.order_game {
            self.orders = [None, None];
            self.order_game = game_now;
        }
        for (index, entry) in deal.events.iter().enumerate() {
            let span = entry.span;
            match &entry.event {
                Event::Act { player, act } => {
                    let player = *player;
                    let is_card = matches!(act, Act::Leads(_) | Act::Plays(_));
                    let exchanging = matches!(act, Act::Proposes(_) | Act::Stands) || is_card;
                    if exchanging && !numbers_weighed {
                        numbers_weighed = true;
                        irr.after_turnup(&table, span, &mut rulings);
                    }
                    if is_card && at_play.is_none() {
                        irr.play_begins(&table, span, &mut rulings);
                        exchange.play_begins();
                        at_play = Some((
                            table.hands[0],
                            table.hands[1],
                            [!table.known(PlayerId(0)), !table.known(PlayerId(1))],
                        ));
                    }
                    match act {
                        Act::Proposes(n) => {
                            if irr.propose_again(player, span, &mut rulings) == Weighed::Stands {
                                irr.proposes(*n);
                                notes.extend(exchange.propose(*n, table.stock_len));
                            }
                        }
                        Act::Accepts | Act::AcceptsConditionally | Act::Refuses => {
                            let refuses = matches!(act, Act::Refuses);
                            // Law 36: the non-dealer takes or refuses a card exposed in giving.
                            let weighed = if player == non_dealer {
                                irr.answers_exposed(refuses, &mut table)
                            } else {
                                None
                            };
                            let weighed = weighed.unwrap_or_else(|| {
                                irr.answers(player, refuses, span, &mut rulings)
                            });
                            if weighed == Weighed::Stands {
                                if refuses {
                                    exchange.refuse();
                                } else {
                                    notes.extend(exchange.accept(table.stock_len));
                                }
                            }
                        }
                        Act::Stands => {
                            if irr.stands(player, span, &mut rulings) == Weighed::Stands {
                                exchange.stand();
                            }
                        }
                        Act::Discards(cards) => {
                            let (count, missing) = table.discard(player, cards);
                            irr.discards(player, count);
                            rulings.extend(
                                missing.into_iter().map(|card| not_held(player, card, span)),
                            );
                        }
                        Act::Takes(cards) => {
                            let (given, short) = table.take(player, cards);
                            exchange.took(player, given);
                            irr.takes(player, given, span, &mut rulings);
                            if short > 0 {
                                rulings.push(Ruling {
                                    irregularity: crate::ruling::Irregularity::StockTooShort {
                                        wanted: given + short,
                                        left: given,
                                    },
                                    offender: Some(player),
                                    laws: &[],
                                    penalty: Penalty::TranscriptInError,
                                    span: Some(span),
                                    analogy: None,
                                });
                            }
                        }
                        Act::AnnouncesKing => kings.announced.push((player, index, span)),
                        Act::MarksKing
                            if self.last_king == Some(player)
                                && own_king != Some(player)
                                && turned_at.is_some_and(|at| span.start > at) =>
                        {
                            // Laws 22, 50: the last deal's king, marked too
                            // late: ruled in that deal.
                        }
                        Act::Writes(scores) => {
                            // Before the first card, the last deal's marks (law 50): judged there.
                            if !(last_deal && at_play.is_none()) {
                                marking.writes(player, scores, span);
                            }
                        }
                        Act::MarksKing => {
                            let before_turnup = turns_up.is_none_or(|t| index < t);
                            if before_turnup
                                && self.last_king == Some(player)
                                && !(turns_up.is_none()
                                    && dealer == player
                                    && table.trump.is_some_and(|t| t.rank == Rank::King))
                            {
                                notes.push(Note::KingOfLastDeal(player));
                            } else {
                                kings.marked.push((player, index));
                            }
                        }
                        Act::Retakes(row) => {
                            for card in row.iter() {
                                if irr.retakes_named(player, *card, &mut play, &mut table) {
                                    continue;
                                }
                                play.retake(
                                    &mut table,
                                    player,
                                    *card,
                                    span,
                                    &mut rulings,
                                    &mut notes,
                                );
                            }
                        }
                        Act::Leads(row) | Act::Plays(row) => {
                            for card in row.iter() {
                                if matches!(act, Act::Leads(_)) {
                                    irr.leads(player, *card, span, &mut rulings);
                                }
                                play.card(
                                    &mut table,
                                    index,
                                    span,
                                    Some(player),
                                    *card,
                                    &mut rulings,
                                );
                            }
                        }
                        Act::TurnsUp(row) => {
                            if irr.is_turned_up() && irr.exchange_begun() {
                                let card = row.iter().next().copied();
                                irr.turns_up_in_error(player, card, span, &mut rulings);
                            } else {
                                irr.turns_up(row.len(), span, &mut rulings);
                                // Laws 15-18: the hands weighed once the trump is turned up.
                                if !numbers_weighed && !irr.void {
                                    numbers_weighed = true;
                                    irr.after_turnup(&table, span, &mut rulings);
                                }
                            }
                        }
                        Act::DealsBy(order) => {
                            let kept = self.orders[dealer.index()].clone();
                            irr.deals_by(kept.as_deref(), order, span, &mut rulings);
                            if kept.is_none() {
                                self.orders[dealer.index()] = Some(order.clone());
                            }
                        }
                        Act::AnnouncesDealing(order) => {
                            self.orders[player.index()] = Some(order.clone());
                        }
                        Act::Chooses(crate::notation::Choice::Trump(card)) => {
                            irr.chooses_trump(*card, &mut table, &mut rulings)
                        }
                        Act::Misdeals(_) => irr.misdeals(&table, span, &mut rulings),
                        Act::RectifiesDeal => irr.rectifies(&mut rulings),
                        Act::DealsOutOfTurn => irr.deals_wrongly(player, false, span, &mut rulings),
                        Act::DealsWrongPack => irr.deals_wrongly(player, true, span, &mut rulings),
                        Act::CallsForNewCards => irr.new_cards(player, span, &mut rulings),
                        Act::Claims(Claim::FreshDeal) => {
                            irr.claims_fresh_deal(player, span, &mut rulings)
                        }
                        // Laws 25, 43: the claim to have the hands played again; the `replay` line plays them.
                        Act::Claims(Claim::PlayAgain(_) | Claim::Revoke) => {}
                        Act::Sees { place, .. } => irr.sees(player, *place, span, &mut rulings),
                        Act::TakesUpHand => irr.takes_up_hand(player),
                        Act::TakesUp { cards, from } => take_up(&mut table, player, cards, *from),
                        Act::Exposes { cards, from } => {
                            let list: Vec<Card> = match cards {
                                Cards::List(row) => row.iter().copied().collect(),
                                Cards::Count(_) => Vec::new(),
                            };
                            irr.exposes(player, &list, *from, &mut table, span, &mut rulings)
                        }
                        Act::Names(suit) => irr.names(player, *suit),
                        Act::Requires(suit) => irr.requires(*suit, &table, &mut rulings),
                        Act::Abandons => irr.abandons(player, &play, span, &mut rulings),
                        Act::ThrowsDown => irr.throws_down(player, span, &mut rulings),
                        // The deal's conduct, regular as written; what is only said or asked.
                        Act::Shuffles
                        | Act::Cuts { .. }
                        | Act::Chooses(_)
                        | Act::Asks(_)
                        | Act::Answers(_)
                        | Act::Says(_) => {}
                        _ => notes.push(Note::Uninterpreted(index)),
                    }
                }
                Event::Play { tricks } => {
                    if !numbers_weighed {
                        numbers_weighed = true;
                        irr.after_turnup(&table, span, &mut rulings);
                    }
                    if at_play.is_none() {
                        irr.play_begins(&table, span, &mut rulings);
                        exchange.play_begins();
                        at_play = Some((
                            table.hands[0],
                            table.hands[1],
                            [!table.known(PlayerId(0)), !table.known(PlayerId(1))],
                        ));
                    }
                    for trick in tricks {
                        for card in trick.cards.iter() {
                            play.card(&mut table, index, span, None, *card, &mut rulings);
                        }
                    }
                }
                Event::Replay { from } => {
                    // Laws 25, 43: the hands played again. What law 43 finds
                    // in the tricks taken up is ruled, and the marks as they
                    // stood are kept for the adversary's choice.
                    let found = play.renounces(table.trumps(), *from);
                    rulings.extend(found);
                    if stood.is_none() {
                        let counted = counted(&play, &table, irr.abandoned.take(), irr.short);
                        stood = Some((counted, play.tricks.len()));
                    }
                    play.replay(*from, &mut table);
                }
                Event::Written { scores } => written.extend(scores.iter().copied()),
                Event::Faced { card, place } => {
                    irr.faced(*card, *place, &mut table, span, &mut rulings)
                }
                Event::Pack { fault } => irr.pack(*fault, span, &mut rulings),
                Event::Question { .. } => {}
                _ => notes.push(Note::Uninterpreted(index)),
            }
            let won = play.won();
            step(Step {
                hands: table.hands,
                unknown: table.unknown,
                stock: table.stock_len,
                tricks: won.map(usize::from),
            });
        }
        irr.finish(&mut rulings);
        // Who held the king of trumps when the play began.
        if let Some(king) = king_card {
            let (a, b, unnamed) = at_play.unwrap_or((
                table.hands[0],
                table.hands[1],
                [!table.known(PlayerId(0)), !table.known(PlayerId(1))],
            ));
            kings.unnamed = unnamed;
            kings.holder = if a.contains(king) {
                Some(PlayerId(0))
            } else if b.contains(king) {
                Some(PlayerId(1))
            } else {
                play.all.iter().find(|p| p.card == king).map(|p| p.player)
            };
            kings.out_of_hands = kings.holder.is_none()
                && (table.trump == Some(king)
                    || table.discards.iter().any(|d| d.contains(king))
                    || table.stock.as_ref().is_some_and(|s| s.contains(&king)));
        }
        let won = counted(&play, &table, irr.abandoned, irr.short);
        let played = play.tricks.len();
        if played < 5 && irr.abandoned.is_none() && irr.short.is_none() {
            notes.push(Note::PlayIncomplete(played));
        }
        // The marks: the king first, then the point.
        let mut marks: Vec<Mark> = Vec::new();
        let turned = king::turned_up(dealer, table.trump);
        match turned {
            // Law 19: "If a fresh deal be not claimed when the wrong number of
            // cards are dealt, the dealer cannot mark the king turned up."
            Some((player, ..))
                if irr.misdealt && kings.marked.iter().any(|(p, _)| *p == player) =>
            {
                rulings.push(Ruling {
                    irregularity: Irregularity::Ecarte {
                        fault: EcarteFault::KingMarkedAfterMisdeal,
                    },
                    offender: Some(player),
                    laws: super::irregular::cite::L19,
                    penalty: Penalty::NotScored,
                    span: None,
                    analogy: None,
                });
                kings.marked.retain(|(p, _)| *p != player);
            }
            Some(_) if irr.misdealt => {}
            Some((player, card, laws)) => marks.push(marks::king(player, card, true, laws)),
            None => {}
        }
        let held = king::held(&kings, king_card.filter(|_| turned.is_none()), &play.all);
        if let Some((player, card, laws)) = held.mark {
            marks.push(marks::king(player, card, false, laws));
        }
        notes.extend(held.notes);
        for (player, _) in &kings.marked {
            let entitled = marks.iter().any(|m| {
                m.player == *player
                    && !matches!(
                        m.item,
                        super::MarkItem::Point { .. } | super::MarkItem::Vole
                    )
            });
            let unannounced = notes.contains(&Note::KingMarkedNotAnnounced(*player));
            if !entitled && !unannounced {
                // Law 22, read with NOTATION.md: the king the dealer turned
                // up in the last deal was his there, marked or not.
                notes.push(if self.last_king == Some(*player) {
                    Note::KingOfLastDealLate(*player)
                } else {
                    Note::KingMarkedWithoutRight(*player)
                });
            }
        }
        rulings.extend(held.ruling);
        let renounces = play.renounces(table.trumps(), 1);
        rulings.extend(renounces);
        let kings_marked = marks.clone();
        // Laws 25, 43: the offender's marks are reduced in the hands played
        // again; as first played, the hand stands and is marked in full.
        marks.extend(point(
            won,
            dealer,
            exchange.first,
            &rulings,
            stood.is_some(),
        ));
        let scores = sum(&marks);
        // Laws 25, 43: the adversary's choice, the hands as they stood or played again.
        let mut outcomes = Vec::new();
        for (index, ruling) in rulings.iter().enumerate() {
            let (Penalty::MarksReduced, Some(offender)) = (ruling.penalty, ruling.offender) else {
                continue;
            };
            let chooser = offender.other();
            let as_stood = match stood {
                Some((won, _)) => {
                    let mut at = kings_marked.clone();
                    at.extend(point(won, dealer, exchange.first, &rulings, false));
                    sum(&at)
                }
                None => scores,
            };
            outcomes.push(Outcome {
                ruling: index,
                chooser,
                option: "the hands stand as played",
                scores: as_stood,
                taken: stood.is_none(),
                analogy: false,
            });
            if stood.is_some() {
                outcomes.push(Outcome {
                    ruling: index,
                    chooser,
                    option: "the hands played again, the offender's marks reduced",
                    scores,
                    taken: true,
                    analogy: false,
                });
            }
        }
        // Laws 9, 11-18, 20, 21, 29, 31-33: the choice of a fresh deal, with
        // the marks the deal played on makes.
        for (at, chosen) in Irregular::choices(&rulings) {
            let fresh = chosen == Some(Elected::FreshDeal);
            let chooser = rulings[at].offender.map_or(non_dealer, |p| p.other());
            outcomes.push(Outcome {
                ruling: at,
                chooser,
                option: "a fresh deal",
                scores: [0, 0],
                taken: fresh,
                analogy: false,
            });
            outcomes.push(Outcome {
                ruling: at,
                chooser,
                option: "the deal played on",
                scores,
                taken: !fresh,
                analogy: false,
            });
        }
        // A void deal marks nothing: a fresh deal follows.
        if irr.void {
            marks.clear();
        }
        let before = self.before(deal, &mut notes);
        let games_before = self.games.clone();
        // Law 46: the marks made once the game is won mark nothing.
        let (game, counted) = self.games.deal(deal.header.number, before, &marks);
        marking.king_marked = kings.marked.iter().any(|(p, _)| *p == dealer);
        self.open = (!irr.void).then_some(Open {
            games: games_before,
            before,
            number: deal.header.number,
            marking,
        });
        if marks[counted..].iter().any(|m| m.points > 0) {
            notes.push(Note::MarksAfterGame);
        }
        let scores = sum(&marks[..counted]);
        let written = written
            .into_iter()
            .map(|(player, points): (PlayerId, u32)| Written {
                player,
                written: points,
                referee: scores[player.index()],
            })
            .collect();
        // A void deal is dealt again by the same dealer; a deal out of turn
        // (law 14) by the other.
        let out_of_turn = rulings.iter().any(|r| {
            r.irregularity
                == Irregularity::Ecarte {
                    fault: EcarteFault::DealsOutOfTurn,
                }
                && r.penalty == Penalty::FreshDeal
        });
        self.last_dealer = Some(if irr.void && !out_of_turn {
            dealer.other()
        } else {
            dealer
        });
        self.last_king = turned
            .filter(|_| !irr.void && !irr.misdealt)
            .map(|(p, ..)| p);
        EcarteDeal {
            number: deal.header.number,
            span: deal.span,
            dealer,
            dealer_written,
            non_dealer,
            trump: table.trump,
            first: exchange.first,
            proposals: exchange.proposals,
            exchanged: exchange.taken,
            tricks: play.tricks,
            marks,
            counted,
            scores,
            rulings,
            outcomes,
            notes,
            written,
            game,
        }
    }
}

/// Laws 22, 50, 51: a mark refused, lost or taken down.
fn marks_ruling(
    fault: EcarteFault,
    offender: PlayerId,
    laws: &'static [&'static str],
    span: crate::notation::Span,
) -> Ruling {
    Ruling {
        irregularity: Irregularity::Ecarte { fault },
        offender: Some(offender),
        laws,
        penalty: Penalty::NotScored,
        span: Some(span),
        analogy: None,
    }
}

/// A card discarded that the player does not hold: the transcript is in error.
fn not_held(player: PlayerId, card: Card, span: crate::notation::Span) -> Ruling {
    Ruling {
        irregularity: crate::ruling::Irregularity::NotHeld { card },
        offender: Some(player),
        laws: &[],
        penalty: Penalty::TranscriptInError,
        span: Some(span),
        analogy: None,
    }
}

/// Law 48 on the tricks counted, law 49's two, and, in the hands played
/// again (`reduced`), the point of the offender of law 25 or 43 reduced.
fn point(
    counted: [u8; 2],
    dealer: PlayerId,
    first: Option<super::FirstChoice>,
    rulings: &[Ruling],
    reduced: bool,
) -> Option<Mark> {
    let mark = marks::point(counted, dealer, first)?;
    let offence = rulings
        .iter()
        .find(|r| reduced && r.offender == Some(mark.player) && r.penalty == Penalty::MarksReduced);
    Some(match offence {
        Some(r) if r.laws == ["25"] => marks::reduced(mark, super::cite::POINT_25),
        Some(_) => marks::reduced(mark, super::cite::POINT_43),
        None => mark,
    })
}

/// Law 48 on the tricks played (with the play incomplete, the vole is not
/// yet won). Law 42: the adversary of a player who abandoned his hand
/// marks the vole if he had made no trick, the point after one or two.
/// Laws 30, 34 (and 21 by their analogy): the adversary of a player short
/// of cards counts as tricks the cards that cannot be played to.
fn counted(
    play: &Play,
    table: &Table,
    abandoned: Option<Abandoned>,
    short: Option<(PlayerId, &'static [&'static str])>,
) -> [u8; 2] {
    let mut won = play.won();
    let played = play.tricks.len() as u8;
    if let Some(a) = abandoned {
        let adversary = a.player.other();
        let mut out = [0u8; 2];
        out[adversary.index()] = if a.tricks == 0 {
            5
        } else {
            3.max(won[adversary.index()])
        };
        out[a.player.index()] = a.tricks;
        return out;
    }
    if let Some((player, _)) = short {
        let left = 5u8.saturating_sub(played);
        let holds = table.holding(player).len() + table.unknown[player.index()];
        if played < 5 && holds == 0 {
            won[player.other().index()] += left;
        }
    }
    if played < 5 && won.iter().all(|w| *w < 5) {
        won = won.map(|w| w.min(4));
    }
    won
}

/// Laws 17, 29, 33: cards drawn from the adversary's hand; law 37: the card
/// turned up in error taken from the stock.
fn take_up(table: &mut Table, player: PlayerId, cards: &Cards, from: Place) {
    let row = match cards {
        Cards::List(row) => row,
        // Cards drawn unnamed from a hand: they leave its unnamed cards.
        Cards::Count(n) => {
            if from.kind == PlaceKind::Hand {
                let owner = from.owner.unwrap_or(player.other()).index();
                table.unknown[owner] = table.unknown[owner].saturating_sub(usize::from(*n));
            }
            return;
        }
    };
    for card in row.iter().copied() {
        match from.kind {
            PlaceKind::Stock | PlaceKind::StockTop => {
                if let Some(stock) = table.stock.as_mut() {
                    if let Some(at) = stock.iter().position(|c| *c == card) {
                        stock.remove(at);
                        table.stock_len = table.stock_len.saturating_sub(1);
                    }
                }
                table.hands[player.index()].insert(card);
            }
            PlaceKind::Hand => {
                let owner = from.owner.unwrap_or(player.other());
                table.give_up(owner, card);
            }
            _ => {}
        }
    }
}

/// What each player marks.
fn sum(marks: &[Mark]) -> [u32; 2] {
    let mut scores = [0u32; 2];
    for mark in marks {
        scores[mark.player.index()] += mark.points;
    }
    scores
}
