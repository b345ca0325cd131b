//! Ctrl-C: during `hint` it stops the analysis and the game goes on; at the
//! prompt it ends the program as usual.
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
