//! What the generic searches and bots know of the (m,n,k) game beyond its
//! rules: the threat-based pruning, ordering, dead draws, evaluation and
//! rule-based move of [`threats`], and the board's emptiness
//! as the bound on the plies left and the length of a draw.

use ply_engine::Knowledge;

use crate::board::Mnk;
use crate::threats;

/// The (m,n,k) game's search knowledge.
#[derive(Clone, Copy, Debug, Default)]
pub struct MnkKnowledge;

impl Knowledge<Mnk> for MnkKnowledge {
    fn order_moves(&self, game: &Mnk, moves: &mut [u8]) {
        threats::order_moves(game, moves);
    }

    fn prune_moves(&self, game: &Mnk, moves: &mut Vec<u8>) {
        threats::prune_moves(game, moves);
    }

    fn is_dead_draw(&self, game: &Mnk) -> bool {
        threats::is_dead_draw(game)
    }

    /// A draw fills the board.
    fn draw_length(&self, game: &Mnk) -> Option<u32> {
        Some(game.empty_squares().count_ones())
    }

    fn max_remaining_plies(&self, game: &Mnk) -> Option<u32> {
        Some(game.empty_squares().count_ones())
    }

    fn evaluate(&self, game: &Mnk) -> i32 {
        threats::evaluate(game)
    }

    fn rule_based_move(&self, game: &Mnk) -> Option<u8> {
        threats::rule_based_move(game)
    }
}
