//! Multi-ProbCut: a shallow search predicts a deep one, and the node is
//! cut when the prediction is beyond the window by more than the
//! prediction's error allows.
//!
//! For a search of depth `d` the probe searches `shallow_depth(d)` plies.
//! Over many positions, this engine's own deep scores follow
//! `deep ≈ a · shallow + b` with residual standard deviation `sigma`
//! (hundredths of a disc), fitted per depth and per stage of the game
//! (`FIT`, from `cargo run --release -p ply-othello --example mpc_fit`,
//! which prints this table). A node is cut high when the probe proves
//! `shallow ≥ (beta + t·sigma − b) / a`, low when it proves
//! `shallow ≤ (alpha − t·sigma − b) / a`, with `t` the selectivity.
//! "Multi" because every depth and stage has its own pair and fit, and the
//! probe itself searches selectively below it.

/// The shallowest depth fitted.
pub const MIN_DEPTH: u32 = 3;
/// The search cuts from this depth (measured with depth-7 and depth-9
/// searches of 12 positions: cutting only from 5 took 20-50% longer).
pub const CUT_FROM: u32 = 3;
/// Depths fitted; deeper searches use the deepest fit.
pub const MAX_FIT_DEPTH: u32 = 10;
/// Stages: empties 41-60, 25-40, 0-24.
pub const STAGES: usize = 3;

/// The probe's depth for a search of `depth` plies: about half as deep,
/// with the same parity (Othello's evaluations swing with whose move it is).
pub fn shallow_depth(depth: u32) -> u32 {
    depth / 4 * 2 + (depth & 1)
}

/// The stage of a position with `empties` empty squares.
pub fn stage(empties: u32) -> usize {
    match empties {
        41.. => 0,
        25..=40 => 1,
        _ => 2,
    }
}

/// One fit: `deep ≈ a · shallow + b`, residual `sigma`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The slope.
    pub a: f64,
    /// The intercept, hundredths of a disc.
    pub b: f64,
    /// The residual standard deviation, hundredths of a disc.
    pub sigma: f64,
}

/// The fit for `depth` (at least [`MIN_DEPTH`]) and a stage.
pub fn fit(depth: u32, stage: usize) -> Fit {
    let d = depth.clamp(MIN_DEPTH, MAX_FIT_DEPTH) - MIN_DEPTH;
    FIT[stage.min(STAGES - 1)][d as usize]
}

/// The bounds the probe must prove to cut a node searched with window
/// `(alpha, beta)`: (shallow score at least this cuts high, at most this
/// cuts low).
pub fn thresholds(depth: u32, stage: usize, alpha: i32, beta: i32, t: f64) -> (i32, i32) {
    let f = fit(depth, stage);
    let a = if f.a > 0.1 { f.a } else { 1.0 };
    let high = ((beta as f64 + t * f.sigma - f.b) / a).ceil() as i32;
    let low = ((alpha as f64 - t * f.sigma - f.b) / a).floor() as i32;
    (high, low)
}

/// Fitted by `examples/mpc_fit.rs` (400 positions a stage, seed 1, with
/// the sixth-round midgame weights, the crate's README):
/// [stage][depth - MIN_DEPTH].
#[rustfmt::skip]
pub const FIT: [[Fit; (MAX_FIT_DEPTH - MIN_DEPTH + 1) as usize]; STAGES] = [
    [
        Fit { a: 0.988, b: -6.1, sigma: 208.7 }, // depth 3 from 1, 400 positions
        Fit { a: 0.980, b: -31.4, sigma: 198.2 }, // depth 4 from 2, 400 positions
        Fit { a: 0.965, b: 19.0, sigma: 202.9 }, // depth 5 from 3, 400 positions
        Fit { a: 0.986, b: -44.2, sigma: 265.8 }, // depth 6 from 2, 400 positions
        Fit { a: 0.975, b: 72.5, sigma: 244.3 }, // depth 7 from 3, 400 positions
        Fit { a: 0.994, b: -42.2, sigma: 228.8 }, // depth 8 from 4, 400 positions
        Fit { a: 0.990, b: 71.0, sigma: 198.5 }, // depth 9 from 5, 400 positions
        Fit { a: 0.998, b: -72.1, sigma: 253.0 }, // depth 10 from 4, 400 positions
    ],
    [
        Fit { a: 1.010, b: -43.8, sigma: 284.1 }, // depth 3 from 1, 400 positions
        Fit { a: 1.014, b: -67.4, sigma: 292.8 }, // depth 4 from 2, 400 positions
        Fit { a: 0.998, b: 68.3, sigma: 269.3 }, // depth 5 from 3, 400 positions
        Fit { a: 1.006, b: -66.8, sigma: 375.5 }, // depth 6 from 2, 400 positions
        Fit { a: 0.996, b: 98.2, sigma: 319.0 }, // depth 7 from 3, 400 positions
        Fit { a: 0.994, b: -29.7, sigma: 284.4 }, // depth 8 from 4, 400 positions
        Fit { a: 0.990, b: 40.8, sigma: 260.6 }, // depth 9 from 5, 400 positions
        Fit { a: 0.976, b: -20.4, sigma: 330.3 }, // depth 10 from 4, 400 positions
    ],
    [
        Fit { a: 1.004, b: -41.9, sigma: 387.7 }, // depth 3 from 1, 400 positions
        Fit { a: 1.019, b: -94.0, sigma: 397.6 }, // depth 4 from 2, 400 positions
        Fit { a: 1.006, b: 94.0, sigma: 367.9 }, // depth 5 from 3, 400 positions
        Fit { a: 1.008, b: -121.7, sigma: 484.1 }, // depth 6 from 2, 400 positions
        Fit { a: 1.000, b: 121.6, sigma: 449.9 }, // depth 7 from 3, 400 positions
        Fit { a: 0.997, b: -38.4, sigma: 422.3 }, // depth 8 from 4, 400 positions
        Fit { a: 1.005, b: 64.3, sigma: 405.4 }, // depth 9 from 5, 400 positions
        Fit { a: 1.008, b: -69.6, sigma: 495.1 }, // depth 10 from 4, 400 positions
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_are_shallower_with_the_same_parity() {
        for d in MIN_DEPTH..40 {
            let s = shallow_depth(d);
            assert!(s < d && s >= 1, "{d} -> {s}");
            assert_eq!(s % 2, d % 2);
        }
    }

    #[test]
    fn thresholds_lie_outside_the_window() {
        for d in MIN_DEPTH..20 {
            for st in 0..STAGES {
                let (high, low) = thresholds(d, st, -100, -99, 1.5);
                let f = fit(d, st);
                // Predicted deep scores at the thresholds are beyond the window.
                assert!(f.a * high as f64 + f.b >= -99.0);
                assert!(f.a * low as f64 + f.b <= -100.0);
            }
        }
    }
}
