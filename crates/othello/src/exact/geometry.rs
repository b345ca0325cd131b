//! What the searches know about a board size beyond its rules: the
//! per-square tables of their hot loops (quadrant parity, neighbours,
//! square values), built at compile time for every size (4x4, 6x6 and 8x8
//! in a `u64`, 10x10 in a `u128`), the room its move lists need and its
//! evaluation. Each size's solver and midgame engine is its own
//! monomorphised copy with constant tables. Kept apart from `Geometry`
//! (`bitboard.rs`), which holds the rules' geometry alone, so that the
//! rules never depend on the searches or the evaluations.

use crate::bitboard::{Geometry, Size10, Size4, Size6, Size8};

/// A board size the exact solver and the midgame engine run on (every
/// size ply plays): what they know of it beyond its [`Geometry`].
pub trait ExactGeometry: Geometry {
    /// A search node's moves with their flips and ordering values, on the
    /// stack: room for the most legal moves a position of this size can
    /// have.
    type MoveList: AsMut<[(u8, Self::B, i32)]>;
    /// An empty [`ExactGeometry::MoveList`].
    fn move_list() -> Self::MoveList;
    /// The quadrant bit of each square (parity is one bit per quadrant).
    fn quadrant_bits() -> &'static [u8; 128];
    /// The neighbours of each square: a move there flips something only
    /// if one of them holds an opponent disc.
    fn neighbour_sets() -> &'static [Self::B; 128];
    /// A coarse value of each square for ordering: corners best, the
    /// squares next to them worst.
    fn square_values() -> &'static [i32; 128];
    /// The squares of each [`ExactGeometry::square_values`] value, best
    /// value first: the shallow solver's static move order.
    fn square_classes() -> &'static [Self::B; CLASSES];
    /// The size's own evaluation (hundredths of a disc, for the side to
    /// move `p`): the trained pattern evaluation on 8x8, the hand-weighted
    /// generic one (`crate::eval`) elsewhere.
    fn evaluate(p: Self::B, o: Self::B) -> i32;
    /// The evaluation the exact solver orders and probes its moves with:
    /// on 8x8 the trained patterns with the endgame's own weights
    /// (`pattern::evaluate_for_endgame`), elsewhere [`Self::evaluate`].
    fn ordering_evaluate(p: Self::B, o: Self::B) -> i32 {
        Self::evaluate(p, o)
    }
    /// [`Self::ordering_evaluate`] of a child, as [`Self::evaluate_child`].
    fn ordering_evaluate_child(
        parent: &Self::Kept,
        square: u32,
        flips: Self::B,
        cp: Self::B,
        co: Self::B,
        child_moves: Self::B,
    ) -> i32 {
        Self::evaluate_child(parent, square, flips, cp, co, child_moves)
    }
    /// What a search keeps of a position for [`Self::evaluate`] as moves
    /// are made: on 8x8 its pattern indices (`pattern::PatternIndices`),
    /// elsewhere nothing.
    type Kept: Copy;
    /// The kept part of the position with `p` to move against `o`.
    fn kept(p: Self::B, o: Self::B) -> Self::Kept;
    /// The kept part after the move on `square` flipping `flips`.
    fn kept_after(kept: &Self::Kept, square: u32, flips: Self::B) -> Self::Kept;
    /// The kept part after a pass.
    fn kept_passed(kept: &Self::Kept) -> Self::Kept;
    /// [`Self::evaluate`] of `p` to move against `o`, whose kept part is
    /// `kept` and legal moves `legal`.
    fn evaluate_kept(kept: &Self::Kept, p: Self::B, o: Self::B, legal: Self::B) -> i32;
    /// [`Self::evaluate`] of the child of the position kept as `parent`
    /// reached by the move on `square` flipping `flips`: `cp` to move
    /// against `co`, with legal moves `child_moves`.
    fn evaluate_child(
        parent: &Self::Kept,
        square: u32,
        flips: Self::B,
        cp: Self::B,
        co: Self::B,
        child_moves: Self::B,
    ) -> i32;
}

/// The search tables of one board size.
macro_rules! exact_geometry {
    ($name:ident, $t:ty, $n:expr, $moves:expr, $sets:expr, $classes:expr, $evaluate:expr) => {
        exact_geometry!($name, $t, $n, $moves, $sets, $classes, $evaluate; kept
            (), |_, _| (), |_: &(), _, _| (), |_: &()| (),
            |_: &(), p, o, _| $evaluate(p, o), |_: &(), _, _, cp, co, _| $evaluate(cp, co));
    };
    ($name:ident, $t:ty, $n:expr, $moves:expr, $sets:expr, $classes:expr, $evaluate:expr;
     kept $kept:ty, $new:expr, $after:expr, $passed:expr, $evaluate_kept:expr, $child:expr
     $(; ordering $ordering:expr, $ordering_child:expr)?) => {
        impl ExactGeometry for $name {
            type Kept = $kept;
            #[inline(always)]
            fn kept(p: $t, o: $t) -> $kept {
                $new(p, o)
            }
            #[inline(always)]
            fn kept_after(kept: &$kept, square: u32, flips: $t) -> $kept {
                $after(kept, square, flips)
            }
            #[inline(always)]
            fn kept_passed(kept: &$kept) -> $kept {
                $passed(kept)
            }
            #[inline(always)]
            fn evaluate_kept(kept: &$kept, p: $t, o: $t, legal: $t) -> i32 {
                $evaluate_kept(kept, p, o, legal)
            }
            #[inline(always)]
            fn evaluate_child(
                parent: &$kept,
                square: u32,
                flips: $t,
                cp: $t,
                co: $t,
                child_moves: $t,
            ) -> i32 {
                $child(parent, square, flips, cp, co, child_moves)
            }
            type MoveList = [(u8, $t, i32); $moves];
            #[inline(always)]
            fn move_list() -> Self::MoveList {
                [(0, 0, 0); $moves]
            }
            #[inline(always)]
            fn quadrant_bits() -> &'static [u8; 128] {
                static TABLE: [u8; 128] = quadrant_bits($n);
                &TABLE
            }
            #[inline(always)]
            fn neighbour_sets() -> &'static [$t; 128] {
                static TABLE: [$t; 128] = $sets;
                &TABLE
            }
            #[inline(always)]
            fn square_values() -> &'static [i32; 128] {
                static TABLE: [i32; 128] = square_values($n);
                &TABLE
            }
            #[inline(always)]
            fn square_classes() -> &'static [$t; CLASSES] {
                static TABLE: [$t; CLASSES] = $classes;
                &TABLE
            }
            #[inline]
            fn evaluate(p: $t, o: $t) -> i32 {
                $evaluate(p, o)
            }
            $(
                #[inline]
                fn ordering_evaluate(p: $t, o: $t) -> i32 {
                    $ordering(p, o)
                }
                #[inline]
                fn ordering_evaluate_child(
                    parent: &$kept,
                    square: u32,
                    flips: $t,
                    cp: $t,
                    co: $t,
                    child_moves: $t,
                ) -> i32 {
                    $ordering_child(parent, square, flips, cp, co, child_moves)
                }
            )?
        }
    };
}

