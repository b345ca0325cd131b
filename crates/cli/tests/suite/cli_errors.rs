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
    // `play nim --tree` shows the marked tree before the games (the Nim
    // request's program does); elsewhere `--tree` would do nothing.
    ply(
        &["tournament", "nim", "--tree", "--players", "random,random"],
        "",
    )
    .assert_user_error("--tree applies only to `ply solve` and `ply play`");
    ply(&["play", "nim", "--trace", "--dot"], "")
        .assert_user_error("--dot applies only to `ply solve`");
    ply(&["perft", "nim", "2", "--dot"], "").assert_user_error("--dot applies only");
    ply(&["solve", "nim", "--stats"], "").assert_user_error("no transposition table");
    ply(&["solve", "trilite", "--hash", "8"], "").assert_user_error("--hash does nothing");
    ply(&["solve", "tictactoe", "--seed", "3"], "").assert_user_error("--seed does nothing");
    ply(&["solve", "nim", "--depth", "3"], "").assert_user_error("--depth does nothing for nim");
    ply(&["play", "nim", "--depth", "3"], "").assert_user_error("--depth does nothing for nim");
    ply(&["solve", "nim", "--tree", "--hash", "8"], "").assert_user_error("--hash does nothing");
    ply(&["solve", "tictactoe", "--threads", "2"], "")
        .assert_user_error("--threads does nothing here: tictactoe's solver runs on one thread");
    ply(
        &[
            "solve",
            "othello",
            "--size",
            "4",
            "--split",
            "t",
            "--threads",
            "2",
        ],
        "",
    )
    .assert_user_error("--threads");
    ply(&["solve", "nim", "--tree"], "").assert_ok();
    ply(&["solve", "tictactoe", "--depth", "3"], "").assert_ok();
}

#[test]
fn othello_solves_take_a_hash_size_and_keep_their_answer_without_statistics() {
    // Othello's exact solver sizes its table from --hash but counts
    // nothing: the solve must answer, not fail once the work is done.
    ply(&["solve", "othello", "--size", "4", "--hash", "8"], "").assert_says("-10");
    let run = ply(&["solve", "othello", "--size", "4", "--stats"], "");
    run.assert_says("-10");
    run.assert_says("Table statistics: none");
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

/// A fresh folder for one test's files.
fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-cli-errors-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `ply ARGS` run by `sh` after `setup` (limits, signal dispositions),
/// so the limits apply to `ply` alone.
#[cfg(unix)]
fn ply_under(setup: &str, args: &[&str]) -> std::process::Output {
    let script = format!("{setup}; exec \"$0\" \"$@\"");
    std::process::Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_ply")])
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs")
}

/// Issue 23, point 11: an OBF file is a bounded regular file; a device
/// is not read until memory runs out, a named pipe does not block.
#[cfg(unix)]
#[test]
fn obf_files_are_bounded_regular_files() {
    let output = ply_under(
        "ulimit -v 2000000",
        &["solve", "othello", "--obf", "/dev/zero"],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");

    let dir = scratch("obf");
    let big = dir.join("big.obf");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(64 << 20))
        .expect("a sparse file");
    let big = big.to_str().expect("utf-8 path");
    ply(&["solve", "othello", "--obf", big], "").assert_user_error("larger than the limit");
    let folder = dir.to_str().expect("utf-8 path");
    ply(&["solve", "othello", "--obf", folder], "").assert_user_error("a folder");

    let fifo = dir.join("pipe.obf");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let mut child = support::command(&["solve", "othello", "--obf", fifo.to_str().expect("utf-8")])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("ply starts");
    let end = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().expect("wait works").is_none() {
        if std::time::Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("ply blocked on a named pipe");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("ply finished");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a named pipe"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 23, point 11: a plot that cannot be written whole leaves the
/// old one as it was (here the file size limit stops the write).
#[cfg(unix)]
#[test]
fn a_failed_plot_keeps_the_old_one() {
    let dir = scratch("plot");
    let plot = dir.join("curve.svg");
    let old = "<svg>the old curve</svg>\n";
    std::fs::write(&plot, old).expect("the old plot");
    let output = ply_under(
        // Ignored, the signal lets the write fail with an error instead.
        "trap '' XFSZ; ulimit -f 1",
        &[
            "train",
            "tictactoe",
            "--games",
            "5",
            "--plot",
            plot.to_str().expect("utf-8 path"),
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot write the plot"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&plot).expect("the plot"), old);
    let files = std::fs::read_dir(&dir).expect("the folder").count();
    assert_eq!(files, 1, "a temporary file was left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 23, point 11: help and version that cannot be written are errors.
#[test]
fn help_to_a_full_disk_is_an_error() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["solve", "othello", "--help"],
    ] {
        support::ply_to_full_disk(args, "").assert_user_error("standard output");
    }
    ply(&["--version"], "").assert_ok();
}

/// Issue 23, point 11: the prover's options are checked even where
/// alpha-beta answers and the prover does not run.
#[test]
fn proof_options_are_checked_whenever_given() {
    for value in ["inf", "NaN", "1.5", "99999999999999999999999"] {
        ply(&["solve", "mnk", "--size", "3", "--proof-time", value], "")
            .assert_user_error("proof-time");
        // The exact rule takes the wide board, which has no prover at all.
        ply(
            &[
                "solve",
                "mnk",
                "--size",
                "3",
                "--rule",
                "exact",
                "--proof-time",
                value,
            ],
            "",
        )
        .assert_user_error("proof-time");
    }
    ply(&["solve", "mnk", "--proof-method", "foo"], "").assert_user_error("dfpn or dfs");
    ply(
        &["solve", "mnk", "--rule", "exact", "--proof-method", "foo"],
        "",
    )
    .assert_user_error("dfpn or dfs");
    ply(
        &["solve", "mnk", "--proof-time", "5", "--proof-method", "dfs"],
        "",
    )
    .assert_ok();
}

/// `ply gomocup --evaluation` and `--weights`: a weights file that cannot
/// be read or is not one is refused before the protocol starts, with the
/// reason; a sound one (here all zeros) plays.
#[test]
fn gomocup_evaluation_options() {
    ply(&["gomocup", "--evaluation", "wizard"], "").assert_user_error("wizard");
    ply(&["gomocup", "--weights", "/nonexistent/weights.bin"], "")
        .assert_user_error("cannot read the evaluation weights");
    let dir = std::env::temp_dir().join(format!("ply-gomocup-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, b"not weights at all, just some bytes").expect("written");
    ply(&["gomocup", "--weights", &bad.display().to_string()], "")
        .assert_user_error("not usable Gomoku evaluation weights");
    let zeros = dir.join("zeros.bin");
    let bytes = ply_gomoku::EvalWeights::zeros(ply_gomoku::Rule::Freestyle).to_bytes();
    std::fs::write(&zeros, bytes).expect("written");
    for args in [
        vec![
            "gomocup",
            "--weights",
            zeros.to_str().expect("a UTF-8 path"),
        ],
        vec!["gomocup", "--evaluation", "learned"],
    ] {
        let run = ply(&args, "START 15\r\nBEGIN\r\nEND\r\n");
        run.assert_ok();
        assert!(
            run.stdout.lines().any(|l| l == "7,7"),
            "{args:?}: {}",
            run.stdout
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
