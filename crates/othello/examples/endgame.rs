//! Times the exact solver on FFO positions:
//! `cargo run --release -p ply-othello --example endgame -- FIRST LAST [THREADS]
//! [--no-aspiration]`
//! (numbers of the FFO suite, 1-19 and 40-59 are bundled). Each position is
//! solved with a fresh table; `--no-aspiration` solves from the full window
//! at the root. "searched" leaves out the children only scored for move
//! ordering, as Edax and Egaroucid count.
//! `-- --perft DEPTH` times one-thread perft from the start instead (to
//! compare builds with the same flags as the solver's).

use std::time::Instant;

use ply_engine::Notation;
use ply_othello::{ExactSolver, Othello, Size8};

fn main() {
    if std::env::args().any(|a| a == "--perft") {
        let depth = std::env::args()
            .filter_map(|a| a.parse().ok())
            .next()
            .unwrap_or(11);
        let t = Instant::now();
        let leaves = ply_othello::perft(&Othello::<Size8>::new(), depth);
        let seconds = t.elapsed().as_secs_f64();
        println!(
            "perft {depth} = {leaves} in {seconds:.3} s, {:.1} M leaves/s",
            leaves as f64 / seconds / 1e6
        );
        return;
    }
    let aspiration = !std::env::args().any(|a| a == "--no-aspiration");
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let first = args.first().copied().unwrap_or(40);
    let last = args.get(1).copied().unwrap_or(first);
    let threads = args.get(2).copied().unwrap_or(1);
    let suite: Vec<(usize, &str)> = include_str!("../data/ffo-1-19.obf")
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .chain(
            include_str!("../data/ffo-40-59.obf")
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 40, l)),
        )
        .collect();
    let start = Othello::<Size8>::new();
    let total = Instant::now();
    let (mut all_nodes, mut all_searched) = (0, 0);
    for (number, line) in suite
        .into_iter()
        .filter(|(n, _)| (first..=last).contains(n))
    {
        let Ok(game) = start.parse_position(line) else {
            continue;
        };
        let expected = line.split_whitespace().nth(2).unwrap_or("?");
        let t = Instant::now();
        let (p, o) = game.player_opponent();
        let solved = ExactSolver::new(64)
            .with_threads(threads)
            .with_aspiration(aspiration)
            .solve(p, o);
        let (margin, nodes) = (solved.score, solved.nodes);
        all_nodes += nodes;
        all_searched += nodes - solved.scored;
        println!(
            "#{number} ({} empties): {margin:+} (listed {expected}) in {:.3} s, {:.1} M nodes ({:.1} M searched)",
            game.empties(),
            t.elapsed().as_secs_f64(),
            nodes as f64 / 1e6,
            (nodes - solved.scored) as f64 / 1e6
        );
    }
    println!(
        "total {:.3} s, {:.1} M nodes ({:.1} M searched)",
        total.elapsed().as_secs_f64(),
        all_nodes as f64 / 1e6,
        all_searched as f64 / 1e6
    );
}
