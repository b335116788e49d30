//! A partie played in games (au cent AC28, AC29), in words: where the game
//! and the partie stand after each deal, who won each game and whether it
//! was double, and the partie.

use std::fmt::Write;

use super::ruled::{describe_holding, word, Names};
use super::{wrap, WIDTH};
use crate::engine::games::{Crossed, GameAt, GameWon, Won};
use crate::engine::partie::PartieGames;
use crate::engine::score::Item;
use crate::notation::PlayerId;

/// After a deal: `Game 1: A 64, B 38. Games: A 0, B 0.`, and the game won
/// at this deal, and the partie, when they are.
pub(super) fn game_text(out: &mut String, game: &GameAt, names: &Names<'_>) {
    let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
    let mut text = format!(
        "Game {}: {a} {}, {b} {}.",
        game.number, game.totals[0], game.totals[1]
    );
    if let Some(won) = &game.won {
        let _ = write!(text, " {}", won_text(won, game.number, names));
    }
    let _ = write!(
        text,
        " Games: {a} {}, {b} {}.",
        game.games[0], game.games[1]
    );
    if let Some(winner) = game.partie {
        let _ = write!(text, " {} wins the partie.", names.of(winner));
    }
    out.push_str(&wrap(&text, "", WIDTH));
}

/// `A wins game 1, a double game: ...`.
fn won_text(won: &GameWon, number: u32, names: &Names<'_>) -> String {
    let winner = names.of(won.winner);
    let loser = names.of(won.winner.other());
    let kind = if won.counts > 1 {
        format!("a double game, counting {}", word(won.counts))
    } else {
        "a single game".to_string()
    };
    let laws = won.laws.join(", ");
    let how = match won.how {
        Won::Reached { at, adversary } if won.counts > 1 => format!(
            "he reached a hundred {}, {loser} then having {adversary}, less than fifty",
            at_text(at)
        ),
        Won::Reached { at, adversary } => format!(
            "he reached a hundred {}, {loser} then having {adversary}",
            at_text(at)
        ),
        Won::Penalty { laws } => format!(
            "{loser} loses the game under the penalty of {} {}; a game so lost is single, the double being for a hundred scored before the adversary has fifty",
            if laws.len() == 1 { "law" } else { "laws" },
            laws.join(", ")
        ),
    };
    format!("{winner} wins game {number}, {kind}: {how} ({laws}).")
}

/// Where in the order of law 67 a hundred was reached.
fn at_text(at: Crossed) -> String {
    match at {
        Crossed::Line(Item::Holding(h)) => {
            format!("with his {}", describe_holding(&h).to_lowercase())
        }
        Crossed::Line(Item::Play { .. }) => "in play".to_string(),
        Crossed::Line(Item::TheCards { .. }) => "with the cards".to_string(),
        Crossed::Line(Item::Capot) => "with the capot".to_string(),
        Crossed::Line(Item::Repique) => "with his repique".to_string(),
        Crossed::Line(Item::Pique) => "with his pique".to_string(),
        Crossed::Trick(trick) => format!("in play at trick {trick}, in the order of law 67"),
        Crossed::Stated => "before this deal, as the totals written at its head stand".to_string(),
        Crossed::Deal => "in this deal".to_string(),
    }
}

/// The partie of games: `Partie: games A 3, B 1.` and its result.
pub(super) fn partie_text(
    out: &mut String,
    winner: Option<PlayerId>,
    games: PartieGames,
    names: &Names<'_>,
) {
    let [a, b] = PlayerId::BOTH.map(|p| names.of(p));
    let _ = writeln!(
        out,
        "Partie: games {a} {}, {b} {}.",
        games.won[0], games.won[1]
    );
    let text = match winner {
        None => "The partie is not complete.".to_string(),
        Some(w) => format!(
            "{} wins the partie, with {} games to {}: three games of five win it, a double counting two ({}).",
            names.of(w),
            word(games.won[w.index()]),
            match games.won[w.other().index()] {
                0 => "none".to_string(),
                n => word(n),
            },
            games.laws.join(", ")
        ),
    };
    out.push_str(&wrap(&text, "", WIDTH));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read_str;

    #[test]
    fn a_game_won_in_words() {
        let reading = read_str("[Players \"A B\"]\n");
        let names = Names(&reading.transcript);
        let won = |counts, how| GameWon {
            winner: PlayerId(1),
            counts,
            how,
            laws: &["AC28"],
        };
        let table = [
            (
                won(2, Won::Reached { at: Crossed::Trick(6), adversary: 29 }),
                "B wins game 1, a double game, counting two: he reached a hundred in play at trick 6, in the order of law 67, A then having 29, less than fifty (AC28).",
            ),
            (
                won(1, Won::Reached { at: Crossed::Line(Item::Repique), adversary: 58 }),
                "B wins game 1, a single game: he reached a hundred with his repique, A then having 58 (AC28).",
            ),
            (
                won(1, Won::Penalty { laws: &["AC10"] }),
                "B wins game 1, a single game: A loses the game under the penalty of law AC10; a game so lost is single, the double being for a hundred scored before the adversary has fifty (AC28).",
            ),
        ];
        for (won, expected) in table {
            assert_eq!(won_text(&won, 1, &names), expected);
        }
    }
}
