//! Bad command lines end with one clear line on stderr and exit code 2.

use crate::support;

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
    let long = format!("human,\u{1b}[31m{}", "x".repeat(80));
    let run = ply(&["play", "tictactoe", "--players", &long], "");
    run.assert_user_error("unknown player '\\u{1b}[31m");
    assert!(!run.stderr.contains(&"x".repeat(41)), "{}", run.stderr);
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

#[test]
fn negative_numbers_must_be_at_least_one() {
    for args in [
        &["play", "tictactoe", "--games", "-3"][..],
        &["play", "tictactoe", "--depth", "-1"],
        &["play", "tictactoe", "--max-moves", "-5"],
        &["solve", "tictactoe", "--move-time", "-100"],
        &["perft", "tictactoe", "3", "--jobs", "-2"],
        &["solve", "tictactoe", "--hash", "-64"],
    ] {
        ply(args, "").assert_user_error("must be at least 1");
    }
    ply(&["perft", "tictactoe", "-1"], "").assert_user_error("must be at least 0");
    ply(&["play", "tictactoe", "--seed", "-1"], "").assert_user_error("must be at least 0");
}

#[test]
fn numbers_past_their_limit_name_it() {
    ply(&["perft", "tictactoe", "4294967295"], "").assert_user_error("at most 64 plies");
    ply(&["perft", "tictactoe", "2", "--jobs", "100000"], "").assert_user_error("cores");
    ply(&["solve", "tictactoe", "--hash", "100000000"], "").assert_user_error("memory");
    ply(&["play", "tictactoe", "--games", "4294967294"], "")
        .assert_user_error("at most 100000 games");
    ply(&["play", "tictactoe", "--move-time", "99999999999999"], "").assert_user_error("one day");
    ply(&["solve", "tictactoe", "--depth", "99"], "").assert_user_error("at most 64 plies");
    ply(
        &["play", "trilite", "--max-moves", "99999999999999999999999"],
        "",
    )
    .assert_user_error("at most 100000 plies");
}

/// The extreme values of issue 8, under a 2 GB address-space limit: each
/// is refused with one line before anything is allocated.
#[cfg(unix)]
#[test]
fn extreme_values_end_with_one_line_under_a_memory_limit() {
    for args in [
        "perft tictactoe 4294967295",
        "perft othello 3 --jobs 100000",
        "solve tictactoe --hash 2000000",
        "play tictactoe --players random,random --games 4294967294",
    ] {
        let script = format!("ulimit -v 2000000; exec \"$0\" {args}");
        let output = std::process::Command::new("sh")
            .args(["-c", &script, env!("CARGO_BIN_EXE_ply")])
            .output()
            .expect("sh runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args}: {stderr}");
    }
}

#[test]
fn a_bad_position_names_the_notation_with_an_example() {
    ply(&["solve", "othello", "--position", "XYZ"], "").assert_user_error(
        "e.g. '---------------------------OX------XO--------------------------- X'",
    );
    ply(&["play", "nim", "--position", "a,b"], "").assert_user_error("e.g. '1,2,3'");
    let long = format!("\u{1b}[31m{}", "X".repeat(200));
    let run = ply(&["solve", "tictactoe", "--position", &long], "");
    run.assert_user_error("write the cells row by row");
    assert!(!run.stderr.contains('\u{1b}'), "{}", run.stderr);
    assert!(run.stderr.contains("\\u{1b}[31m"), "{}", run.stderr);
    assert!(!run.stderr.contains(&"X".repeat(41)), "{}", run.stderr);
}

#[test]
fn typed_text_in_usage_errors_is_cut_and_escaped() {
    let run = ply(&[&format!("frob\u{7}{}", "z".repeat(100))], "");
    run.assert_user_error("frob\\u{7}");
    assert!(!run.stderr.contains(&"z".repeat(41)), "{}", run.stderr);
    let run = ply(&["play", "tictactoe", "--games", &"9".repeat(100)], "");
    run.assert_user_error("at most 100000");
    assert!(
        run.stderr.contains(&format!("{}...", "9".repeat(40))),
        "{}",
        run.stderr
    );
}

#[test]
fn options_that_would_do_nothing_are_refused() {
    ply(&["play", "nim", "--tree"], "").assert_user_error("--tree applies only to `ply solve`");
    ply(&["perft", "nim", "2", "--dot"], "").assert_user_error("--dot applies only");
    ply(&["solve", "nim", "--stats"], "").assert_user_error("no transposition table");
    ply(&["solve", "trilite", "--hash", "8"], "").assert_user_error("--hash does nothing");
    ply(&["solve", "tictactoe", "--seed", "3"], "").assert_user_error("--seed does nothing");
    ply(&["solve", "nim", "--depth", "3"], "").assert_user_error("--depth does nothing for nim");
    ply(&["play", "nim", "--depth", "3"], "").assert_user_error("--depth does nothing for nim");
    ply(&["solve", "nim", "--tree"], "").assert_ok();
    ply(&["solve", "tictactoe", "--depth", "3"], "").assert_ok();
}

#[test]
fn games_lists_every_position_notation_with_an_example() {
    let run = ply(&["games"], "");
    run.assert_ok();
    for example in [
        "e.g. 'X---O----'",
        "e.g. '1,2,3'",
        "e.g. 'b1 c3 b2'",
        "e.g. '---------------------------OX------XO--------------------------- X'",
    ] {
        assert!(run.stdout.contains(example), "{example}: {}", run.stdout);
    }
    assert_eq!(
        run.stdout.matches("--position POS").count(),
        5,
        "{}",
        run.stdout
    );
}

#[test]
fn position_help_names_the_game_notation_with_an_example() {
    let run = ply(&["solve", "othello", "--help"], "");
    run.assert_ok();
    assert!(
        run.stdout
            .contains("e.g. '---------------------------OX------XO--------------------------- X'"),
        "{}",
        run.stdout
    );
    let run = ply(&["play", "trilite", "--help"], "");
    run.assert_ok();
    assert!(run.stdout.contains("e.g. 'b1 c3 b2'"), "{}", run.stdout);
}

#[test]
fn long_game_option_values_are_cut_in_errors() {
    let size = "9".repeat(80);
    let run = ply(&["play", "mnk", "--size", &size], "");
    run.assert_user_error(&format!("'{}...'", "9".repeat(40)));
    assert!(!run.stderr.contains(&size), "{}", run.stderr);
}
