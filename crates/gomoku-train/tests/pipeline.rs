//! The pipeline end to end on a few quick games: self-play, the games
//! file, the positions and a fit whose weights file reads back.

use std::path::Path;

use ply_gomoku::{Board, Engine, EvalWeights, Evaluation, Rule, Stone};
use ply_gomoku_train::{
    fit, fit_policy, label_games, label_moves, labelled_samples, parse_move, play_game,
    policy_samples, read_games, read_labels, read_moves, samples, score_scale, write_games,
    write_labels, write_moves, Fitting, GameRecord, GamesError, Outcome, SearchLabel, Searching,
    SelfPlay,
};

#[test]
fn moves_parse_and_bad_ones_are_refused() {
    let h8 = parse_move("h8").expect("a move");
    assert_eq!((h8.x, h8.y), (7, 7));
    for bad in ["", "8h", "h0", "H8", "h", "h8x"] {
        assert_eq!(parse_move(bad), None, "{bad:?}");
    }
}

/// `count` quick self-play games (depth 1, a few random moves) of `seed`.
/// Writes `items` to a file named after `kind` in a temporary folder of
/// its own, checks that they read back the same, then that the file
/// holding `bad` instead is refused.
fn assert_round_trip<T: PartialEq + std::fmt::Debug>(
    kind: &str,
    items: &[T],
    write: fn(&Path, &[T]) -> Result<(), GamesError>,
    read: fn(&Path) -> Result<Vec<T>, GamesError>,
    bad: &str,
) {
    let dir = std::env::temp_dir().join(format!("ply-gomoku-{kind}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(format!("{kind}.txt"));
    write(&path, items).expect("written");
    assert_eq!(read(&path).expect("read back"), items);
    std::fs::write(&path, bad).expect("written");
    assert!(read(&path).is_err(), "a bad line of {kind} is refused");
    std::fs::remove_dir_all(&dir).ok();
}

fn quick_games(count: u64, seed: u64) -> Vec<GameRecord> {
    let style = SelfPlay {
        rule: Rule::Freestyle,
        size: 15,
        depth: 1,
        move_ms: 20,
        random: 0.05,
        evaluation: Evaluation::Patterns,
    };
    let mut engine = Engine::new(1 << 20);
    (0..count)
        .map(|i| play_game(&style, &mut engine, seed, i))
        .collect()
}

/// A quick labelling search: 2 plies, 50 ms a position, two threads.
fn quick_search() -> Searching {
    Searching {
        rule: Rule::Freestyle,
        size: 15,
        depth: 2,
        move_ms: 50,
        threads: 2,
    }
}

#[test]
fn self_play_games_round_trip_and_fit() {
    let games = quick_games(12, 5);
    assert!(games.iter().all(|g| g.moves.len() > g.opening));
    assert!(games.iter().any(|g| g.outcome != Outcome::Draw));
    assert_round_trip("games", &games, write_games, read_games, "B 3 h8 i9 zz\n");

    let positions = samples(&games, Rule::Freestyle, 15);
    assert!(positions.len() > 50, "{} positions", positions.len());
    assert!(positions.iter().any(|s| s.held_out));
    let fitted = fit(
        &positions,
        Rule::Freestyle,
        Fitting {
            epochs: 50,
            rate: 0.02,
            l2: 1e-4,
        },
        &mut |_, _| {},
    );
    let bytes = fitted.weights.to_bytes();
    assert_eq!(
        EvalWeights::from_bytes(&bytes).expect("the file reads back"),
        fitted.weights
    );
}

/// Search labels: one per position the fit uses, in order, written and
/// read back; a blend of 1 gives the results' targets, of 0 the labels';
/// too few or too many labels are refused; the scale fits scores that
/// predict results.
#[test]
fn search_labels_match_the_positions_and_round_trip() {
    let games = quick_games(4, 9);
    let search = quick_search();
    let labels = label_games(&games, search, &|_| {});
    let positions = samples(&games, Rule::Freestyle, 15);
    assert_eq!(labels.iter().map(Vec::len).sum::<usize>(), positions.len());

    assert_round_trip("labels", &labels, write_labels, read_labels, "12 W L x\n");

    let results = labelled_samples(&games, &labels, Rule::Freestyle, 15, 1.0, 400.0)
        .expect("labels for every position");
    assert!(results
        .iter()
        .zip(&positions)
        .all(|(a, b)| a.target == b.target && a.features == b.features));
    let searched = labelled_samples(&games, &labels, Rule::Freestyle, 15, 0.0, 400.0)
        .expect("labels for every position");
    let flat: Vec<SearchLabel> = labels.iter().flatten().copied().collect();
    for (sample, label) in searched.iter().zip(&flat) {
        match label {
            SearchLabel::Win => assert_eq!(sample.target, 1.0),
            SearchLabel::Loss => assert_eq!(sample.target, 0.0),
            SearchLabel::Score(s) => {
                let expected = 1.0 / (1.0 + (-f64::from(*s) / 400.0).exp());
                assert!((f64::from(sample.target) - expected).abs() < 1e-6);
            }
        }
    }
    let mut short = labels.clone();
    short[1].pop();
    assert!(labelled_samples(&games, &short, Rule::Freestyle, 15, 0.5, 400.0).is_err());
    let mut long = labels.clone();
    long[2].push(SearchLabel::Win);
    assert!(labelled_samples(&games, &long, Rule::Freestyle, 15, 0.5, 400.0).is_err());

    // Scores of 600 units that name the winner three times in four: the
    // best scale makes logistic(600 / scale) = 3/4, 600 / ln 3 = 546
    // units (within the grid's step of a sixth of an octave).
    let mut i = 0;
    let named: Vec<Vec<SearchLabel>> = labels
        .iter()
        .map(|game| {
            game.iter()
                .map(|_| {
                    let target = positions[i].target;
                    let right = i % 4 != 3;
                    i += 1;
                    let winner = if (target > 0.5) == right { 600 } else { -600 };
                    SearchLabel::Score(if target == 0.5 { 0 } else { winner })
                })
                .collect()
        })
        .collect();
    let scale = score_scale(&games, &named, Rule::Freestyle, 15);
    assert!((490.0..610.0).contains(&scale), "scale {scale}");
}

#[test]
fn chosen_moves_are_legal_round_trip_and_fit_a_policy() {
    let games = quick_games(10, 9);
    let search = quick_search();
    let moves = label_moves(&games, search, &|_| {});
    assert_eq!(moves.len(), games.len());
    // Each chosen move is empty in its position: replay each game, taking
    // the next chosen move at every position the fit uses.
    let positions: usize = moves.iter().map(Vec::len).sum();
    assert_eq!(positions, samples(&games, Rule::Freestyle, 15).len());
    for (game, chosen) in games.iter().zip(&moves) {
        let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("a board");
        let mut side = Stone::Black;
        let mut next = chosen.iter();
        for (ply, &mv) in game.moves.iter().enumerate() {
            let used = ply >= game.opening
                && board.winner().is_none()
                && board.winning_cells(side).is_empty()
                && board.winning_cells(side.opponent()).is_empty();
            if used {
                let pick = next.next().expect("a move for every position");
                let pick = pick.expect("the search answers");
                assert!(board.is_legal(pick, side), "{pick} in game {game:?}");
            }
            board.play(mv, side).expect("the game's own move");
            side = side.opponent();
        }
        assert!(next.next().is_none(), "no moves left over");
    }

    assert_round_trip("moves", &moves, write_moves, read_moves, "h8 - zz\n");

    let chosen = policy_samples(&games, &moves, Rule::Freestyle, 15).expect("as many lines");
    assert!(
        chosen.len() * 10 >= positions * 8,
        "most moves are candidates"
    );
    let fitted = fit_policy(&chosen, 100, 0.05, 1e-5, &mut |_, _| {});
    assert!(fitted.counts.1 > 0, "game 10 is held out");
    assert!(
        fitted.held_out_loss.1 < fitted.held_out_loss.0,
        "the fit beats a uniform choice: {:?}",
        fitted.held_out_loss
    );
    assert!(policy_samples(&games, &moves[1..], Rule::Freestyle, 15).is_err());
}
