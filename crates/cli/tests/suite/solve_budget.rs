//! `solve` with a time budget says what it left unknown, in text and JSON.

use crate::support;

use support::ply;

#[test]
fn a_timed_solve_says_what_is_still_unknown() {
    let run = ply(&["solve", "othello", "--move-time", "200"], "");
    run.assert_ok();
    assert!(
        run.stdout
            .contains("Within the time budget of 0.2 s: 4 moves still unknown"),
        "{}",
        run.stdout
    );
    let run = ply(&["solve", "othello", "--move-time", "200", "--json"], "");
    run.assert_ok();
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(json["stopped"], "time budget", "{}", run.stdout);
    assert_eq!(json["value"], "unknown", "{}", run.stdout);
}

#[test]
fn a_solve_that_finishes_says_nothing_of_budgets() {
    let run = ply(
        &["solve", "tictactoe", "--move-time", "60000", "--json"],
        "",
    );
    run.assert_ok();
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(json["value"], "draw");
    assert!(json.get("stopped").is_none(), "{}", run.stdout);
}
