//! `ply solve --json` prints the engine's report as it is: the one wire
//! shape the web API serves too (`crates/serve/tests/api.rs` checks the
//! API against the same engine report). Values are checked against known
//! results, not only against the engine.

use crate::support;

use ply_engine::{EngineConfig, GameKind, GameOptions};
use support::ply;

fn engine_report(kind: &dyn GameKind, options: &GameOptions, position: &str) -> serde_json::Value {
    let mut session = kind.new_session(options).expect("a session");
    session.set_position(position).expect("a position");
    let report = kind
        .solve(session.as_mut(), &EngineConfig::default())
        .expect("a report");
    let mut value = serde_json::to_value(report).expect("JSON");
    // The table's statistics are printed only with --stats.
    if let Some(fields) = value.as_object_mut() {
        fields.remove("stats");
    }
    value
}

#[test]
fn solve_json_is_the_engine_report() {
    let run = ply(
        &["solve", "tictactoe", "--position", "X---O----", "--json"],
        "",
    );
    run.assert_ok();
    let printed: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(
        printed,
        engine_report(&ply_mnk::TICTACTOE, &GameOptions::new(), "X---O----")
    );
    // Known: tic-tac-toe is a draw, and so is X in a corner answered in the centre.
    assert_eq!(printed["value"], "draw");
    assert_eq!(printed["to_move"], "X");
    assert_eq!(printed["moves"].as_array().map(Vec::len), Some(7));

    let options = GameOptions::new().with_value("heaps", "1,2,3");
    let run = ply(&["solve", "nim", "--heaps", "1,2,3", "--json"], "");
    run.assert_ok();
    let printed: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(printed, engine_report(&ply_nim::NIM, &options, "1,2,3"));
    // Bouton: 1 ^ 2 ^ 3 = 0, a loss for the player to move.
    assert_eq!(printed["value"], "lose");
}

#[test]
fn option_errors_are_worded_with_flags_at_the_terminal() {
    ply(&["solve", "mnk", "--size", "3", "--rows", "4"], "")
        .assert_user_error("give either --size or --rows/--cols, not both");
    ply(&["solve", "mnk", "--k", "9"], "")
        .assert_user_error("--k must be between 1 and 3 on a 3x3 board, got 9");
    ply(&["solve", "nim", "--heaps", "0,0"], "")
        .assert_user_error("--heaps '0,0': every row is empty");
    let run = ply(&["solve", "trilite"], "");
    run.assert_ok();
    assert!(!run.stdout.contains("--"), "{}", run.stdout);
}
