//! The (m,n,k) games: k in a row on a rows x cols board (up to 8x8), X
//! first; tic-tac-toe is (3,3,3). Rules on bitboards, notation, threat-based
//! pruning and ordering for the exact solver, and the registry entries.

pub mod bench;
pub mod board;
pub mod geometry;
pub mod kind;
pub mod notation;
pub mod pairing;
pub mod player;
pub mod threats;

pub use board::{Mnk, Status};
pub use kind::{MnkKind, TicTacToeKind, MNK, TICTACTOE};
pub use player::SeedPlayer;
