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
