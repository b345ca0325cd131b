//! The referee's side of the Go Text Protocol: at each move the engine is
//! told the moves it has not seen (`play`, after `boardsize` and
//! `clear_board` at a new game), then asked `genmove`.

use std::time::Instant;

use ply_engine::{BoardView, Session, Side};

use crate::client::{movers, shown, Client, Failure};
use crate::process::EngineProcess;

/// What the engine has been told of the game in progress.
#[derive(Default)]
pub struct GtpClient {
    /// The moves of this game it knows, in order.
    told: Vec<String>,
}

/// `b` or `w`.
fn colour(side: Side) -> &'static str {
    if side == Side::First {
        "b"
    } else {
        "w"
    }
}

/// Sends `command` and reads its answer by `deadline`: the text after `=`,
/// or the engine's `?` error as a protocol failure.
fn ask(process: &mut EngineProcess, command: &str, deadline: Instant) -> Result<String, Failure> {
    process.send(command)?;
    // Lines before the answer (an engine's chatter) are skipped; the
    // answer runs to the empty line.
    let first = loop {
        let line = process.line_by(deadline)?;
        let line = line.trim();
        if line.starts_with('=') || line.starts_with('?') {
            break line.to_string();
        }
    };
    loop {
        if process.line_by(deadline)?.trim().is_empty() {
            break;
        }
    }
    // "=12 text": the id, if any, then the text.
    let text = first[1..]
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim();
    if first.starts_with('?') {
        return Err(Failure::Protocol(format!(
            "answered '{}' to '{command}'",
            shown(&first)
        )));
    }
    Ok(text.to_string())
}

impl Client for GtpClient {
    fn handshake(&mut self, process: &mut EngineProcess, deadline: Instant) -> Result<(), Failure> {
        ask(process, "protocol_version", deadline)?;
        ask(process, "name", deadline)?;
        Ok(())
    }

    fn play(
        &mut self,
        process: &mut EngineProcess,
        session: &dyn Session,
        new_game: bool,
        deadline: Instant,
    ) -> Result<String, Failure> {
        let moves = session.moves_played();
        // A new game, or moves taken back at the terminal: start it over.
        if new_game || !moves.starts_with(&self.told) {
            let size = match session.board() {
                BoardView::Grid { rows, .. } => rows,
                _ => return Err(Failure::Protocol("GTP needs a board game".into())),
            };
            ask(process, &format!("boardsize {size}"), deadline)?;
            ask(process, "clear_board", deadline)?;
            self.told.clear();
        }
        let sides = movers(session);
        for (mv, side) in moves.iter().zip(&sides).skip(self.told.len()) {
            ask(process, &format!("play {} {mv}", colour(*side)), deadline)?;
            self.told.push(mv.clone());
        }
        let answer = ask(
            process,
            &format!("genmove {}", colour(session.to_move())),
            deadline,
        )?;
        let mv = answer.to_ascii_lowercase();
        if mv == "resign" {
            return Err(Failure::Answer("resigned".into()));
        }
        if mv.is_empty() || mv.contains(char::is_whitespace) {
            return Err(Failure::Answer(format!(
                "answered '{}', not a move",
                shown(&answer)
            )));
        }
        // Its own move is in its game now.
        self.told.push(mv.clone());
        Ok(mv)
    }
}
