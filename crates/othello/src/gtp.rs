//! The Go Text Protocol (version 2) as Othello GUIs and engines speak it
//! (Quarry and GoGui drive engines with it; GRhino's `gtp-rhino` answers
//! it): one command a line, an answer `= RESULT` or `? ERROR` followed by
//! an empty line, with the command's number if it had one.
//!
//! | command | answer |
//! |---|---|
//! | `protocol_version`, `name`, `version` | `2`, `ply`, the crate's version |
//! | `known_command C`, `list_commands` | `true`/`false`, every command |
//! | `boardsize N` | a new game on N x N (4, 6, 8 or 10) |
//! | `clear_board` | a new game on the same board |
//! | `komi X` | a number, accepted and ignored (Othello has none) |
//! | `play COLOUR VERTEX` | plays it (`pass` passes); a move by the side not to move is one after a pass, which is played first when the side to move has no move |
//! | `genmove COLOUR` | the engine's move for COLOUR, played; `pass` when it has none |
//! | `reg_genmove COLOUR` | the same move, not played |
//! | `undo` | takes back the last `play` or `genmove` (with a pass it implied) |
//! | `showboard` | the board, after a line break |
//! | `final_score` | `B+N`, `W+N` or `0`, by discs, once the game is over |
//! | `time_settings MAIN BYO STONES`, `time_left COLOUR SECONDS STONES` | the engine plans its moves' time by them |
//! | `quit` | ends |
//!
//! Vertices are Othello's own squares (`d3`: column letter, row number, row
//! 1 at the top), as GRhino writes them; colours `b`, `black`, `w`,
//! `white`. Comments (`#` to the end of the line) and empty lines are
//! ignored.

use std::time::Duration;

use ply_engine::{BotSpec, EngineConfig, GameKind, GameOptions, GameResult, Session, Side};

use crate::kind::OTHELLO;

/// Every command, as `list_commands` answers.
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
];

/// The board sizes the engine plays.
const SIZES: [u32; 4] = [4, 6, 8, 10];

/// Whether `line` is the protocol's `quit` (with or without a number), which
/// a front end reading ahead of a running search acts on at once.
pub fn is_quit(line: &str) -> bool {
    let mut words = clean(line);
    let first = words.next();
    let command = match first {
        Some(word) if word.parse::<u64>().is_ok() => words.next(),
        other => other,
    };
    command == Some("quit")
}

fn clean(line: &str) -> std::str::SplitWhitespace<'_> {
    line.split('#').next().unwrap_or("").split_whitespace()
}

/// One answer: the text for standard output (`=` or `?` line, its empty
/// line included), and whether the engine ends after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What to write, ending with the blank line the protocol requires.
    pub text: String,
    /// True after `quit`.
    pub quit: bool,
}

/// The clock as the GUI states it.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    /// Byo-yomi: this many stones in that time once the main time is gone.
    byo_yomi: Option<(Duration, u32)>,
    /// Time left and stones left in the period (0: main time), per side.
    left: [Option<(Duration, u32)>; 2],
}

/// A GTP engine: the game, its history of commands, the clock.
pub struct Gtp {
    size: u32,
    session: Box<dyn Session>,
    /// Session moves each `play` / `genmove` made (2 when a pass came first).
    history: Vec<usize>,
    clock: Clock,
    /// Longest a move may take, and the hash table's size.
    move_time: Duration,
    hash_mb: usize,
}

type Reply = Result<String, String>;

impl Gtp {
    /// An engine for 8 x 8 that thinks at most `move_time` a move (less when
    /// the GUI's clock says so).
    pub fn new(move_time: Duration, hash_mb: usize) -> Gtp {
        Gtp {
            size: 8,
            session: new_session(8).expect("8 x 8 is a size the game has"),
            history: Vec::new(),
            clock: Clock::default(),
            move_time,
            hash_mb,
        }
    }

