//! Bitboards behind a small typed API: one bit per square, row-major with
//! stride equal to the board size (a1 = bit 0). Every board size is its own
//! `Geometry` type so that masks and ray tables are compile-time constants
//! in the monomorphised hot loops.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An unsigned integer used as a set of squares (`u64` up to 8x8, `u128` for 10x10).
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The set of square 0 alone.
    const ONE: Self;
    /// Bits in the type (64 or 128).
    const WIDTH: u32;

    /// How many squares are in the set.
    fn count(self) -> u32;
    /// Index of the lowest set bit (the value must not be zero).
    fn lowest(self) -> u32;
    /// Subtraction modulo the width (for carry tricks on rays).
    fn wrapping_sub(self, other: Self) -> Self;
    /// Two's-complement negation (isolates the lowest bit with `&`).
    fn wrapping_neg(self) -> Self;
    /// Zero bits above the highest set bit.
    fn leading_zeros(self) -> u32;
    /// The set widened to 128 bits (the size-independent `OthelloKey`).
    fn to_u128(self) -> u128;
    /// The bits folded into 64 (for hashing).
    fn fold64(self) -> u64;

    #[inline(always)]
    /// The set of one square.
    fn bit(square: u32) -> Self {
        Self::ONE << square
    }

    #[inline(always)]
    /// Whether the set has no square.
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    #[inline(always)]
    /// Whether the set holds `square`.
    fn has(self, square: u32) -> bool {
        !(self & Self::bit(square)).is_empty()
    }

    /// The lowest set bit alone (zero for zero).
    #[inline(always)]
    fn lowest_bit(self) -> Self {
        self & self.wrapping_neg()
    }

    /// All ones when `condition` holds, else zero: for branch-free selection.
    #[inline(always)]
    fn all_if(condition: bool) -> Self {
        Self::ZERO.wrapping_sub(if condition { Self::ONE } else { Self::ZERO })
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const WIDTH: u32 = <$t>::BITS;
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn wrapping_sub(self, other: Self) -> Self {
                <$t>::wrapping_sub(self, other)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn fold64(self) -> u64 {
                let x = self as u128;
                (x as u64) ^ ((x >> 64) as u64).rotate_left(17)
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// Iterates the squares of a set, lowest first.
#[derive(Clone, Copy)]
pub struct Squares<B: Bits>(pub B);

impl<B: Bits> Iterator for Squares<B> {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let square = self.0.lowest();
            self.0 = self.0 & self.0.wrapping_sub(B::ONE);
            Some(square)
        }
    }
}

/// Directions as bit-index steps: the first four increase the index (east,
/// south, south-east, south-west), the last four are their opposites.
pub const DIRECTIONS: usize = 8;

/// A board size: its bit type, masks and per-square ray tables.
pub trait Geometry: Copy + Debug + Default + Eq + Hash + Send + Sync + 'static {
    /// The bit type holding one set of squares.
    type B: Bits;
    /// The side of the board (4, 6, 8 or 10).
    const SIZE: u32;
    /// Squares on the board.
    const CELLS: u32 = Self::SIZE * Self::SIZE;
    /// Every square of the board.
    const FULL: Self::B;
    /// Every square except the first and last columns: an opponent disc
    /// there is the only kind a sideways line can run through, which keeps
    /// shifts from wrapping between rows.
    const INNER_COLUMNS: Self::B;
    /// The four corners.
    const CORNERS: Self::B;
    /// The squares beyond each square in each direction, nearest first
    /// (padded to 128 squares so that a masked index needs no bounds check).
    fn rays() -> &'static [[Self::B; DIRECTIONS]; 128];
    /// For each square, the squares of its quadrant (for parity ordering).
    fn quadrants() -> &'static [Self::B; 4];
    /// The set as the `u64` of the 8x8-only code (`crate::pattern`):
    /// `Some` on the 8x8 board alone, where it is the same integer.
    fn as_eight(bits: Self::B) -> Option<u64>;
}

/// `Geometry::as_eight` of the boards other than 8x8.
fn not_eight<B>(_: B) -> Option<u64> {
    None
}

