//! `ply solve` and `ply tournament` end to end for Trilite and Othello.

use crate::support;

use support::ply;

#[test]
fn solve_trilite_prints_the_solution_and_every_first_move() {
    let run = ply(&["solve", "trilite"], "");
    run.assert_ok();
    let out = &run.stdout;
    assert!(out.contains("Value: win in 13"), "{out}");
    assert!(
        out.contains("  win      b1 (12) a2 (12) c2 (12) b3 (12)"),
        "{out}"
    );
    assert!(out.contains("  draw     a1 c1 b2 a3 c3"), "{out}");
    assert!(out.contains("all 128170 positions"), "{out}");
}

#[test]
fn four_by_four_othello_is_won_by_white_and_the_score_is_printed() {
    let run = ply(&["solve", "othello", "--size", "4"], "");
    run.assert_ok();
    assert!(
        run.stdout.contains("white wins, black 3 - white 13"),
        "{}",
        run.stdout
    );
    ply(
        &["solve", "othello", "--position", "-----OX--XO----- X"],
        "",
    )
    .assert_user_error("--size 4");
}

#[test]
fn trilite_tournament_ranks_perfect_first() {
    let run = ply(
        &[
            "tournament",
            "trilite",
            "--players",
            "perfect,alphabeta:4,heuristic,random",
            "--games",
            "20",
            "--json",
        ],
        "",
    );
    run.assert_ok();
    let results: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let text = results.to_string();
    assert!(text.contains("perfect"), "{text}");
    let plain = ply(
        &[
            "tournament",
            "trilite",
            "--players",
            "perfect,heuristic,random",
            "--games",
            "10",
        ],
        "",
    );
    plain.assert_ok();
    let first = plain
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .expect("a ranking");
    assert!(first.contains("perfect"), "{}", plain.stdout);
    ply(
        &[
            "tournament",
            "trilite",
            "--players",
            "perfect,random",
            "--games",
            "3",
        ],
        "",
    )
    .assert_user_error("even");
}

#[test]
fn othello_bots_keep_within_the_tournament_move_time() {
    let run = ply(
        &[
            "tournament",
            "othello",
            "--players",
            "computer,heuristic",
            "--games",
            "2",
            "--move-time",
            "500",
            "--jobs",
            "1",
        ],
        "",
    );
    run.assert_ok();
    let computer = run
        .stdout
        .lines()
        .find(|l| l.contains("computer"))
        .expect("computer's row");
    // Rank, name, score, then W D L: both games decided, none drawn on time.
    let fields: Vec<&str> = computer.split_whitespace().collect();
    assert_eq!(&fields[3..6], ["2", "0", "0"], "{}", run.stdout);
}
