//! Counting the game tree without building it, for any start.
//!
//! A node of the tree is a sequence of moves from the root, so the tree
//! holds one node per move sequence and one leaf per finished game. The
//! count is memoised over distinct positions: the subtree below a position
//! has the same shape wherever the position appears, and the order of the
//! rows does not change it, so each sorted position is counted once,
//! `nodes(p) = 1 + Σ nodes(child)`, `leaves(p) = Σ leaves(child)` (1 at an
//! empty position).
//!
//! Counts are exact `u128`s. Whether they fit is known before counting from
//! a closed form: restricted to one row of `a` objects, a move sequence is
//! `k` positive takes summing to at most `a` (`C(a, k)` of them; a finished
//! row is `k` takes summing to exactly `a`, `C(a-1, k-1)`), and the rows'
//! sequences interleave in `C(m, k)` ways when merged one row at a time.
//! Every node count is at least `2^objects` (the interleavings only add),
//! so a start of 128 objects or more is refused at once; below that the
//! closed form in checked `u128` decides, and an overflow is refused with
//! the closed form's floating-point estimate. Under the bound the memo
//! stays small (about 17,000 sorted positions for rows 1 to 9, the largest
//! such tree tried), since a start with many distinct sub-positions has far
//! more than 2^128 move sequences.

use std::collections::HashMap;
use std::fmt;

use thiserror::Error;

/// Size of a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeSize {
    /// Every node, the root included.
    pub nodes: u128,
    /// The nodes with no move left (ended games).
    pub leaves: u128,
}

/// Most objects a start may hold for its tree to be counted: at 128 or more
/// the tree has at least 2^128 nodes.
pub const MAX_COUNTED_OBJECTS: u64 = 127;

/// A tree with more nodes than a `u128` holds, and how many it has.
#[derive(Clone, Copy, Debug, PartialEq, Error)]
#[error("{}", self.describe())]
pub struct TooManyToCount {
    /// log10 of the node count: the closed form's estimate, or only a lower
    /// bound when `lower_bound` is set.
    pub log10_nodes: f64,
    /// Set when `log10_nodes` is only a lower bound (too many objects for
    /// the closed form).
    pub lower_bound: bool,
    /// Objects in the start.
    pub objects: u64,
}

impl TooManyToCount {
    fn describe(&self) -> String {
        let size = scientific(self.log10_nodes);
        if self.lower_bound {
            format!(
                "at least 2^{} (about {size}) nodes, more than 128 bits count exactly",
                self.objects
            )
        } else {
            format!("about {size} nodes, more than 128 bits count exactly (at most 3.4e38)")
        }
    }
}

/// `1.3e48` from a base-10 logarithm.
fn scientific(log10: f64) -> String {
    let exponent = log10.floor();
    let mantissa = 10f64.powf(log10 - exponent);
    // 9.96 rounds to "10.0": carry it.
    let (mantissa, exponent) = if mantissa >= 9.95 {
        (1.0, exponent + 1.0)
    } else {
        (mantissa, exponent)
    };
    format!("{mantissa:.1}e{exponent}")
}

/// The tree's nodes and leaves, counted over distinct positions; refused
/// when it has more than `u128::MAX` nodes (see the module documentation).
pub fn count_tree(rows: &[u16]) -> Result<TreeSize, TooManyToCount> {
    let objects: u64 = rows.iter().map(|&r| u64::from(r)).sum();
    if objects > MAX_COUNTED_OBJECTS {
        return Err(TooManyToCount {
            log10_nodes: objects as f64 * std::f64::consts::LOG10_2,
            lower_bound: true,
            objects,
        });
    }
    if closed_form::<u128>(rows, Tally::Nodes).is_none() {
        let estimate = closed_form::<f64>(rows, Tally::Nodes).unwrap_or(f64::INFINITY);
        return Err(TooManyToCount {
            log10_nodes: estimate.log10(),
            lower_bound: false,
            objects,
        });
    }
    let mut memo = HashMap::new();
    counted(rows, &mut memo).ok_or(TooManyToCount {
        log10_nodes: 128.0 * std::f64::consts::LOG10_2,
        lower_bound: true,
        objects,
    })
}

