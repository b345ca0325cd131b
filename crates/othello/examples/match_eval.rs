//! The trained evaluation against the hand-weighted one at equal fixed
//! depth:
//!
//! `cargo run --release -p ply-othello --example match_eval -- [--games N]
//! [--depth D] [--seed S] [--threads T] [--weights PATH]`
//!
//! N/2 distinct openings of 4-8 random plies (default N = 200), each
//! played twice with colours swapped; both sides search D plies (default
//! 4) with the same plain alpha-beta (`support/fixed.rs`), leaves scored
//! by their evaluation, to the end of the game. `--weights` plays a
//! weights file instead of the shipped one; `--bench` first times both
//! evaluations.

#[path = "support/fixed.rs"]
mod fixed;

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use ply_othello::pattern::{self, Weights};
use ply_othello::{final_margin, hand_weighted, moves, Size8};

/// A random opening: `plies` random moves from the start, or `None` if the
/// game ended first.
fn opening(rng: &mut SmallRng) -> Option<(u64, u64)> {
    let (mut p, mut o) = fixed::start();
    let plies = rng.gen_range(4..=8);
    for _ in 0..plies {
        let legal = moves::<Size8>(p, o);
        if legal == 0 {
            return None;
        }
        let squares: Vec<u32> = (0..64).filter(|&x| legal >> x & 1 == 1).collect();
        (p, o) = fixed::play(p, o, squares[rng.gen_range(0..squares.len())]);
    }
    (moves::<Size8>(p, o) != 0).then_some((p, o))
}

/// Plays one game from `(p, o)`; returns the final margin of the side to
/// move at the start, and the positions searched.
fn play<A: Fn(u64, u64) -> i32, B: Fn(u64, u64) -> i32>(
    first: &A,
    second: &B,
    (mut p, mut o): (u64, u64),
    depth: u32,
) -> (i32, u64) {
    let mut nodes = 0;
    let mut first_to_move = true;
    loop {
        let choice = if first_to_move {
            fixed::best_move(first, p, o, depth, &mut nodes)
        } else {
            fixed::best_move(second, p, o, depth, &mut nodes)
        };
        match choice {
            Some((x, _)) => (p, o) = fixed::play(p, o, x),
            None if moves::<Size8>(o, p) == 0 => {
                let margin = final_margin::<Size8>(p, o);
                return (if first_to_move { margin } else { -margin }, nodes);
            }
            None => std::mem::swap(&mut p, &mut o),
        }
        first_to_move = !first_to_move;
    }
}

/// Times `eval` over the openings' positions (one thread).
fn bench<F: Fn(u64, u64) -> i32>(name: &str, eval: &F, positions: &[(u64, u64)]) {
    let rounds = 1_000_000 / positions.len().max(1) + 1;
    let clock = Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for &(p, o) in positions {
            sum += i64::from(eval(std::hint::black_box(p), o));
        }
    }
    let n = (rounds * positions.len()) as f64;
    println!(
        "{name}: {:.0} ns per evaluation (checksum {sum})",
        clock.elapsed().as_secs_f64() * 1e9 / n
    );
}

fn main() {
    let games: usize = fixed::arg("--games", 200);
    let depth: u32 = fixed::arg("--depth", 4);
    let seed: u64 = fixed::arg("--seed", 7);
    let threads: usize = fixed::arg("--threads", 2);
    let path: String = fixed::arg("--weights", String::new());
    if depth == 0 || games < 2 {
        eprintln!("error: --depth must be at least 1 and --games at least 2");
        std::process::exit(2);
    }
    let weights = if path.is_empty() {
        match pattern::embedded() {
            Ok(w) => w.clone(),
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    } else {
        match Weights::load(&PathBuf::from(&path)) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    };
    if let Err(e) = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build_global()
    {
        eprintln!("error: cannot start {threads} threads: {e}");
        std::process::exit(1);
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    while openings.len() < games / 2 {
        if let Some(position) = opening(&mut rng) {
            if seen.insert(position) {
                openings.push(position);
            }
        }
    }
    let trained = |p, o| weights.evaluate(p, o);
    let hand = |p, o| hand_weighted(p, o);
    if std::env::args().any(|a| a == "--bench") {
        bench("trained", &trained, &openings);
        bench("hand-weighted", &hand, &openings);
    }
    let clock = Instant::now();
    // Margins for the trained evaluation: moving first, then second.
    let results: Vec<(i32, i32, u64)> = openings
        .par_iter()
        .map(|&start| {
            let (a, n1) = play(&trained, &hand, start, depth);
            let (b, n2) = play(&hand, &trained, start, depth);
            (a, -b, n1 + n2)
        })
        .collect();
    let margins: Vec<i32> = results.iter().flat_map(|&(a, b, _)| [a, b]).collect();
    let nodes: u64 = results.iter().map(|r| r.2).sum();
    let wins = margins.iter().filter(|&&m| m > 0).count();
    let draws = margins.iter().filter(|&&m| m == 0).count();
    let losses = margins.len() - wins - draws;
    let n = margins.len() as f64;
    let mean = margins.iter().map(|&m| f64::from(m)).sum::<f64>() / n;
    let var = margins
        .iter()
        .map(|&m| (f64::from(m) - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    println!(
        "trained vs hand-weighted, depth {depth}, {} games from {} openings (colours swapped):",
        margins.len(),
        openings.len()
    );
    println!(
        "  trained {wins} wins, {draws} draws, {losses} losses: {:.1}% of the points; mean disc margin {:+.1} (± {:.1}, 2 standard errors)",
        100.0 * (wins as f64 + draws as f64 / 2.0) / n,
        mean,
        2.0 * (var / n).sqrt()
    );
    println!(
        "  {:.1} s, {} positions searched",
        clock.elapsed().as_secs_f64(),
        nodes
    );
}
