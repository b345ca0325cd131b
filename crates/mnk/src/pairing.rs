//! Pairing strategies: a cheap proof that a side can no longer win.
//!
//! If every line a side could still complete contains a pair of empty
//! squares, the pairs all disjoint, the other side answers each stone put
//! on a pair by taking its partner, and no such line is ever completed.
//! When both sides are held this way the game is a draw, however far from
//! full the board is.
//!
//! [`pairs`] names the squares of the pairs it found: extra stones of the
//! held side off those squares change nothing (every open line still holds
//! its pair), so the prover uses them as the proof's relevance zone. The
//! exact solver only asks [`blockable`].

use crate::geometry::MAX_BOARD_LINES;

/// More open lines than this and the exact solver does not try (its
/// callers keep at most this many lines in a fixed array).
pub const MAX_LINES: usize = 40;
/// Most minimal lines [`pairs`] takes: the search marks lines done in a
/// `u64`.
const MAX_MINIMAL: usize = 64;
const _: () = assert!(MAX_LINES <= MAX_MINIMAL);
/// Pair choices the exact solver's [`blockable`] tries before giving up.
pub const SOLVER_BUDGET: u32 = 200;
/// Pair choices the prover tries: a found pairing ends a whole subtree
/// there, so it may look longer.
pub const PROOF_BUDGET: u32 = 600;

/// Whether lines (at most `MAX_LINES`), given as their empty squares, can
/// each hold a pair of squares with no square in two pairs. False when
/// unsure.
pub fn blockable(open: &[u64]) -> bool {
    open.len() <= MAX_LINES && pairs(open, SOLVER_BUDGET).is_some()
}

/// The squares of disjoint pairs, one pair inside each of `open` (the
/// empty squares of every line a side could still complete, at most a
/// board's [`MAX_BOARD_LINES`]), or `None` when none was found within
/// `budget` pair choices. `Some(0)`: no open line.
pub fn pairs(open: &[u64], budget: u32) -> Option<u64> {
    if open.iter().any(|l| l.count_ones() < 2) {
        return None;
    }
    // Sorted in a copy on the stack: the prover asks at nearly every node.
    let mut copy = [0u64; MAX_BOARD_LINES];
    let lines = copy.get_mut(..open.len())?;
    lines.copy_from_slice(open);
    lines.sort_unstable_by_key(|l| (l.count_ones(), *l));
    // A pair inside a line also lies inside every line containing that one,
    // so only the minimal lines need pairs of their own.
    let mut minimal = [0u64; MAX_MINIMAL];
    let mut count = 0;
    for &line in lines.iter() {
        if !minimal[..count].iter().any(|&m| m & !line == 0) {
            if count == MAX_MINIMAL {
                return None;
            }
            minimal[count] = line;
            count += 1;
        }
    }
    // For each square, the lines holding it: the lines a pair serves are
    // then one `and` away.
    let mut holding = [0u64; 64];
    for (i, &line) in minimal[..count].iter().enumerate() {
        let mut rest = line;
        while rest != 0 {
            holding[rest.trailing_zeros() as usize] |= 1 << i;
            rest &= rest - 1;
        }
    }
    let mut search = Search {
        lines: &minimal[..count],
        holding: &holding,
        budget,
    };
    search.place(0, 0)
}

struct Search<'a> {
    lines: &'a [u64],
    /// Bit i of `holding[sq]`: line i holds square `sq`.
    holding: &'a [u64; 64],
    budget: u32,
}

impl Search<'_> {
    /// Gives the remaining lines pairs, most constrained line first;
    /// `done` has bit i once line i holds a pair, `used` the paired squares.
    fn place(&mut self, done: u64, used: u64) -> Option<u64> {
        let mut pick = None;
        let mut fewest = u32::MAX;
        let all = if self.lines.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.lines.len()) - 1
        };
        let mut open = all & !done;
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            let free = (self.lines[i] & !used).count_ones();
            if free < 2 {
                return None;
            }
            if free < fewest {
                fewest = free;
                pick = Some(i);
            }
        }
        let Some(index) = pick else {
            return Some(used);
        };
        let line = self.lines[index];
        let mut first = line & !used;
        while first != 0 {
            let a = first & first.wrapping_neg();
            first &= first - 1;
            let mut second = first;
            while second != 0 {
                let b = second & second.wrapping_neg();
                second &= second - 1;
                if self.budget == 0 {
                    return None;
                }
                self.budget -= 1;
                let pair = a | b;
                // The pair also serves every other line holding it.
                let served = done
                    | (self.holding[a.trailing_zeros() as usize]
                        & self.holding[b.trailing_zeros() as usize]);
                if let Some(cells) = self.place(served, used | pair) {
                    return Some(cells);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks a claimed pairing the slow way: split the squares into
    /// pairs again by brute force and look for one inside each line.
    fn holds_pairs(open: &[u64], cells: u64) -> bool {
        let squares: Vec<u64> = (0..64)
            .filter(|i| cells >> i & 1 == 1)
            .map(|i| 1u64 << i)
            .collect();
        fn split(rest: &[u64], pairs: &mut Vec<u64>, open: &[u64]) -> bool {
            let Some((&first, others)) = rest.split_first() else {
                return open.iter().all(|&l| pairs.iter().any(|&p| p & !l == 0));
            };
            for (i, &second) in others.iter().enumerate() {
                let mut left: Vec<u64> = others.to_vec();
                left.remove(i);
                pairs.push(first | second);
                if split(&left, pairs, open) {
                    return true;
                }
                pairs.pop();
            }
            false
        }
        squares.len().is_multiple_of(2) && split(&squares, &mut Vec::new(), open)
    }

    #[test]
    fn disjoint_pairs_are_found_or_refused() {
        // Two lines sharing one square of three each: pairs fit.
        assert!(blockable(&[0b0111, 0b1_1100]));
        // Three two-square lines over three squares: no disjoint pairs.
        assert!(!blockable(&[0b011, 0b110, 0b101]));
        // A line holding another needs no pair of its own.
        assert!(blockable(&[0b011, 0b111, 0b1011]));
        assert!(blockable(&[]));
        // A line one square short of complete cannot be held by a pair.
        assert!(!blockable(&[0b1]));
    }

    #[test]
    fn named_pairs_are_real() {
        let cases: [&[u64]; 4] = [&[0b0111, 0b1_1100], &[0b011, 0b111, 0b1011], &[], &[0b1111]];
        for open in cases {
            let cells = pairs(open, PROOF_BUDGET).expect("a pairing");
            assert!(holds_pairs(open, cells), "{open:?} {cells:b}");
        }
        assert_eq!(pairs(&[0b011, 0b110, 0b101], PROOF_BUDGET), None);
        assert_eq!(pairs(&[0b1], PROOF_BUDGET), None);
    }
}
