//! How the midgame engine spends a per-move budget: it plays games against
//! itself from random openings with a fixed budget per move and prints the
//! mean time used, the longest move and the largest overshoot.
//!
//! `cargo run --release -p ply-othello --example time_use -- [MOVES] [BUDGET_MS] [THREADS]`
//! (defaults 200 moves, 100 ms, 1 thread).

#[path = "support/fixed.rs"]
mod support;

use std::time::Duration;

use ply_othello::{flips, moves, Engine, Limits, Size8, Squares};
use rand::{Rng, SeedableRng};

fn main() {
    let arg = support::positional;
    let (wanted, budget_ms, threads) = (arg(1, 200), arg(2, 100), arg(3, 1) as usize);
    let budget = Duration::from_millis(budget_ms);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut used = Vec::new();
    let mut engine = Engine::new(64, threads);
    let mut exact_moves = 0;
    let mut depths = Vec::new();
    while (used.len() as u64) < wanted {
        engine.clear();
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        let mut ply = 0;
        loop {
            let legal = moves::<Size8>(p, o);
            if legal == 0 {
                if moves::<Size8>(o, p) == 0 {
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                continue;
            }
            let square = if ply < 6 {
                let all: Vec<u32> = Squares(legal).collect();
                all[rng.gen_range(0..all.len())]
            } else {
                let r = engine.think(p, o, Limits::time(budget), 1, &mut |_| {});
                if legal.count_ones() > 1 {
                    used.push(r.elapsed);
                    if std::env::var("VERBOSE").is_ok() && r.elapsed > budget {
                        eprintln!(
                            "{:?} exact {} depth {} empties {}",
                            r.elapsed,
                            r.exact,
                            r.depth,
                            (!(p | o)).count_ones()
                        );
                    }
                    exact_moves += u32::from(r.exact);
                    if !r.exact {
                        depths.push(r.depth);
                    }
                }
                match r.best {
                    Some(s) => s,
                    None => break,
                }
            };
            let f = flips::<Size8>(square, p, o);
            (p, o) = (o ^ f, p | f | (1u64 << square));
            ply += 1;
        }
    }
    let n = used.len() as f64;
    let mean = used.iter().map(Duration::as_secs_f64).sum::<f64>() / n;
    let max = used.iter().max().copied().unwrap_or_default();
    let over = used.iter().filter(|&&u| u > budget).count();
    println!(
        "{} moves (not forced), budget {budget_ms} ms, {threads} thread(s): mean {:.1} ms ({:.0}%), \
         max {:.1} ms (overshoot {:.1} ms), {over} over budget, {exact_moves} solved exactly, \
         mean midgame depth {:.2}",
        used.len(),
        mean * 1000.0,
        mean * 100.0 / budget.as_secs_f64(),
        max.as_secs_f64() * 1000.0,
        (max.as_secs_f64() - budget.as_secs_f64()).max(0.0) * 1000.0,
        depths.iter().sum::<u32>() as f64 / depths.len().max(1) as f64,
    );
}
