//! Pairing strategies: a cheap proof that a side can no longer win.
//!
//! If every line a side could still complete contains a pair of empty
//! squares, the pairs all disjoint, the other side answers each stone put
//! on a pair by taking its partner, and no such line is ever completed.
//! When both sides are held this way the game is a draw, however far from
//! full the board is.

/// More open lines than this and the search is not worth trying (at most
/// 64: the search marks lines done in a `u64`).
pub const MAX_LINES: usize = 40;
const _: () = assert!(MAX_LINES <= 64);
/// Pair choices tried before giving up (the answer is then "no proof").
const BUDGET: u32 = 200;

/// Whether lines (at most `MAX_LINES`), given as their empty squares, can
/// each hold a pair of squares with no square in two pairs. False when
/// unsure.
pub fn blockable(open: &[u64]) -> bool {
    let mut lines = [0u64; MAX_LINES];
    let lines = &mut lines[..open.len()];
    lines.copy_from_slice(open);
    lines.sort_unstable_by_key(|l| (l.count_ones(), *l));
    // A pair inside a line also lies inside every line containing that one,
    // so only the minimal lines need pairs of their own.
    let mut minimal = [0u64; MAX_LINES];
    let mut count = 0;
    for &line in lines.iter() {
        if !minimal[..count].iter().any(|&m| m & !line == 0) {
            minimal[count] = line;
            count += 1;
        }
    }
    let mut search = Search {
        lines: &minimal[..count],
        budget: BUDGET,
    };
    search.place(0, 0)
}

struct Search<'a> {
    lines: &'a [u64],
    budget: u32,
}

impl Search<'_> {
    /// Gives the remaining lines pairs, most constrained line first.
    fn place(&mut self, done: u64, used: u64) -> bool {
        // `done`: bit i set once line i holds a pair.
        let mut pick = None;
        let mut fewest = u32::MAX;
        for (i, &line) in self.lines.iter().enumerate() {
            if done >> i & 1 == 1 {
                continue;
            }
            let free = (line & !used).count_ones();
            if free < fewest {
                fewest = free;
                pick = Some(i);
            }
        }
        let Some(index) = pick else {
            return true;
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
                    return false;
                }
                self.budget -= 1;
                let pair = a | b;
                // The pair also serves every other line holding it.
                let served = self
                    .lines
                    .iter()
                    .enumerate()
                    .filter(|(_, &l)| pair & !l == 0)
                    .fold(done, |d, (i, _)| d | 1 << i);
                if self.place(served, used | pair) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disjoint_pairs_are_found_or_refused() {
        // Two lines sharing one square of three each: pairs fit.
        assert!(blockable(&[0b0111, 0b1_1100]));
        // Three two-square lines over three squares: no disjoint pairs.
        assert!(!blockable(&[0b011, 0b110, 0b101]));
        // A line holding another needs no pair of its own.
        assert!(blockable(&[0b011, 0b111, 0b1011]));
        assert!(blockable(&[]));
    }
}
