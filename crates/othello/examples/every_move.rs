//! Times the exact analysis of every move of FFO positions against the
//! best-move solve of the same position, each with a fresh table, on one
//! thread: `cargo run --release -p ply-othello --example every_move --
//! FIRST LAST [--root] [--hash MB]` (numbers of the bundled FFO #40-#59).
//! Prints the best-move solve, the every-move margins alone, and the
//! margins with the game lengths (the lengths' share is the difference);
//! `--root` solves the root first and gives every move its bound as a
//! floor; `--hash` sets every table's size (64 MiB by default).

use std::time::Instant;

use ply_engine::Notation;
use ply_othello::{flips, moves, ExactSolver, Othello, Size8, Squares};

fn main() {
    let root_first = std::env::args().any(|a| a == "--root");
    let words: Vec<String> = std::env::args().skip(1).collect();
    let hash = words
        .iter()
        .position(|a| a == "--hash")
        .and_then(|i| words.get(i + 1)?.parse().ok())
        .unwrap_or(64);
    let args: Vec<usize> = words
        .iter()
        .enumerate()
        .filter(|&(i, _)| i == 0 || words[i - 1] != "--hash")
        .filter_map(|(_, a)| a.parse().ok())
        .collect();
    let first = args.first().copied().unwrap_or(40);
    let last = args.get(1).copied().unwrap_or(first);
    let start = Othello::<Size8>::new();
    for (number, line) in include_str!("../data/ffo-40-59.obf")
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 40, l))
        .filter(|(n, _)| (first..=last).contains(n))
    {
        let Ok(game) = start.parse_position(line) else {
            continue;
        };
        let (p, o) = game.player_opponent();
        let t = Instant::now();
        let best = ExactSolver::new(hash).solve(p, o);
        let best_time = t.elapsed().as_secs_f64();
        let every = |with_length: bool| {
            let t = Instant::now();
            let mut solver = ExactSolver::new(hash);
            let mut nodes = 0;
            let floor = root_first.then(|| {
                let root = solver.value_on::<Size8>(p, o, None, false);
                nodes += root.nodes;
                -root.margin
            });
            let mut values = Vec::new();
            for x in Squares(moves::<Size8>(p, o)) {
                let f = flips::<Size8>(x, p, o);
                let child = solver.value_on::<Size8>(o ^ f, p ^ f ^ (1 << x), floor, with_length);
                nodes += child.nodes;
                values.push((x, -child.margin, child.length, child.nodes));
            }
            if with_length {
                let pv = Instant::now();
                let best = values.iter().max_by_key(|v| v.1).map_or(0, |v| v.0);
                let f = flips::<Size8>(best, p, o);
                let line = solver.principal_variation_on::<Size8>(o ^ f, p ^ f ^ (1 << best));
                println!(
                    "  principal variation: {} moves in {:.3} s",
                    line.len() + 1,
                    pv.elapsed().as_secs_f64()
                );
            }
            (t.elapsed().as_secs_f64(), nodes, values)
        };
        let (margins_time, margins_nodes, _) = every(false);
        let (full_time, full_nodes, values) = every(true);
        println!(
            "#{number}: best move {best_time:.3} s ({:.1} M nodes, {:+}); every move: \
             margins {margins_time:.3} s ({:.1} M), with lengths {full_time:.3} s ({:.1} M), \
             ratio {:.2}",
            best.nodes as f64 / 1e6,
            best.score,
            margins_nodes as f64 / 1e6,
            full_nodes as f64 / 1e6,
            full_time / best_time,
        );
        let listed: Vec<String> = values
            .iter()
            .map(|&(x, m, l, n)| {
                let length = l.map_or("-".into(), |l| l.to_string());
                format!("{x}:{m:+}/{length} {:.1}M", n as f64 / 1e6)
            })
            .collect();
        println!("  {}", listed.join(", "));
    }
}
