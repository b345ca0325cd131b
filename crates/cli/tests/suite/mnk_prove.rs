//! `ply solve mnk` through the proof search: the literature's values, the
//! prover chosen on its own where alpha-beta would take too long, a time
//! budget (`--move-time`) that leaves the value unknown, and the JSON report
//! in the shared shape.

use crate::support;

use std::time::{Duration, Instant};

use support::{ply, Run};

/// `ply solve mnk` on the empty `side` x `side` board with `k` in a row,
/// followed by `extra` arguments.
fn solve(side: u8, k: u8, extra: &[&str]) -> Run {
    let (side, k) = (side.to_string(), k.to_string());
    let mut args = vec!["solve", "mnk", "--size", &side, "--k", &k];
    args.extend_from_slice(extra);
    ply(&args, "")
}

#[test]
fn known_values_are_proved() {
    // (6,6,5) is a draw and (6,6,4) a first-player win (the literature's
    // values, reproduced by the prover).
    let run = solve(6, 5, &["--prove"]);
    run.assert_says("(6,6,5) from the start: draw with best play, proved");
    assert!(run.stdout.contains("Proof: "), "{}", run.stdout);
    let run = solve(6, 4, &["--prove", "--proof-method", "dfs"]);
    run.assert_says("X wins with best play");
    assert!(run.stdout.contains("depth-first search"), "{}", run.stdout);
}

#[test]
fn solve_proves_on_its_own_where_alpha_beta_would_take_too_long() {
    // 36 empty squares: alpha-beta ran past 20 s on (6,6,5) from the start,
    // the prover takes a fraction of a second. No flag asks for it.
    let started = Instant::now();
    let run = solve(6, 5, &[]);
    let took = started.elapsed();
    run.assert_says("(6,6,5) from the start: draw with best play, proved");
    assert!(took < Duration::from_secs(20), "took {took:?}");
    // A depth limit bounds alpha-beta, so it keeps every move's value.
    let run = solve(6, 5, &["--depth", "2"]);
    run.assert_ok();
    assert!(run.stdout.contains("Value: "), "{}", run.stdout);
    assert!(!run.stdout.contains("Proof: "), "{}", run.stdout);
    // Small boards keep alpha-beta's value of every move.
    let run = solve(5, 4, &[]);
    run.assert_says("Value: draw (25 plies to the end)");
}

#[test]
fn the_proof_respects_move_time() {
    // (7,7,5) takes the prover seconds to minutes: half a second proves
    // nothing, and the answer says so and how to allow more.
    let started = Instant::now();
    let run = solve(7, 5, &["--move-time", "500"]);
    let took = started.elapsed();
    run.assert_says("unknown (X to move, heuristic score");
    assert!(
        run.stdout.contains("a longer move time allows more"),
        "{}",
        run.stdout
    );
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn the_proof_reports_json_in_the_shared_shape() {
    let run = solve(6, 4, &["--prove", "--json"]);
    run.assert_ok();
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(json["game"], "mnk", "{}", run.stdout);
    assert_eq!(json["value"], "win", "{}", run.stdout);
    assert_eq!(json["to_move"], "X", "{}", run.stdout);
    assert!(json.get("stopped").is_none(), "{}", run.stdout);
    let run = solve(7, 5, &["--move-time", "300", "--json"]);
    run.assert_ok();
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(json["value"], "unknown", "{}", run.stdout);
    assert_eq!(json["stopped"], "time budget", "{}", run.stdout);
    assert!(json["score"].is_i64(), "a heuristic score: {}", run.stdout);
}

#[test]
fn proof_options_are_checked() {
    let run = solve(6, 4, &["--prove", "--proof-method", "bfs"]);
    run.assert_user_error("--proof-method");
    let run = solve(
        6,
        4,
        &["--prove", "--proof-time", "5", "--move-time", "100"],
    );
    run.assert_user_error("--move-time");
    let run = solve(6, 4, &["--prove", "--stats"]);
    run.assert_user_error("--stats");
    // Without --prove the prover is still the one answering on 36 empties.
    let run = solve(6, 4, &["--stats"]);
    run.assert_user_error("--stats");
}
