//! The referee's side: starting an entry's host process, calling it as the
//! contest's referee calls `PlayTrilite`, stopping it when it is silent
//! past the limit, and telling a crash from a stop.

use std::path::{Path, PathBuf};
use std::process::Command;

use std::time::{Duration, Instant};

use ply_engine::arena::entry::{
    Entry, EntryAnswer, EntryFault, EntryHost, FaultKind, StartedEntry,
};
use ply_engine::echo::shown_within;
use ply_engine::{Game, GameError, GameKind, Session};
use ply_pipes::{PipedChild, Silence};
use ply_trilite::{parse_square, square_name, Trilite};
use ply_trilite_c::{encode_board, K_EMPTY, K_NO_POSITION};

use super::limits::Limits;
use super::protocol::{Fault, Reply, Request, MAX_LINE};

/// How long loading a library may take before the entry is refused (or,
/// on a restart, loses its game).
pub const LOAD_TIME: Duration = Duration::from_secs(10);

/// Starts Trilite entries, and runs one in the host process.
pub struct TriliteEntries;

/// The registry's handle on Trilite's contest entries.
pub static TRILITE_ENTRIES: TriliteEntries = TriliteEntries;

impl EntryHost for TriliteEntries {
    fn serve(&self, library: &Path) -> Result<(), GameError> {
        crate::host::run(library).map_err(|e| GameError::Unsupported(e.to_string()))
    }

    fn start(&self, path: &Path) -> Result<StartedEntry, GameError> {
        let typed = shown_within(&path.display().to_string(), 80);
        let refused = |reason: String| GameError::BadOption(format!("C entry '{typed}': {reason}"));
        let library =
            std::fs::canonicalize(path).map_err(|e| refused(format!("cannot open it: {e}")))?;
        if !library.is_file() {
            return Err(refused("is not a file".into()));
        }
        let limits = Limits::from_env().map_err(refused)?;
        let (running, setup) = Running::start(&library).map_err(refused)?;
        Ok(StartedEntry {
            entry: Box::new(CEntry {
                library,
                limits,
                running: Some(running),
            }),
            setup,
        })
    }
}

/// One entry: its library, and its host process while that runs.
struct CEntry {
    library: PathBuf,
    limits: Limits,
    running: Option<Running>,
}

impl Entry for CEntry {
    fn play(
        &mut self,
        session: &dyn Session,
        new_game: bool,
        limit: Duration,
    ) -> Result<EntryAnswer, EntryFault> {
        let fault = |kind, reason: String, took| EntryFault { kind, reason, took };
        // A fault ends the game, so a process that died or was stopped is
        // started again at the next game, its loading charged as at first.
        let mut charged = Duration::ZERO;
        let running = match &mut self.running {
            Some(running) => running,
            running @ None => match Running::start(&self.library) {
                Ok((started, load)) => {
                    charged = load;
                    running.insert(started)
                }
                Err(reason) => {
                    let reason = format!("crashed and could not be started again: {reason}");
                    return Err(fault(FaultKind::Crashed, reason, charged));
                }
            },
        };
        let (request, board) = match request(session, new_game) {
            Ok(call) => call,
            Err(e) => {
                let reason = format!("could not be called: {e}");
                return Err(fault(FaultKind::Crashed, reason, charged));
            }
        };
        // The time charged is the referee's own measure, from writing the
        // call to reading the answer: the host's process is the entry's,
        // and nothing it says about time can be trusted.
        let asked = Instant::now();
        let reply = running.ask(&request, limit);
        let waited = charged + asked.elapsed();
        match reply {
            Ok(Reply::Move { nonce, answer }) if nonce == request.nonce => {
                let took = waited;
                let square = u8::try_from(answer).ok().filter(|&s| s < 9);
                match square {
                    None => Err(fault(
                        FaultKind::IllegalAnswer,
                        format!("answered {answer}, which is not a square (0 to 8)"),
                        took,
                    )),
                    Some(square) if board[usize::from(square)] != K_EMPTY => Err(fault(
                        FaultKind::IllegalAnswer,
                        format!(
                            "answered {answer} ({}), a square that is not empty",
                            square_name(square)
                        ),
                        took,
                    )),
                    Some(square) => Ok(EntryAnswer {
                        mv: square_name(square),
                        took,
                    }),
                }
            }
            Ok(Reply::Fault(kind)) => {
                let how = self
                    .running
                    .take()
                    .map(|mut r| r.ended())
                    .unwrap_or_default();
                let reason = match kind {
                    Fault::Stack => format!("crashed: overflowed its stack ({how})"),
                    Fault::Memory => format!(
                        "crashed: ran out of memory (its limit is {} MiB; {how})",
                        self.limits.memory_mib
                    ),
                };
                Err(fault(FaultKind::Crashed, reason, waited))
            }
            Ok(_) => {
                self.running = None;
                let reason = "crashed: its process broke the protocol (an answer that is not \
                              the call's)"
                    .to_string();
                Err(fault(FaultKind::Crashed, reason, waited))
            }
            Err(Silence::TimedOut) => {
                self.running = None;
                let reason = format!(
                    "gave no answer within {} ms and was stopped",
                    limit.as_millis()
                );
                Err(fault(FaultKind::TimedOut, reason, waited))
            }
            Err(Silence::Ended(how)) => {
                self.running = None;
                let how = if how.contains("SIGXCPU") {
                    format!(
                        "used up its {} s of processor time ({how})",
                        self.limits.cpu_seconds
                    )
                } else {
                    how
                };
                Err(fault(FaultKind::Crashed, format!("crashed: {how}"), waited))
            }
        }
    }
}

