//! Move ordering for the exact solver: fastest first.
//!
//! The move that leaves the opponent the fewest replies usually refutes
//! fastest (the opponent's tree is narrow, and a side short of moves is
//! usually losing). Corner replies count double, being the worst to
//! allow. Ties are broken by corners won and the discs next to them on the
//! edges (they stay), then by the opponent's potential mobility (empty
//! squares next to our discs: where its future moves come from), then by
//! the square itself and by parity.

use crate::bitboard::Size8;
use crate::movegen::moves;

use super::last::QUADRANT;

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// A coarse value of each square: corners best, the squares next to them
/// worst, edges and the middle between (ply's own table).
const SQUARE_VALUE: [i32; 64] = {
    let quarter: [[i32; 4]; 4] = [[20, 2, 12, 10], [2, 0, 6, 6], [12, 6, 10, 8], [10, 6, 8, 0]];
    let mut t = [0i32; 64];
    let mut s = 0;
    while s < 64 {
        let (r, c) = (s / 8, s % 8);
        let rr = if r < 4 { r } else { 7 - r };
        let cc = if c < 4 { c } else { 7 - c };
        t[s] = quarter[rr][cc];
        s += 1;
    }
    t
};

const W_MOBILITY: i32 = 1 << 15;
const W_CORNER_STABILITY: i32 = 1 << 11;
const W_POTENTIAL: i32 = 1 << 5;
const W_PARITY: i32 = 1 << 3;

/// Squares with corners counted twice.
#[inline(always)]
fn weighted(x: u64) -> i32 {
    (x.count_ones() + (x & CORNERS).count_ones()) as i32
}

/// Empty squares next to `discs`.
#[inline(always)]
fn around(discs: u64, empty: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let east = (discs << 1) & NOT_A;
    let west = (discs >> 1) & NOT_H;
    let row = discs | east | west;
    (row | (row << 8) | (row >> 8) | east | west) & empty
}

/// Corners of `p` and the edge squares beside them that `p` also holds.
#[inline(always)]
fn corner_stability(p: u64) -> i32 {
    let corners = p & CORNERS;
    let beside = ((corners & 0x0100_0000_0000_0001) << 1)
        | ((corners & 0x8000_0000_0000_0080) >> 1)
        | ((corners & 0x0000_0000_0000_0081) << 8)
        | ((corners & 0x8100_0000_0000_0000) >> 8);
    (corners | (beside & p)).count_ones() as i32
}

/// The ordering value of the move to `x` (higher first), `np`/`no` the
/// discs of the side that moved / the side to move after it, `parity` the
/// parent's quadrant parity.
#[inline]
pub fn move_value(x: u32, np: u64, no: u64, parity: u8) -> i32 {
    if no == 0 {
        return i32::MAX;
    }
    let empty = !(np | no);
    let mut value = SQUARE_VALUE[x as usize];
    if parity & QUADRANT[x as usize] != 0 {
        value += W_PARITY;
    }
    value += (36 - weighted(moves::<Size8>(no, np))) * W_MOBILITY;
    value += corner_stability(np) * W_CORNER_STABILITY;
    value += (36 - weighted(around(np, empty))) * W_POTENTIAL;
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bits;
    use crate::movegen::neighbours;

    #[test]
    fn around_matches_the_generic_neighbours() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let discs = x & x.rotate_left(23);
            let empty = !discs & x.rotate_left(5);
            assert_eq!(around(discs, empty), neighbours::<Size8>(discs) & empty);
        }
        assert_eq!(corner_stability(0x8000_0000_0000_0003), 3);
        assert_eq!(SQUARE_VALUE[63], 20);
        assert_eq!(u64::bit(0).count(), 1);
    }
}
