//! Outside engines as tournament players: a program that speaks the Go
//! Text Protocol (`gtp:COMMAND`, as GRhino's `gtp-rhino` does) or the
//! NBoard protocol (`nboard:COMMAND`, as Edax does) plays Othello in
//! `ply tournament othello`, and one that speaks the Gomocup protocol
//! (`pbrain:COMMAND`, as Rapfi and every Gomocup engine do) plays Gomoku
//! in `ply tournament mnk --size 15 --k 5`, beside ply's own bots. Each runs in a process
//! of its own, is told the game so far at each of its moves, and is
//! refereed as a contest entry is: the referee's clock, a move time limit,
//! and faults (a crash, silence past the limit, a broken protocol, a move
//! it may not play) as lost games with their reasons.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod client;
mod gtp_client;
mod nboard_client;
mod pbrain_client;
mod process;
mod program_entry;

use std::path::Path;
use std::time::Duration;

use ply_engine::arena::entry::{EntryHost, ProgramMatch, StartedEntry};
use ply_engine::{EngineProgram, EngineProtocol, GameError};

use client::MakeClient;
use gtp_client::GtpClient;
use nboard_client::NboardClient;
pub use pbrain_client::{gomocup_rule, PbrainMatch, ENGINE_MEMORY};

/// Starts Othello's outside engines.
pub struct OthelloEngines;

/// The registry's handle on Othello's outside engines.
pub static OTHELLO_ENGINES: OthelloEngines = OthelloEngines;

impl EntryHost for OthelloEngines {
    fn start(&self, path: &Path) -> Result<StartedEntry, GameError> {
        Err(GameError::Unsupported(format!(
            "C entry '{}': contest entries play only Trilite (ply tournament trilite); \
             Othello plays engine programs: gtp:COMMAND or nboard:COMMAND",
            ply_engine::echo::shown(&path.display().to_string())
        )))
    }

    fn start_program(
        &self,
        program: &EngineProgram,
        setting: &ProgramMatch<'_>,
    ) -> Result<StartedEntry, GameError> {
        let make = othello_client(program.protocol, setting.move_time).ok_or_else(|| {
            refused(
                program,
                "Gomocup engines play Gomoku (ply tournament mnk --size 15 --k 5); \
                 Othello plays gtp:COMMAND or nboard:COMMAND",
            )
        })?;
        // NBoard's `set game` carries an 8 x 8 board only: an engine on
        // another board would be blamed for the referee's limit, game
        // after game, so it is refused before it starts.
        if program.protocol == EngineProtocol::Nboard {
            let size = ply_othello::OthelloKind::size(setting.options)?;
            if size != 8 {
                return Err(refused(
                    program,
                    &format!(
                        "NBoard engines play 8 x 8 only, not {size} x {size}: \
                         give --size 8, or drive the engine over GTP (gtp:COMMAND)"
                    ),
                ));
            }
        }
        program_entry::start(program, make)
    }

    fn serve(&self, _path: &Path) -> Result<(), GameError> {
        Err(GameError::Unsupported(
            "Othello's engine programs need no host process".into(),
        ))
    }
}

/// The client of an Othello protocol (GTP or NBoard), for engines that
/// may take `move_time` a move.
fn othello_client(protocol: EngineProtocol, move_time: Duration) -> Option<MakeClient> {
    match protocol {
        EngineProtocol::Gtp => Some(Box::new(move || Box::new(GtpClient::new(move_time)))),
        EngineProtocol::Nboard => Some(Box::new(|| Box::new(NboardClient::default()))),
        EngineProtocol::Pbrain => None,
    }
}

/// Starts Gomoku's outside engines: Gomocup (`pbrain:`) programs on a
/// square board with five in a row, under the session's rule.
pub struct GomokuEngines;

/// The registry's handle on Gomoku's outside engines.
pub static GOMOKU_ENGINES: GomokuEngines = GomokuEngines;

/// A refusal of `program`, with why.
fn refused(program: &EngineProgram, why: &str) -> GameError {
    GameError::Unsupported(format!(
        "engine program '{}': {why}",
        ply_engine::echo::shown_within(&program.to_string(), 80)
    ))
}

impl EntryHost for GomokuEngines {
    fn start(&self, path: &Path) -> Result<StartedEntry, GameError> {
        Err(GameError::Unsupported(format!(
            "C entry '{}': contest entries play only Trilite (ply tournament trilite); \
             Gomoku plays Gomocup engines: pbrain:COMMAND",
            ply_engine::echo::shown(&path.display().to_string())
        )))
    }

    fn start_program(
        &self,
        program: &EngineProgram,
        setting: &ProgramMatch<'_>,
    ) -> Result<StartedEntry, GameError> {
        if program.protocol != EngineProtocol::Pbrain {
            return Err(refused(
                program,
                "Othello's engines play Othello (ply tournament othello); \
                 this game plays Gomocup engines: pbrain:COMMAND",
            ));
        }
        let (rows, cols, k) = ply_mnk::shape(setting.options)?.unwrap_or((3, 3, 3));
        if rows != cols {
            return Err(refused(
                program,
                &format!(
                    "Gomocup engines play square boards (START N), not {rows} x {cols}: \
                     give --size N"
                ),
            ));
        }
        if k != 5 {
            return Err(refused(
                program,
                &format!("Gomocup engines play five in a row, not {k}: give --k 5"),
            ));
        }
        let game = PbrainMatch {
            size: rows,
            rule: ply_mnk::rule(setting.options)?,
            move_time: setting.move_time,
            game_time: setting.game_time,
        };
        program_entry::start(
            program,
            Box::new(move || Box::new(pbrain_client::PbrainClient::new(game))),
        )
    }

    fn serve(&self, _path: &Path) -> Result<(), GameError> {
        Err(GameError::Unsupported(
            "Gomoku's engine programs need no host process".into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use ply_engine::{BotSpec, GameOptions, PlayerSpec};

    use super::*;

    fn program(spec: &str) -> EngineProgram {
        match spec.parse() {
            Ok(PlayerSpec::Bot(BotSpec::Program(program))) => program,
            other => panic!("{spec}: {other:?}"),
        }
    }

    fn started(spec: &str, size: &str) -> Result<StartedEntry, GameError> {
        let options = GameOptions::new().with_value("size", size);
        let setting = ProgramMatch {
            options: &options,
            move_time: Duration::from_secs(1),
            game_time: None,
        };
        OTHELLO_ENGINES.start_program(&program(spec), &setting)
    }

    /// NBoard's `set game` holds an 8 x 8 board: on another board the
    /// engine is refused before it starts (no program is needed to see
    /// it), rather than faulted for every game it is sent.
    #[test]
    fn nboard_engines_are_refused_off_the_8_by_8_board() {
        for size in ["4", "6", "10"] {
            let Err(error) = started("nboard:no-such-engine", size) else {
                panic!("size {size}: started");
            };
            let message = error.to_string();
            assert!(message.contains("8 x 8 only"), "{size}: {message}");
            assert!(message.contains("--size 8"), "{size}: {message}");
        }
        // On 8 x 8 the engine is started (and here, not found).
        let Err(error) = started("nboard:no-such-engine", "8") else {
            panic!("no such engine");
        };
        assert!(error.to_string().contains("cannot start"), "{error}");
        // GTP speaks every size.
        let Err(error) = started("gtp:no-such-engine", "6") else {
            panic!("no such engine");
        };
        assert!(error.to_string().contains("cannot start"), "{error}");
    }
}
