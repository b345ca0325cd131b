//! (m,n,k) proofs through tasks equal the single-process proof.

use std::time::Instant;

use ply_mnk::{prove, Mnk, ProvedValue, ProverBudget};
use ply_tasks::{merge, run_all, Answer, Mark, RunOptions, Split};

use crate::support::split_into;

fn through_tasks(rows: u8, cols: u8, k: u8, depth: u32) -> String {
    let split = Split::MnkProof {
        rows,
        cols,
        k,
        position: "-".repeat(usize::from(rows) * usize::from(cols)),
        depth,
        attackers: vec![Mark::X],
    };
    let set = split_into(&format!("mnk-{rows}-{cols}-{k}-{depth}"), split);
    let started = Instant::now();
    run_all(&set, RunOptions::default(), |_| {}).unwrap();
    let merged = merge(&set, 1, 3).unwrap();
    eprintln!(
        "({rows},{cols},{k}) depth {depth}: {} of {} tasks, {} nodes, {:.1} s",
        merged.done,
        merged.tasks,
        merged.nodes,
        started.elapsed().as_secs_f64()
    );
    match merged.answer {
        Answer::Proof { value } => value,
        other => panic!("not a proof: {other:?}"),
    }
}

fn single(rows: u8, cols: u8, k: u8) -> String {
    let game = Mnk::new(rows, cols, k).unwrap();
    let proof = prove(&game, ProverBudget::default()).unwrap();
    match proof.value {
        ProvedValue::Win => "win",
        ProvedValue::Draw => "draw",
        ProvedValue::Loss => "loss",
    }
    .into()
}

#[test]
fn six_six_five_is_a_draw_through_tasks() {
    assert_eq!(single(6, 6, 5), "draw");
    for depth in 1..=2 {
        assert_eq!(through_tasks(6, 6, 5, depth), "draw");
    }
}

#[test]
fn small_boards_agree_with_the_single_proof() {
    // Wins and draws, first player's view: (4,4,3) win, (4,4,4) draw,
    // (5,4,4) draw, (6,5,4) win.
    for (rows, cols, k) in [(3, 3, 3), (4, 4, 3), (4, 4, 4), (5, 4, 4), (6, 5, 4)] {
        let expected = single(rows, cols, k);
        // (6,5,4) at depth 3 is 3,078 tasks: 45 s.
        let deepest = if rows * cols > 20 { 2 } else { 3 };
        for depth in 1..=deepest {
            assert_eq!(
                through_tasks(rows, cols, k, depth),
                expected,
                "({rows},{cols},{k}) at depth {depth}"
            );
        }
    }
}

#[test]
fn a_position_with_stones_proves_both_attackers() {
    // X in a corner, O in the centre, X to move on (4,4,3).
    let position = "X----O----------";
    let game = Mnk::new(4, 4, 3).unwrap();
    let game = ply_engine::Notation::parse_position(&game, position).unwrap();
    let expected = match prove(&game, ProverBudget::default()).unwrap().value {
        ProvedValue::Win => "win",
        ProvedValue::Draw => "draw",
        ProvedValue::Loss => "loss",
    };
    let split = ply_tasks::solve_split(
        "mnk",
        &ply_engine::GameOptions::new()
            .with_value("rows", "4")
            .with_value("cols", "4"),
        position,
        Some(2),
    )
    .unwrap();
    let set = split_into("mnk-stones", split);
    run_all(&set, RunOptions::default(), |_| {}).unwrap();
    assert_eq!(
        merge(&set, 0, 0).unwrap().answer,
        Answer::Proof {
            value: expected.into()
        }
    );
}

/// (7,7,5), a draw: 152,427 nodes as one proof (README), 161,976 through
/// its 10 first-move tasks (11 s at load 4-5).
#[test]
fn seven_seven_five_is_a_draw_through_tasks() {
    assert_eq!(through_tasks(7, 7, 5, 1), "draw");
}

#[test]
fn a_time_limit_on_a_proof_task_is_refused_not_ignored() {
    let split = Split::MnkProof {
        rows: 4,
        cols: 4,
        k: 4,
        position: "-".repeat(16),
        depth: 1,
        attackers: vec![Mark::X],
    };
    let set = split_into("mnk-limit", split);
    let limited = RunOptions {
        time_limit: Some(std::time::Duration::from_secs(1)),
        force: false,
        tournament: None,
    };
    let error = ply_tasks::run_task(&set, 0, limited)
        .unwrap_err()
        .to_string();
    assert!(error.contains("Othello solves only"), "{error}");
    assert!(!set.result_path(0).exists());
}
