//! The 8x8 exact solver (`ply_othello::exact`) against independent truths:
//! plain minimax on a 2D-array board for positions with few empties, the
//! all-sizes solver for more, and the FFO suite's published scores; the
//! same scores with one thread and two.

use crate::common;

use ply_engine::{Game, Notation};
use ply_othello::{ExactSolver, Othello, Size8, Solver, INFINITY};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as usize
    }
}

/// A random game played until `empties` squares are left (`None` if it
/// ended first).
fn random_position(rng: &mut Rng, empties: u32) -> Option<Othello<Size8>> {
    let mut game = Othello::<Size8>::new();
    let mut moves = Vec::new();
    while game.empties() > empties {
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        game.play(moves[rng.next() % moves.len()]);
    }
    Some(game)
}

fn positions(seed: u64, empties: u32, count: usize) -> Vec<Othello<Size8>> {
    let mut rng = Rng(seed);
    let mut found = Vec::new();
    while found.len() < count {
        if let Some(game) = random_position(&mut rng, empties) {
            found.push(game);
        }
    }
    found
}

fn bitboards(game: &Othello<Size8>) -> (u64, u64) {
    game.player_opponent()
}

#[test]
fn agrees_with_plain_minimax_on_few_empties() {
    for empties in 1..=9 {
        for game in positions(empties as u64 * 7919 + 1, empties, 12) {
            let naive = common::Naive::from_obf(&game.format_position());
            let (p, o) = bitboards(&game);
            // A tiny table, shared by every position, so entries collide.
            let mut solver = ExactSolver::new(1);
            let solved = solver.solve(p, o);
            assert_eq!(solved.score, naive.minimax(), "{}", game.format_position());
        }
    }
}

#[test]
fn agrees_with_the_all_sizes_solver_with_one_thread_and_two() {
    for threads in [1, 2] {
        let mut solver = ExactSolver::new(4).with_threads(threads);
        for empties in [10, 12, 14] {
            for game in positions(empties as u64 * 31 + 5, empties, 10) {
                let (p, o) = bitboards(&game);
                let mut reference = Solver::<Size8, false>::new(4);
                let expected = reference.solve(p, o, -INFINITY, INFINITY);
                let solved = solver.solve(p, o);
                let shown = game.format_position();
                assert_eq!(solved.score, expected, "{shown} with {threads}");
                // The best move reaches that score.
                if let Some(x) = solved.best {
                    let f = ply_othello::flips::<Size8>(x, p, o);
                    assert_ne!(f, 0);
                    let child = reference.solve(o ^ f, p | f | 1 << x, -INFINITY, INFINITY);
                    assert_eq!(-child, expected, "{shown}: best move {x} with {threads}");
                }
            }
        }
    }
}

fn ffo(text: &str) -> Vec<(Othello<Size8>, i32)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let game = Othello::<Size8>::new().parse_position(line).unwrap();
            let first = line.split_whitespace().nth(2).unwrap();
            let score = first
                .trim_end_matches(';')
                .split(':')
                .nth(1)
                .unwrap()
                .parse()
                .unwrap();
            (game, score)
        })
        .collect()
}

#[test]
fn solves_ffo_1_to_19_with_one_thread_and_two() {
    for (i, (game, expected)) in ffo(include_str!("../../data/ffo-1-19.obf"))
        .into_iter()
        .enumerate()
    {
        let (p, o) = bitboards(&game);
        for threads in [1, 2] {
            let solved = ExactSolver::new(8).with_threads(threads).solve(p, o);
            assert_eq!(solved.score, expected, "FFO #{} with {threads}", i + 1);
        }
    }
}

/// `cargo test --release -p ply-othello --test suite -- --ignored exact::`: FFO
/// #40-#44 (20-23 empties) with one thread and two.
#[test]
#[ignore]
fn solves_ffo_40_to_44_with_one_thread_and_two() {
    for (i, (game, expected)) in ffo(include_str!("../../data/ffo-40-59.obf"))
        .into_iter()
        .enumerate()
        .take(5)
    {
        let (p, o) = bitboards(&game);
        for threads in [1, 2] {
            let solved = ExactSolver::new(64).with_threads(threads).solve(p, o);
            assert_eq!(solved.score, expected, "FFO #{} with {threads}", i + 40);
        }
    }
}
