//! The referee's side of the Go Text Protocol: at each move the engine is
//! told the moves it has not seen (`play`, after `boardsize`,
//! `clear_board` and `time_settings` at a new game), then asked `genmove`.

use std::time::{Duration, Instant};

use ply_engine::{BoardView, Session, Side};

use crate::client::{movers, shown, Client, Failure};
use crate::process::EngineProcess;

/// What the engine has been told of the game in progress.
pub struct GtpClient {
    /// The moves of this game it knows, in order.
    told: Vec<String>,
    /// The referee's limit on one move, told the engine at each new game.
    move_time: Duration,
}

impl GtpClient {
    /// A client for engines that may take `move_time` a move.
    pub fn new(move_time: Duration) -> GtpClient {
        GtpClient {
            told: Vec::new(),
            move_time,
        }
    }
}

/// `time_settings` for a limit of `move_time` on every move: no main
/// time, then byo-yomi of that long for each stone. GTP counts whole
/// seconds; a limit that is not one is written with its milliseconds
/// (`ply gtp` reads them). An engine that takes whole numbers only may
/// refuse it, which the referee passes over, or read its whole part
/// alone: give such an engine whole seconds.
fn time_settings(move_time: Duration) -> String {
    let ms = move_time.as_millis();
    let seconds = if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{}.{:03}", ms / 1000, ms % 1000)
    };
    format!("time_settings 0 {seconds} 1")
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
            // Without it an engine plays to its own clock, and one that
            // thinks longer than the referee's limit loses every game on
            // time. An engine without the command says so: played on.
            match ask(process, &time_settings(self.move_time), deadline) {
                Ok(_) | Err(Failure::Protocol(_)) => {}
                Err(other) => return Err(other),
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_time_is_byo_yomi_for_every_stone() {
        assert_eq!(time_settings(Duration::from_secs(2)), "time_settings 0 2 1");
        assert_eq!(
            time_settings(Duration::from_millis(300)),
            "time_settings 0 0.300 1"
        );
        assert_eq!(
            time_settings(Duration::from_millis(1050)),
            "time_settings 0 1.050 1"
        );
    }
}
