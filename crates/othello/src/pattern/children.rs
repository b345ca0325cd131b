//! A position's pattern indices kept as moves are made: read once at the
//! root from both sides, and each child's by adding the digits its move
//! changes (the new disc and its flips). Reading all 46 indices afresh for
//! every position was most of the evaluation's time, and the search
//! evaluates every child of a node one ply above its horizon. An
//! evaluation from kept indices equals [`Weights::evaluate`] exactly
//! (tested).

use super::{indices, Weights, INSTANCES, OFFSETS, PATTERNS};
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

/// A position's pattern indices, each within its pattern's table, read
/// from the side to move's view (its discs digit 1) and from the waiting
/// side's (its discs digit 1).
#[derive(Clone, Copy, Debug)]
pub struct PatternIndices {
    mover: [u16; LANES],
    waiting: [u16; LANES],
}

/// The indices of `p`'s view of `p` against `o`.
fn read(p: u64, o: u64) -> [u16; LANES] {
    let mut out = [0; LANES];
    for (i, index) in indices(p, o).into_iter().enumerate() {
        // Every index fits: the largest table has 3^10 entries.
        out[i] = (index - INSTANCE_OFFSETS[i]) as u16;
    }
    out
}

impl PatternIndices {
    /// The position with `p` to move against `o`.
    pub fn new(p: u64, o: u64) -> PatternIndices {
        PatternIndices {
            mover: read(p, o),
            waiting: read(o, p),
        }
    }

    /// The indices after the side to move plays `square`, flipping
    /// `flips`: the other side moves next.
    #[inline]
    pub fn after(&self, square: u32, flips: u64) -> PatternIndices {
        let mut child = PatternIndices {
            mover: self.children_view(square, flips),
            waiting: self.mover,
        };
        // For the side that moved, its new disc is digit 1 and each
        // flipped disc turns from the opponent's (2) to its own (1).
        add(&mut child.waiting, &SQUARE_DIGITS[square as usize], 1);
        for flipped in Squares(flips) {
            sub(&mut child.waiting, &SQUARE_DIGITS[flipped as usize]);
        }
        child
    }

    /// The indices after a pass.
    #[inline]
    pub fn passed(&self) -> PatternIndices {
        PatternIndices {
            mover: self.waiting,
            waiting: self.mover,
        }
    }

    /// The mover's view of the child reached by `square` flipping `flips`.
    #[inline(always)]
    fn children_view(&self, square: u32, flips: u64) -> [u16; LANES] {
        // From the child's side the mover's new disc is the opponent's
        // (digit 2), and each flipped disc turns from the child's mover's
        // (1) to the opponent's (2).
        let mut view = self.waiting;
        add(&mut view, &SQUARE_DIGITS[square as usize], 2);
        for flipped in Squares(flips) {
            add(&mut view, &SQUARE_DIGITS[flipped as usize], 1);
        }
        view
    }
}

#[inline(always)]
fn add(indices: &mut [u16; LANES], digits: &[u16; LANES], times: u16) {
    for (index, digit) in indices.iter_mut().zip(digits) {
        *index = index.wrapping_add(digit * times);
    }
}

#[inline(always)]
fn sub(indices: &mut [u16; LANES], digits: &[u16; LANES]) {
    for (index, digit) in indices.iter_mut().zip(digits) {
        *index = index.wrapping_sub(*digit);
    }
}

impl Weights {
    /// `self.evaluate(p, o)` from the position's kept indices `at`, the
    /// mover's legal moves `legal` known.
    #[inline]
    pub fn evaluate_indexed(&self, at: &PatternIndices, p: u64, o: u64, legal: u64) -> i32 {
        self.evaluate_view(&at.mover, p, o, legal)
    }

    /// `self.evaluate(cp, co)` of the child of the position whose indices
    /// are `parent`, reached by the move on `square` flipping `flips`: `cp`
    /// to move against `co`, with legal moves `child_moves`. Cheaper than
    /// [`PatternIndices::after`], which also keeps the waiting side's view.
    #[inline]
    pub fn evaluate_child(
        &self,
        parent: &PatternIndices,
        square: u32,
        flips: u64,
        cp: u64,
        co: u64,
        child_moves: u64,
    ) -> i32 {
        self.evaluate_view(&parent.children_view(square, flips), cp, co, child_moves)
    }

    #[inline(always)]
    fn evaluate_view(&self, view: &[u16; LANES], p: u64, o: u64, legal: u64) -> i32 {
        self.value(p, o, legal, |w| {
            (0..INSTANCES)
                .map(|i| i32::from(w[INSTANCE_OFFSETS[i] + usize::from(view[i])]))
                .sum()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Size8;
    use crate::midgame::tests::random_position;
    use crate::movegen::{flips, moves};

    #[test]
    fn square_digits_are_the_indices_of_a_lone_disc() {
        for (s, digits) in SQUARE_DIGITS.iter().enumerate() {
            let lone = indices(1 << s, 0);
            for i in 0..INSTANCES {
                assert_eq!(
                    usize::from(digits[i]),
                    lone[i] - INSTANCE_OFFSETS[i],
                    "square {s}, instance {i}"
                );
            }
        }
    }

    #[test]
    fn kept_indices_evaluate_as_the_whole_evaluation_does() {
        let weights = super::super::embedded().expect("shipped weights");
        let mut checked = 0;
        for seed in 0..300 {
            let (p, o) = random_position(seed, (seed % 56) as u32);
            let parent = PatternIndices::new(p, o);
            let legal = moves::<Size8>(p, o);
            assert_eq!(
                weights.evaluate_indexed(&parent, p, o, legal),
                weights.evaluate(p, o)
            );
            let passed = parent.passed();
            assert_eq!(
                weights.evaluate_indexed(&passed, o, p, moves::<Size8>(o, p)),
                weights.evaluate(o, p)
            );
            for square in Squares(legal) {
                let f = flips::<Size8>(square, p, o);
                let (cp, co) = (o ^ f, p | f | (1u64 << square));
                let child_moves = moves::<Size8>(cp, co);
                let truth = weights.evaluate(cp, co);
                assert_eq!(
                    weights.evaluate_child(&parent, square, f, cp, co, child_moves),
                    truth,
                    "seed {seed}, square {square}"
                );
                let kept = parent.after(square, f);
                assert_eq!(weights.evaluate_indexed(&kept, cp, co, child_moves), truth);
                // Both views kept: the same as read afresh.
                let fresh = PatternIndices::new(cp, co);
                assert_eq!((kept.mover, kept.waiting), (fresh.mover, fresh.waiting));
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked} children");
    }
}
