//! The exact solver against the FFO suite's published scores and against
//! plain minimax.

use std::time::Instant;

use ply_engine::Notation;
use ply_othello::{solve_margin, Othello, Size8};

fn suite(text: &str) -> Vec<(String, i32)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let score = line.split(';').next().unwrap();
            let first = line.split_whitespace().nth(2).unwrap();
            let value: i32 = first
                .split(':')
                .nth(1)
                .unwrap()
                .trim_end_matches(';')
                .parse()
                .unwrap();
            let _ = score;
            (line.to_string(), value)
        })
        .collect()
}

#[test]
fn solves_ffo_1_to_19() {
    for (i, (line, expected)) in suite(include_str!("../../data/ffo-1-19.obf"))
        .iter()
        .enumerate()
    {
        let game = Othello::<Size8>::new().parse_position(line).unwrap();
        let t = Instant::now();
        let margin = solve_margin(&game, 16);
        eprintln!(
            "#{} {} empties: {margin} in {:?}",
            i + 1,
            game.empties(),
            t.elapsed()
        );
        assert_eq!(margin, *expected, "FFO #{}", i + 1);
    }
}

/// `cargo test --release -p ply-othello -- --ignored`: FFO #40-#44 (20-22
/// empties) against their published scores.
#[test]
#[ignore]
fn solves_ffo_40_to_44() {
    for (i, (line, expected)) in suite(include_str!("../../data/ffo-40-59.obf"))
        .iter()
        .enumerate()
        .take(5)
    {
        let game = Othello::<Size8>::new().parse_position(line).unwrap();
        let t = Instant::now();
        let margin = solve_margin(&game, 64);
        eprintln!(
            "#{} {} empties: {margin} in {:?}",
            i + 40,
            game.empties(),
            t.elapsed()
        );
        assert_eq!(margin, *expected, "FFO #{}", i + 40);
    }
}
