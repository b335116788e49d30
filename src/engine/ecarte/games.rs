//! Games (law 46): five up; by agreement a game counts treble, double or
//! single by the loser's score.

use crate::engine::games::{Crossed, GameAt, GameWon, Won};

use super::{cite, Mark};

/// Law 46: "The game is five up."
pub const UP: u32 = 5;

/// Law 46: "By agreement, the game may count a treble if the adversary has
/// not scored; a double if he has scored one or two; a single if he has
/// scored three or four." Without the agreement, every game counts one.
pub fn counts(loser: u32, graded: bool) -> u32 {
    match (graded, loser) {
        (false, _) => 1,
        (true, 0) => 3,
        (true, 1 | 2) => 2,
        (true, _) => 1,
    }
}

/// The games of a transcript, as the deals are ruled.
#[derive(Clone, Debug, Default)]
pub struct Games {
    /// `[Stakes "graded"]`.
    pub graded: bool,
    /// The game in play, or the last one.
    game: Option<GameAt>,
    /// The games' counts each player has won.
    won: [u32; 2],
}

impl Games {
    /// Games under the agreement, or without it.
    pub fn new(graded: bool) -> Games {
        Games {
            graded,
            ..Games::default()
        }
    }

    /// Law 46: the marks of deal `number`, in the order they are made,
    /// added to the game in play (begun afresh when the last was won). The
    /// first player to five wins; marks made after it in the same deal are
    /// no part of the game. Gives the game after the deal, and how many of
    /// the marks, from the first, count in it: those after were made once
    /// the game was won, and mark nothing.
    pub fn deal(&mut self, number: u32, before: [u32; 2], marks: &[Mark]) -> (GameAt, usize) {
        let mut game = GameAt::in_play(self.game, number, self.won);
        game.totals = before;
        let mut counted = marks.len();
        for (index, mark) in marks.iter().enumerate() {
            if game.won.is_some() {
                counted = index;
                break;
            }
            let p = mark.player.index();
            game.totals[p] += mark.points;
            if game.totals[p] >= UP {
                let loser = game.totals[1 - p];
                let counts = counts(loser, self.graded);
                self.won[p] += counts;
                game.won = Some(GameWon {
                    winner: mark.player,
                    counts,
                    how: Won::Reached {
                        at: Crossed::Deal,
                        adversary: loser,
                    },
                    laws: cite::GAME,
                    up: UP,
                    // Law 46: treble, double or single by the loser's marks, not AC28's double.
                    doubles: false,
                    order: &[],
                });
            }
        }
        game.games = self.won;
        self.game = Some(game);
        (game, counted)
    }

    /// The marks the next deal starts from: the game in play's, nothing
    /// when the last game is won or none begun.
    pub fn carried(&self) -> [u32; 2] {
        match self.game {
            Some(game) if game.won.is_none() => game.totals,
            _ => [0; 2],
        }
    }

    /// The games' counts won by each player.
    pub fn won(&self) -> [u32; 2] {
        self.won
    }

    /// The game in play, or the last.
    pub fn game(&self) -> Option<GameAt> {
        self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ecarte::MarkItem;
    use crate::notation::PlayerId;

    #[test]
    fn what_a_game_counts() {
        // (the loser's score, graded, counts)
        let table = [
            (0, true, 3),
            (1, true, 2),
            (2, true, 2),
            (3, true, 1),
            (4, true, 1),
            (0, false, 1),
            (4, false, 1),
        ];
        for (loser, graded, expected) in table {
            assert_eq!(counts(loser, graded), expected, "{loser} {graded}");
        }
    }

    #[test]
    fn five_up_and_the_marks_after_it() {
        let mark = |player: u8, points: u32| Mark {
            player: PlayerId(player),
            item: MarkItem::Vole,
            points,
            reduced_from: None,
            laws: &[],
        };
        let mut games = Games::new(true);
        let (game, _) = games.deal(1, [0, 0], &[mark(0, 2), mark(1, 1)]);
        assert_eq!((game.totals, game.won), ([2, 1], None));
        let (game, _) = games.deal(2, games.carried(), &[mark(0, 2)]);
        assert_eq!(game.totals, [4, 1]);
        // A reaches five with the king; B's point after it is no part of the game.
        let (game, counted) = games.deal(3, games.carried(), &[mark(0, 1), mark(1, 1)]);
        assert_eq!(game.totals, [5, 1]);
        assert_eq!(counted, 1);
        assert_eq!(
            game.won.map(|w| (w.winner, w.counts)),
            Some((PlayerId(0), 2))
        );
        let (game, _) = games.deal(4, games.carried(), &[mark(1, 1)]);
        assert_eq!((game.number, game.first, game.totals), (2, 4, [0, 1]));
        assert_eq!(games.won(), [2, 0]);
    }
}
