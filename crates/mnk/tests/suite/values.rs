//! Solved values: the harness's consistency checks, the literature's
//! results, and a differential test against plain minimax.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use ply_engine::conformance::check_values;
use ply_engine::SearchAnalyzer;
use ply_engine::{EngineConfig, Game, GameResult, Knowledge, Notation, Outcome, Searcher, Value};
use ply_mnk::{Mnk, MnkKnowledge};

fn board(rows: u8, cols: u8, k: u8) -> Mnk {
    Mnk::new(rows, cols, k).expect("a valid board")
}

fn solve(game: &Mnk) -> Value {
    Searcher::<Mnk>::new(16)
        .with_knowledge(MnkKnowledge)
        .solve(game)
}

#[test]
fn values_are_consistent_on_small_boards() {
    let config = EngineConfig {
        hash_mb: 8,
        ..EngineConfig::default()
    };
    for (rows, cols, k) in [
        (3, 3, 3),
        (3, 4, 3),
        (4, 4, 3),
        (2, 5, 2),
        (4, 4, 4),
        (1, 6, 3),
    ] {
        let mut analyzer = SearchAnalyzer::new(MnkKnowledge, &config);
        check_values(&board(rows, cols, k), &mut analyzer, 6, 30, 7);
    }
}

#[test]
fn tic_tac_toe_is_a_draw_and_every_first_move_draws() {
    let start = Mnk::tic_tac_toe();
    let analysis = Searcher::<Mnk>::new(1)
        .with_knowledge(MnkKnowledge)
        .analyze(&start);
    assert_eq!(analysis.value, Value::draw(Some(9)));
    assert_eq!(analysis.moves.len(), 9);
    for (mv, value) in analysis.moves {
        assert_eq!(value.outcome, Outcome::Draw, "{}", start.format_move(mv));
    }
}

#[test]
fn known_values_of_small_games() {
    assert_eq!(solve(&board(3, 3, 3)).outcome, Outcome::Draw);
    for (rows, cols) in [(4, 3), (3, 4)] {
        assert_eq!(solve(&board(rows, cols, 3)).outcome, Outcome::Win);
    }
    assert_eq!(solve(&board(4, 4, 3)).outcome, Outcome::Win);
    assert_eq!(solve(&board(4, 4, 4)).outcome, Outcome::Draw);
    for (rows, cols) in [(5, 4), (4, 5)] {
        assert_eq!(solve(&board(rows, cols, 4)).outcome, Outcome::Draw);
    }
}

/// Each is well under a second in release (`ply bench mnk` times the
/// first three).
#[test]
fn known_values_of_larger_games() {
    assert_eq!(solve(&board(5, 5, 4)).outcome, Outcome::Draw);
    for (rows, cols) in [(6, 5), (5, 6), (6, 6), (7, 7), (8, 8)] {
        assert_eq!(solve(&board(rows, cols, 4)).outcome, Outcome::Win);
    }
    for (rows, cols) in [(5, 5), (6, 5), (5, 6)] {
        assert_eq!(solve(&board(rows, cols, 5)).outcome, Outcome::Draw);
    }
}

#[test]
fn every_first_move_of_5x5_k4_draws() {
    let analysis = Searcher::<Mnk>::new(16)
        .with_knowledge(MnkKnowledge)
        .analyze(&board(5, 5, 4));
    assert_eq!(analysis.value, Value::draw(Some(25)));
    assert!(analysis
        .moves
        .iter()
        .all(|(_, v)| v.outcome == Outcome::Draw));
}

/// The first move decides (6,5,4): the centre wins in 11, a corner loses.
#[test]
fn first_moves_of_6x5_k4() {
    let start = board(6, 5, 4);
    let analysis = Searcher::<Mnk>::new(64)
        .with_knowledge(MnkKnowledge)
        .analyze(&start);
    assert_eq!(analysis.value, Value::win(11));
    let value = |square: &str| {
        let mv = start.parse_move(square).expect("a square");
        analysis
            .moves
            .iter()
            .find(|(m, _)| *m == mv)
            .expect("a move")
            .1
    };
    assert_eq!(value("c3"), Value::win(10));
    assert_eq!(value("a1"), Value::lose(15));
    assert_eq!(value("b1").outcome, Outcome::Draw);
}

