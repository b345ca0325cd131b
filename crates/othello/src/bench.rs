//! `ply bench othello`: perft and endgame timings, medians of three runs.

use std::time::{Duration, Instant};

use ply_engine::{EngineConfig, GameError, Notation};

use crate::exact::ExactGeometry;
use crate::game::Othello;

const RUNS: usize = 3;

/// FFO positions timed by the benchmark: #1-#3 (14 empties), #40 (20).
const ENDGAMES: [(&str, &str, i32); 4] = [
    (
        "#1",
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        18,
    ),
    (
        "#2",
        "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",
        10,
    ),
    (
        "#3",
        "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X",
        2,
    ),
    (
        "#40",
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        38,
    ),
];

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Runs the benchmark and returns its report.
pub fn run<G: ExactGeometry>(
    start: &Othello<G>,
    config: &EngineConfig,
) -> Result<String, GameError> {
    let n = start.size();
    let mut out = format!("othello {n}x{n}, one thread, median of {RUNS} runs\n");
    for depth in [10, 11] {
        let mut times = Vec::new();
        let mut leaves = 0;
        for _ in 0..RUNS {
            let t = Instant::now();
            leaves = crate::perft::perft(start, depth);
            times.push(t.elapsed());
        }
        let time = median(times);
        out.push_str(&format!(
            "perft {depth:>2}: {leaves:>12} leaves in {:>8.3} s ({:.0} M leaves/s)\n",
            time.as_secs_f64(),
            leaves as f64 / time.as_secs_f64().max(1e-9) / 1e6
        ));
    }
    if n != 8 {
        out.push_str("(endgame solves use the 8x8 FFO suite: they run on the 8x8 board only)\n");
        return Ok(out);
    }
    for (name, position, expected) in ENDGAMES {
        let game = start.parse_position(position)?;
        let mut times = Vec::new();
        let mut margin = 0;
        for _ in 0..RUNS {
            let t = Instant::now();
            let (p, o) = game.player_opponent();
            margin = crate::exact::ExactSolver::new(config.hash_mb)
                .solve_on::<G>(p, o)
                .score;
            times.push(t.elapsed());
        }
        let check = if margin == expected { "ok" } else { "WRONG" };
        out.push_str(&format!(
            "FFO {name:<3} ({} empties): {margin:+} ({check}) in {:.3} s\n",
            game.empties(),
            median(times).as_secs_f64()
        ));
    }
    Ok(out)
}