/// Builds the constants of one board size.
macro_rules! geometry {
    ($name:ident, $t:ty, $n:expr, $rays:ident, $quads:ident, $eight:path) => {
        #[doc = concat!("The ", stringify!($n), "x", stringify!($n), " board.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        static $rays: [[$t; DIRECTIONS]; 128] = {
            let n: i32 = $n;
            let steps: [(i32, i32); DIRECTIONS] = [
                (0, 1),
                (1, 0),
                (1, 1),
                (1, -1),
                (0, -1),
                (-1, 0),
                (-1, -1),
                (-1, 1),
            ];
            let mut table = [[0 as $t; DIRECTIONS]; 128];
            let mut square = 0;
            while square < n * n {
                let mut d = 0;
                while d < DIRECTIONS {
                    let (dr, dc) = steps[d];
                    let mut r = square / n + dr;
                    let mut c = square % n + dc;
                    let mut ray: $t = 0;
                    while r >= 0 && r < n && c >= 0 && c < n {
                        ray |= (1 as $t) << (r * n + c);
                        r += dr;
                        c += dc;
                    }
                    table[square as usize][d] = ray;
                    d += 1;
                }
                square += 1;
            }
            table
        };

        static $quads: [$t; 4] = {
            let n: u32 = $n;
            let mut q = [0 as $t; 4];
            let mut square = 0;
            while square < n * n {
                let (r, c) = (square / n, square % n);
                let index = (if r < n / 2 { 0 } else { 2 }) + (if c < n / 2 { 0 } else { 1 });
                q[index as usize] |= (1 as $t) << square;
                square += 1;
            }
            q
        };

        impl Geometry for $name {
            type B = $t;
            const SIZE: u32 = $n;
            const FULL: $t = {
                let mut m: $t = 0;
                let mut i = 0;
                while i < $n * $n {
                    m |= (1 as $t) << i;
                    i += 1;
                }
                m
            };
            const INNER_COLUMNS: $t = {
                let mut m: $t = 0;
                let mut i = 0;
                while i < $n * $n {
                    let c = i % $n;
                    if c != 0 && c != $n - 1 {
                        m |= (1 as $t) << i;
                    }
                    i += 1;
                }
                m
            };
            const CORNERS: $t = (1 as $t)
                | ((1 as $t) << ($n - 1))
                | ((1 as $t) << ($n * ($n - 1)))
                | ((1 as $t) << ($n * $n - 1));
            #[inline(always)]
            fn rays() -> &'static [[$t; DIRECTIONS]; 128] {
                &$rays
            }
            #[inline(always)]
            fn quadrants() -> &'static [$t; 4] {
                &$quads
            }
            #[inline(always)]
            fn as_eight(bits: $t) -> Option<u64> {
                $eight(bits)
            }
        }
    };
}

geometry!(Size4, u64, 4, RAYS4, QUADS4, not_eight);
geometry!(Size6, u64, 6, RAYS6, QUADS6, not_eight);
geometry!(Size8, u64, 8, RAYS8, QUADS8, Some);
geometry!(Size10, u128, 10, RAYS10, QUADS10, not_eight);

/// The board sizes ply plays.
pub const SIZES: [u8; 4] = [4, 6, 8, 10];

/// Runs `$body` with `$G` bound to the geometry of board size `$size`
/// (one of `SIZES`; anything else is taken as 10): how a runtime size
/// becomes a type, once, where a session or a tool starts.
#[macro_export]
macro_rules! with_geometry {
    ($size:expr, $G:ident => $body:expr) => {
        match $size {
            4 => {
                type $G = $crate::Size4;
                $body
            }
            6 => {
                type $G = $crate::Size6;
                $body
            }
            8 => {
                type $G = $crate::Size8;
                $body
            }
            _ => {
                type $G = $crate::Size10;
                $body
            }
        }
    };
}

/// A well-mixed 64-bit hash of a player / opponent pair.
#[inline(always)]
pub fn hash_pair<B: Bits>(player: B, opponent: B) -> u64 {
    let a = player.fold64().wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let b = opponent.fold64().wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let h = a ^ b.rotate_left(31);
    h ^ (h >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_8x8_board_hands_its_sets_to_the_8x8_engines() {
        let set = 0x8100_0000_0000_0081u64;
        assert_eq!(Size8::as_eight(set), Some(set));
        assert_eq!(Size4::as_eight(0b1001), None);
        assert_eq!(Size6::as_eight(0b1001), None);
        assert_eq!(Size10::as_eight(0b1001), None);
    }

    #[test]
    fn each_size_has_its_own_full_set_and_corners() {
        fn check<G: Geometry>() {
            let n = G::SIZE;
            assert_eq!(G::FULL.count(), n * n);
            let corners: Vec<u32> = Squares(G::CORNERS).collect();
            assert_eq!(corners, [0, n - 1, n * (n - 1), n * n - 1]);
        }
        check::<Size4>();
        check::<Size6>();
        check::<Size8>();
        check::<Size10>();
    }
}
