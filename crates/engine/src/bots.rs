//! Computer players, generic over any game and over the search knowledge
//! they are given.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::config::EngineConfig;
use crate::error::GameError;
use crate::game::Game;
use crate::knowledge::Knowledge;
use crate::player::{Analyzer, Choice, Player};
use crate::solver::{EngineTable, SearchEntry, Searcher};
use crate::symmetry::Symmetric;
use crate::tt::SearchTable;
use crate::value::{Analysis, Value};

/// The generic exact or depth-limited analyzer over `Searcher`, bounded by
/// the config's time budget (and always by an interrupt).
pub struct SearchAnalyzer<G: Symmetric, K: Knowledge<G>, T = EngineTable<G>> {
    searcher: Searcher<G, K, T>,
    depth: Option<u32>,
    move_time: Option<std::time::Duration>,
}

impl<G: Symmetric, K: Knowledge<G>> SearchAnalyzer<G, K> {
    /// An analyzer searching with `knowledge`, to the config's depth (exact
    /// when there is none) within its time budget, with a table of its size.
    pub fn new(knowledge: K, config: &EngineConfig) -> Self {
        SearchAnalyzer {
            searcher: Searcher::new(config.hash_mb).with_knowledge(knowledge),
            depth: config.depth,
            move_time: config.move_time,
        }
    }
}

impl<G: Symmetric, K: Knowledge<G>, T: SearchTable<G::Key, SearchEntry<G::Move>>>
    SearchAnalyzer<G, K, T>
{
    /// An analyzer running `searcher` (its knowledge and table), to the
    /// config's depth within its time budget.
    pub fn with_searcher(searcher: Searcher<G, K, T>, config: &EngineConfig) -> Self {
        SearchAnalyzer {
            searcher,
            depth: config.depth,
            move_time: config.move_time,
        }
    }
}

impl<G: Symmetric, K: Knowledge<G>, T: SearchTable<G::Key, SearchEntry<G::Move>> + Send> Analyzer<G>
    for SearchAnalyzer<G, K, T>
{
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
    /// A random player seeded from the config.
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
    /// A player choosing by `analyzer`'s values, breaking ties with the
    /// config's seed.
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

/// Heuristic alpha-beta to a fixed depth; ties broken at random. With a
/// move time in its config the depth is a limit within that time: it
/// deepens one ply at a time and plays by the last depth it finished.
pub struct AlphaBetaPlayer<G: Symmetric, K: Knowledge<G>> {
    searcher: Searcher<G, K>,
    depth: u32,
    move_time: Option<std::time::Duration>,
    rng: StdRng,
}

impl<G: Symmetric, K: Knowledge<G>> AlphaBetaPlayer<G, K> {
    /// A player searching `depth` plies (at least one) with `knowledge`,
    /// with a table of the config's size but at most 16 MiB: a fixed-depth
    /// search needs no more. The config's move time, if any, bounds each
    /// move's search.
    pub fn new(knowledge: K, depth: u32, config: &EngineConfig) -> Self {
        AlphaBetaPlayer {
            searcher: Searcher::new(config.hash_mb.min(16)).with_knowledge(knowledge),
            depth: depth.max(1),
            move_time: config.move_time,
            rng: rng(config),
        }
    }
}

impl<G: Symmetric, K: Knowledge<G>> Player<G> for AlphaBetaPlayer<G, K> {
    fn choose(&mut self, game: &G) -> Choice<G::Move> {
        let scores = match self.move_time {
            None => self.searcher.heuristic_scores(game, self.depth),
            Some(time) => {
                let deadline = crate::deadline::Deadline::after(Some(time));
                self.searcher
                    .heuristic_scores_within(game, self.depth, deadline)
                    .0
            }
        };
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
pub struct HeuristicPlayer<K> {
    knowledge: K,
    rng: StdRng,
}

impl<K> HeuristicPlayer<K> {
    /// A player using `knowledge`'s rules and evaluation, breaking ties with
    /// the config's seed.
    pub fn new(knowledge: K, config: &EngineConfig) -> Self {
        HeuristicPlayer {
            knowledge,
            rng: rng(config),
        }
    }
}

impl<G: Game, K: Knowledge<G>> Player<G> for HeuristicPlayer<K> {
    fn choose(&mut self, game: &G) -> Choice<G::Move> {
        if let Some(mv) = self.knowledge.rule_based_move(game) {
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
                None => -self.knowledge.evaluate(&position),
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
