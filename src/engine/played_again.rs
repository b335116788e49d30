//! Law 59: the errors after which the cards are taken up and played again,
//! and the replays written that put them right. Each is matched to the
//! other in one sweep over the lines, so a deal of many errors and many
//! replays is ruled in time linear in its length.

use crate::ruling::{Penalty, Ruling};

use super::table::Replay;
use super::Note;

/// Laws 59.II, 59.IV, 59.V and Case XVIII: after these errors the cards
/// from a trick on are taken up and played again. The play stands up to
/// the first such trick that no replay written after the error takes up
/// (a replay from that trick or an earlier one); there the scoring of
/// the play stops, and the cards are not scored. `None` when every such
/// error was played again: the tricks as played again are scored.
pub fn stands_until<'a>(
    replays: &[Replay],
    rulings: impl Iterator<Item = &'a Ruling>,
) -> Option<u8> {
    // Each error: the trick played again from, and its line (0: anywhere).
    let mut errors: Vec<(u8, u32)> = rulings
        .filter_map(|r| match r.penalty {
            Penalty::PlayAgainFrom(trick) => Some((trick, r.span.map_or(0, |s| s.line))),
            _ => None,
        })
        .collect();
    // From the last line up: the earliest trick any replay written on or
    // after that line takes up.
    errors.sort_unstable_by_key(|&(_, line)| std::cmp::Reverse(line));
    let mut later: Vec<&Replay> = replays.iter().collect();
    later.sort_unstable_by_key(|r| std::cmp::Reverse(r.span.line));
    let mut later = later.into_iter().peekable();
    let mut earliest = u8::MAX;
    let mut unanswered = None;
    for (trick, line) in errors {
        while let Some(replay) = later.next_if(|r| r.span.line >= line) {
            earliest = earliest.min(replay.from);
        }
        if earliest > trick {
            unanswered = Some(unanswered.map_or(trick, |t: u8| t.min(trick)));
        }
    }
    unanswered
}

/// Law 59: each replay, with the laws of the error it puts right: the
/// first ruling calling for the play from its trick or a later one to be
/// played again, written before it.
pub fn replayed(replays: &[Replay], rulings: &[Ruling]) -> Vec<Note> {
    if replays.is_empty() {
        return Vec::new();
    }
    // The errors in the order of their lines (those with none first), each
    // with its place among the rulings.
    let mut errors: Vec<(u32, usize, u8)> = rulings
        .iter()
        .enumerate()
        .filter_map(|(index, r)| match r.penalty {
            Penalty::PlayAgainFrom(trick) => Some((r.span.map_or(0, |s| s.line), index, trick)),
            _ => None,
        })
        .collect();
    errors.sort_unstable();
    let mut order: Vec<usize> = (0..replays.len()).collect();
    order.sort_unstable_by_key(|&i| replays[i].span.line);
    // For each trick, the first ruling written so far that plays again from it.
    let mut first = [usize::MAX; 256];
    let mut errors = errors.into_iter().peekable();
    let mut laws = vec![None; replays.len()];
    for i in order {
        let replay = &replays[i];
        while let Some((_, index, trick)) = errors.next_if(|e| e.0 <= replay.span.line) {
            let at = &mut first[usize::from(trick)];
            *at = (*at).min(index);
        }
        let index = first[usize::from(replay.from)..].iter().min().copied();
        laws[i] = index.and_then(|index| rulings.get(index)).map(|r| r.laws);
    }
    replays
        .iter()
        .zip(laws)
        .map(|(replay, laws)| Note::Replayed {
            from: replay.from,
            line: replay.span.line,
            laws,
            retaken_only: replay.retaken_only,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Span;
    use crate::ruling::Irregularity;

    fn span(line: u32) -> Span {
        Span {
            line,
            column: 1,
            start: 0,
            end: 1,
        }
    }

    /// An error on `line` (0: none) calling for the play again from `trick`.
    fn error(line: u32, trick: u8, laws: &'static [&'static str]) -> Ruling {
        Ruling {
            irregularity: Irregularity::ShowAskedTooSoon,
            offender: None,
            laws,
            penalty: Penalty::PlayAgainFrom(trick),
            span: (line > 0).then(|| span(line)),
            analogy: None,
        }
    }

    fn replay(line: u32, from: u8) -> Replay {
        Replay {
            from,
            span: span(line),
            stood: 0,
            retaken_only: false,
        }
    }

    /// The errors and replays of each case: errors as (line, trick), replays
    /// as (line, from); the trick the play stands until, and each replay's
    /// error, as the index of the error whose laws it carries.
    type Case = (
        &'static [(u32, u8)],
        &'static [(u32, u8)],
        Option<u8>,
        &'static [Option<usize>],
    );

    #[test]
    fn errors_and_the_replays_that_answer_them() {
        const LAWS: [&[&str]; 4] = [&["59.II"], &["59.IV"], &["59.V"], &["52"]];
        let cases: [Case; 9] = [
            (&[], &[], None, &[]),
            (&[(10, 3)], &[], Some(3), &[]),
            (&[(10, 3)], &[(12, 3)], None, &[Some(0)]),
            (&[(10, 3)], &[(12, 4)], Some(3), &[None]),
            // A replay written before the error does not answer it.
            (&[(10, 3)], &[(8, 2)], Some(3), &[None]),
            (&[(10, 5), (11, 3)], &[(12, 4)], Some(3), &[Some(0)]),
            // A ruling with no line is answered by a replay anywhere.
            (&[(0, 6)], &[(2, 6)], None, &[Some(0)]),
            // The first ruling, not the first line, gives the laws.
            (
                &[(20, 4), (10, 6)],
                &[(25, 4), (15, 2)],
                None,
                &[Some(0), Some(1)],
            ),
            (&[(20, 4), (10, 6)], &[(25, 7)], Some(4), &[None]),
        ];
        for (errors, replays, stands, laws) in cases {
            let rulings: Vec<Ruling> = (0..)
                .zip(errors)
                .map(|(i, &(line, trick))| error(line, trick, LAWS[i]))
                .collect();
            let replays: Vec<Replay> = replays.iter().map(|&(l, f)| replay(l, f)).collect();
            assert_eq!(
                stands_until(&replays, rulings.iter()),
                stands,
                "{errors:?} {replays:?}"
            );
            let found: Vec<_> = replayed(&replays, &rulings)
                .into_iter()
                .map(|note| match note {
                    Note::Replayed { laws, .. } => laws,
                    _ => None,
                })
                .collect();
            let expected: Vec<_> = laws.iter().map(|i| i.map(|i| LAWS[i])).collect();
            assert_eq!(found, expected, "{errors:?} {replays:?}");
        }
    }
}
