//! Écarté checked: a transcript's `written` lines, deal by deal, in the
//! shape of the piquet check (the deals with what was written and what the
//! referee makes, the problems), the game in play standing for the partie
//! (écarté has none: games five up, law 46).

use std::ops::Range;

use crate::engine::ecarte::EcarteDeal;
use crate::engine::games::GameAt;
use crate::engine::partie::{PartieGames, Standing};
use crate::notation::{PlayerId, Transcript};
use crate::report::difference;

use super::{Checked, CheckedDeal, Problem};

/// Laws 47-49: what a deal marks.
const MARKS: &str = "47-49";

/// Law 46: where the games stand, as the check's `partie`: the marks of
/// the game in play (or of the last game, won) and the games' counts each
/// player has won. Écarté has no partie: it is never complete.
pub fn standing(game: Option<GameAt>, won: [u32; 2]) -> Standing {
    Standing {
        totals: game.map_or([0; 2], |g| g.totals),
        complete: false,
        winner: None,
        points: None,
        rubicon: false,
        tied: false,
        games: Some(PartieGames {
            won,
            laws: &[],
            cite: &["46"],
            to_win: 0,
            doubles: false,
        }),
        laws: &[],
        points_laws: &[],
    }
}

/// The check of a whole écarté transcript before its deals: the players
/// and where the games stand at the end.
pub fn games(players: &[String; 2], standing: Standing) -> Checked {
    Checked {
        players: players.clone(),
        rules: "ecarte",
        deals: Vec::new(),
        standing,
        written_result: None,
        problems: Vec::new(),
    }
}

/// One écarté deal checked: each written mark against the referee's (laws
/// 47-49), as a check of one deal.
pub fn deal(players: &[String; 2], ruled: &EcarteDeal, standing: Standing) -> Checked {
    let mut problems = Vec::new();
    let mut written = None::<[u32; 2]>;
    for w in &ruled.written {
        let at = written.get_or_insert(ruled.scores);
        at[w.player.index()] = w.written;
        if w.written != w.referee {
            problems.push(Problem {
                deal: Some(ruled.number),
                what: format!(
                    "{} wrote {} but the transcript gives {} ({})",
                    players[w.player.index()],
                    w.written,
                    w.referee,
                    difference(w.written, w.referee)
                ),
                laws: MARKS.to_string(),
                span: (ruled.span.line > 0).then_some(ruled.span),
            });
        }
    }
    let checked = CheckedDeal {
        number: ruled.number,
        dealer: ruled.dealer,
        written,
        referee: ruled.scores,
        from_transcript: true,
        counts: 1,
        totals: ruled.game.totals,
        written_totals: None,
        problems: Range {
            start: 0,
            end: problems.len(),
        },
        void: false,
        game: Some(ruled.game),
    };
    Checked {
        players: players.clone(),
        rules: "ecarte",
        deals: vec![checked],
        standing,
        written_result: None,
        problems,
    }
}

/// The players' names, as the transcript gives them.
pub fn players(transcript: &Transcript) -> [String; 2] {
    PlayerId::BOTH.map(|p| transcript.name(p).to_string())
}

/// Laws 47-49: whether one deal can mark `scores`: the king (turned up or
/// held: there is one king of trumps) to one player at most, and the point
/// (one, or two by law 49) or the vole (two) to one player at most; the
/// point may mark nothing (laws 25, 43, or the game won before it, 46).
pub fn possible(scores: [u32; 2]) -> bool {
    let kings: [[u32; 2]; 3] = [[0, 0], [1, 0], [0, 1]];
    kings.iter().any(|king| {
        let rest = [0, 1].map(|p| scores[p].checked_sub(king[p]));
        matches!(rest, [Some(0), Some(0..=2)] | [Some(1 | 2), Some(0)])
    })
}

