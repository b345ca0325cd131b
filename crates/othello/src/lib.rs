//! Othello (Reversi) on even square boards from 4x4 to 10x10: bitboard
//! rules, perft, an evaluation, a principal-variation search, an exact
//! endgame solver, and the registry entry front ends use.

pub mod analyzer;
pub mod bench;
pub mod bitboard;
pub mod board;
pub mod endgame;
pub mod error;
pub mod eval;
pub mod exact;
pub mod game;
pub mod kind;
pub mod knowledge;
pub mod margin;
pub mod midgame;
pub mod movegen;
pub mod nboard;
pub mod notation;
pub mod obf;
pub mod pattern;
pub mod perft;
pub mod playable;
pub mod players;
pub mod search;
pub mod stability;
mod suite;
pub mod symmetry;
pub mod tile;

pub use board::{GameBoard, GameState};
pub use error::OthelloError;
pub use game::{Move, Othello, OthelloKey};
pub use kind::{OthelloKind, OTHELLO};
pub use knowledge::OthelloKnowledge;
pub use perft::perft_parallel;
pub use tile::Tile;
