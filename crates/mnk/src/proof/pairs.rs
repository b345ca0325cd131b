//! Pairing strategies that name their pairs: the prover's cheapest proof
//! that the attacker can no longer complete a line.
//!
//! If every line the attacker could still complete holds a pair of empty
//! squares, the pairs disjoint, the defender answers each stone on a pair
//! with its partner and no line is ever completed. Extra attacker stones
//! off the pairs change nothing: every open line still holds its pair. So
//! the pairs' squares are the proof's relevance zone.

/// Lines (their empty squares) beyond this and no pairing is tried: the
/// search marks lines done in a `u64`.
const MAX_LINES: usize = 64;
/// Pair choices tried before giving up (the answer is then "no proof").
const BUDGET: u32 = 600;

/// The squares of disjoint pairs, one inside each of `open` (the empty
/// squares of every line the attacker could still complete), or `None`
/// when none was found within the budget. `Some(0)`: no open line.
pub fn pairing(open: &[u64]) -> Option<u64> {
    if open.iter().any(|l| l.count_ones() < 2) {
        return None;
    }
    // A pair inside a line also lies inside every line containing it, so
    // only the minimal lines need pairs of their own.
    let mut sorted: Vec<u64> = open.to_vec();
    sorted.sort_unstable_by_key(|l| (l.count_ones(), *l));
    sorted.dedup();
    let mut minimal: Vec<u64> = Vec::with_capacity(sorted.len());
    for &line in &sorted {
        if !minimal.iter().any(|&m| m & !line == 0) {
            minimal.push(line);
        }
    }
    if minimal.len() > MAX_LINES {
        return None;
    }
    let mut search = Search {
        lines: &minimal,
        budget: BUDGET,
    };
    search.place(0, 0)
}

struct Search<'a> {
    lines: &'a [u64],
    budget: u32,
}

impl Search<'_> {
    /// Gives the remaining lines pairs, most constrained line first;
    /// `done` has bit i once line i holds a pair, `used` the paired squares.
    fn place(&mut self, done: u64, used: u64) -> Option<u64> {
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
            return Some(used);
        };
        if fewest < 2 {
            return None;
        }
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
                let served = self
                    .lines
                    .iter()
                    .enumerate()
                    .filter(|(_, &l)| pair & !l == 0)
                    .fold(done, |d, (i, _)| d | 1 << i);
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
    fn pairings_are_found_and_are_real() {
        let cases: [&[u64]; 4] = [&[0b0111, 0b1_1100], &[0b011, 0b111, 0b1011], &[], &[0b1111]];
        for open in cases {
            let cells = pairing(open).expect("a pairing");
            assert!(holds_pairs(open, cells), "{open:?} {cells:b}");
        }
        // Three two-square lines over three squares: no disjoint pairs.
        assert_eq!(pairing(&[0b011, 0b110, 0b101]), None);
        // A line one square short of complete cannot be held by a pair.
        assert_eq!(pairing(&[0b1]), None);
    }
}
