//! Othello (Reversi) on even square boards from 4x4 to 10x10: bitboard
//! rules, perft, evaluations, the midgame engine (one search for play and
//! analysis), an exact endgame solver, and the registry entry front ends
//! use.
//!
//! The modules are private; this root is the crate's API. Three
//! namespaces stay public because each is a whole of its own:
//! [`nboard`] (a protocol), [`pattern`] (the trained evaluation's
//! features and weights file, which the training tools read and write) and
//! [`probcut`] (multi-ProbCut's fitted model, which the fitting tool
//! refits).

#![warn(missing_docs)]

mod analyzer;
mod bench;
mod bitboard;
mod board;
mod error;
mod eval;
mod exact;
mod game;
mod kind;
mod knowledge;
mod margin;
mod midgame;
mod movegen;
// Public: the NBoard protocol, a namespace a front end hands lines to.
pub mod gtp;
pub mod nboard;
mod notation;
mod obf;
// Public: the trained 8x8 evaluation, whose features and weights file the
// training and measuring tools work on.
pub mod pattern;
mod perft;
mod playable;
mod players;
mod record;
mod stability;
mod suite;
mod symmetry;
mod tile;

// Public: multi-ProbCut's model, which the fitting tool
// (`examples/mpc_fit.rs`) measures and prints.
pub use midgame::probcut;

pub use analyzer::{OthelloAnalyzer, DEFAULT_DEPTH, EXACT_EMPTIES, MAX_DEPTH};
pub use bitboard::{hash_pair, Bits, Geometry, Size10, Size4, Size6, Size8, Squares, SIZES};
pub use board::{GameBoard, GameState};
pub use error::OthelloError;
pub use eval::DISC;
pub use exact::{ExactGeometry, ExactSolver, ExactValue, Solved, ValueRequest};
pub use game::{Move, Othello, OthelloKey};
pub use kind::{OthelloKind, OTHELLO};
pub use knowledge::OthelloKnowledge;
pub use margin::final_margin;
pub use midgame::{
    hand_weighted, trained, Engine, Evaluator, Limits, MidgameEngine, MidgameReport,
    DEFAULT_SELECTIVITY, EVALUATION, EVERY_MOVE,
};
pub use movegen::{flips, moves};
pub use notation::{parse_square, square_name};
pub use obf::{parse_obf, ObfError, ObfPosition};
pub use perft::{perft, perft_parallel};
pub use players::{EnginePlayer, GreedyPlayer, Strength, DEFAULT_LEVEL};
pub use stability::stable_discs;
pub use tile::Tile;
