//! `ply gtp` driven as an Othello GUI drives an engine over the Go Text
//! Protocol: a whole game through the pipes, the GUI keeping its own board
//! (the tests' plain Othello) and checking every move and the final score;
//! and garbage on the protocol, which must never stop the engine from
//! answering.

use crate::support;
use support::othello_board::{name, parse, Board};

use std::process::Stdio;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const WAIT: Duration = Duration::from_secs(30);

/// The GUI's side of the pipes.
struct Gui(support::Piped);

impl Gui {
    fn start() -> Gui {
        Gui(support::Piped::start(
            &["gtp", "--hash", "16", "--move-time", "50"],
            Stdio::null(),
        ))
    }

    /// Sends `command` and reads its answer: the lines up to the empty one
    /// that ends it; the first line starts with `=` or `?`.
    fn ask(&mut self, command: &str) -> Vec<String> {
        self.0.write(format!("{command}\n").as_bytes());
        self.answer()
    }

    fn answer(&mut self) -> Vec<String> {
        let end = Instant::now() + WAIT;
        let mut lines = Vec::new();
        loop {
            let line = self
                .0
                .next_line(end)
                .unwrap_or_else(|| panic!("no whole answer in time: {lines:?}"));
            if line.is_empty() {
                assert!(
                    lines
                        .first()
                        .is_some_and(|l: &String| l.starts_with(['=', '?'])),
                    "an answer starts with = or ?: {lines:?}"
                );
                return lines;
            }
            lines.push(line);
        }
    }

    /// The result of a command that must succeed.
    fn ok(&mut self, command: &str) -> String {
        let lines = self.ask(command);
        assert!(lines[0].starts_with('='), "{command}: {lines:?}");
        lines[0].trim_start_matches('=').trim().to_string()
    }
}

/// GTP's vertex for a square (`d3`), or `pass`.
fn vertex(square: Option<usize>) -> String {
    match square {
        None => "pass".into(),
        Some(_) => name(square).to_ascii_lowercase(),
    }
}

#[test]
fn a_whole_game_as_a_gui_plays_it() {
    let mut gui = Gui::start();
    assert_eq!(gui.ok("1 protocol_version"), "1 2");
    assert_eq!(gui.ok("name"), "ply");
    let commands = gui.ask("list_commands");
    for needed in [
        "boardsize",
        "genmove",
        "play",
        "undo",
        "final_score",
        "time_left",
    ] {
        assert!(
            commands
                .iter()
                .any(|c| c.trim_start_matches("= ") == needed),
            "{commands:?}"
        );
    }
    assert_eq!(gui.ok("known_command genmove"), "true");
    assert_eq!(gui.ok("known_command fly"), "false");
    gui.ok("boardsize 8");
    gui.ok("clear_board");
    gui.ok("time_settings 30 0 0");
    // The GUI plays black at random (seeded), the engine white; every move
    // of the engine is checked on the GUI's own board.
    let mut rng = StdRng::seed_from_u64(23);
    let mut board = Board::start();
    let mut plies = 0;
    while !board.over() {
        let me = board.me();
        let legal = board.legal(me);
        if me == 1 {
            let square = (!legal.is_empty()).then(|| legal[rng.gen_range(0..legal.len())]);
            if square.is_some() {
                gui.ok(&format!("play b {}", vertex(square)));
            }
            board.play(square);
        } else {
            gui.ok(&format!("time_left w {} 0", 30 - plies / 4));
            let answer = gui.ok("genmove w").to_ascii_lowercase();
            if answer == "pass" {
                assert!(legal.is_empty(), "the engine passed with {legal:?} to play");
                board.play(None);
            } else {
                let square = parse(&answer);
                assert!(legal.contains(&square.expect("a square")), "{answer}");
                board.play(square);
            }
        }
        plies += 1;
    }
    let black = board.cells.iter().filter(|&&c| c == 1).count() as i32;
    let white = board.cells.iter().filter(|&&c| c == 2).count() as i32;
    let expected = match black - white {
        0 => "0".to_string(),
        d if d > 0 => format!("B+{d}"),
        d => format!("W+{}", -d),
    };
    assert_eq!(gui.ok("final_score"), expected);
    assert_eq!(gui.ok("genmove b").to_ascii_lowercase(), "pass");
    // Undo takes back the last moves the GUI and the engine made.
    gui.ok("undo");
    gui.ok("undo");
    let refused = gui.ask("final_score");
    assert!(refused[0].starts_with('?'), "{refused:?}");
    let board_text = gui.ask("showboard");
    assert!(board_text.len() > 8, "{board_text:?}");
    gui.ok("quit");
    let status = gui.0.exit_status(WAIT);
    assert!(status.success(), "{status}");
}

#[test]
fn every_board_size_plays_and_bad_sizes_are_refused() {
    let mut gui = Gui::start();
    for size in [4, 6, 10] {
        gui.ok(&format!("boardsize {size}"));
        let mv = gui.ok("genmove b");
        assert_ne!(mv, "pass", "{size}");
        assert!(
            gui.ask(&format!("play b {mv}"))[0].starts_with('?'),
            "black again"
        );
        gui.ok("genmove w");
    }
    for bad in ["boardsize 7", "boardsize 12", "boardsize x", "boardsize"] {
        assert!(gui.ask(bad)[0].starts_with('?'), "{bad}");
    }
    // A refused size leaves the board as it was.
    gui.ok("genmove b");
    gui.ok("quit");
}

#[test]
fn garbage_never_stops_the_engine() {
    let mut gui = Gui::start();
    let mut rng = StdRng::seed_from_u64(7);
    let words = [
        "play",
        "genmove",
        "undo",
        "boardsize",
        "time_left",
        "time_settings",
        "b",
        "w",
        "pass",
        "a1",
        "z99",
        "-1",
        "1e309",
        "NaN",
        "inf",
        "\u{fffd}",
        "komi",
        "99999999999999999999",
        "final_score",
        "showboard",
        "clear_board",
        "reg_genmove",
    ];
    for _ in 0..300 {
        let n = rng.gen_range(1..5);
        let line: Vec<&str> = (0..n)
            .map(|_| words[rng.gen_range(0..words.len())])
            .collect();
        let line = line.join(" ");
        // Every command with a word gets exactly one answer.
        gui.ask(&line);
    }
    // Bytes that are not text, and an over-long line, then a real command.
    gui.0.write(&[0xff, 0xfe, b'x', b'\n']);
    gui.answer();
    // An over-long line is cut (its rest skipped): one unknown command.
    gui.0.write(format!("{}\n", "a".repeat(100_000)).as_bytes());
    assert!(gui.answer()[0].starts_with('?'));
    assert_eq!(gui.ok("name"), "ply");
    gui.ok("quit");
    let status = gui.0.exit_status(WAIT);
    assert!(status.success(), "{status}");
}

#[test]
fn the_end_of_the_input_stops_a_search_at_once() {
    let mut gui = Gui(support::Piped::start(
        &["gtp", "--hash", "16", "--move-time", "60000"],
        Stdio::null(),
    ));
    gui.ok("play b d3");
    gui.0.write(b"genmove w\n");
    // Still thinking (it may take a minute) when the input ends.
    assert!(gui
        .0
        .next_line(Instant::now() + Duration::from_millis(300))
        .is_none());
    let asked = Instant::now();
    gui.0.close_input();
    let status = gui.0.exit_status(WAIT);
    assert!(status.success(), "{status}");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
}
