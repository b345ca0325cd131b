//! The solved game: both methods agree everywhere, the table is consistent
//! with the rules, and the perfect player never loses what it can hold.

use ply_engine::conformance;
use ply_engine::{fixed_point, RetrogradeAnalyzer};
use ply_engine::{Game, GameResult, Notation, Outcome, Side, Symmetric, Value};
use ply_trilite::{solution, Trilite};

#[test]
fn retrograde_and_fixed_point_agree_on_every_position() {
    let table = solution();
    let plain = fixed_point(&Trilite::new());
    assert_eq!(plain.len(), table.len());
    for (key, value) in table.iter() {
        let other = plain.get(&key).copied();
        assert_eq!(other, Some(value), "position key {key:#x}");
    }
}

#[test]
fn counts_and_start_value() {
    let table = solution();
    let stats = table.stats();
    assert_eq!(stats.positions, 128_170);
    assert_eq!(stats.terminal, 12_096);
    assert_eq!(stats.edges, 369_801);
    assert_eq!(
        (stats.wins, stats.losses, stats.draws),
        (78_613, 36_364, 13_193)
    );
    assert_eq!(stats.max_remoteness, 17);
    // The first player wins in 13 plies, by starting on an edge square;
    // a corner or the centre only draws.
    let start = Trilite::new();
    assert_eq!(table.value(&start), Some(Value::win(13)));
    let analysis = table.analyze(&start).expect("start");
    for (mv, value) in analysis.moves {
        let expected = if mv % 2 == 1 {
            Value::win(12)
        } else {
            Value::draw(None)
        };
        assert_eq!(value, expected, "first move {}", start.format_move(mv));
    }
    // Up to the board's symmetries, the positions fall into fewer classes.
    let classes: std::collections::HashSet<u32> =
        enumerate().iter().map(|g| g.canonical().1).collect();
    assert_eq!(classes.len(), CLASSES);
}

/// Every reachable position, by a plain search of the rules.
fn enumerate() -> Vec<Trilite> {
    let start = Trilite::new();
    let mut seen = std::collections::HashSet::from([start.key()]);
    let mut all = vec![start];
    let mut i = 0;
    while i < all.len() {
        let game = all[i];
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let mut child = game;
            child.play(mv);
            if seen.insert(child.key()) {
                all.push(child);
            }
        }
        i += 1;
    }
    all
}

const CLASSES: usize = 16_030;

#[test]
fn values_are_consistent_with_children() {
    conformance::check_values(
        &Trilite::new(),
        &mut RetrogradeAnalyzer::new(solution().clone()),
        300,
        60,
        7,
    );
}

#[test]
fn every_position_agrees_with_its_best_move() {
    // Child/parent consistency over the whole table, not just playouts.
    let table = solution();
    let start = Trilite::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![start];
    seen.insert(start.key());
    while let Some(game) = stack.pop() {
        let analysis = table.analyze(&game).expect("reachable");
        if game.result().is_some() {
            assert_eq!(analysis.value, Value::lose(0));
            continue;
        }
        let best = ply_engine::best_value(&analysis.moves);
        assert_eq!(
            best.outcome,
            analysis.value.outcome,
            "{}",
            game.format_position()
        );
        if best.outcome != Outcome::Draw {
            assert_eq!(best.remoteness, analysis.value.remoteness);
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let mut child = game;
            child.play(mv);
            if seen.insert(child.key()) {
                stack.push(child);
            }
        }
    }
    assert_eq!(seen.len(), table.len());
}

/// Perfect play against random play from every seat: perfect never loses,
/// and from any position it can win, it wins.
#[test]
fn perfect_never_loses_to_random() {
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let table = solution();
    let mut rng = StdRng::seed_from_u64(3);
    for game_number in 0..400 {
        let perfect = if game_number % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut game = Trilite::new();
        let mut moves = Vec::new();
        // Losing is allowed only from a position that was lost already.
        let mut ever_held = false;
        for _ in 0..400 {
            if game.result().is_some() {
                break;
            }
            let mv = if game.to_move() == perfect {
                let analysis = table.analyze(&game).expect("reachable");
                let before = analysis.value;
                ever_held |= before.outcome != Outcome::Lose;
                let mv = analysis.best_moves()[0];
                game.play(mv);
                let after = table.value(&game).expect("reachable").as_move_value();
                assert_eq!(before.outcome, after.outcome, "a value slipped");
                continue;
            } else {
                game.generate_moves(&mut moves);
                *moves.choose(&mut rng).expect("a move")
            };
            game.play(mv);
        }
        if ever_held {
            assert_ne!(game.result(), Some(GameResult::Win(perfect.opponent())));
        }
    }
}

/// The generic depth-limited search decides only what the table says:
/// a move it labels won or lost within its horizon has that value in the
/// table, with the same remoteness when the search pins it down.
#[test]
fn depth_limited_search_agrees_with_the_table() {
    use ply_engine::SearchAnalyzer;
    use ply_engine::{Analyzer, EngineConfig};
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let table = solution();
    let config = EngineConfig {
        hash_mb: 8,
        depth: Some(7),
        ..EngineConfig::default()
    };
    let mut search = SearchAnalyzer::new(ply_trilite::TriliteKnowledge, &config);
    let mut rng = StdRng::seed_from_u64(5);
    let mut decided = 0;
    for _ in 0..40 {
        let mut game = Trilite::new();
        for _ in 0..20 {
            if game.result().is_some() {
                break;
            }
            let exact = table.analyze(&game).expect("reachable");
            let limited = search.analyze(&game).expect("depth-limited");
            for ((mv, truth), (same, guess)) in exact.moves.iter().zip(&limited.moves) {
                assert_eq!(mv, same);
                if matches!(guess.outcome, Outcome::Win | Outcome::Lose) {
                    decided += 1;
                    assert_eq!(guess.outcome, truth.outcome, "{}", game.format_position());
                    if let Some(r) = guess.remoteness {
                        assert_eq!(Some(r), truth.remoteness, "{}", game.format_position());
                    }
                }
            }
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            game.play(*moves.choose(&mut rng).expect("a move"));
        }
    }
    assert!(decided > 100, "{decided} decided moves");
}
