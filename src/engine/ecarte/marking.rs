//! The marks as the players make them (laws 22, 50, 51): a deal's marks
//! are judged against the players' own marking once the next deal's trump
//! is turned up, the last moment law 22 and law 50 leave for it.
//!
//! Where a transcript shows no marking at all, every mark is taken as made
//! in time (the notation's contract: `B marks king` "he is entitled to the
//! point whether or not the line is written"). Where it shows the marking
//! (a player's `writes` line for his own score, a `marks king` line), the
//! marking is judged.

use crate::cards::Rank;
use crate::notation::{Act, Deal, Event, PlayerId, Span};

use super::{Mark, MarkItem};

/// What a deal shows of its own marking: each player's last `writes` line
/// for his own score, and whether the dealer marked his king in the deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marking {
    /// Each player's own score as he last wrote it for the deal, and where.
    pub sheet: [Option<(u32, Span)>; 2],
    /// Whether the dealer's `marks king` line for his king turned up stands in the deal.
    pub king_marked: bool,
}

impl Marking {
    /// A player's `writes` line: his own score, where he writes it.
    pub fn writes(&mut self, player: PlayerId, scores: &[(PlayerId, u32)], span: Span) {
        if let Some((_, points)) = scores.iter().find(|(p, _)| *p == player) {
            self.sheet[player.index()] = Some((*points, span));
        }
    }
}

/// What the next deal's lines before its first card show of the last
/// deal's marking: law 22 and law 50 allow it "before the trump card of
/// the next deal is turned up".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Later {
    /// Whether the next deal was dealt: its trump turned up, the time gone by.
    pub dealt: bool,
    /// Each player's own score for the last deal, written again before the turn-up.
    pub in_time: [Option<(u32, Span)>; 2],
    /// Each player's `writes` line after the turn-up, before the first card: too late.
    pub late: [Option<Span>; 2],
    /// The king turned up in the last deal, marked before the turn-up.
    pub king_in_time: bool,
    /// The king turned up in the last deal, marked after the turn-up: where.
    pub king_late: Option<Span>,
}

/// Laws 22, 50: the next deal's lines that mark the last deal's scores: a
/// `writes` line before its first card, or the last dealer's `marks king`
/// for the king he turned up; before its turn-up in time, after it too late.
/// `king` is the last deal's dealer where he turned up a king; a `marks
/// king` line of his is the last deal's unless he turns up a king again
/// here.
pub fn later(next: &Deal, king: Option<PlayerId>, own_king: Option<PlayerId>) -> Later {
    let mut later = Later {
        dealt: true,
        ..Later::default()
    };
    let at = turn_up_at(next);
    let mut turned = false;
    let mut playing = false;
    for entry in &next.events {
        turned |= at.is_some_and(|at| entry.span.start > at);
        let Event::Act { player, act } = &entry.event else {
            playing |= matches!(entry.event, Event::Play { .. });
            continue;
        };
        match act {
            Act::Leads(_) | Act::Plays(_) => playing = true,
            // From the first card on, a `writes` line is the deal's own.
            Act::Writes(scores) if !playing => {
                let own = scores.iter().find(|(p, _)| p == player);
                match own {
                    Some((_, points)) if !turned => {
                        later.in_time[player.index()] = Some((*points, entry.span))
                    }
                    Some(_) => later.late[player.index()] = Some(entry.span),
                    None => {}
                }
            }
            Act::MarksKing if king == Some(*player) && own_king != Some(*player) => {
                if !turned {
                    later.king_in_time = true;
                } else if later.king_late.is_none() {
                    later.king_late = Some(entry.span);
                }
            }
            _ => {}
        }
    }
    later
}

/// Where a deal's trump is turned up: its `turns up` line, or where none
/// is written, its `turnup:` line (a byte offset in the text).
pub fn turn_up_at(deal: &Deal) -> Option<usize> {
    deal.events
        .iter()
        .find(|e| {
            matches!(
                e.event,
                Event::Act {
                    act: Act::TurnsUp(_),
                    ..
                }
            )
        })
        .map(|e| e.span.start)
        .or(deal.header.turnup.as_ref().map(|t| t.span.start))
}

