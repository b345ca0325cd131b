//! A match of two weights at equal fixed depth: does a fit that measures
//! better also play better (the phases beyond the error table's empties
//! included)?

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use ply_othello::pattern::Weights;
use ply_othello::{final_margin, moves, Size8};

use crate::selfplay::{mix, play, start};

const INF: i32 = 1 << 20;

fn negamax(w: &Weights, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let mut legal = moves::<Size8>(p, o);
    if legal == 0 {
        if moves::<Size8>(o, p) == 0 {
            return 100 * final_margin::<Size8>(p, o);
        }
        return -negamax(w, o, p, depth, -beta, -alpha);
    }
    if depth == 0 {
        return w.evaluate(p, o);
    }
    let mut best = -INF;
    while legal != 0 {
        let x = legal.trailing_zeros();
        legal &= legal - 1;
        let (np, no) = play(p, o, x);
        let score = -negamax(w, np, no, depth - 1, -beta, -alpha);
        if score > best {
            best = score;
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

fn best_move(w: &Weights, p: u64, o: u64, depth: u32) -> u32 {
    let mut legal = moves::<Size8>(p, o);
    let (mut best, mut alpha) = (legal.trailing_zeros(), -INF);
    while legal != 0 {
        let x = legal.trailing_zeros();
        legal &= legal - 1;
        let (np, no) = play(p, o, x);
        let score = -negamax(w, np, no, depth.saturating_sub(1), -INF, -alpha);
        if score > alpha {
            alpha = score;
            best = x;
        }
    }
    best
}

/// The final margin for the first mover of `(p, o)` when `first` plays
/// its moves and `second` the other side's, both `depth` plies deep.
fn game(first: &Weights, second: &Weights, mut p: u64, mut o: u64, depth: u32) -> i32 {
    let mut first_to_move = true;
    loop {
        if moves::<Size8>(p, o) == 0 {
            if moves::<Size8>(o, p) == 0 {
                let margin = final_margin::<Size8>(p, o);
                return if first_to_move { margin } else { -margin };
            }
        } else {
            let w = if first_to_move { first } else { second };
            let x = best_move(w, p, o, depth);
            (p, o) = play(p, o, x);
            first_to_move = !first_to_move;
            continue;
        }
        (p, o) = (o, p);
        first_to_move = !first_to_move;
    }
}

/// `openings` random openings (4-8 random plies, seeded), each played
/// twice with colours swapped, `a` against `b` at `depth` plies: `a`'s
/// wins, draws and losses.
pub fn duel(a: &Weights, b: &Weights, openings: u64, depth: u32, seed: u64) -> (u32, u32, u32) {
    let results: Vec<i32> = (0..openings)
        .into_par_iter()
        .flat_map_iter(|g| {
            let mut rng = SmallRng::seed_from_u64(mix(seed ^ mix(g)));
            let (mut p, mut o) = start();
            for _ in 0..rng.gen_range(4..=8) {
                let legal = moves::<Size8>(p, o);
                if legal == 0 {
                    (p, o) = (o, p);
                    continue;
                }
                let squares: Vec<u32> = (0..64).filter(|&x| legal >> x & 1 == 1).collect();
                (p, o) = play(p, o, squares[rng.gen_range(0..squares.len())]);
            }
            [game(a, b, p, o, depth), -game(b, a, p, o, depth)]
        })
        .collect();
    let count = |f: fn(&i32) -> bool| results.iter().filter(|r| f(r)).count() as u32;
    (count(|r| *r > 0), count(|r| *r == 0), count(|r| *r < 0))
}
