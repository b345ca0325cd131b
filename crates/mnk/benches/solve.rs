//! Times exact solves of empty boards: `cargo bench -p ply-mnk` runs the
//! `ply bench mnk` boards; `cargo bench -p ply-mnk -- ROWS COLS K [RUNS]`
//! one board. HASH_MB in the environment sets the table size.

use ply_engine::EngineConfig;
use ply_mnk::{measure_board, run_bench, BENCH_BOARDS};

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let mut config = EngineConfig::default();
    if let Some(mb) = std::env::var("HASH_MB").ok().and_then(|v| v.parse().ok()) {
        config.hash_mb = mb;
    }
    if let [rows, cols, k, ref rest @ ..] = args[..] {
        let runs = rest.first().map_or(1, |&r| r as usize);
        match measure_board((rows, cols, k), runs, config.hash_mb) {
            Ok(m) => println!(
                "{rows},{cols},{k}: {} in {:.4} s (median of {runs}), {} nodes",
                m.value.describe(),
                m.median().as_secs_f64(),
                m.nodes
            ),
            Err(e) => eprintln!("{e}"),
        }
    } else {
        match run_bench(BENCH_BOARDS, &config) {
            Ok(report) => print!("{report}"),
            Err(e) => eprintln!("{e}"),
        }
    }
}
