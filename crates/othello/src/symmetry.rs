//! The eight symmetries of the square board (rotations and reflections):
//! equivalent positions have equal values, which the tests check.

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

/// A set of squares under symmetry `t`.
pub fn transform(bits: u128, size: u8, t: u8) -> u128 {
    let n = size as u32;
    let mut out = 0u128;
    for square in crate::bitboard::Squares(bits) {
        let (r, c) = map_square(n, t, square / n, square % n);
        out |= 1u128 << (r * n + c);
    }
    out
}
