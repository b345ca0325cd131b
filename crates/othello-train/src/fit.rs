//! The fit: per phase of the evaluation, stochastic gradient descent on
//! the squared error in discs with a small L2 penalty, one weight per
//! class of symmetric configurations, warm-started from given weights.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rayon::prelude::*;

use ply_othello::pattern::{
    indices, phase_of, tie_map, Weights, BIAS, INSTANCES, MOBILITY_MINE, MOBILITY_THEIRS, PARITY,
    PHASES, PHASE_LEN, PHASE_WIDTH,
};
use ply_othello::{hash_pair, moves, Size8};

use crate::files::Labelled;

/// Mobility enters the fit divided by this (keeps the step sizes alike).
const MOBILITY_SCALE: f32 = 8.0;

/// How the fit runs.
#[derive(Clone, Copy, Debug)]
pub struct Fitting {
    /// Passes over each phase's training positions.
    pub epochs: usize,
    /// The first step size (it falls linearly over the epochs).
    pub rate: f32,
    /// The L2 penalty per step.
    pub lambda: f32,
    /// The seed of the shuffles.
    pub seed: u64,
    /// Each phase also trains on the positions up to this many empties
    /// beyond its own range on either side (more data per weight; the
    /// neighbours' values are close).
    pub overlap: u32,
    /// Phases whose empties are all at most this many keep the start's
    /// weights unfitted (0: every phase is fitted).
    pub beyond: u32,
    /// Phases with more empties than this keep the start's weights
    /// unfitted (`u32::MAX`: every phase is fitted).
    pub up_to: u32,
}

impl Default for Fitting {
    fn default() -> Fitting {
        Fitting {
            epochs: 20,
            rate: 0.004,
            lambda: 0.002,
            seed: 1,
            overlap: 2,
            beyond: 0,
            up_to: u32::MAX,
        }
    }
}

/// One phase's result.
#[derive(Clone, Debug)]
pub struct PhaseReport {
    /// The phase.
    pub phase: usize,
    /// Training positions.
    pub train: usize,
    /// Held-out positions (one in ten, by hash).
    pub held: usize,
    /// Mean absolute error in discs on the training positions: start, fitted.
    pub train_error: (f64, f64),
    /// The same on the held-out positions.
    pub held_error: (f64, f64),
    /// The fitted weights were kept (else the start's: they were no better
    /// on the held-out positions).
    pub kept: bool,
}

struct Row {
    idx: [u32; INSTANCES],
    mine: f32,
    theirs: f32,
    /// 1 for an odd number of empties, else 0.
    odd: f32,
    y: f32,
}

fn row(l: &Labelled, tie: &[u32]) -> Row {
    let mut idx = [0u32; INSTANCES];
    for (slot, i) in idx.iter_mut().zip(indices(l.p, l.o)) {
        *slot = tie[i];
    }
    Row {
        idx,
        mine: moves::<Size8>(l.p, l.o).count_ones() as f32 / MOBILITY_SCALE,
        theirs: moves::<Size8>(l.o, l.p).count_ones() as f32 / MOBILITY_SCALE,
        odd: ((!(l.p | l.o)).count_ones() & 1) as f32,
        y: f32::from(l.score) / 100.0,
    }
}

/// A position is held out of the fit (to judge it) when its hash says so.
pub fn held_out(p: u64, o: u64) -> bool {
    hash_pair(p, o).is_multiple_of(10)
}

/// The mean absolute error in discs of `weights` on `labels`.
pub fn mean_error(weights: &Weights, labels: &[Labelled]) -> f64 {
    if labels.is_empty() {
        return 0.0;
    }
    labels
        .par_iter()
        .map(|l| (f64::from(weights.evaluate(l.p, l.o) - i32::from(l.score)) / 100.0).abs())
        .sum::<f64>()
        / labels.len() as f64
}

fn float_phase(weights: &Weights, phase: usize, tie: &[u32]) -> Vec<f32> {
    let w = weights.phase(phase);
    let mut out = vec![0f32; PHASE_LEN];
    // One value per class: the class representative's (all images share it).
    for i in 0..BIAS {
        out[tie[i] as usize] = f32::from(w[i]) / 100.0;
    }
    out[BIAS] = f32::from(w[BIAS]) / 100.0;
    out[PARITY] = f32::from(w[PARITY]) / 100.0;
    out[MOBILITY_MINE] = f32::from(w[MOBILITY_MINE]) / 100.0 * MOBILITY_SCALE;
    out[MOBILITY_THEIRS] = f32::from(w[MOBILITY_THEIRS]) / 100.0 * MOBILITY_SCALE;
    out
}

