//! What a game adds to its rules to be played and analysed through sessions,
//! and the generic players built from it (beside the trait, whose default
//! `player` hands out those players).

use crate::bots::{
    AlphaBetaPlayer, AnalyzingPlayer, HeuristicPlayer, RandomPlayer, SearchAnalyzer,
};
use crate::config::{BotSpec, EngineConfig};
use crate::error::GameError;
use crate::game::Notation;
use crate::knowledge::Knowledge;
use crate::learner::{Learnable, LearnerPlayer};
use crate::mcts::MctsPlayer;
use crate::options::GameOptions;
use crate::player::{Analyzer, Player};
use crate::report::{BoardView, PieceCount, Report};
use crate::solve::{Listing, SolveOutput, SolveRequest};

/// A game the front ends can drive: rules, notation, and its engines.
pub trait Playable: Notation + Learnable {
    /// The search knowledge the game's generic engines use.
    type Knowledge: Knowledge<Self> + Default + 'static;

    /// The game's strongest analysis under `config` (exact unless
    /// `config.depth` limits it).
    fn analyzer(&self, config: &EngineConfig) -> Result<Box<dyn Analyzer<Self>>, GameError> {
        if !Self::ALWAYS_ENDS && config.depth.is_none() {
            return Err(GameError::NeedsOption {
                option: "depth".into(),
                why: "this game can go on forever".into(),
            });
        }
        Ok(Box::new(SearchAnalyzer::new(
            Self::Knowledge::default(),
            config,
        )))
    }

    /// A bot for `spec`.
    fn player(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
    ) -> Result<Box<dyn Player<Self>>, GameError> {
        generic_player(self, spec, config)
    }

    /// [`analyzer`](Self::analyzer) for a session whose game options are
    /// `options`: a game whose options choose how it searches reads them
    /// here (the default ignores them).
    fn analyzer_with_options(
        &self,
        config: &EngineConfig,
        _options: &GameOptions,
    ) -> Result<Box<dyn Analyzer<Self>>, GameError> {
        self.analyzer(config)
    }

    /// [`player`](Self::player) for a session whose game options are
    /// `options` (the default ignores them).
    fn player_with_options(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
        _options: &GameOptions,
    ) -> Result<Box<dyn Player<Self>>, GameError> {
        self.player(spec, config)
    }

    /// The settings that make two positions of this game comparable (board
    /// size, k, ...); learners record it so a table is never loaded for
    /// another variant.
    fn variant(&self) -> String {
        String::new()
    }

    /// Leaf count of the game tree `depth` plies deep.
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, &Self::Knowledge::default(), depth)
    }

    /// The game's own solve of this position when `options` ask for one
    /// (Nim's `--tree`, the (m,n,k) proof search); `None` means the plain
    /// analysis.
    fn special_solve(
        &self,
        _options: &GameOptions,
        _request: &SolveRequest,
    ) -> Option<Result<SolveOutput, GameError>> {
        None
    }

    /// What `ply play` shows before the games when `options` ask for it
    /// (Nim's marked tree with `--tree`, as the Nim request's program
    /// builds and shows it before playing); `None` for nothing.
    fn play_preamble(&self, _options: &GameOptions) -> Option<Result<Listing, GameError>> {
        None
    }

    /// What the game's solver knows beyond the values of `report`, an
    /// analysis of this position (positions counted, the final score).
    fn solve_notes(&self, _report: &Report) -> Option<String> {
        None
    }

    /// The board as a front end draws it; text only unless the game says.
    fn board_view(&self) -> BoardView {
        BoardView::Text
    }

    /// The square of a grid board (row by row from the top) that `mv`
    /// places on here, for the last-move marker; `None` for a pass or a
    /// game without a grid.
    fn move_square(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// The pieces each side has on the board, for games decided by
    /// counting them; `None` for the others.
    fn piece_count(&self) -> Option<PieceCount> {
        None
    }

    /// A balanced opening for engine matches, drawn from `seed`: moves
    /// from this position (the start) to one the game's quick evaluation
    /// finds near even (see [`crate::balanced_opening`]); `None`
    /// for a game without openings.
    fn opening(&self, _seed: u64) -> Option<Vec<Self::Move>> {
        None
    }

    /// The colour-settling opening this game is played with (the options
    /// chose it), if any: `ply play` runs it before the moves.
    fn colour_opening(&self) -> Option<crate::ColourOpening> {
        None
    }

    /// The computer's answer in the colour opening at this position (its
    /// stones so far), thinking about `time` in all (`None`: the game's
    /// own default); `None` for a game without one.
    fn opening_choice(
        &self,
        _time: Option<std::time::Duration>,
    ) -> Option<Result<crate::OpeningChoice<Self::Move>, GameError>> {
        None
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

/// The generic players every game gets unless it builds its own; the
/// searching ones use the game's [`Playable::Knowledge`].
pub fn generic_player<G: Playable>(
    game: &G,
    spec: &BotSpec,
    config: &EngineConfig,
) -> Result<Box<dyn Player<G>>, GameError> {
    Ok(match spec {
        BotSpec::Random => Box::new(RandomPlayer::new(config)),
        BotSpec::Heuristic => Box::new(HeuristicPlayer::new(G::Knowledge::default(), config)),
        BotSpec::AlphaBeta(depth) => Box::new(AlphaBetaPlayer::new(
            G::Knowledge::default(),
            *depth,
            config,
        )),
        BotSpec::Perfect => {
            let exact = EngineConfig {
                depth: None,
                ..config.clone()
            };
            Box::new(AnalyzingPlayer::new(game.analyzer(&exact)?, config))
        }
        BotSpec::Computer(_) => Box::new(AnalyzingPlayer::new(game.analyzer(config)?, config)),
        BotSpec::Mcts(playouts) => Box::new(MctsPlayer::new(*playouts, config)),
        BotSpec::Learner(path) => Box::new(LearnerPlayer::<G>::open(
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
        BotSpec::Program(program) => {
            return Err(GameError::Unsupported(format!(
                "the engine program '{}' plays only in a tournament (ply tournament othello \
                 for gtp: and nboard:, ply tournament mnk --size 15 --k 5 for pbrain:)",
                crate::echo::shown_within(&program.to_string(), 80)
            )))
        }
    })
}
