//! Why a move, position or option is refused, in words a player understands.

use ply_engine::{GameError, MoveProblem};
use thiserror::Error;

/// Everything the Othello rules and notation can refuse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OthelloError {
    #[error("'{0}' is not a square: give a column letter and a row number (like f5), or pass")]
    /// The text names no square.
    NotASquare(String),
    /// The square is off this board.
    #[error("{square} is outside the {size}x{size} board")]
    OutsideBoard {
        /// The square as written.
        square: String,
        /// The side of the board.
        size: u8,
    },
    #[error("{0} is already occupied")]
    /// The square already holds a disc.
    Occupied(String),
    #[error("{0} outflanks nothing: a move must flip at least one disc")]
    /// The move flips no disc.
    OutflanksNothing(String),
    #[error("{0} has no legal move and must pass")]
    /// The named side has no legal move: only a pass is allowed.
    MustPass(&'static str),
    #[error("{0} cannot pass while a legal move exists")]
    /// The named side has a legal move, so it may not pass.
    CannotPass(&'static str),
    #[error("the game is over")]
    /// Neither side has a move left.
    GameOver,
    #[error("bad position: {0}")]
    /// A position text that does not describe a board.
    BadPosition(String),
}

impl From<OthelloError> for GameError {
    fn from(error: OthelloError) -> GameError {
        let text = error.to_string();
        let illegal = |mv: &str, problem| GameError::illegal(Some(mv), problem, text.clone());
        match &error {
            OthelloError::BadPosition(_) => GameError::BadPosition(text),
            OthelloError::NotASquare(mv) => illegal(mv, MoveProblem::NotAMove),
            OthelloError::OutsideBoard { square, .. } => illegal(square, MoveProblem::OffBoard),
            OthelloError::Occupied(mv) => illegal(mv, MoveProblem::Occupied),
            OthelloError::OutflanksNothing(mv) => illegal(mv, MoveProblem::Forbidden),
            OthelloError::MustPass(_) | OthelloError::CannotPass(_) => {
                GameError::illegal(None, MoveProblem::Forbidden, text)
            }
            OthelloError::GameOver => GameError::game_over(text),
        }
    }
}
