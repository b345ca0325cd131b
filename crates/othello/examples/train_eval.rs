//! Trains the pattern evaluation of `ply_othello::pattern` and writes its
//! weights file:
//!
//! `cargo run --release -p ply-othello --example train_eval -- [--games N]
//! [--seed S] [--exact E] [--epochs K] [--threads T] [--out PATH]`
//!
//! 1. Self-play with randomness: N games (default 12000), each opened by
//!    0-10 random plies, then the hand-weighted evaluation one ply deep
//!    with noise and 10% random moves; every distinct position with a
//!    legal move is kept, one in ten held out (by hash) to measure.
//! 2. Phase by phase from the end (phases of four empties): positions with
//!    at most E empties (default 16) are labelled with their exact score
//!    (`exact::ExactSolver`); earlier ones with a 4-ply alpha-beta whose
//!    leaves, four empties later, are scored by the phase just trained
//!    (bootstrapping backwards, as Logistello and Edax did).
//! 3. Each phase is fitted by stochastic gradient descent on the squared
//!    error in discs with a small L2 penalty, one weight per class of
//!    symmetric configurations, warm-started from the phase after it;
//!    weights are rounded to hundredths of a disc (i16).
//!
//! It prints, per phase, the mean absolute error on the held-out positions
//! of the trained evaluation and of the hand-weighted one (`eval.rs`).

#[path = "support/fixed.rs"]
mod fixed;

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use ply_othello::pattern::{
    indices, phase_of, tie_map, Weights, BIAS, INSTANCES, MOBILITY_MINE, MOBILITY_THEIRS, PHASES,
    PHASE_LEN, PHASE_WIDTH,
};
use ply_othello::{hand_weighted, hash_pair, moves, ExactSolver, Size8};

/// Mobility enters the fit divided by this (keeps the step sizes alike).
const MOBILITY_SCALE: f32 = 8.0;

struct Sample {
    p: u64,
    o: u64,
    held_out: bool,
    label: f32,
}

fn hand(p: u64, o: u64) -> i32 {
    hand_weighted(p, o)
}

/// The positions of one self-play game, the mover's side first.
fn play_game(seed: u64) -> Vec<(u64, u64)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut p, mut o) = fixed::start();
    let random_plies = rng.gen_range(0..=10);
    let mut out = Vec::with_capacity(64);
    let mut ply = 0;
    loop {
        let legal = moves::<Size8>(p, o);
        if legal == 0 {
            if moves::<Size8>(o, p) == 0 {
                return out;
            }
            std::mem::swap(&mut p, &mut o);
            continue;
        }
        out.push((p, o));
        let squares: Vec<u32> = (0..64).filter(|&x| legal >> x & 1 == 1).collect();
        let x = if ply < random_plies || rng.gen_bool(0.1) {
            squares[rng.gen_range(0..squares.len())]
        } else {
            *squares
                .iter()
                .max_by_key(|&&x| {
                    let (np, no) = fixed::play(p, o, x);
                    -hand(np, no) + rng.gen_range(-60..=60)
                })
                .unwrap_or(&squares[0])
        };
        (p, o) = fixed::play(p, o, x);
        ply += 1;
    }
}

/// Fits one phase; returns the float weights (per class representative).
fn fit(samples: &[&Sample], tie: &[u32], start: &[f32], epochs: usize, seed: u64) -> Vec<f32> {
    struct Row {
        idx: [u32; INSTANCES],
        mine: f32,
        theirs: f32,
        y: f32,
    }
    let rows: Vec<Row> = samples
        .iter()
        .map(|s| {
            let mut idx = [0u32; INSTANCES];
            for (slot, i) in idx.iter_mut().zip(indices(s.p, s.o)) {
                *slot = tie[i];
            }
            Row {
                idx,
                mine: moves::<Size8>(s.p, s.o).count_ones() as f32 / MOBILITY_SCALE,
                theirs: moves::<Size8>(s.o, s.p).count_ones() as f32 / MOBILITY_SCALE,
                y: s.label,
            }
        })
        .collect();
    let mut w = start.to_vec();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    let lambda = 0.002;
    for epoch in 0..epochs {
        let lr = 0.006 * (1.0 - epoch as f32 / epochs as f32) + 0.0003;
        order.shuffle(&mut rng);
        for &r in &order {
            let row = &rows[r];
            let mut pred = w[BIAS] + w[MOBILITY_MINE] * row.mine + w[MOBILITY_THEIRS] * row.theirs;
            for &i in &row.idx {
                pred += w[i as usize];
            }
            let err = pred - row.y;
            w[BIAS] -= lr * err;
            w[MOBILITY_MINE] -= lr * err * row.mine;
            w[MOBILITY_THEIRS] -= lr * err * row.theirs;
            for &i in &row.idx {
                let wi = &mut w[i as usize];
                *wi -= lr * (err + lambda * *wi);
            }
        }
    }
    w
}

