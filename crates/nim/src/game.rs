//! The rules of Nim: rows of objects, a move takes one or more objects from
//! one row, and whoever takes the last object wins (loses in misère play).

use ply_engine::{Game, GameResult, Side, Symmetric};
use serde::{Deserialize, Serialize};

/// Most rows a position may have: the exact key must be `Copy`, so the rows
/// live in a fixed array.
pub const MAX_ROWS: usize = 32;

/// Most objects one row may hold.
pub const MAX_COUNT: u16 = u16::MAX;

/// A move: take `take` objects (at least one) from row `row` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// The row taken from (0-based).
    pub row: u8,
    /// How many objects are taken (at least one).
    pub take: u16,
}

/// The exact identity of a Nim position: the rows, the rule variant and
/// the side to move. (Values do not depend on the side to move, since both
/// players have the same moves; `canonical` leaves it out so that solvers
/// and learners share one entry for both.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NimKey {
    /// The rows' objects, the first `len` in use, the rest 0.
    pub rows: [u16; MAX_ROWS],
    /// How many rows are in use.
    pub len: u8,
    /// Misère play (the last to take loses).
    pub misere: bool,
    /// Learner files written before the side was part of the key read as
    /// false, which is what `canonical` stores.
    #[serde(default)]
    pub second_to_move: bool,
}

/// A Nim position: the rows, the rule variant, and the plies played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    rows: [u16; MAX_ROWS],
    len: u8,
    misere: bool,
    ply: u32,
    hash: u64,
}

/// One Zobrist number per (row, count), computed rather than tabulated
/// because 32 rows of 65,536 counts would need a 16 MiB table.
pub(crate) fn zobrist(row: usize, count: u16) -> u64 {
    if count == 0 {
        return 0;
    }
    splitmix64(((row as u64) << 16) | count as u64)
}

/// A strong 64-bit mixer (SplitMix64's finaliser).
pub(crate) fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Nim {
    /// A position with these rows (the caller checked there are at most
    /// `MAX_ROWS`), first player to move.
    pub fn new(rows: &[u16], misere: bool) -> Nim {
        assert!(rows.len() <= MAX_ROWS, "at most {MAX_ROWS} rows");
        let mut array = [0u16; MAX_ROWS];
        array[..rows.len()].copy_from_slice(rows);
        let mut nim = Nim {
            rows: array,
            len: rows.len() as u8,
            misere,
            ply: 0,
            hash: 0,
        };
        nim.hash = nim.recompute_hash();
        nim
    }

    /// The standard start, rows 1, 2, 3.
    pub fn standard() -> Nim {
        Nim::new(&[1, 2, 3], false)
    }

    /// The objects in each row, in order.
    pub fn rows(&self) -> &[u16] {
        &self.rows[..self.len as usize]
    }

    /// Whether this is misère play (the last to take loses).
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// Total objects left.
    pub fn total(&self) -> u64 {
        self.rows().iter().map(|&r| r as u64).sum()
    }

    /// The same rows with the given plies already played (so the side to
    /// move follows from `ply`'s parity).
    pub fn with_ply(mut self, ply: u32) -> Nim {
        self.ply = ply;
        self
    }

    /// The rows sorted: positions that differ only by the order of their
    /// rows have the same value.
    pub fn sorted_rows(&self) -> Vec<u16> {
        let mut rows = self.rows().to_vec();
        rows.sort_unstable();
        rows
    }
}

impl Game for Nim {
    type Move = NimMove;
    type Undo = ();
    type Key = NimKey;

    fn to_move(&self) -> Side {
        Side::after_plies(self.ply)
    }

    fn result(&self) -> Option<GameResult> {
        if self.rows().iter().any(|&r| r > 0) {
            return None;
        }
        // The player who took the last object is the one not to move.
        let taker = self.to_move().opponent();
        Some(if self.misere {
            GameResult::Win(taker.opponent())
        } else {
            GameResult::Win(taker)
        })
    }

    fn generate_moves(&self, moves: &mut Vec<NimMove>) {
        moves.clear();
        for (row, &count) in self.rows().iter().enumerate() {
            moves.extend((1..=count).map(|take| NimMove {
                row: row as u8,
                take,
            }));
        }
    }

    fn play(&mut self, mv: NimMove) {
        debug_assert!(
            mv.row < self.len && (1..=self.rows[mv.row as usize]).contains(&mv.take),
            "{mv:?} is not a legal move in {self:?}"
        );
        let row = mv.row as usize;
        let before = self.rows[row];
        let after = before - mv.take;
        self.hash ^= zobrist(row, before) ^ zobrist(row, after);
        self.rows[row] = after;
        self.ply += 1;
    }

    fn undo(&mut self, mv: NimMove, _undo: ()) {
        debug_assert!(
            self.ply > 0 && mv.row < self.len && mv.take > 0,
            "undo of {mv:?}, which cannot have been played, in {self:?}"
        );
        let row = mv.row as usize;
        let before = self.rows[row];
        let after = before + mv.take;
        self.hash ^= zobrist(row, before) ^ zobrist(row, after);
        self.rows[row] = after;
        self.ply -= 1;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        let variant = if self.misere { splitmix64(u64::MAX) } else { 0 };
        self.rows()
            .iter()
            .enumerate()
            .fold(variant, |h, (row, &count)| h ^ zobrist(row, count))
    }

    fn key(&self) -> NimKey {
        NimKey {
            rows: self.rows,
            len: self.len,
            misere: self.misere,
            second_to_move: self.to_move() == Side::Second,
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }
}

impl Symmetric for Nim {
    /// Rows are interchangeable: the canonical form sorts them, and its hash
    /// is a sum over counts, which does not depend on the order. Nim is
    /// impartial (both players have the same moves), so swapping the players
    /// keeps the value for the side to move: the canonical form has player 1
    /// to move.
    fn canonical(&self) -> (u64, NimKey) {
        let mut key = self.key();
        key.rows[..self.len as usize].sort_unstable();
        key.second_to_move = false;
        let hash = self
            .rows()
            .iter()
            .fold(self.misere as u64, |h, &c| h.wrapping_add(zobrist(0, c)));
        (hash, key)
    }

    fn symmetric_images(&self, images: &mut Vec<Nim>) {
        // Rotations and the reversal are enough to exercise canonical keys
        // without listing every permutation of many rows.
        let rows = self.rows();
        let mut orders = Vec::new();
        for shift in 1..rows.len() {
            let mut r = rows.to_vec();
            r.rotate_left(shift);
            orders.push(r);
        }
        let mut reversed = rows.to_vec();
        reversed.reverse();
        orders.push(reversed);
        images.clear();
        images.extend(
            orders
                .into_iter()
                .filter(|r| r.as_slice() != rows)
                .map(|r| Nim::new(&r, self.misere).with_ply(self.ply)),
        );
        // The same rows with the other player to move.
        images.push(Nim::new(rows, self.misere).with_ply(self.ply ^ 1));
    }
}
