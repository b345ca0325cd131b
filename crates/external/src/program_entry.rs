//! One outside engine as the arena's entry: its process (started again
//! after a fault, at the next game), the protocol client that speaks to
//! it, and the referee's clock around each call.

use std::time::{Duration, Instant};

use ply_engine::arena::entry::{Entry, EntryAnswer, EntryFault, FaultKind, StartedEntry};
use ply_engine::{EngineProgram, GameError, Session};

use crate::client::{Client, Failure, MakeClient};
use crate::process::{EngineProcess, Silence};

/// How long an engine may take to start and answer its first commands.
pub const START_TIME: Duration = Duration::from_secs(10);

/// A running engine and its client.
struct Running {
    process: EngineProcess,
    client: Box<dyn Client>,
}

impl Running {
    fn start(program: &EngineProgram, make: &MakeClient) -> Result<Running, String> {
        let mut process = EngineProcess::start(&program.command)?;
        let mut client = make();
        match client.handshake(&mut process, Instant::now() + START_TIME) {
            Ok(()) => Ok(Running { process, client }),
            Err(failure) => Err(match failure {
                Failure::Silent(Silence::TimedOut) => format!(
                    "it did not answer its first commands within {} s",
                    START_TIME.as_secs()
                ),
                Failure::TimedOutSaying(error) => format!(
                    "it did not answer its first commands within {} s; it had said '{error}'",
                    START_TIME.as_secs()
                ),
                Failure::Silent(Silence::Ended(how)) => format!("it {how} as it started"),
                Failure::Protocol(why) | Failure::Answer(why) => why,
            }),
        }
    }
}

/// Starts `program`, speaking to it through the clients `make` makes, and
/// checks that it speaks its protocol.
pub fn start(program: &EngineProgram, make: MakeClient) -> Result<StartedEntry, GameError> {
    let typed = ply_engine::echo::shown_within(&program.to_string(), 80);
    let started = Instant::now();
    let running = Running::start(program, &make)
        .map_err(|reason| GameError::BadOption(format!("engine '{typed}': {reason}")))?;
    Ok(StartedEntry {
        entry: Box::new(ProgramEntry {
            program: program.clone(),
            make,
            running: Some(running),
        }),
        setup: started.elapsed(),
    })
}

/// One outside engine for the whole tournament.
struct ProgramEntry {
    program: EngineProgram,
    make: MakeClient,
    running: Option<Running>,
}

impl Drop for ProgramEntry {
    /// The tournament is over: the engine is told so, where its protocol
    /// has a word for it, before its process is stopped.
    fn drop(&mut self) {
        if let Some(mut running) = self.running.take() {
            running.client.finish(&mut running.process);
        }
    }
}

impl Entry for ProgramEntry {
    fn play(
        &mut self,
        session: &dyn Session,
        new_game: bool,
        limit: Duration,
    ) -> Result<EntryAnswer, EntryFault> {
        // The move's clock: it starts once the engine is running and its
        // game set up, so neither a restart nor a table it allocates for a
        // new game counts as thinking (nor can push a move over its limit).
        let mut clock = Instant::now();
        let fault = |kind, reason: String, clock: Instant| EntryFault {
            kind,
            reason,
            took: clock.elapsed(),
        };
        // A fault ends the game and the process with it: the next game
        // starts it again.
        let running = match &mut self.running {
            Some(running) => running,
            running @ None => match Running::start(&self.program, &self.make) {
                Ok(started) => running.insert(started),
                Err(reason) => {
                    let reason = format!("crashed and could not be started again: {reason}");
                    return Err(fault(FaultKind::Crashed, reason, clock));
                }
            },
        };
        // A timeout while the game is set up is the setup's, not the move's.
        let mut setting_up = new_game;
        let played = if new_game {
            running
                .client
                .prepare(&mut running.process, Instant::now() + START_TIME)
        } else {
            Ok(())
        }
        .and_then(|()| {
            setting_up = false;
            clock = Instant::now();
            let deadline = clock + limit;
            running
                .client
                .play(&mut running.process, session, new_game, deadline)
        });
        match played {
            Ok(mv) => Ok(EntryAnswer {
                mv,
                took: clock.elapsed(),
            }),
            Err(failure) => {
                self.running = None;
                Err(match failure {
                    Failure::Silent(Silence::TimedOut) if setting_up => fault(
                        FaultKind::TimedOut,
                        format!(
                            "did not set its game up within {} s and was stopped",
                            START_TIME.as_secs()
                        ),
                        clock,
                    ),
                    Failure::Silent(Silence::TimedOut) => fault(
                        FaultKind::TimedOut,
                        format!(
                            "gave no answer within {} ms and was stopped",
                            limit.as_millis()
                        ),
                        clock,
                    ),
                    Failure::TimedOutSaying(error) => fault(
                        FaultKind::TimedOut,
                        format!(
                            "gave no answer within {} ms and was stopped; it had said '{error}'",
                            limit.as_millis()
                        ),
                        clock,
                    ),
                    Failure::Silent(Silence::Ended(how)) => {
                        fault(FaultKind::Crashed, format!("crashed: {how}"), clock)
                    }
                    Failure::Protocol(why) => fault(
                        FaultKind::Crashed,
                        format!("broke the protocol: {why}"),
                        clock,
                    ),
                    Failure::Answer(why) => fault(FaultKind::IllegalAnswer, why, clock),
                })
            }
        }
    }
}
