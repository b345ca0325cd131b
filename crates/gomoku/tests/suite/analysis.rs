//! The analysis behind `hint` and `solve` agrees with the engine's play:
//! on an empty board its best-scored move is where the engine opens, and
//! the first player's best first move does not score negative.

use std::time::Duration;

use ply_engine::Deadline;
use ply_gomoku::{analyze_moves, Board, Engine, Move, Rule, Stone, Verdict};

fn budget(ms: u64) -> Deadline {
    Deadline::after(Some(Duration::from_millis(ms)))
}

/// The best-scored unknown move of the analysis and its score.
fn best_unknown(board: &Board, me: Stone) -> (Move, i32) {
    let mut engine = Engine::new(1 << 20);
    let verdicts = analyze_moves(board, me, budget(300), &mut engine);
    assert_eq!(
        verdicts.len(),
        board.width() * board.height() - board.placed(),
        "every empty cell is valued"
    );
    let mut best: Option<(Move, i32)> = None;
    for &(mv, verdict) in &verdicts {
        match verdict {
            Verdict::Unknown(score) => {
                if best.is_none_or(|(_, s)| score > s) {
                    best = Some((mv, score));
                }
            }
            other => panic!("{mv:?} decided on an open board: {other:?}"),
        }
    }
    best.expect("an unknown move")
}

fn agrees_on_empty(size: usize) {
    let board = Board::new(size, size, 5, Rule::Freestyle).expect("a board");
    let mut engine = Engine::new(1 << 20);
    let chosen = engine
        .best_move(&board, Stone::Black, budget(300))
        .expect("a move")
        .best;
    let (best, score) = best_unknown(&board, Stone::Black);
    let near = best.x.abs_diff(chosen.x) <= 1 && best.y.abs_diff(chosen.y) <= 1;
    assert!(
        near,
        "{size} x {size}: the analysis prefers {best:?}, the engine plays {chosen:?}"
    );
    assert!(
        score >= 0,
        "{size} x {size}: the first player's best first move scores {score}"
    );
}

#[test]
fn empty_15_best_move_is_the_engines_opening() {
    agrees_on_empty(15);
}

#[test]
fn empty_19_best_move_is_the_engines_opening() {
    agrees_on_empty(19);
}
