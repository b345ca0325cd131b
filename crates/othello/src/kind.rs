//! The registry entry: options, sessions and the benchmark.

use ply_engine::{
    EngineConfig, GameError, GameKind, GameOptions, GameSession, OptionSpec, Session,
};

use crate::error::OthelloError;
use crate::game::Othello;

/// Othello as the registry lists it.
pub struct OthelloKind;

/// The registry's handle on this game.
pub static OTHELLO: OthelloKind = OthelloKind;

impl OthelloKind {
    /// The start position the options ask for.
    pub fn start(options: &GameOptions) -> Result<Othello, GameError> {
        let size = match options.raw("size") {
            None => 8,
            Some(text) => text
                .trim()
                .parse::<u8>()
                .map_err(|_| OthelloError::BadSize(text.to_string()))?,
        };
        Ok(Othello::new(size)?)
    }
}

impl GameKind for OthelloKind {
    fn name(&self) -> &'static str {
        "othello"
    }

    fn summary(&self) -> &'static str {
        "Othello (Reversi) on even boards 4 to 10"
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![OptionSpec::value(
            "size",
            "N",
            "board size: 4, 6, 8 or 10 (default 8)",
        )]
    }

    fn new_session(&self, options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        Ok(GameSession::boxed(Self::start(options)?))
    }

    fn bench(&self, options: &GameOptions, config: &EngineConfig) -> Result<String, GameError> {
        crate::bench::run(&Self::start(options)?, config)
    }
}
