//! The Trilite position and its rules: each player keeps at most three
//! marks, and placing a fourth removes that player's oldest one.

use ply_engine::{Game, GameResult, Side};

use crate::zobrist;

/// Squares 0..9 in row-major order (0 = a1, top-left).
pub const SQUARES: usize = 9;
/// Bits of all nine squares.
pub const FULL: u16 = 0x1FF;
/// Marks a player may hold at once.
pub const MAX_MARKS: usize = 3;

/// The eight lines of three, as bit masks.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// True when the marks `bits` hold a whole line.
pub fn has_line(bits: u16) -> bool {
    LINES.iter().any(|&line| line & !bits == 0)
}

/// A Trilite position. The order of each player's marks is part of the
/// position (it decides which mark vanishes next), so the key records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trilite {
    /// Each player's marks, oldest first; only the first `counts[s]` are used.
    marks: [[u8; MAX_MARKS]; 2],
    counts: [u8; 2],
    /// The same marks as bit boards, for fast tests of lines and vacancy.
    occupied: [u16; 2],
    side: Side,
    /// Set by the move that completed a line: the game is over.
    winner: Option<Side>,
    ply: u32,
    hash: u64,
}

impl Default for Trilite {
    fn default() -> Self {
        Trilite::new()
    }
}

impl Trilite {
    /// The empty board, X (the first player) to move.
    pub fn new() -> Trilite {
        let mut game = Trilite {
            marks: [[0; MAX_MARKS]; 2],
            counts: [0; 2],
            occupied: [0; 2],
            side: Side::First,
            winner: None,
            ply: 0,
            hash: 0,
        };
        game.hash = game.recompute_hash();
        game
    }

    /// A position from each player's marks (oldest first) and the side to
    /// move; `None` if the marks overlap, repeat, leave the board or number
    /// more than three. Used to resynchronise from a bare board (the C
    /// interface) and to build symmetric images.
    pub fn from_marks(first: &[u8], second: &[u8], to_move: Side) -> Option<Trilite> {
        let mut game = Trilite::new();
        for (side, marks) in [first, second].into_iter().enumerate() {
            if marks.len() > MAX_MARKS {
                return None;
            }
            for (i, &square) in marks.iter().enumerate() {
                if square as usize >= SQUARES {
                    return None;
                }
                let bit = 1u16 << square;
                if (game.occupied[0] | game.occupied[1]) & bit != 0 {
                    return None;
                }
                game.marks[side][i] = square;
                game.occupied[side] |= bit;
            }
            game.counts[side] = marks.len() as u8;
        }
        game.side = to_move;
        // Only the player who moved last can hold a line: the other one's
        // line would have ended the game a move earlier.
        let last = to_move.opponent();
        if has_line(game.occupied[to_move.index()]) {
            return None;
        }
        game.winner = has_line(game.occupied[last.index()]).then_some(last);
        game.ply = u32::from(game.counts[0] + game.counts[1]);
        if to_move == Side::Second && game.counts[0] == game.counts[1] {
            // The first player has moved once more than it holds marks.
            game.ply += 1;
        }
        game.hash = game.recompute_hash();
        Some(game)
    }

    /// The same position with the ply counter set (images keep the original's).
    pub fn with_ply(mut self, ply: u32) -> Trilite {
        self.ply = ply;
        self
    }

    /// A player's marks, oldest (next to vanish) first.
    pub fn marks(&self, side: Side) -> &[u8] {
        &self.marks[side.index()][..self.counts[side.index()] as usize]
    }

    /// The mark `side` loses when it next moves: its oldest, once it holds three.
    pub fn vanishing(&self, side: Side) -> Option<u8> {
        (self.counts[side.index()] as usize == MAX_MARKS).then_some(self.marks[side.index()][0])
    }

    /// Bit board of `side`'s marks.
    pub fn occupied(&self, side: Side) -> u16 {
        self.occupied[side.index()]
    }

    /// Bit board of the vacant squares.
    pub fn empty(&self) -> u16 {
        !(self.occupied[0] | self.occupied[1]) & FULL
    }

