//! Text forms: squares `b2` (column letter, row counted from the top) or
//! cell numbers 1..rows*cols; positions as row-major `X`/`O`/`-` strings.

use ply_engine::{GameError, MoveProblem, Notation, Side};

use crate::board::{Mnk, Status};

impl Mnk {
    fn square_name(&self, sq: u8) -> String {
        let (row, col) = self.geo.row_col(sq);
        format!("{}{}", (b'a' + col) as char, row + 1)
    }

    fn last_square_name(&self) -> String {
        self.square_name(self.geo.cells - 1)
    }

    /// The square a text names, without checking whether it is free.
    fn parse_square(&self, text: &str) -> Result<u8, GameError> {
        let last = self.last_square_name();
        let index = parse_cell(text, self.geo.rows, self.geo.cols, &last)?;
        Ok(index as u8)
    }
}

impl Notation for Mnk {
    fn format_move(&self, mv: u8) -> String {
        self.square_name(mv)
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let sq = self.parse_square(text)?;
        match self.status() {
            Status::Playing => {}
            _ => return Err(GameError::game_over("the game is over")),
        }
        if self.owner(sq).is_some() {
            let name = self.square_name(sq);
            return Err(GameError::illegal(
                Some(&name),
                MoveProblem::Occupied,
                format!("{name} is occupied"),
            ));
        }
        Ok(sq)
    }

    fn format_position(&self) -> String {
        (0..self.geo.cells)
            .map(|sq| match self.owner(sq) {
                Some(Side::First) => 'X',
                Some(Side::Second) => 'O',
                None => '-',
            })
            .collect()
    }

    fn parse_position(&self, text: &str) -> Result<Mnk, GameError> {
        let geo = &self.geo;
        let cells = text.trim_matches(['\n', '\r']);
        let count = cells.chars().count();
        if count != geo.cells as usize {
            return Err(GameError::BadPosition(format!(
                "a {}x{} position has {} cells (X, O or - each, row by row), got {count}",
                geo.rows, geo.cols, geo.cells
            )));
        }
        let (x_cells, o_cells) = read_cells(cells)?;
        let (xs, os) = (x_cells.len(), o_cells.len());
        let bits = |cells: Vec<usize>| cells.into_iter().fold(0u64, |b, sq| b | 1 << sq);
        let (x, o) = (bits(x_cells), bits(o_cells));
        let game = Mnk::from_stones(geo.clone(), x, o);
        let k = geo.k;
        let lines_of = |stones: u64| -> Vec<u64> {
            geo.lines
                .iter()
                .copied()
                .filter(|&l| stones & l == l)
                .collect()
        };
        let (x_lines, o_lines) = (lines_of(x), lines_of(o));
        if !x_lines.is_empty() && !o_lines.is_empty() {
            return Err(GameError::BadPosition(format!(
                "both X and O have {k} in a row: the game ended before the second one"
            )));
        }
        for (name, lines, moved_last) in [("X", &x_lines, xs > os), ("O", &o_lines, xs == os)] {
            if lines.is_empty() {
                continue;
            }
            if !moved_last {
                return Err(GameError::BadPosition(format!(
                    "{name} has {k} in a row but the other side moved after: \
                     the game was already over"
                )));
            }
            // The winning move must lie on every completed line.
            if lines.iter().fold(geo.full, |acc, &l| acc & l) == 0 {
                return Err(GameError::BadPosition(format!(
                    "{name} has {k} in a row twice with no stone in common: \
                     the game was already over before the last move"
                )));
            }
        }
        Ok(game)
    }

    fn side_name(&self, side: Side) -> String {
        side.letter().into()
    }

    fn render(&self, colour: bool) -> String {
        let geo = &self.geo;
        let paint = |side: Side| -> String {
            let (mark, code) = match side {
                Side::First => ('X', "1;31"),
                Side::Second => ('O', "1;34"),
            };
            if colour {
                format!("\x1b[{code}m{mark}\x1b[0m")
            } else {
                mark.to_string()
            }
        };
        let mut out = String::from("   ");
        for col in 0..geo.cols {
            out.push_str(&format!(" {}  ", (b'a' + col) as char));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
        for row in 0..geo.rows {
            out.push_str(&format!("{:>2} ", row + 1));
            for col in 0..geo.cols {
                let sq = geo.square(row, col);
                let mark = match self.owner(sq) {
                    Some(side) => paint(side),
                    None if colour => "\x1b[2m·\x1b[0m".to_string(),
                    None => ".".to_string(),
                };
                let sep = if col + 1 < geo.cols { " |" } else { "" };
                out.push_str(&format!(" {mark}{sep}"));
            }
            out.push('\n');
            if row + 1 < geo.rows {
                out.push_str("   ");
                let bar: Vec<&str> = (0..geo.cols).map(|_| "---").collect();
                out.push_str(&bar.join("+"));
                out.push('\n');
            }
        }
        out
    }
}

/// The cell, row by row from 0, that a text names on a `rows` x `cols`
/// board: a square `b2` (column letter, row from the top) or a cell
/// number 1..rows*cols; `last` is the last square's name, for messages.
/// Both boards' notations read squares with it.
pub(crate) fn parse_cell(text: &str, rows: u8, cols: u8, last: &str) -> Result<usize, GameError> {
    let t = text.trim().to_ascii_lowercase();
    let (rows, cols) = (usize::from(rows), usize::from(cols));
    let cells = rows * cols;
    let range = format!("a1-{last} or 1-{cells}");
    let off = || {
        GameError::illegal(
            Some(text),
            MoveProblem::OffBoard,
            format!("{} is off the board ({range})", text.trim()),
        )
    };
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        let n: usize = t.parse().unwrap_or(usize::MAX);
        return if (1..=cells).contains(&n) {
            Ok(n - 1)
        } else {
            Err(off())
        };
    }
    let mut chars = t.chars();
    let letter = chars.next().filter(char::is_ascii_lowercase);
    let digits = chars.as_str();
    match letter {
        Some(letter) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            let col = letter as usize - 'a' as usize;
            let row: usize = digits.parse().unwrap_or(usize::MAX);
            if col < cols && (1..=rows).contains(&row) {
                Ok((row - 1) * cols + col)
            } else {
                Err(off())
            }
        }
        _ => Err(GameError::illegal(
            Some(text),
            MoveProblem::NotAMove,
            format!(
                "'{}' is not a square (give a square like b2, {range})",
                text.trim()
            ),
        )),
    }
}

/// The cells of X and of O, row by row from 0, in a position's text (its
/// length already checked), with the counts checked: X moves first and
/// the players take turns. Both boards' notations read positions with it.
pub(crate) fn read_cells(cells: &str) -> Result<(Vec<usize>, Vec<usize>), GameError> {
    let (mut x, mut o) = (Vec::new(), Vec::new());
    for (i, c) in cells.chars().enumerate() {
        match c {
            'X' | 'x' => x.push(i),
            'O' | 'o' | '0' => o.push(i),
            '-' | '.' | '_' | ' ' => {}
            _ => {
                return Err(GameError::BadPosition(format!(
                    "bad character '{c}' at cell {} (use X, O, and - . _ or space for empty)",
                    i + 1
                )))
            }
        }
    }
    let (xs, os) = (x.len(), o.len());
    if os > xs {
        return Err(GameError::BadPosition(format!(
            "impossible counts: O has {os} marks and X only {xs} (X moves first)"
        )));
    }
    if xs > os + 1 {
        return Err(GameError::BadPosition(format!(
            "impossible counts: X has {xs} marks and O only {os} (they take turns)"
        )));
    }
    Ok((x, o))
}
