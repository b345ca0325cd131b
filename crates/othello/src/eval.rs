//! The midgame evaluation: what a position is worth to the side to move
//! before the end is in sight. Mobility and potential mobility (frontier)
//! dominate early; corners, the squares next to empty corners, and stable
//! edge discs are the positional terms; parity matters near the end.

use crate::bitboard::{Bits, Geometry};
use crate::movegen::{moves, neighbours};

// Weights chosen by self-play: with these the engine scored 66-69% against
// its earlier weights (mobility 90, potential 35, X-square 300) over 200
// games at level 6 and 60 at level 8 from random six-ply openings.

/// One disc of final margin in evaluation units.
pub const DISC: i32 = 100;

const CORNER: i32 = 800;
const X_SQUARE: i32 = 500;
const C_SQUARE: i32 = 120;
const STABLE: i32 = 150;
const MOBILITY: i32 = 240;
const POTENTIAL: i32 = 70;
const PARITY: i32 = 60;

/// Squares diagonally next to each corner (X-squares) and beside it along
/// the edges (C-squares), with the corner, per corner.
fn corner_neighbourhoods<G: Geometry>() -> [(u32, u32, [u32; 2]); 4] {
    let n = G::SIZE;
    [
        (0, n + 1, [1, n]),
        (n - 1, 2 * n - 2, [n - 2, 2 * n - 1]),
        (n * (n - 1), n * (n - 2) + 1, [n * (n - 2), n * (n - 1) + 1]),
        (n * n - 1, n * (n - 1) - 2, [n * n - 2, n * (n - 1) - 1]),
    ]
}

/// Discs of `p` on an edge that run unbroken from a corner `p` holds: they
/// can never be flipped.
pub fn stable_edge_discs<G: Geometry>(p: G::B) -> G::B {
    let n = G::SIZE as i32;
    let mut stable = G::B::ZERO;
    // (corner, step along each of its two edges)
    let corners = [
        (0, [1, n]),
        (n - 1, [-1, n]),
        (n * (n - 1), [1, -n]),
        (n * n - 1, [-1, -n]),
    ];
    for (corner, steps) in corners {
        if !p.has(corner as u32) {
            continue;
        }
        for step in steps {
            let mut square = corner;
            for _ in 0..n {
                if !p.has(square as u32) {
                    break;
                }
                stable |= G::B::bit(square as u32);
                square += step;
            }
        }
    }
    stable
}

/// The evaluation for the side to move (`p` against `o`), in hundredths of
/// a disc, roughly within ±10 000.
pub fn evaluate<G: Geometry>(p: G::B, o: G::B) -> i32 {
    let empty = !(p | o) & G::FULL;
    let empties = empty.count() as i32;
    let my_moves = moves::<G>(p, o).count() as i32;
    let their_moves = moves::<G>(o, p).count() as i32;
    if my_moves == 0 && their_moves == 0 {
        let diff = p.count() as i32 - o.count() as i32;
        return DISC * diff.signum() * (diff.abs() + empties);
    }
    let cells = G::CELLS as i32;
    // Early on mobility matters most; later the board's own terms.
    let phase = (cells - empties).clamp(0, cells);
    let mobility_weight = MOBILITY * (2 * cells - phase) / (2 * cells);
    let mobility = mobility_weight * (my_moves - their_moves) * 10 / (my_moves + their_moves + 2);
    // Empty squares next to the opponent's discs are where I may move later.
    let potential = POTENTIAL
        * ((neighbours::<G>(o) & empty).count() as i32
            - (neighbours::<G>(p) & empty).count() as i32);

    let mut positional = 0;
    for (corner, x, cs) in corner_neighbourhoods::<G>() {
        if p.has(corner) {
            positional += CORNER;
        } else if o.has(corner) {
            positional -= CORNER;
        } else {
            if p.has(x) {
                positional -= X_SQUARE;
            } else if o.has(x) {
                positional += X_SQUARE;
            }
            for c in cs {
                if p.has(c) {
                    positional -= C_SQUARE;
                } else if o.has(c) {
                    positional += C_SQUARE;
                }
            }
        }
    }
    let stable = STABLE
        * (stable_edge_discs::<G>(p).count() as i32 - stable_edge_discs::<G>(o).count() as i32);
    // With an odd number of empties the side to move expects the last move.
    let parity = if empties <= cells / 3 {
        if empties % 2 == 1 {
            PARITY
        } else {
            -PARITY
        }
    } else {
        0
    };
    // Once the board fills, discs themselves start to count.
    let discs = if empties < cells / 4 {
        (DISC / 4) * (p.count() as i32 - o.count() as i32)
    } else {
        0
    };
    (mobility + potential + positional + stable + parity + discs).clamp(-9_000, 9_000)
}
