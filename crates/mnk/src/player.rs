//! How the (m,n,k) game is played through sessions: the generic engines,
//! plus the depth-limited computer ([`DepthLimitedPlayer`]), the computer
//! of the (n,k)-tic-tac-toe request: it searches to a maximum depth and
//! plays by the four-score scale.

use rand::rngs::StdRng;
use rand::SeedableRng;

use std::time::{Duration, Instant};

use ply_engine::Deadline;
use ply_engine::{
    generic_player, Analysis, Analyzer, BotSpec, Choice, EngineConfig, GameError, Outcome,
    Playable, Player, Searcher, Value,
};
use ply_engine::{AnalyzingPlayer, GameOptions, SearchAnalyzer, SearchEntry, TableStats};

use crate::board::Mnk;
use crate::chained::ChainedTable;
use crate::kind::{dictionary_choice, DictionaryChoice};
use crate::knowledge::MnkKnowledge;

/// The request's dictionary as the (m,n,k) searches' table.
type Chained = ChainedTable<u128, SearchEntry<u8>>;

/// Positions with more empty squares than this are beyond a quick exact
/// analysis; there `computer` without a depth plays heuristic alpha-beta
/// this many plies deep instead.
const EXACT_LIMIT: u32 = 30;
const DEFAULT_DEPTH: u32 = 4;

/// How long `computer` may think per move where it analyses exactly,
/// unless `--move-time` says otherwise: what it cannot prove in that time
/// it judges by the heuristic score.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

/// Plies of the heuristic search that scores the moves an analysis left
/// unknown.
const SCORE_DEPTH: u32 = 2;

/// The deepest heuristic search for an undecided principal variation.
const MAX_LINE_DEPTH: u32 = 12;

impl Playable for Mnk {
    type Knowledge = MnkKnowledge;

    fn variant(&self) -> String {
        format!("{}x{} k={}", self.rows(), self.cols(), self.k())
    }

    /// The cells row by row from the top.
    fn board_view(&self) -> ply_engine::BoardView {
        let (rows, cols) = (self.rows(), self.cols());
        let cells = (0..rows * cols)
            .map(|sq| ply_engine::Cell::of(self.owner(sq)))
            .collect();
        let view = ply_engine::BoardView::grid(rows.into(), cols.into(), cells);
        match ply_engine::Game::result(self) {
            Some(ply_engine::GameResult::Win(_)) => view.with_winning_run(self.k().into(), false),
            _ => view,
        }
    }

    fn special_solve(
        &self,
        options: &ply_engine::GameOptions,
        request: &ply_engine::SolveRequest,
    ) -> Option<Result<ply_engine::SolveOutput, GameError>> {
        crate::solve::special_solve(self, options, request)
    }

    fn move_square(&self, mv: u8) -> Option<usize> {
        let (row, col) = self.geo.row_col(mv);
        Some(usize::from(row) * usize::from(self.cols()) + usize::from(col))
    }

    /// `hint` and `solve`: the generic analysis (exact, or within the
    /// budget), with a heuristic score on every move it leaves unknown.
    fn analyzer(
        &self,
        config: &EngineConfig,
    ) -> Result<Box<dyn ply_engine::Analyzer<Self>>, GameError> {
        Ok(Box::new(MnkAnalyzer::new(config)))
    }

    /// The analysis of the options' dictionary: with `--dictionary chained`
    /// a search with a depth stores its configurations in the request's
    /// dictionary (which needs the depth: it keeps every configuration,
    /// so an exact search of a large board would outgrow memory).
    fn analyzer_with_options(
        &self,
        config: &EngineConfig,
        options: &GameOptions,
    ) -> Result<Box<dyn ply_engine::Analyzer<Self>>, GameError> {
        match dictionary_choice(options)? {
            DictionaryChoice::Engine => self.analyzer(config),
            DictionaryChoice::Chained => {
                needs_depth(config.depth)?;
                Ok(Box::new(MnkAnalyzer::chained(config)))
            }
        }
    }

    /// The players of the options' dictionary: with `--dictionary
    /// chained`, `computer` with a depth is the depth-limited player
    /// storing its configurations in the request's dictionary.
    fn player_with_options(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
        options: &GameOptions,
    ) -> Result<Box<dyn Player<Self>>, GameError> {
        match (dictionary_choice(options)?, spec) {
            (DictionaryChoice::Chained, BotSpec::Computer(level)) => {
                let depth = config.depth.or(*level);
                needs_depth(depth)?;
                let depth = depth.unwrap_or(DEFAULT_DEPTH);
                Ok(Box::new(DepthLimitedPlayer::chained(depth, config)))
            }
            _ => self.player(spec, config),
        }
    }

