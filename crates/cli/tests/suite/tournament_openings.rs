//! `ply tournament --openings N`: seeded balanced openings, the same for
//! the same seed, each played twice in a row with colours swapped, every
//! game's moves starting with its opening.

use crate::support::ply;

use serde_json::Value;

fn tournament(game: &[&str], players: &str, openings: &str, seed: &str) -> Value {
    let mut args = vec!["tournament"];
    args.extend_from_slice(game);
    args.extend_from_slice(&[
        "--players",
        players,
        "--openings",
        openings,
        "--seed",
        seed,
        "--json",
    ]);
    let run = ply(&args, "");
    run.assert_ok();
    serde_json::from_str(&run.stdout).expect("JSON")
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_str().expect("a move").to_string())
        .collect()
}

#[test]
fn openings_are_seeded_and_each_is_played_with_colours_swapped() {
    let gomoku = ["mnk", "--size", "15", "--k", "5"];
    let report = tournament(&gomoku, "random,heuristic", "3", "7");
    let openings: Vec<Vec<String>> = report["openings"]
        .as_array()
        .expect("openings")
        .iter()
        .map(strings)
        .collect();
    assert_eq!(openings.len(), 3);
    // Two games an opening when --games is not given.
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), 6);
    for (k, opening) in openings.iter().enumerate() {
        assert!((3..=5).contains(&opening.len()), "{opening:?}");
        let (one, two) = (&games[2 * k], &games[2 * k + 1]);
        for game in [one, two] {
            assert_eq!(game["opening"], k, "{game}");
            let moves = strings(&game["moves"]);
            assert_eq!(&moves[..opening.len()], &opening[..], "{game}");
        }
        assert_eq!(one["first"], two["second"], "colours swapped");
        assert_eq!(one["second"], two["first"], "colours swapped");
    }
    // The same seed draws the same openings; another seed others.
    let again = tournament(&gomoku, "random,heuristic", "3", "7");
    assert_eq!(again["openings"], report["openings"]);
    let other = tournament(&gomoku, "random,heuristic", "3", "8");
    assert_ne!(other["openings"], report["openings"]);
    // Othello draws its openings too, six to eight plies.
    let othello = tournament(&["othello"], "random,heuristic", "2", "1");
    for opening in othello["openings"].as_array().expect("openings") {
        assert!((6..=8).contains(&strings(opening).len()), "{opening}");
    }
}

#[test]
fn a_game_without_openings_says_so() {
    ply(
        &[
            "tournament",
            "nim",
            "--players",
            "random,perfect",
            "--openings",
            "2",
        ],
        "",
    )
    .assert_user_error("no seeded openings");
    ply(
        &[
            "tournament",
            "mnk",
            "--players",
            "random,perfect",
            "--openings",
            "0",
        ],
        "",
    )
    .assert_user_error("1 to 10000");
    ply(
        &[
            "tournament",
            "othello",
            "--players",
            "random,random",
            "--openings",
            "3",
            "--games",
            "4",
        ],
        "",
    )
    .assert_user_error("a multiple of 6 games");
}
