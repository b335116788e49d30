//! The king (laws 22-25, 47): turned up, the dealer marks it; held in
//! hand, it marks only if announced in time; announced and not held, law
//! 25's penalty.

use crate::cards::{Card, Rank};
use crate::notation::{PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::cite;
use super::play::Played;
use super::Note;

/// Law 25's laws cited.
const LAW_25: &[&str] = &["25"];

/// What the deal shows of the king of trumps.
#[derive(Clone, Debug, Default)]
pub struct Kings {
    /// Each `announces king` line: who, its event index and where.
    pub announced: Vec<(PlayerId, usize, Span)>,
    /// Each `marks king` line: who and its event index.
    pub marked: Vec<(PlayerId, usize)>,
    /// Who held the king of trumps when the play began, as far as known.
    pub holder: Option<PlayerId>,
    /// Whether the king of trumps is known to lie out of both hands at the
    /// play (turned up, discarded, left in the stock).
    pub out_of_hands: bool,
    /// Whether each player's hand held cards not named when the play began.
    pub unnamed: [bool; 2],
}

/// The king of trumps, where a card is turned up.
pub fn king_of(trump: Option<Card>) -> Option<Card> {
    trump.map(|t| Card::new(Rank::King, t.suit))
}

/// What the king gives in a deal.
#[derive(Clone, Debug, Default)]
pub struct KingRuled {
    /// The mark for the king, with its player and laws.
    pub mark: Option<(PlayerId, Card, &'static [&'static str])>,
    /// Notes on kings held and not marked.
    pub notes: Vec<Note>,
    /// Law 25's ruling, where a king not held was announced.
    pub ruling: Option<Ruling>,
}

/// Laws 22, 47: "If a king be turned up, the dealer is entitled to mark it
/// at any time before the trump card of the next deal is turned up"; he is
/// entitled to it whether or not the mark is written.
pub fn turned_up(
    dealer: PlayerId,
    trump: Option<Card>,
) -> Option<(PlayerId, Card, &'static [&'static str])> {
    trump
        .filter(|t| t.rank == Rank::King)
        .map(|t| (dealer, t, cite::KING_TURNED_UP))
}

/// Law 23: "If either player hold the king of trumps, he must announce it
/// before playing his first card, or he loses the right to mark it." Law
/// 24: "If the king be the card first led, it may be announced at any time
/// prior to its being played to. If the king be the card first played by
/// the dealer, he may announce it at any time before he plays again." The
/// event index an announcement must come before, and whether law 24 gives
/// it; `None` where the play has not reached it.
pub fn deadline(holder: PlayerId, king: Card, cards: &[Played]) -> (Option<usize>, bool) {
    let mut his = cards.iter().filter(|p| p.player == holder);
    let Some(first) = his.next() else {
        return (None, false);
    };
    if first.card != king {
        return (Some(first.index), false);
    }
    let after = if first.trick == 1 && cards.first().is_some_and(|c| c.player == holder) {
        // Law 24, the king led first: before it is played to.
        cards.iter().find(|p| p.player != holder).map(|p| p.index)
    } else {
        // Law 24, the king the dealer's first card: before he plays again.
        his.next().map(|p| p.index)
    };
    (after, true)
}

/// Laws 23-25, 47: the king held in hand, marked when announced in time;
/// announced by a player not holding it, law 25 (no penalty where the
/// adversary holds it himself).
pub fn held(kings: &Kings, king: Option<Card>, cards: &[Played]) -> KingRuled {
    let mut ruled = KingRuled::default();
    let Some(king) = king else {
        return ruled;
    };
    let holds = |player: PlayerId| {
        kings.holder == Some(player)
            || (kings.holder.is_none() && !kings.out_of_hands && kings.unnamed[player.index()])
    };
    for &(player, index, span) in &kings.announced {
        if !holds(player) {
            if ruled.ruling.is_none() {
                let adversary_holds = kings.holder == Some(player.other());
                ruled.ruling = Some(Ruling {
                    irregularity: Irregularity::AnnouncesKingNotHeld,
                    offender: Some(player),
                    laws: LAW_25,
                    penalty: if adversary_holds {
                        Penalty::None
                    } else {
                        Penalty::MarksReduced
                    },
                    span: Some(span),
                    analogy: None,
                });
            }
            continue;
        }
        if ruled.mark.is_some() {
            continue;
        }
        let (before, law24) = deadline(player, king, cards);
        let first = cards.iter().find(|p| p.player == player).map(|p| p.index);
        if before.is_none_or(|d| index < d) {
            let laws = match first {
                Some(first) if law24 && index > first => cite::KING_FIRST_CARD,
                _ => cite::KING_HELD,
            };
            ruled.mark = Some((player, king, laws));
        } else {
            ruled.notes.push(Note::KingAnnouncedLate(player));
        }
    }
    if let Some(holder) = kings.holder {
        let announced = kings.announced.iter().any(|(p, ..)| *p == holder);
        if !announced {
            ruled.notes.push(Note::KingNotAnnounced(holder));
            if kings.marked.iter().any(|(p, _)| *p == holder) {
                ruled.notes.push(Note::KingMarkedNotAnnounced(holder));
            }
        }
    }
    ruled
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSet;

    fn played(index: usize, player: u8, card: &str, trick: u8) -> Played {
        Played {
            index,
            span: Span::default(),
            player: PlayerId(player),
            card: card.parse().unwrap(),
            trick,
            held: CardSet::EMPTY,
        }
    }

    #[test]
    fn when_the_king_must_be_announced() {
        let king: Card = "KH".parse().unwrap();
        // A (0) leads, B (1) plays; events 10, 11, then trick 2 at 12, 13.
        let table = [
            // Not the king first: before his first card.
            (
                vec![played(10, 0, "7S", 1), played(11, 1, "8S", 1)],
                0,
                (Some(10), false),
            ),
            (
                vec![played(10, 0, "7S", 1), played(11, 1, "8S", 1)],
                1,
                (Some(11), false),
            ),
            // The king led first: before it is played to (law 24).
            (
                vec![played(10, 0, "KH", 1), played(11, 1, "8S", 1)],
                0,
                (Some(11), true),
            ),
            // The king the dealer's first card: before he plays again (law 24).
            (
                vec![
                    played(10, 0, "7H", 1),
                    played(11, 1, "KH", 1),
                    played(12, 1, "9S", 2),
                ],
                1,
                (Some(12), true),
            ),
            // Not played yet.
            (vec![], 0, (None, false)),
        ];
        for (cards, holder, expected) in table {
            assert_eq!(
                deadline(PlayerId(holder), king, &cards),
                expected,
                "{cards:?}"
            );
        }
    }
}
