//! OBF test suites (the FFO endgame suite) solved exactly on 8x8, for
//! `ply solve othello --obf FILE`: the engine's [`SuiteSolver`].

use ply_engine::{GameError, GameOptions, SuiteAnswer, SuitePosition, SuiteSettings, SuiteSolver};

use crate::bitboard::Size8;
use crate::exact::ExactSolver;
use crate::movegen::moves;
use crate::obf::{move_name, parse_obf, ObfPosition};

/// A parsed suite and the exact solver for it.
struct ObfSuite {
    games: Vec<ObfPosition>,
    positions: Vec<SuitePosition>,
    solver: ExactSolver,
}

/// Loads the suite in `text` (`source` names it in messages); suites are
/// 8x8, so another `--size` is refused.
pub(crate) fn load(
    options: &GameOptions,
    text: &str,
    source: &str,
    settings: SuiteSettings,
) -> Result<Box<dyn SuiteSolver>, GameError> {
    if options.raw("size").is_some_and(|s| s.trim() != "8") {
        return Err(GameError::BadOption(
            "--obf suites are 8x8: drop --size".into(),
        ));
    }
    let games = parse_obf(text, source).map_err(|e| GameError::BadPosition(e.to_string()))?;
    let positions = games
        .iter()
        .map(|p| SuitePosition {
            number: p.number,
            empties: p.game.empties(),
            expected: p.expected(),
        })
        .collect();
    Ok(Box::new(ObfSuite {
        games,
        positions,
        solver: ExactSolver::new(settings.hash_mb).with_threads(settings.threads),
    }))
}

impl SuiteSolver for ObfSuite {
    fn positions(&self) -> &[SuitePosition] {
        &self.positions
    }

    fn solve(&mut self, index: usize) -> Option<SuiteAnswer> {
        let (p, o) = self.games.get(index)?.game.player_opponent();
        self.solver.clear();
        let result = self.solver.solve(p, o);
        if self.solver.aborted() {
            return None;
        }
        let best = match result.best {
            Some(square) => move_name(Some(square)),
            // No move: a forced pass, or the game is over.
            None if moves::<Size8>(o, p) != 0 => "pass".into(),
            None => "-".into(),
        };
        Some(SuiteAnswer {
            score: result.score,
            best,
            nodes: result.nodes,
            searched: result.nodes - result.scored,
        })
    }
}
