//! Property tests: on random positions of every size, the bitboard move
//! generator and flips agree with the naive 2D-array implementation.

use crate::common;

use ply_engine::{Game, Notation};
use ply_othello::{stable_discs, with_geometry, Bits, Geometry, Move, Othello, Size8, Tile};
use proptest::prelude::*;

/// A position reached by the moves picked by `choices` (indices into the
/// legal moves, taken modulo their number).
fn playout<G: Geometry>(choices: &[usize]) -> Othello<G> {
    let mut game = Othello::<G>::new();
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

/// The bitboard moves, flips and counts of a random position against the
/// reference's.
fn check_moves<G: Geometry>(choices: &[usize]) -> Result<(), TestCaseError> {
    let size = G::SIZE as usize;
    let game = playout::<G>(choices);
    let naive = common::Naive::from_obf(&game.format_position());
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut expected: Vec<Move> = naive
        .moves()
        .iter()
        .map(|&(r, c)| Move((r * size + c) as u8))
        .collect();
    if expected.is_empty() && !naive.pass().moves().is_empty() {
        expected.push(Move::PASS);
    }
    prop_assert_eq!(&moves, &expected);
    for &mv in &moves {
        let Some(square) = mv.square() else { continue };
        let (r, c) = (square as usize / size, square as usize % size);
        let mut child = game.clone();
        child.play(mv);
        prop_assert_eq!(child.format_position(), naive.play(r, c).to_obf());
    }
    // The board's own counters agree.
    prop_assert_eq!(
        game.board().count(Tile::Black) as i32,
        naive.count(common::Cell::Black)
    );
    prop_assert_eq!(
        game.board().count(Tile::White) as i32,
        naive.count(common::Cell::White)
    );
    Ok(())
}

/// Discs called stable in a random position stay in random continuations.
fn check_stable<G: Geometry>(
    choices: &[usize],
    continuations: &[Vec<usize>],
) -> Result<(), TestCaseError> {
    let game = playout::<G>(choices);
    let (black, white) = (
        game.board().discs(Tile::Black),
        game.board().discs(Tile::White),
    );
    let stable_black = stable_discs::<G>(black, white);
    let stable_white = stable_discs::<G>(white, black);
    prop_assert!((stable_black & !black).is_empty());
    prop_assert!((stable_white & !white).is_empty());
    for continuation in continuations {
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
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn moves_and_flips_match_naive(
        size in prop::sample::select(vec![4u8, 6, 8, 10]),
        choices in prop::collection::vec(0usize..64, 0..90),
    ) {
        with_geometry!(size, G => check_moves::<G>(&choices))?;
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
        with_geometry!(size, G => check_stable::<G>(&choices, &continuations))?;
    }
}

#[test]
fn full_boards_are_all_stable() {
    let game = Othello::<Size8>::new()
        .parse_position(&format!("{}{} X", "XO".repeat(16), "OX".repeat(16)))
        .unwrap();
    let (p, o) = game.player_opponent();
    assert_eq!(stable_discs::<Size8>(p, o).count(), 32);
    // Corners and the discs leaning on them along a filled edge.
    let game = Othello::<Size8>::new()
        .parse_position(&format!("XXXO----X{} X", "-".repeat(55)))
        .unwrap();
    let (p, o) = game.player_opponent();
    let stable = stable_discs::<Size8>(p, o);
    assert_eq!(stable, 0b1_0000_0111, "a1 b1 c1 and a2");
}
