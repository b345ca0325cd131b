//! Square names: `a1`..`c3` (column letter, then row from the top) or the
//! numbers 1..9 in row-major order.

use ply_engine::echo::shown;
use ply_engine::{GameError, MoveProblem};

/// Canonical name of a square: column letter, then row counted from the top.
pub fn square_name(square: u8) -> String {
    let column = (b'a' + square % 3) as char;
    format!("{column}{}", square / 3 + 1)
}

/// Reads a square name (`b2`) or number (`5`, row-major 1..9) without
/// checking whether it is free.
pub fn parse_square(text: &str) -> Result<u8, GameError> {
    let text = text.trim();
    let bad = || {
        GameError::illegal(
            Some(text),
            MoveProblem::NotAMove,
            format!(
                "'{}' is not a square: expected a1..c3 (column, then row from the top) or 1..9",
                shown(text)
            ),
        )
    };
    let off = || {
        GameError::illegal(
            Some(text),
            MoveProblem::OffBoard,
            format!(
                "{} is off the board: squares are a1..c3, or 1..9",
                shown(text)
            ),
        )
    };
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return match text.parse::<i64>() {
            Ok(number @ 1..=9) => Ok(number as u8 - 1),
            _ => Err(off()),
        };
    }
    let mut chars = text.chars();
    let column = chars
        .next()
        .filter(char::is_ascii_alphabetic)
        .ok_or_else(bad)?;
    let row_text = chars.as_str();
    if row_text.is_empty() || !row_text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let column = column.to_ascii_lowercase() as u32 - 'a' as u32;
    match row_text.parse::<u32>() {
        Ok(row @ 1..=3) if column < 3 => Ok((3 * (row - 1) + column) as u8),
        _ => Err(off()),
    }
}
