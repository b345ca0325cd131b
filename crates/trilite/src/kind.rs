//! Trilite's entry in the game registry.

use std::time::Instant;

use ply_engine::{
    EngineConfig, GameError, GameKind, GameOptions, GameSession, OptionSpec, Outcome,
    PositionNotation, Session,
};

use crate::board::Trilite;

/// The registry's description of Trilite (it has no options).
pub struct TriliteKind;

/// The registry's handle on this game.
pub static TRILITE: TriliteKind = TriliteKind;

impl GameKind for TriliteKind {
    fn name(&self) -> &'static str {
        "trilite"
    }

    fn summary(&self) -> &'static str {
        "Trilite: tic-tac-toe where each player keeps three marks"
    }

    fn position_notation(&self) -> PositionNotation {
        PositionNotation {
            description: "the moves played so far, space separated, oldest first (the order decides which mark vanishes next)",
            example: "b1 c3 b2",
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        Vec::new()
    }

    fn new_session(&self, _options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        Ok(GameSession::boxed(Trilite::new()))
    }

    /// Where the values come from: the retrograde solution (and how big it
    /// is: computed on first use, tens of milliseconds), or, with `--depth`,
    /// a search with a horizon that proves only what it sees. A report with
    /// a depth or an unknown value never came from the solution, so it is
    /// not credited to it.
    fn solve_notes(&self, _session: &dyn Session, report: &ply_engine::Report) -> Option<String> {
        let unknown = std::iter::once(&report.value)
            .chain(report.moves.iter().map(|m| &m.value))
            .any(|v| v.outcome == Outcome::Unknown);
        if report.depth.is_some() || unknown {
            let depth = report.depth.map_or(String::new(), |d| {
                format!(" {d} {} deep", if d == 1 { "ply" } else { "plies" })
            });
            return Some(format!(
                "Searched{depth}, not solved: values past the search horizon are unknown \
                 (without a depth limit the values come from the retrograde solution of the whole game)"
            ));
        }
        let stats = crate::solution::solution().stats();
        Some(format!(
            "Solved by retrograde analysis of all {} positions reachable from the empty board \
             ({} won, {} lost, {} drawn for the side to move; {} finished; longest forced win {} plies)",
            stats.positions, stats.wins, stats.losses, stats.draws, stats.terminal, stats.max_remoteness
        ))
    }

    /// Times a fresh retrograde solve and table look-ups.
    fn bench(&self, _options: &GameOptions, _config: &EngineConfig) -> Result<String, GameError> {
        let started = Instant::now();
        let fresh = ply_engine::retrograde::Solution::solve(&Trilite::new(), 1 << 22)?;
        let solve_time = started.elapsed();
        let stats = fresh.stats();
        let start = Trilite::new();
        let rounds = 100_000u32;
        let started = Instant::now();
        let mut found = 0usize;
        for _ in 0..rounds {
            found += fresh.analyze(std::hint::black_box(&start))?.moves.len();
        }
        let per_analysis = started.elapsed() / rounds;
        let value = fresh
            .value(&start)
            .map(|v| v.describe())
            .unwrap_or_default();
        Ok(format!(
            "trilite retrograde solve: {} positions, {} moves, in {:.1} ms\n\
             the empty board: {value}\n\
             values of the empty board and its moves from the table: {:.2} us a look-up \
             ({} move values read)\n",
            stats.positions,
            stats.edges,
            solve_time.as_secs_f64() * 1e3,
            per_analysis.as_secs_f64() * 1e6,
            found,
        ))
    }
}
