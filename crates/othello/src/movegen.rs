//! Move generation and flips by shifts over whole bitboards (no loops over
//! squares): the legal moves of every direction at once, and the discs a
//! move flips from per-square rays.

use crate::bitboard::{Bits, Geometry};

/// Legal moves along one axis with step `s` (both senses), for a player
/// `p` and the opponent discs `o` a line may run through. Two single steps,
/// then doubling steps over pairs of opponent discs, cover the longest line
/// (`SIZE - 2` discs) in `2 + (SIZE - 4) / 2` rounds instead of `SIZE - 2`.
#[inline(always)]
fn axis_moves<G: Geometry>(p: G::B, o: G::B, s: u32) -> G::B {
    let mut forward = o & (p << s);
    let mut backward = o & (p >> s);
    forward |= o & (forward << s);
    backward |= o & (backward >> s);
    let pair_forward = o & (o << s);
    let pair_backward = pair_forward >> s;
    let mut round = 0;
    while round < (G::SIZE - 4) / 2 {
        forward |= pair_forward & (forward << (2 * s));
        backward |= pair_backward & (backward >> (2 * s));
        round += 1;
    }
    (forward << s) | (backward >> s)
}

/// The squares where the player with discs `p` can move against `o`
/// (always inlined, so that a caller compiled for wider vector
/// instructions, such as perft's, generates its moves with them).
#[inline(always)]
pub fn moves<G: Geometry>(p: G::B, o: G::B) -> G::B {
    let empty = !(p | o) & G::FULL;
    let inner = o & G::INNER_COLUMNS;
    let n = G::SIZE;
    (axis_moves::<G>(p, inner, 1)
        | axis_moves::<G>(p, o, n)
        | axis_moves::<G>(p, inner, n + 1)
        | axis_moves::<G>(p, inner, n - 1))
        & empty
}

/// The discs a move on `square` flips (empty if it outflanks nothing).
#[inline]
pub fn flips<G: Geometry>(square: u32, p: G::B, o: G::B) -> G::B {
    let rays = &G::rays()[square as usize & 127];
    let mut flipped = G::B::ZERO;
    // Rays running up the bit order: the first disc that is not the
    // opponent's is the lowest set bit of `ray & !o`.
    for &ray in &rays[..4] {
        let first = (ray & !o).lowest_bit();
        let outflanked = ray & first.wrapping_sub(G::B::ONE);
        flipped |= outflanked & G::B::all_if(!(first & p).is_empty());
    }
    // Rays running down: the highest set bit. Bit 0 is added so that the
    // search never meets zero; it only counts if it lies on the ray.
    for &ray in &rays[4..] {
        let candidates = (ray & !o) | G::B::ONE;
        let first = G::B::ONE << (G::B::WIDTH - 1 - candidates.leading_zeros());
        let outflanked = ray & !(first | first.wrapping_sub(G::B::ONE));
        flipped |= outflanked & G::B::all_if(!(first & p & ray).is_empty());
    }
    flipped
}

/// Empty squares next to at least one disc of `discs` (potential mobility).
#[inline]
pub fn neighbours<G: Geometry>(discs: G::B) -> G::B {
    let n = G::SIZE;
    let inner = discs & G::INNER_COLUMNS;
    let sideways = (inner << 1) | (inner >> 1);
    let vertical = (discs << n) | (discs >> n);
    let diagonal =
        (inner << (n + 1)) | (inner >> (n + 1)) | (inner << (n - 1)) | (inner >> (n - 1));
    // Edge discs reach sideways only inwards.
    let left = discs & !G::INNER_COLUMNS;
    let edge = left_right_neighbours::<G>(left);
    (sideways | vertical | diagonal | edge) & G::FULL
}

/// The sideways and diagonal neighbours of discs on the first or last
/// column, without wrapping.
#[inline(always)]
fn left_right_neighbours<G: Geometry>(edge_discs: G::B) -> G::B {
    let n = G::SIZE;
    let mut first_column = G::B::ZERO;
    let mut row = 0;
    while row < n {
        first_column |= G::B::bit(row * n);
        row += 1;
    }
    let last_column = first_column << (n - 1);
    let first = edge_discs & first_column;
    let last = edge_discs & last_column;
    (first << 1)
        | (first << (n + 1))
        | (first >> (n - 1))
        | (last >> 1)
        | (last >> (n + 1))
        | (last << (n - 1))
}
