//! Property tests: on random positions of every size, the bitboard move
//! generator and flips agree with the naive 2D-array implementation.

mod common;

use ply_engine::{Game, Notation};
use ply_othello::{Move, Othello, Tile};
use proptest::prelude::*;

/// A position reached by the moves picked by `choices` (indices into the
/// legal moves, taken modulo their number).
fn playout(size: u8, choices: &[usize]) -> Othello {
    let mut game = Othello::new(size).unwrap();
    let mut moves = Vec::new();
    for &choice in choices {
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.play(moves[choice % moves.len()]);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn moves_and_flips_match_naive(
        size in prop::sample::select(vec![4u8, 6, 8, 10]),
        choices in prop::collection::vec(0usize..64, 0..90),
    ) {
        let game = playout(size, &choices);
        let naive = common::Naive::from_obf(&game.format_position());
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut expected: Vec<Move> = naive
            .moves()
            .iter()
            .map(|&(r, c)| Move((r * size as usize + c) as u8))
            .collect();
        if expected.is_empty() && !naive.pass().moves().is_empty() {
            expected.push(Move::PASS);
        }
        prop_assert_eq!(&moves, &expected);
        for &mv in &moves {
            let Some(square) = mv.square() else { continue };
            let (r, c) = (square as usize / size as usize, square as usize % size as usize);
            let mut child = game.clone();
            child.play(mv);
            prop_assert_eq!(child.format_position(), naive.play(r, c).to_obf());
        }
        // The board's own counters agree.
        prop_assert_eq!(game.board().count(Tile::Black) as i32, naive.count(common::Cell::Black));
        prop_assert_eq!(game.board().count(Tile::White) as i32, naive.count(common::Cell::White));
    }
}