fn quantise(w: &[f32], tie: &[u32], out: &mut [i16]) {
    let q = |v: f32| (v * 100.0).round().clamp(-32767.0, 32767.0) as i16;
    for i in 0..BIAS {
        out[i] = q(w[tie[i] as usize]);
    }
    out[BIAS] = q(w[BIAS]);
    out[PARITY] = q(w[PARITY]);
    out[MOBILITY_MINE] = q(w[MOBILITY_MINE] / MOBILITY_SCALE);
    out[MOBILITY_THEIRS] = q(w[MOBILITY_THEIRS] / MOBILITY_SCALE);
}

fn sgd(rows: &[Row], w: &mut [f32], how: Fitting, phase: usize) {
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let mut rng = SmallRng::seed_from_u64(how.seed ^ (phase as u64) << 32);
    for epoch in 0..how.epochs {
        let rate = how.rate * (1.0 - epoch as f32 / how.epochs as f32) + how.rate / 20.0;
        order.shuffle(&mut rng);
        for &r in &order {
            let row = &rows[r];
            let mut pred = w[BIAS]
                + w[PARITY] * row.odd
                + w[MOBILITY_MINE] * row.mine
                + w[MOBILITY_THEIRS] * row.theirs;
            for &i in &row.idx {
                pred += w[i as usize];
            }
            let err = pred - row.y;
            w[BIAS] -= rate * err;
            w[PARITY] -= rate * err * row.odd;
            w[MOBILITY_MINE] -= rate * err * row.mine;
            w[MOBILITY_THEIRS] -= rate * err * row.theirs;
            for &i in &row.idx {
                let wi = &mut w[i as usize];
                *wi -= rate * (err + how.lambda * *wi);
            }
        }
    }
}

fn by_phase(labels: &[Labelled]) -> Vec<Vec<Labelled>> {
    let mut out: Vec<Vec<Labelled>> = (0..PHASES).map(|_| Vec::new()).collect();
    for l in labels {
        out[phase_of((!(l.p | l.o)).count_ones())].push(*l);
    }
    out
}

/// Fits every phase (in parallel) on `labels` (distinct positions),
/// starting from `start`; a phase whose fitted weights are not better on
/// the `held` positions of its phase (on its training positions if it
/// has no held-out ones) keeps the start's (unless `keep_worse`).
pub fn fit(
    labels: &[Labelled],
    held: &[Labelled],
    start: &Weights,
    how: Fitting,
    keep_worse: bool,
) -> (Weights, Vec<PhaseReport>) {
    let tie = tie_map();
    let train_by_phase = by_phase(labels);
    let held_by_phase = by_phase(held);
    let fitted: Vec<(Vec<i16>, PhaseReport)> = train_by_phase
        .into_par_iter()
        .zip(held_by_phase)
        .enumerate()
        .map(|(phase, (train, held))| {
            let low = phase as u32 * PHASE_WIDTH + 1;
            let high = low + PHASE_WIDTH - 1;
            if high <= how.beyond || high > how.up_to {
                let (train_error, held_error) =
                    (mean_error(start, &train), mean_error(start, &held));
                let report = PhaseReport {
                    phase,
                    train: train.len(),
                    held: held.len(),
                    train_error: (train_error, train_error),
                    held_error: (held_error, held_error),
                    kept: false,
                };
                return (start.phase(phase).to_vec(), report);
            }
            // The neighbours' positions within the overlap (none without one).
            let near = |l: &&Labelled| {
                let e = (!(l.p | l.o)).count_ones();
                (e < low || e > high) && e + how.overlap >= low && e <= high + how.overlap
            };
            let rows: Vec<Row> = train
                .iter()
                .chain(labels.iter().filter(near))
                .map(|l| row(l, &tie))
                .collect();
            let mut w = float_phase(start, phase, &tie);
            sgd(&rows, &mut w, how, phase);
            let mut new = start.clone();
            quantise(&w, &tie, new.phase_mut(phase));
            let train_error = (mean_error(start, &train), mean_error(&new, &train));
            let held_error = (mean_error(start, &held), mean_error(&new, &held));
            // Without held-out positions, the training error judges.
            let kept = keep_worse
                || if held.is_empty() {
                    train_error.1 < train_error.0
                } else {
                    held_error.1 < held_error.0
                };
            let chosen = if kept { &new } else { start };
            let report = PhaseReport {
                phase,
                train: train.len(),
                held: held.len(),
                train_error,
                held_error,
                kept,
            };
            (chosen.phase(phase).to_vec(), report)
        })
        .collect();
    let mut out = start.clone();
    let mut reports = Vec::new();
    for (phase, (w, report)) in fitted.into_iter().enumerate() {
        out.phase_mut(phase).copy_from_slice(&w);
        reports.push(report);
    }
    (out, reports)
}
