//! The solved game, computed once per process and shared, and the engines
//! built on it.

use std::sync::{Arc, OnceLock};

use ply_engine::SearchAnalyzer;
use ply_engine::{Analyzer, BoardView, Cell, EngineConfig, GameError, Playable, Side};
use ply_engine::{RetrogradeAnalyzer, Solution};

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

    /// Where the values come from: the retrograde solution (and how big it
    /// is: computed on first use, tens of milliseconds), or, with `--depth`,
    /// a search with a horizon that proves only what it sees. A report with
    /// a depth or an unknown value never came from the solution, so it is
    /// not credited to it.
    fn solve_notes(&self, report: &ply_engine::Report) -> Option<String> {
        let unknown = std::iter::once(&report.value)
            .chain(report.moves.iter().map(|m| &m.value))
            .any(|v| v.outcome == ply_engine::Outcome::Unknown);
        if report.depth.is_some() || unknown {
            let depth = report.depth.map_or(String::new(), |d| {
                format!(" {d} {} deep", if d == 1 { "ply" } else { "plies" })
            });
            return Some(format!(
                "Searched{depth}, not solved: values past the search horizon are unknown \
                 (without a depth limit the values come from the retrograde solution of the whole game)"
            ));
        }
        let stats = solution().stats();
        Some(format!(
            "Solved by retrograde analysis of all {} positions reachable from the empty board \
             ({} won, {} lost, {} drawn for the side to move; {} finished; longest forced win {} plies)",
            stats.positions, stats.wins, stats.losses, stats.draws, stats.terminal, stats.max_remoteness
        ))
    }

    /// The 3x3 grid, with the marks that vanish next.
    fn board_view(&self) -> BoardView {
        let cells = (0..9).map(|square| Cell::of(self.owner(square))).collect();
        let fading = Side::BOTH
            .into_iter()
            .filter_map(|side| self.vanishing(side))
            .map(usize::from)
            .collect();
        let view = BoardView::grid(3, 3, cells).with_fading(fading);
        match ply_engine::Game::result(self) {
            Some(ply_engine::GameResult::Win(_)) => view.with_winning_run(3, false),
            _ => view,
        }
    }

    fn move_square(&self, square: u8) -> Option<usize> {
        Some(usize::from(square))
    }
}
