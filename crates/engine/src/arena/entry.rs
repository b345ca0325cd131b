//! Contest entries: players that are not bots of this process but programs
//! written to a game's C interface (Trilite's `PlayTrilite`), which the
//! front end runs where their faults cannot reach the referee (a process
//! of their own). The arena asks an entry for a move, charges the time the
//! referee measured around its call, and turns a fault into a lost game: an entry
//! that crashes, gives no answer within the move time limit, or answers a
//! move it may not play loses that game, with the reason in the results,
//! and the tournament goes on.

use std::path::Path;
use std::time::Duration;

use serde::Serialize;

use crate::config::EngineProgram;
use crate::error::GameError;
use crate::options::GameOptions;
use crate::session::Session;

/// Starts contest entries: the front end's side of the arena.
pub trait EntryHost: Sync {
    /// Starts the entry `path` names, ready for its first game. A library
    /// that cannot be loaded or lacks the game's interface is refused here,
    /// before any game is played, with a one-line reason.
    fn start(&self, path: &Path) -> Result<StartedEntry, GameError>;

    /// Starts the outside engine `program` names, ready for its first
    /// game of the match `setting` describes; a program that cannot start,
    /// does not speak its protocol or cannot play this variant is refused
    /// here. By default a game has none.
    fn start_program(
        &self,
        program: &EngineProgram,
        _setting: &ProgramMatch<'_>,
    ) -> Result<StartedEntry, GameError> {
        Err(GameError::Unsupported(format!(
            "engine program '{}': this game plays no engine programs",
            crate::echo::shown_within(&program.to_string(), 80)
        )))
    }

    /// Runs in the entry's own process (the front end's hidden host
    /// command): loads the library `path` names and answers the referee's
    /// calls until the referee closes the line.
    fn serve(&self, path: &Path) -> Result<(), GameError>;
}

/// What an engine program is told of the match it plays in: the game's
/// options (the board and rules it plays) and the referee's clock.
#[derive(Clone, Copy, Debug)]
pub struct ProgramMatch<'a> {
    /// The options the tournament's sessions are made with.
    pub options: &'a GameOptions,
    /// How long one call may take before the engine is stopped and loses.
    pub move_time: Duration,
    /// The game time limit (both players' time together), if any.
    pub game_time: Option<Duration>,
}

/// An entry ready to play, and the time its loading took (charged to it:
/// a library's initialisers are its code too).
pub struct StartedEntry {
    /// The running entry.
    pub entry: Box<dyn Entry>,
    /// The time its loading took, charged to it.
    pub setup: Duration,
}

/// One running contest entry. It keeps whatever state it likes between
/// games, as a library loaded once by a referee would, and is told when a
/// new game starts.
pub trait Entry: Send {
    /// The entry's move in `session`'s position, in the game's notation.
    /// `new_game` is true on the entry's first call of each game (a fault
    /// always ends a game, so an entry that needs restarting restarts
    /// then). An entry not answering within `limit` is stopped.
    fn play(
        &mut self,
        session: &dyn Session,
        new_game: bool,
        limit: Duration,
    ) -> Result<EntryAnswer, EntryFault>;
}

/// A move an entry chose (not yet checked against the rules).
#[derive(Clone, Debug)]
pub struct EntryAnswer {
    /// The move in the game's notation, as the entry gave it.
    pub mv: String,
    /// The entry's execution time for this call, charged to it.
    pub took: Duration,
}

/// Why an entry gave no move.
#[derive(Clone, Debug)]
pub struct EntryFault {
    /// How it failed: the ending of the game it loses.
    pub kind: FaultKind,
    /// Says what happened, to follow the entry's name ("crashed: killed by
    /// signal 11 (SIGSEGV)").
    pub reason: String,
    /// The time lost waiting for it, charged to it.
    pub took: Duration,
}

/// How an entry failed to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaultKind {
    /// Its process died during the call (a crash, an abort, an exit).
    Crashed,
    /// No answer within the move time limit: it was stopped.
    TimedOut,
    /// It answered a move it may not play.
    IllegalAnswer,
}
