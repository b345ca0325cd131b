//! The (m,n,k) games: k in a row on a rows x cols board, X first;
//! tic-tac-toe is (3,3,3). Boards up to 64 cells (freestyle rule) use
//! bitboards kept in every symmetric image, with what makes the generic
//! exact solver fast here: threat-based pruning (forced wins and blocks,
//! defences against double threats, dead squares), line-based move
//! ordering, and early draws (no line completable, or both sides held by
//! pairing strategies). Larger boards, up to 26 x 26, and the exact rule
//! (an overline does not win) use [`wide::MnkWide`] over the Gomoku crate's
//! board and engine; the registry picks one of the two once per session.

#![forbid(unsafe_code)]

pub mod bench;
pub mod board;
pub mod geometry;
pub mod kind;
pub mod knowledge;
pub mod notation;
pub mod pairing;
pub mod player;
pub mod proof;
mod solve;
pub mod threats;
pub mod wide;

pub use board::{Mnk, Status};
pub use kind::{MnkKind, TicTacToeKind, MNK, TICTACTOE};
pub use knowledge::MnkKnowledge;
pub use player::DepthLimitedPlayer;
pub use wide::{MnkWide, WideKnowledge};
