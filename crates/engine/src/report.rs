//! The one wire shape of an analysis: what `ply solve --json`, the web API
//! (`GET /api/solve`, `?values=true`) and every other front end show of a
//! position and its moves, and the typed view of a board the page draws.
//!
//! The JSON follows DESIGN.md: `value`, `remoteness` (null when unknown),
//! `four_score` (the four-score scale: win 3, draw 2, unknown 1, lose 0),
//! and `margin` / `score` when the game has them, at the top for the
//! position and in each object of `moves`.

use serde::{Serialize, Serializer};

use crate::game::Side;
use crate::tt::TableStats;
use crate::value::{Outcome, Value};

/// A value in the wire shape: its fields are flattened into the object
/// that holds it.
#[derive(Serialize)]
struct WireValue {
    value: Outcome,
    remoteness: Option<u32>,
    four_score: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    margin: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i32>,
}

impl From<&Value> for WireValue {
    fn from(value: &Value) -> Self {
        WireValue {
            value: value.outcome,
            remoteness: value.remoteness,
            four_score: value.outcome.four_score(),
            margin: value.margin,
            score: value.heuristic,
        }
    }
}

/// Serialises a [`Value`] in the wire shape (for `#[serde(flatten)]`).
pub fn wire_value<S: Serializer>(value: &Value, serializer: S) -> Result<S::Ok, S::Error> {
    WireValue::from(value).serialize(serializer)
}

/// Serialises an optional [`Value`] in the wire shape: nothing when absent.
pub fn wire_value_opt<S: Serializer>(
    value: &Option<Value>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    value.as_ref().map(WireValue::from).serialize(serializer)
}

fn side_letter<S: Serializer>(side: &Side, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(side.letter())
}

/// A move and its value for the player who makes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveValue {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the player who makes it.
    #[serde(flatten, serialize_with = "wire_value")]
    pub value: Value,
}

/// Why an analysis left values unknown before finishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Stopped {
    /// Its time budget ran out.
    #[serde(rename = "time budget")]
    TimeBudget,
    /// The user interrupted it.
    #[serde(rename = "interrupted")]
    Interrupted,
}

/// The value of a position and of each of its moves: the session's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The game's registry name; empty until a game kind fills it in
    /// ([`crate::session::GameKind::solve`]).
    #[serde(skip_serializing_if = "str::is_empty")]
    pub game: &'static str,
    /// The position, in the game's notation.
    pub position: String,
    /// `X` or `O`: X moves first in every game.
    #[serde(serialize_with = "side_letter")]
    pub to_move: Side,
    /// The side to move as the game calls it ("Black", "Player 1").
    pub to_move_name: String,
    /// The position's value for the side to move.
    #[serde(flatten, serialize_with = "wire_value")]
    pub value: Value,
    /// Every legal move, with its value for the player who makes it.
    pub moves: Vec<MoveValue>,
    /// Plies searched, when a search with a horizon made the report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The principal variation, best move first, in the game's notation,
    /// when the analysis kept one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pv: Vec<String>,
    /// What the game's solver knows beyond the values (positions counted,
    /// the final score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The transposition table's traffic, when the solver has a table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<TableStats>,
    /// Why values are still unknown, when the analysis was cut short.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
}

impl Report {
    /// Moves grouped for display: winning, drawing, unknown, losing, each
    /// best first.
    pub fn grouped(&self) -> Vec<(Outcome, Vec<&MoveValue>)> {
        let mut groups = Vec::new();
        for outcome in [Outcome::Win, Outcome::Draw, Outcome::Unknown, Outcome::Lose] {
            let mut moves: Vec<&MoveValue> = self
                .moves
                .iter()
                .filter(|m| m.value.outcome == outcome)
                .collect();
            moves.sort_by_key(|m| std::cmp::Reverse(m.value.preference()));
            if !moves.is_empty() {
                groups.push((outcome, moves));
            }
        }
        groups
    }

    /// The value of the move written `mv`, if it is in the report.
    pub fn value_of(&self, mv: &str) -> Option<Value> {
        self.moves.iter().find(|m| m.mv == mv).map(|m| m.value)
    }

    /// True when some value (the position's or a move's) is unknown.
    pub fn has_unknown(&self) -> bool {
        std::iter::once(&self.value)
            .chain(self.moves.iter().map(|m| &m.value))
            .any(|v| v.outcome == Outcome::Unknown)
    }
}

/// What is on a square of a grid board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Cell {
    /// Nothing on it.
    #[serde(rename = "")]
    Empty,
    /// The first player's piece: an X mark, or a black disc.
    X,
    /// The second player's piece: an O mark, or a white disc.
    O,
}

impl Cell {
    /// The mark of `side`, or empty.
    pub fn of(side: Option<Side>) -> Cell {
        match side {
            Some(Side::First) => Cell::X,
            Some(Side::Second) => Cell::O,
            None => Cell::Empty,
        }
    }
}

/// The pieces each side has on the board, for games decided by counting
/// them (Othello): the front end announces the winner by them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PieceCount {
    /// The first player's pieces (X, black).
    pub first: u32,
    /// The second player's pieces (O, white).
    pub second: u32,
    /// Squares on the board, so the empty ones can be given to the winner
    /// (the score of tournaments).
    pub squares: u32,
}

