//! Nim: rows of objects, take one or more from one row, last to take wins
//! (or loses, in misère play). Solved by Bouton's rule with remoteness in
//! closed form; the full game tree is here too: built for small starts,
//! counted and folded onto its distinct positions for larger ones, and the
//! Nim trace of a game.

#![forbid(unsafe_code)]

pub mod analyzer;
pub mod bench;
pub mod bouton;
pub mod count;
pub mod game;
pub mod graph;
pub mod kind;
pub mod knowledge;
pub mod memo;
pub mod notation;
pub mod rows;
pub mod trace;
pub mod tree;

pub use analyzer::BoutonAnalyzer;
pub use game::{Nim, NimKey, NimMove, MAX_COUNT, MAX_ROWS};
pub use kind::{NimKind, NIM};
pub use knowledge::NimKnowledge;
pub use memo::MemoSolver;
pub use rows::{read_rows, RowsError, RowsText};
pub use tree::TreeNode;
