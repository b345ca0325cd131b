//! Text forms: positions `1,2,3` (then `/2` when player 2 is to move),
//! moves `ROW:COUNT` (1-based row), and the rows drawn as objects. How rows
//! are read from text is in `rows`.
//!
//! Digit-rows notation ([`digit_rows_notation`]: three rows of 0-9 as one
//! number, `23` for 0,2,3) is the Nim request's way of writing positions.

use ply_engine::{Game, GameError, MoveProblem, Notation, PositionNotation, Side};

use crate::game::{Nim, NimMove};
use crate::rows::read_rows;
use ply_engine::echo::shown;

/// Most objects drawn for one row; longer rows are cut short (their count
/// is always printed).
const DRAWN: usize = 40;

/// How a Nim position is written, for help and error messages.
pub const POSITION_NOTATION: PositionNotation = PositionNotation {
    description: "the objects in each row, comma separated, then /2 when player 2 is to move \
                  (three digits without commas, such as 123, are three rows of 0-9)",
    example: "1,2,3",
};

/// The error for a position that cannot be read: what is wrong (naming the
/// part at fault; the front end names the whole), then the notation with an
/// example.
fn bad_position(why: impl std::fmt::Display) -> GameError {
    let notation = POSITION_NOTATION;
    GameError::BadPosition(format!(
        "{why}; a Nim position is {}, for example {}",
        notation.description, notation.example
    ))
}

/// Formats rows canonically: `1,2,3`. A single row of 10 or more ends with
/// a comma (`123,`), so that it never reads back as a row per digit.
pub fn format_rows(rows: &[u16]) -> String {
    let text = rows
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(",");
    match rows {
        [single] if *single >= 10 => format!("{text},"),
        _ => text,
    }
}

/// Digit-rows notation for three rows of 0-9: one digit a row, top
/// row first, read as a number, so leading zeros drop (`23` is 0,2,3 and
/// `0` is every row empty). `None` for other positions, where a run of
/// digits would be read back as one row.
pub fn digit_rows_notation(rows: &[u16]) -> Option<String> {
    if rows.len() != 3 || rows.iter().any(|&r| r > 9) {
        return None;
    }
    let digits: String = rows.iter().map(u16::to_string).collect();
    let number = digits.trim_start_matches('0');
    Some(if number.is_empty() {
        "0".into()
    } else {
        number.into()
    })
}

/// Digit-rows notation for three rows of 0-9, else the canonical
/// `1,2,13`.
pub fn short_rows(rows: &[u16]) -> String {
    digit_rows_notation(rows).unwrap_or_else(|| format_rows(rows))
}

/// A number in a move as typed: its value (saturated far above any row), or
/// negative.
fn move_number(text: &str) -> Option<Result<u64, ()>> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.parse::<u64>().unwrap_or(u64::MAX);
    Some(if text.starts_with('-') && value > 0 {
        Err(())
    } else {
        Ok(value)
    })
}

impl Notation for Nim {
    fn format_move(&self, mv: NimMove) -> String {
        format!("{}:{}", mv.row as usize + 1, mv.take)
    }

    fn parse_move(&self, text: &str) -> Result<NimMove, GameError> {
        let text = text.trim();
        let illegal =
            |problem: MoveProblem, why: String| GameError::illegal(Some(text), problem, why);
        let not_a_move = || {
            illegal(
                MoveProblem::NotAMove,
                format!(
                "'{}' is not a move: type ROW:COUNT, for example 2:1 takes one object from row 2",
                shown(text)
            ),
            )
        };
        let (row_text, take_text) = text
            .split_once(':')
            .or_else(|| text.split_once(char::is_whitespace))
            .ok_or_else(not_a_move)?;
        let (row_text, take_text) = (row_text.trim(), take_text.trim());
        let row = move_number(row_text).ok_or_else(not_a_move)?;
        let take = move_number(take_text).ok_or_else(not_a_move)?;
        let rows = self.rows();
        if self.result().is_some() {
            return Err(illegal(
                MoveProblem::GameOver,
                "the game is over: every row is empty".into(),
            ));
        }
        let numbered = format!("rows are numbered 1 to {}", rows.len());
        let row = match row {
            Err(()) => {
                return Err(illegal(
                    MoveProblem::OffBoard,
                    format!(
                        "the row must be at least 1, not {}: {numbered}",
                        shown(row_text)
                    ),
                ))
            }
            Ok(row) if row == 0 || row > rows.len() as u64 => {
                return Err(illegal(
                    MoveProblem::OffBoard,
                    format!("there is no row {}: {numbered}", shown(row_text)),
                ))
            }
            Ok(row) => row as usize,
        };
        let count = u64::from(rows[row - 1]);
        if count == 0 {
            return Err(illegal(
                MoveProblem::Forbidden,
                format!("row {row} is empty: take from another row"),
            ));
        }
        let take = match take {
            Ok(take) if take >= 1 => take,
            _ => {
                return Err(illegal(
                    MoveProblem::NotAMove,
                    format!("take at least one object, not {}", shown(take_text)),
                ))
            }
        };
        if take > count {
            let objects = if count == 1 { "object" } else { "objects" };
            return Err(illegal(
                MoveProblem::Forbidden,
                format!(
                    "row {row} holds only {count} {objects}: you cannot take {}",
                    shown(take_text)
                ),
            ));
        }
        Ok(NimMove {
            row: (row - 1) as u8,
            take: take as u16,
        })
    }

    /// The rows, then `/2` when player 2 is to move: the side to move
    /// survives the text, so a position solved and then played names the
    /// right player.
    fn format_position(&self) -> String {
        match self.to_move() {
            Side::First => format_rows(self.rows()),
            Side::Second => format!("{}/2", format_rows(self.rows())),
        }
    }

    fn parse_position(&self, text: &str) -> Result<Nim, GameError> {
        let (rows_text, player) = match text.split_once('/') {
            None => (text, Side::First),
            Some((rows, player)) => match player.trim() {
                "1" => (rows, Side::First),
                "2" => (rows, Side::Second),
                other => {
                    return Err(bad_position(format!(
                        "after '/' comes the player to move, 1 or 2, not '{}'",
                        shown(other)
                    )))
                }
            },
        };
        let rows = read_rows(rows_text).map_err(bad_position)?;
        let ply = match player {
            Side::First => 0,
            Side::Second => 1,
        };
        Ok(Nim::new(&rows.rows, self.misere()).with_ply(ply))
    }

    fn side_name(&self, side: Side) -> String {
        match side {
            Side::First => "player 1".into(),
            Side::Second => "player 2".into(),
        }
    }

    fn render(&self, colour: bool) -> String {
        let (on, off) = if colour {
            ("\x1b[33m", "\x1b[0m")
        } else {
            ("", "")
        };
        let width = self
            .rows()
            .iter()
            .map(|&c| (c as usize).min(DRAWN))
            .max()
            .unwrap_or(0);
        let mut out = String::new();
        for (i, &count) in self.rows().iter().enumerate() {
            let shown = (count as usize).min(DRAWN);
            let mut objects = vec!["|"; shown].join(" ");
            if shown < count as usize {
                objects.push_str(" ...");
            }
            let pad = (2 * width + 4).saturating_sub(objects.chars().count());
            out.push_str(&format!(
                "row {:>2}:  {on}{objects}{off}{}  ({count})\n",
                i + 1,
                " ".repeat(pad)
            ));
        }
        let rule = if self.misere() {
            "misère: whoever takes the last object loses"
        } else {
            "whoever takes the last object wins"
        };
        out.push_str(&format!("{rule}; move ROW:COUNT\n"));
        out
    }
}
