//! Errors the engine reports to front ends.

use thiserror::Error;

/// Something a user asked for that the game cannot do; the message is shown as is.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum GameError {
    #[error("{0}")]
    IllegalMove(String),
    #[error("{0}")]
    BadPosition(String),
    #[error("{0}")]
    BadOption(String),
    #[error("{0}")]
    Unsupported(String),
    #[error("{0}")]
    Io(String),
}
