//! ply's game-agnostic core: the rules trait, the value model, the
//! transposition table, the generic searches and solvers, bots, and the
//! type-erased session every front end drives.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod arena;
mod bots;
mod bound;
mod checksummed;
mod clock_pacer;
mod config;
pub mod conformance;
mod deadline;
mod digits;
pub mod echo;
mod error;
mod file_kind;
mod game;
mod knowledge;
mod learner;
mod mcts;
mod opening;
mod options;
mod perft;
mod playable;
mod player;
mod record;
mod report;
mod retrograde;
mod score;
mod session;
mod solve;
mod solver;
mod suite;
mod symmetry;
mod transcript;
mod tt;
mod value;
mod winning_line;

pub use bots::{AlphaBetaPlayer, AnalyzingPlayer, HeuristicPlayer, RandomPlayer, SearchAnalyzer};
pub use bound::Bound;
pub use checksummed::{fnv1a, frame, unframe, Frame, FrameError, FRAME_HEADER};
pub use config::{BotSpec, EngineConfig, EngineProgram, EngineProtocol, PlayerSpec};
pub use deadline::{cancel_scope, clear_interrupt, interrupt, interrupted, CancelScope, Deadline};
pub use digits::with_commas;
pub use error::{GameError, MoveProblem, OptionProblem};
pub use file_kind::special_file_kind;
pub use game::{Game, GameResult, Notation, Side};
pub use knowledge::{Knowledge, NoKnowledge};
pub use learner::{Learnable, LearnerPlayer};
pub use mcts::MctsPlayer;
pub use opening::{
    balanced_opening, opening_seed, ColourOpening, OpeningChoice, OpeningRecipe, OPENING_TRIES,
};
pub use options::{Command, GameOptions, OptionRole, OptionSpec, OptionValues};
pub use perft::perft;
pub use playable::{generic_player, Playable};
pub use player::{Analyzer, Choice, Player};
pub use record::{GameRecord, RecordFormat};
pub use report::{
    wire_value, wire_value_opt, BoardView, Cell, GridStyle, MoveValue, PieceCount, Report, Stopped,
};
pub use retrograde::{fixed_point, RetrogradeAnalyzer, Solution};
pub use session::{
    Bot, GameKind, GameSession, MoveReport, OptionNote, PositionNotation, Preset, Session,
};
pub use solve::{
    Listing, ListingFormat, ProofBudget, ProofReport, ProofStop, SolveOutput, SolveRequest,
};
pub use solver::{best_value, EngineTable, SearchEntry, Searcher};
pub use suite::{SuiteAnswer, SuitePosition, SuiteSettings, SuiteSolver};
pub use symmetry::Symmetric;
pub use transcript::Transcript;
pub use tt::{ChainStats, SearchTable, TableStats, TranspositionTable};
pub use value::{Analysis, Outcome, Value};
