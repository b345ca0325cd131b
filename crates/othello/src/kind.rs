//! The registry entry: options, sessions and the benchmark.

use ply_engine::{
    EngineConfig, GameError, GameKind, GameOptions, GameSession, OptionProblem, OptionSpec,
    PositionNotation, Session,
};

use crate::bitboard::SIZES;
use crate::game::Othello;
use crate::with_geometry;

/// Othello as the registry lists it.
pub struct OthelloKind;

/// The registry's handle on this game.
pub static OTHELLO: OthelloKind = OthelloKind;

impl OthelloKind {
    /// The board size the options ask for (one of `SIZES`): where a session
    /// turns it into the geometry type its game, board and search use.
    pub fn size(options: &GameOptions) -> Result<u8, GameError> {
        let refuse = |text: &str| {
            GameError::option(
                "size",
                OptionProblem::Invalid {
                    value: ply_engine::echo::shown(text.trim()),
                    why: "the board size must be 4, 6, 8 or 10".into(),
                    example: Some("8".into()),
                },
            )
        };
        let size = match options.raw("size") {
            None => 8,
            Some(text) => text.trim().parse::<u8>().map_err(|_| refuse(text))?,
        };
        if SIZES.contains(&size) {
            Ok(size)
        } else {
            Err(refuse(&size.to_string()))
        }
    }
}

impl GameKind for OthelloKind {
    fn name(&self) -> &'static str {
        "othello"
    }

    fn summary(&self) -> &'static str {
        "Othello (Reversi) on even boards 4 to 10"
    }

    fn title(&self) -> &'static str {
        "Othello"
    }

    fn score_unit(&self) -> &'static str {
        "discs: the final disc margin the search expects"
    }

    fn record_formats(&self) -> Vec<ply_engine::RecordFormat> {
        vec![ply_engine::RecordFormat {
            name: crate::record::GGF,
            about: "Generic Game Format: the game record of NBoard and the Othello servers",
        }]
    }

    fn write_record(
        &self,
        format: &str,
        options: &GameOptions,
        start: &str,
        moves: &[String],
    ) -> Result<String, GameError> {
        if format != crate::record::GGF {
            return Err(GameError::Unsupported(format!(
                "Othello games are written as {}, not {format}",
                crate::record::GGF
            )));
        }
        crate::record::write(Self::size(options)?, start, moves)
    }

    fn read_record(
        &self,
        format: &str,
        _options: &GameOptions,
        text: &str,
    ) -> Result<ply_engine::GameRecord, GameError> {
        if format != crate::record::GGF {
            return Err(GameError::Unsupported(format!(
                "Othello games are read from {}, not {format}",
                crate::record::GGF
            )));
        }
        crate::record::read(text)
    }

    fn rules(&self) -> &'static str {
        "Place a disc so that it encloses a line of your opponent's discs between it and one of \
         yours; the enclosed discs turn to your colour. No such move: pass. Most discs at the \
         end wins."
    }

    fn position_notation(&self) -> PositionNotation {
        PositionNotation {
            description: "OBF: the N*N cells row by row from a1, X (black), O (white) or - (empty), a space, then the side to move X or O",
            example: "---------------------------OX------XO--------------------------- X",
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::value("size", "N", "board size: 4, 6, 8 or 10 (default 8)")
                .labelled("Board size")
                .number(4, 10, 2),
        ]
    }

    fn new_session(&self, options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        Ok(with_geometry!(Self::size(options)?, G => {
            GameSession::boxed(Othello::<G>::new())
        }))
    }

    fn solver_uses_threads(&self) -> bool {
        // The exact solver shares the moves to solve among them.
        true
    }

    fn suite_format(&self) -> Option<&'static str> {
        Some("OBF files of 8x8 Othello positions, such as the FFO endgame suite")
    }

    /// OBF suites such as FFO's, solved exactly on 8x8.
    fn suite_solver(
        &self,
        options: &GameOptions,
        text: &str,
        source: &str,
        settings: ply_engine::SuiteSettings,
    ) -> Option<Result<Box<dyn ply_engine::SuiteSolver>, GameError>> {
        Some(crate::suite::load(options, text, source, settings))
    }

    fn bench(&self, options: &GameOptions, config: &EngineConfig) -> Result<String, GameError> {
        with_geometry!(Self::size(options)?, G => crate::bench::run(&Othello::<G>::new(), config))
    }
}
