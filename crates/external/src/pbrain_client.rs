//! The manager's side of the Gomocup protocol (the piskvork manager's,
//! which Gomoku engines speak as "pbrain" programs): `START N` and the
//! match's `INFO` at each new game, then `BEGIN` for the first stone of an
//! empty board, `TURN x,y` when the engine knows every stone but the
//! opponent's last, else the whole position as `BOARD` ... `DONE` (each
//! stone with its owner, 1 the engine's and 2 the opponent's, in the order
//! they were played); `END` when the tournament is over.
//!
//! Coordinates are `x,y` from 0, `x` the column and `y` the row from the
//! top: ply's square `h8` (column h, row 8 from the top) is `7,7`. Lines
//! the engine adds (`MESSAGE`, `DEBUG`, `UNKNOWN`, `SUGGEST`) are skipped;
//! `ERROR` is a broken protocol.

use std::time::{Duration, Instant};

use ply_engine::Session;
use ply_gomoku::Rule;

use crate::client::{movers, shown, Client, Failure};
use crate::process::{EngineProcess, Silence};

/// The memory an engine is told it may take (`INFO max_memory`): 350 MiB,
/// room for a strong engine's tables beside the referee's own games.
pub const ENGINE_MEMORY: u64 = 350 << 20;

/// How long an engine may take to answer `ABOUT` when it is first asked;
/// one that says nothing by then is never asked again.
const ABOUT_TIME: Duration = Duration::from_secs(1);

/// How long an engine may take to leave after `END`.
const END_TIME: Duration = Duration::from_millis(500);

/// The match an engine plays: the board's side, the rule, the clock.
#[derive(Clone, Copy, Debug)]
pub struct PbrainMatch {
    /// The side of the square board (`START N`).
    pub size: u8,
    /// The winning rule, told as Gomocup's `INFO rule` bitmask.
    pub rule: Rule,
    /// `INFO timeout_turn`: the referee's limit on one move.
    pub move_time: Duration,
    /// `INFO timeout_match`: the game's time limit, when there is one
    /// (ply's game limit counts both players' time together, so it bounds
    /// what the engine may spend).
    pub game_time: Option<Duration>,
}

/// Gomocup's `INFO rule` for a rule: 1 exactly five, 4 renju, 8 caro, 0
/// five or more.
pub fn gomocup_rule(rule: Rule) -> u32 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Exact => 1,
        Rule::Renju => 4,
        Rule::Caro => 8,
    }
}

/// ply's square `h8` as the protocol's `x,y` (`7,7`).
pub fn to_protocol(square: &str) -> Option<(usize, usize)> {
    let mut chars = square.chars();
    let column = chars.next().filter(char::is_ascii_lowercase)?;
    let row: usize = chars.as_str().parse().ok()?;
    Some((usize::from(column as u8 - b'a'), row.checked_sub(1)?))
}

/// The protocol's `x,y` on a board of side `size` as ply's square.
pub fn from_protocol(x: usize, y: usize, size: usize) -> Option<String> {
    (x < size && y < size && x < 26).then(|| format!("{}{}", (b'a' + x as u8) as char, y + 1))
}

/// What the engine has been told of the game in progress.
pub struct PbrainClient {
    game: PbrainMatch,
    /// True while the `START` of the handshake stands for the first game.
    started: bool,
    /// Stones of this game the engine knows (its own last answer counted).
    told: usize,
    /// The engine's time in this game so far, for `INFO time_left`.
    spent: Duration,
    /// Whether the engine answers `ABOUT`, which then marks the end of a
    /// new game's set-up: the engine has read every `INFO` (and made the
    /// tables `max_memory` allows) before the clock of its first move
    /// starts.
    answers_about: bool,
}

impl PbrainClient {
    /// A client for engines playing `game`.
    pub fn new(game: PbrainMatch) -> PbrainClient {
        PbrainClient {
            game,
            started: false,
            told: 0,
            spent: Duration::ZERO,
            answers_about: false,
        }
    }

