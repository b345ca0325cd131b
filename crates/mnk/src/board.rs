//! The (m,n,k) position and its rules: bitboards for both players, kept in
//! every symmetric image at once so that the canonical form costs no more
//! than a few comparisons per node.

use std::fmt;
use std::sync::Arc;

use ply_engine::{Game, GameError, GameResult, Side, Symmetric};

use crate::geometry::Geometry;

const MAX_IMAGES: usize = 8;

/// Whether the game is still on, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game is on.
    Playing,
    /// This side completed a line.
    Won(Side),
    /// The board filled with no line completed.
    Drawn,
}

/// A position of an (m,n,k) game: `rows x cols` board, `k` in a row wins, X first.
#[derive(Clone)]
pub struct Mnk {
    pub(crate) geo: Arc<Geometry>,
    /// X's and O's stones in each symmetric image; index 0 is the board itself.
    x: [u64; MAX_IMAGES],
    o: [u64; MAX_IMAGES],
    hash: [u64; MAX_IMAGES],
    status: Status,
    ply: u8,
}

impl Mnk {
    /// The empty board, or why the shape is not supported.
    pub fn new(rows: u8, cols: u8, k: u8) -> Result<Mnk, GameError> {
        Ok(Mnk::empty(Geometry::new(rows, cols, k)?))
    }

    /// Tic-tac-toe: 3x3, three in a row.
    pub fn tic_tac_toe() -> Mnk {
        Mnk::new(3, 3, 3).expect("3x3 is a valid board")
    }

    pub(crate) fn empty(geo: Arc<Geometry>) -> Mnk {
        Mnk {
            geo,
            x: [0; MAX_IMAGES],
            o: [0; MAX_IMAGES],
            hash: [0; MAX_IMAGES],
            status: Status::Playing,
            ply: 0,
        }
    }

    /// The position with these stones (consistency is the caller's business:
    /// notation checks it); the status follows from the lines on the board.
    pub(crate) fn from_stones(geo: Arc<Geometry>, x: u64, o: u64) -> Mnk {
        let mut game = Mnk::empty(geo);
        for (side, stones) in [(Side::First, x), (Side::Second, o)] {
            let mut rest = stones;
            while rest != 0 {
                let sq = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                game.place(side, sq);
            }
        }
        game.ply = (x | o).count_ones() as u8;
        game.status = game.status_from_scratch();
        game
    }

    /// The board's rows (m).
    pub fn rows(&self) -> u8 {
        self.geo.rows
    }

    /// The board's columns (n).
    pub fn cols(&self) -> u8 {
        self.geo.cols
    }

    /// The line length that wins (k).
    pub fn k(&self) -> u8 {
        self.geo.k
    }

    /// The stones of `side` on the board.
    #[inline]
    pub fn stones(&self, side: Side) -> u64 {
        match side {
            Side::First => self.x[0],
            Side::Second => self.o[0],
        }
    }

    /// The empty squares.
    #[inline]
    pub fn empty_squares(&self) -> u64 {
        !(self.x[0] | self.o[0]) & self.geo.full
    }

    /// The side whose stone is on `sq`, if any.
    pub fn owner(&self, sq: u8) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&side| self.stones(side) >> sq & 1 == 1)
    }

    /// Whether the game is on, won or drawn.
    pub fn status(&self) -> Status {
        self.status
    }

    fn place(&mut self, side: Side, sq: usize) {
        let images = self.geo.symmetries.len();
        let zobrist = &self.geo.zobrist[side.index()];
        let stones = match side {
            Side::First => &mut self.x,
            Side::Second => &mut self.o,
        };
        for ((map, image), hash) in self.geo.symmetries[..images]
            .iter()
            .zip(stones.iter_mut())
            .zip(self.hash.iter_mut())
        {
            let image_sq = map[sq] as usize;
            *image ^= 1u64 << image_sq;
            *hash ^= zobrist[image_sq];
        }
    }

    /// Whether `side` has `k` in a row anywhere.
    pub fn has_line(&self, side: Side) -> bool {
        let stones = self.stones(side);
        completes(&self.geo.lines, stones)
    }

    fn status_from_scratch(&self) -> Status {
        for side in Side::BOTH {
            if self.has_line(side) {
                return Status::Won(side);
            }
        }
        if self.empty_squares() == 0 {
            Status::Drawn
        } else {
            Status::Playing
        }
    }

    /// Which symmetric image `canonical` picks (an index into
    /// `geo.symmetries`), with its key: the prover carries square sets
    /// between a position and its canonical image with it.
    pub(crate) fn canonical_image(&self) -> (usize, u128) {
        let mut best = 0;
        let mut best_key = self.image_key(0);
        for i in 1..self.geo.symmetries.len() {
            let key = self.image_key(i);
            if key < best_key {
                best = i;
                best_key = key;
            }
        }
        (best, best_key)
    }

    fn image_key(&self, i: usize) -> u128 {
        (self.x[i] as u128) << 64 | self.o[i] as u128
    }
}

