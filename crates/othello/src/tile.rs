//! One square of the board: empty, black or white.

use std::fmt;

use ply_engine::Side;

/// What a square holds. Black is `X` and moves first; white is `O`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// No disc.
    Empty,
    /// Black's disc.
    Black,
    /// White's disc.
    White,
}

impl Tile {
    /// The disc of the other colour (an empty square stays empty): what an
    /// outflanked disc becomes.
    pub fn flip(self) -> Tile {
        match self {
            Tile::Empty => Tile::Empty,
            Tile::Black => Tile::White,
            Tile::White => Tile::Black,
        }
    }

    /// The disc colour a player places.
    pub fn of(side: Side) -> Tile {
        match side {
            Side::First => Tile::Black,
            Side::Second => Tile::White,
        }
    }

    /// The player owning this disc, if any.
    pub fn side(self) -> Option<Side> {
        match self {
            Tile::Empty => None,
            Tile::Black => Some(Side::First),
            Tile::White => Some(Side::Second),
        }
    }

    /// The OBF letter: `X`, `O` or `-`.
    pub fn letter(self) -> char {
        match self {
            Tile::Empty => '-',
            Tile::Black => 'X',
            Tile::White => 'O',
        }
    }

    /// Reads an OBF cell (also `.` and `_` for empty, lower case discs).
    pub fn from_letter(c: char) -> Option<Tile> {
        match c {
            '-' | '.' | '_' => Some(Tile::Empty),
            'X' | 'x' | '*' => Some(Tile::Black),
            'O' | 'o' => Some(Tile::White),
            _ => None,
        }
    }

    /// The colour's name.
    pub fn name(self) -> &'static str {
        match self {
            Tile::Empty => "empty",
            Tile::Black => "black",
            Tile::White => "white",
        }
    }
}

/// Shown on the board: `X` black, `O` white, `.` empty.
impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = match self {
            Tile::Empty => '.',
            other => other.letter(),
        };
        write!(f, "{c}")
    }
}
