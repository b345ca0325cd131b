//! Iterative selectivity: a deep solve is first run selectively, with
//! ProbCut cutting null-window nodes whose shallow estimate lies far
//! beyond the window, at rising confidence, and only then exactly. The
//! selective passes are cheap, and they leave the table full of best
//! moves, so the exact pass searches a well-ordered tree.
//!
//! The cut: at a null-window node with `empties` empty squares, a shallow
//! alpha-beta of `probe_depth(empties)` plies with the evaluation predicts
//! the exact score as `a · shallow + b` with residual standard deviation
//! `sigma` (fitted on this solver's own exact scores, [`Model`]); the node
//! is cut high when the prediction is at least `t · sigma` above the
//! window, low when it is `t · sigma` below, `t` the level's confidence.
//! A selective pass's scores are not proofs: the table marks each entry
//! with the level it was searched at, and only entries searched at a level
//! at least as high as the search's end it early (`table.rs`).

/// The levels of a deep solve, the last exact: `t` of each selective
/// level (cut when the prediction is `t` standard deviations beyond the
/// window). FFO #45-#49, one thread: 1,129.3 M nodes solved exactly at
/// once; 643.5 M with these levels; 647.2 M with 1.1 alone, 646.9 M with
/// 1.1 and 2.6, 693.9 M with 1.1, 1.5, 2.0 and 2.6, 700.9 M with 0.7, 1.5
/// and 2.6, 723.6 M with 2.0 alone.
pub(super) const LEVELS: [f64; 3] = [1.1, 2.0, f64::INFINITY];

/// The exact level (no cut).
pub(super) const EXACT: u8 = (LEVELS.len() - 1) as u8;

/// Positions with fewer empties are solved exactly at once: their solve
/// is too small for the selective passes to pay (FFO #40-#44, 20-23
/// empties, one thread: 121.3 M nodes solved at once, 139.8 M iterated
/// from 22 empties, 141.2 M from 18 or 20).
pub(super) const ITERATE_FROM: u32 = 24;

/// Null-window nodes with at least this many empties may be cut (FFO
/// #45-#49, one thread: 643.5 M nodes cutting from 12, 695.8 M from 14,
/// 915.3 M from 16; from 8 and 10, 596.9 M and 808.1 M, the search's
/// chaos rather than a trend; 12 is where the models were fitted).
pub(super) const CUT_FROM: u32 = 12;

/// The probe's depth at `empties` empty squares: deeper probes are more
/// accurate (see [`MODELS`]) and cost more, so they go where the subtrees
/// they may save are large.
#[inline]
pub(super) fn probe_depth(empties: u32) -> u32 {
    match empties {
        0..=17 => 0,
        18..=23 => 2,
        _ => 4,
    }
}

/// The linear prediction of the exact score (discs) from the probe's
/// estimate (hundredths of a disc).
#[derive(Clone, Copy, Debug)]
pub(super) struct Model {
    /// Slope, discs per hundredth.
    pub a: f64,
    /// Intercept, discs.
    pub b: f64,
    /// Residual standard deviation, discs.
    pub sigma: f64,
}

/// The model of each probe depth 0-4: the exact score against the probe,
/// fitted on 120 positions at each of 12, 14, 16 and 18 empties and 60 at
/// 20 and 22 (`fit_endgame_probcut` below prints each empties' fit; they
/// hardly depend on the empties, so one model a depth, rounded from
/// theirs). Odd depths overestimate the side to move, even ones
/// underestimate it.
const MODELS: [Model; 5] = [
    Model {
        a: 0.0110,
        b: -1.5,
        sigma: 8.3,
    },
    Model {
        a: 0.0106,
        b: 2.2,
        sigma: 7.6,
    },
    Model {
        a: 0.0106,
        b: -2.5,
        sigma: 6.6,
    },
    Model {
        a: 0.0104,
        b: 1.2,
        sigma: 6.1,
    },
    Model {
        a: 0.0105,
        b: -2.5,
        sigma: 5.5,
    },
];

/// The model of the probe made at `empties`.
#[inline]
pub(super) fn model(empties: u32) -> Model {
    MODELS[probe_depth(empties) as usize]
}

