//! Ctrl-C: during `hint` it stops the analysis and the game goes on; during
//! a proof or a tournament it shows what was done so far; at the prompt it
//! ends the program as usual.
#![cfg(unix)]

use crate::support;

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use support::command;

/// SIGINT, the signal of Ctrl-C.
const SIGINT: i32 = 2;

fn send_ctrl_c(child: &Child) {
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Everything the child writes on stdout, as it comes.
fn stdout_stream(child: &mut Child) -> mpsc::Receiver<u8> {
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut byte = [0u8];
        while stdout.read(&mut byte).is_ok_and(|n| n == 1) {
            if send.send(byte[0]).is_err() {
                break;
            }
        }
    });
    receive
}

/// Reads from `stream` until `text` has appeared, and returns all read.
fn read_until(stream: &mpsc::Receiver<u8>, seen: &mut String, text: &str) {
    while !seen.contains(text) {
        match stream.recv_timeout(Duration::from_secs(120)) {
            Ok(byte) => seen.push(byte as char),
            Err(_) => panic!("'{text}' never came: {seen}"),
        }
    }
}

/// Waits until `child` has used `cpu` of processor time (Linux; elsewhere
/// it waits that long), so its work is under way before a Ctrl-C: starting
/// takes far less, however loaded the machine.
fn wait_until_busy(child: &Child, cpu: Duration) {
    let started = std::time::Instant::now();
    let stat = format!("/proc/{}/stat", child.id());
    while started.elapsed() < Duration::from_secs(120) {
        let Ok(text) = std::fs::read_to_string(&stat) else {
            std::thread::sleep(cpu);
            return;
        };
        // Fields 14 and 15 (user and system time, in ticks of 1/100 s on
        // Linux) follow the command name's closing parenthesis.
        let after_name = text.rsplit_once(')').map_or("", |(_, rest)| rest);
        let ticks: u64 = after_name
            .split_whitespace()
            .skip(11)
            .take(2)
            .filter_map(|t| t.parse::<u64>().ok())
            .sum();
        if Duration::from_millis(ticks * 10) >= cpu {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the child never got busy");
}

/// Everything left on the child's stdout once it ends, and how it ended.
fn finish(
    mut child: Child,
    stream: &mpsc::Receiver<u8>,
    seen: &mut String,
) -> std::process::ExitStatus {
    let status = child.wait().expect("ply ends");
    while let Ok(byte) = stream.recv_timeout(Duration::from_secs(10)) {
        seen.push(byte as char);
    }
    status
}

fn spawn(args: &[&str]) -> Child {
    command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts")
}

#[test]
fn ctrl_c_during_a_hint_returns_to_the_prompt() {
    // Three seconds of search unless stopped: Ctrl-C comes well before.
    let mut child = spawn(&["play", "othello", "--move-time", "3000"]);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stream = stdout_stream(&mut child);
    let mut seen = String::new();
    stdin.write_all(b"hint\n").expect("input is written");
    // The echoed line comes just before the analysis starts.
    read_until(&stream, &mut seen, "> hint\n");
    std::thread::sleep(Duration::from_millis(300));
    send_ctrl_c(&child);
    read_until(&stream, &mut seen, "Stopped by Ctrl-C:");
    read_until(&stream, &mut seen, "to move> ");
    stdin.write_all(b"moves\nquit\n").expect("input is written");
    drop(stdin);
    let status = child.wait().expect("ply ends");
    while let Ok(byte) = stream.recv_timeout(Duration::from_secs(10)) {
        seen.push(byte as char);
    }
    assert!(status.success(), "{status:?}: {seen}");
    assert!(
        seen.contains("Legal moves: d3 c4 f5 e6"),
        "the game went on: {seen}"
    );
}

#[test]
fn ctrl_c_at_the_prompt_ends_the_program() {
    let mut child = spawn(&["play", "tictactoe"]);
    let stream = stdout_stream(&mut child);
    let mut seen = String::new();
    read_until(&stream, &mut seen, "X to move> ");
    send_ctrl_c(&child);
    let status = child.wait().expect("ply ends");
    assert_eq!(status.signal(), Some(SIGINT), "{status:?}");
}

/// Timing-dependent (Ctrl-C must come after the solve has started, which a
/// loaded machine may delay), so ignored; run it with
/// `cargo test -p ply --test suite -- --ignored interrupts::`.
#[test]
#[ignore]
fn ctrl_c_during_solve_shows_what_was_proved() {
    let mut child = spawn(&["solve", "othello", "--move-time", "20000"]);
    drop(child.stdin.take());
    let stream = stdout_stream(&mut child);
    std::thread::sleep(Duration::from_millis(1500));
    send_ctrl_c(&child);
    let mut seen = String::new();
    read_until(&stream, &mut seen, "Stopped by Ctrl-C:");
    let status = child.wait().expect("ply ends");
    assert!(status.success(), "{status:?}: {seen}");
    assert!(seen.contains("Value: unknown"), "{seen}");
}

#[test]
fn ctrl_c_during_a_proof_shows_what_was_proved() {
    // The proof of 7 x 7 k=5 takes far longer than its 60 s budget.
    let mut child = spawn(&["solve", "mnk", "--size", "7", "--k", "5", "--prove"]);
    drop(child.stdin.take());
    let stream = stdout_stream(&mut child);
    wait_until_busy(&child, Duration::from_millis(500));
    send_ctrl_c(&child);
    let mut seen = String::new();
    let status = finish(child, &stream, &mut seen);
    assert!(status.success(), "{status:?}: {seen}");
    assert!(
        seen.contains("(7,7,5) from the start: unknown (X to move"),
        "{seen}"
    );
    assert!(seen.contains("stopped by Ctrl-C"), "{seen}");
    assert!(seen.contains("Searched: "), "{seen}");
}

/// A learner's tournament: a second process on its file is refused while
/// it runs; Ctrl-C ends it with the table of the games finished, all of
/// them in the learner's file.
#[test]
fn ctrl_c_during_a_tournament_shows_the_games_played() {
    let dir = std::env::temp_dir().join(format!("ply-interrupts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("learner.json");
    let learner = format!("learner:{}", file.display());
    let players = format!("{learner},alphabeta:3");
    let args = [
        "tournament",
        "mnk",
        "--size",
        "4",
        "--k",
        "3",
        "--players",
        &players,
        "--games",
        "1000000000",
    ];
    let mut child = spawn(&args);
    drop(child.stdin.take());
    let stream = stdout_stream(&mut child);
    // The file is saved after the first game.
    let started = std::time::Instant::now();
    while !file.exists() {
        assert!(started.elapsed() < Duration::from_secs(120), "no save");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut second_args = args;
    second_args[9] = "2";
    let second = support::ply(&second_args, "");
    assert_eq!(second.code, 2, "{}", second.stderr);
    assert!(
        second.stderr.contains("already used by another learner"),
        "{}",
        second.stderr
    );
    assert!(second.stderr.contains("learner.json"), "{}", second.stderr);
    wait_until_busy(&child, Duration::from_millis(300));
    send_ctrl_c(&child);
    let mut seen = String::new();
    let status = finish(child, &stream, &mut seen);
    assert!(status.success(), "{status:?}: {seen}");
    assert!(seen.contains("rank  player"), "{seen}");
    let played: u64 = seen
        .split_once("interrupted: ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no note of the interrupt: {seen}"));
    assert!(played >= 1, "{seen}");
    let text = std::fs::read_to_string(&file).expect("the file is there");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(
        json["games"].as_u64(),
        Some(played),
        "every game is in the file"
    );
    std::fs::remove_dir_all(&dir).ok();
}
