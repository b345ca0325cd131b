//! The rules trait every game implements, and the small types it speaks in.

use std::fmt::Debug;
use std::hash::Hash;

use serde::{de::DeserializeOwned, Serialize};

use crate::error::GameError;

/// One of the two players. `First` moves first (X in tic-tac-toe, black in Othello).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// Whose turn it is after `plies` plies in a game that alternates strictly.
    pub fn after_plies(plies: u32) -> Side {
        if plies.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The letter of DESIGN.md's notation: X moves first, O second.
    pub fn letter(self) -> &'static str {
        match self {
            Side::First => "X",
            Side::Second => "O",
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum GameResult {
    Win(Side),
    Draw,
}

/// The rules of a two-player game of perfect information.
///
/// Implementations are small `Clone` values; search is generic over this trait
/// (monomorphised), never through `dyn`.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move, small and copyable.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;
    /// What `undo` needs to restore the position `play` changed.
    type Undo: Copy + Debug + Send + Sync;
    /// The exact identity of a position: stored in the transposition table
    /// beside each entry so that a hash collision can never change a result.
    type Key: Copy + Eq + Hash + Debug + Send + Sync + Serialize + DeserializeOwned + 'static;

    /// Whose turn it is (meaningless once the game is over).
    fn to_move(&self) -> Side;

    /// The result if the game is over.
    fn result(&self) -> Option<GameResult>;

    /// All legal moves (empty once the game is over), replacing `moves`' contents.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move (unchecked: the caller got it from `generate_moves`
    /// or `parse_move`).
    fn play(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, which was the last move played and returned `undo`.
    fn undo(&mut self, mv: Self::Move, undo: Self::Undo);

    /// Zobrist hash, kept up to date incrementally by `play` and `undo`.
    fn hash(&self) -> u64;

    /// The Zobrist hash computed from scratch (checked against `hash`).
    fn recompute_hash(&self) -> u64;

    /// The exact key of this position.
    fn key(&self) -> Self::Key;

    /// Hash and key of a canonical representative of the position's symmetry
    /// class; games with symmetries override it so solvers store one entry per class.
    fn canonical(&self) -> (u64, Self::Key) {
        (self.hash(), self.key())
    }

    /// The positions equivalent to this one under the board's symmetries
    /// (not including itself). Used by tests of symmetry invariance.
    fn symmetric_images(&self) -> Vec<Self> {
        Vec::new()
    }

    /// Number of plies played since the start (used for bounds and display).
    fn ply(&self) -> u32;

    /// Whether every line of play is finite, so plain negamax terminates.
    const ALWAYS_ENDS: bool = true;

    /// An upper bound on the plies left, if known; solvers use it to size
    /// mate-distance windows.
    fn max_remaining_plies(&self) -> Option<u32> {
        None
    }

    /// True for the pass move of games where a player without a move passes.
    fn is_pass(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Reorders moves so that likely best moves come first (search speed only).
    fn order_moves(&self, _moves: &mut [Self::Move]) {}

    /// Removes moves that cannot change the position's value or remoteness
    /// (for example: keep only the winning move when one wins at once, or
    /// only the blocks when the opponent threatens to win). Search speed only;
    /// the per-move analysis at the root never prunes.
    fn prune_moves(&self, _moves: &mut Vec<Self::Move>) {}

    /// Plies left in a drawn game when the length of a draw is fixed
    /// (a filled board), for the draw's remoteness.
    fn draw_length(&self) -> Option<u32> {
        None
    }

    /// A heuristic evaluation from the side to move's point of view, in
    /// roughly [-10_000, 10_000]; used by depth-limited bots at the horizon.
    fn evaluate(&self) -> i32 {
        0
    }

    /// The legal move a rule-based ("heuristic") player would choose, if the
    /// game defines one; `None` makes the bot fall back to one-ply evaluation.
    fn rule_based_move(&self) -> Option<Self::Move> {
        None
    }

    /// True when the game is bound to end in a draw whatever anyone plays
    /// (in k-in-a-row games: no line can still be completed). Exact and
    /// depth-limited searches score it as a draw without looking further.
    fn is_dead_draw(&self) -> bool {
        false
    }
}

/// Text forms of positions and moves.
pub trait Notation: Game {
    /// Canonical text of a move in this position.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Parses a move and checks it is legal here; the error explains why not
    /// (not a move, off the board, occupied, ...).
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError>;

    /// Canonical text of the position.
    fn format_position(&self) -> String;

    /// Parses a position of the same configuration (board size and the like)
    /// as `self`.
    fn parse_position(&self, text: &str) -> Result<Self, GameError>;

    /// What a side is called ("X", "black", "player 1").
    fn side_name(&self, side: Side) -> String;

    /// The board as text, with coordinates. `colour` asks for ANSI colour.
    fn render(&self, colour: bool) -> String;
}
