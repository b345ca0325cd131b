//! The engine's choices in positions with a known right answer, and its
//! time budget.

use std::time::{Duration, Instant};

use ply_engine::Deadline;
use ply_gomoku::{find_vcf, Board, Engine, Move, Rule, Score, Stone};

fn board_with(stones: &[(usize, usize, Stone)]) -> Board {
    let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("15 x 15");
    for &(x, y, stone) in stones {
        board.play(Move::new(x, y), stone).expect("empty");
    }
    board
}

fn budget(ms: u64) -> Deadline {
    Deadline::after(Some(Duration::from_millis(ms)))
}

use Stone::{Black as B, White as W};

#[test]
fn wins_at_once_and_blocks_a_four() {
    let board = board_with(&[
        (3, 3, B),
        (4, 3, B),
        (5, 3, B),
        (6, 3, B),
        (3, 9, W),
        (4, 9, W),
    ]);
    let mut engine = Engine::new(1 << 20);
    let info = engine.best_move(&board, B, budget(200)).expect("a move");
    assert!([Move::new(2, 3), Move::new(7, 3)].contains(&info.best));
    assert_eq!(info.score, Score::Win(1));
    // White must block (either end; both lose to the other).
    let info = engine.best_move(&board, W, budget(200)).expect("a move");
    assert!([Move::new(2, 3), Move::new(7, 3)].contains(&info.best));
}

#[test]
fn stops_an_open_three() {
    // Black's open three in row 7 (e8 f8 g8); white to move has nothing.
    let board = board_with(&[(4, 7, B), (5, 7, B), (6, 7, B), (10, 12, W), (12, 10, W)]);
    let mut engine = Engine::new(1 << 20);
    let info = engine.best_move(&board, W, budget(300)).expect("a move");
    let blocks = [
        Move::new(3, 7),
        Move::new(7, 7),
        Move::new(2, 7),
        Move::new(8, 7),
    ];
    assert!(blocks.contains(&info.best), "{:?}", info);
}

#[test]
fn plays_a_vcf_it_finds() {
    // Two broken threes crossing: d4 e4 f4 (row 3) and g5 g6 g7 (column 6),
    // both closed on one side, so only fours win: g4 makes four + four.
    let board = board_with(&[
        (3, 3, B),
        (4, 3, B),
        (5, 3, B),
        (2, 3, W),
        (6, 4, B),
        (6, 5, B),
        (6, 6, B),
        (6, 7, W),
    ]);
    assert!(find_vcf(&board, B, 10, budget(1000)).is_some());
    let mut engine = Engine::new(1 << 20);
    let info = engine.best_move(&board, B, budget(300)).expect("a move");
    assert_eq!(info.best, Move::new(6, 3), "{info:?}");
    assert!(matches!(info.score, Score::Win(_)));
}

#[test]
fn answers_within_its_budget_on_every_size() {
    for (size, ms) in [(15, 50), (19, 100), (26, 50), (9, 20)] {
        let mut board = Board::new(size, size, 5, Rule::Freestyle).expect("a board");
        let mut engine = Engine::new(8 << 20);
        let mut stone = B;
        // Play a few engine moves each side, timing every one. The other
        // tests of this binary run beside it on the same cores: a move
        // the scheduler held up is timed again from the same position (an
        // engine that overruns its budget overruns every time).
        for _ in 0..8 {
            let mut times = Vec::new();
            let info = loop {
                let start = Instant::now();
                let info = engine.best_move(&board, stone, budget(ms)).expect("a move");
                times.push(start.elapsed());
                if times.last() < Some(&Duration::from_millis(ms + 30)) || times.len() == 3 {
                    break info;
                }
            };
            assert!(
                times.iter().any(|&t| t < Duration::from_millis(ms + 30)),
                "{size}x{size}: {times:?} for a {ms} ms budget"
            );
            board.play(info.best, stone).expect("a legal move");
            if board.winner().is_some() {
                break;
            }
            stone = stone.opponent();
        }
    }
}

/// Lazy SMP: whatever the thread count, a position decided by a proof
/// (a five, a forced block, a win by fours, a lost position) gets the same
/// move and the same score, and an open position a legal move.
#[test]
fn proofs_are_the_same_on_any_number_of_threads() {
    let positions = [
        // Black's four: the five.
        board_with(&[
            (7, 7, B),
            (8, 7, B),
            (9, 7, B),
            (10, 7, B),
            (0, 0, W),
            (0, 1, W),
            (0, 2, W),
        ]),
        // White's four: black blocks it.
        board_with(&[
            (0, 0, B),
            (0, 1, B),
            (0, 2, B),
            (7, 7, W),
            (8, 7, W),
            (9, 7, W),
            (10, 7, W),
        ]),
        // A win by fours of seven plies.
        board_with(&[
            (7, 4, B),
            (9, 4, B),
            (4, 5, B),
            (5, 10, B),
            (5, 4, B),
            (7, 5, B),
            (4, 6, B),
            (6, 10, W),
            (5, 5, W),
            (7, 8, W),
            (8, 7, W),
            (9, 9, W),
            (6, 5, W),
            (9, 8, W),
        ]),
        // White's open four: lost.
        board_with(&[
            (0, 0, B),
            (14, 0, B),
            (0, 14, B),
            (14, 14, B),
            (5, 7, W),
            (6, 7, W),
            (7, 7, W),
            (8, 7, W),
        ]),
    ];
    for board in &positions {
        let mut answers = Vec::new();
        for threads in [1, 2, 4] {
            let mut engine = Engine::new(1 << 20);
            engine.set_threads(threads);
            assert_eq!(engine.threads(), threads);
            let info = engine.best_move(board, B, budget(400)).expect("a move");
            assert!(!matches!(info.score, Score::Heuristic(_)), "{info:?}");
            answers.push((info.best, info.score));
        }
        assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:?}");
    }
    let open = board_with(&[(7, 7, B), (8, 8, W), (6, 8, B), (8, 6, W)]);
    for threads in [1, 3] {
        let mut engine = Engine::new(1 << 20);
        engine.set_threads(threads);
        let info = engine.best_move(&open, B, budget(300)).expect("a move");
        assert!(open.is_empty(info.best), "{info:?}");
        assert!(info.depth >= 2, "{info:?}");
    }
}
