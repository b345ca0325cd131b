//! `ply nboard` driven as the NBoard GUI drives an engine: a whole game
//! through the pipes, the GUI keeping its own board (a plain square-by-
//! square Othello written here, independent of the engine's bitboards) and
//! checking every move the engine answers; and garbage on the protocol,
//! which must never stop the engine from answering.

use crate::support;
use support::othello_board::{name, parse, Board};

use std::process::Stdio;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const WAIT: Duration = Duration::from_secs(60);

/// The GUI's side of the pipes.
struct Gui(support::Piped);

impl Gui {
    fn start() -> Gui {
        Gui::start_with(&[])
    }

    /// `ply nboard` with `extra` options after the usual ones.
    fn start_with(extra: &[&str]) -> Gui {
        let mut args = vec!["nboard", "--threads", "2", "--hash", "16"];
        args.extend_from_slice(extra);
        Gui(support::Piped::start(&args, Stdio::null()))
    }

    fn send(&mut self, line: &str) {
        self.0.write(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_within(prefix, WAIT)
    }

    /// [`Gui::until`], the line due within `limit`.
    fn until_within(&mut self, prefix: &str, limit: Duration) -> Vec<String> {
        let end = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let line = self
                .0
                .next_line(end)
                .unwrap_or_else(|| panic!("no {prefix:?} in time after {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.0.exit_status(WAIT);
        assert!(status.success(), "{status}");
    }
}

#[test]
fn a_whole_game_through_the_protocol() {
    let mut gui = Gui::start();
    let mut rng = StdRng::seed_from_u64(9);
    gui.send("nboard 2");
    gui.send("set depth 4");
    gui.send("set contempt 0");
    let start = Board::start();
    let mut board = start.clone();
    let mut record = Vec::new();
    gui.send(&format!(
        "set game (;GM[Othello]PC[test]PB[ply]PW[random]RE[?]TI[0:00]TY[8]BO[{}];)",
        start.ggf_board()
    ));
    let mut ping = 0;
    let mut engine_moves = 0;
    while !board.over() {
        let engine_to_move = board.black_to_move;
        let me = board.me();
        let square = if engine_to_move {
            gui.send("go");
            let lines = gui.until("=== ");
            let answer = lines.last().unwrap().trim_start_matches("=== ").to_string();
            let mut parts = answer.split('/');
            let mv = parse(parts.next().unwrap());
            if let Some(eval) = parts.next() {
                eval.parse::<f64>().expect("the eval is a number");
            }
            // Legal on the GUI's own board (a pass only without a move).
            match mv {
                Some(s) => assert!(board.legal(me).contains(&s), "{answer}"),
                None => assert!(board.legal(me).is_empty(), "{answer}"),
            }
            engine_moves += 1;
            mv
        } else {
            let legal = board.legal(me);
            if legal.is_empty() {
                None
            } else {
                Some(legal[rng.gen_range(0..legal.len())])
            }
        };
        board.play(square);
        record.push((engine_to_move, square));
        if record.len() % 7 == 0 {
            // Now and then the GUI sends the whole game again, as after
            // an undo or a new window.
            let moves: String = record
                .iter()
                .map(|&(black, s)| format!("{}[{}]", if black { "B" } else { "W" }, name(s)))
                .collect();
            gui.send(&format!(
                "set game (;GM[Othello]PC[test]TY[8]BO[{}]{moves};)",
                start.ggf_board()
            ));
        } else {
            gui.send(&format!("move {}/0.00/0.1", name(square)));
        }
        if record.len() % 5 == 0 && !board.over() {
            ping += 1;
            gui.send(&format!("ping {ping}"));
            gui.until(&format!("pong {ping}"));
            gui.send("hint 2");
            let lines = gui.until("status");
            // The first status announces the analysis; the search lines
            // and the closing status follow.
            let lines = if lines.len() == 1 {
                gui.until("status")
            } else {
                lines
            };
            let searches: Vec<&String> =
                lines.iter().filter(|l| l.starts_with("search ")).collect();
            let legal = board.legal(board.me());
            if !legal.is_empty() {
                assert!(!searches.is_empty(), "{lines:?}");
                for line in searches {
                    let mut words = line.split_whitespace().skip(1);
                    let pv = words.next().unwrap();
                    let first = parse(&pv[..2]);
                    assert!(legal.contains(&first.unwrap()), "{line}");
                    words.next().unwrap().parse::<f64>().expect("eval");
                }
            }
        }
    }
    assert!(engine_moves >= 10);
    gui.send("learn");
    gui.until("learned");
    // The engine still answers for the finished game's position.
    gui.send("ping 1000");
    gui.until("pong 1000");
    gui.quit();
}

#[test]
fn garbage_never_stops_the_engine() {
    let mut gui = Gui::start();
    let mut rng = StdRng::seed_from_u64(4);
    gui.send("nboard 2");
    gui.send("set depth 2");
    let words = [
        "set",
        "game",
        "depth",
        "contempt",
        "move",
        "hint",
        "go",
        "ping",
        "nboard",
        "(;",
        ";)",
        "BO[",
        "]",
        "8",
        "-1",
        "99999999999999999999",
        "PA",
        "F5",
        "z9",
        "/",
        "B[",
        "W[",
    ];
    for round in 0..300 {
        let line: Vec<u8> = match round % 3 {
            0 => (0..rng.gen_range(0..60)).map(|_| rng.gen()).collect(),
            1 => (0..rng.gen_range(1..6))
                .map(|_| words[rng.gen_range(0..words.len())])
                .collect::<Vec<_>>()
                .join(" ")
                .into_bytes(),
            _ => {
                let mut l = b"set game (;GM[Othello]BO[8 ".to_vec();
                l.extend((0..rng.gen_range(0..70)).map(|_| b"-*O?"[rng.gen_range(0..4)]));
                l.extend_from_slice(b" *]B[F5];)");
                l
            }
        };
        // Never a quit by accident.
        if line.windows(4).any(|w| w == b"quit") {
            continue;
        }
        let mut line = line;
        line.retain(|&b| b != b'\n' && b != b'\r');
        line.push(b'\n');
        gui.send_bytes(&line);
        if round % 50 == 0 {
            gui.send(&format!("ping {round}"));
            gui.until(&format!("pong {round}"));
        }
    }
    // Whatever the garbage left, a game set now is played.
    gui.send("set depth 3");
    gui.send(&format!(
        "set game (;GM[Othello]BO[{}];)",
        Board::start().ggf_board()
    ));
    // Answers to garbage that happened to be a `go` are still in the pipe.
    gui.send("ping 7777");
    gui.until("pong 7777");
    gui.send("go");
    let answer = gui.until("=== ").pop().unwrap();
    let mv = parse(&answer[4..6]);
    assert!(Board::start().legal(1).contains(&mv.unwrap()), "{answer}");
    gui.quit();
}

/// The engine thinking at depth 60 with a minute to spend.
fn thinking_for_a_minute() -> Gui {
    let mut gui = Gui::start_with(&["--move-time", "60000"]);
    gui.send("nboard 2");
    gui.send("set depth 60");
    gui.send("ping 1");
    gui.until("pong 1");
    gui.send("go");
    gui.until("status ply is thinking");
    // Well into the search.
    std::thread::sleep(Duration::from_millis(300));
    gui
}

/// How long the engine takes to end after `stop` (a quit or the end of
/// its input) reaches it mid-search.
fn time_to_end(mut gui: Gui, stop: impl FnOnce(&mut Gui)) -> Duration {
    let asked = Instant::now();
    stop(&mut gui);
    let status = gui.0.exit_status(Duration::from_secs(30));
    assert!(status.success(), "{status}");
    asked.elapsed()
}

#[test]
fn quit_stops_a_search_at_once() {
    let took = time_to_end(thinking_for_a_minute(), |gui| gui.send("quit"));
    assert!(took < Duration::from_millis(1000), "quit took {took:?}");
}

#[test]
fn the_end_of_the_input_stops_a_search_at_once() {
    let took = time_to_end(thinking_for_a_minute(), |gui| gui.0.close_input());
    assert!(took < Duration::from_millis(1000), "the end took {took:?}");
}

#[test]
fn a_ping_during_a_search_is_answered_after_the_move() {
    let mut gui = Gui::start_with(&["--move-time", "1500"]);
    gui.send("nboard 2");
    gui.send("set depth 60");
    gui.send("go");
    gui.until("status ply is thinking");
    gui.send("ping 42");
    let lines = gui.until("pong 42");
    let answer = lines.iter().position(|l| l.starts_with("=== "));
    assert!(
        answer.is_some_and(|a| a + 1 < lines.len()),
        "the move comes before the pong: {lines:?}"
    );
    gui.quit();
}

#[test]
fn depth_60_answers_within_the_default_move_time() {
    let mut gui = Gui::start();
    gui.send("nboard 2");
    gui.send("set depth 60");
    let asked = Instant::now();
    gui.send("go");
    let lines = gui.until_within("=== ", Duration::from_secs(15));
    let took = asked.elapsed();
    assert!(took < Duration::from_secs(8), "{took:?}: {lines:?}");
    gui.send("hint 3");
    gui.until_within("nodestats", Duration::from_secs(15));
    assert!(asked.elapsed() < Duration::from_secs(16));
    gui.quit();
}

#[test]
fn a_table_larger_than_half_the_memory_is_refused() {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let total_mib = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|l| l.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(4096, |kib| kib / 1024);
    let hash = (total_mib / 2 + 1).max(65536).to_string();
    support::ply(&["nboard", "--hash", &hash], "").assert_user_error("memory");
}

/// The depths of the `search` lines a `hint 1` reports, in order.
fn hint_depths(gui: &mut Gui) -> Vec<u32> {
    gui.send("hint 1");
    gui.until("nodestats")
        .iter()
        .filter(|l| l.starts_with("search "))
        .filter_map(|l| l.split_whitespace().last()?.parse().ok())
        .collect()
}

#[test]
fn depth_option_caps_the_search_until_the_gui_sets_one() {
    // A minute to spend: only the depth ends these searches.
    let mut gui = Gui::start_with(&["--move-time", "60000", "--depth", "3"]);
    gui.send("nboard 2");
    let depths = hint_depths(&mut gui);
    assert_eq!(depths.iter().max(), Some(&3), "{depths:?}");
    gui.send("set depth 5");
    let depths = hint_depths(&mut gui);
    assert_eq!(depths.iter().max(), Some(&5), "{depths:?}");
    gui.quit();
    for refused in ["0", "61", "x"] {
        support::ply(&["nboard", "--depth", refused], "").assert_user_error("depth");
    }
}
