//! Computer players, generic over any game.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::config::{BotSpec, EngineConfig};
use crate::error::GameError;
use crate::game::{Game, GameResult, Side};
use crate::playable::Playable;
use crate::solver::Searcher;
use crate::value::{Analysis, Value};

/// A chosen move and, when the player knows it, the move's value.
#[derive(Clone, Debug)]
pub struct Choice<M> {
    pub mv: M,
    pub value: Option<Value>,
}

/// A computer player for game `G`.
pub trait Player<G: Game>: Send {
    /// Picks a legal move in a position that is not over.
    fn choose(&mut self, game: &G) -> Choice<G::Move>;

    /// Called when a game this player took part in has ended; `positions`
    /// are the positions of the game from the start to the end.
    fn game_over(&mut self, _positions: &[G], _result: Option<GameResult>, _seat: Side) {}

    /// Saves what the player learned, if anything (learners).
    fn save(&mut self) -> Result<(), GameError> {
        Ok(())
    }
}

/// Something that values every move of a position: the game's strongest
/// analysis (exact solver, retrograde table, Othello search, ...).
pub trait Analyzer<G: Game>: Send {
    fn analyze(&mut self, game: &G) -> Result<Analysis<G::Move>, GameError>;
}

/// The generic exact or depth-limited analyzer over `Searcher`, bounded by
/// the config's time budget (and always by an interrupt).
pub struct SearchAnalyzer<G: Game> {
    searcher: Searcher<G>,
    depth: Option<u32>,
    move_time: Option<std::time::Duration>,
}

impl<G: Game> SearchAnalyzer<G> {
    pub fn new(config: &EngineConfig) -> Self {
        SearchAnalyzer {
            searcher: Searcher::new(config.hash_mb),
            depth: config.depth,
            move_time: config.move_time,
        }
    }
}

impl<G: Game> Analyzer<G> for SearchAnalyzer<G> {
    fn analyze(&mut self, game: &G) -> Result<Analysis<G::Move>, GameError> {
        let deadline = crate::deadline::Deadline::after(self.move_time);
        match self.depth {
            Some(_) => Ok(self.searcher.analyze_within(game, self.depth, deadline)),
            None if G::ALWAYS_ENDS => Ok(self.searcher.analyze_within(game, None, deadline)),
            None => Err(GameError::Unsupported(
                "this game can go on forever: the plain solver cannot solve it".into(),
            )),
        }
    }
}

fn rng(config: &EngineConfig) -> StdRng {
    StdRng::seed_from_u64(config.seed)
}

/// Uniformly random legal moves.
pub struct RandomPlayer {
    rng: StdRng,
}