    /// `computer` with a depth (`--depth D` or `computer:D`) is the
    /// depth-limited player; without one it analyses within its move time
    /// (perfect where that proves the values, best by score elsewhere)
    /// and plays heuristic alpha-beta on boards too open for that.
    fn player(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
    ) -> Result<Box<dyn Player<Self>>, GameError> {
        match spec {
            BotSpec::Computer(level) => match config.depth.or(*level) {
                Some(depth) => Ok(Box::new(DepthLimitedPlayer::new(depth, config))),
                None if self.empty_squares().count_ones() > EXACT_LIMIT => {
                    generic_player(self, &BotSpec::AlphaBeta(DEFAULT_DEPTH), config)
                }
                None => {
                    let bounded = EngineConfig {
                        move_time: Some(config.move_time.unwrap_or(DEFAULT_MOVE_TIME)),
                        depth: None,
                        ..config.clone()
                    };
                    Ok(Box::new(AnalyzingPlayer::new(
                        Box::new(MnkAnalyzer::new(&bounded).without_line()),
                        config,
                    )))
                }
            },
            _ => generic_player(self, spec, config),
        }
    }
}

/// The depth-limited computer: labels every move win / draw / unknown /
/// lose by a search `depth` plies deep and plays the best on the four-score
/// scale (win 3, draw 2, undecided 1, loss 0); the quickest win, the
/// slowest loss, and among undecided moves the best evaluated.
pub struct DepthLimitedPlayer {
    searcher: DepthSearcher,
    depth: u32,
    /// With a move time the depth is a limit within it.
    move_time: Option<Duration>,
    rng: StdRng,
}

/// The depth-limited search over either table.
enum DepthSearcher {
    Engine(Searcher<Mnk, MnkKnowledge>),
    Chained(Searcher<Mnk, MnkKnowledge, Chained>),
}

/// `--dictionary chained` keeps every configuration: only a search with a
/// depth takes it.
fn needs_depth(depth: Option<u32>) -> Result<(), GameError> {
    match depth {
        Some(_) => Ok(()),
        None => Err(GameError::NeedsOption {
            option: "depth".into(),
            why: "the chained dictionary serves the depth-limited search (computer:D or --depth D)"
                .into(),
        }),
    }
}

impl DepthLimitedPlayer {
    /// A player searching `depth` plies, with the engine's table of the
    /// size of `config`.
    pub fn new(depth: u32, config: &EngineConfig) -> Self {
        let searcher = Searcher::new(config.hash_mb.min(16)).with_knowledge(MnkKnowledge);
        Self::with_searcher(DepthSearcher::Engine(searcher), depth, config)
    }

    /// A player searching `depth` plies that stores its configurations in
    /// the (n,k)-tic-tac-toe request's dictionary ([`crate::Dictionary`]).
    pub fn chained(depth: u32, config: &EngineConfig) -> Self {
        let searcher = Searcher::with_table(Chained::new()).with_knowledge(MnkKnowledge);
        Self::with_searcher(DepthSearcher::Chained(searcher), depth, config)
    }

    fn with_searcher(searcher: DepthSearcher, depth: u32, config: &EngineConfig) -> Self {
        DepthLimitedPlayer {
            searcher,
            depth: depth.max(1),
            move_time: config.move_time,
            rng: StdRng::seed_from_u64(config.seed),
        }
    }

    /// The labels of every move `depth` plies deep (the same whichever
    /// table stores the configurations); with a move time, those of the
    /// deepest search finished within it, `depth` plies at most.
    pub fn analyze(&mut self, game: &Mnk) -> Analysis<u8> {
        let depth = self.depth;
        match (self.move_time, &mut self.searcher) {
            (None, DepthSearcher::Engine(searcher)) => searcher.analyze_to_depth(game, depth),
            (None, DepthSearcher::Chained(searcher)) => searcher.analyze_to_depth(game, depth),
            (Some(time), DepthSearcher::Engine(searcher)) => {
                searcher.analyze_within(game, Some(depth), Deadline::after(Some(time)))
            }
            (Some(time), DepthSearcher::Chained(searcher)) => {
                searcher.analyze_within(game, Some(depth), Deadline::after(Some(time)))
            }
        }
    }
}

impl Player<Mnk> for DepthLimitedPlayer {
    fn choose(&mut self, game: &Mnk) -> Choice<u8> {
        let analysis = self.analyze(game);
        crate::four_scores::choose(game, &analysis, &MnkKnowledge, &mut self.rng)
    }

    /// The request's dictionary's counts over every search of the player
    /// (each move's search starts with an empty dictionary); `None` over
    /// the engine's table.
    fn table_stats(&self) -> Option<TableStats> {
        match &self.searcher {
            DepthSearcher::Engine(_) => None,
            DepthSearcher::Chained(searcher) => Some(searcher.stats()),
        }
    }
}

