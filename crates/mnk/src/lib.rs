//! The (m,n,k) games: k in a row on a rows x cols board, X first;
//! tic-tac-toe is (3,3,3). Boards up to 64 cells (freestyle rule) use
//! bitboards kept in every symmetric image, with what makes the generic
//! exact solver fast here: threat-based pruning (forced wins and blocks,
//! defences against double threats, dead squares), line-based move
//! ordering, and early draws (no line completable, or both sides held by
//! pairing strategies). Larger boards, up to 26 x 26, and the other rules
//! (exact: an overline does not win; renju: X may not make an overline, a
//! double four or a double three; caro: not exactly k between two opponent
//! stones) use [`MnkWide`] over the Gomoku crate's board and engine; the
//! registry picks one of the two once per session.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bench;
mod board;
mod chained;
mod dictionary;
mod four_scores;
mod geometry;
mod gomocup_record;
mod kind;
mod knowledge;
mod notation;
mod pairing;
mod player;
mod proof;
mod solve;
mod threats;
mod wide;

pub use bench::{measure_board, run_bench, BenchMeasurement, BENCH_BOARDS, BENCH_RUNS};
pub use board::{Mnk, Status};
pub use chained::ChainedTable;
pub use dictionary::{next_prime, Dictionary, DictionaryError, DictionaryKey, DEFAULT_BUCKETS};
pub use kind::{
    dictionary_choice, rule, shape, DictionaryChoice, MnkKind, TicTacToeKind, MNK, TICTACTOE,
};
pub use knowledge::MnkKnowledge;
pub use player::DepthLimitedPlayer;
pub use proof::{
    prove, prove_with, Proof, ProofMethod, ProvedValue, Prover, ProverBudget, ProverStopped,
};
pub use threats::{defences, scan_threats, ThreatScan};
pub use wide::{MnkWide, WideKnowledge, WIDE_MOVE_TIME};