/// Whether `stones` fill one of `lines`.
#[inline]
fn completes(lines: &[u64], stones: u64) -> bool {
    lines.iter().any(|line| line & stones == *line)
}

impl Game for Mnk {
    type Move = u8;
    type Undo = Status;
    /// X's stones in the high 64 bits, O's in the low.
    type Key = u128;

    #[inline]
    fn to_move(&self) -> Side {
        if self.ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    #[inline]
    fn result(&self) -> Option<GameResult> {
        match self.status {
            Status::Playing => None,
            Status::Won(side) => Some(GameResult::Win(side)),
            Status::Drawn => Some(GameResult::Draw),
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.status != Status::Playing {
            return;
        }
        let mut rest = self.empty_squares();
        while rest != 0 {
            moves.push(rest.trailing_zeros() as u8);
            rest &= rest - 1;
        }
    }

    #[inline]
    fn play(&mut self, mv: u8) -> Status {
        debug_assert!(
            self.status == Status::Playing && self.empty_squares() >> mv & 1 == 1,
            "{mv} is not a legal move in {self:?}"
        );
        let before = self.status;
        let side = self.to_move();
        let sq = mv as usize;
        self.place(side, sq);
        self.ply += 1;
        let stones = self.stones(side);
        if completes(self.geo.through(sq), stones) {
            self.status = Status::Won(side);
        } else if self.ply == self.geo.cells {
            self.status = Status::Drawn;
        }
        before
    }

    #[inline]
    fn undo(&mut self, mv: u8, undo: Status) {
        self.ply -= 1;
        let side = self.to_move();
        debug_assert!(
            self.stones(side) >> mv & 1 == 1,
            "undo of {mv}, which {side:?} has not played, in {self:?}"
        );
        self.place(side, mv as usize);
        self.status = undo;
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash[0]
    }

    fn recompute_hash(&self) -> u64 {
        let mut hash = 0;
        for side in Side::BOTH {
            let mut rest = self.stones(side);
            while rest != 0 {
                hash ^= self.geo.zobrist[side.index()][rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
        }
        hash
    }

    #[inline]
    fn key(&self) -> u128 {
        self.image_key(0)
    }

    fn ply(&self) -> u32 {
        self.ply as u32
    }
}

impl Symmetric for Mnk {
    /// The image with the smallest key; its hash comes from the same image,
    /// so symmetric positions share one table entry.
    #[inline]
    fn canonical(&self) -> (u64, u128) {
        let mut best = 0;
        let mut best_key = self.image_key(0);
        for i in 1..self.geo.symmetries.len() {
            let key = self.image_key(i);
            if key < best_key {
                best = i;
                best_key = key;
            }
        }
        (self.hash[best], best_key)
    }

    fn symmetric_images(&self, images: &mut Vec<Mnk>) {
        images.clear();
        images.extend(
            (1..self.geo.symmetries.len())
                .map(|i| Mnk::from_stones(self.geo.clone(), self.x[i], self.o[i])),
        );
    }
}

impl fmt::Debug for Mnk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Mnk({},{},{} {})",
            self.geo.rows,
            self.geo.cols,
            self.geo.k,
            ply_engine::Notation::format_position(self)
        )
    }
}
