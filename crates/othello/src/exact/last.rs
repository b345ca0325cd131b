//! The last few empties, where most of an endgame tree's nodes are: no
//! table, no move list, no move generation.
//!
//! - One empty: the move is never made; the discs it would flip are
//!   counted ([`count_last_flip`]), which is all the final score needs.
//! - Two to four empties: the empty squares are passed as arguments,
//!   ordered by parity (squares alone in their quadrant first: the player
//!   who moves last in a region usually gains there).
//! - Up to [`SHALLOW`] empties: the empty squares of odd quadrants first,
//!   with a stability cutoff.
//!
//! Every function here is a null-window search: it tells whether the score
//! of the side to move is above `alpha` (returning a fail-soft bound) and
//! counts the positions it visits in `nodes`, as Edax counts them: every
//! searched position with at least one empty square.

use crate::bitboard::{Bits, Squares};
use crate::margin::final_margin;
use crate::movegen::{flips, moves};
use crate::stability::stable_discs;

use super::geometry::ExactGeometry;

/// Positions with at most this many empties are searched without table
/// (FFO #45-#49, one thread, 64 MB table, with the shallow solver's
/// static order: 615.3 M nodes from 7, 601.7 M from 6 in the same time,
/// 623.6 M and slower from 5).
pub const SHALLOW: u32 = 6;

/// The parity bits (one per quadrant holding an odd number) of `empty`.
#[inline]
pub fn parity_of<G: ExactGeometry>(empty: G::B) -> u8 {
    let mut parity = 0;
    for (i, &quadrant) in G::quadrants().iter().enumerate() {
        parity |= (((empty & quadrant).count() & 1) as u8) << i;
    }
    parity
}

/// The discs a move on `x` flips.
#[inline(always)]
pub fn flip<G: ExactGeometry>(x: u32, p: G::B, o: G::B) -> G::B {
    if (G::neighbour_sets()[x as usize] & o).is_empty() {
        G::B::ZERO
    } else {
        flips::<G>(x, p, o)
    }
}

/// How many discs `p` flips by playing the last empty square `x` (every
/// other square is taken, so the opponent holds all the rest).
#[inline(always)]
pub fn count_last_flip<G: ExactGeometry>(x: u32, p: G::B) -> i32 {
    let o = !p & !G::B::bit(x) & G::FULL;
    flip::<G>(x, p, o).count() as i32
}

/// The score with one empty square `x` left, `p` to move.
#[inline(always)]
pub fn solve_1<G: ExactGeometry>(p: G::B, x: u32) -> i32 {
    let cells = G::CELLS as i32;
    let discs = p.count() as i32;
    let flipped = count_last_flip::<G>(x, p);
    if flipped > 0 {
        return 2 * (discs + 1 + flipped) - cells;
    }
    // `p` passes; the opponent (all the other discs) may take the square.
    let theirs = count_last_flip::<G>(x, !p & !G::B::bit(x) & G::FULL);
    if theirs > 0 {
        return 2 * (discs - theirs) - cells;
    }
    // Nobody can play it: the empty square goes to the winner (the
    // margin is odd, never a draw).
    if discs >= cells / 2 {
        2 * discs - cells + 2
    } else {
        2 * discs - cells
    }
}

/// Two empties `x1`, `x2`: is the score above `alpha`?
#[inline]
pub fn solve_2<G: ExactGeometry>(
    p: G::B,
    o: G::B,
    alpha: i32,
    x1: u32,
    x2: u32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let mut best = i32::MIN;
    let f = flip::<G>(x1, p, o);
    if !f.is_empty() {
        *nodes += 1;
        best = -solve_1::<G>(o ^ f, x2);
        if best > alpha {
            return best;
        }
    }
    let f = flip::<G>(x2, p, o);
    if !f.is_empty() {
        *nodes += 1;
        return best.max(-solve_1::<G>(o ^ f, x1));
    }
    if best != i32::MIN {
        return best;
    }
    // Pass: the opponent picks the smaller score for `p`.
    let f = flip::<G>(x1, o, p);
    if !f.is_empty() {
        *nodes += 1;
        best = solve_1::<G>(p ^ f, x2);
        if best <= alpha {
            return best;
        }
    }
    let f = flip::<G>(x2, o, p);
    if !f.is_empty() {
        *nodes += 1;
        let score = solve_1::<G>(p ^ f, x1);
        return if best == i32::MIN {
            score
        } else {
            best.min(score)
        };
    }
    if best != i32::MIN {
        return best;
    }
    final_margin::<G>(p, o)
}

