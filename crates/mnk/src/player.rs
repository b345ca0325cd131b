//! How the (m,n,k) game is played through sessions: the generic engines,
//! plus the 000 request's depth-limited computer.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use ply_engine::bots::generic_player;
use ply_engine::{
    BotSpec, Choice, EngineConfig, Game, GameError, Outcome, Playable, Player, Searcher, Value,
};

use crate::board::Mnk;

/// Positions with more empty squares than this are beyond a quick exact
/// analysis; there `computer` without a depth plays heuristic alpha-beta
/// this many plies deep instead.
const EXACT_LIMIT: u32 = 30;
const DEFAULT_DEPTH: u32 = 4;

impl Playable for Mnk {
    fn variant(&self) -> String {
        format!("{}x{} k={}", self.rows(), self.cols(), self.k())
    }

    /// `computer` with a depth (`--depth D` or `computer:D`) is the 000
    /// request's player; without one it is perfect where that is quick and
    /// heuristic alpha-beta elsewhere.
    fn player(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
    ) -> Result<Box<dyn Player<Self>>, GameError> {
        match spec {
            BotSpec::Computer(level) => match config.depth.or(*level) {
                Some(depth) => Ok(Box::new(SeedPlayer::new(depth, config))),
                None if self.empty_squares().count_ones() > EXACT_LIMIT => {
                    generic_player(self, &BotSpec::AlphaBeta(DEFAULT_DEPTH), config)
                }
                None => generic_player(self, &BotSpec::Perfect, config),
            },
            _ => generic_player(self, spec, config),
        }
    }
}

/// The 000 request's computer: labels every move win / draw / unknown /
/// lose by a search `depth` plies deep and plays the best by the request's
/// scores (win 3, draw 2, undecided 1, loss 0); the quickest win, the
/// slowest loss, and among undecided moves the best evaluated.
pub struct SeedPlayer {
    searcher: Searcher<Mnk>,
    depth: u32,
    rng: StdRng,
}

impl SeedPlayer {
    pub fn new(depth: u32, config: &EngineConfig) -> Self {
        SeedPlayer {
            searcher: Searcher::new(config.hash_mb.min(16)),
            depth: depth.max(1),
            rng: StdRng::seed_from_u64(config.seed),
        }
    }

    fn rank(game: &Mnk, mv: u8, value: &Value) -> (u8, i64) {
        let remoteness = value.remoteness.unwrap_or(0) as i64;
        let tie = match value.outcome {
            Outcome::Win => -remoteness,
            Outcome::Lose => remoteness,
            Outcome::Draw => 0,
            Outcome::Unknown => {
                let mut child = game.clone();
                child.play(mv);
                -child.evaluate() as i64
            }
        };
        (value.outcome.seed_score(), tie)
    }
}

impl Player<Mnk> for SeedPlayer {
    fn choose(&mut self, game: &Mnk) -> Choice<u8> {
        let analysis = self.searcher.analyze_to_depth(game, self.depth);
        let ranked: Vec<((u8, i64), u8, Value)> = analysis
            .moves
            .iter()
            .map(|&(mv, value)| (SeedPlayer::rank(game, mv, &value), mv, value))
            .collect();
        let best = ranked.iter().map(|r| r.0).max().expect("a move exists");
        let choices: Vec<&((u8, i64), u8, Value)> = ranked.iter().filter(|r| r.0 == best).collect();
        let &&(_, mv, value) = choices.choose(&mut self.rng).expect("a move exists");
        Choice {
            mv,
            value: Some(value),
        }
    }
}
