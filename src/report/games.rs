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
    let kind = match (won.doubles, won.counts) {
        (false, _) => String::new(),
        (true, 2..) => format!(", a double game, counting {}", word(won.counts)),
        (true, _) => ", a single game".to_string(),
    };
    let target = target_words(won.up);
    let laws = won.laws.join(", ");
    let at = |at| at_text(at, won.order);
    let how = match won.how {
        Won::Reached { at: a, adversary } if won.counts > 1 => format!(
            "he reached {target} {}, {loser} then having {adversary}, less than fifty",
            at(a)
        ),
        Won::Reached { at: a, adversary } => format!(
            "he reached {target} {}, {loser} then having {adversary}",
            at(a)
        ),
        Won::Stopped { at: a, adversary } => format!(
            "he reached {target} {} in the declarations, {loser} then having {adversary}, and the deal stops there",
            at(a)
        ),
        Won::Higher {
            total, adversary, ..
        } if total > adversary => format!(
            "both reached {target} in the deal played out, and the higher score wins: {winner} {total}, {loser} {adversary}"
        ),
        Won::Higher { at: a, total, .. } => format!(
            "both reached {target} in the deal played out, with {total} each; the scores being equal, the game is the first's to reach {target}, and he reached it {}",
            at(a)
        ),
        Won::Penalty { laws } => format!(
            "{loser} loses the game under the penalty of {} {}; a game so lost is single, the double being for a hundred scored before the adversary has fifty",
            if laws.len() == 1 { "law" } else { "laws" },
            laws.join(", ")
        ),
    };
    format!("{winner} wins game {number}{kind}: {how} ({laws}).")
}

/// A game's points in words: `a hundred`, or the target agreed (19c).
fn target_words(up: u32) -> String {
    match up {
        100 => "a hundred".to_string(),
        up => up.to_string(),
    }
}

/// Where in the order of scoring (law 67; 9a, 11a) the points were reached.
pub(super) fn at_text(at: Crossed, order: &[&str]) -> String {
    match at {
        Crossed::Line(Item::Holding(h)) => {
            format!("with his {}", describe_holding(&h).to_lowercase())
        }
        Crossed::Line(Item::Play { .. }) => "in play".to_string(),
        Crossed::Line(Item::TheCards { .. }) => "with the cards".to_string(),
        Crossed::Line(Item::Capot) => "with the capot".to_string(),
        Crossed::Line(Item::Repique) => "with his repique".to_string(),
        Crossed::Line(Item::Pique) => "with his pique".to_string(),
        Crossed::Trick(trick) if order.is_empty() => format!("in play at trick {trick}"),
        Crossed::Trick(trick) => format!(
            "in play at trick {trick}, in the order of {} {}",
            if order.len() == 1 { "law" } else { "laws" },
            order.join(", ")
        ),
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
            "{} wins the partie, with {} games to {}: {} ({}).",
            names.of(w),
            word(games.won[w.index()]),
            match games.won[w.other().index()] {
                0 => "none".to_string(),
                n => word(n),
            },
            games_rule(&games),
            games.laws.join(", ")
        ),
    };
    out.push_str(&wrap(&text, "", WIDTH));
}

/// How many games win the partie, in words: `three games of five win it,
/// a double counting two` (AC29); `two games win it, the belle deciding
/// when each has won one` (19e).
pub(super) fn games_rule(games: &PartieGames) -> String {
    let rule = match games.to_win {
        2 => "two games win it, the belle deciding when each has won one".to_string(),
        n => format!(
            "{} games of {} win it",
            word(n),
            word((2 * n).saturating_sub(1))
        ),
    };
    if games.doubles {
        format!("{rule}, a double counting two")
    } else {
        rule
    }
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
            up: 100,
            doubles: true,
            order: &["67"],
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
