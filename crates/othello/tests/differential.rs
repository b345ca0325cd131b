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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Discs called stable are never flipped in random continuations.
    #[test]
    fn stable_discs_never_flip(
        size in prop::sample::select(vec![4u8, 6, 8, 10]),
        choices in prop::collection::vec(0usize..64, 0..90),
        continuations in prop::collection::vec(prop::collection::vec(0usize..64, 0..100), 1..4),
    ) {
        use ply_othello::bitboard::Bits;
        let game = playout(size, &choices);
        let (black, white) = (game.board().discs(Tile::Black), game.board().discs(Tile::White));
        let (stable_black, stable_white) = ply_othello::with_geometry!(size, G => {
            use ply_othello::bitboard::Geometry;
            let b = <G as Geometry>::B::from_u128(black);
            let w = <G as Geometry>::B::from_u128(white);
            (
                ply_othello::stability::stable_discs::<G>(b, w).to_u128(),
                ply_othello::stability::stable_discs::<G>(w, b).to_u128(),
            )
        });
        prop_assert_eq!(stable_black & !black, 0);
        prop_assert_eq!(stable_white & !white, 0);
        for continuation in &continuations {
            let mut next = game.clone();
            let mut moves = Vec::new();
            for &choice in continuation {
                next.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                next.play(moves[choice % moves.len()]);
                prop_assert_eq!(next.board().discs(Tile::Black) & stable_black, stable_black);
                prop_assert_eq!(next.board().discs(Tile::White) & stable_white, stable_white);
            }
        }
    }
}

#[test]
fn full_boards_are_all_stable() {
    use ply_othello::bitboard::{Bits, Size8};
    use ply_othello::stability::stable_discs;
    let game = Othello::new(8)
        .unwrap()
        .parse_position(&format!("{}{} X", "XO".repeat(16), "OX".repeat(16)))
        .unwrap();
    let (p, o) = game.player_opponent();
    assert_eq!(stable_discs::<Size8>(p as u64, o as u64).count(), 32);
    // Corners and the discs leaning on them along a filled edge.
    let game = Othello::new(8)
        .unwrap()
        .parse_position(&format!("XXXO----X{} X", "-".repeat(55)))
        .unwrap();
    let (p, o) = game.player_opponent();
    let stable = stable_discs::<Size8>(p as u64, o as u64);
    assert_eq!(stable, 0b1_0000_0111, "a1 b1 c1 and a2");
}
