//! Fits multi-ProbCut's constants (`ply_othello::probcut::FIT`)
//! from this engine's own searches: for positions of games the engine
//! plays against itself (with random moves mixed in), one full-width
//! iterative deepening to `MAX_FIT_DEPTH` gives the score at every depth;
//! for each depth `d` and stage, least squares fits the score at `d`
//! against the score at `shallow_depth(d)`, and the residual's standard
//! deviation is sigma. Prints the table to paste into `probcut.rs`.
//!
//! `cargo run --release -p ply-othello --example mpc_fit -- [POSITIONS_PER_STAGE] [SEED]`
//! (defaults 60 and 1).

use ply_othello::probcut::{shallow_depth, stage, MAX_FIT_DEPTH, MIN_DEPTH, STAGES};
use ply_othello::{flips, moves, Engine, Limits, Size8, Squares};
use rand::{Rng, SeedableRng};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let per_stage: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(60);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut player = Engine::new(16, 1);
    let mut measurer = Engine::new(64, 1);
    measurer.set_selectivity(None);
    // samples[stage] = per position, the score at each depth 1..=MAX.
    let mut samples: Vec<Vec<Vec<i32>>> = vec![Vec::new(); STAGES];
    while samples.iter().any(|s| s.len() < per_stage) {
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        player.clear();
        loop {
            let legal = moves::<Size8>(p, o);
            if legal == 0 {
                if moves::<Size8>(o, p) == 0 {
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                continue;
            }
            let empties = (!(p | o)).count_ones();
            if empties <= 12 {
                break;
            }
            let st = stage(empties);
            // About three positions a game per stage.
            if samples[st].len() < per_stage && rng.gen_range(0..6) == 0 {
                let mut scores = vec![0; MAX_FIT_DEPTH as usize + 1];
                measurer.clear();
                let limits = Limits {
                    exact_empties: Some(0),
                    ..Limits::depth(MAX_FIT_DEPTH)
                };
                measurer.think(p, o, limits, 1, &mut |r| {
                    scores[r.depth as usize] = r.score;
                });
                samples[st].push(scores);
                eprint!(
                    "\rsamples {:?}",
                    samples.iter().map(Vec::len).collect::<Vec<_>>()
                );
            }
            let square = if rng.gen_range(0..8) == 0 {
                let all: Vec<u32> = Squares(legal).collect();
                all[rng.gen_range(0..all.len())]
            } else {
                player
                    .think(p, o, Limits::depth(4), 1, &mut |_| {})
                    .best
                    .unwrap_or(0)
            };
            let f = flips::<Size8>(square, p, o);
            (p, o) = (o ^ f, p | f | (1u64 << square));
        }
    }
    eprintln!();
    println!("pub const FIT: [[Fit; (MAX_FIT_DEPTH - MIN_DEPTH + 1) as usize]; STAGES] = [");
    for stage_samples in &samples {
        println!("    [");
        for d in MIN_DEPTH..=MAX_FIT_DEPTH {
            let s = shallow_depth(d) as usize;
            let pairs: Vec<(f64, f64)> = stage_samples
                .iter()
                .map(|v| (v[s] as f64, v[d as usize] as f64))
                .collect();
            let n = pairs.len() as f64;
            let mx = pairs.iter().map(|p| p.0).sum::<f64>() / n;
            let my = pairs.iter().map(|p| p.1).sum::<f64>() / n;
            let sxx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
            let sxy: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
            let a = if sxx > 0.0 { sxy / sxx } else { 1.0 };
            let b = my - a * mx;
            let var = pairs
                .iter()
                .map(|p| (p.1 - a * p.0 - b).powi(2))
                .sum::<f64>()
                / (n - 2.0).max(1.0);
            println!(
                "        Fit {{ a: {a:.3}, b: {b:.1}, sigma: {:.1} }}, // depth {d} from {s}, {} positions",
                var.sqrt(),
                pairs.len()
            );
        }
        println!("    ],");
    }
    println!("];");
}
