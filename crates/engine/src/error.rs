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
        /// What kind of problem the move has, for front ends that sort
        /// refusals (the web API's error code).
        problem: MoveProblem,
        /// The whole reason, worded for a player.
        why: String,
    },
    /// A position the game cannot read or cannot reach, with the reason.
    #[error("{0}")]
    BadPosition(String),
    /// A setting that is not one of a game option's (a player, a learner
    /// file, an arena's line-up), with the reason.
    #[error("{0}")]
    BadOption(String),
    /// Something this game or setting cannot do at all (solve a game that
    /// can go on forever, play a contest entry outside a tournament).
    #[error("{0}")]
    Unsupported(String),
    /// A file that could not be read or written, with the path and cause.
    #[error("{0}")]
    Io(String),
    /// A game option's value the game cannot take.
    #[error("option '{option}': {problem}")]
    Option {
        /// The option's name as the game declares it (`size`, `heaps`).
        option: String,
        /// What is wrong with the value.
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
    NeedsOption {
        /// The option's name as the game declares it.
        option: String,
        /// What needs it, in words.
        why: String,
    },
    /// A position that fits the game only with an option set otherwise
    /// (an Othello position of another board size).
    #[error("{why}: set the option '{option}' to {value}")]
    PositionNeedsOption {
        /// Why the position does not fit as the options stand.
        why: String,
        /// The option's name as the game declares it.
        option: String,
        /// The value the option needs for the position to fit.
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
    NotValid {
        /// The value as it was given.
        value: String,
    },
    /// A number outside the range the game takes.
    #[error("must be between {min} and {max}{context}, got {value}")]
    OutOfRange {
        /// The number given.
        value: i64,
        /// The smallest number the game takes.
        min: i64,
        /// The largest number the game takes.
        max: i64,
        /// What the range depends on (" on a 3x3 board"), or empty.
        context: String,
    },
    /// A value that reads but cannot be played, with an example of one
    /// that can.
    #[error("'{value}': {why}")]
    Invalid {
        /// The value as it was given.
        value: String,
        /// Why it cannot be played.
        why: String,
        /// A value that can, when the game has one to suggest.
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
