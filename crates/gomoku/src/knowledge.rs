//! What the generic searches and bots know of Gomoku beyond its rules: the
//! empty cells bound the plies left (and fix a draw's length), the
//! immediate win or the blocks are the only moves worth searching, threat
//! makers come first, and the engine's pattern score evaluates.

use ply_engine::Knowledge;

use crate::game::GomokuGame;
use crate::pattern::Level;
use crate::{Move, Stone};

/// Gomoku's search knowledge.
#[derive(Clone, Copy, Debug, Default)]
pub struct GomokuKnowledge;

impl Knowledge<GomokuGame> for GomokuKnowledge {
    fn max_remaining_plies(&self, game: &GomokuGame) -> Option<u32> {
        Some((game.board().width() * game.board().height() - game.board().placed()) as u32)
    }

    fn draw_length(&self, game: &GomokuGame) -> Option<u32> {
        self.max_remaining_plies(game)
    }

    /// Keeps only the immediate win, or only the blocks of the opponent's
    /// five: every other move loses at once or wins later than it could.
    fn prune_moves(&self, game: &GomokuGame, moves: &mut Vec<Move>) {
        // Read off the board's levels, without a list of cells: the
        // searcher asks at every node.
        let board = game.board();
        let mover = game.stone_to_move();
        if let Some(cell) = board.cells_at_least(mover, Level::Five).next() {
            let win = board.to_move(cell);
            moves.retain(|&m| m == win);
            return;
        }
        let opponent = mover.opponent();
        // When no move the mover may play blocks (renju: the block is a
        // forbidden point), every move loses alike: keep them all.
        if board.has_at_least(opponent, Level::Five)
            && moves.iter().any(|&m| board.wins_on(m, opponent))
        {
            moves.retain(|&m| board.wins_on(m, opponent));
        }
    }

    /// Moves that make or stop threats first.
    fn order_moves(&self, game: &GomokuGame, moves: &mut [Move]) {
        let value = |m: &Move| -> u8 {
            let mut best = Level::None as u8;
            for dir in 0..4 {
                for stone in [Stone::Black, Stone::White] {
                    best = best.max(game.board().level(*m, stone, dir) as u8);
                }
            }
            best
        };
        moves.sort_by_key(|m| std::cmp::Reverse(value(m)));
    }

    fn evaluate(&self, game: &GomokuGame) -> i32 {
        (crate::search::evaluate(game.board(), game.stone_to_move()) / 4).clamp(-10_000, 10_000)
    }
}
