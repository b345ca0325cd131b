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
/// the calibrated third-round midgame weights; 2.4 min on one core):
/// [stage][depth - MIN_DEPTH].
#[rustfmt::skip]
pub const FIT: [[Fit; (MAX_FIT_DEPTH - MIN_DEPTH + 1) as usize]; STAGES] = [
    [
        Fit { a: 0.995, b: 24.8, sigma: 193.3 }, // depth 3 from 1, 400 positions
        Fit { a: 1.014, b: -29.5, sigma: 192.7 }, // depth 4 from 2, 400 positions
        Fit { a: 1.019, b: 42.2, sigma: 157.9 }, // depth 5 from 3, 400 positions
        Fit { a: 1.024, b: -34.5, sigma: 217.7 }, // depth 6 from 2, 400 positions
        Fit { a: 1.023, b: 70.0, sigma: 180.6 }, // depth 7 from 3, 400 positions
        Fit { a: 1.001, b: -38.8, sigma: 156.0 }, // depth 8 from 4, 400 positions
        Fit { a: 0.995, b: 45.3, sigma: 155.7 }, // depth 9 from 5, 400 positions
        Fit { a: 1.003, b: -52.2, sigma: 173.5 }, // depth 10 from 4, 400 positions
    ],
    [
        Fit { a: 0.998, b: -56.1, sigma: 289.3 }, // depth 3 from 1, 400 positions
        Fit { a: 1.013, b: -21.2, sigma: 261.2 }, // depth 4 from 2, 400 positions
        Fit { a: 1.005, b: 83.9, sigma: 246.4 }, // depth 5 from 3, 400 positions
        Fit { a: 1.001, b: -63.3, sigma: 332.1 }, // depth 6 from 2, 400 positions
        Fit { a: 1.002, b: 123.8, sigma: 302.2 }, // depth 7 from 3, 400 positions
        Fit { a: 0.995, b: -74.2, sigma: 273.8 }, // depth 8 from 4, 400 positions
        Fit { a: 0.999, b: 80.2, sigma: 250.9 }, // depth 9 from 5, 400 positions
        Fit { a: 0.997, b: -114.9, sigma: 326.0 }, // depth 10 from 4, 400 positions
    ],
    [
        Fit { a: 0.997, b: -46.6, sigma: 445.9 }, // depth 3 from 1, 400 positions
        Fit { a: 1.004, b: -108.8, sigma: 378.9 }, // depth 4 from 2, 400 positions
        Fit { a: 0.997, b: 69.9, sigma: 342.6 }, // depth 5 from 3, 400 positions
        Fit { a: 1.000, b: -97.6, sigma: 485.3 }, // depth 6 from 2, 400 positions
        Fit { a: 1.001, b: 128.2, sigma: 430.8 }, // depth 7 from 3, 400 positions
        Fit { a: 1.006, b: -12.8, sigma: 381.8 }, // depth 8 from 4, 400 positions
        Fit { a: 0.999, b: 78.0, sigma: 354.8 }, // depth 9 from 5, 400 positions
        Fit { a: 1.009, b: -25.9, sigma: 441.6 }, // depth 10 from 4, 400 positions
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
