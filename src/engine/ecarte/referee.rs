//! A transcript's écarté deals replayed one by one: the deal and its
//! turn-up, the exchange, the king, the play, the marks, the game.

use crate::cards::{Card, CardSet, Rank};
use crate::notation::{Act, Claim, Deal, Event, PlayerId, Transcript};
use crate::ruling::{Penalty, Ruling};

use super::exchange::Exchange;
use super::games::Games;
use super::king::{self, Kings};
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
}

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
        }
    }

    /// The games: where the game in play stands.
    pub fn games(&self) -> &Games {
        &self.games
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
        // The tricks won and played when the hands were taken up to be played again.
        let mut stood: Option<([u8; 2], usize)> = None;
        for (index, entry) in deal.events.iter().enumerate() {
            let span = entry.span;
            match &entry.event {
                Event::Act { player, act } => {
                    let player = *player;
                    let is_card = matches!(act, Act::Leads(_) | Act::Plays(_));
                    if is_card && at_play.is_none() {
                        exchange.play_begins();
                        at_play = Some((
                            table.hands[0],
                            table.hands[1],
                            [!table.known(PlayerId(0)), !table.known(PlayerId(1))],
                        ));
                    }
                    match act {
                        Act::Proposes(n) => notes.extend(exchange.propose(*n, table.stock_len)),
                        Act::Accepts | Act::AcceptsConditionally => {
                            notes.extend(exchange.accept(table.stock_len))
                        }
                        Act::Refuses => exchange.refuse(),
                        Act::Stands => exchange.stand(),
                        Act::Discards(cards) => {
                            let (_, missing) = table.discard(player, cards);
                            rulings.extend(
                                missing.into_iter().map(|card| not_held(player, card, span)),
                            );
                        }
                        Act::Takes(cards) => {
                            let (given, short) = table.take(player, cards);
                            exchange.took(player, given);
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
                        // The deal's conduct, regular as written: ruled in the second part where irregular.
                        Act::Shuffles
                        | Act::Cuts { .. }
                        | Act::DealsBy(_)
                        | Act::TurnsUp(_)
                        | Act::TakesUpHand
                        | Act::Chooses(_)
                        | Act::AnnouncesDealing(_) => {}
                        // Laws 25, 43: the claim to have the hands played again; the `replay` line plays them.
                        Act::Claims(Claim::PlayAgain(_)) => {}
                        _ => notes.push(Note::Uninterpreted(index)),
                    }
                }
                Event::Play { tricks } => {
                    if at_play.is_none() {
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
                    stood.get_or_insert((play.won(), play.tricks.len()));
                    play.replay(*from, &mut table);
                }
                Event::Written { scores } => written.extend(scores.iter().copied()),
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
        let won = play.won();
        let played = play.tricks.len();
        if played < 5 {
            notes.push(Note::PlayIncomplete(played));
        }
        // The marks: the king first, then the point.
        let mut marks: Vec<Mark> = Vec::new();
        let turned = king::turned_up(dealer, table.trump);
        if let Some((player, card, laws)) = turned {
            marks.push(marks::king(player, card, true, laws));
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
                notes.push(Note::KingMarkedWithoutRight(*player));
            }
        }
        rulings.extend(held.ruling);
        let renounces = play.renounces(table.trumps(), 1);
        rulings.extend(renounces);
        let kings_marked = marks.clone();
        marks.extend(point(won, played, dealer, exchange.first, &rulings));
        let scores = sum(&marks);
        // Laws 25, 43: the adversary's choice, the hands as they stood or played again.
        let mut outcomes = Vec::new();
        for (index, ruling) in rulings.iter().enumerate() {
            let (Penalty::MarksReduced, Some(offender)) = (ruling.penalty, ruling.offender) else {
                continue;
            };
            let chooser = offender.other();
            let as_stood = match stood {
                Some((won, played)) => {
                    let mut at = kings_marked.clone();
                    at.extend(point(won, played, dealer, exchange.first, &rulings));
                    sum(&at)
                }
                None => scores,
            };
            outcomes.push(Outcome {
                ruling: index,
                chooser,
                option: "the hands stand as played, the offender's marks reduced",
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
        let before = self.before(deal, &mut notes);
        let (game, left_out) = self.games.deal(deal.header.number, before, &marks);
        if left_out {
            notes.push(Note::MarksAfterGame);
        }
        let written = written
            .into_iter()
            .map(|(player, points): (PlayerId, u32)| Written {
                player,
                written: points,
                referee: scores[player.index()],
            })
            .collect();
        self.last_dealer = Some(dealer);
        self.last_king = turned.map(|(p, ..)| p);
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
            scores,
            rulings,
            outcomes,
            notes,
            written,
            game,
        }
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

/// Law 48 on the tricks played (with the play incomplete, the vole is not
/// yet won), law 49's two, and the point of the offender of law 25 or 43
/// reduced.
fn point(
    won: [u8; 2],
    played: usize,
    dealer: PlayerId,
    first: Option<super::FirstChoice>,
    rulings: &[Ruling],
) -> Option<Mark> {
    let counted = if played < 5 {
        won.map(|w| w.min(4))
    } else {
        won
    };
    let mark = marks::point(counted, dealer, first)?;
    let offence = rulings
        .iter()
        .find(|r| r.offender == Some(mark.player) && r.penalty == Penalty::MarksReduced);
    Some(match offence {
        Some(r) if r.laws == ["25"] => marks::reduced(mark, super::cite::POINT_25),
        Some(_) => marks::reduced(mark, super::cite::POINT_43),
        None => mark,
    })
}

/// What each player marks.
fn sum(marks: &[Mark]) -> [u32; 2] {
    let mut scores = [0u32; 2];
    for mark in marks {
        scores[mark.player.index()] += mark.points;
    }
    scores
}
