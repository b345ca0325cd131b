//! Trilite's entry in the game registry.

use std::time::Instant;

use ply_engine::{
    EngineConfig, GameError, GameKind, GameOptions, GameSession, OptionSpec, PositionNotation,
    Session,
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

    fn solver_has_table(&self) -> bool {
        // Every position is in the retrograde table built once.
        false
    }

    fn summary(&self) -> &'static str {
        "Trilite: tic-tac-toe where each player keeps three marks"
    }

    fn title(&self) -> &'static str {
        "Trilite"
    }

    fn rules(&self) -> &'static str {
        "Tic-tac-toe where each player keeps only three marks: placing a fourth removes your \
         oldest (it fades before it goes). Three in a row wins."
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

    /// Times a fresh retrograde solve and table look-ups.
    fn bench(&self, _options: &GameOptions, _config: &EngineConfig) -> Result<String, GameError> {
        let started = Instant::now();
        let fresh = ply_engine::Solution::solve(&Trilite::new(), 1 << 22)?;
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