impl RandomPlayer {
    pub fn new(config: &EngineConfig) -> Self {
        RandomPlayer { rng: rng(config) }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn choose(&mut self, game: &G) -> Choice<G::Move> {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mv = *moves.choose(&mut self.rng).expect("a move exists");
        Choice { mv, value: None }
    }
}

/// Picks among the best moves of an analysis, ties broken at random: the
/// perfect player when the analysis is exact.
pub struct AnalyzingPlayer<G: Game> {
    analyzer: Box<dyn Analyzer<G>>,
    rng: StdRng,
}

impl<G: Game> AnalyzingPlayer<G> {
    pub fn new(analyzer: Box<dyn Analyzer<G>>, config: &EngineConfig) -> Self {
        AnalyzingPlayer {
            analyzer,
            rng: rng(config),
        }
    }
}

impl<G: Game> Player<G> for AnalyzingPlayer<G> {
    fn choose(&mut self, game: &G) -> Choice<G::Move> {
        match self.analyzer.analyze(game) {
            Ok(analysis) => {
                let best = analysis.best_moves();
                let mv = *best.choose(&mut self.rng).expect("a move exists");
                let value = analysis
                    .moves
                    .iter()
                    .find(|(m, _)| *m == mv)
                    .map(|(_, v)| *v);
                Choice { mv, value }
            }
            // An analyzer that cannot answer (it was built for positions that
            // fit its table) still has to move: fall back to a legal move.
            Err(_) => RandomPlayer {
                rng: self.rng.clone(),
            }
            .choose(game),
        }
    }
}

/// Heuristic alpha-beta to a fixed depth; ties broken at random.
pub struct AlphaBetaPlayer<G: Game> {
    searcher: Searcher<G>,
    depth: u32,
    rng: StdRng,
}

impl<G: Game> AlphaBetaPlayer<G> {
    pub fn new(depth: u32, config: &EngineConfig) -> Self {
        AlphaBetaPlayer {
            searcher: Searcher::new(config.hash_mb.min(16)),
            depth: depth.max(1),
            rng: rng(config),
        }
    }
}

impl<G: Game> Player<G> for AlphaBetaPlayer<G> {
    fn choose(&mut self, game: &G) -> Choice<G::Move> {
        let scores = self.searcher.heuristic_scores(game, self.depth);
        let best = scores.iter().map(|(_, s)| *s).max().expect("a move exists");
        let best_moves: Vec<G::Move> = scores
            .iter()
            .filter(|(_, s)| *s == best)
            .map(|(m, _)| *m)
            .collect();
        let mv = *best_moves.choose(&mut self.rng).expect("a move exists");
        let value = crate::score::exact_value(best);
        let value = (value.outcome != crate::value::Outcome::Unknown).then(|| Value {
            remoteness: value.remoteness.map(|r| r.saturating_sub(1)),
            ..value
        });
        Choice { mv, value }
    }
}

/// The rule-based player: the game's own rules of thumb, else the move with
/// the best one-ply evaluation.
pub struct HeuristicPlayer {
    rng: StdRng,
}

impl HeuristicPlayer {
    pub fn new(config: &EngineConfig) -> Self {
        HeuristicPlayer { rng: rng(config) }
    }
}

impl<G: Game> Player<G> for HeuristicPlayer {
    fn choose(&mut self, game: &G) -> Choice<G::Move> {
        if let Some(mv) = game.rule_based_move() {
            return Choice { mv, value: None };
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut position = game.clone();
        let mut scored: Vec<(G::Move, i32)> = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let undo = position.play(mv);
            let score = match position.result() {
                Some(result) => -crate::score::terminal_score(&position, result, 0),
                None => -position.evaluate(),
            };
            position.undo(mv, undo);
            scored.push((mv, score));
        }
        let best = scored.iter().map(|(_, s)| *s).max().expect("a move exists");
        let best_moves: Vec<G::Move> = scored
            .iter()
            .filter(|(_, s)| *s == best)
            .map(|(m, _)| *m)
            .collect();
        let mv = *best_moves.choose(&mut self.rng).expect("a move exists");
        Choice { mv, value: None }
    }
}

/// The name learner files record for a game: its type name without the
/// module path, in lower case ("mnk"), as the command line spells games.
fn learner_game_name<G>() -> String {
    let full = std::any::type_name::<G>();
    full.rsplit("::")
        .next()
        .unwrap_or(full)
        .to_ascii_lowercase()
}

/// The generic players every game gets unless it builds its own.
pub fn generic_player<G: Playable>(
    game: &G,
    spec: &BotSpec,
    config: &EngineConfig,
) -> Result<Box<dyn Player<G>>, GameError> {
    Ok(match spec {
        BotSpec::Random => Box::new(RandomPlayer::new(config)),
        BotSpec::Heuristic => Box::new(HeuristicPlayer::new(config)),
        BotSpec::AlphaBeta(depth) => Box::new(AlphaBetaPlayer::new(*depth, config)),
        BotSpec::Perfect => {
            let exact = EngineConfig {
                depth: None,
                ..config.clone()
            };
            Box::new(AnalyzingPlayer::new(game.analyzer(&exact)?, config))
        }
        BotSpec::Computer(_) => Box::new(AnalyzingPlayer::new(game.analyzer(config)?, config)),
        BotSpec::Mcts(playouts) => Box::new(crate::mcts::MctsPlayer::new(*playouts, config)),
        BotSpec::Learner(path) => Box::new(crate::learner::LearnerPlayer::<G>::open(
            path.as_deref(),
            &learner_game_name::<G>(),
            &game.variant(),
            config,
        )?),
        BotSpec::Entry(path) => {
            return Err(GameError::Unsupported(format!(
                "the C entry '{}' plays only in a tournament (ply tournament trilite)",
                crate::echo::shown(&path.display().to_string())
            )))
        }
    })
}
