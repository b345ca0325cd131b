//! Move ordering for the exact solver: fastest first.
//!
//! The move that leaves the opponent the fewest replies usually refutes
//! fastest (the opponent's tree is narrow, and a side short of moves is
//! usually losing). Corner replies count double, being the worst to
//! allow. The opponent's potential mobility (empty squares next to our
//! discs: where its future moves come from) weighs a quarter of a reply;
//! corners won and the discs next to them on the edges (they stay), the
//! square itself and parity break ties.

use crate::bitboard::Bits;
use crate::movegen::moves;

use super::geometry::ExactGeometry;

const W_MOBILITY: i32 = 1 << 15;
const W_CORNER_STABILITY: i32 = 1 << 11;
/// FFO #45-#49, one thread, 64 MB table: 579.7 M nodes at `1 << 5` (a
/// tie-break), 574.5 M at `1 << 11`, 570.3 M at `1 << 13`, 572.8 M at
/// `1 << 14`; parity at `1 << 14` or `1 << 15` instead of `1 << 3`: 584.4
/// M and 588.6 M.
const W_POTENTIAL: i32 = 1 << 13;
const W_PARITY: i32 = 1 << 3;

/// Squares with corners counted twice.
#[inline(always)]
fn weighted<G: ExactGeometry>(x: G::B) -> i32 {
    (x.count() + (x & G::CORNERS).count()) as i32
}

/// Empty squares next to `discs`.
#[inline(always)]
fn around<G: ExactGeometry>(discs: G::B, empty: G::B) -> G::B {
    let n = G::SIZE;
    let first_column = first_column::<G>();
    // Within the board: a shift east off the last square must not come
    // back by a vertical shift.
    let not_first = !first_column & G::FULL;
    let not_last = !(first_column << (n - 1)) & G::FULL;
    let east = (discs << 1) & not_first;
    let west = (discs >> 1) & not_last;
    let row = discs | east | west;
    (row | (row << n) | (row >> n) | east | west) & empty
}

/// The squares of the first column (a constant once monomorphised).
#[inline(always)]
fn first_column<G: ExactGeometry>() -> G::B {
    let mut column = G::B::ZERO;
    let mut row = 0;
    while row < G::SIZE {
        column |= G::B::bit(row * G::SIZE);
        row += 1;
    }
    column
}

/// Corners of `p` and the edge squares beside them that `p` also holds.
#[inline(always)]
fn corner_stability<G: ExactGeometry>(p: G::B) -> i32 {
    let n = G::SIZE;
    let (top_left, top_right) = (G::B::ONE, G::B::bit(n - 1));
    let (bottom_left, bottom_right) = (G::B::bit(n * (n - 1)), G::B::bit(n * n - 1));
    let corners = p & G::CORNERS;
    let beside = ((corners & (top_left | bottom_left)) << 1)
        | ((corners & (top_right | bottom_right)) >> 1)
        | ((corners & (top_left | top_right)) << n)
        | ((corners & (bottom_left | bottom_right)) >> n);
    (corners | (beside & p)).count() as i32
}

/// The ordering value of the move to `x` (higher first), `np`/`no` the
/// discs of the side that moved / the side to move after it, `parity` the
/// parent's quadrant parity.
#[inline]
pub fn move_value<G: ExactGeometry>(x: u32, np: G::B, no: G::B, parity: u8) -> i32 {
    if no.is_empty() {
        return i32::MAX;
    }
    let empty = !(np | no) & G::FULL;
    let mut value = G::square_values()[x as usize];
    if parity & G::quadrant_bits()[x as usize] != 0 {
        value += W_PARITY;
    }
    value += (36 - weighted::<G>(moves::<G>(no, np))) * W_MOBILITY;
    value += corner_stability::<G>(np) * W_CORNER_STABILITY;
    value += (36 - weighted::<G>(around::<G>(np, empty))) * W_POTENTIAL;
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::{Size10, Size4, Size6, Size8};
    use crate::movegen::neighbours;

    fn around_is_neighbours<G: ExactGeometry>(widen: fn(u64, u64) -> G::B) {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let discs = widen(x & x.rotate_left(23), x.rotate_left(41)) & G::FULL;
            let empty = !discs & widen(x.rotate_left(5), x.rotate_left(11)) & G::FULL;
            assert_eq!(
                around::<G>(discs, empty),
                neighbours::<G>(discs) & empty,
                "{} {discs:?}",
                G::SIZE
            );
        }
    }

    #[test]
    fn around_matches_the_generic_neighbours() {
        around_is_neighbours::<Size4>(|low, _| low);
        around_is_neighbours::<Size6>(|low, _| low);
        around_is_neighbours::<Size8>(|low, _| low);
        around_is_neighbours::<Size10>(|low, high| u128::from(high) << 64 | u128::from(low));
        assert_eq!(corner_stability::<Size8>(0x8000_0000_0000_0003), 3);
        assert_eq!(corner_stability::<Size6>(1 << 35 | 1 << 34 | 1 << 29), 3);
        assert_eq!(corner_stability::<Size10>(1 << 99 | 1 << 98 | 1 << 89), 3);
    }
}
