//! Bulk-counting perft on raw bitboards, serial and split across threads.
//!
//! Counting follows the Othello convention: a pass is a ply, and a game
//! that ended early is one leaf at every deeper depth.

use rayon::prelude::*;

use crate::bitboard::{Bits, Geometry, Squares};
use crate::game::Othello;
use crate::movegen::{flips, moves};

/// Leaves `depth` plies below the position with `p` to move against `o`.
///
/// On x86-64 processors with AVX2, BMI and POPCNT (all since 2013) the
/// count runs in a copy of the function compiled for them (its move
/// generation vectorised, counts in one instruction), chosen at run time:
/// about twice as fast as the portable build's.
pub fn perft_bits<G: Geometry>(p: G::B, o: G::B, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: `perft_x86_64_v3` needs only the five features just
            // detected on this processor.
            return unsafe { perft_x86_64_v3::<G>(p, o, depth) };
        }
    }
    perft_portable::<G>(p, o, depth)
}

/// [`perft_bits`] for any processor.
fn perft_portable<G: Geometry>(p: G::B, o: G::B, depth: u32) -> u64 {
    perft_body::<G>(p, o, depth, perft_portable::<G>)
}

/// [`perft_bits`] compiled for x86-64 with AVX2, BMI1/2, LZCNT and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn perft_x86_64_v3<G: Geometry>(p: G::B, o: G::B, depth: u32) -> u64 {
    // The closure inherits the features, so the recursion needs no check.
    perft_body::<G>(p, o, depth, |p, o, depth| perft_x86_64_v3::<G>(p, o, depth))
}

/// The count itself, inlined into each copy above; `below` counts the
/// subtrees.
#[inline(always)]
fn perft_body<G: Geometry>(
    p: G::B,
    o: G::B,
    depth: u32,
    below: impl Fn(G::B, G::B, u32) -> u64,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = moves::<G>(p, o);
    if depth == 1 {
        // No move means a pass or the end of the game: one leaf either way.
        return legal.count().max(1) as u64;
    }
    if legal.is_empty() {
        if moves::<G>(o, p).is_empty() {
            return 1;
        }
        return below(o, p, depth - 1);
    }
    let mut total = 0;
    if depth == 2 {
        // The last ply inline: count the replies, one leaf for a pass or an end.
        for square in Squares(legal) {
            let flipped = flips::<G>(square, p, o);
            let replies = moves::<G>(o ^ flipped, p | flipped | G::B::bit(square));
            total += replies.count().max(1) as u64;
        }
        return total;
    }
    for square in Squares(legal) {
        let flipped = flips::<G>(square, p, o);
        total += below(o ^ flipped, p | flipped | G::B::bit(square), depth - 1);
    }
    total
}

/// Perft of a game position, on one thread.
pub fn perft<G: Geometry>(game: &Othello<G>, depth: u32) -> u64 {
    let (p, o) = game.player_opponent();
    perft_bits::<G>(p, o, depth)
}

/// The positions `plies` plies below (player, opponent) with the leaves
/// that ended early, so that their perfts add up to the whole tree's.
fn frontier<G: Geometry>(p: G::B, o: G::B, plies: u32, out: &mut Vec<(G::B, G::B, u32)>) {
    if plies == 0 {
        out.push((p, o, 0));
        return;
    }
    let legal = moves::<G>(p, o);
    if legal.is_empty() {
        if moves::<G>(o, p).is_empty() {
            // A finished game: one leaf at every depth, whatever remains.
            out.push((p, o, plies));
        } else {
            frontier::<G>(o, p, plies - 1, out);
        }
        return;
    }
    for square in Squares(legal) {
        let flipped = flips::<G>(square, p, o);
        frontier::<G>(o ^ flipped, p | flipped | G::B::bit(square), plies - 1, out);
    }
}

fn perft_split<G: Geometry>(p: G::B, o: G::B, depth: u32) -> u64 {
    // Two plies of splitting give enough tasks to balance a few cores.
    let split = depth.saturating_sub(1).min(2);
    let mut tasks = Vec::new();
    frontier::<G>(p, o, split, &mut tasks);
    tasks
        .par_iter()
        .map(|&(p, o, ended)| {
            if ended > 0 {
                1
            } else {
                perft_bits::<G>(p, o, depth - split)
            }
        })
        .sum()
}

/// Perft on the threads of the rayon pool it is called in (the CLI installs
/// one of `--jobs` threads): serial when that pool has one thread.
pub fn perft_in_pool<G: Geometry>(game: &Othello<G>, depth: u32) -> u64 {
    if rayon::current_num_threads() <= 1 || depth < 3 {
        return perft(game, depth);
    }
    let (p, o) = game.player_opponent();
    perft_split::<G>(p, o, depth)
}

/// Perft split across `jobs` threads (0 means one per core): what the
/// CLI's `ply perft othello DEPTH --jobs N` calls.
pub fn perft_parallel<G: Geometry>(game: &Othello<G>, depth: u32, jobs: usize) -> u64 {
    if jobs == 1 || depth < 3 {
        return perft(game, depth);
    }
    match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool.install(|| perft_in_pool(game, depth)),
        // Without a pool of our own, rayon's global one still splits the work.
        Err(_) => perft_in_pool(game, depth),
    }
}