    /// Who holds `square`, if anyone.
    pub fn owner(&self, square: u8) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.occupied[s.index()] & (1 << square) != 0)
    }

    /// `side`'s marks after its next move's removal, without the new mark.
    pub fn staying(&self, side: Side) -> u16 {
        let bits = self.occupied[side.index()];
        match self.vanishing(side) {
            Some(square) => bits & !(1 << square),
            None => bits,
        }
    }

    /// The winner, once a line is complete.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Packs one player's marks in order, four bits a mark (square + 1).
    fn pack(marks: &[u8]) -> u32 {
        marks
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &sq)| acc | (u32::from(sq) + 1) << (4 * i))
    }
}

impl Game for Trilite {
    type Move = u8;
    /// The square the move emptied, if a fourth mark removed one.
    type Undo = Option<u8>;
    /// Both players' marks in order (12 bits each) and the side to move.
    type Key = u32;

    const ALWAYS_ENDS: bool = false;

    fn to_move(&self) -> Side {
        self.side
    }

    fn result(&self) -> Option<GameResult> {
        self.winner.map(GameResult::Win)
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.winner.is_some() {
            return;
        }
        // The mover's own vanishing mark is still on the board, so the ban
        // on re-occupying it needs no extra test.
        let mut empty = self.empty();
        while empty != 0 {
            moves.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }

    fn play(&mut self, square: u8) -> Option<u8> {
        debug_assert!(
            self.winner.is_none() && (square as usize) < SQUARES && self.empty() >> square & 1 == 1,
            "{square} is not a legal move in {self:?}"
        );
        let me = self.side.index();
        let count = self.counts[me] as usize;
        let removed = if count == MAX_MARKS {
            let [oldest, middle, newest] = self.marks[me];
            // Every surviving mark moves one step towards vanishing.
            self.hash ^= zobrist::mark(me, oldest, 0)
                ^ zobrist::mark(me, middle, 1)
                ^ zobrist::mark(me, middle, 0)
                ^ zobrist::mark(me, newest, 2)
                ^ zobrist::mark(me, newest, 1)
                ^ zobrist::mark(me, square, 2);
            self.marks[me] = [middle, newest, square];
            self.occupied[me] &= !(1 << oldest);
            Some(oldest)
        } else {
            self.hash ^= zobrist::mark(me, square, count);
            self.marks[me][count] = square;
            self.counts[me] += 1;
            None
        };
        self.occupied[me] |= 1 << square;
        // Judged after the removal: a line through the vanished mark does not count.
        if has_line(self.occupied[me]) {
            self.winner = Some(self.side);
        }
        self.side = self.side.opponent();
        self.hash ^= zobrist::SIDE;
        self.ply += 1;
        removed
    }

    fn undo(&mut self, square: u8, removed: Option<u8>) {
        self.side = self.side.opponent();
        self.hash ^= zobrist::SIDE;
        self.ply -= 1;
        self.winner = None;
        let me = self.side.index();
        debug_assert!(
            self.counts[me] > 0 && self.marks[me][self.counts[me] as usize - 1] == square,
            "undo of {square}, which is not the newest mark of the player who moved last"
        );
        self.occupied[me] &= !(1 << square);
        match removed {
            Some(oldest) => {
                let [middle, newest, _] = self.marks[me];
                self.hash ^= zobrist::mark(me, oldest, 0)
                    ^ zobrist::mark(me, middle, 1)
                    ^ zobrist::mark(me, middle, 0)
                    ^ zobrist::mark(me, newest, 2)
                    ^ zobrist::mark(me, newest, 1)
                    ^ zobrist::mark(me, square, 2);
                self.marks[me] = [oldest, middle, newest];
                self.occupied[me] |= 1 << oldest;
            }
            None => {
                self.counts[me] -= 1;
                self.hash ^= zobrist::mark(me, square, self.counts[me] as usize);
            }
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        let mut hash = match self.side {
            Side::First => 0,
            Side::Second => zobrist::SIDE,
        };
        for side in Side::BOTH {
            for (age, &square) in self.marks(side).iter().enumerate() {
                hash ^= zobrist::mark(side.index(), square, age);
            }
        }
        hash
    }

    fn key(&self) -> u32 {
        let side = match self.side {
            Side::First => 0,
            Side::Second => 1 << 24,
        };
        Self::pack(self.marks(Side::First)) | Self::pack(self.marks(Side::Second)) << 12 | side
    }

    fn ply(&self) -> u32 {
        self.ply
    }
}