/// The generic analysis of [`SearchAnalyzer`], then a heuristic score
/// (2-ply alpha-beta on the game's evaluation) on each move it
/// left unknown, so that `hint` ranks them and the computer picks the best.
pub struct MnkAnalyzer {
    inner: Box<dyn Analyzer<Mnk>>,
    scorer: Searcher<Mnk, MnkKnowledge>,
    /// The whole budget: what the analysis and the scores leave of it
    /// goes to a deeper heuristic search for the principal variation.
    move_time: Option<Duration>,
    /// Whether an undecided best move gets its line searched.
    line: bool,
}

impl MnkAnalyzer {
    pub fn new(config: &EngineConfig) -> Self {
        let inner = SearchAnalyzer::new(MnkKnowledge, &Self::inner_config(config));
        Self::over(Box::new(inner), config)
    }

    /// The analysis storing its configurations in the request's dictionary.
    pub fn chained(config: &EngineConfig) -> Self {
        let searcher = Searcher::with_table(Chained::new()).with_knowledge(MnkKnowledge);
        let inner = SearchAnalyzer::with_searcher(searcher, &Self::inner_config(config));
        Self::over(Box::new(inner), config)
    }

    /// The scores after the analysis need a little of the budget.
    fn inner_config(config: &EngineConfig) -> EngineConfig {
        EngineConfig {
            move_time: config.move_time.map(|t| t * 3 / 4),
            ..config.clone()
        }
    }

    fn over(inner: Box<dyn Analyzer<Mnk>>, config: &EngineConfig) -> Self {
        MnkAnalyzer {
            inner,
            scorer: Searcher::new(1).with_knowledge(MnkKnowledge),
            move_time: config.move_time,
            line: true,
        }
    }

    /// This analysis without the heuristic search for an undecided
    /// principal variation (the computer's moves need no line, and should
    /// not spend the rest of their budget on one).
    pub fn without_line(self) -> Self {
        MnkAnalyzer {
            line: false,
            ..self
        }
    }

    /// The principal variation from `game` starting with `first`, an
    /// undecided best move: a heuristic search deepening up to `depth`
    /// plies in what is left of the budget (`started` when the analysis
    /// began), or the 2-ply scores' own line without a time budget.
    fn heuristic_line(&mut self, game: &Mnk, first: u8, depth: u32, started: Instant) -> Vec<u8> {
        if let Some(budget) = self.move_time {
            let left = (budget * 7 / 8).saturating_sub(started.elapsed());
            let depth = depth.clamp(SCORE_DEPTH, MAX_LINE_DEPTH);
            self.scorer
                .heuristic_scores_within(game, depth, Deadline::after(Some(left)));
        }
        self.scorer.line_after(first)
    }
}

impl Analyzer<Mnk> for MnkAnalyzer {
    fn analyze(&mut self, game: &Mnk) -> Result<Analysis<u8>, GameError> {
        let started = Instant::now();
        let mut analysis = self.inner.analyze(game)?;
        let unknown = |v: &Value| v.outcome == Outcome::Unknown && v.heuristic.is_none();
        if analysis.moves.iter().any(|(_, v)| unknown(v)) {
            let scores = self.scorer.heuristic_scores(game, SCORE_DEPTH);
            for (mv, value) in analysis.moves.iter_mut() {
                if unknown(value) {
                    if let Some(&(_, score)) = scores.iter().find(|(m, _)| m == mv) {
                        value.heuristic = Some(score.clamp(-HEURISTIC_CAP, HEURISTIC_CAP));
                    }
                }
            }
            if analysis.value.outcome == Outcome::Unknown && analysis.value.heuristic.is_none() {
                analysis.value.heuristic = analysis
                    .moves
                    .iter()
                    .filter(|(_, v)| v.outcome == Outcome::Unknown)
                    .filter_map(|(_, v)| v.heuristic)
                    .max();
            }
            // An undecided best move's line is the heuristic search's: the
            // proving searches' lines run only where they decided.
            let best = analysis.best_moves();
            let undecided = |mv: &u8| {
                analysis
                    .moves
                    .iter()
                    .any(|(m, v)| m == mv && v.outcome == Outcome::Unknown)
            };
            if let Some(&first) = best.first().filter(|mv| self.line && undecided(mv)) {
                let depth = analysis.depth.unwrap_or(SCORE_DEPTH);
                analysis.pv = self.heuristic_line(game, first, depth, started);
            }
        }
        Ok(analysis)
    }
}

/// Scores shown for undecided moves stay within this (a search score
/// beyond it would be a decided win or loss the analysis did not prove).
const HEURISTIC_CAP: i32 = 100_000;
