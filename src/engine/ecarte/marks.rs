//! The marks of a deal (laws 47-49), in the order they are made: the king
//! first (turned up, or announced before the play), then the point or the
//! vole; and the reduced marks of laws 25 and 43.

use crate::cards::Card;
use crate::notation::PlayerId;

use super::{cite, FirstChoice, Mark, MarkItem};

/// Law 47: "A player turning up a king, or holding the king of trumps in
/// his hand, is entitled to mark one."
pub fn king(player: PlayerId, card: Card, turned_up: bool, laws: &'static [&'static str]) -> Mark {
    Mark {
        player,
        item: if turned_up {
            MarkItem::KingTurnedUp(card)
        } else {
            MarkItem::KingHeld(card)
        },
        points: 1,
        reduced_from: None,
        laws,
    }
}

/// Law 48: "A player winning the point is entitled to mark one; a player
/// winning the vole is entitled to mark two." Law 49: "If the non-dealer
/// play without proposing, and fail to win the point, his adversary is
/// entitled to mark two. If the dealer refuse the first proposal, and fail
/// to win the point, the non-dealer is entitled to mark two. These scores
/// apply only to the first proposal or refusal in a hand, and only to the
/// point the score for the vole being unaffected." `None` while nobody has
/// three tricks.
pub fn point(won: [u8; 2], dealer: PlayerId, first: Option<FirstChoice>) -> Option<Mark> {
    let player = PlayerId::BOTH.into_iter().find(|p| won[p.index()] >= 3)?;
    let tricks = won[player.index()];
    if tricks >= 5 {
        return Some(Mark {
            player,
            item: MarkItem::Vole,
            points: 2,
            reduced_from: None,
            laws: cite::POINT,
        });
    }
    let law49 = first.filter(|f| f.favours(dealer) == Some(player));
    Some(Mark {
        player,
        item: MarkItem::Point { tricks, law49 },
        points: if law49.is_some() { 2 } else { 1 },
        reduced_from: None,
        laws: if law49.is_some() {
            cite::POINT_49
        } else {
            cite::POINT
        },
    })
}

/// Laws 25 and 43: "If the offender win the point he marks nothing; if he
/// win the vole he marks only one; if he win the point when his adversary
/// has played without proposing, or has refused the first proposal, he
/// marks only one." The offender's point or vole, reduced; `laws` are the
/// penalty's, cited beside law 48.
pub fn reduced(mark: Mark, laws: &'static [&'static str]) -> Mark {
    let points = match mark.item {
        MarkItem::Vole => 1,
        MarkItem::Point { law49: Some(_), .. } => 1,
        MarkItem::Point { .. } => 0,
        _ => return mark,
    };
    Mark {
        points,
        reduced_from: Some(mark.points),
        laws,
        ..mark
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_point_and_the_vole() {
        let (a, b) = (PlayerId(0), PlayerId(1));
        // B deals, A is the non-dealer.
        // (tricks won, first choice, who marks, how many)
        let table = [
            ([3, 2], Some(FirstChoice::Accepted), Some((a, 1))),
            ([2, 3], Some(FirstChoice::Accepted), Some((b, 1))),
            ([4, 1], None, Some((a, 1))),
            ([5, 0], Some(FirstChoice::Accepted), Some((a, 2))),
            // Law 49: A stood and lost the point: B marks two.
            ([2, 3], Some(FirstChoice::Stood), Some((b, 2))),
            // A stood and won it: one.
            ([3, 2], Some(FirstChoice::Stood), Some((a, 1))),
            // B refused the first proposal and lost the point: A marks two.
            ([4, 1], Some(FirstChoice::Refused), Some((a, 2))),
            ([1, 4], Some(FirstChoice::Refused), Some((b, 1))),
            // The vole unaffected.
            ([0, 5], Some(FirstChoice::Stood), Some((b, 2))),
            ([5, 0], Some(FirstChoice::Refused), Some((a, 2))),
            // Nobody has the point yet.
            ([2, 2], None, None),
        ];
        for (won, first, expected) in table {
            let got = point(won, b, first).map(|m| (m.player, m.points));
            assert_eq!(got, expected, "{won:?} {first:?}");
        }
    }

    #[test]
    fn the_marks_reduced() {
        let b = PlayerId(1);
        let table = [
            ([3, 2], Some(FirstChoice::Accepted), 0),
            ([5, 0], Some(FirstChoice::Accepted), 1),
            ([4, 1], Some(FirstChoice::Refused), 1),
        ];
        for (won, first, expected) in table {
            let mark = point(won, b, first).unwrap();
            assert_eq!(reduced(mark, &["43"]).points, expected, "{won:?}");
        }
    }
}
