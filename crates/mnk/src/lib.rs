//! The (m,n,k) games: k in a row on a rows x cols board (up to 8x8), X
//! first; tic-tac-toe is (3,3,3). Rules on bitboards kept in every symmetric
//! image, notation, and what makes the generic exact solver fast here:
//! threat-based pruning (forced wins and blocks, defences against double
//! threats, dead squares), line-based move ordering, and early draws (no
//! line completable, or both sides held by pairing strategies).

pub mod bench;
pub mod board;
pub mod geometry;
pub mod kind;
pub mod notation;
pub mod pairing;
pub mod player;
pub mod proof;
pub mod threats;

pub use board::{Mnk, Status};
pub use kind::{MnkKind, TicTacToeKind, MNK, TICTACTOE};
pub use player::SeedPlayer;
