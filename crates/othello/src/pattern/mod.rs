//! The trained evaluation of the 8x8 board: pattern tables per game phase
//! plus mobility, with weights this project fits itself (the
//! `ply-othello-train` pipeline, `crates/othello-train`) and ships in
//! `data/othello-eval.bin` (the midgame's) and `data/othello-endgame-eval.bin`
//! (the exact solver's move ordering and ProbCut probes).
//!
//! **Score scale**: hundredths of a disc of final margin for the side to
//! move, the scale of [`crate::hand_weighted`] ([`crate::DISC`] =
//! 100 is one disc), clamped to ±[`MAX_SCORE`] (64 discs); a finished
//! position gets its exact final margin × 100 (empties to the winner).
//!
//! **Features.** Eleven patterns, each a fixed list of squares read as a
//! ternary number (0 empty, 1 the mover's disc, 2 the opponent's), with
//! every symmetric image of a pattern sharing one table: the edge with its
//! two X-squares (4 images), the 2x5 corner (8), the 3x3 corner (4), the
//! second, third and fourth rows and columns (4 each), and the diagonals
//! of 8, 7, 6, 5 and 4 squares (2, 4, 4, 4, 4): 46 table lookups. Then a
//! bias, a weight per legal move of each side, and a weight for an odd
//! number of empties ([`PARITY`]). One set of weights per
//! phase of four empty squares ([`phase_of`], [`PHASES`] phases).
//!
//! **Speed.** The eight symmetric images of both bitboards are computed
//! once with a few shifts and masks; every pattern then gathers its bits
//! from the top-left corner of an image (rows by a shift, diagonals by one
//! multiplication), and a 1024-entry table turns the two bit strings into
//! the ternary index.

mod children;
mod weights;

use std::sync::OnceLock;

use crate::bitboard::Size8;
use crate::margin::final_margin;
use crate::movegen::moves;

pub use children::PatternIndices;
pub use weights::{Weights, WeightsError, FORMAT_VERSION, MAGIC};

/// The largest score magnitude (64 discs).
pub const MAX_SCORE: i32 = 6400;
/// Phases: empties 1-4 are phase 0, 5-8 phase 1, ..., 57-60 phase 14.
pub const PHASES: usize = 15;
/// Empty squares per phase.
pub const PHASE_WIDTH: u32 = 4;

/// The phase of a position with `empties` empty squares.
#[inline]
pub fn phase_of(empties: u32) -> usize {
    ((empties.max(1) - 1) / PHASE_WIDTH).min(PHASES as u32 - 1) as usize
}

/// One pattern: its squares `(row, column)` in ternary-digit order (digit
/// 0 first), and the symmetries (see [`map_square`]) whose images give its
/// distinct instances on the board.
#[derive(Clone, Copy, Debug)]
pub struct Pattern {
    /// A short name.
    pub name: &'static str,
    /// The squares of the instance read from the top-left of an image.
    pub squares: &'static [(u32, u32)],
    /// The symmetries whose images are read.
    pub images: &'static [usize],
}

impl Pattern {
    /// Entries in its table.
    pub const fn table_len(&self) -> usize {
        3usize.pow(self.squares.len() as u32)
    }
}

const fn row(r: u32) -> [(u32, u32); 8] {
    [
        (r, 0),
        (r, 1),
        (r, 2),
        (r, 3),
        (r, 4),
        (r, 5),
        (r, 6),
        (r, 7),
    ]
}

const ROW1: [(u32, u32); 8] = row(1);
const ROW2: [(u32, u32); 8] = row(2);
const ROW3: [(u32, u32); 8] = row(3);
const FOUR_EDGES: [usize; 4] = [0, 2, 4, 6];
const FOUR_CORNERS: [usize; 4] = [0, 1, 2, 3];

