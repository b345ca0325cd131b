//! The solved game, computed once per process and shared, and the engines
//! built on it.

use std::sync::{Arc, OnceLock};

use ply_engine::bots::SearchAnalyzer;
use ply_engine::retrograde::{RetrogradeAnalyzer, Solution};
use ply_engine::{Analyzer, EngineConfig, GameError, Playable};

use crate::board::Trilite;
use crate::heuristic::TriliteKnowledge;

/// Far above Trilite's reachable positions; a guard, not a tuning knob.
const MAX_POSITIONS: usize = 1 << 22;

static SOLUTION: OnceLock<Arc<Solution<Trilite>>> = OnceLock::new();

/// The value of every position reachable from the empty board, solved on
/// first use (tens of milliseconds) and kept for the life of the process.
pub fn solution() -> &'static Arc<Solution<Trilite>> {
    SOLUTION.get_or_init(|| {
        let solved = Solution::solve(&Trilite::new(), MAX_POSITIONS)
            .expect("Trilite's reachable positions fit the guard");
        Arc::new(solved)
    })
}

impl Playable for Trilite {
    type Knowledge = TriliteKnowledge;

    /// Exact analysis reads the solved table; with `--depth` the generic
    /// depth-limited search answers instead (it has a horizon, so cycles are
    /// no problem).
    fn analyzer(&self, config: &EngineConfig) -> Result<Box<dyn Analyzer<Self>>, GameError> {
        match config.depth {
            Some(_) => Ok(Box::new(SearchAnalyzer::new(TriliteKnowledge, config))),
            None => Ok(Box::new(RetrogradeAnalyzer::new(Arc::clone(solution())))),
        }
    }
}