/// A YAML scoresheet of écarté (`rules: ecarte`): each deal's marks
/// possible (laws 47-49), or as the referee rules the deal's transcript
/// where one is linked; the dealers alternating; the games five up, begun
/// afresh when won, with the running totals of the game in play; each
/// game written won against the game the marks win, and what it counts
/// (law 46, `stakes: graded`). `load` reads a linked transcript.
pub fn check_sheet<E>(
    sheet: &super::Sheet,
    mut load: impl FnMut(&str) -> Result<std::rc::Rc<Transcript>, E>,
) -> Result<Checked, E> {
    use crate::engine::ecarte::EcarteReferee;
    use crate::engine::games::{Crossed, GameWon, Won};

    let name = |p: PlayerId| sheet.players[p.index()].clone();
    let mut problems: Vec<Problem> = Vec::new();
    let mut deals = Vec::with_capacity(sheet.deals.len());
    let mut game = [0u32; 2];
    let mut number_of_game = 1;
    let mut game_first: Option<u32> = None;
    let mut won = [0u32; 2];
    let mut last_game = None;
    for (index, deal) in sheet.deals.iter().enumerate() {
        let number = index as u32 + 1;
        let first_problem = problems.len();
        let span = (deal.span.line > 0).then_some(deal.span);
        let mut problem = |what: String, laws: &str| {
            problems.push(Problem {
                deal: Some(number),
                what,
                laws: laws.to_string(),
                span,
            })
        };
        // The deal alternates (law 5 gives the first; the turn after).
        if index > 0 && deal.dealer == sheet.deals[index - 1].dealer {
            problem(
                format!(
                    "{} deals twice running: the deal passes alternately",
                    name(deal.dealer)
                ),
                "5",
            );
        }
        // The deal's marks: from its transcript, or as written if possible.
        let mut referee_scores = deal.scores;
        let mut from_transcript = false;
        if let Some(file) = &deal.transcript {
            let transcript = load(file)?;
            let mut referee = EcarteReferee::new(&transcript);
            let wanted = deal.transcript_deal;
            let mut found = None;
            for d in &transcript.deals {
                let ruled = referee.deal(d);
                if wanted.is_none_or(|w| w == d.header.number) {
                    found = Some(ruled.scores);
                    break;
                }
            }
            match found {
                Some(scores) => {
                    referee_scores = scores;
                    from_transcript = true;
                }
                None => problem(
                    format!(
                        "{file} has no deal {}: the marks written cannot be checked against it",
                        wanted.unwrap_or(1)
                    ),
                    "",
                ),
            }
        }
        if from_transcript {
            for player in PlayerId::BOTH {
                let (w, r) = (deal.scores[player.index()], referee_scores[player.index()]);
                if w != r {
                    problem(
                        format!(
                            "{} wrote {w} but the transcript gives {r} ({})",
                            name(player),
                            difference(w, r)
                        ),
                        MARKS,
                    );
                }
            }
        } else if !possible(deal.scores) {
            problem(
                format!(
                    "{} {}, {} {} cannot be marked in one deal: the king to one player at most, and the point (one or two) or the vole (two) to one",
                    name(PlayerId(0)),
                    deal.scores[0],
                    name(PlayerId(1)),
                    deal.scores[1]
                ),
                MARKS,
            );
        }
        // Law 46: the game five up.
        if game == [0, 0] && game_first.is_none() {
            game_first = Some(number);
        }
        let mut totals = game;
        for p in 0..2 {
            totals[p] += referee_scores[p];
        }
        let winner = PlayerId::BOTH
            .into_iter()
            .filter(|p| totals[p.index()] >= crate::engine::ecarte::UP)
            .max_by_key(|p| totals[p.index()]);
        if let Some(written) = deal.totals {
            for player in PlayerId::BOTH {
                let (w, r) = (written[player.index()], totals[player.index()]);
                if w != r {
                    problem(
                        format!(
                            "{}'s marks in the game are written {w} but should be {r}",
                            name(player)
                        ),
                        "46",
                    );
                }
            }
        }
        let game_won = winner.map(|w| {
            let counts = crate::engine::ecarte::counts(totals[w.other().index()], sheet.graded);
            GameWon {
                winner: w,
                counts,
                how: Won::Reached {
                    at: Crossed::Deal,
                    adversary: totals[w.other().index()],
                },
                laws: crate::engine::ecarte::cite::GAME,
                up: crate::engine::ecarte::UP,
                doubles: false,
                order: &[],
            }
        });
        match (deal.game, game_won) {
            (Some((w, _)), None) => problem(
                format!(
                    "the game is written won by {}, but the marks are {} {}, {} {}: five are not reached",
                    name(w),
                    name(PlayerId(0)),
                    totals[0],
                    name(PlayerId(1)),
                    totals[1]
                ),
                "46",
            ),
            (Some((w, double)), Some(g)) => {
                if w != g.winner {
                    problem(
                        format!("the game is written won by {}, but {} wins it", name(w), name(g.winner)),
                        "46",
                    );
                } else if double && g.counts != 2 {
                    problem(
                        format!(
                            "the game is written double, but it counts {} ({} having {})",
                            g.counts,
                            name(g.winner.other()),
                            totals[g.winner.other().index()]
                        ),
                        "46",
                    );
                }
            }
            _ => {}
        }
        if let Some(g) = game_won {
            won[g.winner.index()] += g.counts;
        }
        let at = GameAt {
            number: number_of_game,
            first: game_first.unwrap_or(number),
            totals,
            won: game_won,
            games: won,
            partie: None,
        };
        last_game = Some(at);
        deals.push(CheckedDeal {
            number,
            dealer: deal.dealer,
            written: Some(deal.scores),
            referee: referee_scores,
            from_transcript,
            counts: 1,
            totals,
            written_totals: deal.totals,
            problems: first_problem..problems.len(),
            void: false,
            game: Some(at),
        });
        if game_won.is_some() {
            game = [0, 0];
            game_first = None;
            number_of_game += 1;
        } else {
            game = totals;
        }
    }
    Ok(Checked {
        players: sheet.players.clone(),
        rules: "ecarte",
        deals,
        standing: standing(last_game, won),
        written_result: sheet.result,
        problems,
    })
}

#[cfg(test)]
mod tests {
    use super::possible;

    #[test]
    fn what_one_deal_can_mark() {
        // (A, B, possible): laws 47-49, one king of trumps, one point or vole.
        let table = [
            (0, 0, true),
            (1, 0, true),
            (2, 0, true),
            (3, 0, true),
            (1, 1, true),
            (2, 1, true),
            (1, 2, true),
            (0, 3, true),
            (2, 2, false),
            (3, 1, false),
            (4, 0, false),
            (0, 4, false),
        ];
        for (a, b, expected) in table {
            assert_eq!(possible([a, b]), expected, "A {a}, B {b}");
        }
    }
}
