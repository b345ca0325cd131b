//! The generic searcher's node loop allocates nothing on Trilite: once a
//! first search has sized the searcher's buffers, a search thousands of
//! nodes deep makes exactly the allocations of a one-ply search, which are
//! the root's result lists (DESIGN.md: hot loops never allocate).

use std::time::Instant;

use ply_alloc_count::allocations_during;
use ply_engine::{Game, Searcher};
use ply_trilite::{Trilite, TriliteKnowledge};

/// A position a few moves in, so the search meets removals of marks.
fn middle_game() -> Trilite {
    let mut game = Trilite::new();
    for square in [4, 0, 8, 2, 6] {
        game.play(square);
    }
    game
}

/// Allocations of `search` beyond those of `root_only` (the same call one
/// ply deep), with the nodes and the node rate of `search`.
fn inner_allocations(
    searcher: &mut Searcher<Trilite, TriliteKnowledge>,
    search: impl Fn(&mut Searcher<Trilite, TriliteKnowledge>),
    root_only: impl Fn(&mut Searcher<Trilite, TriliteKnowledge>),
) -> (u64, u64) {
    let ((), root) = allocations_during(|| root_only(searcher));
    let before = searcher.nodes();
    let clock = Instant::now();
    let ((), all) = allocations_during(|| search(searcher));
    let seconds = clock.elapsed().as_secs_f64();
    let nodes = searcher.nodes() - before;
    eprintln!(
        "{nodes} nodes, {:.0} nodes/s, {} allocations beyond the root's {root}",
        nodes as f64 / seconds,
        all.saturating_sub(root),
    );
    (all.saturating_sub(root), nodes)
}

#[test]
fn depth_limited_analysis_does_not_allocate_per_node() {
    let game = middle_game();
    let mut searcher = Searcher::<Trilite>::new(16).with_knowledge(TriliteKnowledge);
    searcher.analyze_to_depth(&game, 20);
    let (allocations, nodes) = inner_allocations(
        &mut searcher,
        |s| drop(s.analyze_to_depth(&game, 20)),
        |s| drop(s.analyze_to_depth(&game, 1)),
    );
    assert!(nodes > 3_000, "{nodes} nodes");
    assert_eq!(allocations, 0);
}

#[test]
fn heuristic_search_does_not_allocate_per_node() {
    let game = Trilite::new();
    let mut searcher = Searcher::<Trilite>::new(16).with_knowledge(TriliteKnowledge);
    searcher.heuristic_scores(&game, 14);
    // Another kind of search empties the table, so the measured search
    // does the warm-up's work again.
    searcher.analyze_to_depth(&game, 1);
    let (allocations, nodes) = inner_allocations(
        &mut searcher,
        |s| drop(s.heuristic_scores(&game, 14)),
        |s| drop(s.heuristic_scores(&game, 1)),
    );
    assert!(nodes > 3_000, "{nodes} nodes");
    assert_eq!(allocations, 0);
}
