//! The engine and the Game view under renju and caro: black's forbidden
//! points are never played nor offered, a block black may not make is a
//! loss, and a caro five between two opponent stones is no win.

use std::time::Duration;

use ply_engine::{Deadline, Game, Knowledge};
use ply_gomoku::{Board, Engine, GomokuGame, GomokuKnowledge, Move, Rule, Score, Stone};
use rand::rngs::StdRng;
use rand::seq::IteratorRandom;
use rand::SeedableRng;

fn square(name: &str) -> Move {
    let column = name.as_bytes()[0] - b'a';
    let row: usize = name[1..].parse().expect("a row number");
    Move::new(usize::from(column), row - 1)
}

fn game(rule: Rule, black: &[&str], white: &[&str]) -> GomokuGame {
    let moves = |names: &[&str]| names.iter().map(|n| square(n)).collect::<Vec<_>>();
    GomokuGame::from_stones(15, 15, 5, rule, &moves(black), &moves(white)).expect("a position")
}

fn budget(ms: u64) -> Deadline {
    Deadline::after(Some(Duration::from_millis(ms)))
}

fn best(board: &Board, stone: Stone, ms: u64) -> (Move, Score) {
    let info = Engine::new(1 << 20)
        .best_move(board, stone, budget(ms))
        .expect("a move");
    (info.best, info.score)
}

#[test]
fn a_winning_double_three_is_played_freestyle_only() {
    // h8 makes two open threes: a win by threats in freestyle, forbidden
    // to black under renju.
    let black = ["i8", "k8", "h9", "h11"];
    let white = ["a1", "c1", "e1", "o15"];
    let freestyle = game(Rule::Freestyle, &black, &white);
    assert_eq!(best(freestyle.board(), Stone::Black, 300).0, square("h8"));
    let renju = game(Rule::Renju, &black, &white);
    let (mv, _) = best(renju.board(), Stone::Black, 300);
    assert_ne!(mv, square("h8"));
    assert!(renju.board().is_legal(mv, Stone::Black));
    let mut moves = Vec::new();
    renju.generate_moves(&mut moves);
    assert!(!moves.contains(&square("h8")));
    assert_eq!(moves.len(), 15 * 15 - 8 - 1);
}

#[test]
fn a_block_on_a_forbidden_point_is_no_block() {
    // White threatens five on f8, where black would make six in a row.
    let black = ["c8", "d8", "e8", "g8", "h8", "f3"];
    let white = ["f4", "f5", "f6", "f7", "a1", "o1"];
    let renju = game(Rule::Renju, &black, &white);
    assert!(!renju.board().is_legal(square("f8"), Stone::Black));
    let (mv, score) = best(renju.board(), Stone::Black, 200);
    assert_ne!(mv, square("f8"));
    assert!(matches!(score, Score::Loss(_)), "{score:?}");
    // The generic searches' pruning keeps every move when none blocks.
    let mut moves = Vec::new();
    renju.generate_moves(&mut moves);
    GomokuKnowledge.prune_moves(&renju, &mut moves);
    assert!(!moves.is_empty() && !moves.contains(&square("f8")));
    // Freestyle, f8 is black's six in a row: a win.
    let freestyle = game(Rule::Freestyle, &black, &white);
    assert_eq!(
        best(freestyle.board(), Stone::Black, 200),
        (square("f8"), Score::Win(1))
    );
}

#[test]
fn the_engine_never_plays_a_forbidden_point() {
    for seed in 0..2 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut board = Board::new(15, 15, 5, Rule::Renju).expect("15 x 15");
        let mut engine = Engine::new(1 << 20);
        let mut stone = Stone::Black;
        for ply in 0..60 {
            if board.winner().is_some() || board.legal_cells(stone).next().is_none() {
                break;
            }
            let mv = if ply < 4 {
                // A seeded opening near the centre.
                board
                    .legal_cells(stone)
                    .filter(|m| (5..10).contains(&m.x) && (5..10).contains(&m.y))
                    .choose(&mut rng)
                    .expect("a free centre cell")
            } else {
                engine
                    .best_move(&board, stone, budget(15))
                    .expect("a move")
                    .best
            };
            assert!(
                board.is_legal(mv, stone),
                "seed {seed} ply {ply}: {mv} for {stone:?}: {:?}",
                board.foul(mv)
            );
            board.play(mv, stone).expect("legal");
            stone = stone.opponent();
        }
    }
}

#[test]
fn a_caro_five_between_two_opponent_stones_is_no_win() {
    // c8 and i8 white: h8 would make d8-h8, blocked at both ends.
    let black = ["d8", "e8", "f8", "g8", "a15"];
    let white = ["c8", "i8", "a1", "c1", "e1"];
    let caro = game(Rule::Caro, &black, &white);
    assert!(caro.board().winning_cells(Stone::Black).is_empty());
    let (_, score) = best(caro.board(), Stone::Black, 200);
    assert_ne!(score, Score::Win(1));
    let freestyle = game(Rule::Freestyle, &black, &white);
    assert_eq!(
        freestyle.board().winning_cells(Stone::Black),
        vec![square("h8")]
    );
    // Between the edge and a white stone it wins: the edge does not block.
    let edge = game(
        Rule::Caro,
        &["a2", "a3", "a4", "a5"],
        &["a6", "c1", "e1", "g1"],
    );
    assert_eq!(edge.board().winning_cells(Stone::Black), vec![square("a1")]);
}
