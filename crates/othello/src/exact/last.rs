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

use crate::bitboard::{Size8, Squares};
use crate::margin::final_margin;
use crate::movegen::{flips, moves};
use crate::stability::stable_discs;

/// Positions with at most this many empties are searched without table.
pub const SHALLOW: u32 = 7;

/// The quadrant bit of each square (parity is one bit per quadrant).
pub const QUADRANT: [u8; 64] = {
    let mut q = [0u8; 64];
    let mut s = 0;
    while s < 64 {
        let (r, c) = (s / 8, s % 8);
        q[s] = 1 << ((if r < 4 { 0 } else { 2 }) + (if c < 4 { 0 } else { 1 }));
        s += 1;
    }
    q
};

/// The squares of each quadrant bit's quadrant, by quadrant index.
const QUADRANT_SQUARES: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The 8 neighbours of each square: a move there flips something only if
/// one of them holds an opponent disc.
pub const NEIGHBOURS: [u64; 64] = {
    let mut n = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let (r, c) = ((s / 8) as i32, (s % 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 {
                    n[s] |= 1u64 << (rr * 8 + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        s += 1;
    }
    n
};

/// The parity bits (one per quadrant holding an odd number) of `empty`.
#[inline]
pub fn parity_of(empty: u64) -> u8 {
    let mut parity = 0;
    for (i, &quadrant) in QUADRANT_SQUARES.iter().enumerate() {
        parity |= (((empty & quadrant).count_ones() & 1) as u8) << i;
    }
    parity
}

/// The discs a move on `x` flips.
#[inline(always)]
pub fn flip(x: u32, p: u64, o: u64) -> u64 {
    if NEIGHBOURS[x as usize] & o == 0 {
        0
    } else {
        flips::<Size8>(x, p, o)
    }
}

/// How many discs `p` flips by playing the last empty square `x` (every
/// other square is taken, so the opponent holds all the rest).
#[inline(always)]
pub fn count_last_flip(x: u32, p: u64) -> i32 {
    let o = !p & !(1u64 << x);
    flip(x, p, o).count_ones() as i32
}

/// The score with one empty square `x` left, `p` to move.
#[inline(always)]
pub fn solve_1(p: u64, x: u32) -> i32 {
    let discs = p.count_ones() as i32;
    let flipped = count_last_flip(x, p);
    if flipped > 0 {
        return 2 * (discs + 1 + flipped) - 64;
    }
    // `p` passes; the opponent (63 - discs) may take the square.
    let theirs = count_last_flip(x, !p & !(1u64 << x));
    if theirs > 0 {
        return 2 * (discs - theirs) - 64;
    }
    // Nobody can play it: the empty square goes to the winner.
    if discs > 31 {
        2 * discs - 62
    } else {
        2 * discs - 64
    }
}

/// Two empties `x1`, `x2`: is the score above `alpha`?
#[inline]
pub fn solve_2(p: u64, o: u64, alpha: i32, x1: u32, x2: u32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let mut best = i32::MIN;
    let f = flip(x1, p, o);
    if f != 0 {
        *nodes += 1;
        best = -solve_1(o ^ f, x2);
        if best > alpha {
            return best;
        }
    }
    let f = flip(x2, p, o);
    if f != 0 {
        *nodes += 1;
        return best.max(-solve_1(o ^ f, x1));
    }
    if best != i32::MIN {
        return best;
    }
    // Pass: the opponent picks the smaller score for `p`.
    let f = flip(x1, o, p);
    if f != 0 {
        *nodes += 1;
        best = solve_1(p ^ f, x2);
        if best <= alpha {
            return best;
        }
    }
    let f = flip(x2, o, p);
    if f != 0 {
        *nodes += 1;
        let score = solve_1(p ^ f, x1);
        return if best == i32::MIN {
            score
        } else {
            best.min(score)
        };
    }
    if best != i32::MIN {
        return best;
    }
    final_margin::<Size8>(p, o)
}

/// Three empties, the first ones preferred by parity.
pub fn solve_3(p: u64, o: u64, alpha: i32, squares: [u32; 3], parity: u8, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let [mut x1, mut x2, mut x3] = squares;
    // Holes of 1+2 squares: the lone one first.
    let odd = |x: u32| parity & QUADRANT[x as usize] != 0;
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
        let f = flip(x, p, o);
        if f != 0 {
            let score = -solve_2(o ^ f, p ^ f ^ (1 << x), -alpha - 1, a, b, nodes);
            if score > alpha {
                return score;
            }
            best = best.max(score);
        }
    }
    if best != i32::MIN {
        return best;
    }
    if order.iter().any(|&(x, _, _)| flip(x, o, p) != 0) {
        -solve_3(o, p, -alpha - 1, [x1, x2, x3], parity, nodes)
    } else {
        final_margin::<Size8>(p, o)
    }
}

/// Four empties, those alone in their quadrant first.
pub fn solve_4(p: u64, o: u64, alpha: i32, squares: [u32; 4], parity: u8, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if let Some(cap) = stability_cutoff(p, o, alpha, 4) {
        return cap;
    }
    // Odd quadrants first, keeping the order otherwise.
    let mut sorted = [0u32; 4];
    let mut n = 0;
    for pass in [true, false] {
        for &x in &squares {
            if (parity & QUADRANT[x as usize] != 0) == pass {
                sorted[n] = x;
                n += 1;
            }
        }
    }
    let mut best = i32::MIN;
    for i in 0..4 {
        let x = sorted[i];
        let f = flip(x, p, o);
        if f != 0 {
            let mut rest = [0u32; 3];
            let mut k = 0;
            for (j, &y) in sorted.iter().enumerate() {
                if j != i {
                    rest[k] = y;
                    k += 1;
                }
            }
            let q = parity ^ QUADRANT[x as usize];
            let score = -solve_3(o ^ f, p ^ f ^ (1 << x), -alpha - 1, rest, q, nodes);
            if score > alpha {
                return score;
            }
            best = best.max(score);
        }
    }
    if best != i32::MIN {
        return best;
    }
    if sorted.iter().any(|&x| flip(x, o, p) != 0) {
        -solve_4(o, p, -alpha - 1, squares, parity, nodes)
    } else {
        final_margin::<Size8>(p, o)
    }
}

/// The lowest alpha at which the stability bound is worth computing, by
/// empties: with few empties more discs are stable, so it cuts earlier.
const STABILITY_ALPHA: [i32; 65] = {
    let mut t = [99i32; 65];
    let mut e = 4;
    while e <= 64 {
        let v = 2 * e as i32 - 2;
        t[e] = if v < 64 { v } else { 64 };
        e += 1;
    }
    t
};

/// The cap the opponent's stable discs put on the score, when it is at or
/// below `alpha` (the search can stop there).
#[inline]
pub fn stability_cutoff(p: u64, o: u64, alpha: i32, empties: u32) -> Option<i32> {
    if alpha < STABILITY_ALPHA[empties.min(64) as usize] {
        return None;
    }
    let cap = 64 - 2 * stable_discs::<Size8>(o, p).count_ones() as i32;
    (cap <= alpha).then_some(cap)
}

/// Five to [`SHALLOW`] empties: parity order, no table.
pub fn shallow(p: u64, o: u64, alpha: i32, empty: u64, parity: u8, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let empties = empty.count_ones();
    if let Some(cap) = stability_cutoff(p, o, alpha, empties) {
        return cap;
    }
    let mut odd_squares = 0u64;
    for (i, &quadrant) in QUADRANT_SQUARES.iter().enumerate() {
        if parity & (1 << i) != 0 {
            odd_squares |= quadrant;
        }
    }
    let mut best = i32::MIN;
    for part in [empty & odd_squares, empty & !odd_squares] {
        for x in Squares(part) {
            let f = flip(x, p, o);
            if f == 0 {
                continue;
            }
            let (cp, co) = (o ^ f, p ^ f ^ (1 << x));
            let child_empty = empty ^ (1 << x);
            let q = parity ^ QUADRANT[x as usize];
            let score = if empties == 5 {
                let mut squares = [0u32; 4];
                for (slot, y) in squares.iter_mut().zip(Squares(child_empty)) {
                    *slot = y;
                }
                -solve_4(cp, co, -alpha - 1, squares, q, nodes)
            } else {
                -shallow(cp, co, -alpha - 1, child_empty, q, nodes)
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
    if moves::<Size8>(o, p) != 0 {
        -shallow(o, p, -alpha - 1, empty, parity, nodes)
    } else {
        final_margin::<Size8>(p, o)
    }
}

/// Any number of empties up to [`SHALLOW`]: the right function for it.
pub fn solve_small(p: u64, o: u64, alpha: i32, nodes: &mut u64) -> i32 {
    let empty = !(p | o);
    let parity = parity_of(empty);
    let mut squares = [0u32; 4];
    let n = empty.count_ones();
    if n <= 4 {
        for (slot, y) in squares.iter_mut().zip(Squares(empty)) {
            *slot = y;
        }
    }
    match n {
        0 => final_margin::<Size8>(p, o),
        1 => {
            *nodes += 1;
            solve_1(p, squares[0])
        }
        2 => solve_2(p, o, alpha, squares[0], squares[1], nodes),
        3 => solve_3(
            p,
            o,
            alpha,
            [squares[0], squares[1], squares[2]],
            parity,
            nodes,
        ),
        4 => solve_4(p, o, alpha, squares, parity, nodes),
        _ => shallow(p, o, alpha, empty, parity, nodes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_and_quadrants() {
        assert_eq!(NEIGHBOURS[0], 0x302);
        assert_eq!(NEIGHBOURS[63].count_ones(), 3);
        assert_eq!(NEIGHBOURS[27].count_ones(), 8);
        assert_eq!(QUADRANT[0], 1);
        assert_eq!(QUADRANT[7], 2);
        assert_eq!(QUADRANT[56], 4);
        assert_eq!(QUADRANT[63], 8);
        assert_eq!(parity_of(0b111), 1);
        assert_eq!(parity_of(0x8000_0000_0000_0001), 9);
    }
}
