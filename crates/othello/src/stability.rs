//! Stable discs: discs that no sequence of moves can flip. A disc is safe
//! along an axis when its line on that axis is full, when it sits on the
//! board's border across that axis, or when a stable disc of its colour is
//! next to it on that axis; it is stable when it is safe along all four.
//! The solver uses the count as a bound: the opponent's stable discs are
//! lost to the side to move whatever it plays.

use crate::bitboard::{Bits, Geometry};

/// Whether each axis (east, south, south-east, south-west) moves sideways,
/// so that its shifts must not wrap between rows.
const SIDEWAYS: [bool; 4] = [true, false, true, true];

fn step<G: Geometry>(axis: usize) -> u32 {
    match axis {
        0 => 1,
        1 => G::SIZE,
        2 => G::SIZE + 1,
        _ => G::SIZE - 1,
    }
}

/// The squares `x` reaches one step along the axis, both senses, without
/// wrapping between rows.
#[inline(always)]
fn both_neighbours<G: Geometry>(x: G::B, axis: usize) -> G::B {
    let s = step::<G>(axis);
    let sideways = SIDEWAYS[axis];
    if sideways {
        let forward_from = x & !last_column::<G>();
        let backward_from = x & !first_column::<G>();
        // Forward steps of axes 0 and 2 go east; axis 3 (step N-1) goes west.
        let (f, b) = if axis == 3 {
            (x & !first_column::<G>(), x & !last_column::<G>())
        } else {
            (forward_from, backward_from)
        };
        ((f << s) | (b >> s)) & G::FULL
    } else {
        ((x << s) | (x >> s)) & G::FULL
    }
}

#[inline(always)]
fn first_column<G: Geometry>() -> G::B {
    let mut column = G::B::ZERO;
    let mut row = 0;
    while row < G::SIZE {
        column |= G::B::bit(row * G::SIZE);
        row += 1;
    }
    column
}

#[inline(always)]
fn last_column<G: Geometry>() -> G::B {
    first_column::<G>() << (G::SIZE - 1)
}

/// Squares on the border across `axis`: a line on that axis ends there.
#[inline(always)]
fn border<G: Geometry>(axis: usize) -> G::B {
    let n = G::SIZE;
    let columns = first_column::<G>() | last_column::<G>();
    let first_row = G::FULL >> (n * (n - 1));
    let rows = first_row | (first_row << (n * (n - 1)));
    match axis {
        0 => columns,
        1 => rows,
        _ => columns | rows,
    }
}

/// Occupied squares whose whole line along `axis` is occupied.
#[inline(always)]
fn full_lines<G: Geometry>(occupied: G::B, axis: usize) -> G::B {
    // Grow from the border inwards, one direction at a time: a square is
    // full-to-the-edge when occupied and its neighbour toward the edge is.
    let s = step::<G>(axis);
    let sideways = SIDEWAYS[axis];
    let n = G::SIZE;
    let (east_stop, west_stop) = (last_column::<G>(), first_column::<G>());
    let first_row = G::FULL >> (n * (n - 1));
    let last_row = first_row << (n * (n - 1));
    // Squares whose next square forward (index + s) is off the board.
    let forward_edge = match axis {
        0 => east_stop,
        1 => last_row,
        2 => east_stop | last_row,
        _ => west_stop | last_row,
    };
    let backward_edge = match axis {
        0 => west_stop,
        1 => first_row,
        2 => west_stop | first_row,
        _ => east_stop | first_row,
    };
    let mut forward = occupied & forward_edge;
    let mut backward = occupied & backward_edge;
    for _ in 0..n {
        let from_forward = forward >> s;
        let from_backward = backward << s;
        let (ff, bb) = if sideways {
            // Keep only shifts that stay on their rows.
            (from_forward & !forward_edge, from_backward & !backward_edge)
        } else {
            (from_forward, from_backward)
        };
        forward |= occupied & ff;
        backward |= occupied & bb & G::FULL;
    }
    forward & backward
}

/// The discs of `p` that can never be flipped (a safe under-estimate).
pub fn stable_discs<G: Geometry>(p: G::B, o: G::B) -> G::B {
    let occupied = p | o;
    let mut safe = [G::B::ZERO; 4];
    for (axis, slot) in safe.iter_mut().enumerate() {
        *slot = full_lines::<G>(occupied, axis) | border::<G>(axis);
    }
    let mut stable = p & safe[0] & safe[1] & safe[2] & safe[3];
    // Only corners and full-line discs so far; spread along the axes.
    loop {
        let mut grown = p;
        for (axis, &line_safe) in safe.iter().enumerate() {
            grown &= line_safe | both_neighbours::<G>(stable, axis);
        }
        let next = stable | grown;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}
