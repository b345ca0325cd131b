//! What a searcher may know about a game beyond its rules: move ordering and
//! pruning, dead draws and their length, a bound on the plies left, a
//! heuristic evaluation and a rule-based move.
//!
//! The searchers, bots and analyzers take a `Knowledge` as a parameter, so
//! the rules stay free of search and one game can be searched with several
//! kinds of knowledge (or with [`NoKnowledge`], which every search accepts:
//! searches stay correct without knowledge, only slower, with draws of
//! unknown length and a blind evaluation).

use crate::game::Game;

/// Search knowledge about game `G`. Every method has a "knows nothing"
/// default; the value is small (most are unit structs), and searches are
/// generic over it, so it costs nothing in the hot loop.
pub trait Knowledge<G: Game>: Send {
    /// Reorders moves so that likely best moves come first (search speed only).
    fn order_moves(&self, _game: &G, _moves: &mut [G::Move]) {}

    /// Removes moves that cannot change the position's value or remoteness
    /// (for example: keep only the winning move when one wins at once, or
    /// only the blocks when the opponent threatens to win). Search speed only;
    /// the per-move analysis at the root never prunes.
    fn prune_moves(&self, _game: &G, _moves: &mut Vec<G::Move>) {}

    /// True when the game is bound to end in a draw whatever anyone plays
    /// (in k-in-a-row games: no line can still be completed). Exact and
    /// depth-limited searches score it as a draw without looking further.
    fn is_dead_draw(&self, _game: &G) -> bool {
        false
    }

    /// Plies left in a drawn game when the length of a draw is fixed
    /// (a filled board), for the draw's remoteness.
    fn draw_length(&self, _game: &G) -> Option<u32> {
        None
    }

    /// An upper bound on the plies left, if known. It is a fact of the rules
    /// but only searchers use it (to stop deepening past the end, to skip
    /// counts deeper than any line), so it lives with their knowledge.
    fn max_remaining_plies(&self, _game: &G) -> Option<u32> {
        None
    }

    /// A heuristic evaluation from the side to move's point of view, in
    /// roughly [-10_000, 10_000]; used by depth-limited bots at the horizon.
    fn evaluate(&self, _game: &G) -> i32 {
        0
    }

    /// The legal move a rule-based ("heuristic") player would choose, if the
    /// game defines one; `None` makes the bot fall back to one-ply evaluation.
    fn rule_based_move(&self, _game: &G) -> Option<G::Move> {
        None
    }
}

/// Knows nothing beyond the rules: every search works with it.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoKnowledge;

impl<G: Game> Knowledge<G> for NoKnowledge {}