    /// Answers one line; `None` for a line with no command (empty, or a
    /// comment).
    pub fn handle(&mut self, line: &str) -> Option<Answer> {
        let mut words = clean(line).peekable();
        let id = match words.peek() {
            Some(word) if word.parse::<u64>().is_ok() => words.next().map(str::to_string),
            _ => None,
        };
        let command = words.next()?;
        let args: Vec<&str> = words.collect();
        let reply = self.command(command, &args);
        let id = id.unwrap_or_default();
        let text = match reply {
            Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Ok(text) if text.starts_with('\n') => format!("={id}{text}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(error) => format!("?{id} {error}\n\n"),
        };
        Some(Answer {
            text,
            quit: command == "quit",
        })
    }

    fn command(&mut self, command: &str, args: &[&str]) -> Reply {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("ply".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&arg(args, 0)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            // Othello has no komi, but the command is still checked as
            // GTP defines it: a float, else a syntax error.
            "komi" => {
                let komi = arg(args, 0)?;
                komi.parse::<f64>()
                    .ok()
                    .filter(|k| k.is_finite())
                    .map(|_| String::new())
                    .ok_or_else(|| format!("syntax error: '{}' is not a komi", shown(komi)))
            }
            "boardsize" => self.boardsize(arg(args, 0)?),
            "clear_board" => {
                self.session.restart();
                self.history.clear();
                Ok(String::new())
            }
            "play" => {
                let side = colour(arg(args, 0)?)?;
                self.play(side, arg(args, 1)?)
            }
            "genmove" => self.genmove(colour(arg(args, 0)?)?, true),
            "reg_genmove" => self.genmove(colour(arg(args, 0)?)?, false),
            "undo" => self.undo(),
            "showboard" => Ok(format!("\n{}", self.session.render(false).trim_end())),
            "final_score" => self.final_score(),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            _ => Err("unknown command".into()),
        }
    }

    fn boardsize(&mut self, size: &str) -> Reply {
        let size = size
            .parse::<u32>()
            .ok()
            .filter(|s| SIZES.contains(s))
            .ok_or_else(|| "unacceptable size (Othello plays 4, 6, 8 or 10)".to_string())?;
        self.session = new_session(size).map_err(|e| e.to_string())?;
        self.size = size;
        self.history.clear();
        Ok(String::new())
    }

    /// Passes for the side to move when it has no move and `side` is the
    /// other one (GUIs leave forced passes out); answers how many moves
    /// that played.
    fn pass_for_other(&mut self, side: Side) -> Result<usize, String> {
        if self.session.result().is_some() {
            return Err("the game is over".into());
        }
        if self.session.to_move() == side {
            return Ok(0);
        }
        if self.session.must_pass() {
            self.session.play("pass").map_err(|e| e.to_string())?;
            return Ok(1);
        }
        Err(format!("it is {}'s turn", name(self.session.to_move())))
    }

    fn play(&mut self, side: Side, vertex: &str) -> Reply {
        let before = self.session.moves_played().len();
        let passed = self.pass_for_other(side)?;
        match self.session.play(&vertex.to_ascii_lowercase()) {
            Ok(_) => {
                self.history.push(passed + 1);
                Ok(String::new())
            }
            Err(e) => {
                self.rewind_to(before);
                Err(format!("illegal move: {e}"))
            }
        }
    }

    fn genmove(&mut self, side: Side, keep: bool) -> Reply {
        if self.session.result().is_some() {
            return Ok("pass".into());
        }
        let before = self.session.moves_played().len();
        let passed = self.pass_for_other(side)?;
        let config = EngineConfig {
            hash_mb: self.hash_mb,
            depth: None,
            seed: before as u64,
            move_time: Some(self.budget(side)),
            threads: 1,
        };
        let spec = BotSpec::Computer(None);
        let moved = self.session.new_bot(&spec, &config).and_then(|mut bot| {
            let moved = self.session.bot_move(&mut bot);
            self.session.drop_bot(bot);
            moved
        });
        let moved = match moved {
            Ok(moved) => moved,
            Err(e) => {
                self.rewind_to(before);
                return Err(e.to_string());
            }
        };
        if keep {
            self.history.push(passed + 1);
        } else {
            self.rewind_to(before);
        }
        Ok(moved.mv)
    }

    /// Takes back the session's moves past the first `before`.
    fn rewind_to(&mut self, before: usize) {
        for _ in before..self.session.moves_played().len() {
            self.session.undo();
        }
    }

    fn undo(&mut self) -> Reply {
        let made = self
            .history
            .pop()
            .ok_or("cannot undo: no move was played")?;
        for _ in 0..made {
            self.session.undo();
        }
        Ok(String::new())
    }

    fn final_score(&self) -> Reply {
        let over = self.session.result();
        let count = self.session.piece_count();
        match (over, count) {
            (Some(GameResult::Draw), _) => Ok("0".into()),
            (Some(GameResult::Win(side)), Some(count)) => {
                let (black, white) = (count.first, count.second);
                let margin = black.abs_diff(white);
                let letter = if side == Side::First { 'B' } else { 'W' };
                Ok(format!("{letter}+{margin}"))
            }
            _ => Err("cannot score: the game is not over".into()),
        }
    }

    fn time_settings(&mut self, args: &[&str]) -> Reply {
        let main = seconds(arg(args, 0)?)?;
        let byo = seconds(arg(args, 1)?)?;
        let stones = stones(arg(args, 2)?)?;
        self.clock.byo_yomi = (stones > 0).then_some((byo, stones));
        self.clock.left = [Some((main, 0)); 2];
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[&str]) -> Reply {
        let side = colour(arg(args, 0)?)?;
        let left = seconds(arg(args, 1)?)?;
        let stones = stones(arg(args, 2)?)?;
        self.clock.left[side.index()] = Some((left, stones));
        Ok(String::new())
    }

    /// The time for `side`'s move: the GUI's clock shared over the moves
    /// it still has to make (a tenth kept back for the answer's way), never
    /// more than the engine's move time.
    fn budget(&self, side: Side) -> Duration {
        let own_moves = (self.empties() / 2).max(1);
        let planned = match self.clock.left[side.index()] {
            Some((left, stones)) if stones > 0 => left / stones,
            Some((left, _)) => match self.clock.byo_yomi {
                // Main time spread over the moves, then byo-yomi per stone.
                Some((byo, stones)) => left / own_moves + byo / stones,
                None => left / own_moves,
            },
            None => self.move_time,
        };
        // Not `clamp`: it panics when a caller's move time is under the
        // millisecond floor; the floor wins then.
        (planned * 9 / 10)
            .min(self.move_time)
            .max(Duration::from_millis(1))
    }

    fn empties(&self) -> u32 {
        match self.session.piece_count() {
            Some(count) => count.squares - count.first - count.second,
            None => self.size * self.size,
        }
    }
}

fn new_session(size: u32) -> Result<Box<dyn Session>, ply_engine::GameError> {
    OTHELLO.new_session(&GameOptions::new().with_value("size", &size.to_string()))
}

fn arg<'a>(args: &[&'a str], index: usize) -> Result<&'a str, String> {
    args.get(index)
        .copied()
        .ok_or_else(|| "syntax error: an argument is missing".to_string())
}

fn colour(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Side::First),
        "w" | "white" => Ok(Side::Second),
        _ => Err(format!("syntax error: '{}' is not a colour", shown(text))),
    }
}

fn name(side: Side) -> &'static str {
    if side == Side::First {
        "black"
    } else {
        "white"
    }
}

fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (0.0..=1e6).contains(s))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("syntax error: '{}' is not a time in seconds", shown(text)))
}

fn stones(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .map_err(|_| format!("syntax error: '{}' is not a number of stones", shown(text)))
}

fn shown(text: &str) -> String {
    ply_engine::echo::shown_within(text, 40)
}
