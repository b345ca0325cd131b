//! Labels: the exact final margin near the end, a deeper search before.

use rayon::prelude::*;

use ply_othello::{Engine, ExactSolver, Limits};

use crate::files::Labelled;

/// How positions are labelled.
#[derive(Clone, Copy, Debug)]
pub struct Labelling {
    /// Positions with at most this many empties get their exact score.
    pub exact_empties: u32,
    /// Positions with more empties, up to this many, get the engine's
    /// score at `near_depth`: the phases the error table measures get the
    /// better labels.
    pub near_empties: u32,
    /// The engine's depth (plies) for those.
    pub near_depth: u32,
    /// The others get the engine's score at this depth.
    pub depth: u32,
}

impl Default for Labelling {
    fn default() -> Labelling {
        Labelling {
            exact_empties: 14,
            near_empties: 20,
            near_depth: 8,
            depth: 4,
        }
    }
}

/// Hash table per solver/engine (MiB): small, since it is cleared before
/// each position.
const TABLE_MB: usize = 2;

struct Labellers {
    exact: ExactSolver,
    engine: Engine,
}

/// The label of one position with the given labellers.
fn label_one(l: &mut Labellers, p: u64, o: u64, how: Labelling) -> Labelled {
    let empties = (!(p | o)).count_ones();
    if empties <= how.exact_empties {
        l.exact.clear();
        let solved = l.exact.solve(p, o);
        Labelled {
            p,
            o,
            score: (solved.score * 100) as i16,
            kind: 0,
        }
    } else {
        // A fresh table for each position makes the label a function of
        // the position alone (the same whichever thread or order).
        l.engine.clear();
        let depth = if empties <= how.near_empties {
            how.near_depth
        } else {
            how.depth
        };
        let limits = Limits {
            exact_empties: Some(0),
            ..Limits::depth(depth)
        };
        let report = l.engine.think(p, o, limits, 1, &mut |_| {});
        Labelled {
            p,
            o,
            score: report.score.clamp(-6400, 6400) as i16,
            kind: depth.clamp(1, 255) as u8,
        }
    }
}

/// Labels `positions` in parallel, in their order.
pub fn label_positions(positions: &[(u64, u64)], how: Labelling) -> Vec<Labelled> {
    positions
        .par_iter()
        .map_init(
            || Labellers {
                exact: ExactSolver::new(TABLE_MB),
                engine: Engine::new(TABLE_MB, 1),
            },
            |l, &(p, o)| label_one(l, p, o, how),
        )
        .collect()
}

/// The exact scores of `positions` (discs for the mover), in parallel.
pub fn exact_scores(positions: &[(u64, u64)]) -> Vec<i32> {
    positions
        .par_iter()
        .map_init(
            || ExactSolver::new(16),
            |solver, &(p, o)| {
                solver.clear();
                solver.solve(p, o).score
            },
        )
        .collect()
}
