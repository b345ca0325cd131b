//! The game: a board plus whose turn it is, under ply's `Game` trait.

use ply_engine::{Game, GameResult, Side};
use serde::{Deserialize, Serialize};

use crate::bitboard::{hash_pair, Bits, Geometry};
use crate::board::{GameBoard, GameState};
use crate::error::OthelloError;
use crate::symmetry;
use crate::tile::Tile;
use crate::with_geometry;

/// A square index (row-major from a1 = 0), or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub u8);

impl Move {
    /// Passing the turn: the only move of a player who has none while the
    /// opponent has one.
    pub const PASS: Move = Move(u8::MAX);

    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }

    /// The square, unless this is the pass.
    pub fn square(self) -> Option<u32> {
        (!self.is_pass()).then_some(self.0 as u32)
    }
}

/// The exact identity of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct OthelloKey {
    pub black: u128,
    pub white: u128,
    pub black_to_move: bool,
}

/// An Othello position: the board, the side to move and the plies played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Othello {
    pub(crate) board: GameBoard,
    pub(crate) to_move: Side,
    pub(crate) ply: u32,
}

impl Othello {
    /// The standard start on a `size` x `size` board, black to move.
    pub fn new(size: u8) -> Result<Othello, OthelloError> {
        Ok(Othello {
            board: GameBoard::new(size)?,
            to_move: Side::First,
            ply: 0,
        })
    }

    /// A position from a board and the side to move.
    pub fn from_board(board: GameBoard, to_move: Side) -> Othello {
        let discs = board.count(Tile::Black) + board.count(Tile::White);
        Othello {
            board,
            to_move,
            ply: discs.saturating_sub(4),
        }
    }

    pub fn board(&self) -> &GameBoard {
        &self.board
    }

    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The colour of the side to move.
    pub fn colour(&self) -> Tile {
        Tile::of(self.to_move)
    }

    /// Discs of the side to move and of the opponent.
    pub fn player_opponent(&self) -> (u128, u128) {
        let me = self.colour();
        (self.board.discs(me), self.board.discs(me.flip()))
    }

    /// Number of empty squares.
    pub fn empties(&self) -> u32 {
        self.board.count(Tile::Empty)
    }

    /// The move's flips (zero for the pass).
    pub fn flips(&self, mv: Move) -> u128 {
        mv.square()
            .map_or(0, |square| self.board.flips(self.colour(), square))
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
    pub fn transformed(&self, t: u8) -> Othello {
        let size = self.size();
        let black = symmetry::transform(self.board.discs(Tile::Black), size, t);
        let white = symmetry::transform(self.board.discs(Tile::White), size, t);
        Othello {
            board: GameBoard::from_bits(size, black, white),
            to_move: self.to_move,
            ply: self.ply,
        }
    }

    /// Greedy play: a corner if one is legal, else the move flipping most
    /// (candidates tied on both are all returned, in square order).
    pub fn greedy_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        let n = self.size() as u32;
        let corners = [0, n - 1, n * (n - 1), n * n - 1];
        let rank = |mv: &Move| {
            let corner = mv.square().is_some_and(|s| corners.contains(&s));
            (corner, self.flips(*mv).count_ones())
        };
        let best = moves.iter().map(rank).max();
        moves
            .into_iter()
            .filter(|m| Some(rank(m)) == best)
            .collect()
    }
}

impl Game for Othello {
    type Move = Move;
    type Undo = u128;
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
        if legal != 0 {
            moves.extend(GameBoard::squares(legal).map(|s| Move(s as u8)));
        } else if self.board.has_legal_move(me.flip()) {
            moves.push(Move::PASS);
        }
    }

    fn play(&mut self, mv: Move) -> u128 {
        let flipped = self.flips(mv);
        if let Some(square) = mv.square() {
            self.board.apply(self.colour(), square, flipped);
        }
        self.to_move = self.to_move.opponent();
        self.ply += 1;
        flipped
    }

    fn undo(&mut self, mv: Move, flipped: u128) {
        self.to_move = self.to_move.opponent();
        self.ply -= 1;
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
            black: self.board.discs(Tile::Black),
            white: self.board.discs(Tile::White),
            black_to_move: self.to_move == Side::First,
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

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

    fn symmetric_images(&self) -> Vec<Othello> {
        (1..symmetry::SYMMETRIES)
            .map(|t| self.transformed(t))
            .collect()
    }

    fn max_remaining_plies(&self) -> Option<u32> {
        // Each move fills a square; at most one pass between two moves.
        Some(2 * self.empties())
    }

    fn is_pass(&self, mv: Move) -> bool {
        mv.is_pass()
    }

    fn evaluate(&self) -> i32 {
        let (p, o) = self.player_opponent();
        with_geometry!(self.size(), G => crate::eval::evaluate::<G>(
            <G as Geometry>::B::from_u128(p),
            <G as Geometry>::B::from_u128(o),
        ))
    }

    fn rule_based_move(&self) -> Option<Move> {
        self.greedy_moves().first().copied()
    }
}
