//! The Gomocup "pbrain" protocol of the piskvork manager, as a state
//! machine over text lines: [`Brain::handle`] takes one line the manager
//! sent and returns the lines to answer, so the front end only moves lines
//! between the pipes and this module is tested without a process.
//!
//! Commands (case-insensitive): `START n`, `RECTSTART w,h`, `RESTART`,
//! `BEGIN`, `TURN x,y`, `BOARD` followed by `x,y,field` lines and `DONE`
//! (field 1 our stone, 2 the opponent's, 3 a stone of neither, as the
//! continuous-game mode sends), `INFO key value`, `TAKEBACK x,y`,
//! `PLAY x,y`, `SWAP2BOARD` followed by `x,y` lines (the swap2 opening's
//! stones so far, black first) and `DONE`, `ABOUT`, `END`. Coordinates count from 0, `x` the column,
//! and every answer names a cell that way. A position where five in a row
//! is already on the board is answered with an `ERROR`: the game is over.
//! `SWAP2BOARD` is answered as swap2 asks ([`crate::decide_swap2`]): on
//! an empty board the three opening stones `x1,y1 x2,y2 x3,y3`; after
//! three stones `SWAP` (we take black), one white stone `x,y` (we take
//! white) or two more stones `x1,y1 x2,y2` (white, black: the opponent
//! chooses); after five stones `SWAP` or a white stone.
//! Answers are `OK`, a move `x,y`, `ERROR text` for a command that cannot be
//! carried out, `UNKNOWN text` for a line that is no command, and `MESSAGE`
//! lines with what the search found. Nothing the manager sends can make the
//! brain panic or stop answering.
//!
//! Time: a move is answered within `timeout_turn` less 30 ms and a
//! twentieth (20 ms when `timeout_turn` is 0, "as fast as possible"), and
//! when the match has a time limit within a tenth of `time_left` (less a
//! margin), at most a day (a number too large to store is taken as the
//! largest). Within that, the search starts no new iteration after 70%
//! of it (a thirtieth of `time_left` under a match clock), and after twice
//! that in a sharp position: the opponent has an open three, would win by
//! fours after some moves, or the best move just changed. Memory: the
//! transposition table takes at most a third of `max_memory` (and 64 MiB).
//! `INFO thread_num`: the search's threads (lazy SMP, at most
//! [`MAX_THREADS`]; 0 is taken as 1).
//! `INFO rule`, a bitmask: 4 is renju ([`Rule::Renju`]: black, the first
//! player, may not make an overline, a double four or a double three, and
//! wins with exactly five), else 8 is caro ([`Rule::Caro`], as piskvork
//! judges it: five or more wins unless exactly five has an opponent's
//! stone at both ends), else 1 is "exactly five" ([`Rule::Exact`]), else
//! five or more wins; 2 (continuous game) changes nothing here. Rule 9,
//! piskvork's caro with exactly five, is answered with an `ERROR` and
//! played as caro. Under renju the brain is black when it moves with as
//! many stones on the board as the opponent (it began), else white; a
//! `TURN` on a point forbidden to black, and a `BOARD` where black has six
//! in a row, are answered with an `ERROR` (the move is not played), and
//! the brain never plays a forbidden point.

use std::time::{Duration, Instant};

use ply_engine::Deadline;

mod clock;
mod swap2_board;

use clock::Clock;

use crate::board::Board;
use crate::learned::EvalWeights;
use crate::search::{Engine, Evaluation, Score, MAX_THREADS};
use crate::{GomokuError, Move, Rule, Stone, MAX_SIDE};

/// The stones in a row that win Gomocup games.
const K: usize = 5;
/// Table size when the manager sets no memory limit.
const DEFAULT_TABLE: usize = 64 << 20;
/// Longest line looked at; the rest of a longer one is ignored.
pub const MAX_LINE: usize = 4096;

/// Our stones are black on the board, the opponent's white, unless renju
/// says who began matters (see [`Brain::own_colour`]): under the other
/// rules the board does not care who began.
const OWN: Stone = Stone::Black;

/// The answer to one line.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Lines to send, in order (none for `INFO` and for `BOARD` data).
    pub lines: Vec<String>,
    /// True after `END`: stop reading.
    pub quit: bool,
}

impl Reply {
    fn line(text: impl Into<String>) -> Reply {
        Reply {
            lines: vec![text.into()],
            quit: false,
        }
    }

