//! Text forms: positions `1,2,3` (or digits `123`), moves `ROW:COUNT`
//! (1-based row), and the rows drawn as objects.

use ply_engine::{Game, GameError, Notation, Side};

use crate::game::{Nim, NimMove, MAX_COUNT, MAX_ROWS};

/// Most objects drawn for one row; longer rows are cut short (their count
/// is always printed).
const DRAWN: usize = 40;

/// Parses rows: comma (or space) separated counts, or, without separators,
/// one digit per row.
pub fn parse_rows(text: &str) -> Result<Vec<u16>, GameError> {
    let text = text.trim();
    let bad = |why: String| GameError::BadPosition(format!("bad Nim position '{text}': {why}"));
    if text.is_empty() {
        return Err(bad("give the rows, for example 1,2,3 or 123".into()));
    }
    let separated = text.contains(',') || text.contains(char::is_whitespace);
    let rows: Vec<u16> = if separated {
        let parts: Vec<&str> = if text.contains(',') {
            text.split(',').map(str::trim).collect()
        } else {
            text.split_whitespace().collect()
        };
        if let Some(i) = parts.iter().position(|p| p.is_empty()) {
            return Err(bad(format!(
                "row {} is missing (write 0 for an empty row)",
                i + 1
            )));
        }
        parts
            .iter()
            .map(|p| {
                if !p.chars().all(|c| c.is_ascii_digit()) {
                    return Err(bad(format!("'{p}' is not a number of objects")));
                }
                match p.parse::<u32>() {
                    Ok(n) if n <= MAX_COUNT as u32 => Ok(n as u16),
                    _ => Err(bad(format!(
                        "a row holds at most {MAX_COUNT} objects, not {p}"
                    ))),
                }
            })
            .collect::<Result<_, _>>()?
    } else {
        text.chars()
            .map(|c| {
                c.to_digit(10)
                    .map(|d| d as u16)
                    .ok_or_else(|| bad(format!("'{c}' is not a digit (use 1,2,3 or 123)")))
            })
            .collect::<Result<_, _>>()?
    };
    if rows.is_empty() {
        return Err(bad("give at least one row".into()));
    }
    if rows.len() > MAX_ROWS {
        return Err(bad(format!("at most {MAX_ROWS} rows, not {}", rows.len())));
    }
    Ok(rows)
}

/// Formats rows canonically: `1,2,3`.
pub fn format_rows(rows: &[u16]) -> String {
    rows.iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

impl Notation for Nim {
    fn format_move(&self, mv: NimMove) -> String {
        format!("{}:{}", mv.row as usize + 1, mv.take)
    }

    fn parse_move(&self, text: &str) -> Result<NimMove, GameError> {
        let text = text.trim();
        let illegal = |why: String| GameError::IllegalMove(why);
        let not_a_move = || {
            illegal(format!(
                "'{text}' is not a move: type ROW:COUNT, for example 2:1 takes one object from row 2"
            ))
        };
        let (row_text, take_text) = text
            .split_once(':')
            .or_else(|| text.split_once(char::is_whitespace))
            .ok_or_else(not_a_move)?;
        let number = |t: &str| -> Option<u64> {
            let t = t.trim();
            (!t.is_empty() && t.chars().all(|c| c.is_ascii_digit()))
                .then(|| t.parse::<u64>().unwrap_or(u64::MAX))
        };
        let row = number(row_text).ok_or_else(not_a_move)?;
        let take = number(take_text).ok_or_else(not_a_move)?;
        let rows = self.rows();
        if self.result().is_some() {
            return Err(illegal("the game is over: every row is empty".into()));
        }
        if row == 0 || row > rows.len() as u64 {
            return Err(illegal(format!(
                "there is no row {row}: rows are numbered 1 to {}",
                rows.len()
            )));
        }
        let count = rows[row as usize - 1] as u64;
        if count == 0 {
            return Err(illegal(format!(
                "row {row} is empty: take from another row"
            )));
        }
        if take == 0 {
            return Err(illegal("take at least one object".into()));
        }
        if take > count {
            let objects = if count == 1 { "object" } else { "objects" };
            return Err(illegal(format!(
                "row {row} holds only {count} {objects}: you cannot take {take}"
            )));
        }
        Ok(NimMove {
            row: (row - 1) as u8,
            take: take as u16,
        })
    }

    fn format_position(&self) -> String {
        format_rows(self.rows())
    }

    fn parse_position(&self, text: &str) -> Result<Nim, GameError> {
        Ok(Nim::new(&parse_rows(text)?, self.misere()))
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
