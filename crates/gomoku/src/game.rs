//! Gomoku as a [`ply_engine::Game`], so the generic bots (`alphabeta:D`,
//! `mcts:N`, `random`) and the arena can play it on any board size, and so
//! the (m,n,k) game can hand large boards to this crate. It has no
//! symmetry the searches use (the identity of [`Symmetric`]).

use ply_engine::{Game, GameResult, Side, Symmetric};

use crate::board::Board;
use crate::{GomokuError, Move, Rule, Stone, MAX_SIDE};

/// 64-bit words holding one bit per cell of the largest board.
const KEY_WORDS: usize = (MAX_SIDE * MAX_SIDE).div_ceil(64);

/// A board with strict alternation: black (the first player) moves first.
#[derive(Clone, Debug)]
pub struct GomokuGame {
    board: Board,
    to_move: Stone,
}

fn side_of(stone: Stone) -> Side {
    match stone {
        Stone::Black => Side::First,
        Stone::White => Side::Second,
    }
}

impl GomokuGame {
    /// The empty board, black to move.
    pub fn new(width: usize, height: usize, k: usize, rule: Rule) -> Result<Self, GomokuError> {
        Ok(GomokuGame {
            board: Board::new(width, height, k, rule)?,
            to_move: Stone::Black,
        })
    }

    /// The position with these stones, the side to move following from
    /// the counts (black when they are equal, else white); the winner comes
    /// from a scan of the lines, not from the order the stones were put in.
    /// Checking that the counts make sense is the caller's business.
    pub fn from_stones(
        width: usize,
        height: usize,
        k: usize,
        rule: Rule,
        black: &[Move],
        white: &[Move],
    ) -> Result<Self, GomokuError> {
        let mut board = Board::new(width, height, k, rule)?;
        for &mv in black {
            board.play(mv, Stone::Black)?;
        }
        for &mv in white {
            board.play(mv, Stone::White)?;
        }
        board.rescan_winner();
        let to_move = if black.len() > white.len() {
            Stone::White
        } else {
            Stone::Black
        };
        Ok(GomokuGame { board, to_move })
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move.
    pub fn stone_to_move(&self) -> Stone {
        self.to_move
    }
}

impl Game for GomokuGame {
    type Move = Move;
    type Undo = ();
    /// Black's cells then white's, one bit each, over the largest board.
    type Key = ([u64; KEY_WORDS], [u64; KEY_WORDS]);

    fn to_move(&self) -> Side {
        side_of(self.to_move)
    }

    /// A win, or a draw on a full board; under renju also a draw when
    /// black is to move and every empty cell is forbidden to him (the
    /// game cannot go on).
    fn result(&self) -> Option<GameResult> {
        match self.board.winner() {
            Some(stone) => Some(GameResult::Win(side_of(stone))),
            None if self.board.is_full() => Some(GameResult::Draw),
            None if self.board.rule() == Rule::Renju
                && self.board.legal_cells(self.to_move).next().is_none() =>
            {
                Some(GameResult::Draw)
            }
            None => None,
        }
    }

    /// The empty cells, less black's forbidden points under renju.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.result().is_none() {
            moves.extend(self.board.legal_cells(self.to_move));
        }
    }

    /// Off the board is no move at all, and then a later `undo` would take
    /// back another stone: it panics, in every build (input from users is
    /// checked before it gets here: `Board::play`, the notation's
    /// `parse_move`).
    fn play(&mut self, mv: Move) {
        debug_assert!(
            self.result().is_none() && self.board.is_legal(mv, self.to_move),
            "{mv} is not a legal move in {self:?}"
        );
        let cell = self
            .board
            .index(mv)
            .unwrap_or_else(|e| panic!("GomokuGame::play: {e}"));
        self.board.put_stone(cell, self.to_move);
        self.to_move = self.to_move.opponent();
    }

    fn undo(&mut self, mv: Move, _undo: ()) {
        debug_assert_eq!(
            self.board.last_placed(),
            Some(mv),
            "undo of a move that is not the last one"
        );
        self.board.take_back();
        self.to_move = self.to_move.opponent();
    }

    fn hash(&self) -> u64 {
        self.board.hash() ^ side_key(self.to_move)
    }

    fn recompute_hash(&self) -> u64 {
        self.board.recompute_hash() ^ side_key(self.to_move)
    }

    fn key(&self) -> Self::Key {
        let mut key = ([0u64; KEY_WORDS], [0u64; KEY_WORDS]);
        let width = self.board.width();
        for y in 0..self.board.height() {
            for x in 0..width {
                let bit = y * width + x;
                match self.board.stone(Move::new(x, y)) {
                    Some(Stone::Black) => key.0[bit / 64] |= 1 << (bit % 64),
                    Some(Stone::White) => key.1[bit / 64] |= 1 << (bit % 64),
                    None => {}
                }
            }
        }
        key
    }

    fn ply(&self) -> u32 {
        self.board.placed() as u32
    }
}

impl Symmetric for GomokuGame {}

fn side_key(stone: Stone) -> u64 {
    match stone {
        Stone::Black => 0,
        Stone::White => 0x9E37_79B9_7F4A_7C15,
    }
}
