//! `ply bench othello`: perft and endgame timings.

use ply_engine::{EngineConfig, GameError};

use crate::game::Othello;

/// Runs the benchmark and returns its report.
pub fn run(start: &Othello, _config: &EngineConfig) -> Result<String, GameError> {
    let t = std::time::Instant::now();
    let n = crate::perft::perft(start, 10);
    Ok(format!("perft 10: {n} in {:?}\n", t.elapsed()))
}
