//! The Nim trace of a game, as the Nim request's program prints it: one
//! line a move, the board after it in digit-rows notation and what the move
//! did, in the trace's own words:
//!
//! ```text
//! board is (123)    initial board
//! board is (23)     player removes entire top row (1 item)
//! board is (22)     computer removes one (1) item from bottom row
//! board is (20)     player removes entire bottom row (2 items)
//! computer wins     computer removes entire middle row (2 items)
//! ```
//!
//! The original example drops a word here and there ("from row", "(2)");
//! the lines here always name the row and say "items". Rows are top,
//! middle and bottom for three rows, top and bottom for two, and numbered
//! from the top otherwise.

use ply_engine::{GameError, Notation};

use crate::game::{Nim, NimMove};
use crate::notation::short_rows;

/// The name of row `row` (0-based) of `rows` rows.
pub fn row_name(row: usize, rows: usize) -> String {
    match (rows, row) {
        (1, _) => "the row".into(),
        (2, 0) | (3, 0) => "top row".into(),
        (2, 1) | (3, 2) => "bottom row".into(),
        (3, 1) => "middle row".into(),
        _ => format!("row {}", row + 1),
    }
}

/// "one (1) item", "two (2) items", "25 items".
fn items(count: u16) -> String {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    let noun = if count == 1 { "item" } else { "items" };
    match WORDS.get(usize::from(count)) {
        Some(word) => format!("{word} ({count}) {noun}"),
        None => format!("{count} {noun}"),
    }
}

/// What `mv` does to `before`, after the mover's name: "removes entire top
/// row (1 item)" or "removes one (1) item from bottom row".
pub fn describe_move(before: &[u16], mv: NimMove) -> String {
    let row = usize::from(mv.row);
    let name = row_name(row, before.len());
    let noun = if mv.take == 1 { "item" } else { "items" };
    if before.get(row) == Some(&mv.take) {
        if name == "the row" {
            format!("removes the entire row ({} {noun})", mv.take)
        } else {
            format!("removes entire {name} ({} {noun})", mv.take)
        }
    } else {
        format!("removes {} from {name}", items(mv.take))
    }
}

/// "board is (23)".
pub fn board(rows: &[u16]) -> String {
    format!("board is ({})", short_rows(rows))
}

/// Writes a game's trace lines from positions and moves as a front end has
/// them (text in the game's notation), in two aligned columns.
#[derive(Clone, Debug)]
pub struct Tracer {
    width: usize,
}

impl Tracer {
    /// The tracer of a game starting at `start` (a position in Nim's
    /// notation), and the trace's first line.
    pub fn start(start: &str) -> Result<(Tracer, String), GameError> {
        let nim = Nim::standard().parse_position(start)?;
        let left = board(nim.rows());
        // Wide enough for every board of this game and for "player 2 wins".
        let tracer = Tracer {
            width: left.len().max("computer wins".len()) + 4,
        };
        let line = tracer.line(&left, "initial board");
        Ok((tracer, line))
    }

    fn line(&self, left: &str, right: &str) -> String {
        format!("{left:<width$}{right}", width = self.width)
    }
}

impl ply_engine::Transcript for Tracer {
    /// The line for `mover` playing `mv` at `before`; `winner` names who
    /// won when the move ended the game, which the line then says instead
    /// of the (empty) board.
    fn step(
        &self,
        before: &str,
        mv: &str,
        mover: &str,
        winner: Option<&str>,
    ) -> Result<String, GameError> {
        let mut nim = Nim::standard().parse_position(before)?;
        let parsed = nim.parse_move(mv)?;
        let rows = nim.rows().to_vec();
        ply_engine::Game::play(&mut nim, parsed);
        let left = match winner {
            Some(winner) => format!("{winner} wins"),
            None => board(nim.rows()),
        };
        Ok(self.line(&left, &format!("{mover} {}", describe_move(&rows, parsed))))
    }

    /// The line after moves were taken back to `position`.
    fn taken_back(&self, position: &str) -> Result<String, GameError> {
        let nim = Nim::standard().parse_position(position)?;
        Ok(self.line(&board(nim.rows()), "moves taken back"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_engine::Transcript;

    /// The example game of the trace, 123 -> 23 -> 22 -> 20 -> 0.
    #[test]
    fn the_example_game_reads_as_the_example_shows_it() {
        let (tracer, first) = Tracer::start("1,2,3").unwrap();
        assert_eq!(first.trim_end(), "board is (123)    initial board");
        let lines = [
            tracer.step("1,2,3", "1:1", "player", None).unwrap(),
            tracer.step("0,2,3/2", "3:1", "computer", None).unwrap(),
            tracer.step("0,2,2", "3:2", "player", None).unwrap(),
            tracer
                .step("0,2,0/2", "2:2", "computer", Some("computer"))
                .unwrap(),
        ];
        assert_eq!(
            lines,
            [
                "board is (23)     player removes entire top row (1 item)",
                "board is (22)     computer removes one (1) item from bottom row",
                "board is (20)     player removes entire bottom row (2 items)",
                "computer wins     computer removes entire middle row (2 items)",
            ]
        );
    }

    #[test]
    fn rows_and_counts_are_named() {
        assert_eq!(
            describe_move(&[30, 4], NimMove { row: 0, take: 25 }),
            "removes 25 items from top row"
        );
        assert_eq!(
            describe_move(&[5, 4, 3, 2], NimMove { row: 3, take: 2 }),
            "removes entire row 4 (2 items)"
        );
        assert_eq!(
            describe_move(&[7], NimMove { row: 0, take: 3 }),
            "removes three (3) items from the row"
        );
    }
}
