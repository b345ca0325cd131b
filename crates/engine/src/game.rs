//! The rules trait every game implements, and the small types it speaks in.

use std::fmt::Debug;
use std::hash::Hash;

use serde::Serialize;

use crate::error::GameError;

/// One of the two players. `First` moves first (X in tic-tac-toe, black in Othello).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Side {
    /// The player who moves first: X.
    First,
    /// The player who moves second: O.
    Second,
}

impl Side {
    /// Both sides, the first first: for loops over per-side arrays.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
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
    /// This side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

/// The rules of a two-player game of perfect information.
///
/// Implementations are small `Clone` values; search is generic over this trait
/// (monomorphised), never through `dyn`. Only the rules live here: the
/// board's symmetries are [`Symmetric`](crate::Symmetric), and what a
/// searcher may know beyond the rules (ordering, pruning, evaluation, bounds
/// such as the plies left) is [`Knowledge`](crate::Knowledge), which the
/// searchers take as a parameter.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move, small and copyable.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;
    /// What `undo` needs to restore the position `play` changed.
    type Undo: Copy + Debug + Send + Sync;
    /// The exact identity of a position: stored in the transposition table
    /// beside each entry so that a hash collision can never change a result.
    type Key: Copy + Eq + Hash + Debug + Send + Sync + 'static;

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

    /// Number of plies played since the start (used for bounds and display).
    fn ply(&self) -> u32;

    /// Whether every line of play is finite, so plain negamax terminates.
    const ALWAYS_ENDS: bool = true;

    /// True for the pass move of games where a player without a move passes.
    fn is_pass(&self, _mv: Self::Move) -> bool {
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