/// Whether a deal's trump card is a king (law 22).
pub fn turns_up_king(deal: &Deal) -> bool {
    let turned = deal.events.iter().find_map(|e| match &e.event {
        Event::Act {
            act: Act::TurnsUp(row),
            ..
        } => row.iter().next().copied(),
        _ => None,
    });
    turned
        .or(deal.header.turnup.as_ref().map(|t| t.value))
        .is_some_and(|c| c.rank == Rank::King)
}

/// How a player's marking of his own score is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Nothing written, or what he is entitled to.
    Right,
    /// Law 50: he wrote less, and did not put it right before the next
    /// turn-up: the marks not written are lost.
    Omitted(u32),
    /// Law 50: he wrote less, and the next trump is not turned up: the
    /// time to rectify it has not run out, and the mark stands.
    Open(u32),
    /// Law 51: he wrote more: the overscore is taken down.
    Over(u32),
}

/// Law 50: "If a player omit to mark his score, he may rectify the
/// omission at any time before the trump card of the next deal is turned
/// up." Law 51: "An admitted overscore can be taken down at any time
/// during the game." A player's own score as last written in time
/// (`None`: no marking shown, taken as made), against what he is entitled to.
pub fn judge(entitled: u32, sheet: Option<u32>, dealt: bool) -> Judged {
    match sheet {
        Some(written) if written < entitled && dealt => Judged::Omitted(entitled - written),
        Some(written) if written < entitled => Judged::Open(entitled - written),
        Some(written) if written > entitled => Judged::Over(written - entitled),
        _ => Judged::Right,
    }
}

/// Law 50: the marks a player omitted, lost: taken from his last marks
/// first (the point before the king).
pub fn lose(marks: &mut [Mark], player: PlayerId, mut points: u32) {
    for mark in marks.iter_mut().rev().filter(|m| m.player == player) {
        if points == 0 {
            break;
        }
        let taken = points.min(mark.points);
        if taken > 0 {
            mark.reduced_from.get_or_insert(mark.points);
            mark.points -= taken;
            points -= taken;
        }
    }
}

/// Law 22: the king turned up in the deal, where the dealer marks one.
pub fn king_turned_up(marks: &[Mark]) -> Option<PlayerId> {
    marks
        .iter()
        .find(|m| matches!(m.item, MarkItem::KingTurnedUp(_)))
        .map(|m| m.player)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ecarte::cite;

    #[test]
    fn the_marking_judged() {
        // (entitled, written, next trump turned up, judged)
        let table = [
            (1, None, true, Judged::Right),
            (1, Some(1), true, Judged::Right),
            (2, Some(0), true, Judged::Omitted(2)),
            (2, Some(1), false, Judged::Open(1)),
            (1, Some(2), true, Judged::Over(1)),
            (0, Some(1), false, Judged::Over(1)),
            (0, Some(0), true, Judged::Right),
        ];
        for (entitled, sheet, dealt, expected) in table {
            assert_eq!(
                judge(entitled, sheet, dealt),
                expected,
                "{entitled} {sheet:?}"
            );
        }
    }

    #[test]
    fn the_marks_lost_from_the_last() {
        let b = PlayerId(1);
        let king = Mark {
            player: b,
            item: MarkItem::KingTurnedUp("KH".parse().unwrap()),
            points: 1,
            reduced_from: None,
            laws: cite::KING_TURNED_UP,
        };
        let point = Mark {
            item: MarkItem::Point {
                tricks: 3,
                law49: None,
            },
            laws: cite::POINT,
            ..king
        };
        // (points lost, king's marks left, point's marks left)
        let table = [(0, 1, 1), (1, 1, 0), (2, 0, 0), (3, 0, 0)];
        for (lost, king_left, point_left) in table {
            let mut marks = [king, point];
            lose(&mut marks, b, lost);
            assert_eq!(
                (marks[0].points, marks[1].points),
                (king_left, point_left),
                "{lost}"
            );
        }
    }
}
