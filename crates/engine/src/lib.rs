//! ply's game-agnostic core: the rules trait, the value model, the
//! transposition table, the generic searches and solvers, bots, and the
//! type-erased session every front end drives.

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
pub mod knowledge;
pub mod learner;
pub mod mcts;
pub mod options;
pub mod perft;
pub mod playable;
pub mod player;
pub mod report;
pub mod retrograde;
pub mod score;
pub mod session;
pub mod solve;
pub mod solver;
pub mod suite;
pub mod symmetry;
pub mod transcript;
pub mod tt;
pub mod value;

pub use config::{BotSpec, EngineConfig, PlayerSpec};
pub use deadline::Deadline;
pub use error::{GameError, MoveProblem, OptionProblem};
pub use game::{Game, GameResult, Notation, Side};
pub use knowledge::{Knowledge, NoKnowledge};
pub use learner::Learnable;
pub use options::{Command, GameOptions, OptionRole, OptionSpec};
pub use playable::{generic_player, Playable};
pub use player::{Analyzer, Choice, Player};
pub use report::{BoardView, Cell, GridStyle, MoveValue, Report, Stopped};
pub use session::{Bot, GameKind, GameSession, MoveReport, OptionNote, PositionNotation, Session};
pub use solve::{
    Listing, ListingFormat, ProofBudget, ProofReport, ProofStop, SolveOutput, SolveRequest,
};
pub use solver::Searcher;
pub use suite::{SuiteAnswer, SuitePosition, SuiteSettings, SuiteSolver};
pub use symmetry::Symmetric;
pub use transcript::Transcript;
pub use tt::{TableStats, TranspositionTable};
pub use value::{Analysis, Outcome, Value};