// The most moves: every empty square on 4x4 and 6x6 (12 and 32); 33 on
// 8x8 (the most any Othello position reachable from the start has); every
// empty square on 10x10 (96).
exact_geometry!(
    Size4,
    u64,
    4,
    12,
    narrow(neighbour_sets(4)),
    narrow_classes(square_classes(4)),
    crate::eval::evaluate::<Size4>
);
exact_geometry!(
    Size6,
    u64,
    6,
    32,
    narrow(neighbour_sets(6)),
    narrow_classes(square_classes(6)),
    crate::eval::evaluate::<Size6>
);
exact_geometry!(
    Size8,
    u64,
    8,
    33,
    narrow(neighbour_sets(8)),
    narrow_classes(square_classes(8)),
    crate::pattern::evaluate;
    kept crate::pattern::PatternIndices,
    crate::pattern::PatternIndices::new,
    crate::pattern::PatternIndices::after,
    crate::pattern::PatternIndices::passed,
    |kept: &crate::pattern::PatternIndices, p, o, legal| {
        crate::pattern::midgame_weights().evaluate_indexed(kept, p, o, legal)
    },
    |kept: &crate::pattern::PatternIndices, square, flips, cp, co, moves| {
        crate::pattern::midgame_weights().evaluate_child(kept, square, flips, cp, co, moves)
    };
    ordering crate::pattern::evaluate_for_endgame,
    |kept: &crate::pattern::PatternIndices, square, flips, cp, co, moves| {
        crate::pattern::ordering_weights().evaluate_child(kept, square, flips, cp, co, moves)
    }
);
exact_geometry!(
    Size10,
    u128,
    10,
    96,
    neighbour_sets(10),
    square_classes(10),
    crate::eval::evaluate::<Size10>
);

/// The quadrant bits of an `n` x `n` board.
const fn quadrant_bits(n: usize) -> [u8; 128] {
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
const fn neighbour_sets(n: usize) -> [u128; 128] {
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
const fn narrow(sets: [u128; 128]) -> [u64; 128] {
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
const fn square_values(n: usize) -> [i32; 128] {
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

/// How many distinct square values the quarter table holds.
pub const CLASSES: usize = 7;

/// The distinct values of the quarter table, best first.
const CLASS_VALUES: [i32; CLASSES] = [20, 12, 10, 8, 6, 2, 0];

/// The squares of each of [`CLASS_VALUES`] on an `n` x `n` board.
const fn square_classes(n: usize) -> [u128; CLASSES] {
    let values = square_values(n);
    let mut classes = [0u128; CLASSES];
    let mut s = 0;
    while s < n * n {
        let mut c = 0;
        while c < CLASSES {
            if CLASS_VALUES[c] == values[s] {
                classes[c] |= 1u128 << s;
            }
            c += 1;
        }
        s += 1;
    }
    classes
}

/// [`square_classes`] of a board whose squares fit in a `u64`.
const fn narrow_classes(classes: [u128; CLASSES]) -> [u64; CLASSES] {
    let mut narrow = [0u64; CLASSES];
    let mut c = 0;
    while c < CLASSES {
        narrow[c] = classes[c] as u64;
        c += 1;
    }
    narrow
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
    use super::ExactGeometry;
    use crate::bitboard::{Size10, Size4, Size6, Size8};

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
        fn classes_cover_the_board<G: ExactGeometry>(full: u128)
        where
            u128: From<G::B>,
        {
            let mut seen = 0u128;
            for (class, value) in G::square_classes().iter().zip(super::CLASS_VALUES) {
                let class: u128 = (*class).into();
                assert_eq!(seen & class, 0, "classes overlap");
                seen |= class;
                for s in 0..128 {
                    if class >> s & 1 == 1 {
                        assert_eq!(G::square_values()[s], value);
                    }
                }
            }
            assert_eq!(seen, full);
        }
        classes_cover_the_board::<Size4>(0xFFFF);
        classes_cover_the_board::<Size6>((1 << 36) - 1);
        classes_cover_the_board::<Size8>(u128::from(u64::MAX));
        classes_cover_the_board::<Size10>((1 << 100) - 1);
    }
}