    fn none() -> Reply {
        Reply::default()
    }
}

/// What a stone in the history is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Own,
    Theirs,
    Neither,
}

/// The brain: the board, the settings the manager gave, the engine.
pub struct Brain {
    size: Option<(usize, usize)>,
    rule: Rule,
    /// The colour of our stones on the board: black but under renju when
    /// the opponent began.
    own: Stone,
    board: Option<Board>,
    /// Everything placed, oldest first, to rebuild the board after a
    /// take-back of a stone that is not the last one or a rule change.
    placed: Vec<(Move, Field)>,
    engine: Engine,
    /// The table size the engine was built with, and the size wanted now.
    engine_bytes: usize,
    table_bytes: usize,
    /// `INFO timeout_turn`, `timeout_match` and `time_left`.
    clock: Clock,
    max_memory: u64,
    /// `Some` between `BOARD` and `DONE`: cells as sent, checked on `DONE`.
    board_data: Option<Vec<((usize, usize), Field)>>,
    /// `Some` between `SWAP2BOARD` and `DONE`: the opening's stones as
    /// sent, black first.
    swap2_data: Option<Vec<(usize, usize)>>,
    /// Search threads (`INFO thread_num`, or the front end's default).
    threads: usize,
    /// Where the search's progress goes as it happens: a `MESSAGE` line
    /// per iteration completed after [`PROGRESS_AFTER`] (none by default:
    /// the answer's own `MESSAGE` line says where the search ended).
    progress: Option<ProgressSink>,
    /// What the searches judge quiet positions by, and the learned
    /// evaluation's own weights when the front end gave some.
    evaluation: Evaluation,
    weights: Option<&'static EvalWeights>,
}

/// A sink for `MESSAGE` lines sent while the search runs.
pub type ProgressSink = Box<dyn FnMut(&str)>;

/// Iterations that end this soon after the search began are not shown as
/// they happen: a quick move's answer says it all.
pub const PROGRESS_AFTER: Duration = Duration::from_millis(100);

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

impl Brain {
    /// A brain before `START`, with piskvork's default limits (30 s a turn).
    pub fn new() -> Brain {
        Brain {
            size: None,
            rule: Rule::Freestyle,
            own: OWN,
            board: None,
            placed: Vec::new(),
            engine: Engine::new(1 << 20),
            engine_bytes: 1 << 20,
            table_bytes: DEFAULT_TABLE,
            clock: Clock::default(),
            max_memory: 0,
            board_data: None,
            swap2_data: None,
            threads: 1,
            progress: None,
            evaluation: Evaluation::default(),
            weights: None,
        }
    }

    /// Judges quiet positions by `evaluation`, the learned one with
    /// `weights` when given (else the shipped weights of the game's rule;
    /// rules without learned weights keep the hand-made evaluation).
    pub fn set_evaluation(
        &mut self,
        evaluation: Evaluation,
        weights: Option<&'static EvalWeights>,
    ) {
        self.evaluation = evaluation;
        self.weights = weights;
        self.configure_engine();
    }

    /// Gives the engine the brain's evaluation (after it was built anew).
    fn configure_engine(&mut self) {
        match self.weights {
            Some(weights) => self.engine.set_learned_weights(weights),
            None => self.engine.set_evaluation(self.evaluation),
        }
    }

    /// Sends the search's progress to `sink` as it happens, a `MESSAGE`
    /// line per iteration (depth, score, nodes, time, principal variation)
    /// completed after [`PROGRESS_AFTER`]; the front end writes them out
    /// at once. The answers of [`Brain::handle`] are unchanged, the move
    /// still their last line.
    pub fn show_progress(&mut self, sink: ProgressSink) {
        self.progress = Some(sink);
    }

    /// A brain searching on `threads` threads (1 to [`MAX_THREADS`])
    /// until `INFO thread_num` says otherwise.
    pub fn with_threads(threads: usize) -> Brain {
        let mut brain = Brain::new();
        brain.set_threads(threads);
        brain
    }

    fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
        self.engine.set_threads(self.threads);
    }

    /// The colour of a field's stones on the board.
    fn colour(&self, field: Field) -> Stone {
        match field {
            Field::Own => self.own,
            _ => self.own.opponent(),
        }
    }

    /// The colour our stones have when the next stone is `next`'s: under
    /// renju black is the player who began, so the one who moves with as
    /// many stones on the board as the other; black under the other rules.
    fn own_colour(&self, next: Field) -> Stone {
        if self.rule != Rule::Renju {
            return OWN;
        }
        let count = |field| self.placed.iter().filter(|&&(_, f)| f == field).count();
        // The player to move is black when the counts are equal.
        let mover_is_black = count(Field::Own) == count(Field::Theirs);
        if (next == Field::Own) == mover_is_black {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// Gives our stones the colour they have when `next` moves, rebuilding
    /// the board when that changes.
    fn align_colours(&mut self, next: Field) {
        let own = self.own_colour(next);
        if own != self.own {
            self.own = own;
            self.rebuild();
        }
    }

    /// The answer to one line from the manager.
    pub fn handle(&mut self, line: &str) -> Reply {
        let received = Instant::now();
        let line = cut(line).trim();
        if line.is_empty() {
            return Reply::none();
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line, ""),
        };
        let command = word.to_ascii_uppercase();
        if self.swap2_data.is_some() {
            match command.as_str() {
                "DONE" => return self.swap2_done(received),
                "START" | "RECTSTART" | "RESTART" | "BEGIN" | "TURN" | "BOARD" | "END"
                | "ABOUT" | "INFO" | "TAKEBACK" | "PLAY" | "SWAP2BOARD" => {
                    self.swap2_data = None;
                }
                _ => return self.swap2_line(line),
            }
        }
        if self.board_data.is_some() {
            match command.as_str() {
                "DONE" => return self.board_done(received),
                "START" | "RECTSTART" | "RESTART" | "BEGIN" | "TURN" | "BOARD" | "END"
                | "ABOUT" | "INFO" | "TAKEBACK" | "PLAY" | "SWAP2BOARD" => {
                    // The manager gave up on the position: so do we.
                    self.board_data = None;
                }
                _ => return self.board_line(line),
            }
        }
        match command.as_str() {
            "START" => match parse_number(rest) {
                Some(n) => self.start(n, n),
                None => Reply::line("ERROR START takes the board size, as in START 15"),
            },
            "RECTSTART" => match parse_pair(rest) {
                Some((w, h)) => self.start(w, h),
                None => Reply::line("ERROR RECTSTART takes width,height, as in RECTSTART 20,15"),
            },
            "RESTART" => match self.size {
                Some((w, h)) => self.start(w, h),
                None => Reply::line("ERROR RESTART before START"),
            },
            "BEGIN" => match &self.board {
                None => Reply::line("ERROR BEGIN before START"),
                Some(_) => self.think(received),
            },
            "TURN" => self.turn(rest, received),
            "PLAY" => self.play_given(rest),
            "BOARD" => match &self.board {
                None => Reply::line("ERROR BOARD before START"),
                Some(_) => {
                    self.board_data = Some(Vec::new());
                    Reply::none()
                }
            },
            "SWAP2BOARD" => match &self.board {
                None => Reply::line("ERROR SWAP2BOARD before START"),
                Some(_) => {
                    self.swap2_data = Some(Vec::new());
                    Reply::none()
                }
            },
            "DONE" => Reply::line("ERROR DONE without BOARD"),
            "TAKEBACK" => self.takeback(rest),
            "INFO" => self.info(rest),
            "END" => Reply {
                lines: Vec::new(),
                quit: true,
            },
            "ABOUT" => Reply::line(format!(
                "name=\"ply\", version=\"{}\", author=\"the ply authors\", country=\"unknown\"",
                env!("CARGO_PKG_VERSION")
            )),
            _ => Reply::line(format!("UNKNOWN command {}", shown(word))),
        }
    }

    fn start(&mut self, width: usize, height: usize) -> Reply {
        // Gomocup games need room for five in a row.
        if !(K..=MAX_SIDE).contains(&width) || !(K..=MAX_SIDE).contains(&height) {
            return Reply::line(format!(
                "ERROR unsupported size {width}x{height}: {K} to {MAX_SIDE} cells a side"
            ));
        }
        match Board::new(width, height, K, self.rule) {
            Ok(board) => {
                self.size = Some((width, height));
                self.board = Some(board);
                self.own = OWN;
                self.placed.clear();
                self.board_data = None;
                // A table of the size wanted is built when the first move
                // is searched, after the INFO lines that follow START have
                // said how much memory there is (a default-sized table
                // built now would pass a smaller max_memory at once).
                if self.engine_bytes == self.table_bytes {
                    self.engine.clear();
                }
                Reply::line("OK")
            }
            Err(error) => Reply::line(format!("ERROR {}", protocol_text(&error))),
        }
    }

    /// Places a stone on `(x, y)`, checked; the error is the answer to send.
    fn place(&mut self, (x, y): (usize, usize), field: Field) -> Result<(), Reply> {
        let Some(board) = self.board.as_mut() else {
            return Err(Reply::line("ERROR no game: send START first"));
        };
        // Checked here, before a `Move` (which holds bytes) could clamp a
        // large coordinate into another one in the message.
        let (width, height) = (board.width(), board.height());
        if x >= width || y >= height {
            return Err(Reply::line(format!(
                "ERROR {x},{y} is off the {width} x {height} board"
            )));
        }
        let mv = Move::new(x, y);
        let colour = match field {
            Field::Own => self.own,
            _ => self.own.opponent(),
        };
        let placed = match field {
            Field::Neither => board.block(mv),
            _ => board.play(mv, colour),
        };
        match placed {
            Ok(()) => {
                self.placed.push((mv, field));
                Ok(())
            }
            Err(error) => Err(Reply::line(format!("ERROR {}", protocol_text(&error)))),
        }
    }

    fn turn(&mut self, rest: &str, received: Instant) -> Reply {
        if self.board.is_none() {
            return Reply::line("ERROR TURN before START");
        }
        let Some((x, y)) = parse_pair(rest) else {
            return Reply::line("ERROR TURN takes x,y, as in TURN 7,7");
        };
        self.align_colours(Field::Theirs);
        if let Some(reply) = self.refuse_foul((x, y), Field::Theirs) {
            return reply;
        }
        if let Err(reply) = self.place((x, y), Field::Theirs) {
            return reply;
        }
        self.think(received)
    }

    /// The `ERROR` for a stone of `field` on a point forbidden to it (black
    /// under renju), if it is one.
    fn refuse_foul(&self, (x, y): (usize, usize), field: Field) -> Option<Reply> {
        let board = self.board.as_ref()?;
        if x >= board.width() || y >= board.height() {
            return None;
        }
        let mv = Move::new(x, y);
        if self.colour(field) != Stone::Black || board.is_legal(mv, Stone::Black) {
            return None;
        }
        let foul = board.foul(mv)?;
        Some(Reply::line(format!(
            "ERROR {x},{y} is forbidden for black under renju: {}",
            foul.describe(|m| format!("{},{}", m.x, m.y))
        )))
    }

    /// `PLAY x,y`: the manager tells us which move to make.
    fn play_given(&mut self, rest: &str) -> Reply {
        let Some((x, y)) = parse_pair(rest) else {
            return Reply::line("ERROR PLAY takes x,y");
        };
        self.align_colours(Field::Own);
        if let Some(reply) = self.refuse_foul((x, y), Field::Own) {
            return reply;
        }
        match self.place((x, y), Field::Own) {
            Ok(()) => Reply::line(format!("{x},{y}")),
            Err(reply) => reply,
        }
    }

    fn board_line(&mut self, line: &str) -> Reply {
        let parts: Vec<&str> = line.split(',').map(str::trim).collect();
        let numbers: Option<Vec<usize>> = parts.iter().map(|p| p.parse().ok()).collect();
        let field = match numbers.as_deref() {
            Some(&[x, y, 1]) => Some(((x, y), Field::Own)),
            Some(&[x, y, 2]) => Some(((x, y), Field::Theirs)),
            Some(&[x, y, 3]) => Some(((x, y), Field::Neither)),
            _ => None,
        };
        match (field, self.board_data.as_mut()) {
            (Some(entry), Some(data)) => {
                data.push(entry);
                Reply::none()
            }
            _ => Reply::line(format!(
                "ERROR a BOARD line is x,y,field with field 1, 2 or 3, not {}",
                shown(line)
            )),
        }
    }

    fn board_done(&mut self, received: Instant) -> Reply {
        let data = self.board_data.take().unwrap_or_default();
        let Some((width, height)) = self.size else {
            return Reply::line("ERROR BOARD before START");
        };
        let fresh = self.start(width, height);
        if fresh.lines.first().map(String::as_str) != Some("OK") {
            return fresh;
        }
        let mut errors = Vec::new();
        for (cell, field) in data {
            if let Err(reply) = self.place(cell, field) {
                errors.extend(reply.lines);
            }
        }
        // The position's stones came in any order: its colours and its
        // winner follow from the counts and the lines, not the order.
        self.align_colours(Field::Own);
        if let Some(board) = self.board.as_mut() {
            board.rescan_winner();
            if self.rule == Rule::Renju && board.longest_run(Stone::Black) > 5 {
                errors.push(
                    "ERROR black has six or more in a row: under renju that is a forbidden point played"
                        .into(),
                );
                return Reply {
                    lines: errors,
                    quit: false,
                };
            }
        }
        let mut reply = self.think(received);
        errors.append(&mut reply.lines);
        reply.lines = errors;
        reply
    }

    fn takeback(&mut self, rest: &str) -> Reply {
        let Some((x, y)) = parse_pair(rest) else {
            return Reply::line("ERROR TAKEBACK takes x,y");
        };
        let mv = Move::new(x, y);
        let Some(position) = self.placed.iter().rposition(|&(m, _)| m == mv) else {
            return Reply::line(format!("ERROR there is no stone on {x},{y} to take back"));
        };
        if position + 1 == self.placed.len() {
            if let Some(board) = self.board.as_mut() {
                let _ = board.undo();
            }
            self.placed.pop();
        } else {
            self.placed.remove(position);
            self.rebuild();
        }
        Reply::line("OK")
    }

    /// Builds the board again from `placed` (after a rule change or the
    /// take-back of an older stone).
    fn rebuild(&mut self) {
        let Some((width, height)) = self.size else {
            return;
        };
        let Ok(mut board) = Board::new(width, height, K, self.rule) else {
            return;
        };
        for &(mv, field) in &self.placed {
            let _ = match field {
                Field::Neither => board.block(mv),
                _ => board.play(mv, self.colour(field)),
            };
        }
        board.rescan_winner();
        self.board = Some(board);
    }

    fn info(&mut self, rest: &str) -> Reply {
        let (key, value) = match rest.split_once(char::is_whitespace) {
            Some((key, value)) => (key.to_ascii_lowercase(), value.trim()),
            None => (rest.to_ascii_lowercase(), ""),
        };
        let number = || saturating_number(value);
        let known = matches!(
            key.as_str(),
            "timeout_turn" | "timeout_match" | "time_left" | "max_memory" | "rule" | "thread_num"
        );
        if !known {
            // game_type, evaluate, folder and future keys need nothing.
            return Reply::none();
        }
        let Some(number) = number() else {
            return Reply::line(format!(
                "ERROR INFO {key} takes a number, not {}",
                shown(value)
            ));
        };
        match key.as_str() {
            "timeout_turn" => self.clock.timeout_turn = number,
            "timeout_match" => self.clock.timeout_match = number,
            "time_left" => self.clock.time_left = Some(number),
            "thread_num" => self.set_threads(number.min(MAX_THREADS as u64) as usize),
            "max_memory" => {
                self.max_memory = number;
                self.table_bytes = if number == 0 {
                    DEFAULT_TABLE
                } else {
                    (number / 3).min(DEFAULT_TABLE as u64) as usize
                };
                // A smaller limit frees the larger table at once; the table
                // of the new size is built at the next search.
                if self.engine_bytes > self.table_bytes {
                    self.engine = Engine::new(0);
                    self.engine_bytes = 0;
                    self.configure_engine();
                }
            }
            _ => {
                let rule = if number & 4 != 0 {
                    Rule::Renju
                } else if number & 8 != 0 {
                    Rule::Caro
                } else if number & 1 != 0 {
                    Rule::Exact
                } else {
                    Rule::Freestyle
                };
                if rule != self.rule {
                    self.rule = rule;
                    self.own = self.own_colour(Field::Own);
                    self.rebuild();
                }
                if rule == Rule::Caro && number & 1 != 0 {
                    return Reply::line(
                        "ERROR caro with exactly five (rule 9) is not supported; playing caro where overlines win (rule 8)",
                    );
                }
            }
        }
        Reply::none()
    }

    /// The engine with the table size the limits ask for, built afresh
    /// when that changed (at the first search of a game, once the INFO
    /// lines are in).
    fn ready_engine(&mut self) {
        if self.engine_bytes != self.table_bytes {
            // The old table goes before the new one is built: the two
            // never take memory at once.
            self.engine = Engine::new(0);
            self.engine = Engine::new(self.table_bytes);
            self.engine_bytes = self.table_bytes;
            self.engine.set_threads(self.threads);
            self.configure_engine();
        }
    }

    /// Searches, plays and announces our move.
    fn think(&mut self, received: Instant) -> Reply {
        self.ready_engine();
        let (budget, soft) = self.clock.budget();
        self.align_colours(Field::Own);
        let own = self.own;
        let Some(board) = self.board.as_ref() else {
            return Reply::line("ERROR no game: send START first");
        };
        // Five in a row ended the game: a move now would only hide that the
        // manager's position is not one to play on.
        if let Some(winner) = board.winner() {
            let whose = if winner == own {
                "the brain's stones (field 1)"
            } else {
                "the opponent's stones (field 2)"
            };
            return Reply::line(format!(
                "ERROR the game is over: {whose} already make five in a row"
            ));
        }
        let deadline = Deadline::after(Some(budget.saturating_sub(received.elapsed())));
        let soft = soft.saturating_sub(received.elapsed());
        let wanted = self.progress.is_some();
        let progress = &mut self.progress;
        let mut show = |found: &crate::Progress| {
            if let (true, Some(sink)) = (found.elapsed >= PROGRESS_AFTER, progress.as_mut()) {
                sink(&message(
                    found.depth,
                    found.score,
                    found.nodes,
                    received.elapsed(),
                    false,
                    found.principal,
                ));
            }
        };
        let report: Option<&mut dyn FnMut(&crate::Progress)> =
            if wanted { Some(&mut show) } else { None };
        let Some(info) = self
            .engine
            .best_move_reporting(board, own, deadline, Some(soft), report)
        else {
            return Reply::line(if board.is_full() {
                "ERROR the board is full"
            } else {
                "ERROR every empty point is forbidden to black: the game cannot go on"
            });
        };
        let mv = info.best;
        if let Err(reply) = self.place((mv.x.into(), mv.y.into()), Field::Own) {
            return reply;
        }
        Reply {
            lines: vec![
                message(
                    info.depth,
                    info.score,
                    info.nodes,
                    received.elapsed(),
                    info.vcf,
                    &info.principal,
                ),
                // The move is the answer's last line: managers read it.
                format!("{},{}", mv.x, mv.y),
            ],
            quit: false,
        }
    }
}

