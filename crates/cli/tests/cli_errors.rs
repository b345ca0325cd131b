//! Bad command lines end with one clear line on stderr and exit code 2.

mod support;

use support::ply;

#[test]
fn unknown_game_and_command() {
    ply(&["play", "chess"], "").assert_user_error("chess");
    ply(&["frobnicate"], "").assert_user_error("frobnicate");
    ply(&["play"], "").assert_user_error("name a game");
    ply(&["perft", "tictactoe"], "").assert_user_error("<DEPTH>");
    ply(&["solve", "tictactoe", "--depth", "abc"], "").assert_user_error("abc");
    ply(&["solve", "tictactoe", "--hash", "100000000000"], "").assert_user_error("MiB");
}

#[test]
fn bad_players() {
    ply(&["play", "tictactoe", "--players", "human,wizard"], "").assert_user_error("wizard");
    ply(&["play", "tictactoe", "--players", "alphabeta:x,human"], "")
        .assert_user_error("whole number");
    ply(&["play", "tictactoe", "--players", "human"], "").assert_user_error("two players");
}

#[test]
fn games_lists_every_game() {
    let run = ply(&["games"], "");
    run.assert_ok();
    for game in ["tictactoe", "mnk", "nim", "trilite", "othello"] {
        assert!(run.stdout.contains(game), "{game} missing: {}", run.stdout);
    }
}

#[test]
fn the_menu_ends_cleanly_on_end_of_input() {
    let run = ply(&[], "");
    run.assert_ok();
    assert!(run.stdout.contains("Choose a game"));
    let run = ply(&[], "42\nq\n");
    run.assert_ok();
    assert!(run.stdout.contains("not one of the choices"));
}
