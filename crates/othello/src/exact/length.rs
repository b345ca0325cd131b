//! The game's length under perfect play, for analysis: of the lines that
//! keep a position's exact margin, the winner takes the shortest and the
//! loser the longest (DESIGN.md "Values": plies to the end, passes
//! counted). The margin comes first, so the length is a minimax over the
//! margin-keeping moves only: a min at the winner's nodes, a max at the
//! loser's, one ply more than the child's, 0 at the end.
//!
//! The search is alpha-beta on that length alone. Which moves keep the
//! margin the fast solver tells by a null-window search per child (its
//! table, warm from the margin solve, answers most of them at once); a
//! small table of its own keeps the lengths proved.

use std::collections::HashMap;

use crate::bitboard::{Bits, Squares};
use crate::movegen::{flips, moves};

use super::table::NO_MOVE;
use super::{ExactGeometry, Worker};

/// Bounds on a position's game length, `(lower, upper)`.
type Bounds = (i32, i32);

/// From this many empties proved lengths are kept (below, a position's
/// subtree is cheaper to search again than to look up).
const MEMO_MIN: u32 = 6;

/// At most this many lengths are kept (about 40 MB); the table starts
/// again empty when it is full.
const MEMO_CAP: usize = 1 << 20;

/// The game lengths proved, by position: they hold from one solve to the
/// next (a position's margin, and so its length, is its own), so the
/// moves of one analysis share them.
#[derive(Default)]
pub(super) struct LengthTable {
    bounds: HashMap<(u128, u128), Bounds>,
}

impl LengthTable {
    pub(super) fn clear(&mut self) {
        self.bounds.clear();
    }
}

/// The length search: the solver's worker for the margins, and the
/// lengths proved so far.
pub(super) struct LengthSearch<'w, 'a, G> {
    worker: &'w mut Worker<'a, G>,
    memo: &'w mut HashMap<(u128, u128), Bounds>,
}

impl<'w, 'a, G: ExactGeometry> LengthSearch<'w, 'a, G> {
    pub(super) fn new(worker: &'w mut Worker<'a, G>, lengths: &'w mut LengthTable) -> Self {
        if lengths.bounds.len() >= MEMO_CAP {
            lengths.bounds.clear();
        }
        LengthSearch {
            worker,
            memo: &mut lengths.bounds,
        }
    }

    /// The exact game length of `p` to move against `o`, whose exact
    /// margin for `p` is `margin` (not 0: a draw has no length to prove).
    /// Meaningless when the worker aborted.
    pub(super) fn exact(&mut self, p: G::B, o: G::B, margin: i32) -> u32 {
        let empties = (!(p | o) & G::FULL).count();
        // A first guess, proved or refuted in a narrow window (far cheaper
        // than the full one: most moves need no proof of their length),
        // then searched again on the side it fell.
        let guess = self.guess(p, o, margin, empties);
        let (mut lo, mut hi) = (guess - 1, guess + 1);
        loop {
            let length = self.length(p, o, margin, lo, hi, empties);
            if self.worker.aborted {
                return 0;
            }
            if length <= lo && lo > -1 {
                (lo, hi) = (-1, length + 1);
            } else if length >= hi && hi < i32::MAX {
                (lo, hi) = (length - 1, i32::MAX);
            } else {
                return length.max(0) as u32;
            }
        }
    }

    /// The length of one line that keeps the margin: the first such move
    /// at every position, the table's best move first.
    fn guess(&mut self, p: G::B, o: G::B, margin: i32, empties: u32) -> i32 {
        let (mut p, mut o, mut margin, mut empties) = (p, o, margin, empties);
        let mut plies = 0;
        'line: loop {
            let legal = moves::<G>(p, o);
            if legal.is_empty() {
                if moves::<G>(o, p).is_empty() {
                    return plies;
                }
                (p, o, margin, plies) = (o, p, -margin, plies + 1);
                continue;
            }
            let first = self.first_of(p, o, legal);
            for part in [first, legal & !first] {
                for x in Squares(part) {
                    let f = flips::<G>(x, p, o);
                    let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(x));
                    if self.worker.nws(cp, co, -margin, empties - 1) <= -margin {
                        (p, o, margin, empties, plies) = (cp, co, -margin, empties - 1, plies + 1);
                        continue 'line;
                    }
                    if self.worker.aborted {
                        return plies;
                    }
                }
            }
            // Only after an abort: some move keeps the margin.
            return plies;
        }
    }

    /// The table's best move of (`p`, `o`) as a set (empty when there is
    /// none or it is not legal).
    fn first_of(&self, p: G::B, o: G::B, legal: G::B) -> G::B {
        let hint = self
            .worker
            .table
            .probe(crate::bitboard::hash_pair(p, o), p, o)
            .map_or(NO_MOVE, |e| e.best);
        if hint != NO_MOVE && legal.has(u32::from(hint)) {
            G::B::bit(u32::from(hint))
        } else {
            G::B::ZERO
        }
    }

    /// The length in `(lo, hi)`, else a bound on the side it fell
    /// (fail-soft): at most the result when it is at most `lo`, at least
    /// the result when it is at least `hi`.
    fn length(&mut self, p: G::B, o: G::B, margin: i32, lo: i32, hi: i32, empties: u32) -> i32 {
        self.worker.nodes += 1;
        if self.worker.stopped() {
            return 0;
        }
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return 0;
            }
            return 1 + self.length(o, p, -margin, lo - 1, hi - 1, empties);
        }
        let (mut lo, mut hi) = (lo, hi);
        let memo = empties >= MEMO_MIN;
        if memo {
            if let Some(&(lower, upper)) = self.memo.get(&(p.to_u128(), o.to_u128())) {
                if lower >= hi || lower == upper {
                    return lower;
                }
                if upper <= lo {
                    return upper;
                }
                // Bounds kept outside the window, so that a length equal
                // to one of them is still found exactly.
                lo = lo.max(lower - 1);
                hi = hi.min(upper.saturating_add(1));
            }
        }
        let (window_lo, window_hi) = (lo, hi);
        let winner = margin > 0;
        let first = self.first_of(p, o, legal);
        // The winner's shortest so far, or the loser's longest.
        let mut best = if winner { i32::MAX } else { -1 };
        'moves: for part in [first, legal & !first] {
            for x in Squares(part) {
                let f = flips::<G>(x, p, o);
                let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(x));
                // The child's value is at least -margin; above it the move
                // loses some of the margin and is not played.
                if self.worker.nws(cp, co, -margin, empties - 1) > -margin {
                    continue;
                }
                if self.worker.aborted {
                    return 0;
                }
                if winner {
                    let bar = best.min(hi);
                    let l = 1 + self.length(cp, co, -margin, lo - 1, bar - 1, empties - 1);
                    best = best.min(l);
                    if best <= lo {
                        break 'moves;
                    }
                } else {
                    let bar = best.max(lo);
                    let l = 1 + self.length(cp, co, -margin, bar - 1, hi - 1, empties - 1);
                    best = best.max(l);
                    if best >= hi {
                        break 'moves;
                    }
                }
                if self.worker.aborted {
                    return 0;
                }
            }
        }
        if memo && !self.worker.aborted {
            let (lower, upper) = if best <= window_lo {
                (0, best)
            } else if best >= window_hi {
                (best, i32::MAX)
            } else {
                (best, best)
            };
            let entry = self
                .memo
                .entry((p.to_u128(), o.to_u128()))
                .or_insert((0, i32::MAX));
            *entry = (entry.0.max(lower), entry.1.min(upper));
        }
        best
    }
}
