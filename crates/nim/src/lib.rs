//! Nim: rows of objects, take one or more from one row, last to take wins
//! (or loses, in misère play). Solved by Bouton's rule with remoteness in
//! closed form; the full game tree is here too: built for small starts,
//! counted and folded onto its distinct positions for larger ones, and the
//! Nim trace of a game.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod analyzer;
mod bench;
mod bouton;
mod count;
mod game;
mod graph;
mod kind;
mod knowledge;
mod memo;
mod notation;
mod rows;
mod trace;
mod tree;
mod tree_player;

pub use analyzer::BoutonAnalyzer;
pub use bouton::{bouton_best_move, bouton_is_lost, bouton_move_value, bouton_value};
pub use count::{
    closed_form, count_tree, distinct_positions, Tally, TallyNumber, TooManyToCount, TreeSize,
    MAX_COUNTED_OBJECTS,
};
pub use game::{Nim, NimKey, NimMove, MAX_COUNT, MAX_ROWS};
pub use graph::{graph_edges, Graph, GraphVertex};
pub use kind::{NimKind, NIM};
pub use knowledge::NimKnowledge;
pub use memo::MemoSolver;
pub use notation::format_rows;
pub use rows::{read_rows, RowsError, RowsText};
pub use tree::{root_mark, TreeNode};
pub use tree_player::TreePlayer;
