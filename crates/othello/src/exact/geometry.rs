//! What the searches know about a board size beyond its rules: the
//! per-square tables of their hot loops (quadrant parity, neighbours,
//! square values), built at compile time for every size (4x4, 6x6 and 8x8
//! in a `u64`, 10x10 in a `u128`) by the const functions here, which each
//! size's `Geometry` keeps (`bitboard.rs`), with the room its move lists
//! need and its evaluation; each size's solver is its own monomorphised
//! copy with constant tables.

use crate::bitboard::Geometry;

/// A board size the exact solver and the midgame engine run on: every
/// [`Geometry`] (the per-size tables they use are the geometry's own,
/// built here at compile time).
pub trait ExactGeometry: Geometry {}

impl<G: Geometry> ExactGeometry for G {}

/// The quadrant bits of an `n` x `n` board.
pub(crate) const fn quadrant_bits(n: usize) -> [u8; 128] {
    let mut q = [0u8; 128];
    let mut s = 0;
    while s < n * n {
        let (r, c) = (s / n, s % n);
        q[s] = 1 << ((if r < n / 2 { 0 } else { 2 }) + (if c < n / 2 { 0 } else { 1 }));
        s += 1;
    }
    q
}

/// The neighbour sets of an `n` x `n` board.
pub(crate) const fn neighbour_sets(n: usize) -> [u128; 128] {
    let mut sets = [0u128; 128];
    let size = n as i32;
    let mut s = 0;
    while s < n * n {
        let (r, c) = ((s / n) as i32, (s % n) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && rr >= 0 && rr < size && cc >= 0 && cc < size {
                    sets[s] |= 1u128 << (rr * size + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        s += 1;
    }
    sets
}

/// [`neighbour_sets`] of a board whose sets fit in a `u64`.
pub(crate) const fn narrow(sets: [u128; 128]) -> [u64; 128] {
    let mut narrow = [0u64; 128];
    let mut s = 0;
    while s < 128 {
        narrow[s] = sets[s] as u64;
        s += 1;
    }
    narrow
}

/// The square values of an `n` x `n` board: the 8x8 quarter table (ply's
/// own), its first two rows and columns (corner, C- and X-squares) kept on
/// every size, its last (the centre) mapped to the centre.
pub(crate) const fn square_values(n: usize) -> [i32; 128] {
    const QUARTER: [[i32; 4]; 4] = [[20, 2, 12, 10], [2, 0, 6, 6], [12, 6, 10, 8], [10, 6, 8, 0]];
    let half = n / 2;
    let mut t = [0i32; 128];
    let mut s = 0;
    while s < n * n {
        let (r, c) = (s / n, s % n);
        let rr = if r < half { r } else { n - 1 - r };
        let cc = if c < half { c } else { n - 1 - c };
        t[s] = QUARTER[band(rr, half)][band(cc, half)];
        s += 1;
    }
    t
}

/// The row (or column) of the quarter table for distance `i` from the
/// edge on a board of `half` squares to the centre.
const fn band(i: usize, half: usize) -> usize {
    if i < 2 {
        i
    } else if i == half - 1 {
        3
    } else {
        2
    }
}

#[cfg(test)]
mod tests {
    use crate::bitboard::{Geometry, Size10, Size4, Size6, Size8};

    #[test]
    fn tables_of_each_size() {
        let q = Size8::quadrant_bits();
        assert_eq!((q[0], q[7], q[56], q[63]), (1, 2, 4, 8));
        let q = Size6::quadrant_bits();
        assert_eq!((q[0], q[2], q[3], q[18], q[35]), (1, 1, 2, 4, 8));
        assert_eq!(Size8::neighbour_sets()[0], 0x302);
        assert_eq!(Size6::neighbour_sets()[0], 0b1100_0010);
        assert_eq!(Size4::neighbour_sets()[15].count_ones(), 3);
        assert_eq!(Size6::neighbour_sets()[14].count_ones(), 8);
        let v = Size8::square_values();
        assert_eq!((v[0], v[9], v[27], v[63]), (20, 0, 0, 20));
        let v = Size6::square_values();
        assert_eq!((v[0], v[1], v[7], v[14], v[35]), (20, 2, 0, 0, 20));
        let q = Size10::quadrant_bits();
        assert_eq!((q[0], q[4], q[5], q[50], q[99]), (1, 1, 2, 4, 8));
        assert_eq!(Size10::neighbour_sets()[99].count_ones(), 3);
        assert_eq!(
            Size10::neighbour_sets()[11],
            0b111 | 0b101 << 10 | 0b111 << 20
        );
        let v = Size10::square_values();
        assert_eq!((v[0], v[11], v[44], v[99]), (20, 0, 0, 20));
    }
}
