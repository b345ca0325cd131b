//! Othello's computer players: the searching engine behind `computer`,
//! `alphabeta:DEPTH` and `perfect`, and the greedy `heuristic` baseline.
//!
//! On every size the engine is [`crate::midgame::MidgameEngine`] (PVS, a
//! shared table, lazy SMP, multi-ProbCut on 8x8, the exact solver of
//! `crate::exact` near the end). The strength match
//! (`examples/strength_match.rs`) measures it against the engine of before
//! it landed (`crate::search` in the midgame, the exact solver near the
//! end: its `LegacyPlayer`).

use std::time::Duration;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use ply_engine::{Choice, EngineConfig, Outcome, Player, Value};

use crate::bitboard::Geometry;
use crate::exact::ExactGeometry;
use crate::game::{Move, Othello};
use crate::midgame::{Limits, MidgameEngine, DISC};

/// The default strength of `computer`.
pub const DEFAULT_LEVEL: u32 = 10;

/// How deep a level searches and from how many empties it plays perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// Midgame search depth, plies.
    pub depth: u32,
    /// Perfect play from this many empty squares.
    pub exact_empties: u32,
    /// A time budget per move instead of the fixed depth.
    pub move_time: Option<Duration>,
}

impl Strength {
    /// `computer:LEVEL`: LEVEL plies of search, exact play from 2 * LEVEL + 2
    /// empties (capped at 20, where a solve still takes about a second).
    pub fn level(level: u32) -> Strength {
        let level = level.clamp(1, 60);
        Strength {
            depth: level,
            exact_empties: (2 * level + 2).min(20),
            move_time: None,
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

/// The computer: the midgame engine ([`MidgameEngine`]) on every size,
/// with the exact solver near the end.
pub struct EnginePlayer<G: ExactGeometry> {
    strength: Strength,
    engine: MidgameEngine<G>,
}

impl<G: ExactGeometry> EnginePlayer<G> {
    /// One search thread (sessions and tournaments run several players).
    pub fn new(strength: Strength, config: &EngineConfig) -> Self {
        Self::with_threads(strength, config, 1)
    }

    /// The player with `threads` search threads.
    pub fn with_threads(strength: Strength, config: &EngineConfig, threads: usize) -> Self {
        // Small boards have few positions: 6x6 about 10^16, 4x4 fewer
        // than a million.
        let cap = match G::SIZE {
            4 => 2,
            6 => 64,
            _ => 1024,
        };
        let megabytes = config.hash_mb.clamp(2, cap.max(2)) / 2;
        EnginePlayer {
            strength,
            engine: MidgameEngine::new(megabytes, threads),
        }
    }

    /// The engine, to tune it (`Some` on every size).
    pub fn engine_mut(&mut self) -> Option<&mut MidgameEngine<G>> {
        Some(&mut self.engine)
    }

    /// The search limits a strength stands for.
    pub fn limits(strength: Strength) -> Limits {
        match strength.move_time {
            // Under a budget the engine picks the solvable empties itself.
            Some(t) => Limits::time(t),
            None => Limits {
                depth: strength.depth,
                time: None,
                exact_empties: Some(strength.exact_empties),
            },
        }
    }
}

impl<G: ExactGeometry> Player<Othello<G>> for EnginePlayer<G> {
    fn choose(&mut self, game: &Othello<G>) -> Choice<Move> {
        if game.must_pass() {
            return Choice {
                mv: Move::PASS,
                value: None,
            };
        }
        let (p, o) = game.player_opponent();
        let report = self
            .engine
            .think(p, o, Self::limits(self.strength), 1, &mut |_| {});
        match report.best {
            Some(square) => Choice {
                mv: Move(square as u8),
                value: report.exact.then(|| margin_value(report.score / DISC)),
            },
            None => {
                let mv = game.greedy_moves().first().copied().unwrap_or(Move::PASS);
                Choice { mv, value: None }
            }
        }
    }
}

/// Greedy: a corner when one is legal, else the move flipping most discs;
/// ties broken at random.
pub struct GreedyPlayer {
    rng: StdRng,
}

impl GreedyPlayer {
    /// The player, its ties broken by `config.seed`.
    pub fn new(config: &EngineConfig) -> Self {
        GreedyPlayer {
            rng: StdRng::seed_from_u64(config.seed),
        }
    }
}

impl<G: Geometry> Player<Othello<G>> for GreedyPlayer {
    fn choose(&mut self, game: &Othello<G>) -> Choice<Move> {
        let moves = game.greedy_moves();
        let mv = moves.choose(&mut self.rng).copied().unwrap_or(Move::PASS);
        Choice { mv, value: None }
    }
}
