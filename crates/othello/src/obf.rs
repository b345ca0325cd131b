//! Test suites in OBF, the format of Edax and the FFO suite: one position
//! a line, 64 cells a1..h8 (`X` black, `O` white, `-` empty), the side to
//! move, then `MOVE:SCORE;` pairs, best first, where the first score is
//! the position's exact value. Blank lines and lines starting with `%` are
//! comments.
//!
//! Positions are numbered in file order from a first number: the suite's
//! own when the file is named after it (`fforum-40-59.obf` holds #40 to
//! #59, when it has exactly that many positions), else 1.

use thiserror::Error;

use ply_engine::Notation;

use crate::bitboard::Size8;
use crate::notation::square_name;
use crate::Othello;

/// Why a suite is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ObfError {
    /// A line that is not a position.
    #[error("line {line}: {reason}")]
    BadLine {
        /// The line in the file, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    #[error("no position in the file")]
    /// The file holds no position.
    Empty,
}

/// One position of a suite.
#[derive(Clone, Debug)]
pub struct ObfPosition {
    /// Its number in the suite.
    pub number: usize,
    /// Its line in the file (from 1).
    pub line: usize,
    /// Black's and white's discs, and who moves.
    pub game: Othello<Size8>,
    /// The listed moves with their scores, best first (may be empty).
    pub listed: Vec<(String, i32)>,
}

impl ObfPosition {
    /// The listed exact value: the first move's score.
    pub fn expected(&self) -> Option<i32> {
        self.listed.first().map(|m| m.1)
    }
}

/// The first number of a suite named `...A-B.obf` that holds B-A+1
/// positions.
pub fn first_number(file_name: &str, count: usize) -> Option<usize> {
    let stem = file_name.rsplit(['/', '\\']).next()?;
    let stem = stem.strip_suffix(".obf").unwrap_or(stem);
    let mut numbers = stem
        .rsplit(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty());
    let last: usize = numbers.next()?.parse().ok()?;
    let first: usize = numbers.next()?.parse().ok()?;
    (last >= first && last - first + 1 == count && stem.ends_with(&last.to_string()))
        .then_some(first)
}

/// Reads a suite; `file_name` picks the first number.
pub fn parse_obf(text: &str, file_name: &str) -> Result<Vec<ObfPosition>, ObfError> {
    let mut positions = Vec::new();
    let eight = Othello::<Size8>::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('%') {
            continue;
        }
        let bad = |reason: String| ObfError::BadLine { line, reason };
        let mut parts = trimmed.split(';');
        let board = parts.next().unwrap_or_default();
        let game = eight
            .parse_position(board)
            .map_err(|e| bad(e.to_string()))?;
        let mut listed = Vec::new();
        for pair in parts.map(str::trim).filter(|p| !p.is_empty()) {
            let (mv, score) = pair
                .split_once(':')
                .ok_or_else(|| bad(format!("'{}' is not MOVE:SCORE", shown(pair))))?;
            let score: i32 = score
                .trim()
                .parse()
                .ok()
                .filter(|s: &i32| s.abs() <= 64 && s % 2 == 0)
                .ok_or_else(|| {
                    bad(format!(
                        "'{}' is not a score (an even number from -64 to 64)",
                        shown(score)
                    ))
                })?;
            listed.push((mv.trim().to_ascii_lowercase(), score));
        }
        positions.push(ObfPosition {
            number: 0,
            line,
            game,
            listed,
        });
    }
    if positions.is_empty() {
        return Err(ObfError::Empty);
    }
    let first = first_number(file_name, positions.len()).unwrap_or(1);
    for (i, position) in positions.iter_mut().enumerate() {
        position.number = first + i;
    }
    Ok(positions)
}

/// User text as shown in a message: cut and escaped.
fn shown(text: &str) -> String {
    ply_engine::echo::shown(text)
}

/// A square of the 8x8 board in the suite's notation (`a1`..`h8`).
pub fn move_name(square: Option<u32>) -> String {
    match square {
        Some(x) => square_name(x / 8, x % 8),
        None => "pass".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;";

    #[test]
    fn numbers_from_the_file_name() {
        assert_eq!(first_number("bench/fforum-40-59.obf", 20), Some(40));
        assert_eq!(first_number("fforum-40-59.obf", 19), None);
        assert_eq!(first_number("suite.obf", 3), None);
        assert_eq!(first_number("x-1-3", 3), Some(1));
    }

    #[test]
    fn reads_positions_scores_and_comments() {
        let text = format!("% a comment\n\n{LINE}\n{LINE}\n");
        let suite = parse_obf(&text, "mine.obf").unwrap();
        assert_eq!(suite.len(), 2);
        assert_eq!((suite[0].number, suite[0].line), (1, 3));
        assert_eq!(suite[1].number, 2);
        assert_eq!(suite[0].expected(), Some(38));
        assert_eq!(suite[0].listed[1], ("c7".to_string(), 36));
        assert_eq!(suite[0].game.empties(), 20);
    }

    #[test]
    fn refuses_bad_lines() {
        assert_eq!(
            parse_obf("\n% only\n", "a.obf").unwrap_err(),
            ObfError::Empty
        );
        let short = parse_obf("XO- X\n", "a.obf").unwrap_err();
        assert!(short.to_string().starts_with("line 1: "), "{short}");
        let odd = parse_obf(&LINE.replace("+38", "+37"), "a.obf").unwrap_err();
        assert!(odd.to_string().contains("not a score"), "{odd}");
        let pair = parse_obf(&LINE.replace("A2:+38", "A2"), "a.obf").unwrap_err();
        assert!(pair.to_string().contains("MOVE:SCORE"), "{pair}");
        let small = parse_obf("XO-------------- X\n", "a.obf").unwrap_err();
        assert!(small.to_string().contains("position is 4x4"), "{small}");
    }
}
