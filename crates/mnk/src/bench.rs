//! `ply bench mnk`: exact solves from the empty board, timed.

use std::fmt::Write;
use std::time::{Duration, Instant};

use ply_engine::{EngineConfig, GameError, Searcher, Value};

use crate::knowledge::MnkKnowledge;

use crate::board::Mnk;

/// The benchmark boards (rows, cols, k), quickest first; the speed
/// targets are (4,4,4), (5,5,4) and (6,5,4).
pub const BENCH_BOARDS: &[(u8, u8, u8)] = &[
    (4, 3, 3),
    (4, 4, 3),
    (4, 4, 4),
    (5, 4, 4),
    (5, 5, 4),
    (6, 5, 4),
];

/// Solves per board; the report gives their median.
pub const BENCH_RUNS: usize = 5;

/// One board's timings.
#[derive(Clone, Debug)]
pub struct BenchMeasurement {
    /// The board solved: (rows, cols, k).
    pub board: (u8, u8, u8),
    /// Its exact value from the empty board.
    pub value: Value,
    /// Positions the last solve searched.
    pub nodes: u64,
    /// The wall-clock time of each solve.
    pub times: Vec<Duration>,
}

impl BenchMeasurement {
    /// The median of the solve times.
    pub fn median(&self) -> Duration {
        let mut times = self.times.clone();
        times.sort();
        times[times.len() / 2]
    }
}

/// Solves the empty `rows x cols` board `runs` times, each with a fresh
/// table of `hash_mb` MiB (so no run profits from an earlier one).
pub fn measure_board(
    board: (u8, u8, u8),
    runs: usize,
    hash_mb: usize,
) -> Result<BenchMeasurement, GameError> {
    let (rows, cols, k) = board;
    let start = Mnk::new(rows, cols, k)?;
    let mut times = Vec::with_capacity(runs);
    let mut result = None;
    for _ in 0..runs.max(1) {
        let mut searcher = Searcher::<Mnk>::new(hash_mb).with_knowledge(MnkKnowledge);
        let clock = Instant::now();
        let value = searcher.solve(&start);
        times.push(clock.elapsed());
        result = Some((value, searcher.nodes()));
    }
    let (value, nodes) = result.expect("at least one run");
    Ok(BenchMeasurement {
        board,
        value,
        nodes,
        times,
    })
}

/// The printed report for `boards`.
pub fn run_bench(boards: &[(u8, u8, u8)], config: &EngineConfig) -> Result<String, GameError> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "(m,n,k) exact solves from the empty board: {BENCH_RUNS} runs each, hash {} MiB",
        config.hash_mb
    );
    let _ = writeln!(
        out,
        "{:<10} {:>10} {:>10} {:>12}  value (first player)",
        "board", "median s", "min s", "nodes"
    );
    for &board in boards {
        let m = measure_board(board, BENCH_RUNS, config.hash_mb)?;
        let min = m.times.iter().min().copied().unwrap_or_default();
        let (rows, cols, k) = board;
        let _ = writeln!(
            out,
            "{:<10} {:>10.4} {:>10.4} {:>12}  {}",
            format!("{rows},{cols},{k}"),
            m.median().as_secs_f64(),
            min.as_secs_f64(),
            m.nodes,
            m.value.describe()
        );
    }
    Ok(out)
}