    /// `ABOUT`, answered by any one line but chatter (the engine's name
    /// and version, or `UNKNOWN`/`ERROR` from one that has no answer).
    fn about(&mut self, process: &mut EngineProcess, deadline: Instant) -> Result<(), Failure> {
        process.send("ABOUT")?;
        loop {
            let line = process.line_by(deadline)?;
            let word = line.split_whitespace().next().unwrap_or("");
            if !line.trim().is_empty()
                && !["MESSAGE", "DEBUG", "SUGGEST"]
                    .iter()
                    .any(|skip| word.eq_ignore_ascii_case(skip))
            {
                return Ok(());
            }
        }
    }

    /// `START N`, answered `OK`.
    fn start(&mut self, process: &mut EngineProcess, deadline: Instant) -> Result<(), Failure> {
        let command = format!("START {}", self.game.size);
        process.send(&command)?;
        let answer = answer(process, &command, deadline)?;
        if !answer.eq_ignore_ascii_case("ok") {
            return Err(Failure::Protocol(format!(
                "answered '{}' to {command}, not OK",
                shown(&answer)
            )));
        }
        Ok(())
    }

    /// The match's `INFO` lines, sent at each new game.
    fn info(&self, process: &mut EngineProcess) -> Result<(), Failure> {
        let game = &self.game;
        let ms = |t: Duration| t.as_millis();
        process.send(&format!("INFO timeout_turn {}", ms(game.move_time)))?;
        process.send(&format!(
            "INFO timeout_match {}",
            game.game_time.map_or(0, ms)
        ))?;
        process.send(&format!("INFO max_memory {ENGINE_MEMORY}"))?;
        process.send("INFO game_type 1")?;
        process.send(&format!("INFO rule {}", gomocup_rule(game.rule)))?;
        Ok(())
    }
}

/// The next line that is an answer to `command`: chatter skipped, `ERROR`
/// a protocol failure.
fn answer(
    process: &mut EngineProcess,
    command: &str,
    deadline: Instant,
) -> Result<String, Failure> {
    loop {
        let line = process.line_by(deadline)?;
        let line = line.trim();
        let word = line.split_whitespace().next().unwrap_or("");
        if line.is_empty()
            || ["MESSAGE", "DEBUG", "UNKNOWN", "SUGGEST"]
                .iter()
                .any(|skip| word.eq_ignore_ascii_case(skip))
        {
            continue;
        }
        if word.eq_ignore_ascii_case("ERROR") {
            return Err(Failure::Protocol(format!(
                "answered '{}' to {command}",
                shown(line)
            )));
        }
        return Ok(line.to_string());
    }
}

/// The engine's answer to a request for a move. An `OK` here acknowledges
/// an `INFO` (which wants no answer), and an `ERROR` is said of some other
/// line (an engine still finishing its last move may misread the next
/// `INFO`, as Rapfi does): both are passed over, as the piskvork manager
/// shows an `ERROR` and waits on, and the last `ERROR` is named if no move
/// comes in time.
fn awaited_move(process: &mut EngineProcess, deadline: Instant) -> Result<String, Failure> {
    let mut said = None;
    loop {
        let line = match process.line_by(deadline) {
            Ok(line) => line,
            Err(Silence::TimedOut) => {
                return Err(match said {
                    Some(error) => Failure::TimedOutSaying(error),
                    None => Failure::Silent(Silence::TimedOut),
                })
            }
            Err(other) => return Err(other.into()),
        };
        let line = line.trim();
        let word = line.split_whitespace().next().unwrap_or("");
        if word.eq_ignore_ascii_case("ERROR") {
            said = Some(shown(line));
        } else if !line.is_empty()
            && !line.eq_ignore_ascii_case("ok")
            && !["MESSAGE", "DEBUG", "UNKNOWN", "SUGGEST"]
                .iter()
                .any(|skip| word.eq_ignore_ascii_case(skip))
        {
            return Ok(line.to_string());
        }
    }
}

