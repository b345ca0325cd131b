//! The referee's side of the NBoard protocol: the engine gets the whole
//! game at each of its moves (`set game` with a GGF record), then `go`,
//! and answers `=== MOVE/EVAL/TIME`.

use std::time::Instant;

use ply_engine::{BoardView, GameKind, GameOptions, Session};

use crate::client::{shown, Client, Failure};
use crate::process::EngineProcess;

/// Numbers the pings that wait for the engine to be ready.
#[derive(Default)]
pub struct NboardClient {
    pings: u64,
}

/// The game in GGF, as Othello writes its records: its start position and
/// every move (`PA` a pass).
fn ggf(session: &dyn Session) -> Result<String, Failure> {
    let mut start = session.boxed_clone();
    start.restart();
    if !matches!(
        start.board(),
        BoardView::Grid {
            rows: 8,
            cols: 8,
            ..
        }
    ) {
        return Err(Failure::Protocol("NBoard engines play 8 x 8 only".into()));
    }
    let kind = &ply_othello::OTHELLO;
    let format = kind
        .record_formats()
        .first()
        .map(|f| f.name)
        .ok_or_else(|| Failure::Protocol("Othello writes no game records".into()))?;
    kind.write_record(
        format,
        &GameOptions::new(),
        &start.position(),
        &session.moves_played(),
    )
    .map_err(|e| Failure::Protocol(format!("cannot write the game as GGF: {e}")))
}

impl NboardClient {
    /// Sends a ping and waits for its pong: every command before it is
    /// done.
    fn synchronise(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), Failure> {
        self.pings += 1;
        process.send(&format!("ping {}", self.pings))?;
        let pong = format!("pong {}", self.pings);
        while process.line_by(deadline)?.trim() != pong {}
        Ok(())
    }
}

impl Client for NboardClient {
    fn handshake(&mut self, process: &mut EngineProcess, deadline: Instant) -> Result<(), Failure> {
        process.send("nboard 2")?;
        self.synchronise(process, deadline)
    }

    fn play(
        &mut self,
        process: &mut EngineProcess,
        session: &dyn Session,
        _new_game: bool,
        deadline: Instant,
    ) -> Result<String, Failure> {
        process.send(&format!("set game {}", ggf(session)?))?;
        self.synchronise(process, deadline)?;
        process.send("go")?;
        let answer = loop {
            let line = process.line_by(deadline)?;
            if let Some(rest) = line.trim().strip_prefix("===") {
                break rest.trim().to_string();
            }
        };
        let square = answer.split('/').next().unwrap_or("").trim();
        if square.is_empty() {
            return Err(Failure::Answer(format!(
                "answered '=== {}', no move",
                shown(&answer)
            )));
        }
        Ok(if square.eq_ignore_ascii_case("pa") {
            "pass".into()
        } else {
            square.to_ascii_lowercase()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_engine::{Cell, Side};

    /// The record read back by ply's own NBoard engine is the game's
    /// position, passes included, after every move of a whole game.
    #[test]
    fn the_record_is_the_game() {
        let mut session = ply_othello::OTHELLO
            .new_session(&GameOptions::new())
            .expect("8 x 8");
        let mut plies = 0;
        while session.result().is_none() {
            // The last legal move each time: a different game from the
            // engines' first-move habits, with passes on the way.
            let mv = session.legal_moves().pop().expect("a move or a pass");
            session.play(&mv).expect("legal");
            plies += 1;
            let record = ggf(session.as_ref()).unwrap_or_else(|_| panic!("8 x 8"));
            let read = ply_othello::nboard::ggf::parse(&record).expect("a GGF game");
            let BoardView::Grid { cells, .. } = session.board() else {
                panic!("a grid");
            };
            let black = cells
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == Cell::X)
                .fold(0u64, |bits, (i, _)| bits | 1 << i);
            let discs = read.board().discs(ply_othello::Tile::Black);
            assert_eq!(discs, black, "after {plies} plies: {record}");
            let black_to_move = read.colour() == ply_othello::Tile::Black;
            assert_eq!(black_to_move, session.to_move() == Side::First);
        }
        assert!(plies >= 58, "{plies}");
    }
}
