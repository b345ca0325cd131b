//! Trilite: tic-tac-toe where each player keeps at most three marks and
//! placing a fourth removes that player's oldest. The game can go on
//! forever, so it is solved by retrograde analysis over every reachable
//! position ([`solution`]), and the perfect player reads that table.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
mod heuristic;
mod kind;
mod notation;
mod render;
mod solution;
mod square;
mod symmetry;
mod zobrist;

pub use board::Trilite;
pub use heuristic::{winning_squares, TriliteKnowledge};
pub use kind::{TriliteKind, TRILITE};
pub use solution::solution;
pub use square::{parse_square, square_name};