/// The probe scores (hundredths of a disc) that cut a null-window node
/// at `alpha` on level `t`: a probe at least the first cuts high (the
/// score is above `alpha`), one at most the second cuts low.
#[inline]
pub(super) fn thresholds(empties: u32, alpha: i32, t: f64) -> (i32, i32) {
    let m = model(empties);
    let high = ((f64::from(alpha) + 1.0 + t * m.sigma - m.b) / m.a).ceil();
    let low = ((f64::from(alpha) - t * m.sigma - m.b) / m.a).floor();
    (high as i32, low as i32)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::EXACT;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use crate::bitboard::{Bits, Size8, Squares};
    use crate::exact::table::Table;
    use crate::exact::{ExactSolver, Worker, INF_EVAL};
    use crate::movegen::{flips, moves};
    use ply_engine::Deadline;

    /// A position `empties` deep in a game of noisy one-ply play from the
    /// start (or `None` when that game ended first).
    fn sample(rng: &mut StdRng, empties: u32) -> Option<(u64, u64)> {
        // The start: black (to move) on d5 and e4, white on d4 and e5.
        let (mut p, mut o): (u64, u64) = (1 << 28 | 1 << 35, 1 << 27 | 1 << 36);
        let table = Table::new::<u64>(1);
        let stop = AtomicBool::new(false);
        let mut w = Worker::<Size8>::new(&table, &stop, Deadline::none());
        while (!(p | o)).count() > empties {
            let legal = moves::<Size8>(p, o);
            if legal.is_empty() {
                if moves::<Size8>(o, p).is_empty() {
                    return None;
                }
                (p, o) = (o, p);
                continue;
            }
            let pick = Squares(legal)
                .map(|x| {
                    let f = flips::<Size8>(x, p, o);
                    let (cp, co) = (o ^ f, p ^ f ^ u64::bit(x));
                    let noise = rng.gen_range(-400..=400);
                    (-w.estimate(cp, co, 0, -INF_EVAL, INF_EVAL) + noise, x)
                })
                .max()?
                .1;
            let f = flips::<Size8>(pick, p, o);
            (p, o) = (o ^ f, p ^ f ^ u64::bit(pick));
        }
        (!moves::<Size8>(p, o).is_empty()).then_some((p, o))
    }

    /// Fits, for every empties and probe depth, the exact score against
    /// the probe's estimate; prints `a`, `b` and `sigma` (discs).
    /// `cargo test --release -p ply-othello --lib -- --ignored --nocapture fit_endgame_probcut`
    #[test]
    #[ignore = "minutes: solves a few hundred positions; prints the fit"]
    fn fit_endgame_probcut() {
        let mut rng = StdRng::seed_from_u64(2026);
        let mut solver = ExactSolver::new(256);
        let table = Table::new::<u64>(1);
        let stop = AtomicBool::new(false);
        for empties in (12..=22).step_by(2) {
            let count = if empties >= 20 { 60 } else { 120 };
            let mut rows: Vec<(i32, [i32; 5])> = Vec::new();
            while rows.len() < count {
                let Some((p, o)) = sample(&mut rng, empties) else {
                    continue;
                };
                let exact = solver.solve_on::<Size8>(p, o).score;
                let mut w = Worker::<Size8>::new(&table, &stop, Deadline::none());
                let probes = [0, 1, 2, 3, 4].map(|d| w.estimate(p, o, d, -INF_EVAL, INF_EVAL));
                rows.push((exact, probes));
            }
            for d in 0..5 {
                let n = rows.len() as f64;
                let xs: Vec<f64> = rows.iter().map(|r| f64::from(r.1[d])).collect();
                let ys: Vec<f64> = rows.iter().map(|r| f64::from(r.0)).collect();
                let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
                let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
                let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
                let a = sxy / sxx;
                let b = my - a * mx;
                let sse: f64 = xs
                    .iter()
                    .zip(&ys)
                    .map(|(x, y)| (y - a * x - b).powi(2))
                    .sum();
                let sigma = (sse / (n - 2.0)).sqrt();
                println!("empties {empties:2} depth {d}: a {a:.5} b {b:6.2} sigma {sigma:5.2} ({n} positions)");
            }
        }
    }

    /// The selective passes leave estimates in the table; the exact pass
    /// after them must still be exact, ending early only on entries of
    /// its own level. Checked against a solver that never searched
    /// selectively, on positions where the selective passes did err (so
    /// that the table held wrong bounds for the exact pass to ignore).
    #[test]
    fn the_exact_pass_after_selective_ones_is_exact() {
        let mut rng = StdRng::seed_from_u64(7);
        let stop = AtomicBool::new(false);
        let mut reference = ExactSolver::new(16);
        let (mut checked, mut erred) = (0, 0);
        while checked < 60 {
            let Some((p, o)) = sample(&mut rng, 18) else {
                continue;
            };
            let table = Table::new::<u64>(4);
            let mut w = Worker::<Size8>::new(&table, &stop, Deadline::none());
            let mut selective = Vec::new();
            for level in 0..EXACT {
                w.level = level;
                selective.push(w.pvs_best(p, o, -65, 65, 18).0);
            }
            w.level = EXACT;
            let score = w.pvs_best(p, o, -65, 65, 18).0;
            reference.clear();
            let expected = reference.solve_on::<Size8>(p, o).score;
            assert_eq!(score, expected, "{p:#x} {o:#x}");
            erred += usize::from(selective.iter().any(|&s| s != expected));
            checked += 1;
        }
        assert!(
            erred > 0,
            "no selective pass erred: the test proves nothing"
        );
    }
}
