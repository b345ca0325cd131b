//! A board's symmetries, apart from the rules: solvers store one table entry
//! per symmetry class, and tests check that every image has the same value.

use crate::game::Game;

/// The symmetries of a game's board. A game without any implements it with
/// an empty `impl`: the defaults are the identity.
pub trait Symmetric: Game {
    /// Hash and key of a canonical representative of the position's symmetry
    /// class. Searches call it at every node, so it must not allocate.
    fn canonical(&self) -> (u64, Self::Key) {
        (self.hash(), self.key())
    }

    /// Replaces `images`' contents with the positions equivalent to this one
    /// under the board's symmetries (not including itself), for tests of
    /// symmetry invariance.
    fn symmetric_images(&self, images: &mut Vec<Self>) {
        images.clear();
    }
}
