//! The engine as it stood before the midgame engine of `ply_othello::midgame`
//! landed: `ply_othello::Search` (PVS with the hand-weighted evaluation) in
//! the midgame, the exact solver near the end. The strength match measures
//! the engine against it.

use ply_engine::{Choice, Deadline, EngineConfig, Outcome, Player, Value};
use ply_othello::{ExactGeometry, ExactSolver, Move, Othello, Search, Solved, Strength};

/// The engine before the 8x8 midgame engine landed: search in the
/// midgame, the exact solver near the end.
pub struct LegacyPlayer<G: ExactGeometry> {
    strength: Strength,
    search: Search<G>,
    solver: ExactSolver,
}

impl<G: ExactGeometry> LegacyPlayer<G> {
    /// The player at `strength`, its tables sized from `config`.
    pub fn new(strength: Strength, config: &EngineConfig) -> Self {
        let megabytes = config.hash_mb.clamp(2, 64) / 2;
        LegacyPlayer {
            strength,
            search: Search::new(megabytes),
            solver: ExactSolver::new(megabytes),
        }
    }
}

fn margin_value(margin: i32) -> Value {
    let outcome = match margin.signum() {
        1 => Outcome::Win,
        -1 => Outcome::Lose,
        _ => Outcome::Draw,
    };
    Value {
        margin: Some(margin),
        ..Value::new(outcome, None)
    }
}

impl<G: ExactGeometry> Player<Othello<G>> for LegacyPlayer<G> {
    fn choose(&mut self, game: &Othello<G>) -> Choice<Move> {
        if game.must_pass() {
            return Choice {
                mv: Move::PASS,
                value: None,
            };
        }
        let (p, o) = game.player_opponent();
        if game.empties() <= self.strength.exact_empties {
            if let Solved {
                score,
                best: Some(square),
                ..
            } = self.solver.solve_on::<G>(p, o)
            {
                return Choice {
                    mv: Move(square as u8),
                    value: Some(margin_value(score)),
                };
            }
        }
        let deadline = Deadline::after(self.strength.move_time);
        let depth = if deadline.is_limited() {
            60
        } else {
            self.strength.depth
        };
        let found = self.search.think(p, o, depth, deadline, false);
        let mv = found.best.map_or(Move::PASS, |s| Move(s as u8));
        // A search score is no game-theoretic value: report none.
        Choice { mv, value: None }
    }
}
