//! Gomoku and k-in-a-row on any board from 1 x 1 to 26 x 26, played
//! strongly: line patterns kept incrementally per cell and direction
//! ([`Level`], [`Board`]), victory-by-continuous-fours and
//! victory-by-continuous-threats solvers ([`ThreatSearch`]), an
//! iterative-deepening principal-variation search with a transposition
//! table ([`Engine`]), and the Gomocup "pbrain" protocol ([`protocol`]).
//!
//! The modules are private and this root is the crate's API, except the
//! protocol: a namespace of its own that a front end hands lines to.
//!
//! The entry points for a front end:
//! - [`Board::new`] with the size, `k` and the [`Rule`]; [`Board::play`];
//!   [`Board::check_move`] and [`Board::foul`]: whether a move is allowed,
//!   and under renju why black may not play a point ([`Foul`]);
//! - [`Engine::best_move`]: the move to play within a time budget, with its
//!   score and the principal variation ([`Engine::best_move_timed`] with a
//!   soft limit as well; [`Engine::set_threads`] for lazy SMP);
//! - [`analyze_position`]: every move valued, with the principal variation;
//! - [`decide_swap2`]: the swap2 opening's answers by the engine's
//!   evaluation;
//! - [`find_vcf`] / [`find_vct`]: a forced win by fours (or threats).
//!
//! The side to move is a parameter everywhere: the board does not insist
//! that the players alternate, because the Gomocup `BOARD` command and
//! puzzles give positions in any shape.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod analysis;
mod board;
mod failure_memo;
mod game;
mod knowledge;
mod learned;
mod learned_features;
mod pattern;
mod policy;
mod pruning;
mod renju;
// Public: the Gomocup protocol, a namespace a front end hands lines to.
pub mod protocol;
mod search;
mod shape;
mod swap2;
mod table;
mod vcf;

pub use analysis::{analyze_moves, analyze_position, PositionAnalysis, Verdict};
pub use board::Board;
pub use game::GomokuGame;
pub use knowledge::GomokuKnowledge;
pub use learned::{
    combo_of, EvalWeights, WeightsError, BIAS as LEARNED_BIAS, COMBOS as LEARNED_COMBOS,
    THREAT as LEARNED_THREAT, WEIGHTS as LEARNED_WEIGHTS,
};
pub use learned_features::features;
pub use pattern::Level;
pub use policy::{policy_candidates, PolicyCandidate, POLICY_FEATURES, POLICY_WEIGHTS};
pub use renju::{Foul, FoulKind, FoulLine, LineDirection};
pub use search::{Engine, Evaluation, Progress, Score, SearchInfo, MAX_THREADS};
pub use swap2::{decide_swap2, Swap2Answer, Swap2Decision, EVEN as SWAP2_EVEN};
pub use vcf::{find_vcf, find_vct, ThreatSearch};

use thiserror::Error;

/// Largest board side (columns a..z).
pub const MAX_SIDE: usize = 26;

/// What makes a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// `k` or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly `k` in a row wins; an overline does not (Gomocup's
    /// "standard" rule).
    Exact,
    /// Renju, on five in a row: black (the first player) wins with exactly
    /// five and may not play an overline, a double four or a double three
    /// (see [`Foul`]); white wins with five or more and has no forbidden
    /// points.
    Renju,
    /// Caro (Gomocup's rule 8, as the piskvork manager judges it): `k` or
    /// more in a row wins, except exactly `k` with an opponent's stone at
    /// both ends; the edge of the board does not block.
    Caro,
}

impl Rule {
    /// Every rule, in the order the options list them.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro];

    /// The rule's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exact",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        }
    }

    /// What makes a winning line for `stone`.
    pub(crate) fn line_rule(self, stone: Stone) -> pattern::LineRule {
        use pattern::LineRule;
        match (self, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => LineRule::Freestyle,
            (Rule::Exact, _) | (Rule::Renju, Stone::Black) => LineRule::Exact,
            (Rule::Caro, _) => LineRule::Caro,
        }
    }

    /// True when a run of `run` stones of `stone` wins, given whether an
    /// opponent's stone lies at each end: the plain definition, for scans.
    pub fn run_wins(self, stone: Stone, run: usize, k: usize, opponent_at_ends: [bool; 2]) -> bool {
        use pattern::LineRule;
        match self.line_rule(stone) {
            LineRule::Freestyle => run >= k,
            LineRule::Exact => run == k,
            LineRule::Caro => run > k || (run == k && opponent_at_ends != [true, true]),
        }
    }
}

/// A player's stones. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Stone {
    /// The other player.
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-player arrays.
    pub fn index(self) -> usize {
        match self {
            Stone::Black => 0,
            Stone::White => 1,
        }
    }
}

/// A cell: column `x` and row `y`, both from 0 (the Gomocup convention;
/// ply's notation shows `x` as a letter and `y + 1` as the row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The column, from 0.
    pub x: u8,
    /// The row, from 0 at the top.
    pub y: u8,
}

impl Move {
    /// The cell in column `x`, row `y`.
    pub fn new(x: usize, y: usize) -> Move {
        Move {
            x: x.min(255) as u8,
            y: y.min(255) as u8,
        }
    }
}

impl std::fmt::Display for Move {
    /// ply's grid notation: column letter, row number from the top (`h8`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let column = char::from(b'a' + self.x.min(25));
        write!(f, "{column}{}", u32::from(self.y) + 1)
    }
}

/// Why a board or a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GomokuError {
    /// A side is 0 or beyond [`MAX_SIDE`].
    #[error("the board must be 1 to {MAX_SIDE} cells on each side, not {width} x {height}")]
    BadSize {
        /// The columns asked for.
        width: usize,
        /// The rows asked for.
        height: usize,
    },
    #[error("k must be at least 1")]
    /// `k` is 0.
    BadK,
    /// Renju's forbidden points are defined for five in a row only.
    #[error("renju is played with five in a row (k = 5), not k = {0}")]
    RenjuNeedsFive(usize),
    /// Under renju, black may not play there.
    #[error("{mv} is forbidden for black: {foul}")]
    Forbidden {
        /// The square.
        mv: Move,
        /// Why.
        foul: Foul,
    },
    /// The cell is outside the board.
    #[error("{x},{y} is off the {width} x {height} board")]
    OffBoard {
        /// The cell's column.
        x: usize,
        /// The cell's row.
        y: usize,
        /// The board's columns.
        width: usize,
        /// The board's rows.
        height: usize,
    },
    #[error("{0} is already taken")]
    /// The cell already holds a stone.
    Occupied(Move),
    #[error("there is no move to take back")]
    /// No move has been played.
    NothingToUndo,
    /// A swap2 position holds 0, 3 or 5 stones.
    #[error("a swap2 position has 0, 3 or 5 stones, not {0}")]
    Swap2Stones(usize),
}
