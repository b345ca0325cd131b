//! The evaluation of a node's children from their parent: the pattern
//! indices of the parent read once from the children's side, and each
//! child's indices by adding the digits its move changes (the new disc and
//! its flips). The search evaluates every child of a node one ply above its
//! horizon, where reading all 46 indices afresh for each child was most of
//! the evaluation's time; a child's evaluation here equals
//! [`Weights::evaluate`] of the child exactly (tested).

use super::{indices, phase_of, Weights, BIAS, INSTANCES, MAX_SCORE, MOBILITY_MINE};
use super::{MOBILITY_THEIRS, OFFSETS, PARITY, PATTERNS};
use crate::bitboard::Size8;
use crate::movegen::moves;
use crate::Squares;

/// The instances padded to whole vector registers of eight lanes.
const LANES: usize = 48;

/// Each instance's pattern table's place in a phase, in [`indices`] order.
const INSTANCE_OFFSETS: [usize; INSTANCES] = instance_offsets();

const fn instance_offsets() -> [usize; INSTANCES] {
    let mut out = [0; INSTANCES];
    let (mut i, mut n) = (0, 0);
    while n < PATTERNS.len() {
        let mut image = 0;
        while image < PATTERNS[n].images.len() {
            out[i] = OFFSETS[n];
            i += 1;
            image += 1;
        }
        n += 1;
    }
    out
}

/// For each square, the power of three of its digit in each instance's
/// index (0 where the instance does not read the square): the amount the
/// index grows when the square's digit grows by one.
static SQUARE_DIGITS: [[u16; LANES]; 64] = square_digits();

const fn square_digits() -> [[u16; LANES]; 64] {
    let mut out = [[0; LANES]; 64];
    let (mut i, mut n) = (0, 0);
    while n < PATTERNS.len() {
        let pattern = &PATTERNS[n];
        let mut image = 0;
        while image < pattern.images.len() {
            let t = pattern.images[image];
            let (mut k, mut power) = (0, 1u16);
            while k < pattern.squares.len() {
                // The instance reads square (r, c) of image t, which holds
                // the board's square that t maps there.
                let (r, c) = pattern.squares[k];
                let mut s = 0;
                while s < 64 {
                    let to = super::map_square(t, s / 8, s % 8);
                    if to.0 == r && to.1 == c {
                        out[s as usize][i] = power;
                    }
                    s += 1;
                }
                k += 1;
                power *= 3;
            }
            i += 1;
            image += 1;
        }
        n += 1;
    }
    out
}

/// A node's pattern indices read from its children's side (the node's
/// opponent as the mover), each within its pattern's table.
#[derive(Clone, Copy, Debug)]
pub struct Parent {
    indices: [u16; LANES],
}

impl Parent {
    /// The node with `p` to move against `o`.
    pub fn new(p: u64, o: u64) -> Parent {
        let mut out = [0; LANES];
        for (i, index) in indices(o, p).into_iter().enumerate() {
            // Every index fits: the largest table has 3^10 entries.
            out[i] = (index - INSTANCE_OFFSETS[i]) as u16;
        }
        Parent { indices: out }
    }
}

#[inline(always)]
fn add(indices: &mut [u16; LANES], digits: &[u16; LANES], times: u16) {
    for (index, digit) in indices.iter_mut().zip(digits) {
        *index = index.wrapping_add(digit * times);
    }
}

impl Weights {
    /// The evaluation of the child of `parent` reached by the move on
    /// `square` flipping `flips`: `cp` to move against `co`, with legal
    /// moves `child_moves`. The same as `self.evaluate(cp, co)`.
    #[inline]
    pub fn evaluate_child(
        &self,
        parent: &Parent,
        square: u32,
        flips: u64,
        cp: u64,
        co: u64,
        child_moves: u64,
    ) -> i32 {
        let theirs = moves::<Size8>(co, cp).count_ones() as i32;
        let mine = child_moves.count_ones() as i32;
        if mine == 0 && theirs == 0 {
            return 100 * crate::margin::final_margin::<Size8>(cp, co);
        }
        // From the child's side the mover's new disc is the opponent's
        // (digit 2), and each flipped disc turns from the child's mover's
        // (1) to the opponent's (2).
        let mut child = parent.indices;
        add(&mut child, &SQUARE_DIGITS[square as usize], 2);
        for flipped in Squares(flips) {
            add(&mut child, &SQUARE_DIGITS[flipped as usize], 1);
        }
        let empties = (!(cp | co)).count_ones();
        let w = self.phase(phase_of(empties));
        let mut sum = i32::from(w[BIAS])
            + i32::from(w[PARITY]) * (empties & 1) as i32
            + i32::from(w[MOBILITY_MINE]) * mine
            + i32::from(w[MOBILITY_THEIRS]) * theirs;
        for i in 0..INSTANCES {
            sum += i32::from(w[INSTANCE_OFFSETS[i] + usize::from(child[i])]);
        }
        sum.clamp(-MAX_SCORE, MAX_SCORE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::flips;
    use rand::{Rng, SeedableRng};

    /// A position up to `plies` random moves from the start (passing when
    /// the mover has no move, stopping when neither has).
    fn random_position(seed: u64, plies: u32) -> (u64, u64) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        for _ in 0..plies {
            let legal = moves::<Size8>(p, o);
            if legal == 0 {
                if moves::<Size8>(o, p) == 0 {
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                continue;
            }
            let all: Vec<u32> = Squares(legal).collect();
            let square = all[rng.gen_range(0..all.len())];
            let f = flips::<Size8>(square, p, o);
            (p, o) = (o ^ f, p | f | (1u64 << square));
        }
        (p, o)
    }

    #[test]
    fn square_digits_are_the_indices_of_a_lone_disc() {
        for s in 0..64 {
            let lone = indices(1 << s, 0);
            for i in 0..INSTANCES {
                assert_eq!(
                    usize::from(SQUARE_DIGITS[s][i]),
                    lone[i] - INSTANCE_OFFSETS[i],
                    "square {s}, instance {i}"
                );
            }
        }
    }

    #[test]
    fn a_child_evaluates_as_the_whole_evaluation_does() {
        let weights = super::super::embedded().expect("shipped weights");
        let mut checked = 0;
        for seed in 0..300 {
            let (p, o) = random_position(seed, (seed % 56) as u32);
            let parent = Parent::new(p, o);
            for square in Squares(moves::<Size8>(p, o)) {
                let f = flips::<Size8>(square, p, o);
                let (cp, co) = (o ^ f, p | f | (1u64 << square));
                let child_moves = moves::<Size8>(cp, co);
                assert_eq!(
                    weights.evaluate_child(&parent, square, f, cp, co, child_moves),
                    weights.evaluate(cp, co),
                    "seed {seed}, square {square}"
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked} children");
    }
}
