//! `ply play mnk` under the renju and caro rules at the terminal: a
//! forbidden move is refused with the lines that make it, and the option's
//! help lists every rule.

use crate::support;

use support::ply;

#[test]
fn renju_refuses_a_forbidden_move_with_its_reason() {
    let run = ply(
        &[
            "play",
            "mnk",
            "--size",
            "15",
            "--k",
            "5",
            "--rule",
            "renju",
            "--players",
            "human,human",
        ],
        "i8\na1\nk8\nc1\nh9\ne1\nh11\ng1\nh8\nj8\nquit\n",
    );
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(
        said.contains("h8 is forbidden for black: a double three (h8-k8 row and h8-h11 column)"),
        "{said}"
    );
    // The same moves freestyle: h8 is played.
    let run = ply(
        &[
            "play",
            "mnk",
            "--size",
            "15",
            "--k",
            "5",
            "--players",
            "human,human",
        ],
        "i8\na1\nk8\nc1\nh9\ne1\nh11\ng1\nh8\nquit\n",
    );
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(!said.contains("forbidden"), "{said}");
}

#[test]
fn the_rule_option_lists_every_rule() {
    let run = ply(&["play", "mnk", "--rule", "gomoku"], "");
    run.assert_user_error("renju");
    for rule in ["freestyle", "exact", "caro"] {
        assert!(run.stderr.contains(rule), "{}", run.stderr);
    }
}

#[test]
fn a_caro_game_between_computers_ends() {
    let run = ply(
        &[
            "play",
            "mnk",
            "--size",
            "15",
            "--k",
            "5",
            "--rule",
            "caro",
            "--players",
            "computer,computer",
            "--move-time",
            "50",
        ],
        "",
    );
    run.assert_ok();
    assert!(
        run.stdout.contains("wins as") || run.stdout.contains("draw"),
        "{}",
        run.stdout
    );
}
