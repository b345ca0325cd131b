//! What a game adds to its rules to be played and analysed through sessions.

use crate::bots::{generic_player, Analyzer, Player, SearchAnalyzer};
use crate::config::{BotSpec, EngineConfig};
use crate::error::GameError;
use crate::game::Notation;
use crate::options::GameOptions;
use crate::report::{BoardView, Report};
use crate::solve::{SolveOutput, SolveRequest};

/// A game the front ends can drive: rules, notation, and its engines.
pub trait Playable: Notation {
    /// The game's strongest analysis under `config` (exact unless
    /// `config.depth` limits it).
    fn analyzer(&self, config: &EngineConfig) -> Result<Box<dyn Analyzer<Self>>, GameError> {
        if !Self::ALWAYS_ENDS && config.depth.is_none() {
            return Err(GameError::NeedsOption {
                option: "depth".into(),
                why: "this game can go on forever".into(),
            });
        }
        Ok(Box::new(SearchAnalyzer::new(config)))
    }

    /// A bot for `spec`.
    fn player(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
    ) -> Result<Box<dyn Player<Self>>, GameError> {
        generic_player(self, spec, config)
    }

    /// The settings that make two positions of this game comparable (board
    /// size, k, ...); learners record it so a table is never loaded for
    /// another variant.
    fn variant(&self) -> String {
        String::new()
    }

    /// Leaf count of the game tree `depth` plies deep.
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
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
}
