//! The midgame engine's cost to reach a fixed depth: positions from seeded
//! random games (12 to 40 plies in), each searched from a cleared table to
//! `DEPTH` plies on one thread; prints the positions a search entered in
//! all (independent of the machine's load) and the time. A measure for
//! changes to the search that must not change its strength much, such as
//! the aspiration windows.
//!
//! `cargo run --release -p ply-othello --example fixed_depth -- [POSITIONS] [DEPTH] [SEED] [EXACT]`
//! (defaults 40 positions, depth 10, seed 1; `EXACT` 0 keeps the exact
//! solver out, which otherwise takes positions of up to `3 · DEPTH / 2 + 4`
//! empties, so that the figures measure the midgame search alone).

#[path = "support/fixed.rs"]
mod support;

use std::time::Instant;

use ply_othello::{moves, Engine, Limits, Size8, Squares};
use rand::{Rng, SeedableRng};

fn main() {
    let arg = support::positional;
    let (wanted, depth, seed) = (arg(1, 40), arg(2, 10) as u32, arg(3, 1));
    let exact_empties = std::env::args().nth(4).and_then(|a| a.parse().ok());
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut engine = Engine::new(64, 1);
    let (mut nodes, mut found) = (0u64, 0u64);
    let started = Instant::now();
    while found < wanted {
        let (mut p, mut o) = support::start();
        let plies = rng.gen_range(12..=40);
        let mut ended = false;
        for _ in 0..plies {
            let legal = moves::<Size8>(p, o);
            if legal == 0 {
                if moves::<Size8>(o, p) == 0 {
                    ended = true;
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                continue;
            }
            let all: Vec<u32> = Squares(legal).collect();
            let square = all[rng.gen_range(0..all.len())];
            (p, o) = support::play(p, o, square);
        }
        if ended || moves::<Size8>(p, o) == 0 {
            continue;
        }
        engine.clear();
        let limits = Limits {
            exact_empties,
            ..Limits::depth(depth)
        };
        let r = engine.think(p, o, limits, 1, &mut |_| {});
        nodes += r.nodes;
        found += 1;
    }
    println!(
        "{found} positions, depth {depth}, seed {seed}: {:.1} M nodes ({nodes}), {:.2} s",
        nodes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
}
