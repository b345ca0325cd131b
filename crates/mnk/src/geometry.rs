//! The fixed facts of one board shape: its lines, symmetries and Zobrist
//! keys, computed once and shared by every position on that board.

use std::sync::Arc;

use ply_engine::GameError;

/// The largest side supported: a whole board fits one `u64` per player.
pub const MAX_SIDE: u8 = 8;
/// The most lines a board has: a window starts at each square in at most
/// four directions. Searches keep lists of lines in arrays this long.
pub const MAX_BOARD_LINES: usize = 4 * 64;

/// One board shape `rows x cols` with `k` in a row to win.
#[derive(Debug)]
pub struct Geometry {
    pub rows: u8,
    pub cols: u8,
    pub k: u8,
    pub cells: u8,
    /// Every square of the board.
    pub full: u64,
    /// Every window of `k` squares along a row, column or diagonal.
    pub lines: Vec<u64>,
    /// For each square, the lines through it (`line_start[sq]..line_start[sq + 1]`
    /// in `lines_through`): the win check after a move looks only there.
    pub lines_through: Vec<u64>,
    pub line_start: Vec<usize>,
    /// Square maps of the board's symmetries; `symmetries[0]` is the identity.
    pub symmetries: Vec<[u8; 64]>,
    /// Zobrist keys by player and square.
    pub zobrist: [[u64; 64]; 2],
    /// Squares nearest the centre first, then row-major: the rule-based
    /// player's preference (centre, edges, corners) on 3x3, generalised.
    pub by_centrality: Vec<u8>,
}

impl Geometry {
    /// The shape, or why it is not supported.
    pub fn new(rows: u8, cols: u8, k: u8) -> Result<Arc<Geometry>, GameError> {
        for (name, value) in [("rows", rows), ("cols", cols)] {
            if !(1..=MAX_SIDE).contains(&value) {
                return Err(GameError::option(
                    name,
                    ply_engine::OptionProblem::OutOfRange {
                        value: value.into(),
                        min: 1,
                        max: MAX_SIDE.into(),
                        context: String::new(),
                    },
                ));
            }
        }
        let longest = rows.max(cols);
        if k < 1 || k > longest {
            return Err(GameError::option(
                "k",
                ply_engine::OptionProblem::OutOfRange {
                    value: k.into(),
                    min: 1,
                    max: longest.into(),
                    context: format!(" on a {rows}x{cols} board"),
                },
            ));
        }
        let cells = rows * cols;
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let lines = windows(rows, cols, k);
        let mut lines_through = Vec::new();
        let mut line_start = Vec::with_capacity(cells as usize + 1);
        for sq in 0..cells {
            line_start.push(lines_through.len());
            lines_through.extend(lines.iter().filter(|&&l| l >> sq & 1 == 1));
        }
        line_start.push(lines_through.len());
        Ok(Arc::new(Geometry {
            rows,
            cols,
            k,
            cells,
            full,
            lines,
            lines_through,
            line_start,
            symmetries: symmetries(rows, cols),
            zobrist: zobrist_keys(),
            by_centrality: by_centrality(rows, cols),
        }))
    }

    /// The lines through square `sq`.
    #[inline]
    pub fn through(&self, sq: usize) -> &[u64] {
        &self.lines_through[self.line_start[sq]..self.line_start[sq + 1]]
    }

    pub fn square(&self, row: u8, col: u8) -> u8 {
        row * self.cols + col
    }

    pub fn row_col(&self, sq: u8) -> (u8, u8) {
        (sq / self.cols, sq % self.cols)
    }
}

fn windows(rows: u8, cols: u8, k: u8) -> Vec<u64> {
    let (rows, cols, k) = (rows as i32, cols as i32, k as i32);
    let mut lines = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for r in 0..rows {
            for c in 0..cols {
                let (er, ec) = (r + dr * (k - 1), c + dc * (k - 1));
                if er < 0 || er >= rows || ec < 0 || ec >= cols {
                    continue;
                }
                let mut line = 0u64;
                for i in 0..k {
                    line |= 1u64 << ((r + dr * i) * cols + c + dc * i);
                }
                if !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
    }
    lines
}

/// The square maps of the board's symmetry group, duplicates removed
/// (a 1xN board's vertical flip is the identity).
fn symmetries(rows: u8, cols: u8) -> Vec<[u8; 64]> {
    let (r, c) = (rows as usize, cols as usize);
    type Transform = Box<dyn Fn(usize, usize) -> (usize, usize)>;
    let mut transforms: Vec<Transform> = vec![
        Box::new(|i, j| (i, j)),
        Box::new(move |i, j| (i, c - 1 - j)),
        Box::new(move |i, j| (r - 1 - i, j)),
        Box::new(move |i, j| (r - 1 - i, c - 1 - j)),
    ];
    if rows == cols {
        transforms.push(Box::new(|i, j| (j, i)));
        transforms.push(Box::new(move |i, j| (c - 1 - j, r - 1 - i)));
        transforms.push(Box::new(move |i, j| (j, r - 1 - i)));
        transforms.push(Box::new(move |i, j| (c - 1 - j, i)));
    }
    let mut maps: Vec<[u8; 64]> = Vec::new();
    for t in transforms {
        let mut map = [0u8; 64];
        for i in 0..r {
            for j in 0..c {
                let (ti, tj) = t(i, j);
                map[i * c + j] = (ti * c + tj) as u8;
            }
        }
        if !maps.contains(&map) {
            maps.push(map);
        }
    }
    maps
}

fn by_centrality(rows: u8, cols: u8) -> Vec<u8> {
    let mut squares: Vec<u8> = (0..rows * cols).collect();
    // Doubled coordinates keep the centre of even boards on integers.
    let distance = |sq: u8| {
        let (i, j) = ((sq / cols) as i32, (sq % cols) as i32);
        let di = 2 * i - (rows as i32 - 1);
        let dj = 2 * j - (cols as i32 - 1);
        di * di + dj * dj
    };
    squares.sort_by_key(|&sq| (distance(sq), sq));
    squares
}

/// Fixed pseudo-random keys (splitmix64), the same on every run so that
/// hashes and benchmark node counts are reproducible.
fn zobrist_keys() -> [[u64; 64]; 2] {
    let mut state = 0x5EED_0F71_C7AC_7000_u64;
    let mut keys = [[0u64; 64]; 2];
    for side in &mut keys {
        for key in side.iter_mut() {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            *key = z ^ (z >> 31);
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tic_tac_toe_has_eight_lines_and_eight_symmetries() {
        let g = Geometry::new(3, 3, 3).unwrap();
        assert_eq!(g.lines.len(), 8);
        assert_eq!(g.symmetries.len(), 8);
        assert_eq!(g.through(4).len(), 4);
        assert_eq!(g.by_centrality[..5], [4, 1, 3, 5, 7]);
    }

    #[test]
    fn rectangles_have_four_symmetries() {
        let g = Geometry::new(5, 6, 4).unwrap();
        assert_eq!(g.symmetries.len(), 4);
        assert_eq!(Geometry::new(1, 5, 3).unwrap().symmetries.len(), 2);
        assert_eq!(Geometry::new(1, 1, 1).unwrap().symmetries.len(), 1);
        assert!(Geometry::new(9, 3, 3).is_err());
        assert!(Geometry::new(3, 3, 4).is_err());
        assert_eq!(Geometry::new(8, 8, 8).unwrap().full, u64::MAX);
    }
}
