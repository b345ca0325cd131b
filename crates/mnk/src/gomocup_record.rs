//! Whole games as the Gomocup protocol's position text: `BOARD`, one
//! `x,y,field` line a stone in the order played (x the column, y the row,
//! both from 0 at the top left; field 1 for the stones of the side to move
//! next, 2 for the other side's), then `DONE`, as a piskvork manager sends
//! a position to an engine. Black (X) moves first.

use ply_engine::{BoardView, Cell, GameError, GameRecord, Session, Side};

/// The format's name, as the page and the API ask for it.
pub const GOMOCUP: &str = "Gomocup";

/// The session's start stones (in row order: a start position has no
/// order) and then its moves, as `BOARD` text.
pub fn write(session: &mut dyn Session, moves: &[String]) -> Result<String, GameError> {
    let BoardView::Grid { cols, cells, .. } = session.board() else {
        return Err(GameError::Unsupported(
            "only a grid is written as a Gomocup position".into(),
        ));
    };
    let mut stones: Vec<(usize, Side)> = cells
        .iter()
        .enumerate()
        .filter_map(|(i, cell)| match cell {
            Cell::X => Some((i, Side::First)),
            Cell::O => Some((i, Side::Second)),
            Cell::Empty => None,
        })
        .collect();
    for mv in moves {
        let side = session.to_move();
        session.play(mv)?;
        if let BoardView::Grid {
            last: Some(square), ..
        } = session.board()
        {
            stones.push((square, side));
        }
    }
    let next = session.to_move();
    let mut text = String::from("BOARD\n");
    for (square, side) in stones {
        let field = if side == next { 1 } else { 2 };
        text.push_str(&format!("{},{},{field}\n", square % cols, square / cols));
    }
    text.push_str("DONE\n");
    Ok(text)
}

/// The moves of a `BOARD` text, from the empty board: the stones must
/// alternate, black first.
pub fn read(text: &str) -> Result<GameRecord, GameError> {
    let bad = |why: String| GameError::BadPosition(format!("not a Gomocup position: {why}"));
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.eq_ignore_ascii_case("BOARD") && !l.eq_ignore_ascii_case("DONE")
        })
        .collect();
    let mut fields = Vec::with_capacity(lines.len());
    let mut moves = Vec::with_capacity(lines.len());
    for line in &lines {
        let parts: Vec<&str> = line.split(',').map(str::trim).collect();
        let [x, y, field] = parts.as_slice() else {
            return Err(bad(format!("{line:?} is not x,y,field")));
        };
        let (Ok(x), Ok(y), Ok(field)) = (x.parse::<u8>(), y.parse::<u32>(), field.parse::<u8>())
        else {
            return Err(bad(format!("{line:?} is not three numbers")));
        };
        if x >= 26 || !(1..=2).contains(&field) {
            return Err(bad(format!("{line:?}: x is 0 to 25 and field 1 or 2")));
        }
        moves.push(format!("{}{}", char::from(b'a' + x), y + 1));
        fields.push(field);
    }
    // Field 1 is the side to move next: the stones alternate when every
    // other one, counted back from the last, is the other side's (2).
    let alternate = fields
        .iter()
        .rev()
        .enumerate()
        .all(|(i, &f)| f == if i % 2 == 0 { 2 } else { 1 });
    if !alternate {
        return Err(bad("the stones do not alternate, black first".into()));
    }
    Ok(GameRecord { start: None, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_alternate_and_read_back_as_moves() {
        let record = read("BOARD\n7,7,1\n8,7,2\n8,8,1\n7,8,2\nDONE\n").unwrap();
        assert_eq!(record.moves, ["h8", "i8", "i9", "h9"]);
        assert_eq!(record.start, None);
        assert!(read("BOARD\n7,7,1\n8,7,1\nDONE").is_err());
        assert!(read("BOARD\n7,7\nDONE").is_err());
    }
}