/// The call the contest's referee makes in `session`'s position, and the
/// board it shows.
fn request(session: &dyn Session, new_game: bool) -> Result<(Request, [i32; 9]), GameError> {
    let mut game = Trilite::new();
    let mut previous = K_NO_POSITION;
    for mv in session.moves_played() {
        let square = parse_square(&mv)?;
        game.play(square);
        previous = i32::from(square);
    }
    let board = encode_board(&game);
    let request = Request {
        nonce: nonce(),
        board,
        previous,
        player: game.to_move().index() as i32 + 1,
        new_game,
    };
    Ok((request, board))
}

/// A number for one call that the entry cannot guess: the standard
/// library's randomly keyed hash of a counter.
fn nonce() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
    hasher.finish()
}

/// A running host process.
struct Running {
    child: PipedChild,
}

impl Running {
    /// Starts the host for `library` and waits for it to load the library:
    /// the process and the time from starting it to its being ready (the
    /// referee's own measure), or why the entry cannot play.
    fn start(library: &Path) -> Result<(Running, Duration), String> {
        let ply = std::env::current_exe()
            .map_err(|e| format!("cannot find the ply program to host it: {e}"))?;
        let mut command = Command::new(ply);
        command
            .args(["entry-host", ply_trilite::TRILITE.name()])
            .arg(library);
        let started = Instant::now();
        let child = PipedChild::spawn(command, MAX_LINE)
            .map_err(|e| format!("cannot start a process for it: {e}"))?;
        let mut running = Running { child };
        match running.reply(LOAD_TIME) {
            Ok(Reply::Ready) => Ok((running, started.elapsed())),
            Ok(Reply::Refused(reason)) => Err(shown_within(&reason, 200)),
            Ok(Reply::Fault(Fault::Stack)) => Err("it overflowed its stack while loading".into()),
            Ok(Reply::Fault(Fault::Memory)) => Err("it ran out of memory while loading".into()),
            Ok(Reply::Move { .. }) => Err("its process broke the protocol".into()),
            Err(Silence::TimedOut) => Err(format!(
                "loading it took more than {} s",
                LOAD_TIME.as_secs()
            )),
            Err(Silence::Ended(how)) => Err(format!("its process {how} while loading it")),
        }
    }

    /// Sends one call and waits at most `limit` for the answer. A host its
    /// entry has ended fails the write instead of ending ply.
    fn ask(&mut self, request: &Request, limit: Duration) -> Result<Reply, Silence> {
        self.child.send(request.line().as_bytes())?;
        self.reply(limit)
    }

    fn reply(&mut self, limit: Duration) -> Result<Reply, Silence> {
        let line = self.child.line_by(Instant::now() + limit)?;
        Reply::parse(&line).ok_or_else(|| {
            Silence::Ended(format!(
                "sent '{}' instead of an answer",
                shown_within(line.trim_end(), 60)
            ))
        })
    }

    /// How the process ended, once its output closed.
    fn ended(&mut self) -> String {
        self.child.ended()
    }
}
