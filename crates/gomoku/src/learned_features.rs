//! The learned evaluation's features of a position, as its fit sees
//! them. Apart from `learned` because they read a [`Board`], which itself
//! keeps the learned sums.

use crate::board::Board;
use crate::learned::{combo_table, levels_index, BIAS, COMBOS, THREAT, WEIGHTS};
use crate::shape::{Shape, SHAPES};
use crate::Stone;

/// The features of a position for `side` to move, as the fit sees them:
/// per combination, how many empty cells have it for the mover (indices
/// `0..COMBOS`) and for the waiting side (`COMBOS..2 * COMBOS`), then
/// the bias of the side to move (1 at `BIAS` for black, `BIAS + 1` for
/// white), then the one pair of best shapes, the mover's and the waiting
/// side's (at `THREAT + mover * SHAPES + waiting`). Only features present
/// are listed, as `(index, count)`; the combination of four `None` levels
/// is left out (its weight is 0).
pub fn features(board: &Board, side: Stone) -> Vec<(u16, u16)> {
    let mut counts = vec![0u16; WEIGHTS];
    let table = combo_table();
    let mut best = [Shape::None; 2];
    for cell in board.empty_slots() {
        for (role, stone) in [(0, side), (1, side.opponent())] {
            let levels = board.levels_at(cell, stone);
            let combo = usize::from(table[levels_index(levels)]);
            if combo != 0 {
                counts[role * COMBOS + combo] += 1;
            }
            best[role] = best[role].max(Shape::of(levels));
        }
    }
    counts[BIAS + side.index()] = 1;
    counts[THREAT + best[0] as usize * SHAPES + best[1] as usize] = 1;
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(i, &n)| (i as u16, n))
        .collect()
}
