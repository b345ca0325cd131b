//! Perft tables: 8x8 against the published counts, 4x4 / 6x6 / 10x10
//! against the naive reference implementation.

use crate::common;

use ply_engine::{Notation, Playable};
use ply_othello::{perft_parallel, ExactGeometry, Othello, Size10, Size4, Size6, Size8};

const START_8X8: [u64; 11] = [
    4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800,
];

#[test]
fn perft_8x8_depths_1_to_9() {
    let game = Othello::<Size8>::new();
    for (depth, &expected) in START_8X8.iter().enumerate().take(9) {
        assert_eq!(
            game.perft(depth as u32 + 1),
            expected,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
fn perft_8x8_depths_10_and_11() {
    let game = Othello::<Size8>::new();
    assert_eq!(game.perft(10), START_8X8[9]);
    assert_eq!(perft_parallel(&game, 11, 2), START_8X8[10]);
}

#[test]
fn parallel_perft_matches_serial() {
    fn check<G: ExactGeometry>() {
        let game = Othello::<G>::new();
        for depth in 0..7 {
            assert_eq!(
                perft_parallel(&game, depth, 2),
                game.perft(depth),
                "size {} depth {depth}",
                G::SIZE
            );
        }
    }
    check::<Size4>();
    check::<Size6>();
    check::<Size8>();
}

#[test]
fn perft_small_boards_match_naive() {
    // 4x4 to the end of every game (at most 12 moves plus passes).
    let game = Othello::<Size4>::new();
    let naive = common::Naive::new(4);
    for depth in 0..=14 {
        assert_eq!(game.perft(depth), naive.perft(depth), "4x4 depth {depth}");
    }
    let game = Othello::<Size6>::new();
    let naive = common::Naive::new(6);
    for depth in 0..=7 {
        assert_eq!(game.perft(depth), naive.perft(depth), "6x6 depth {depth}");
    }
    let game = Othello::<Size10>::new();
    let naive = common::Naive::new(10);
    for depth in 0..=5 {
        assert_eq!(game.perft(depth), naive.perft(depth), "10x10 depth {depth}");
    }
}

#[test]
fn perft_from_endgame_positions_matches_naive() {
    // Positions near the end exercise passes and early game ends.
    for line in include_str!("../../data/ffo-1-19.obf").lines().take(6) {
        let game = Othello::<Size8>::new().parse_position(line).unwrap();
        let naive = common::Naive::from_obf(line);
        for depth in 0..=4 {
            assert_eq!(
                game.perft(depth),
                naive.perft(depth),
                "{line} depth {depth}"
            );
        }
    }
}
