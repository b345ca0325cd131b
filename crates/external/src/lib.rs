//! Outside engines as tournament players: a program that speaks the Go
//! Text Protocol (`gtp:COMMAND`, as GRhino's `gtp-rhino` does) or the
//! NBoard protocol (`nboard:COMMAND`, as Edax does) plays Othello in
//! `ply tournament othello` beside ply's own bots. Each runs in a process
//! of its own, is told the game so far at each of its moves, and is
//! refereed as a contest entry is: the referee's clock, a move time limit,
//! and faults (a crash, silence past the limit, a broken protocol, a move
//! it may not play) as lost games with their reasons.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod client;
mod gtp_client;
mod nboard_client;
mod process;
mod program_entry;

use std::path::Path;

use ply_engine::arena::entry::{EntryHost, StartedEntry};
use ply_engine::{EngineProgram, GameError};

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

    fn start_program(&self, program: &EngineProgram) -> Result<StartedEntry, GameError> {
        program_entry::start(program)
    }

    fn serve(&self, _path: &Path) -> Result<(), GameError> {
        Err(GameError::Unsupported(
            "Othello's engine programs need no host process".into(),
        ))
    }
}
