//! Nim as the Nim request shows it (issue 12, points 9 and 10): the Nim
//! trace of a game with `play --trace`, the tree in digit-rows notation, and
//! `solve --tree` for starts whose tree is too big to print, its node
//! count checked against counters written here.

use crate::support;

use std::collections::HashMap;

use support::ply;

/// The Nim trace's example game: the person takes the top row, the
/// computer one from the bottom, the person the bottom row, the computer
/// the middle row. Each of the computer's moves is its only winning one,
/// so the trace is the example's, line for line (with the row and the word
/// "items" the example's text dropped).
#[test]
fn play_trace_shows_the_example_game() {
    let run = ply(&["play", "nim", "--trace"], "1:1\n3:2\n");
    run.assert_ok();
    let trace: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("board is") || l.starts_with("computer wins"))
        .collect();
    assert_eq!(
        trace,
        [
            "board is (123)    initial board",
            "board is (23)     player removes entire top row (1 item)",
            "board is (22)     computer removes one (1) item from bottom row",
            "board is (20)     player removes entire bottom row (2 items)",
            "computer wins     computer removes entire middle row (2 items)",
        ],
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("player to move> 1:1"), "{}", run.stdout);
}

#[test]
fn the_trace_belongs_to_play_and_nim_only() {
    ply(&["solve", "nim", "--trace"], "").assert_user_error("--trace applies only to `ply play`");
    ply(&["play", "tictactoe", "--trace"], "").assert_user_error("--trace");
}

#[test]
fn a_start_with_every_row_empty_is_refused() {
    for heaps in ["000", "0", "0,0"] {
        ply(&["solve", "nim", "--heaps", heaps], "").assert_user_error("every row is empty");
        ply(&["play", "nim", "--heaps", heaps], "").assert_user_error("every row is empty");
    }
}

#[test]
fn the_tree_uses_digit_rows_notation() {
    let run = ply(&["solve", "nim", "--tree"], "");
    run.assert_ok();
    // The example tree's level 1: 23, 103, 113, 120, 121, 122.
    let mut level_one: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("  level 1  "))
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    level_one.sort_by_key(|p| p.parse::<u32>().unwrap_or(0));
    assert_eq!(level_one, ["23", "103", "113", "120", "121", "122"]);
}

/// Tree nodes below `rows`, one by one.
fn walk(rows: &mut [u16]) -> u128 {
    let mut nodes = 1;
    for row in 0..rows.len() {
        let count = rows[row];
        for left in 0..count {
            rows[row] = left;
            nodes += walk(rows);
        }
        rows[row] = count;
    }
    nodes
}

/// Tree nodes below `rows`, memoised on the rows in place.
fn memo(rows: Vec<u16>, seen: &mut HashMap<Vec<u16>, u128>) -> u128 {
    if let Some(&n) = seen.get(&rows) {
        return n;
    }
    let mut nodes = 1;
    for row in 0..rows.len() {
        for left in 0..rows[row] {
            let mut child = rows.clone();
            child[row] = left;
            nodes += memo(child, seen);
        }
    }
    seen.insert(rows, nodes);
    nodes
}

fn with_commas(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The lines of the distinct-position graph: a position, then win or lose.
fn graph_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| matches!(l.split_whitespace().nth(1), Some("win" | "lose")))
        .collect()
}

#[test]
fn three_four_five_is_counted_and_shown_as_its_distinct_positions() {
    let run = ply(&["solve", "nim", "--heaps", "3,4,5", "--tree"], "");
    run.assert_ok();
    let out = &run.stdout;
    let nodes = walk(&mut [3, 4, 5]);
    assert_eq!(nodes, 1_038_768);
    assert!(
        out.contains(&format!("{} nodes and ", with_commas(nodes))),
        "{out}"
    );
    let lines = graph_lines(out);
    // 4 x 5 x 6 positions, each once.
    assert_eq!(lines.len(), 120, "{out}");
    let mut firsts: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 120, "{out}");
    assert!(lines[0].starts_with("345  win   -> "), "{out}");
    // Lost positions are those whose rows XOR to 0 (Bouton).
    for line in &lines {
        let position = line.split_whitespace().next().unwrap_or_default();
        let digits = format!("{position:0>3}");
        let xor = digits.bytes().fold(0, |x, b| x ^ (b - b'0'));
        let mark = line.split_whitespace().nth(1);
        assert_eq!(mark == Some("lose"), xor == 0, "{line}");
    }
    assert!(
        out.contains("root 345: win for the player to move; winning moves: 1:2"),
        "{out}"
    );
}

#[test]
fn larger_starts_are_counted_too() {
    for (heaps, rows) in [
        ("9,9,9", vec![9u16, 9, 9]),
        ("5,6,7,8", vec![5, 6, 7, 8]),
        ("1,2,3,4,5,6,7", vec![1, 2, 3, 4, 5, 6, 7]),
    ] {
        let run = ply(&["solve", "nim", "--heaps", heaps, "--tree"], "");
        run.assert_ok();
        let nodes = memo(rows, &mut HashMap::new());
        assert!(
            run.stdout
                .contains(&format!("{} nodes and ", with_commas(nodes))),
            "{heaps}: {nodes}: {}",
            run.stdout
        );
    }
    let run = ply(&["solve", "nim", "--heaps", "9,9,9", "--tree"], "");
    assert_eq!(graph_lines(&run.stdout).len(), 1000);
    // Past 128 bits: how big, and still the root's verdict.
    let run = ply(&["solve", "nim", "--heaps", "65535,65535,7", "--tree"], "");
    run.assert_ok();
    assert!(run.stdout.contains("at least 2^131077"), "{}", run.stdout);
    assert!(
        run.stdout.contains("winning moves: 1:7 2:7 3:7"),
        "{}",
        run.stdout
    );
}

/// The Nim request's three things in one run: `ply play nim --tree` builds
/// and shows the marked tree, then plays, the computer moving to a child
/// the tree marks as winning (from 23, to 22: its only winning move).
#[test]
fn play_with_tree_shows_the_marked_tree_then_plays_from_it() {
    let run = ply(
        &["play", "nim", "--tree", "--players", "human,computer"],
        "1:1\n",
    );
    run.assert_ok();
    let out = &run.stdout;
    assert!(out.starts_with("game tree of Nim from 123"), "{out}");
    let tree_end = out
        .find("447 nodes, 182 leaves")
        .expect("the tree's size line");
    assert_eq!(out[..tree_end].matches(" mark ").count(), 447, "{out}");
    let game = &out[tree_end..];
    assert!(game.contains("player 2 plays 3:1"), "{game}");
}
