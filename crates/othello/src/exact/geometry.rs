//! What the exact solver knows about a board size beyond its rules: the
//! per-square tables of its hot loops (quadrant parity, neighbours, square
//! values) and the evaluation its ordering searches use. Built at compile
//! time for every size whose sets fit in a `u64` (4x4, 6x6, 8x8), so each
//! size's solver is its own monomorphised copy with constant tables.

use crate::bitboard::{Geometry, Size4, Size6, Size8};

/// A board size the exact solver runs on.
pub trait ExactGeometry: Geometry<B = u64> {
    /// The quadrant bit of each square (parity is one bit per quadrant).
    fn quadrant_bits() -> &'static [u8; 64];
    /// The neighbours of each square: a move there flips something only
    /// if one of them holds an opponent disc.
    fn neighbour_sets() -> &'static [u64; 64];
    /// A coarse value of each square for ordering: corners best, the
    /// squares next to them worst.
    fn square_values() -> &'static [i32; 64];
    /// The evaluation of the ordering searches (hundredths of a disc, for
    /// the side to move `p`): the trained pattern evaluation on 8x8, the
    /// hand-weighted generic one elsewhere.
    fn evaluate(p: u64, o: u64) -> i32;
}

/// The quadrant bits of an `n` x `n` board.
const fn quadrant_bits(n: usize) -> [u8; 64] {
    let mut q = [0u8; 64];
    let mut s = 0;
    while s < n * n {
        let (r, c) = (s / n, s % n);
        q[s] = 1 << ((if r < n / 2 { 0 } else { 2 }) + (if c < n / 2 { 0 } else { 1 }));
        s += 1;
    }
    q
}

/// The neighbour sets of an `n` x `n` board.
const fn neighbour_sets(n: usize) -> [u64; 64] {
    let mut sets = [0u64; 64];
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
                    sets[s] |= 1u64 << (rr * size + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        s += 1;
    }
    sets
}

/// The square values of an `n` x `n` board: the 8x8 quarter table (ply's
/// own), its first two rows and columns (corner, C- and X-squares) kept on
/// every size, its last (the centre) mapped to the centre.
const fn square_values(n: usize) -> [i32; 64] {
    const QUARTER: [[i32; 4]; 4] = [[20, 2, 12, 10], [2, 0, 6, 6], [12, 6, 10, 8], [10, 6, 8, 0]];
    let half = n / 2;
    let mut t = [0i32; 64];
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

macro_rules! exact_geometry {
    ($size:ty, $n:expr, $quadrants:ident, $neighbours:ident, $values:ident, $evaluate:expr) => {
        static $quadrants: [u8; 64] = quadrant_bits($n);
        static $neighbours: [u64; 64] = neighbour_sets($n);
        static $values: [i32; 64] = square_values($n);

        impl ExactGeometry for $size {
            #[inline(always)]
            fn quadrant_bits() -> &'static [u8; 64] {
                &$quadrants
            }
            #[inline(always)]
            fn neighbour_sets() -> &'static [u64; 64] {
                &$neighbours
            }
            #[inline(always)]
            fn square_values() -> &'static [i32; 64] {
                &$values
            }
            #[inline]
            fn evaluate(p: u64, o: u64) -> i32 {
                $evaluate(p, o)
            }
        }
    };
}

exact_geometry!(
    Size4,
    4,
    QUADRANTS4,
    NEIGHBOURS4,
    VALUES4,
    crate::eval::evaluate::<Size4>
);
exact_geometry!(
    Size6,
    6,
    QUADRANTS6,
    NEIGHBOURS6,
    VALUES6,
    crate::eval::evaluate::<Size6>
);
exact_geometry!(
    Size8,
    8,
    QUADRANTS8,
    NEIGHBOURS8,
    VALUES8,
    crate::pattern::evaluate
);

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