/// Plain negamax: no pruning, no table, no ordering. Scores are
/// `1000 - r` for a win in `r` plies, `-(1000 - r)` for a loss, 0 a draw.
fn minimax(game: &mut Mnk) -> i32 {
    if let Some(result) = game.result() {
        return match result {
            GameResult::Draw => 0,
            GameResult::Win(side) if side == game.to_move() => 1000,
            GameResult::Win(_) => -1000,
        };
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let undo = game.play(mv);
        let s = minimax(game);
        game.undo(mv, undo);
        let mine = match s {
            s if s > 0 => -s + 1,
            s if s < 0 => -s - 1,
            _ => 0,
        };
        best = best.max(mine);
    }
    best
}

fn minimax_value(game: &Mnk) -> Value {
    let s = minimax(&mut game.clone());
    let empties = MnkKnowledge.max_remaining_plies(game);
    match s {
        s if s > 0 => Value::win((1000 - s) as u32),
        s if s < 0 => Value::lose((1000 + s) as u32),
        _ => Value::draw(empties),
    }
}

/// Random positions with at most `empty` empty squares, game not over.
fn random_positions(start: &Mnk, empty: u32, count: usize, seed: u64) -> Vec<Mnk> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = start.clone();
        while MnkKnowledge.max_remaining_plies(&game).unwrap_or(0) > empty
            && game.result().is_none()
        {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            game.play(*moves.choose(&mut rng).expect("a move"));
        }
        if game.result().is_none() {
            found.push(game);
        }
    }
    found
}

#[test]
fn solver_agrees_with_plain_minimax() {
    let boards = [
        ((3, 3, 3), 9, 20),
        ((3, 4, 3), 8, 60),
        ((4, 3, 3), 8, 60),
        ((4, 4, 3), 8, 60),
        ((4, 4, 4), 8, 40),
        ((2, 5, 2), 9, 40),
        ((1, 7, 3), 7, 40),
        ((5, 5, 4), 8, 60),
        ((3, 6, 4), 8, 60),
    ];
    let mut dead_draws = 0;
    let mut collisions = 0;
    for ((rows, cols, k), empty, count) in boards {
        let start = board(rows, cols, k);
        let mut searcher = Searcher::<Mnk>::new(4).with_knowledge(MnkKnowledge);
        let mut tiny = Searcher::<Mnk>::with_entries(4).with_knowledge(MnkKnowledge);
        for game in random_positions(&start, empty, count, rows as u64 * 31 + cols as u64) {
            let expected = minimax_value(&game);
            let text = game.format_position();
            if MnkKnowledge.is_dead_draw(&game) {
                dead_draws += 1;
                assert_eq!(expected.outcome, Outcome::Draw, "dead draw {text}");
            }
            assert_eq!(searcher.solve(&game), expected, "{rows},{cols},{k} {text}");
            assert_eq!(
                tiny.solve(&game),
                expected,
                "tiny table: {rows},{cols},{k} {text}"
            );
            // Every move's value too, against minimax of the child.
            let analysis = searcher.analyze(&game);
            assert_eq!(analysis.value, expected, "analysis of {text}");
            for (mv, value) in analysis.moves {
                let mut child = game.clone();
                child.play(mv);
                let child_value = match child.result() {
                    Some(GameResult::Win(_)) => Value::lose(0),
                    Some(GameResult::Draw) => Value::draw(Some(0)),
                    None => minimax_value(&child),
                };
                assert_eq!(value, child_value.as_move_value(), "{text} then {mv}");
            }
        }
        collisions += tiny.stats().collisions;
    }
    assert!(collisions > 100, "only {collisions} collisions");
    assert!(dead_draws > 0);
}

#[test]
fn dead_draws_are_draws() {
    let line = board(1, 5, 3);
    // X to move with two moves left, O with one: O's lines need two more.
    let dead = line.parse_position("X-O--").expect("a position");
    assert!(MnkKnowledge.is_dead_draw(&dead));
    // O to move: X can still fill only a1-c1, and O holds it by answering
    // b1 with c1 and c1 with b1.
    assert!(MnkKnowledge.is_dead_draw(&line.parse_position("X----").expect("a position")));
    // Eight lines over nine squares cannot all hold disjoint pairs.
    assert!(!MnkKnowledge.is_dead_draw(&Mnk::tic_tac_toe()));
    // Along random games, every dead draw is a draw by plain minimax.
    let mut rng = StdRng::seed_from_u64(11);
    let mut met = 0;
    for (rows, cols, k) in [(3, 3, 3), (4, 4, 4), (3, 5, 3), (4, 5, 4), (2, 6, 3)] {
        for _ in 0..200 {
            let mut game = board(rows, cols, k);
            while game.result().is_none() {
                // Plain minimax is quick enough from 8 empty squares.
                if MnkKnowledge.max_remaining_plies(&game) <= Some(8)
                    && MnkKnowledge.is_dead_draw(&game)
                {
                    met += 1;
                    let text = game.format_position();
                    assert_eq!(minimax_value(&game).outcome, Outcome::Draw, "{text}");
                    break;
                }
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                game.play(*moves.choose(&mut rng).expect("a move"));
            }
        }
    }
    assert!(met > 100, "only {met} dead draws met");
}