/// Three empties, the first ones preferred by parity.
pub fn solve_3<G: ExactGeometry>(
    p: G::B,
    o: G::B,
    alpha: i32,
    squares: [u32; 3],
    parity: u8,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let [mut x1, mut x2, mut x3] = squares;
    // Holes of 1+2 squares: the lone one first.
    let odd = |x: u32| parity & G::quadrant_bits()[x as usize] != 0;
    if !odd(x1) {
        if odd(x2) {
            std::mem::swap(&mut x1, &mut x2);
        } else if odd(x3) {
            std::mem::swap(&mut x1, &mut x3);
        }
    }
    let order = [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)];
    let mut best = i32::MIN;
    for &(x, a, b) in &order {
        let f = flip::<G>(x, p, o);
        if !f.is_empty() {
            let score = -solve_2::<G>(o ^ f, p ^ f ^ G::B::bit(x), -alpha - 1, a, b, nodes);
            if score > alpha {
                return score;
            }
            best = best.max(score);
        }
    }
    if best != i32::MIN {
        return best;
    }
    if order
        .iter()
        .any(|&(x, _, _)| !flip::<G>(x, o, p).is_empty())
    {
        -solve_3::<G>(o, p, -alpha - 1, [x1, x2, x3], parity, nodes)
    } else {
        final_margin::<G>(p, o)
    }
}

/// Four empties, those alone in their quadrant first.
pub fn solve_4<G: ExactGeometry>(
    p: G::B,
    o: G::B,
    alpha: i32,
    squares: [u32; 4],
    parity: u8,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if let Some(cap) = stability_cutoff::<G>(p, o, alpha, 4) {
        return cap;
    }
    // Odd quadrants first, keeping the order otherwise.
    let mut sorted = [0u32; 4];
    let mut n = 0;
    for pass in [true, false] {
        for &x in &squares {
            if (parity & G::quadrant_bits()[x as usize] != 0) == pass {
                sorted[n] = x;
                n += 1;
            }
        }
    }
    let mut best = i32::MIN;
    for i in 0..4 {
        let x = sorted[i];
        let f = flip::<G>(x, p, o);
        if !f.is_empty() {
            let mut rest = [0u32; 3];
            let mut k = 0;
            for (j, &y) in sorted.iter().enumerate() {
                if j != i {
                    rest[k] = y;
                    k += 1;
                }
            }
            let q = parity ^ G::quadrant_bits()[x as usize];
            let score = -solve_3::<G>(o ^ f, p ^ f ^ G::B::bit(x), -alpha - 1, rest, q, nodes);
            if score > alpha {
                return score;
            }
            best = best.max(score);
        }
    }
    if best != i32::MIN {
        return best;
    }
    if sorted.iter().any(|&x| !flip::<G>(x, o, p).is_empty()) {
        -solve_4::<G>(o, p, -alpha - 1, squares, parity, nodes)
    } else {
        final_margin::<G>(p, o)
    }
}

/// The lowest alpha at which the stability bound is worth computing on
/// the 8x8 board, by empties: with few empties more discs are stable, so
/// it cuts earlier (FFO #45-#49, one thread: 601.7 M nodes from `2e - 2`,
/// 579.7 M from `2e - 10`, 578.7 M from `2e - 20`). Smaller boards take
/// it less their missing squares (the same margin left to the top score).
const STABILITY_ALPHA: [i32; 65] = {
    let mut t = [99i32; 65];
    let mut e = 4;
    while e <= 64 {
        let v = 2 * e as i32 - 10;
        t[e] = if v < 64 { v } else { 64 };
        e += 1;
    }
    t
};

