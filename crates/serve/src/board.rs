//! The board as the page draws it, read from the position's text.
//!
//! The session interface gives positions as text only, so this module
//! knows the notation of each game's position (DESIGN.md) to lay out the
//! squares or heaps; a game it does not know is shown as the terminal's
//! text, and stays playable by typing moves.

use serde::Serialize;

/// What the page draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Board {
    /// Squares named by column letter and row number from the top (`a1`
    /// top-left); `cells` row by row, each `X`, `O` or empty.
    Grid {
        rows: usize,
        cols: usize,
        cells: Vec<String>,
        /// Squares whose mark vanishes on its owner's next move (Trilite).
        fading: Vec<usize>,
        /// Discs of X and of O, for games scored by counting (Othello).
        #[serde(skip_serializing_if = "Option::is_none")]
        counts: Option<[usize; 2]>,
    },
    /// Nim: objects per row, row 1 first.
    Heaps { heaps: Vec<u64> },
    /// Only the terminal's text.
    Text,
}

/// The grid's shape when the game's start lists every square as a move
/// (m,n,k games start empty): rows and columns from the square names.
pub fn grid_shape(start_moves: &[String]) -> Option<(usize, usize)> {
    let mut rows = 0;
    let mut cols = 0;
    for name in start_moves {
        let (row, col) = square(name)?;
        rows = rows.max(row + 1);
        cols = cols.max(col + 1);
    }
    (rows * cols == start_moves.len() && rows > 0).then_some((rows, cols))
}

/// `b3` as (row 2, column 1).
pub fn square(name: &str) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let letter = chars.next().filter(char::is_ascii_lowercase)?;
    let row: usize = chars.as_str().parse().ok()?;
    let col = (letter as u8 - b'a') as usize;
    (row >= 1).then_some((row - 1, col))
}

fn mark(c: char) -> String {
    match c {
        'X' | 'x' => "X".into(),
        'O' | 'o' => "O".into(),
        _ => String::new(),
    }
}

/// The board of `game` at `position`; `shape` is the grid's shape taken
/// from the start of an (m,n,k) game.
pub fn board(game: &str, position: &str, shape: Option<(usize, usize)>) -> Board {
    let board = match game {
        "tictactoe" | "mnk" => shape.and_then(|shape| cells_board(position, shape)),
        "othello" => othello(position),
        "trilite" => trilite(position),
        "nim" => nim(position),
        _ => None,
    };
    board.unwrap_or(Board::Text)
}

fn cells_board(position: &str, (rows, cols): (usize, usize)) -> Option<Board> {
    let cells: Vec<String> = position.chars().map(mark).collect();
    (cells.len() == rows * cols).then_some(Board::Grid {
        rows,
        cols,
        cells,
        fading: Vec::new(),
        counts: None,
    })
}

/// OBF: N*N cells, a space, the side to move.
fn othello(position: &str) -> Option<Board> {
    let (cells, _side) = position.split_once(' ')?;
    let n = (1..=16).find(|n| n * n == cells.len())?;
    let cells: Vec<String> = cells.chars().map(mark).collect();
    let count = |m: &str| cells.iter().filter(|c| *c == m).count();
    let counts = [count("X"), count("O")];
    Some(Board::Grid {
        rows: n,
        cols: n,
        cells,
        fading: Vec::new(),
        counts: Some(counts),
    })
}

/// The moves so far: each player keeps three marks, a fourth removes the
/// oldest; a player's oldest of three is the one to vanish next.
fn trilite(position: &str) -> Option<Board> {
    let mut marks: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (ply, name) in position.split_whitespace().enumerate() {
        let (row, col) = square(name)?;
        if row >= 3 || col >= 3 {
            return None;
        }
        let own = &mut marks[ply % 2];
        own.push(3 * row + col);
        if own.len() > 3 {
            own.remove(0);
        }
    }
    let mut cells = vec![String::new(); 9];
    let mut fading = Vec::new();
    for (side, own) in marks.iter().enumerate() {
        for &square in own {
            cells[square] = if side == 0 { "X" } else { "O" }.into();
        }
        if own.len() == 3 {
            fading.push(own[0]);
        }
    }
    Some(Board::Grid {
        rows: 3,
        cols: 3,
        cells,
        fading,
        counts: None,
    })
}

/// `1,2,3`, then `/2` when player 2 is to move.
fn nim(position: &str) -> Option<Board> {
    let heaps = position.split('/').next()?;
    let heaps: Option<Vec<u64>> = heaps.split(',').map(|h| h.trim().parse().ok()).collect();
    Some(Board::Heaps { heaps: heaps? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_letter_then_row_from_the_top() {
        assert_eq!(square("a1"), Some((0, 0)));
        assert_eq!(square("c2"), Some((1, 2)));
        assert_eq!(square("pass"), None);
        assert_eq!(square("a0"), None);
    }
}
