//! (n,k)-tic-tac-toe as the user of the (n,k)-tic-tac-toe request checks
//! it at the terminal: `--depth` is the depth limit (nothing past it is
//! decided), moves carry the four scores, `--stats` gives the dictionary
//! counts.

use crate::support;

use support::ply;

/// The number in "win in N", "lose in N" or "draw (N plies to the end)",
/// if `text` holds a decided value.
fn remoteness(text: &str) -> Option<u32> {
    let digits = |s: &str| -> Option<u32> {
        s.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .ok()
    };
    for word in ["win in ", "lose in ", "draw ("] {
        if let Some(at) = text.find(word) {
            return digits(&text[at + word.len()..]);
        }
    }
    None
}

/// The text with every " (score N)" left out.
fn strip_scores(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(" (score ") {
        out.push_str(&rest[..at]);
        rest = rest[at..].find(')').map_or("", |end| &rest[at + end + 1..]);
    }
    out.push_str(rest);
    out
}

#[test]
fn a_depth_decides_nothing_past_the_horizon() {
    // The example: a1 used to show `draw (5)` at depth 3.
    let run = ply(
        &["solve", "mnk", "--position=-X-----OX", "--depth", "3"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Unknown moves may carry a heuristic score: "a1 (score -16)".
    let without_scores = strip_scores(&run.stdout);
    assert!(
        without_scores.contains("  unknown  a1 c1 a2 b2 c2 a3"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("draw"), "{}", run.stdout);
    // Without a depth the strongest analysis stays: a1 draws.
    let exact = ply(&["solve", "mnk", "--position=-X-----OX"], "");
    assert!(exact.stdout.contains("draw     a1 (5)"), "{}", exact.stdout);
}

#[test]
fn the_computer_at_depth_2_on_6x6_k5_reports_nothing_past_2_plies() {
    // It used to report `draw (32 to the end)` from a pairing proof.
    let run = ply(
        &[
            "play",
            "mnk",
            "--size",
            "6",
            "--k",
            "5",
            "--depth",
            "2",
            "--players",
            "computer,computer",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let plays: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains(" plays "))
        .collect();
    assert!(plays.len() > 10, "{}", run.stdout);
    for line in plays {
        // A move's value counts the plies after it: at most 1 here.
        if let Some(r) = remoteness(line) {
            assert!(r <= 1, "decided past the horizon: {line}");
        }
        if line.contains(": ") {
            assert!(line.contains(", score "), "{line}");
        }
    }
}

#[test]
fn play_shows_the_four_score_after_the_computer_moves_and_in_hints() {
    // X (the human) opens in the centre; the perfect computer answers with
    // a draw; every reply of the human then draws too.
    let run = ply(&["play", "tictactoe"], "b2\nhint\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains(": draw (7 plies to the end), score 2 (DRAW)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("  draw     score 2 (DRAW)           a1 (6)"),
        "{}",
        run.stdout
    );
    // The human's winning move scores HUMAN WINS, a losing one
    // COMPUTER WINS: X to move can win at c1 or lose by letting O win.
    let run = ply(
        &[
            "play",
            "tictactoe",
            "--position",
            "XX-OO----",
            "--players",
            "human,computer",
        ],
        "hint\nquit\n",
    );
    assert!(
        run.stdout
            .contains("  win      score 0 (HUMAN WINS)     c1 (0)\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("score 3 (COMPUTER WINS)"),
        "{}",
        run.stdout
    );
    // At a depth level the undecided moves score UNDECIDED.
    let run = ply(
        &["play", "mnk", "--size", "5", "--k", "4", "--depth", "2"],
        "c3\nhint\nquit\n",
    );
    assert!(run.stdout.contains("score 1 (UNDECIDED)"), "{}", run.stdout);
    // Two people: no computer, no four scores.
    let run = ply(
        &["play", "tictactoe", "--players", "human,human"],
        "hint\nquit\n",
    );
    assert!(!run.stdout.contains("score"), "{}", run.stdout);
}

#[test]
fn stats_report_the_dictionary_counts() {
    let run = ply(&["solve", "mnk", "--size", "4", "--k", "4", "--stats"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("Dictionary: "))
        .unwrap_or_else(|| panic!("no dictionary line in {}", run.stdout));
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|s| s.parse().ok())
        .collect();
    // stored, collisions, insertions, buckets, 2 (entries per bucket)
    let [stored, collisions, insertions, buckets, 2] = numbers[..] else {
        panic!("{line}");
    };
    assert!(
        stored > 0 && stored <= insertions && stored <= 2 * buckets,
        "{line}"
    );
    assert!(collisions <= insertions, "{line}");
    let json = ply(
        &[
            "solve", "mnk", "--size", "4", "--k", "4", "--stats", "--json",
        ],
        "",
    );
    for field in [
        "\"collisions\"",
        "\"insertions\"",
        "\"entries\"",
        "\"buckets\"",
    ] {
        assert!(json.stdout.contains(field), "{field} in {}", json.stdout);
    }
}

/// The value and move lines of a `solve` output (everything before the
/// table's counts).
fn values(text: &str) -> String {
    text.lines()
        .take_while(|line| !line.starts_with("Table:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_chained_dictionary_shows_its_counts_and_changes_no_value() {
    let solve = |table: &[&str]| {
        let mut args = vec!["solve", "mnk", "--size", "3", "--depth", "4", "--stats"];
        args.extend_from_slice(table);
        let run = ply(&args, "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let chained = solve(&["--dictionary", "chained"]);
    let engine = solve(&[]);
    assert_eq!(values(&chained), values(&engine));
    assert!(values(&chained).contains("Value: unknown"), "{chained}");
    for counts in [
        "Dictionary (separate chaining): ",
        " configurations stored, ",
        " (insertions into an occupied bucket) in ",
        "size 7001 buckets (prime); longest chain ",
        ", mean chain ",
    ] {
        assert!(chained.contains(counts), "{counts:?} in {chained}");
    }
    assert!(!engine.contains("separate chaining"), "{engine}");
    // The same on a 4x4 board, where the depth decides some moves.
    let four = |table: &[&str]| {
        let mut args = vec!["solve", "mnk", "--size", "4", "--depth", "6"];
        args.extend_from_slice(table);
        ply(&args, "").stdout
    };
    assert_eq!(four(&["--dictionary", "chained"]), four(&[]));
}

#[test]
fn play_ends_with_the_chained_dictionarys_counts() {
    let run = ply(
        &[
            "play",
            "mnk",
            "--size",
            "3",
            "--dictionary",
            "chained",
            "--players",
            "computer:4,computer:4",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("computer:4 (X), over its searches: Dictionary (separate chaining): "),
        "{}",
        run.stdout
    );
    let plain = ply(
        &[
            "play",
            "mnk",
            "--size",
            "3",
            "--players",
            "computer:4,computer:4",
        ],
        "",
    );
    assert!(
        !plain.stdout.contains("separate chaining"),
        "{}",
        plain.stdout
    );
    // Without a depth the dictionary has no search to serve: said, not ignored.
    let refused = ply(
        &[
            "play",
            "mnk",
            "--dictionary",
            "chained",
            "--players",
            "computer,human",
        ],
        "",
    );
    assert_ne!(refused.code, 0);
    assert!(refused.stderr.contains("--depth"), "{}", refused.stderr);
}

/// The computer's move lines of a `ply play` transcript.
fn computer_moves(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with("X plays ") || l.starts_with("O plays "))
        .collect()
}

/// `--depth D` is the depth limit on every board size and rule: boards
/// over 8 x 8 and the exact rule take it too (they refused it as doing
/// nothing), and every computer move carries its four score.
#[test]
fn the_depth_limit_holds_on_every_board_and_rule() {
    for board in [
        &["--size", "9", "--k", "5"][..],
        &["--size", "15", "--k", "5", "--rule", "exact"][..],
        &["--size", "3", "--k", "3", "--rule", "exact"][..],
    ] {
        let mut args = vec!["play", "mnk"];
        args.extend(board);
        args.extend([
            "--depth",
            "2",
            "--players",
            "computer,computer",
            "--max-moves",
            "4",
            "--move-time",
            "200",
            "--seed",
            "5",
        ]);
        let run = ply(&args, "");
        run.assert_ok();
        let moves = computer_moves(&run.stdout);
        assert!(!moves.is_empty(), "{board:?}: {}", run.stdout);
        for line in moves {
            assert!(line.contains(", score "), "{board:?}: {line}");
        }
        let mut solve = vec!["solve", "mnk"];
        solve.extend(board);
        solve.extend(["--depth", "2", "--move-time", "2000"]);
        let run = ply(&solve, "");
        run.assert_ok();
        assert!(
            run.stdout.contains("searched 2 plies") || !run.stdout.contains("unknown"),
            "{board:?}: {}",
            run.stdout
        );
    }
}

/// The move that ends the game carries its score too (it had none): the
/// perfect computer against a seeded random player wins, and says so on
/// its last move.
#[test]
fn the_winning_move_carries_its_four_score() {
    let run = ply(
        &[
            "play",
            "tictactoe",
            "--players",
            "computer,random",
            "--seed",
            "3",
        ],
        "",
    );
    run.assert_ok();
    let last = computer_moves(&run.stdout)
        .into_iter()
        .next_back()
        .expect("a move");
    assert!(run.stdout.contains("computer wins as X."), "{}", run.stdout);
    assert_eq!(
        last.split_once(": ").map(|(_, said)| said),
        Some("the winning move, score 3 (COMPUTER WINS)"),
        "{}",
        run.stdout
    );
}
