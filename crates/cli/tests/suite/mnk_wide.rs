//! (m,n,k) boards beyond 8 x 8 at the terminal: a whole computer game on
//! 15 x 15 with every move within the move time, `hint` within its budget on
//! 19 x 19 and 26 x 26, and the limits of the options.

use crate::support;

use std::time::{Duration, Instant};

use support::ply;

#[test]
fn a_whole_15x15_game_between_computers_ends() {
    let clock = Instant::now();
    let run = ply(
        &[
            "play",
            "mnk",
            "--size",
            "15",
            "--k",
            "5",
            "--players",
            "computer,computer",
            "--move-time",
            "100",
        ],
        "",
    );
    run.assert_ok();
    assert!(
        run.stdout.contains("wins as") || run.stdout.contains("draw"),
        "{}",
        run.stdout
    );
    // 225 moves at most, each within 100 ms, plus the start.
    assert!(clock.elapsed() < Duration::from_secs(60));
}

#[test]
fn hint_answers_within_its_budget_on_large_boards() {
    for size in ["19", "26"] {
        let clock = Instant::now();
        let run = ply(
            &[
                "play",
                "mnk",
                "--size",
                size,
                "--k",
                "5",
                "--players",
                "human,human",
                "--move-time",
                "500",
            ],
            "j10\nhint\nquit\n",
        );
        let took = clock.elapsed();
        assert!(run.stdout.contains("Value: "), "{}", run.stdout);
        assert!(run.stdout.contains("(score "), "{}", run.stdout);
        // The hint's 500 ms, plus the start of the process.
        assert!(took < Duration::from_millis(1500), "{size}: {took:?}");
    }
}

#[test]
fn board_limits_and_rules_are_checked() {
    ply(&["play", "mnk", "--size", "27"], "").assert_user_error("between 1 and 26");
    // Negative: the game's range, not clap's "unexpected argument '-1'".
    ply(&["play", "mnk", "--size", "-1"], "").assert_user_error("between 1 and 26, got -1");
    ply(
        &[
            "tournament",
            "mnk",
            "--k",
            "-2",
            "--players",
            "random,random",
        ],
        "",
    )
    .assert_user_error("--k must be between 1 and 3 on a 3x3 board, got -2");
    ply(&["play", "mnk", "--size", "10", "--rule", "gomoku"], "").assert_user_error("--rule");
    ply(&["play", "mnk", "--size", "10", "--rule", "renju"], "")
        .assert_user_error("renju is played with five in a row, and k is 3 here (add --k 5)");
    let run = ply(&["perft", "mnk", "--size", "10", "--k", "5", "2"], "");
    run.assert_ok();
    assert!(run.stdout.contains("9900"), "{}", run.stdout);
}