fn quantise(w: &[f32], tie: &[u32], out: &mut [i16]) {
    let q = |v: f32| (v * 100.0).round().clamp(-32767.0, 32767.0) as i16;
    for i in 0..BIAS {
        out[i] = q(w[tie[i] as usize]);
    }
    out[BIAS] = q(w[BIAS]);
    out[MOBILITY_MINE] = q(w[MOBILITY_MINE] / MOBILITY_SCALE);
    out[MOBILITY_THEIRS] = q(w[MOBILITY_THEIRS] / MOBILITY_SCALE);
}

fn main() {
    let games: u64 = fixed::arg("--games", 12_000);
    let seed: u64 = fixed::arg("--seed", 1);
    let exact: u32 = fixed::arg("--exact", 16);
    let epochs: usize = fixed::arg("--epochs", 30);
    let threads: usize = fixed::arg("--threads", 2);
    let out: PathBuf = fixed::arg(
        "--out",
        PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/othello-eval.bin"
        )),
    );
    if let Err(e) = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build_global()
    {
        eprintln!("error: cannot start {threads} threads: {e}");
        std::process::exit(1);
    }
    let clock = Instant::now();

    let positions: Vec<Vec<(u64, u64)>> = (0..games)
        .into_par_iter()
        .map(|g| play_game(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g))
        .collect();
    let mut seen = HashSet::new();
    let mut by_phase: Vec<Vec<Sample>> = (0..PHASES).map(|_| Vec::new()).collect();
    for (p, o) in positions.into_iter().flatten() {
        if seen.insert((p, o)) {
            let empties = (!(p | o)).count_ones();
            by_phase[phase_of(empties)].push(Sample {
                p,
                o,
                held_out: hash_pair(p, o) % 10 == 0,
                label: 0.0,
            });
        }
    }
    println!(
        "{} games, {} distinct positions in {:.1} s",
        games,
        seen.len(),
        clock.elapsed().as_secs_f64()
    );

    let tie = tie_map();
    let mut weights = Weights::zeros();
    let mut float = vec![0f32; PHASE_LEN];
    println!(
        "{:>5} {:>7} {:>7} {:>6} {:>8} {:>8} {:>8} {:>8}",
        "phase", "empties", "train", "held", "label", "label s", "MAE new", "MAE hand"
    );
    for (phase, samples) in by_phase.iter_mut().enumerate() {
        let started = Instant::now();
        let current = weights.clone();
        samples.par_iter_mut().for_each_init(
            || ExactSolver::new(8),
            |solver, s| {
                let empties = (!(s.p | s.o)).count_ones();
                s.label = if empties <= exact {
                    solver.solve(s.p, s.o).score as f32
                } else {
                    let eval = |p, o| current.evaluate(p, o);
                    let mut nodes = 0;
                    fixed::negamax(
                        &eval,
                        s.p,
                        s.o,
                        PHASE_WIDTH,
                        -fixed::INF,
                        fixed::INF,
                        &mut nodes,
                    ) as f32
                        / 100.0
                };
            },
        );
        let label_time = started.elapsed().as_secs_f64();
        let train: Vec<&Sample> = samples.iter().filter(|s| !s.held_out).collect();
        let held: Vec<&Sample> = samples.iter().filter(|s| s.held_out).collect();
        float = fit(&train, &tie, &float, epochs, seed ^ phase as u64);
        quantise(&float, &tie, weights.phase_mut(phase));
        let mae = |f: &dyn Fn(u64, u64) -> i32| {
            held.iter()
                .map(|s| (f(s.p, s.o) as f32 / 100.0 - s.label).abs())
                .sum::<f32>()
                / held.len().max(1) as f32
        };
        let low = phase as u32 * PHASE_WIDTH + 1;
        let kind = if low + PHASE_WIDTH - 1 <= exact {
            "exact"
        } else if low > exact {
            "search"
        } else {
            "mixed"
        };
        println!(
            "{:>5} {:>7} {:>7} {:>6} {:>8} {:>8.1} {:>8.2} {:>8.2}",
            phase,
            format!("{}-{}", low, low + PHASE_WIDTH - 1),
            train.len(),
            held.len(),
            kind,
            label_time,
            mae(&|p, o| weights.evaluate(p, o)),
            mae(&hand)
        );
    }
    let bytes = weights.to_bytes();
    if let Err(e) = std::fs::write(&out, &bytes) {
        eprintln!("error: cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
    println!(
        "wrote {} ({} bytes) in {:.1} s in all",
        out.display(),
        bytes.len(),
        clock.elapsed().as_secs_f64()
    );
}