/// The `MESSAGE` line of a search: depth, score, nodes, time since the
/// command came, whether a win by fours was found, the principal variation.
fn message(
    depth: u32,
    score: Score,
    nodes: u64,
    elapsed: Duration,
    vcf: bool,
    principal: &[Move],
) -> String {
    let score = match score {
        Score::Win(plies) => format!("win in {plies}"),
        Score::Loss(plies) => format!("loss in {plies}"),
        Score::Heuristic(s) => format!("{s}"),
    };
    let line: Vec<String> = principal
        .iter()
        .map(|m| format!("{},{}", m.x, m.y))
        .collect();
    format!(
        "MESSAGE depth {depth} score {score} nodes {nodes} time {} ms{} pv {}",
        elapsed.as_millis(),
        if vcf { " (VCF)" } else { "" },
        line.join(" ")
    )
}

/// The first [`MAX_LINE`] bytes of `line`, on a character boundary.
fn cut(line: &str) -> &str {
    if line.len() <= MAX_LINE {
        return line;
    }
    let mut end = MAX_LINE;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
}

/// User text in an answer: printable ASCII, at most 40 characters.
fn shown(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(40)
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .collect();
    if text.chars().count() > 40 {
        out.push_str("...");
    }
    out
}

/// A board error in the protocol's words: cells as `x,y` from 0, not in
/// ply's grid notation (`h8`) that [`Move`]'s `Display` writes.
fn protocol_text(error: &GomokuError) -> String {
    match error {
        GomokuError::Occupied(mv) => format!("{},{} is already taken", mv.x, mv.y),
        other => other.to_string(),
    }
}

/// An `INFO` number: negative ones are 0, and ones too large for a `u64`
/// the largest (saturated, not refused: a huge limit means no limit).
fn saturating_number(text: &str) -> Option<u64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(digits.parse().unwrap_or(u64::MAX))
}

fn parse_number(text: &str) -> Option<usize> {
    text.trim().parse().ok()
}

fn parse_pair(text: &str) -> Option<(usize, usize)> {
    let (a, b) = text.split_once(',')?;
    Some((parse_number(a)?, parse_number(b)?))
}

#[cfg(test)]
mod tests;