/// The eleven patterns, in the order of the tables in a phase.
pub const PATTERNS: [Pattern; 11] = [
    Pattern {
        name: "edge+2X",
        squares: &[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (0, 5),
            (0, 6),
            (0, 7),
            (1, 1),
            (1, 6),
        ],
        images: &FOUR_EDGES,
    },
    Pattern {
        name: "corner 2x5",
        squares: &[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 0),
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
        ],
        images: &[0, 1, 2, 3, 4, 5, 6, 7],
    },
    Pattern {
        name: "corner 3x3",
        squares: &[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
        images: &FOUR_CORNERS,
    },
    Pattern {
        name: "row 2",
        squares: &ROW1,
        images: &FOUR_EDGES,
    },
    Pattern {
        name: "row 3",
        squares: &ROW2,
        images: &FOUR_EDGES,
    },
    Pattern {
        name: "row 4",
        squares: &ROW3,
        images: &FOUR_EDGES,
    },
    Pattern {
        name: "diagonal 8",
        squares: &[
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 5),
            (6, 6),
            (7, 7),
        ],
        images: &[0, 1],
    },
    Pattern {
        name: "diagonal 7",
        squares: &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)],
        images: &FOUR_CORNERS,
    },
    Pattern {
        name: "diagonal 6",
        squares: &[(0, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 7)],
        images: &FOUR_CORNERS,
    },
    Pattern {
        name: "diagonal 5",
        squares: &[(0, 3), (1, 4), (2, 5), (3, 6), (4, 7)],
        images: &FOUR_CORNERS,
    },
    Pattern {
        name: "diagonal 4",
        squares: &[(0, 4), (1, 5), (2, 6), (3, 7)],
        images: &FOUR_CORNERS,
    },
];

/// Pattern instances per position (table lookups per evaluation).
pub const INSTANCES: usize = 46;

const fn offsets() -> [usize; 12] {
    let mut out = [0; 12];
    let mut i = 0;
    while i < 11 {
        out[i + 1] = out[i] + PATTERNS[i].table_len();
        i += 1;
    }
    out
}

/// Where each pattern's table starts in a phase (and, last, where the
/// scalar weights start).
pub const OFFSETS: [usize; 12] = offsets();
/// The bias weight's slot in a phase.
pub const BIAS: usize = OFFSETS[11];
/// The weight per legal move of the side to move.
pub const MOBILITY_MINE: usize = BIAS + 1;
/// The weight per legal move of the opponent.
pub const MOBILITY_THEIRS: usize = BIAS + 2;
/// The weight added when the number of empty squares is odd. A phase
/// spans four empties, two of each parity, and without it the fitted
/// weights leaned towards the side to move at even empties and away from
/// it at odd ones, by up to about two discs against exact scores (the
/// crate's README, "Calibration by parity").
pub const PARITY: usize = BIAS + 3;
/// Weights per phase.
pub const PHASE_LEN: usize = BIAS + 4;

/// Where square `(row, column)` goes under symmetry `t` (0-7): bit 2
/// transposes (swaps row and column), then bit 0 mirrors the columns and
/// bit 1 the rows.
pub const fn map_square(t: usize, row: u32, column: u32) -> (u32, u32) {
    let (mut r, mut c) = if t & 4 != 0 {
        (column, row)
    } else {
        (row, column)
    };
    if t & 1 != 0 {
        c = 7 - c;
    }
    if t & 2 != 0 {
        r = 7 - r;
    }
    (r, c)
}