fn counted(rows: &[u16], memo: &mut HashMap<Vec<u16>, TreeSize>) -> Option<TreeSize> {
    let mut key = rows.to_vec();
    key.sort_unstable();
    if let Some(&size) = memo.get(&key) {
        return Some(size);
    }
    let mut size = TreeSize {
        nodes: 1,
        leaves: 0,
    };
    let mut child = key.clone();
    for row in 0..key.len() {
        for left in 0..key[row] {
            child[row] = left;
            let below = counted(&child, memo)?;
            size.nodes = size.nodes.checked_add(below.nodes)?;
            size.leaves = size.leaves.checked_add(below.leaves)?;
        }
        child[row] = key[row];
    }
    if size.nodes == 1 {
        size.leaves = 1;
    }
    memo.insert(key, size);
    Some(size)
}

/// Distinct positions below and including `rows`, rows kept in place: each
/// row independently holds 0 to its count. Saturates at `u128::MAX`.
pub fn distinct_positions(rows: &[u16]) -> u128 {
    rows.iter()
        .fold(1u128, |p, &r| p.saturating_mul(u128::from(r) + 1))
}

/// What the closed form counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tally {
    /// Every node of the tree.
    Nodes,
    /// The leaves (ended games) only.
    Leaves,
}

/// Numbers the closed form runs on: checked `u128`, or `f64` estimates.
pub trait TallyNumber: Copy + fmt::Debug {
    /// The number 0.
    fn zero() -> Self;
    /// The number 1.
    fn one() -> Self;
    /// The sum, or `None` on overflow.
    fn add(self, other: Self) -> Option<Self>;
    /// The product, or `None` on overflow.
    fn mul(self, other: Self) -> Option<Self>;
}

impl TallyNumber for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn add(self, other: Self) -> Option<Self> {
        self.checked_add(other)
    }
    fn mul(self, other: Self) -> Option<Self> {
        self.checked_mul(other)
    }
}

impl TallyNumber for f64 {
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
    fn add(self, other: Self) -> Option<Self> {
        Some(self + other)
    }
    fn mul(self, other: Self) -> Option<Self> {
        Some(self * other)
    }
}

/// The tree's nodes or leaves by the closed form of the module
/// documentation; `None` when a number overflows. Meant for starts of at
/// most `MAX_COUNTED_OBJECTS` objects (it takes O(rows * objects^2)).
pub fn closed_form<N: TallyNumber>(rows: &[u16], tally: Tally) -> Option<N> {
    let objects: usize = rows.iter().map(|&r| usize::from(r)).sum();
    // Pascal's triangle up to `objects`.
    let mut pascal: Vec<Vec<N>> = Vec::with_capacity(objects + 1);
    for n in 0..=objects {
        let mut line = vec![N::one(); n + 1];
        for k in 1..n {
            line[k] = pascal[n - 1][k - 1].add(pascal[n - 1][k])?;
        }
        pascal.push(line);
    }
    let binomial = |n: usize, k: usize| if k <= n { pascal[n][k] } else { N::zero() };
    // by_length[m]: move sequences of m moves within the rows merged so far.
    let mut by_length = vec![N::one()];
    for &row in rows {
        let a = usize::from(row);
        let own: Vec<N> = (0..=a)
            .map(|k| match tally {
                Tally::Nodes => binomial(a, k),
                Tally::Leaves if a == 0 => {
                    if k == 0 {
                        N::one()
                    } else {
                        N::zero()
                    }
                }
                Tally::Leaves if k == 0 => N::zero(),
                Tally::Leaves => binomial(a - 1, k - 1),
            })
            .collect();
        let mut merged = vec![N::zero(); by_length.len() + a];
        for (j, &before) in by_length.iter().enumerate() {
            for (k, &mine) in own.iter().enumerate() {
                // Each factor is at least 1 or the product is 0, so a partial
                // product never overflows where the whole would not.
                let ways = before.mul(mine)?.mul(binomial(j + k, k))?;
                merged[j + k] = merged[j + k].add(ways)?;
            }
        }
        by_length = merged;
    }
    by_length
        .into_iter()
        .try_fold(N::zero(), |sum, n| sum.add(n))
}

pub use ply_engine::with_commas;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scientific_rounds_and_carries() {
        assert_eq!(scientific(48.127_104_798_364_81), "1.3e48");
        assert_eq!(scientific(2.999_9), "1.0e3");
        assert_eq!(scientific(0.0), "1.0e0");
    }

    #[test]
    fn one_row_has_two_to_the_objects_nodes() {
        for a in 0..=127u16 {
            let size = count_tree(&[a]).expect("fits");
            assert_eq!(size.nodes, 1u128 << a);
            assert_eq!(size.leaves, if a == 0 { 1 } else { 1u128 << (a - 1) });
        }
        assert!(count_tree(&[128]).unwrap_err().lower_bound);
    }
}
