//! `ply tournament` and `ply train` end to end: learners learn and save
//! wherever they play, every number is bounded before any work, the table
//! explains itself, and failed writes are errors.

use crate::support;

use std::path::{Path, PathBuf};

use support::ply;

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-tournament-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// The learner file's game count and number of learned positions.
fn learned(file: &Path) -> (u64, usize) {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).expect("the file was saved"))
            .expect("JSON");
    (
        json["games"].as_u64().expect("a game count"),
        json["entries"].as_array().expect("entries").len(),
    )
}

#[test]
fn a_learner_learns_and_saves_every_tournament_game() {
    let dir = scratch("learns");
    let file = dir.join("tl.json");
    let learner = format!("learner:{}", text(&file));
    let players = format!("{learner},random");
    let args = [
        "tournament",
        "tictactoe",
        "--players",
        &players,
        "--games",
        "200",
    ];
    ply(&args, "").assert_ok();
    let (games, positions) = learned(&file);
    assert_eq!(games, 200);
    assert!(positions > 100, "{positions} positions learned");
    // It goes on from where it was.
    ply(&args, "").assert_ok();
    assert_eq!(learned(&file).0, 400);
    // Against two opponents it plays twice as many games.
    let other = dir.join("three.json");
    let players = format!("learner:{},random,heuristic", text(&other));
    ply(
        &[
            "tournament",
            "tictactoe",
            "--players",
            &players,
            "--games",
            "10",
            "--jobs",
            "2",
        ],
        "",
    )
    .assert_ok();
    assert_eq!(learned(&other).0, 20);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_learner_beats_random_once_it_has_learned() {
    // Tic-tac-toe: a learner that has played a few thousand games against
    // random loses few of its next games, where a fresh one loses many.
    let dir = scratch("improves");
    let file = dir.join("t.json");
    let players = format!("learner:{},random", text(&file));
    let args = [
        "tournament",
        "tictactoe",
        "--players",
        &players,
        "--games",
        "2000",
        "--json",
    ];
    ply(&args, "").assert_ok();
    let run = ply(&args, "");
    run.assert_ok();
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let losses = json["crosstable"][0][1]["losses"].as_u64().expect("losses");
    assert!(
        losses < 100,
        "lost {losses} of 2000 games after 2000 of practice"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn two_learners_on_one_file_are_refused() {
    let dir = scratch("twice");
    let file = dir.join("same.json");
    let spelled_twice = format!("learner:{},learner:{}/./same.json", text(&file), text(&dir));
    ply(
        &[
            "tournament",
            "tictactoe",
            "--players",
            &spelled_twice,
            "--games",
            "2",
        ],
        "",
    )
    .assert_user_error("already used by another learner");
    assert!(!file.exists(), "nothing was written");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn learner_files_must_be_regular_files() {
    ply(
        &[
            "tournament",
            "tictactoe",
            "--players",
            "learner:/dev/zero,random",
        ],
        "",
    )
    .assert_user_error("it is a device, not a regular file");
    let dir = scratch("special");
    ply(
        &[
            "tournament",
            "tictactoe",
            "--players",
            &format!("learner:{},random", text(&dir)),
        ],
        "",
    )
    .assert_user_error("it is a folder");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        // Would block forever if it were opened.
        ply(
            &[
                "tournament",
                "tictactoe",
                "--players",
                &format!("learner:{},random", text(&fifo)),
            ],
            "",
        )
        .assert_user_error("it is a named pipe");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn learner_errors_name_the_game_as_people_know_it() {
    let dir = scratch("names");
    let file = dir.join("ttt.json");
    ply(
        &[
            "train",
            "tictactoe",
            "--games",
            "3",
            "--learner",
            text(&file),
        ],
        "",
    )
    .assert_ok();
    let run = ply(
        &[
            "tournament",
            "mnk",
            "--size",
            "4",
            "--players",
            &format!("learner:{},random", text(&file)),
        ],
        "",
    );
    run.assert_user_error("trained for tic-tac-toe (3x3 k=3), not for m,n,k (4x4 k=3)");
    assert!(!run.stderr.contains("Mnk"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_number_is_bounded_with_its_limit_named() {
    let cases: [(&[&str], &str); 13] = [
        (&["--games", "4294967294"], "at most 1000000000"),
        (&["--games", "4294967294", "--json"], "at most 1000000000"),
        (&["--games", "200000", "--json"], "at most 100000 games"),
        (
            &["--games", "20000", "--max-moves", "10000", "--json"],
            "at most 30000000",
        ),
        (&["--jobs", "100000"], "per CPU"),
        (&["--max-moves", "4294967295"], "from 1 to 10000"),
        (&["--move-time", "99999999999"], "3600000"),
        (&["--hash", "100000"], "from 1 to 512"),
        (&["--hash", "512", "--jobs", "2"], "at most 1024 MiB in all"),
        // The seed and the depth as `ply play` bounds them: the limit
        // named, not Rust's parse error, and a negative number a value.
        (
            &["--seed", "99999999999999999999"],
            "at most 18446744073709551615",
        ),
        (&["--seed", "-1"], "at least 0"),
        (&["--depth", "4000000000"], "at most 64 plies"),
        (&["--depth", "-3"], "at least 1"),
    ];
    for (extra, limit) in cases {
        let mut args = vec!["tournament", "tictactoe", "--players", "random,random"];
        args.extend_from_slice(extra);
        let run = ply(&args, "");
        run.assert_user_error(limit);
        assert!(run.stdout.is_empty(), "{extra:?}: {}", run.stdout);
    }
    let many = vec!["random"; 65].join(",");
    ply(&["tournament", "tictactoe", "--players", &many], "").assert_user_error("at most 64");
    for (extra, limit) in [
        (["--games", "100000001"], "from 1 to 100000000"),
        (["--move-time", "4000000"], "3600000"),
        (["--hash", "5000"], "at most 512 MiB"),
    ] {
        let mut args = vec!["train", "tictactoe"];
        args.extend_from_slice(&extra);
        ply(&args, "").assert_user_error(limit);
    }
    ply(
        &["train", "tictactoe", "--games", "100000000", "--block", "1"],
        "",
    )
    .assert_user_error("at most 10000");
}

#[test]
fn the_table_explains_its_score_and_counts_games_stopped_at_the_limit() {
    let run = ply(
        &[
            "tournament",
            "trilite",
            "--players",
            "random,heuristic",
            "--games",
            "4",
            "--max-moves",
            "4",
        ],
        "",
    );
    run.assert_ok();
    assert!(
        run.stdout
            .contains("score: 1000 per win, 500 per draw, minus 1 per millisecond of thinking"),
        "{}",
        run.stdout
    );
    // Nobody completes a line in four plies: every game is stopped, drawn.
    assert!(
        run.stdout
            .contains("endings: 0 games by the rules, 4 stopped at the 4-ply limit (drawn)"),
        "{}",
        run.stdout
    );
    let row = run
        .stdout
        .lines()
        .find(|l| l.contains("random") && l.trim_start().starts_with(char::is_numeric))
        .expect("random's row");
    let fields: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&fields[3..6], ["0", "4", "0"], "{}", run.stdout);
    let one = ply(
        &[
            "tournament",
            "tictactoe",
            "--players",
            "random,random",
            "--games",
            "2",
            "--max-moves",
            "1",
        ],
        "",
    );
    one.assert_ok();
    assert!(
        one.stdout.contains("after 1 ply is a draw"),
        "{}",
        one.stdout
    );
    assert!(one.stdout.contains("(2 games,"), "{}", one.stdout);
}

#[test]
fn a_failed_write_is_an_error_not_a_panic() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["tournament", "tictactoe", "--players", "random,random"][..],
        &[
            "tournament",
            "tictactoe",
            "--players",
            "random,random",
            "--json",
        ][..],
        &["train", "tictactoe", "--games", "2"][..],
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(args)
            .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("ply runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("standard output"), "{stderr}");
    }
}

#[test]
fn train_checks_the_plot_before_training() {
    let dir = scratch("plot");
    let run = ply(
        &["train", "tictactoe", "--games", "5", "--plot", text(&dir)],
        "",
    );
    run.assert_user_error("is a folder");
    assert!(run.stdout.is_empty(), "trained anyway: {}", run.stdout);
    let missing = dir.join("no/such/folder/curve.svg");
    let run = ply(
        &[
            "train",
            "tictactoe",
            "--games",
            "5",
            "--plot",
            text(&missing),
        ],
        "",
    );
    run.assert_user_error("cannot write the plot");
    assert!(run.stdout.is_empty(), "trained anyway: {}", run.stdout);
    let good = dir.join("curve.svg");
    let run = ply(
        &["train", "tictactoe", "--games", "1", "--plot", text(&good)],
        "",
    );
    run.assert_ok();
    assert!(run.stdout.contains("for 1 game;"), "{}", run.stdout);
    assert!(std::fs::read_to_string(&good)
        .expect("drawn")
        .starts_with("<svg"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_learner_saves_every_game_in_play_and_train_too() {
    let dir = scratch("everywhere");
    let file = dir.join("t.json");
    ply(
        &[
            "train",
            "tictactoe",
            "--games",
            "30",
            "--learner",
            text(&file),
        ],
        "",
    )
    .assert_ok();
    assert_eq!(learned(&file).0, 30);
    ply(
        &[
            "play",
            "tictactoe",
            "--players",
            &format!("random,learner:{}", text(&file)),
            "--games",
            "7",
        ],
        "",
    )
    .assert_ok();
    assert_eq!(learned(&file).0, 37);
    ply(
        &[
            "play",
            "tictactoe",
            "--players",
            &format!("learner:{0},learner:{0}", text(&file)),
        ],
        "",
    )
    .assert_user_error("already used by another learner");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn tournaments_with_learners_repeat_exactly() {
    let run = || {
        let run = ply(
            &[
                "tournament",
                "tictactoe",
                "--players",
                "learner,random,learner,heuristic",
                "--games",
                "20",
                "--jobs",
                "2",
                "--seed",
                "7",
                "--json",
            ],
            "",
        );
        run.assert_ok();
        let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
        let games: Vec<serde_json::Value> = json["games"]
            .as_array()
            .expect("games")
            .iter()
            .map(|g| serde_json::json!([g["first"], g["second"], g["winner"], g["moves"]]))
            .collect();
        (json["crosstable"].clone(), games)
    };
    let (crosstable, games) = run();
    assert_eq!(games.len(), 6 * 20);
    assert_eq!(run(), (crosstable, games));
}

/// The score column shows the exact score to a tenth (it was rounded to
/// a whole point, hiding the thinking time that separates players).
#[test]
fn the_score_column_has_one_decimal() {
    let run = ply(
        &[
            "tournament",
            "tictactoe",
            "--players",
            "random,heuristic",
            "--games",
            "2",
            "--seed",
            "4",
        ],
        "",
    );
    run.assert_ok();
    let rows: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("1 ") || l.trim_start().starts_with("2 "))
        .collect();
    assert_eq!(rows.len(), 2, "{}", run.stdout);
    for row in rows {
        let score = row.split_whitespace().nth(2).expect("a score");
        let (whole, tenth) = score.split_once('.').expect("one decimal");
        assert!(
            whole
                .trim_start_matches('-')
                .chars()
                .all(|c| c.is_ascii_digit())
                && tenth.len() == 1
                && tenth.chars().all(|c| c.is_ascii_digit()),
            "{row}"
        );
    }
}

#[test]
fn the_game_time_limit_draws_a_long_game_and_is_bounded() {
    // Othello's computer thinks far longer than a millisecond a game (and
    // less than the move limit of a second).
    let run = ply(
        &[
            "tournament",
            "othello",
            "--players",
            "computer,computer",
            "--games",
            "2",
            "--move-time",
            "1000",
            "--game-time",
            "1",
        ],
        "",
    );
    run.assert_ok();
    assert!(
        run.stdout
            .contains("a game whose players think over 1 ms in all is a draw"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("2 drawn by the game time limit of 1 ms"),
        "{}",
        run.stdout
    );
    for bad in ["0", "86400001", "soon"] {
        ply(
            &[
                "tournament",
                "nim",
                "--players",
                "random,random",
                "--game-time",
                bad,
            ],
            "",
        )
        .assert_user_error("milliseconds from 1 to 86400000");
    }
}
