//! What the generic searches and bots know of Othello beyond its rules:
//! every move fills a square with at most one pass between two moves (the
//! bound on the plies left), the evaluation of [`eval`](crate::eval), and
//! the greedy move (most discs flipped) as the rule-based one.

use ply_engine::Knowledge;

use crate::bitboard::Geometry;
use crate::game::{Move, Othello};

/// Othello's search knowledge, on every board size.
#[derive(Clone, Copy, Debug, Default)]
pub struct OthelloKnowledge;

impl<G: Geometry> Knowledge<Othello<G>> for OthelloKnowledge {
    fn max_remaining_plies(&self, game: &Othello<G>) -> Option<u32> {
        Some(2 * game.empties())
    }

    fn evaluate(&self, game: &Othello<G>) -> i32 {
        let (p, o) = game.player_opponent();
        crate::eval::evaluate::<G>(p, o)
    }

    fn rule_based_move(&self, game: &Othello<G>) -> Option<Move> {
        game.greedy_moves().first().copied()
    }
}
