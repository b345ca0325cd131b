//! The Nim request's computer: where the whole game tree fits, it builds
//! the marked tree from the position and moves to a child the marks say
//! wins ("always move to a node on the next lower level marked +1");
//! beyond the tree's limit, Bouton's rule chooses the same way.

use ply_engine::{Choice, Game, Player};

use crate::bouton::{bouton_best_move, bouton_move_value};
use crate::count::count_tree;
use crate::game::{Nim, NimMove};
use crate::tree::{TreeNode, TREE_LIMIT};

/// `computer` at Nim: the marked tree where it fits, Bouton's rule beyond.
#[derive(Debug, Default)]
pub struct TreePlayer;

impl TreePlayer {
    /// The move the marked tree of `nim` chooses, when the tree fits: the
    /// first child marked for the player to move, else (a lost position)
    /// the first move.
    fn from_tree(nim: &Nim) -> Option<NimMove> {
        let fits = count_tree(nim.rows()).is_ok_and(|size| size.nodes <= TREE_LIMIT);
        if !fits {
            return None;
        }
        let tree = TreeNode::build(nim.rows(), nim.misere());
        let good = tree.good_children().next();
        good.or_else(|| tree.children.first()).and_then(|c| c.mv)
    }
}

impl Player<Nim> for TreePlayer {
    fn choose(&mut self, game: &Nim) -> Choice<NimMove> {
        let mv = Self::from_tree(game)
            .or_else(|| bouton_best_move(game))
            .unwrap_or_else(|| {
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                moves[0]
            });
        Choice {
            mv,
            value: Some(bouton_move_value(game, mv)),
        }
    }
}
