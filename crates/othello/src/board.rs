//! The board: which disc is on each square, independent of whose turn it
//! is and of any user interface.

use std::fmt;

use crate::bitboard::{Bits, Squares, SIZES};
use crate::error::OthelloError;
use crate::movegen;
use crate::tile::Tile;
use crate::with_geometry;

/// How a game stands, from the board alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    InProgress,
    BlackWins,
    WhiteWins,
    Tie,
}

/// An Othello board of an even size from 4 to 10: one bitboard per colour,
/// squares numbered row-major from a1 (top-left) = 0. Stored as `u128`
/// whatever the size; the searches convert to the size's own bit type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameBoard {
    size: u8,
    black: u128,
    white: u128,
}

impl GameBoard {
    /// The standard start: white on the top-left and bottom-right centre
    /// squares (d4 and e5 on 8x8), black on the other two.
    pub fn new(size: u8) -> Result<GameBoard, OthelloError> {
        if !SIZES.contains(&size) {
            return Err(OthelloError::BadSize(size.to_string()));
        }
        let mut board = GameBoard::empty(size);
        let h = size as u32 / 2;
        let n = size as u32;
        board.set((h - 1) * n + h - 1, Tile::White);
        board.set(h * n + h, Tile::White);
        board.set((h - 1) * n + h, Tile::Black);
        board.set(h * n + h - 1, Tile::Black);
        Ok(board)
    }

    /// A board with no discs (`size` must be one of `SIZES`).
    pub(crate) fn empty(size: u8) -> GameBoard {
        GameBoard {
            size,
            black: 0,
            white: 0,
        }
    }

    /// The board from its two disc sets (bit `row * size + column`).
    pub(crate) fn from_bits(size: u8, black: u128, white: u128) -> GameBoard {
        GameBoard { size, black, white }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of squares.
    pub fn cells(&self) -> u32 {
        self.size as u32 * self.size as u32
    }

    /// The discs of one colour as a bit set (bit `row * size + column`).
    pub fn discs(&self, colour: Tile) -> u128 {
        match colour {
            Tile::Black => self.black,
            Tile::White => self.white,
            Tile::Empty => self.full() & !(self.black | self.white),
        }
    }

    fn full(&self) -> u128 {
        let cells = self.cells();
        if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        }
    }

    /// What is on a square (`square` < `cells()`).
    pub fn tile(&self, square: u32) -> Tile {
        if self.black.has(square) {
            Tile::Black
        } else if self.white.has(square) {
            Tile::White
        } else {
            Tile::Empty
        }
    }

    /// Puts `tile` on a square without any flipping (setting up positions).
    pub fn set(&mut self, square: u32, tile: Tile) {
        let bit = 1u128 << square;
        self.black &= !bit;
        self.white &= !bit;
        match tile {
            Tile::Black => self.black |= bit,
            Tile::White => self.white |= bit,
            Tile::Empty => {}
        }
    }

    /// How many discs of `colour` (or empty squares) the board holds.
    pub fn count(&self, colour: Tile) -> u32 {
        self.discs(colour).count_ones()
    }

    fn mine_theirs(&self, colour: Tile) -> (u128, u128) {
        match colour {
            Tile::White => (self.white, self.black),
            _ => (self.black, self.white),
        }
    }

    /// The squares where `colour` may move.
    pub fn legal_moves(&self, colour: Tile) -> u128 {
        let (p, o) = self.mine_theirs(colour);
        with_geometry!(self.size, G => {
            use crate::bitboard::Geometry;
            movegen::moves::<G>(<G as Geometry>::B::from_u128(p), <G as Geometry>::B::from_u128(o)).to_u128()
        })
    }

    /// Whether `colour` has a legal move.
    pub fn has_legal_move(&self, colour: Tile) -> bool {
        self.legal_moves(colour) != 0
    }

    /// The discs a `colour` disc on `square` would flip (empty when the square
    /// is taken or outflanks nothing).
    pub fn flips(&self, colour: Tile, square: u32) -> u128 {
        if self.tile(square) != Tile::Empty {
            return 0;
        }
        let (p, o) = self.mine_theirs(colour);
        with_geometry!(self.size, G => {
            use crate::bitboard::Geometry;
            movegen::flips::<G>(square, <G as Geometry>::B::from_u128(p), <G as Geometry>::B::from_u128(o)).to_u128()
        })
    }

    /// Places a `colour` disc on `(row, column)` (0-based) and flips every
    /// outflanked line; returns the flipped discs. Refuses a square off the
    /// board, an occupied one, or one that outflanks nothing.
    pub fn place(&mut self, colour: Tile, row: u32, column: u32) -> Result<u128, OthelloError> {
        let name = crate::notation::square_name(row, column);
        if row >= self.size as u32 || column >= self.size as u32 {
            return Err(OthelloError::OutsideBoard {
                square: name,
                size: self.size,
            });
        }
        let square = row * self.size as u32 + column;
        if self.tile(square) != Tile::Empty {
            return Err(OthelloError::Occupied(name));
        }
        let flipped = self.flips(colour, square);
        if flipped == 0 || colour == Tile::Empty {
            return Err(OthelloError::OutflanksNothing(name));
        }
        self.apply(colour, square, flipped);
        Ok(flipped)
    }

    /// Plays a move known to be legal, given its flips.
    pub(crate) fn apply(&mut self, colour: Tile, square: u32, flipped: u128) {
        let bit = 1u128 << square;
        match colour {
            Tile::Black => {
                self.black |= bit | flipped;
                self.white ^= flipped;
            }
            _ => {
                self.white |= bit | flipped;
                self.black ^= flipped;
            }
        }
    }

    /// Takes back `apply`.
    pub(crate) fn unapply(&mut self, colour: Tile, square: u32, flipped: u128) {
        let bit = 1u128 << square;
        match colour {
            Tile::Black => {
                self.black &= !(bit | flipped);
                self.white |= flipped;
            }
            _ => {
                self.white &= !(bit | flipped);
                self.black |= flipped;
            }
        }
    }

    /// In progress while either colour can move; otherwise the colour with
    /// more discs wins.
    pub fn state(&self) -> GameState {
        if self.has_legal_move(Tile::Black) || self.has_legal_move(Tile::White) {
            return GameState::InProgress;
        }
        let (black, white) = (self.count(Tile::Black), self.count(Tile::White));
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => GameState::BlackWins,
            std::cmp::Ordering::Less => GameState::WhiteWins,
            std::cmp::Ordering::Equal => GameState::Tie,
        }
    }

    /// The final score (black, white) as tournaments count it: the empty
    /// squares go to the winner (split evenly in a tie).
    pub fn final_score(&self) -> (u32, u32) {
        let (black, white) = (self.count(Tile::Black), self.count(Tile::White));
        let empty = self.count(Tile::Empty);
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => (black + empty, white),
            std::cmp::Ordering::Less => (black, white + empty),
            std::cmp::Ordering::Equal => (black + empty / 2, white + empty - empty / 2),
        }
    }

    /// The squares of a set, lowest first.
    pub fn squares(set: u128) -> impl Iterator<Item = u32> {
        Squares(set)
    }
}

/// The grid with coordinates: columns a.. across the top, rows 1.. down.
impl fmt::Display for GameBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size as u32;
        write!(f, "   ")?;
        for c in 0..n {
            write!(f, " {}", (b'a' + c as u8) as char)?;
        }
        writeln!(f)?;
        for r in 0..n {
            write!(f, "{:>3}", r + 1)?;
            for c in 0..n {
                write!(f, " {}", self.tile(r * n + c))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
