//! How Nim plugs into the engine: an analyzer that values every move with
//! Bouton's rule in closed form (instant at any size, where a search over
//! positions would never finish), and the learner's rule-variant tag.

use ply_engine::LearnerPlayer;
use ply_engine::{
    generic_player, Analysis, Analyzer, BotSpec, EngineConfig, Game, GameError, Playable, Player,
};

use crate::bouton;
use crate::game::Nim;
use crate::knowledge::NimKnowledge;

/// Values every move with Bouton's rule.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoutonAnalyzer;

impl Analyzer<Nim> for BoutonAnalyzer {
    fn analyze(&mut self, game: &Nim) -> Result<Analysis<<Nim as Game>::Move>, GameError> {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let values = moves
            .into_iter()
            .map(|mv| (mv, bouton::bouton_move_value(game, mv)))
            .collect();
        Ok(Analysis {
            pv: Vec::new(),
            value: bouton::bouton_value(game.rows(), game.misere()),
            moves: values,
            stats: None,
            depth: None,
        })
    }
}

impl Playable for Nim {
    type Knowledge = NimKnowledge;

    /// Bouton's rule is exact at every depth, so `--depth` is not needed.
    fn analyzer(&self, _config: &EngineConfig) -> Result<Box<dyn Analyzer<Nim>>, GameError> {
        Ok(Box::new(BoutonAnalyzer))
    }

    fn special_solve(
        &self,
        options: &ply_engine::GameOptions,
        _request: &ply_engine::SolveRequest,
    ) -> Option<Result<ply_engine::SolveOutput, GameError>> {
        crate::kind::special_solve(self, options)
    }

    /// `ply play nim --tree`: the marked tree from the start, as the Nim
    /// request's program builds and shows it before its games.
    fn play_preamble(
        &self,
        options: &ply_engine::GameOptions,
    ) -> Option<Result<ply_engine::Listing, GameError>> {
        options
            .flag("tree")
            .then(|| crate::kind::tree_listing(self))
    }

    /// The objects in each row.
    fn board_view(&self) -> ply_engine::BoardView {
        ply_engine::BoardView::Heaps {
            heaps: self.rows().iter().map(|&r| u64::from(r)).collect(),
        }
    }

    /// The learner's file records the rule variant, so a table learned for
    /// misère play is refused in normal play and the other way round.
    fn player(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
    ) -> Result<Box<dyn Player<Nim>>, GameError> {
        match spec {
            BotSpec::Learner(path) => Ok(Box::new(LearnerPlayer::<Nim>::open(
                path.as_deref(),
                "nim",
                if self.misere() { "misere" } else { "normal" },
                config,
            )?)),
            // The request's computer: the marked tree, Bouton's rule beyond.
            BotSpec::Computer(_) => Ok(Box::new(crate::tree_player::TreePlayer)),
            _ => generic_player(self, spec, config),
        }
    }
}