/// The speed targets for `ply bench mnk` (medians, release build):
/// `cargo test --release -p ply-mnk -- --ignored`.
#[test]
#[ignore]
fn bench_speed_targets() {
    use std::time::Duration;
    for (board, limit) in [((4, 4, 4), 0.1), ((5, 5, 4), 1.0), ((6, 5, 4), 2.0)] {
        let m = ply_mnk::measure_board(board, 5, 64).expect("a board");
        assert!(
            m.median() < Duration::from_secs_f64(limit),
            "{board:?}: median {:?} over {limit} s",
            m.median()
        );
    }
}

/// The pruning rules' claims, checked move by move with plain minimax:
/// where the opponent could make a double threat, every move outside the
/// defences loses in exactly 4 and none loses faster.
#[test]
fn moves_outside_the_defences_lose_in_4() {
    let mut checked = 0;
    for (rows, cols, k) in [(4, 4, 4), (3, 5, 3), (4, 5, 4), (4, 4, 3), (5, 5, 4)] {
        let start = board(rows, cols, k);
        for game in random_positions(&start, 9, 400, rows as u64 * 7 + cols as u64 + 1) {
            // The rule applies when no one threatens to win at once.
            let scan = ply_mnk::scan_threats(&game);
            if scan.wins | scan.threats != 0 {
                continue;
            }
            let Some(keep) = ply_mnk::defences(&game) else {
                continue;
            };
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            for mv in moves {
                let mut child = game.clone();
                child.play(mv);
                let value = minimax_value(&child).as_move_value();
                let text = game.format_position();
                if keep >> mv & 1 == 0 {
                    assert_eq!(value, Value::lose(3), "{text} then {mv}");
                } else if value.outcome == Outcome::Lose {
                    assert!(value.remoteness >= Some(3), "{text} then {mv}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "only {checked} moves checked");
}

/// Win (1), draw (0) or loss (-1) by plain alpha-beta: no table, no
/// pruning rules, no dead draws; quick enough for a dozen empty squares.
fn outcome(game: &mut Mnk, mut alpha: i32, beta: i32) -> i32 {
    if let Some(result) = game.result() {
        return match result {
            GameResult::Draw => 0,
            GameResult::Win(side) if side == game.to_move() => 1,
            GameResult::Win(_) => -1,
        };
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut best = -1;
    for mv in moves {
        let undo = game.play(mv);
        let s = -outcome(game, -beta, -alpha);
        game.undo(mv, undo);
        best = best.max(s);
        alpha = alpha.max(s);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Draws proved by pairing strategies along random games, once `empty`
/// squares are left, checked by plain alpha-beta; the number met.
fn check_pairing_draws(empty: std::ops::RangeInclusive<u32>, games: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(12);
    let mut met = 0;
    for (rows, cols, k) in [(4, 4, 4), (3, 5, 3), (4, 5, 4), (5, 5, 4), (4, 4, 3)] {
        for _ in 0..games {
            let mut game = board(rows, cols, k);
            while game.result().is_none() {
                let left = MnkKnowledge.max_remaining_plies(&game).unwrap_or(0);
                if empty.contains(&left) && MnkKnowledge.is_dead_draw(&game) {
                    met += 1;
                    let text = game.format_position();
                    assert_eq!(outcome(&mut game.clone(), -1, 1), 0, "{text}");
                    break;
                }
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                game.play(*moves.choose(&mut rng).expect("a move"));
            }
        }
    }
    met
}

#[test]
fn pairing_draws_are_draws() {
    let met = check_pairing_draws(9..=11, 100);
    assert!(met > 50, "only {met} pairing draws met");
}

/// More of them, further from the end:
/// `cargo test --release -p ply-mnk -- --ignored`.
#[test]
#[ignore]
fn pairing_draws_far_from_the_end_are_draws() {
    let met = check_pairing_draws(9..=13, 300);
    assert!(met > 200, "only {met} pairing draws met");
}
