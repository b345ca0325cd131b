//! Self-play with randomness: the positions the evaluation is fitted on.

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use ply_othello::{flips, moves, trained, Size8};

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Each game opens with up to this many uniformly random plies.
    pub max_random_opening: u32,
    /// After the opening, the chance of a random move (else the best move
    /// one ply deep by the shipped evaluation plus noise).
    pub random_move: f64,
    /// The noise added to each move's evaluation, ± hundredths of a disc.
    pub noise: i32,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            max_random_opening: 10,
            random_move: 0.1,
            noise: 60,
        }
    }
}

/// The 8x8 start, black (to move) against white.
pub fn start() -> (u64, u64) {
    ((1 << 28) | (1 << 35), (1 << 27) | (1 << 36))
}

/// The position after the mover of `(p, o)` plays `x`, from the new
/// mover's side.
pub fn play(p: u64, o: u64, x: u32) -> (u64, u64) {
    let f = flips::<Size8>(x, p, o);
    (o ^ f, p ^ f ^ (1 << x))
}

/// SplitMix64: independent seeds from a counter.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The positions of one game (each with a legal move for its mover, the
/// mover's discs first), in the order played.
pub fn play_game(seed: u64, style: Style) -> Vec<(u64, u64)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut p, mut o) = start();
    let opening = rng.gen_range(0..=style.max_random_opening);
    let mut out = Vec::with_capacity(64);
    let mut ply = 0;
    loop {
        let legal = moves::<Size8>(p, o);
        if legal == 0 {
            if moves::<Size8>(o, p) == 0 {
                return out;
            }
            std::mem::swap(&mut p, &mut o);
            continue;
        }
        out.push((p, o));
        let squares: Vec<u32> = (0..64).filter(|&x| legal >> x & 1 == 1).collect();
        let x = if ply < opening || rng.gen_bool(style.random_move) {
            squares[rng.gen_range(0..squares.len())]
        } else {
            let mut best = (i32::MIN, squares[0]);
            for &x in &squares {
                let (np, no) = play(p, o, x);
                let value = -trained(np, no) + rng.gen_range(-style.noise..=style.noise);
                if value > best.0 {
                    best = (value, x);
                }
            }
            best.1
        };
        (p, o) = play(p, o, x);
        ply += 1;
    }
}

/// The seed of game `game` of job `job` under the run's `seed`.
pub fn game_seed(seed: u64, job: u32, game: u64) -> u64 {
    mix(mix(seed) ^ mix(u64::from(job) << 40 ^ game))
}

/// Job `job`'s games (`games` of them, in parallel): their distinct
/// positions, in the order first met.
pub fn generate_job(seed: u64, job: u32, games: u64, style: Style) -> Vec<(u64, u64)> {
    let played: Vec<Vec<(u64, u64)>> = (0..games)
        .into_par_iter()
        .map(|g| play_game(game_seed(seed, job, g), style))
        .collect();
    let mut seen = HashSet::new();
    played
        .into_iter()
        .flatten()
        .filter(|&pos| seen.insert(pos))
        .collect()
}
