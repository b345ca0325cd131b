//! Test suites: files of positions with known exact scores (Othello's FFO
//! suite, in the OBF format) that a game's exact solver works through,
//! each score checked against the file's. A game offers them through
//! [`crate::GameKind::suite_solver`]; the front end picks the positions,
//! times them and prints the table.

/// One position of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitePosition {
    /// Its number in the suite (FFO #40).
    pub number: usize,
    /// Empty squares (moves left, roughly): how deep the solve is.
    pub empties: u32,
    /// The exact score the file lists for the side to move, if it does.
    pub expected: Option<i32>,
}

/// A solved position of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteAnswer {
    /// The exact score for the side to move.
    pub score: i32,
    /// The best move in the game's notation (`pass`, or `-` when the game
    /// is over).
    pub best: String,
    /// Positions searched.
    pub nodes: u64,
    /// Of `nodes`, those a search entered, leaving out positions only
    /// scored to order moves (as Edax and Egaroucid count; `nodes` where
    /// the solver makes no such difference).
    pub searched: u64,
}

/// A loaded suite and the exact solver that works through it.
pub trait SuiteSolver {
    /// The suite's positions, in file order.
    fn positions(&self) -> &[SuitePosition];

    /// Solves position `index` (into [`SuiteSolver::positions`]) from a
    /// cleared table; `None` when an interrupt stopped it.
    fn solve(&mut self, index: usize) -> Option<SuiteAnswer>;
}

/// How a suite is to be solved: the table's size and the threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuiteSettings {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Worker threads.
    pub threads: usize,
}
