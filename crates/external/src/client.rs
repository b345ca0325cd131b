//! What every protocol client shares: the trait the entry drives, how a
//! call fails, and the game as the protocols tell it.

use std::time::Instant;

use ply_engine::Session;

use crate::process::{EngineProcess, Silence};

/// How a call failed, before it is worded for the results.
pub enum Failure {
    /// Silence past the limit, or the process ended.
    Silent(Silence),
    /// No answer by the limit, after the engine said this `ERROR`.
    TimedOutSaying(String),
    /// An answer the protocol does not allow, said how.
    Protocol(String),
    /// A move the engine may not give (a resignation, a malformed square).
    Answer(String),
}

impl From<Silence> for Failure {
    fn from(silence: Silence) -> Failure {
        Failure::Silent(silence)
    }
}

/// What speaks one protocol to a running engine.
pub trait Client: Send {
    /// The commands a protocol starts with, answered by `deadline`.
    fn handshake(&mut self, process: &mut EngineProcess, deadline: Instant) -> Result<(), Failure>;
    /// Sets a new game up before the engine's clock for its first move
    /// starts (a table the engine allocates is not charged to a move),
    /// done by `deadline`.
    fn prepare(&mut self, _process: &mut EngineProcess, _deadline: Instant) -> Result<(), Failure> {
        Ok(())
    }
    /// The engine's move in `session`'s position (its side to move), in
    /// the game's notation; `new_game` on its first call of a game.
    fn play(
        &mut self,
        process: &mut EngineProcess,
        session: &dyn Session,
        new_game: bool,
        deadline: Instant,
    ) -> Result<String, Failure>;
    /// Says goodbye at the end of the tournament, when the protocol has a
    /// word for it (the process is stopped after).
    fn finish(&mut self, _process: &mut EngineProcess) {}
}

/// Makes the client of each start of an engine's process.
pub type MakeClient = Box<dyn Fn() -> Box<dyn Client> + Send>;

/// The side that made each of `session`'s moves, the first first: sides
/// alternate, passes being moves.
pub fn movers(session: &dyn Session) -> Vec<ply_engine::Side> {
    let moves = session.moves_played().len();
    let now = session.to_move();
    (0..moves)
        .map(|i| {
            if (moves - i) % 2 == 1 {
                now.opponent()
            } else {
                now
            }
        })
        .collect()
}

/// Shortened for a reason.
pub fn shown(text: &str) -> String {
    ply_engine::echo::shown_within(text, 60)
}