/// `x,y` (spaces allowed around the numbers).
fn parse_move(text: &str) -> Option<(usize, usize)> {
    let (x, y) = text.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

impl Client for PbrainClient {
    /// `START N`: an engine that cannot play this board says so now.
    fn handshake(&mut self, process: &mut EngineProcess, deadline: Instant) -> Result<(), Failure> {
        self.start(process, deadline)?;
        self.started = true;
        // The piskvork manager asks every engine its name; one that stays
        // silent still plays, its set-up then timed with its first move.
        self.answers_about = match self.about(process, deadline.min(Instant::now() + ABOUT_TIME)) {
            Ok(()) => true,
            Err(Failure::Silent(Silence::TimedOut)) => false,
            Err(other) => return Err(other),
        };
        Ok(())
    }

    /// `START N` again after the first game, the match's `INFO`, and
    /// `ABOUT` to wait until the engine has read them.
    fn prepare(&mut self, process: &mut EngineProcess, deadline: Instant) -> Result<(), Failure> {
        if !std::mem::take(&mut self.started) {
            self.start(process, deadline)?;
        }
        self.info(process)?;
        self.told = 0;
        self.spent = Duration::ZERO;
        if self.answers_about {
            self.about(process, deadline)?;
        }
        Ok(())
    }

    fn play(
        &mut self,
        process: &mut EngineProcess,
        session: &dyn Session,
        new_game: bool,
        deadline: Instant,
    ) -> Result<String, Failure> {
        let asked = Instant::now();
        if let Some(limit) = self.game.game_time {
            let left = limit.saturating_sub(self.spent);
            process.send(&format!("INFO time_left {}", left.as_millis()))?;
        }
        let moves = session.moves_played();
        let squares = moves
            .iter()
            .map(|mv| {
                to_protocol(mv).ok_or_else(|| {
                    Failure::Protocol(format!("the move {} has no x,y square", shown(mv)))
                })
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        let command = match squares.last() {
            None => "BEGIN".to_string(),
            Some(&(x, y)) if !new_game && self.told + 1 == squares.len() => {
                format!("TURN {x},{y}")
            }
            Some(_) => {
                // The whole position, oldest stone first.
                process.send("BOARD")?;
                let me = session.to_move();
                for (&(x, y), side) in squares.iter().zip(movers(session)) {
                    let owner = if side == me { 1 } else { 2 };
                    process.send(&format!("{x},{y},{owner}"))?;
                }
                "DONE".to_string()
            }
        };
        process.send(&command)?;
        let reply = awaited_move(process, deadline);
        self.spent += asked.elapsed();
        let reply = reply?;
        let size = usize::from(self.game.size);
        let (x, y) = parse_move(&reply).ok_or_else(|| {
            Failure::Answer(format!("answered '{}', not a move x,y", shown(&reply)))
        })?;
        let square = from_protocol(x, y, size).ok_or_else(|| {
            Failure::Answer(format!("answered {x},{y}, off the {size} x {size} board"))
        })?;
        self.told = squares.len() + 1;
        Ok(square)
    }

    /// `END`, and a moment to leave (its output closes) before the process
    /// is stopped.
    fn finish(&mut self, process: &mut EngineProcess) {
        if process.send("END").is_ok() {
            let deadline = Instant::now() + END_TIME;
            while process.line_by(deadline).is_ok() {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_convert_both_ways() {
        assert_eq!(to_protocol("a1"), Some((0, 0)));
        assert_eq!(to_protocol("h8"), Some((7, 7)));
        assert_eq!(to_protocol("o15"), Some((14, 14)));
        assert_eq!(to_protocol("c12"), Some((2, 11)));
        assert_eq!(to_protocol("a0"), None);
        assert_eq!(to_protocol("pass"), None);
        assert_eq!(from_protocol(7, 7, 15).as_deref(), Some("h8"));
        assert_eq!(from_protocol(2, 11, 15).as_deref(), Some("c12"));
        assert_eq!(from_protocol(15, 0, 15), None);
        assert_eq!(from_protocol(0, 15, 15), None);
        for x in 0..20 {
            for y in 0..20 {
                let square = from_protocol(x, y, 20).expect("on the board");
                assert_eq!(to_protocol(&square), Some((x, y)));
            }
        }
    }

    #[test]
    fn rules_are_gomocup_bits_and_moves_parse() {
        assert_eq!(gomocup_rule(Rule::Freestyle), 0);
        assert_eq!(gomocup_rule(Rule::Exact), 1);
        assert_eq!(gomocup_rule(Rule::Renju), 4);
        assert_eq!(gomocup_rule(Rule::Caro), 8);
        assert_eq!(parse_move("7,7"), Some((7, 7)));
        assert_eq!(parse_move(" 3 , 12 "), Some((3, 12)));
        assert_eq!(parse_move("7 7"), None);
        assert_eq!(parse_move("-1,2"), None);
    }
}
