//! A game shown as one line a move in the game's own words, in place of
//! the board (as the Nim trace does: `board is (23)    player removes
//! entire top row (1 item)`). A game offers it through
//! [`crate::GameKind::transcript`], turned on by its option of role
//! [`crate::OptionRole::Transcript`]; front ends only print the lines.

use crate::error::GameError;

/// The lines of one game's transcript after its first.
pub trait Transcript: Send {
    /// The line for the move `mv` (canonical text) played from `before`
    /// (a position's canonical text) by `mover`; `winner` names who won
    /// when the move ended the game.
    fn step(
        &self,
        before: &str,
        mv: &str,
        mover: &str,
        winner: Option<&str>,
    ) -> Result<String, GameError>;

    /// The line after a move was taken back, back at `position`.
    fn taken_back(&self, position: &str) -> Result<String, GameError>;
}
