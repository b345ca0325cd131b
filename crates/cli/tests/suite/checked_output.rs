//! Every write is checked: with standard output on a full disk every
//! command ends with one line on stderr and exit code 2, never a panic
//! (exit 101); a closed pipe still ends the program quietly.
#![cfg(unix)]

use crate::support;

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::process::Stdio;

use support::{command, ply_to_full_disk};

fn assert_write_refused(args: &[&str], input: &str) {
    let run = ply_to_full_disk(args, input);
    assert_eq!(
        run.code, 2,
        "ply {args:?}: exit code; stderr: {}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("panicked"),
        "ply {args:?}: {}",
        run.stderr
    );
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "ply {args:?}: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("cannot write to standard output"),
        "ply {args:?}: {}",
        run.stderr
    );
}

#[test]
fn solve_on_a_full_disk() {
    assert_write_refused(&["solve", "tictactoe"], "");
    assert_write_refused(&["solve", "tictactoe", "--json"], "");
    assert_write_refused(&["solve", "nim", "--tree"], "");
}

#[test]
fn games_perft_and_bench_on_a_full_disk() {
    assert_write_refused(&["games"], "");
    assert_write_refused(&["perft", "tictactoe", "2"], "");
    assert_write_refused(&["bench", "trilite"], "");
}

#[test]
fn play_and_the_menu_on_a_full_disk() {
    assert_write_refused(&["play", "tictactoe", "--players", "random,random"], "");
    assert_write_refused(&["play", "tictactoe"], "b2\n");
    assert_write_refused(&[], "1\n4\n");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = command(&["games"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut stderr)
        .expect("stderr reads");
    let status = child.wait().expect("ply ends");
    assert!(stderr.is_empty(), "{stderr}");
    // Killed by SIGPIPE, or done before the pipe closed: never an error.
    assert!(
        status.signal() == Some(13) || status.success(),
        "{status:?}"
    );
}
