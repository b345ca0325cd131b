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

/// A pair's W-D-L with each colour, counted again from the game records.
fn recount(games: &[Value], player: u64, opponent: u64) -> [[u64; 3]; 2] {
    let mut counts = [[0u64; 3]; 2];
    for game in games {
        let (first, second) = (game["first"].as_u64(), game["second"].as_u64());
        let colour = if (first, second) == (Some(player), Some(opponent)) {
            0
        } else if (first, second) == (Some(opponent), Some(player)) {
            1
        } else {
            continue;
        };
        let outcome = match game["winner"].as_u64() {
            Some(w) if w == player => 0,
            None => 1,
            Some(_) => 2,
        };
        counts[colour][outcome] += 1;
    }
    counts
}

fn tally(value: &Value) -> [u64; 3] {
    ["wins", "draws", "losses"].map(|key| value[key].as_u64().expect("a count"))
}

#[test]
fn each_pair_reports_its_results_with_each_colour() {
    let args = [
        "tournament",
        "mnk",
        "--players",
        "perfect,random,heuristic",
        "--games",
        "6",
        "--seed",
        "3",
    ];
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let run = ply(&with_json, "");
    run.assert_ok();
    let report: Value = serde_json::from_str(&run.stdout).expect("JSON");
    let games = report["games"].as_array().expect("games");
    let pairs = report["pairs"].as_array().expect("pairs");
    assert_eq!(pairs.len(), 3);
    let text = ply(&args, "");
    text.assert_ok();
    let names = report["players"].as_array().expect("players");
    for pair in pairs {
        let (player, opponent) = (
            pair["player"].as_u64().expect("index"),
            pair["opponent"].as_u64().expect("index"),
        );
        let [first, second] = recount(games, player, opponent);
        assert_eq!(tally(&pair["as_first"]), first, "{pair}");
        assert_eq!(tally(&pair["as_second"]), second, "{pair}");
        let total: Vec<u64> = (0..3).map(|k| first[k] + second[k]).collect();
        assert_eq!(tally(&pair["results"]).to_vec(), total, "{pair}");
        // Three games with each colour, as the first player alternates.
        assert_eq!(first.iter().sum::<u64>(), 3);
        assert_eq!(second.iter().sum::<u64>(), 3);
        // Perfect play never loses tic-tac-toe, with either colour.
        if names[player as usize] == "perfect" {
            assert_eq!((first[2], second[2]), (0, 0), "{pair}");
        }
        // The text table has the same line.
        let dash = |t: [u64; 3]| format!("{}-{}-{}", t[0], t[1], t[2]);
        let label = format!(
            "{} vs {}",
            names[player as usize].as_str().expect("name"),
            names[opponent as usize].as_str().expect("name")
        );
        let line = text
            .stdout
            .lines()
            .find(|line| line.starts_with(&label) && line.contains(&dash(first)))
            .unwrap_or_else(|| panic!("no line for {label}:\n{}", text.stdout));
        let cells: Vec<&str> = line[label.len()..].split_whitespace().collect();
        assert_eq!(
            cells,
            [dash(tally(&pair["results"])), dash(first), dash(second)],
            "{line}"
        );
    }
}