/// The cap the opponent's stable discs put on the score, when it is at or
/// below `alpha` (the search can stop there).
#[inline]
pub fn stability_cutoff<G: ExactGeometry>(
    p: G::B,
    o: G::B,
    alpha: i32,
    empties: u32,
) -> Option<i32> {
    let cells = G::CELLS as i32;
    if alpha < STABILITY_ALPHA[empties.min(64) as usize] - (64 - cells) {
        return None;
    }
    let cap = cells - 2 * stable_discs::<G>(o, p).count() as i32;
    (cap <= alpha).then_some(cap)
}

/// Five to [`SHALLOW`] empties: parity order, then the squares' static
/// values (corners first, the squares beside them last), no table.
pub fn shallow<G: ExactGeometry>(
    p: G::B,
    o: G::B,
    alpha: i32,
    empty: G::B,
    parity: u8,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let empties = empty.count();
    if let Some(cap) = stability_cutoff::<G>(p, o, alpha, empties) {
        return cap;
    }
    let mut odd_squares = G::B::ZERO;
    for (i, &quadrant) in G::quadrants().iter().enumerate() {
        if parity & (1 << i) != 0 {
            odd_squares |= quadrant;
        }
    }
    let mut best = i32::MIN;
    for part in [empty & odd_squares, empty & !odd_squares] {
        for x in G::square_classes()
            .iter()
            .flat_map(|&class| Squares(part & class))
        {
            let f = flip::<G>(x, p, o);
            if f.is_empty() {
                continue;
            }
            let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(x));
            let child_empty = empty ^ G::B::bit(x);
            let q = parity ^ G::quadrant_bits()[x as usize];
            let score = if empties == 5 {
                let mut squares = [0u32; 4];
                for (slot, y) in squares.iter_mut().zip(Squares(child_empty)) {
                    *slot = y;
                }
                -solve_4::<G>(cp, co, -alpha - 1, squares, q, nodes)
            } else {
                -shallow::<G>(cp, co, -alpha - 1, child_empty, q, nodes)
            };
            if score > alpha {
                return score;
            }
            best = best.max(score);
        }
    }
    if best != i32::MIN {
        return best;
    }
    if !moves::<G>(o, p).is_empty() {
        -shallow::<G>(o, p, -alpha - 1, empty, parity, nodes)
    } else {
        final_margin::<G>(p, o)
    }
}

/// Any number of empties up to [`SHALLOW`]: the right function for it.
pub fn solve_small<G: ExactGeometry>(p: G::B, o: G::B, alpha: i32, nodes: &mut u64) -> i32 {
    let empty = !(p | o) & G::FULL;
    let parity = parity_of::<G>(empty);
    let mut squares = [0u32; 4];
    let n = empty.count();
    if n <= 4 {
        for (slot, y) in squares.iter_mut().zip(Squares(empty)) {
            *slot = y;
        }
    }
    match n {
        0 => final_margin::<G>(p, o),
        1 => {
            *nodes += 1;
            solve_1::<G>(p, squares[0])
        }
        2 => solve_2::<G>(p, o, alpha, squares[0], squares[1], nodes),
        3 => solve_3::<G>(
            p,
            o,
            alpha,
            [squares[0], squares[1], squares[2]],
            parity,
            nodes,
        ),
        4 => solve_4::<G>(p, o, alpha, squares, parity, nodes),
        _ => shallow::<G>(p, o, alpha, empty, parity, nodes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::bitboard::{Size6, Size8};

    #[test]
    fn parity_by_quadrant() {
        assert_eq!(parity_of::<Size8>(0b111), 1);
        assert_eq!(parity_of::<Size8>(0x8000_0000_0000_0001), 9);
        assert_eq!(parity_of::<Size6>(1 | 1 << 35), 9);
        assert_eq!(parity_of::<Size6>(0b1111), 3);
    }
}
