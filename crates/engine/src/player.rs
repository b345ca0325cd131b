//! What a computer player is, and what an analysis is, for every game: the
//! traits the bots, the sessions and the arena meet at.

use crate::error::GameError;
use crate::game::{Game, GameResult, Side};
use crate::value::{Analysis, Value};

/// A chosen move and, when the player knows it, the move's value.
#[derive(Clone, Debug)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// Its value for the player making it, when the player knows it.
    pub value: Option<Value>,
}

/// A computer player for game `G`.
pub trait Player<G: Game>: Send {
    /// Picks a legal move in a position that is not over.
    fn choose(&mut self, game: &G) -> Choice<G::Move>;

    /// Called when a game this player took part in has ended; `positions`
    /// are the positions of the game from the start to the end.
    fn game_over(&mut self, _positions: &[G], _result: Option<GameResult>, _seat: Side) {}

    /// Saves what the player learned, if anything (learners).
    fn save(&mut self) -> Result<(), GameError> {
        Ok(())
    }

    /// The counters of the table the player searches with, when it keeps
    /// one whose counts a front end shows after play (the (m,n,k)
    /// request's dictionary); `None` otherwise.
    fn table_stats(&self) -> Option<crate::tt::TableStats> {
        None
    }
}

/// Something that values every move of a position: the game's strongest
/// analysis (exact solver, retrograde table, Othello search, ...).
pub trait Analyzer<G: Game>: Send {
    /// The value of `game` and of each of its legal moves, or why this
    /// analyzer cannot value it (a position its table does not fit, a game
    /// that can go on forever without a depth limit).
    fn analyze(&mut self, game: &G) -> Result<Analysis<G::Move>, GameError>;
}
