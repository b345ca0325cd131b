//! The game: a board plus whose turn it is, under ply's `Game` trait.

use ply_engine::{Game, GameResult, Side, Symmetric};
use serde::{Deserialize, Serialize};

use crate::bitboard::{hash_pair, Bits, Geometry, Squares};
use crate::board::{GameBoard, GameState};
use crate::symmetry;
use crate::tile::Tile;

/// A square index (row-major from a1 = 0), or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub u8);

impl Move {
    /// Passing the turn: the only move of a player who has none while the
    /// opponent has one.
    pub const PASS: Move = Move(u8::MAX);

    /// Whether this is the pass.
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }

    /// The square, unless this is the pass.
    pub fn square(self) -> Option<u32> {
        (!self.is_pass()).then_some(self.0 as u32)
    }
}

/// The exact identity of a position: the same form for every size (the
/// learners' files store it), widened from the size's own bit type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct OthelloKey {
    /// Black's discs, one bit a square.
    pub black: u128,
    /// White's discs.
    pub white: u128,
    /// Whether black is to move.
    pub black_to_move: bool,
}

/// An Othello position on the board of geometry `G` (its size, chosen once
/// when a session or a search is made): the board, the side to move and
/// the plies played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Othello<G: Geometry> {
    pub(crate) board: GameBoard<G>,
    pub(crate) to_move: Side,
    pub(crate) ply: u32,
}

impl<G: Geometry> Default for Othello<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Geometry> Othello<G> {
    /// The standard start, black to move.
    pub fn new() -> Othello<G> {
        Othello {
            board: GameBoard::new(),
            to_move: Side::First,
            ply: 0,
        }
    }

    /// A position from a board and the side to move.
    pub fn from_board(board: GameBoard<G>, to_move: Side) -> Othello<G> {
        let discs = board.count(Tile::Black) + board.count(Tile::White);
        Othello {
            board,
            to_move,
            ply: discs.saturating_sub(4),
        }
    }

    /// The discs on the board.
    pub fn board(&self) -> &GameBoard<G> {
        &self.board
    }

    /// The side of the board.
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The colour of the side to move.
    pub fn colour(&self) -> Tile {
        Tile::of(self.to_move)
    }

    /// Discs of the side to move and of the opponent.
    #[inline]
    pub fn player_opponent(&self) -> (G::B, G::B) {
        let me = self.colour();
        (self.board.discs(me), self.board.discs(me.flip()))
    }

    /// Number of empty squares.
    pub fn empties(&self) -> u32 {
        self.board.count(Tile::Empty)
    }

    /// The move's flips (zero for the pass).
    pub fn flips(&self, mv: Move) -> G::B {
        mv.square()
            .map_or(G::B::ZERO, |square| self.board.flips(self.colour(), square))
    }

    /// True when the side to move has no move but the opponent has.
    pub fn must_pass(&self) -> bool {
        let me = self.colour();
        !self.board.has_legal_move(me) && self.board.has_legal_move(me.flip())
    }

    /// The final disc margin for the side to move, empties to the winner.
    pub fn final_margin(&self) -> i32 {
        let (black, white) = self.board.final_score();
        let margin = black as i32 - white as i32;
        match self.to_move {
            Side::First => margin,
            Side::Second => -margin,
        }
    }

    /// The position under symmetry `t` (see `symmetry::map_square`).
    pub fn transformed(&self, t: u8) -> Othello<G> {
        let black = symmetry::transform::<G>(self.board.discs(Tile::Black), t);
        let white = symmetry::transform::<G>(self.board.discs(Tile::White), t);
        Othello {
            board: GameBoard::from_bits(black, white),
            to_move: self.to_move,
            ply: self.ply,
        }
    }

    /// Greedy play: a corner if one is legal, else the move flipping most
    /// (candidates tied on both are all returned, in square order).
    pub fn greedy_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        let rank = |mv: &Move| {
            let corner = mv.square().is_some_and(|s| G::CORNERS.has(s));
            (corner, self.flips(*mv).count())
        };
        let best = moves.iter().map(rank).max();
        moves
            .into_iter()
            .filter(|m| Some(rank(m)) == best)
            .collect()
    }
}

impl<G: Geometry> Game for Othello<G> {
    type Move = Move;
    type Undo = G::B;
    type Key = OthelloKey;

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn result(&self) -> Option<GameResult> {
        match self.board.state() {
            GameState::InProgress => None,
            GameState::BlackWins => Some(GameResult::Win(Side::First)),
            GameState::WhiteWins => Some(GameResult::Win(Side::Second)),
            GameState::Tie => Some(GameResult::Draw),
        }
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let me = self.colour();
        let legal = self.board.legal_moves(me);
        if !legal.is_empty() {
            moves.extend(Squares(legal).map(|s| Move(s as u8)));
        } else if self.board.has_legal_move(me.flip()) {
            moves.push(Move::PASS);
        }
    }

    fn play(&mut self, mv: Move) -> G::B {
        let flipped = self.flips(mv);
        debug_assert!(
            match mv.square() {
                Some(square) => self.board.tile(square) == Tile::Empty && !flipped.is_empty(),
                None => self.must_pass(),
            },
            "{mv:?} is not a legal move in {self:?}"
        );
        if let Some(square) = mv.square() {
            self.board.apply(self.colour(), square, flipped);
        }
        self.to_move = self.to_move.opponent();
        self.ply += 1;
        flipped
    }

    fn undo(&mut self, mv: Move, flipped: G::B) {
        self.to_move = self.to_move.opponent();
        self.ply -= 1;
        debug_assert!(
            mv.square()
                .is_none_or(|square| self.board.discs(self.colour()).has(square)),
            "undo of {mv:?}, which the player who moved last has not played"
        );
        if let Some(square) = mv.square() {
            self.board.unapply(self.colour(), square, flipped);
        }
    }

    /// Computed from the two bitboards (a few multiplications): always equal
    /// to the incremental value a Zobrist scheme would keep.
    fn hash(&self) -> u64 {
        let h = hash_pair(self.board.discs(Tile::Black), self.board.discs(Tile::White));
        match self.to_move {
            Side::First => h,
            Side::Second => !h,
        }
    }

    fn recompute_hash(&self) -> u64 {
        self.hash()
    }

    fn key(&self) -> OthelloKey {
        OthelloKey {
            black: self.board.discs(Tile::Black).to_u128(),
            white: self.board.discs(Tile::White).to_u128(),
            black_to_move: self.to_move == Side::First,
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn is_pass(&self, mv: Move) -> bool {
        mv.is_pass()
    }
}

impl<G: Geometry> Symmetric for Othello<G> {
    /// The least key among the eight symmetric images.
    fn canonical(&self) -> (u64, OthelloKey) {
        (0..symmetry::SYMMETRIES)
            .map(|t| {
                let image = self.transformed(t);
                (image.key(), image.hash())
            })
            .min()
            .map(|(key, hash)| (hash, key))
            .unwrap_or((self.hash(), self.key()))
    }

    fn symmetric_images(&self, images: &mut Vec<Othello<G>>) {
        images.clear();
        images.extend((1..symmetry::SYMMETRIES).map(|t| self.transformed(t)));
    }
}
