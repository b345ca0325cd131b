//! The threat searches, the engine's search and the generic searcher on
//! [`ply_gomoku::GomokuGame`] allocate nothing per node (DESIGN.md): a
//! [`ThreatSearch`] that has searched a set of positions once searches
//! them again without an allocation, the engine's allocations for a move
//! do not grow with the nodes it searches (they are the root's: its copy
//! of the board and the answer), and the generic searcher allocates no
//! more than its root's lists.

use std::time::{Duration, Instant};

use ply_alloc_count::allocations_during;
use ply_engine::Deadline;
use ply_gomoku::{Board, Engine, Move, Rule, Stone, ThreatSearch};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A seeded 15 x 15 position of `stones` stones, alternating from black,
/// in the central 9 x 9 square, with no five on it.
fn random_board(rng: &mut StdRng, stones: usize, rule: Rule) -> Board {
    loop {
        let mut board = Board::new(15, 15, 5, rule).expect("15 x 15");
        let mut stone = Stone::Black;
        let mut left = stones;
        while left > 0 {
            let mv = Move::new(rng.gen_range(3..12), rng.gen_range(3..12));
            if board.is_empty(mv) {
                board.play(mv, stone).expect("an empty cell");
                stone = stone.opponent();
                left -= 1;
            }
        }
        if board.winner().is_none() {
            return board;
        }
    }
}

fn unlimited() -> Deadline {
    Deadline::after(Some(Duration::from_secs(60)))
}

/// Runs `search` over `boards` twice with one [`ThreatSearch`]: the nodes,
/// wins and allocations of the second pass.
fn second_pass(
    boards: &mut [Board],
    search: impl Fn(&mut ThreatSearch, &mut Board) -> bool,
) -> (u64, usize, u64) {
    let mut threats = ThreatSearch::new();
    for board in boards.iter_mut() {
        search(&mut threats, board);
    }
    let clock = Instant::now();
    let ((nodes, wins), allocations) = allocations_during(|| {
        let (mut nodes, mut wins) = (0, 0);
        for board in boards.iter_mut() {
            wins += usize::from(search(&mut threats, board));
            nodes += threats.nodes();
        }
        (nodes, wins)
    });
    let seconds = clock.elapsed().as_secs_f64();
    eprintln!(
        "{nodes} nodes, {wins} wins, {:.0} nodes/s, {allocations} allocations",
        nodes as f64 / seconds
    );
    (nodes, wins, allocations)
}

/// Also under renju, where black's fours and blocks pass the forbidden
/// point check.
#[test]
fn vcf_searches_do_not_allocate() {
    for rule in [Rule::Freestyle, Rule::Renju] {
        let mut rng = StdRng::seed_from_u64(11);
        let mut boards: Vec<Board> = (0..200).map(|_| random_board(&mut rng, 30, rule)).collect();
        let (nodes, wins, allocations) = second_pass(&mut boards, |threats, board| {
            threats.vcf(board, Stone::Black, 20, unlimited())
        });
        assert!(
            nodes > 2_000 && wins > 10,
            "{rule:?}: {nodes} nodes, {wins} wins"
        );
        assert_eq!(allocations, 0, "{rule:?}");
    }
}

#[test]
fn vct_searches_do_not_allocate() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut boards: Vec<Board> = (0..40)
        .map(|_| random_board(&mut rng, 16, Rule::Freestyle))
        .collect();
    let (nodes, wins, allocations) = second_pass(&mut boards, |threats, board| {
        threats.vct(board, Stone::Black, 3, unlimited())
    });
    assert!(nodes > 2_000 && wins > 0, "{nodes} nodes, {wins} wins");
    assert_eq!(allocations, 0);
}

#[test]
fn the_engine_allocates_the_same_however_long_it_searches() {
    for rule in [Rule::Freestyle, Rule::Renju] {
        engine_allocations(rule);
    }
}

fn engine_allocations(rule: Rule) {
    // A quiet opening: no threat on either side.
    let mut board = Board::new(15, 15, 5, rule).expect("15 x 15");
    for (x, y, stone) in [
        (7, 7, Stone::Black),
        (8, 8, Stone::White),
        (6, 8, Stone::Black),
        (8, 6, Stone::White),
    ] {
        board.play(Move::new(x, y), stone).expect("an empty cell");
    }
    let mut engine = Engine::new(1 << 22);
    let budget = |ms| Deadline::after(Some(Duration::from_millis(ms)));
    engine.best_move(&board, Stone::Black, budget(1_000));
    let mut runs = Vec::new();
    for ms in [100, 1_000] {
        let (info, allocations) =
            allocations_during(|| engine.best_move(&board, Stone::Black, budget(ms)));
        let info = info.expect("a move");
        eprintln!(
            "{rule:?} {ms} ms: {} nodes, depth {}, {:.0} nodes/s, {allocations} allocations",
            info.nodes,
            info.depth,
            info.nodes as f64 / info.elapsed.as_secs_f64()
        );
        runs.push((info.nodes, allocations));
    }
    let [(short, few), (long, many)] = runs[..] else {
        unreachable!("two runs")
    };
    assert!(
        long > 2 * short && short > 1_000,
        "{short} and {long} nodes"
    );
    assert_eq!(
        many, few,
        "allocations after {short} and after {long} nodes"
    );
}

#[test]
fn the_generic_searcher_does_not_allocate_per_node() {
    use ply_engine::{Game, Searcher};
    let mut game = ply_gomoku::GomokuGame::new(7, 7, 4, Rule::Freestyle).expect("7 x 7");
    for (x, y) in [(3, 3), (3, 4), (2, 2)] {
        game.play(Move::new(x, y));
    }
    let mut searcher = Searcher::new(16).with_knowledge(ply_gomoku::GomokuKnowledge);
    searcher.heuristic_scores(&game, 4);
    // Another kind of search empties the table, so the measured search
    // does the warm-up's work again.
    searcher.analyze_to_depth(&game, 1);
    let (_, root) = allocations_during(|| searcher.heuristic_scores(&game, 1));
    let before = searcher.nodes();
    let clock = Instant::now();
    let (_, all) = allocations_during(|| searcher.heuristic_scores(&game, 4));
    let nodes = searcher.nodes() - before;
    let inner = all.saturating_sub(root);
    eprintln!(
        "{nodes} nodes, {:.0} nodes/s, {inner} allocations beyond the root's {root}",
        nodes as f64 / clock.elapsed().as_secs_f64()
    );
    assert!(nodes > 5_000, "{nodes} nodes");
    assert_eq!(inner, 0);
}
