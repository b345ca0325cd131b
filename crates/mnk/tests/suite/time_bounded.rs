//! `hint` and `solve` within a time budget: whatever point the deadline
//! cuts the analysis at, its values never contradict the exact solver, and
//! boards too large to solve still answer (with `unknown` where undecided).

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use ply_engine::conformance::assert_compatible;
use ply_engine::{
    Analysis, Deadline, EngineConfig, Game, GameKind, GameOptions, Outcome, Searcher,
};
use ply_mnk::{Mnk, MnkKnowledge, MNK};

/// Positions met along seeded random games, from the start to the end.
fn positions(start: &Mnk, games: usize, seed: u64) -> Vec<Mnk> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut game = start.clone();
        let mut moves = Vec::new();
        while game.result().is_none() {
            out.push(game.clone());
            game.generate_moves(&mut moves);
            let &mv = moves.choose(&mut rng).expect("a move");
            game.play(mv);
        }
    }
    out
}

fn assert_sound(truth: &Analysis<u8>, got: &Analysis<u8>, what: &str) {
    let moves = |a: &Analysis<u8>| a.moves.iter().map(|(m, _)| *m).collect::<Vec<u8>>();
    assert_eq!(moves(got), moves(truth), "{what}: the move set changed");
    for ((mv, t), (_, g)) in truth.moves.iter().zip(&got.moves) {
        assert_compatible(*t, *g, &format!("{what}: move {mv}"));
        if got.depth.is_none() {
            assert_eq!(t.outcome, g.outcome, "{what}: move {mv} said exact");
        }
    }
    assert_compatible(truth.value, got.value, &format!("{what}: position"));
}

#[test]
fn time_limited_values_never_contradict_the_exact_solver() {
    let budgets = [0, 20, 200, 2_000, 20_000].map(Duration::from_micros);
    for (rows, cols, k, games) in [(3, 3, 3, 3), (4, 4, 3, 2), (4, 4, 4, 2), (3, 5, 3, 2)] {
        let start = Mnk::new(rows, cols, k).expect("a board");
        let mut exact = Searcher::<Mnk>::new(8).with_knowledge(MnkKnowledge);
        let mut timed = Searcher::<Mnk>::new(8).with_knowledge(MnkKnowledge);
        for game in positions(&start, games, 11) {
            let truth = exact.analyze(&game);
            for budget in budgets {
                let got = timed.analyze_within(&game, None, Deadline::after(Some(budget)));
                let what = format!("{rows}x{cols} k={k} {game:?} within {budget:?}");
                assert_sound(&truth, &got, &what);
            }
        }
    }
}

#[test]
fn a_large_board_answers_within_a_small_budget() {
    // 7x7 k=5 cannot be solved; a 50 ms budget still lists every move.
    let options = GameOptions::new()
        .with_value("size", "7")
        .with_value("k", "5");
    let mut session = MNK.new_session(&options).expect("7x7 k=5");
    let config = EngineConfig {
        move_time: Some(Duration::from_millis(50)),
        ..EngineConfig::default()
    };
    let report = session.analyze(&config).expect("an analysis");
    let mut listed: Vec<String> = report.moves.iter().map(|m| m.mv.clone()).collect();
    let mut legal = session.legal_moves();
    listed.sort();
    legal.sort();
    assert_eq!(listed, legal);
    assert!(
        report.depth.is_some(),
        "not solved: the depth reached is said"
    );
    assert_eq!(report.value.outcome, Outcome::Unknown);
}

/// The boards within a 3 s budget: `hint`/`solve` return in time.
/// Wall-clock, so not in the default suite:
/// `cargo test --release -p ply-mnk --test suite -- --ignored time_bounded::`.
#[test]
#[ignore]
fn six_and_seven_square_boards_answer_within_three_seconds() {
    let budget = Duration::from_secs(3);
    for size in ["6", "7"] {
        let options = GameOptions::new()
            .with_value("size", size)
            .with_value("k", "5");
        let mut session = MNK.new_session(&options).expect("the board");
        for moves in [&[][..], &["d4"][..], &["d4", "c3", "e5"][..]] {
            session.restart();
            for mv in moves {
                session.play(mv).expect("a legal move");
            }
            let config = EngineConfig {
                move_time: Some(budget),
                ..EngineConfig::default()
            };
            let clock = Instant::now();
            let report = session.analyze(&config).expect("an analysis");
            let took = clock.elapsed();
            assert!(
                took < budget + Duration::from_millis(500),
                "{size}x{size} after {moves:?}: {took:?}"
            );
            assert_eq!(report.moves.len(), session.legal_moves().len());
        }
    }
}