impl PieceCount {
    /// The score with the empty squares given to the winner (none to
    /// either side in a tie): first's and second's.
    pub fn empties_to_winner(&self) -> (u32, u32) {
        let empty = self.squares.saturating_sub(self.first + self.second);
        match self.first.cmp(&self.second) {
            std::cmp::Ordering::Greater => (self.first + empty, self.second),
            std::cmp::Ordering::Less => (self.first, self.second + empty),
            std::cmp::Ordering::Equal => (self.first, self.second),
        }
    }
}

/// How a grid's pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GridStyle {
    /// X and O marks on light squares (the k-in-a-row games, Trilite).
    Marks,
    /// Black and white discs on a green board (Othello).
    Discs,
}

/// A board as a front end draws it, read from the game itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum BoardView {
    /// Squares named by column letter and row number from the top (`a1`
    /// top-left); `cells` row by row.
    Grid {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// How the pieces are drawn.
        style: GridStyle,
        /// What is on each square, row by row: `rows` x `cols` of them.
        cells: Vec<Cell>,
        /// Squares whose mark vanishes on its owner's next move (Trilite).
        fading: Vec<usize>,
        /// Discs of X and of O, for games scored by counting (Othello).
        #[serde(skip_serializing_if = "Option::is_none")]
        counts: Option<[usize; 2]>,
        /// The square of the last move, when it was a placement.
        #[serde(skip_serializing_if = "Option::is_none")]
        last: Option<usize>,
        /// The squares of the line that won the game, when one did.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        line: Vec<usize>,
        /// Empty squares the side to move may not play by the rules
        /// (renju's forbidden points for black).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        forbidden: Vec<usize>,
    },
    /// Nim: objects per row, row 1 first.
    Heaps {
        /// The objects in each row, row 1 first.
        heaps: Vec<u64>,
    },
    /// A game with no drawing: only the terminal's text.
    Text,
}

impl BoardView {
    /// A grid of `rows` x `cols` with these cells and nothing else marked.
    pub fn grid(rows: usize, cols: usize, cells: Vec<Cell>) -> BoardView {
        BoardView::Grid {
            rows,
            cols,
            style: GridStyle::Marks,
            cells,
            fading: Vec::new(),
            counts: None,
            last: None,
            line: Vec::new(),
            forbidden: Vec::new(),
        }
    }

    /// A grid of discs with these cells, scored by counting them.
    pub fn discs(rows: usize, cols: usize, cells: Vec<Cell>) -> BoardView {
        let count = |cell: Cell| cells.iter().filter(|c| **c == cell).count();
        let counts = Some([count(Cell::X), count(Cell::O)]);
        BoardView::Grid {
            rows,
            cols,
            style: GridStyle::Discs,
            cells,
            fading: Vec::new(),
            counts,
            last: None,
            line: Vec::new(),
            forbidden: Vec::new(),
        }
    }

    /// The same grid with the line that won marked: a run of `k` or more
    /// of one side's pieces in a row, column or diagonal (exactly `k`
    /// when `exact`); the longest when there are several. Other views are
    /// unchanged.
    pub fn with_winning_run(mut self, k: usize, exact: bool) -> BoardView {
        if let BoardView::Grid {
            rows,
            cols,
            cells,
            line,
            ..
        } = &mut self
        {
            *line = crate::winning_line::winning_run(*rows, *cols, cells, Cell::Empty, k, exact);
        }
        self
    }

    /// The same grid with the empty squares the side to move may not play
    /// marked; other views are unchanged.
    pub fn with_forbidden(mut self, squares: Vec<usize>) -> BoardView {
        if let BoardView::Grid { forbidden, .. } = &mut self {
            *forbidden = squares;
        }
        self
    }

    /// The same grid with `fading` squares marked (a Trilite mark that
    /// vanishes on its owner's next move); other views are unchanged.
    pub fn with_fading(mut self, squares: Vec<usize>) -> BoardView {
        if let BoardView::Grid { fading, .. } = &mut self {
            *fading = squares;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_squares_go_to_the_winner() {
        let count = |first, second| PieceCount {
            first,
            second,
            squares: 64,
        };
        assert_eq!(count(3, 0).empties_to_winner(), (64, 0));
        assert_eq!(count(20, 30).empties_to_winner(), (20, 44));
        assert_eq!(count(31, 31).empties_to_winner(), (31, 31));
        assert_eq!(count(40, 24).empties_to_winner(), (40, 24));
    }

    #[test]
    fn the_wire_shape_flattens_values() {
        let report = Report {
            game: "tictactoe",
            position: "X---O----".into(),
            to_move: Side::First,
            to_move_name: "X".into(),
            value: Value::draw(Some(7)),
            moves: vec![MoveValue {
                mv: "b1".into(),
                value: Value::lose(6),
            }],
            depth: None,
            pv: Vec::new(),
            notes: None,
            stats: None,
            stopped: Some(Stopped::TimeBudget),
        };
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "game": "tictactoe", "position": "X---O----", "to_move": "X",
                "to_move_name": "X", "value": "draw", "remoteness": 7, "four_score": 2,
                "moves": [{"move": "b1", "value": "lose", "remoteness": 6, "four_score": 0}],
                "stopped": "time budget"
            })
        );
        let board = BoardView::grid(1, 2, vec![Cell::X, Cell::Empty]);
        assert_eq!(
            serde_json::to_value(&board).unwrap(),
            serde_json::json!({"kind": "grid", "rows": 1, "cols": 2, "style": "marks", "cells": ["X", ""],
                               "fading": []})
        );
    }
}
