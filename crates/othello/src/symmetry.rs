//! The eight symmetries of the square board (rotations and reflections):
//! equivalent positions have equal values, which the tests check.

use crate::bitboard::{Bits, Geometry, Squares};

/// Number of symmetries, the identity included (index 0).
pub const SYMMETRIES: u8 = 8;

/// The square `(row, column)` maps to under symmetry `t`: bit 0 mirrors
/// the columns, bit 1 the rows, bit 2 transposes.
pub fn map_square(size: u32, t: u8, row: u32, column: u32) -> (u32, u32) {
    let mut r = row;
    let mut c = column;
    if t & 1 != 0 {
        c = size - 1 - c;
    }
    if t & 2 != 0 {
        r = size - 1 - r;
    }
    if t & 4 != 0 {
        std::mem::swap(&mut r, &mut c);
    }
    (r, c)
}

/// A set of squares of the board `G` under symmetry `t`.
pub fn transform<G: Geometry>(bits: G::B, t: u8) -> G::B {
    let n = G::SIZE;
    let mut out = G::B::ZERO;
    for square in Squares(bits) {
        let (r, c) = map_square(n, t, square / n, square % n);
        out |= G::B::bit(r * n + c);
    }
    out
}
