//! Scripted terminal sessions: bad input gets a reason and a new prompt,
//! end of input ends cleanly with exit code 0, scores are kept.

use crate::support;

use support::{ply, ply_bytes};

#[test]
fn tictactoe_session_with_bad_input_hint_and_undo() {
    let run = ply(
        &["play", "tictactoe"],
        "hello\nd4\n0\n10\nb2\nb2\nhint\nundo\nundo\nb2\n",
    );
    run.assert_ok();
    let out = &run.stdout;
    assert!(out.contains("'hello' is not a square"), "{out}");
    assert!(out.contains("d4 is off the board"), "{out}");
    assert!(out.contains("b2 is occupied"), "{out}");
    assert!(out.contains("O plays"), "{out}");
    assert!(out.contains("  draw     "), "hint groups moves: {out}");
    assert!(out.contains("Taken back."), "{out}");
    assert!(out.contains("Nothing to undo."), "{out}");
    assert!(out.matches("Illegal:").count() >= 5, "{out}");
}

#[test]
fn tictactoe_the_human_can_move_second() {
    let run = ply(&["play", "tictactoe", "--players", "computer,human"], "");
    run.assert_ok();
    assert!(
        run.stdout.starts_with("    a   b   c") || run.stdout.contains("X plays"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("X plays"), "{}", run.stdout);
}

#[test]
fn perfect_play_against_itself_draws_tictactoe() {
    let run = ply(
        &[
            "play",
            "tictactoe",
            "--players",
            "computer,perfect",
            "--games",
            "3",
        ],
        "",
    );
    run.assert_ok();
    assert!(
        run.stdout
            .contains("Score after 3 games: computer (X) 0 - perfect (O) 0, draws 3"),
        "{}",
        run.stdout
    );
}

#[test]
fn mnk_with_a_depth_limit_labels_moves() {
    let run = ply(
        &["play", "mnk", "--size", "4", "--k", "3", "--depth", "2"],
        "hint\nquit\n",
    );
    run.assert_ok();
    assert!(run.stdout.contains("  unknown  "), "{}", run.stdout);
}

#[test]
fn five_games_of_nim_against_the_computer() {
    // Every cycle offers each row in turn plus bad inputs; illegal lines are
    // refused with a reason, so the human always finds a legal move.
    let cycle = "1:1\n2:1\n3:1\n0:1\nx\n2:0\n1:9\n9:1\n";
    let run = ply(&["play", "nim", "--games", "5"], &cycle.repeat(60));
    run.assert_ok();
    let out = &run.stdout;
    assert!(out.contains("Game 5 of 5"), "{out}");
    // 1,2,3 is lost for the player to move: the computer wins every game.
    assert!(
        out.contains("Score after 5 games: human (player 1) 0 - computer (player 2) 5"),
        "{out}"
    );
    for reason in ["no row", "take at least one", "not a move"] {
        assert!(
            out.to_lowercase().contains(reason),
            "missing '{reason}': {out}"
        );
    }
}

#[test]
fn solve_json_follows_the_documented_shape() {
    let run = ply(&["solve", "tictactoe", "--json"], "");
    run.assert_ok();
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(value["game"], "tictactoe");
    assert_eq!(value["to_move"], "X");
    assert_eq!(value["value"], "draw");
    assert_eq!(value["remoteness"], 9);
    let moves = value["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 9);
    assert!(moves
        .iter()
        .all(|m| m["value"] == "draw" && m["remoteness"] == 8));
}

#[test]
fn bad_positions_are_user_errors() {
    ply(&["solve", "tictactoe", "--position", "XX"], "").assert_user_error("position");
    ply(&["solve", "tictactoe", "--position", "XXXXOOOO?"], "").assert_user_error("position");
    ply(&["solve", "tictactoe", "--position", "OO-------"], "").assert_user_error("position");
    ply(&["solve", "nim", "--position", "1,x"], "").assert_user_error("position");
}

#[test]
fn perft_counts_tictactoe() {
    let run = ply(&["perft", "tictactoe", "9"], "");
    run.assert_ok();
    assert!(run.stdout.contains("perft 9 = 127872"), "{}", run.stdout);
}

#[test]
fn a_learner_file_is_refused_for_another_board() {
    let dir = std::env::temp_dir().join(format!("ply-learner-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("tictactoe.json");
    let file = file.to_str().expect("utf-8 path");
    ply(
        &["train", "tictactoe", "--games", "20", "--learner", file],
        "",
    )
    .assert_ok();
    let learner = format!("learner:{file}");
    ply(
        &[
            "play",
            "mnk",
            "--size",
            "4",
            "--players",
            &format!("{learner},random"),
        ],
        "",
    )
    .assert_user_error("4x4 k=3");
    ply(
        &[
            "play",
            "tictactoe",
            "--players",
            &format!("{learner},random"),
        ],
        "",
    )
    .assert_ok();
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn undo_between_two_people_hands_the_turn_back() {
    let run = ply(
        &["play", "tictactoe", "--players", "human,human"],
        "b2\na1\nundo\nc3\n",
    );
    run.assert_ok();
    let prompts: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("to move>"))
        .collect();
    assert_eq!(
        prompts,
        [
            "X to move> b2",
            "O to move> a1",
            "X to move> undo",
            "O to move> c3",
            "X to move> "
        ]
    );
}

#[test]
fn positions_may_start_with_a_hyphen() {
    // FFO #1: black to move wins by 18 with g8.
    let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let run = ply(&["solve", "othello", "--position", ffo1, "--json"], "");
    run.assert_ok();
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(value["value"], "win");
    assert_eq!(value["margin"], 18);
    let best: Vec<&serde_json::Value> = value["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["margin"] == 18)
        .collect();
    assert_eq!(best.len(), 1);
    assert_eq!(best[0]["move"], "g8");
}

#[test]
fn an_othello_analysis_is_the_same_on_one_thread_and_two() {
    // FFO #1 again: every move's margin and game length, its moves shared
    // between two threads or solved by one.
    let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let values: Vec<serde_json::Value> = ["1", "2"]
        .iter()
        .map(|threads| {
            let run = ply(
                &[
                    "solve",
                    "othello",
                    "--position",
                    ffo1,
                    "--json",
                    "--threads",
                    threads,
                ],
                "",
            );
            run.assert_ok();
            serde_json::from_str(&run.stdout).expect("valid JSON")
        })
        .collect();
    let moves = values[0]["moves"].as_array().expect("moves");
    assert!(moves.len() > 5 && moves.iter().all(|m| m["remoteness"].is_u64()));
    for key in ["value", "margin", "remoteness", "moves"] {
        assert_eq!(values[0][key], values[1][key], "{key}");
    }
}

#[test]
fn undo_before_any_human_move_changes_nothing() {
    let run = ply(
        &["play", "tictactoe", "--players", "computer,human"],
        "undo\n",
    );
    run.assert_ok();
    assert!(run.stdout.contains("Nothing to undo."), "{}", run.stdout);
    assert_eq!(run.stdout.matches("X plays").count(), 1, "{}", run.stdout);
}

#[test]
fn nim_positions_name_a_missing_row_and_the_tree_refuses_other_outputs() {
    ply(&["solve", "nim", "--heaps", "1,,2"], "").assert_user_error("row 2 is missing");
    ply(
        &["solve", "nim", "--heaps", "1,2,3", "--tree", "--json"],
        "",
    )
    .assert_user_error("--json");
    let run = ply(&["solve", "nim", "--heaps", "1 2 3"], "");
    run.assert_ok();
    assert!(run.stdout.contains("Position: 1,2,3"), "{}", run.stdout);
}

#[test]
fn bots_stop_at_the_move_limit_of_a_drawn_trilite() {
    // Drawn Trilite never ends: the move limit declares it drawn.
    let run = ply(
        &[
            "play",
            "trilite",
            "--position",
            "a1",
            "--players",
            "computer,computer",
        ],
        "",
    );
    run.assert_ok();
    assert!(
        run.stdout.contains("Drawn by the move limit of 300 plies."),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.matches(" plays ").count(), 300, "{}", run.stdout);
    let run = ply(
        &[
            "play",
            "tictactoe",
            "--players",
            "random,random",
            "--max-moves",
            "1",
            "--games",
            "2",
        ],
        "",
    );
    run.assert_ok();
    assert_eq!(
        run.stdout
            .matches("Drawn by the move limit of 1 ply.")
            .count(),
        2,
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("draws 2"), "{}", run.stdout);
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_game_goes_on() {
    let run = ply_bytes(&["play", "tictactoe"], b"\xff\xfeb2\nb2\nquit\n");
    run.assert_ok();
    assert!(
        run.stdout.contains("that line is not valid text (UTF-8)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("O plays"), "{}", run.stdout);
    // Two people; person A takes the default side (X).
    let run = ply_bytes(&[], b"\xff\n1\n\xc3\n3\n\nquit\n");
    run.assert_ok();
    assert_eq!(
        run.stdout.matches("not valid text (UTF-8)").count(),
        2,
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("X to move>"), "{}", run.stdout);
}

#[test]
fn a_learner_that_cannot_save_is_refused_before_play() {
    // Nothing can be created in /proc, not even by root: the learner finds
    // out before the first move, not after each game.
    let file = format!("/proc/ply-test-{}.json", std::process::id());
    let players = format!("learner:{file},random");
    let run = ply(
        &["play", "tictactoe", "--players", &players, "--games", "3"],
        "",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains(&file), "{}", run.stderr);
}

#[test]
fn the_result_line_reads_well() {
    let run = ply(
        &["play", "nim", "--heaps", "2", "--players", "computer,human"],
        "",
    );
    run.assert_ok();
    assert!(run.stdout.contains("player 1 plays 1:2"), "{}", run.stdout);
    assert!(
        run.stdout.contains("computer wins as player 1."),
        "{}",
        run.stdout
    );
}

#[test]
fn an_analysis_out_of_time_says_what_is_still_unknown() {
    let run = ply(&["play", "othello", "--move-time", "200"], "hint\nquit\n");
    run.assert_ok();
    assert!(
        run.stdout.contains("Within the time budget of 0.2 s:"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("still unknown"), "{}", run.stdout);
}

#[test]
fn a_failed_read_is_named_as_reading() {
    for args in [&["play", "tictactoe"][..], &[]] {
        // A directory opens for reading, but reading it fails.
        let directory = std::fs::File::open("/").expect("/ opens");
        let output = support::command(args)
            .stdin(directory)
            .output()
            .expect("ply runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("cannot read standard input"), "{stderr}");
    }
}
