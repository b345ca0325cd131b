//! ply's game-agnostic core: the rules trait, the value model, the
//! transposition table, the generic searches and solvers, bots, and the
//! type-erased session every front end drives.

#![forbid(unsafe_code)]

pub mod arena;
pub mod bots;
pub mod bound;
pub mod config;
pub mod conformance;
pub mod deadline;
pub mod digits;
pub mod echo;
pub mod error;
pub mod game;
pub mod learner;
pub mod mcts;
pub mod options;
pub mod perft;
pub mod playable;
pub mod report;
pub mod retrograde;
pub mod score;
pub mod session;
pub mod solver;
pub mod tt;
pub mod value;

pub use bots::{Analyzer, Choice, Player};
pub use config::{BotSpec, EngineConfig, PlayerSpec};
pub use deadline::Deadline;
pub use error::{GameError, MoveProblem, OptionProblem};
pub use game::{Game, GameResult, Notation, Side};
pub use options::{GameOptions, OptionSpec};
pub use playable::Playable;
pub use report::{BoardView, Cell, MoveValue, Report, Stopped};
pub use session::{Bot, GameKind, GameSession, MoveReport, OptionNote, PositionNotation, Session};
pub use solver::Searcher;
pub use tt::{TableStats, TranspositionTable};
pub use value::{Analysis, Outcome, Value};
