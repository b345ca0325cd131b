//! What the generic searches and bots know of Nim beyond its rules: every
//! move takes at least one object (the plies left are at most the objects
//! left), taking a whole row first finds short wins sooner, and Bouton's
//! rule is the rule-based move.

use ply_engine::Knowledge;

use crate::bouton;
use crate::game::{Nim, NimMove};

/// Nim's search knowledge.
#[derive(Clone, Copy, Debug, Default)]
pub struct NimKnowledge;

impl Knowledge<Nim> for NimKnowledge {
    fn max_remaining_plies(&self, game: &Nim) -> Option<u32> {
        u32::try_from(game.total()).ok()
    }

    /// Taking a whole row first finds short wins sooner.
    fn order_moves(&self, _game: &Nim, moves: &mut [NimMove]) {
        moves.sort_by_key(|m| std::cmp::Reverse(m.take));
    }

    /// The move Bouton's rule gives (a winning one when there is one).
    fn rule_based_move(&self, game: &Nim) -> Option<NimMove> {
        bouton::bouton_best_move(game)
    }
}
