//! The board: which disc is on each square, independent of whose turn it
//! is and of any user interface.

use crate::bitboard::{Bits, Geometry};
use crate::movegen;
use crate::tile::Tile;

/// How a game stands, from the board alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// Someone still has a legal move.
    InProgress,
    /// Over, black has more discs.
    BlackWins,
    /// Over, white has more discs.
    WhiteWins,
    /// Over, both have as many discs.
    Tie,
}

/// An Othello board of the geometry `G`: one bitboard of the size's own bit
/// type per colour, squares numbered row-major from a1 (top-left) = 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameBoard<G: Geometry> {
    black: G::B,
    white: G::B,
}

impl<G: Geometry> Default for GameBoard<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Geometry> GameBoard<G> {
    /// The standard start: white on the top-left and bottom-right centre
    /// squares (d4 and e5 on 8x8), black on the other two.
    pub fn new() -> GameBoard<G> {
        let mut board = GameBoard::empty();
        let n = G::SIZE;
        let h = n / 2;
        board.set((h - 1) * n + h - 1, Tile::White);
        board.set(h * n + h, Tile::White);
        board.set((h - 1) * n + h, Tile::Black);
        board.set(h * n + h - 1, Tile::Black);
        board
    }

    /// A board with no discs.
    pub fn empty() -> GameBoard<G> {
        GameBoard {
            black: G::B::ZERO,
            white: G::B::ZERO,
        }
    }

    /// The board from its two disc sets (bit `row * size + column`).
    pub fn from_bits(black: G::B, white: G::B) -> GameBoard<G> {
        GameBoard { black, white }
    }

    /// The side of the board.
    pub fn size(&self) -> u8 {
        G::SIZE as u8
    }

    /// Number of squares.
    pub fn cells(&self) -> u32 {
        G::CELLS
    }

    /// The discs of one colour as a bit set (bit `row * size + column`).
    #[inline]
    pub fn discs(&self, colour: Tile) -> G::B {
        match colour {
            Tile::Black => self.black,
            Tile::White => self.white,
            Tile::Empty => G::FULL & !(self.black | self.white),
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
        let bit = G::B::bit(square);
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
        self.discs(colour).count()
    }

    #[inline]
    fn mine_theirs(&self, colour: Tile) -> (G::B, G::B) {
        match colour {
            Tile::White => (self.white, self.black),
            _ => (self.black, self.white),
        }
    }

    /// The squares where `colour` may move.
    #[inline]
    pub fn legal_moves(&self, colour: Tile) -> G::B {
        let (p, o) = self.mine_theirs(colour);
        movegen::moves::<G>(p, o)
    }

    /// Whether `colour` has a legal move.
    pub fn has_legal_move(&self, colour: Tile) -> bool {
        !self.legal_moves(colour).is_empty()
    }

    /// The discs a `colour` disc on `square` would flip (empty when the square
    /// is taken or outflanks nothing).
    #[inline]
    pub fn flips(&self, colour: Tile, square: u32) -> G::B {
        if self.tile(square) != Tile::Empty {
            return G::B::ZERO;
        }
        let (p, o) = self.mine_theirs(colour);
        movegen::flips::<G>(square, p, o)
    }

    /// Plays a move known to be legal, given its flips.
    #[inline]
    pub(crate) fn apply(&mut self, colour: Tile, square: u32, flipped: G::B) {
        let bit = G::B::bit(square);
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
    #[inline]
    pub(crate) fn unapply(&mut self, colour: Tile, square: u32, flipped: G::B) {
        let bit = G::B::bit(square);
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
}
