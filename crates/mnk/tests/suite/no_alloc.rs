//! The hot loops of this crate allocate nothing per node (DESIGN.md): the
//! generic searcher on tic-tac-toe and 4x4, and both proof searches. Each
//! test first runs a search to size the searcher's buffers and tables,
//! then measures another one of hundreds or thousands of nodes on the same
//! thread.

use std::time::Instant;

use ply_alloc_count::allocations_during;
use ply_engine::{Game, Searcher, Side};
use ply_mnk::{Mnk, MnkKnowledge, ProofMethod, Prover};

fn board(rows: u8, cols: u8, k: u8, moves: &[u8]) -> Mnk {
    let mut game = Mnk::new(rows, cols, k).expect("a valid board");
    for &mv in moves {
        game.play(mv);
    }
    game
}

/// Prints what a measured search cost, for the node rates the commits
/// quote, and hands back its allocations.
fn report(what: &str, nodes: u64, seconds: f64, allocations: u64) -> u64 {
    eprintln!(
        "{what}: {nodes} nodes, {:.0} nodes/s, {allocations} allocations",
        nodes as f64 / seconds
    );
    allocations
}

/// The exact solve of `game`, a second time over the buffers the first
/// one sized: a depth-limited search between the two empties the table
/// (it does whenever the kind of search changes), so the second solve
/// searches the whole tree again.
fn exact_solve(game: &Mnk) -> (u64, u64) {
    let mut searcher = Searcher::<Mnk>::new(16).with_knowledge(MnkKnowledge);
    searcher.solve(game);
    searcher.analyze_to_depth(game, 1);
    let before = searcher.nodes();
    let clock = Instant::now();
    let (_, allocations) = allocations_during(|| searcher.solve(game));
    let nodes = searcher.nodes() - before;
    let seconds = clock.elapsed().as_secs_f64();
    (nodes, report("exact solve", nodes, seconds, allocations))
}

#[test]
fn exact_solves_do_not_allocate() {
    for (game, least) in [
        (board(3, 3, 3, &[]), 100),
        (board(4, 4, 4, &[]), 150),
        (board(5, 4, 4, &[]), 1_000),
    ] {
        let (nodes, allocations) = exact_solve(&game);
        assert!(nodes > least, "{game:?}: {nodes} nodes");
        assert_eq!(allocations, 0, "{game:?}");
    }
}

/// Allocations of a depth-limited analysis beyond those of the same
/// analysis one ply deep (its root's lists of moves and values).
fn depth_limited(game: &Mnk, depth: u32) -> (u64, u64) {
    let mut searcher = Searcher::<Mnk>::new(16).with_knowledge(MnkKnowledge);
    searcher.analyze_to_depth(game, depth);
    let (_, root) = allocations_during(|| searcher.analyze_to_depth(game, 1));
    let before = searcher.nodes();
    let clock = Instant::now();
    let (_, all) = allocations_during(|| searcher.analyze_to_depth(game, depth));
    let nodes = searcher.nodes() - before;
    let seconds = clock.elapsed().as_secs_f64();
    let inner = all.saturating_sub(root);
    (
        nodes,
        report("depth-limited analysis", nodes, seconds, inner),
    )
}

#[test]
fn depth_limited_analyses_do_not_allocate_per_node() {
    let (nodes, allocations) = depth_limited(&board(3, 3, 3, &[]), 6);
    assert!(nodes > 100, "{nodes} nodes");
    assert_eq!(allocations, 0);
    let (nodes, allocations) = depth_limited(&board(4, 4, 4, &[]), 10);
    assert!(nodes > 500, "{nodes} nodes");
    assert_eq!(allocations, 0);
}

/// A proof of `game` by `method` after a warm-up proof of `warm_up`, with
/// a table small enough that the warm-up fills it (so it has reached the
/// size it keeps).
fn proof(method: ProofMethod, warm_up: &Mnk, game: &Mnk) -> (u64, u64) {
    let mut prover = Prover::new(Side::First);
    prover.method = method;
    prover.set_table_entries(1 << 10);
    prover.attacker_wins(warm_up).expect("no budget");
    let before = prover.nodes;
    let clock = Instant::now();
    let (_, allocations) = allocations_during(|| prover.attacker_wins(game));
    let nodes = prover.nodes - before;
    let seconds = clock.elapsed().as_secs_f64();
    (
        nodes,
        report(&format!("{method}"), nodes, seconds, allocations),
    )
}

#[test]
fn depth_first_proofs_do_not_allocate() {
    let (nodes, allocations) = proof(
        ProofMethod::Dfs,
        &board(6, 6, 4, &[]),
        &board(7, 5, 4, &[17]),
    );
    assert!(nodes > 1_000, "{nodes} nodes");
    assert_eq!(allocations, 0);
}

#[test]
fn proof_number_searches_do_not_allocate() {
    let (nodes, allocations) = proof(
        ProofMethod::DfPn,
        &board(6, 6, 4, &[]),
        &board(7, 5, 4, &[17]),
    );
    assert!(nodes > 1_000, "{nodes} nodes");
    assert_eq!(allocations, 0);
}
