//! Errors the engine and the games report to front ends.
//!
//! The errors about options are structured: which option, what value, and
//! why, so each front end words them for itself (the terminal as `--size`,
//! the web API as the option `size`). Their own wording here names the
//! option plainly, with no flag syntax.

use thiserror::Error;

/// Something a user asked for that the game cannot do.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum GameError {
    /// A move the game refuses: which move, what kind of problem, and the
    /// whole reason in words a player understands.
    #[error("{why}")]
    IllegalMove {
        /// The move as it was given (trimmed), when one was.
        mv: Option<String>,
        problem: MoveProblem,
        why: String,
    },
    #[error("{0}")]
    BadPosition(String),
    #[error("{0}")]
    BadOption(String),
    #[error("{0}")]
    Unsupported(String),
    #[error("{0}")]
    Io(String),
    /// A game option's value the game cannot take.
    #[error("option '{option}': {problem}")]
    Option {
        /// The option's name as the game declares it (`size`, `heaps`).
        option: String,
        problem: OptionProblem,
    },
    /// Two options that cannot be given together.
    #[error("give either {} or {}, not both", .options.0, .options.1)]
    ConflictingOptions {
        /// Each side of the conflict: one option, or several joined by `/`.
        options: (String, String),
    },
    /// What was asked needs an option that was not given (`depth` for a
    /// game that can go on forever).
    #[error("{why}: give the option '{option}'")]
    NeedsOption { option: String, why: String },
    /// A position that fits the game only with an option set otherwise
    /// (an Othello position of another board size).
    #[error("{why}: set the option '{option}' to {value}")]
    PositionNeedsOption {
        why: String,
        option: String,
        value: String,
    },
    /// A bot handle used with a session that did not make it.
    #[error("bot '{0}' does not play in this game")]
    ForeignBot(String),
}

/// What kind of problem a refused move has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveProblem {
    /// The game has ended: no move can be played.
    GameOver,
    /// The text does not name a move of this game.
    NotAMove,
    /// A square or row outside the board.
    OffBoard,
    /// A square that already holds a mark or disc.
    Occupied,
    /// A move the rules forbid here (a pass while a move exists, a
    /// vanishing mark's square, an empty row, a bot's illegal choice).
    Forbidden,
}

/// Why an option's value was refused.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum OptionProblem {
    /// Not a value of the option's type.
    #[error("'{value}' is not a valid value")]
    NotValid { value: String },
    /// A number outside the range the game takes.
    #[error("must be between {min} and {max}{context}, got {value}")]
    OutOfRange {
        value: i64,
        min: i64,
        max: i64,
        /// What the range depends on (" on a 3x3 board"), or empty.
        context: String,
    },
    /// A value that reads but cannot be played, with an example of one
    /// that can.
    #[error("'{value}': {why}")]
    Invalid {
        value: String,
        why: String,
        example: Option<String>,
    },
}

impl GameError {
    /// A refused move, `mv` as given (if any), with its kind and reason.
    pub fn illegal(mv: Option<&str>, problem: MoveProblem, why: impl Into<String>) -> GameError {
        GameError::IllegalMove {
            mv: mv.map(|m| m.trim().to_string()),
            problem,
            why: why.into(),
        }
    }

    /// The move refused because the game is over.
    pub fn game_over(why: impl Into<String>) -> GameError {
        GameError::illegal(None, MoveProblem::GameOver, why)
    }

    /// An option's problem, as the error.
    pub fn option(option: &str, problem: OptionProblem) -> GameError {
        GameError::Option {
            option: option.to_string(),
            problem,
        }
    }
}