#[inline(always)]
fn flip_columns(x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let x = ((x >> 1) & K1) | ((x & K1) << 1);
    let x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

#[inline(always)]
fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The board under symmetry `t` of [`map_square`]: the disc on square
/// `s` of `x` is on square `t(s)` of the image (bit = row * 8 + column).
#[inline(always)]
pub fn image(t: usize, x: u64) -> u64 {
    let x = if t & 4 != 0 { transpose(x) } else { x };
    let x = if t & 1 != 0 { flip_columns(x) } else { x };
    if t & 2 != 0 {
        x.swap_bytes()
    } else {
        x
    }
}

#[inline(always)]
fn images(x: u64) -> [u64; 8] {
    let h = flip_columns(x);
    let t = transpose(x);
    let th = flip_columns(t);
    [
        x,
        h,
        x.swap_bytes(),
        h.swap_bytes(),
        t,
        th,
        t.swap_bytes(),
        th.swap_bytes(),
    ]
}

/// The base-3 value of each 10-bit string (bit i is digit i).
static TERNARY: [u32; 1024] = {
    let mut table = [0u32; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut value = 0;
        let mut power = 1;
        let mut i = 0;
        while i < 10 {
            if bits >> i & 1 == 1 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

// Bit gathers of each pattern from the top-left of an image, digit i at bit i.
#[inline(always)]
fn edge_x(b: u64) -> usize {
    ((b & 0xFF) | ((b >> 9) & 1) << 8 | ((b >> 14) & 1) << 9) as usize
}
#[inline(always)]
fn corner_2x5(b: u64) -> usize {
    ((b & 0x1F) | ((b >> 8) & 0x1F) << 5) as usize
}
#[inline(always)]
fn corner_3x3(b: u64) -> usize {
    ((b & 7) | ((b >> 8) & 7) << 3 | ((b >> 16) & 7) << 6) as usize
}
#[inline(always)]
fn row_bits(b: u64, r: u32) -> usize {
    ((b >> (8 * r)) & 0xFF) as usize
}
/// The diagonal from (0, k) down to the right, digit i at (i, k + i).
#[inline(always)]
fn diagonal(b: u64, k: u32) -> usize {
    const MAIN: u64 = 0x8040_2010_0804_0201;
    // The diagonal's squares lie in distinct columns and rows, so the
    // multiplication adds the rows' bytes into the top byte without carries.
    let mask = (MAIN << k) & !(0x0101_0101_0101_0101u64.wrapping_mul((1 << k) - 1));
    (((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) >> k) as usize
}

#[inline(always)]
fn ternary(pb: usize, ob: usize) -> usize {
    (TERNARY[pb] + 2 * TERNARY[ob]) as usize
}

/// The 46 pattern indices of `p` (to move) against `o`, each already
/// offset to its table's place in a phase ([`OFFSETS`]), in the order of
/// [`PATTERNS`] and of each pattern's `images`.
#[inline]
pub fn indices(p: u64, o: u64) -> [usize; INSTANCES] {
    let ip = images(p);
    let io = images(o);
    let mut out = [0; INSTANCES];
    let mut k = 0;
    for &t in &FOUR_EDGES {
        out[k] = OFFSETS[0] + ternary(edge_x(ip[t]), edge_x(io[t]));
        k += 1;
    }
    for t in 0..8 {
        out[k] = OFFSETS[1] + ternary(corner_2x5(ip[t]), corner_2x5(io[t]));
        k += 1;
    }
    for &t in &FOUR_CORNERS {
        out[k] = OFFSETS[2] + ternary(corner_3x3(ip[t]), corner_3x3(io[t]));
        k += 1;
    }
    for r in 1..4 {
        for &t in &FOUR_EDGES {
            out[k] = OFFSETS[2 + r as usize] + ternary(row_bits(ip[t], r), row_bits(io[t], r));
            k += 1;
        }
    }
    for &t in &[0, 1] {
        out[k] = OFFSETS[6] + ternary(diagonal(ip[t], 0), diagonal(io[t], 0));
        k += 1;
    }
    for d in 1..5 {
        for &t in &FOUR_CORNERS {
            out[k] = OFFSETS[6 + d as usize] + ternary(diagonal(ip[t], d), diagonal(io[t], d));
            k += 1;
        }
    }
    out
}

/// For every weight slot of a phase, the slot it shares its weight with
/// (the smallest index among the images of its configuration under the
/// symmetries that map the pattern's squares onto themselves). Weights
/// with `w[i] == w[tie[i]]` make the evaluation the same on all eight
/// symmetric images of a position; the trainer fits one weight per class.
pub fn tie_map() -> Vec<u32> {
    let mut tie: Vec<u32> = (0..PHASE_LEN as u32).collect();
    for (n, pattern) in PATTERNS.iter().enumerate() {
        let squares = pattern.squares;
        // Digit permutations of the symmetries that keep the square set.
        let mut perms: Vec<Vec<usize>> = Vec::new();
        for t in 1..8 {
            let perm: Option<Vec<usize>> = squares
                .iter()
                .map(|&(r, c)| {
                    let to = map_square(t, r, c);
                    squares.iter().position(|&s| s == to)
                })
                .collect();
            if let Some(perm) = perm {
                perms.push(perm);
            }
        }
        let len = squares.len();
        for index in 0..pattern.table_len() {
            let mut digits = vec![0; len];
            let mut rest = index;
            for d in digits.iter_mut() {
                *d = rest % 3;
                rest /= 3;
            }
            let mut best = index;
            for perm in &perms {
                let mut image = vec![0; len];
                for (i, &to) in perm.iter().enumerate() {
                    image[to] = digits[i];
                }
                let value = image.iter().rev().fold(0, |acc, &d| acc * 3 + d);
                best = best.min(value);
            }
            tie[OFFSETS[n] + index] = (OFFSETS[n] + best) as u32;
        }
    }
    tie
}

impl Weights {
    /// The evaluation of `p` (to move) against `o` with these weights, in
    /// hundredths of a disc (see the module's documentation).
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        self.value(p, o, moves::<Size8>(p, o), |w| {
            indices(p, o).into_iter().map(|i| i32::from(w[i])).sum()
        })
    }

    /// The evaluation of `p` (to move, legal moves `legal`) against `o`,
    /// the patterns' part summed by `patterns` from the phase's weights.
    #[inline(always)]
    fn value(&self, p: u64, o: u64, legal: u64, patterns: impl FnOnce(&[i16]) -> i32) -> i32 {
        let mine = legal.count_ones() as i32;
        let theirs = moves::<Size8>(o, p).count_ones() as i32;
        if mine == 0 && theirs == 0 {
            return 100 * final_margin::<Size8>(p, o);
        }
        let empties = (!(p | o)).count_ones();
        let w = self.phase(phase_of(empties));
        let sum = i32::from(w[BIAS])
            + i32::from(w[PARITY]) * (empties & 1) as i32
            + i32::from(w[MOBILITY_MINE]) * mine
            + i32::from(w[MOBILITY_THEIRS]) * theirs
            + patterns(w);
        sum.clamp(-MAX_SCORE, MAX_SCORE)
    }
}

/// The weights the midgame engine evaluates with (`data/othello-eval.bin`).
pub static EMBEDDED_FILE: &[u8] = include_bytes!("../../data/othello-eval.bin");

/// The weights the exact solver orders and probes its moves with
/// (`data/othello-endgame-eval.bin`): the earlier training run's, which its
/// ordering and ProbCut models were measured and fitted with. The midgame
/// weights of the larger run play better but cost the exact solver 14% more
/// nodes on FFO #45-#49 (the README), so the endgame keeps its own, as
/// Egaroucid keeps a separate evaluation for endgame ordering.
pub static ENDGAME_FILE: &[u8] = include_bytes!("../../data/othello-endgame-eval.bin");

static EMBEDDED: OnceLock<Result<Weights, WeightsError>> = OnceLock::new();
static ENDGAME: OnceLock<Result<Weights, WeightsError>> = OnceLock::new();

/// The shipped midgame weights, decoded and checked on first use. Front
/// ends may call it at start-up to report a damaged build as an error.
pub fn embedded() -> Result<&'static Weights, &'static WeightsError> {
    EMBEDDED
        .get_or_init(|| Weights::from_bytes(EMBEDDED_FILE))
        .as_ref()
}

/// The shipped endgame-ordering weights, decoded and checked on first use.
pub fn endgame_weights() -> Result<&'static Weights, &'static WeightsError> {
    ENDGAME
        .get_or_init(|| Weights::from_bytes(ENDGAME_FILE))
        .as_ref()
}

/// The trained evaluation of `p` (to move) against `o` with the shipped
/// midgame weights, in hundredths of a disc of final margin.
///
/// # Panics
/// If the weights compiled into the crate are corrupt, which a test of
/// this crate rules out for every build that passes it; call [`embedded`]
/// first to get the typed error instead.
pub fn evaluate(p: u64, o: u64) -> i32 {
    compiled_in(embedded()).evaluate(p, o)
}

/// The shipped midgame weights ([`embedded`]), for a search that evaluates
/// from kept indices ([`Weights::evaluate_indexed`], [`Weights::evaluate_child`]).
///
/// # Panics
/// As [`evaluate`].
#[inline]
pub fn midgame_weights() -> &'static Weights {
    compiled_in(embedded())
}

/// The shipped endgame-ordering weights ([`endgame_weights`]), as
/// [`midgame_weights`].
///
/// # Panics
/// As [`evaluate`].
#[inline]
pub fn ordering_weights() -> &'static Weights {
    compiled_in(endgame_weights())
}

/// [`evaluate`] with the endgame-ordering weights ([`ENDGAME_FILE`]).
///
/// # Panics
/// As [`evaluate`]; [`endgame_weights`] gives the typed error.
pub fn evaluate_for_endgame(p: u64, o: u64) -> i32 {
    compiled_in(endgame_weights()).evaluate(p, o)
}

fn compiled_in(weights: Result<&'static Weights, &'static WeightsError>) -> &'static Weights {
    match weights {
        Ok(weights) => weights,
        Err(error) => panic!("the compiled-in Othello evaluation weights are unusable: {error}"),
    }
}
