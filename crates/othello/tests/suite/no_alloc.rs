//! The exact solver's node loop allocates nothing (DESIGN.md): after a
//! first solve has touched the table, solves of millions of nodes on one
//! thread make no allocation at all.

use std::time::Instant;

use ply_alloc_count::allocations_during;
use ply_engine::Notation;
use ply_othello::{ExactSolver, Othello, Size8};

/// The bitboards (side to move, opponent) of an FFO line.
fn ffo(line: &str) -> (u64, u64) {
    Othello::<Size8>::new()
        .parse_position(line)
        .expect("an FFO position")
        .player_opponent()
}

#[test]
fn one_thread_exact_solves_do_not_allocate() {
    let suite: Vec<&str> = include_str!("../../data/ffo-1-19.obf").lines().collect();
    let mut solver = ExactSolver::new(16);
    let (p, o) = ffo(suite[0]);
    solver.solve(p, o);
    let positions: Vec<(u64, u64)> = suite[1..].iter().map(|line| ffo(line)).collect();
    let clock = Instant::now();
    let (nodes, allocations) = allocations_during(|| {
        positions
            .iter()
            .map(|&(p, o)| solver.solve(p, o).nodes)
            .sum::<u64>()
    });
    let seconds = clock.elapsed().as_secs_f64();
    eprintln!(
        "exact solves: {nodes} nodes, {:.0} nodes/s, {allocations} allocations",
        nodes as f64 / seconds
    );
    assert!(nodes > 1_000_000, "{nodes} nodes");
    assert_eq!(allocations, 0);
}

/// The same on 6x6, the solver's other monomorphised copy.
#[test]
fn one_thread_6x6_exact_solves_do_not_allocate() {
    let mut game = Othello::<ply_othello::Size6>::new();
    for text in ["c2", "d2", "e3", "b4", "c1", "f3", "c5", "b3"] {
        let mv = game.parse_move(text).expect("a legal move");
        ply_engine::Game::play(&mut game, mv);
    }
    let (p, o) = game.player_opponent();
    let mut solver = ExactSolver::new(16);
    solver.solve_on::<ply_othello::Size6>(p, o);
    solver.clear();
    let (nodes, allocations) =
        allocations_during(|| solver.solve_on::<ply_othello::Size6>(p, o).nodes);
    assert!(nodes > 1_000_000, "{nodes} nodes");
    assert_eq!(allocations, 0);
}
