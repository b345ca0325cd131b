//! `ply solve mnk` through the proof search: the literature's values, a
//! time budget (`--move-time`) that leaves the value unknown, and the JSON
//! report in the shared shape.

mod support;

use std::time::{Duration, Instant};

use support::ply;

#[test]
fn known_values_are_proved() {
    // (6,6,5) is a draw and (6,6,4) a first-player win (the literature's
    // values, reproduced by the prover).
    let run = ply(&["solve", "mnk", "--size", "6", "--k", "5", "--prove"], "");
    run.assert_ok();
    assert!(
        run.stdout
            .contains("(6,6,5) from the start: draw with best play, proved"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Proof: "), "{}", run.stdout);
    let run = ply(
        &[
            "solve",
            "mnk",
            "--size",
            "6",
            "--k",
            "4",
            "--prove",
            "--proof-method",
            "dfs",
        ],
        "",
    );
    run.assert_ok();
    assert!(
        run.stdout.contains("X wins with best play"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("depth-first search"), "{}", run.stdout);
}

#[test]
fn the_proof_respects_move_time() {
    // (7,7,5) takes the prover seconds to minutes: half a second proves
    // nothing, and the answer says so and how to allow more.
    let started = Instant::now();
    let run = ply(
        &[
            "solve",
            "mnk",
            "--size",
            "7",
            "--k",
            "5",
            "--move-time",
            "500",
        ],
        "",
    );
    let took = started.elapsed();
    run.assert_ok();
    assert!(
        run.stdout.contains("unknown (X to move, heuristic score"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("a longer move time allows more"),
        "{}",
        run.stdout
    );
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn the_proof_reports_json_in_the_shared_shape() {
    let run = ply(
        &[
            "solve", "mnk", "--size", "6", "--k", "4", "--prove", "--json",
        ],
        "",
    );
    run.assert_ok();
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(json["game"], "mnk", "{}", run.stdout);
    assert_eq!(json["value"], "win", "{}", run.stdout);
    assert_eq!(json["to_move"], "X", "{}", run.stdout);
    assert!(json.get("stopped").is_none(), "{}", run.stdout);
    let run = ply(
        &[
            "solve",
            "mnk",
            "--size",
            "7",
            "--k",
            "5",
            "--move-time",
            "300",
            "--json",
        ],
        "",
    );
    run.assert_ok();
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(json["value"], "unknown", "{}", run.stdout);
    assert_eq!(json["stopped"], "time budget", "{}", run.stdout);
    assert!(json["score"].is_i64(), "a heuristic score: {}", run.stdout);
}

#[test]
fn proof_options_are_checked() {
    let run = ply(
        &[
            "solve",
            "mnk",
            "--size",
            "6",
            "--k",
            "4",
            "--prove",
            "--proof-method",
            "bfs",
        ],
        "",
    );
    run.assert_user_error("--proof-method");
    let run = ply(
        &[
            "solve",
            "mnk",
            "--size",
            "6",
            "--k",
            "4",
            "--prove",
            "--proof-time",
            "5",
            "--move-time",
            "100",
        ],
        "",
    );
    run.assert_user_error("--move-time");
    let run = ply(
        &[
            "solve", "mnk", "--size", "6", "--k", "4", "--prove", "--stats",
        ],
        "",
    );
    run.assert_user_error("--stats");
}
