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
//!
//! Below the root a position's margin is known only to be at least the
//! one it must keep (its parent's margin, negated, bounds it), and the
//! search values it so: its length when the margin is exactly that, else
//! a value beyond every length on the side that rules the move out at
//! the parent. A move is thus never proved to keep the margin when a
//! bound on its length settles the parent anyway (FFO #40, every move's
//! lengths: 8.1 M nodes proving each move's margin first, 6.6 M; #41:
//! 67 M and 46 M).

use std::collections::HashMap;

use crate::bitboard::{Bits, Squares};
use crate::margin::final_margin;
use crate::movegen::{flips, moves};

use super::table::NO_MOVE;
use super::{ExactGeometry, Worker};

/// Bounds on a position's game length, `(lower, upper)`.
type Bounds = (i32, i32);

/// The generalised length of a position whose margin beats a negative
/// bound: its side escapes the loss it was held to, above every length.
const ESCAPES: i32 = 1 << 20;
/// The generalised length of a position whose margin beats a positive
/// bound: below every length.
const EXCEEDS: i32 = -(1 << 20);

/// One ply more: a length one longer, the two sentinels as they are.
fn plus_one(length: i32) -> i32 {
    if length == ESCAPES || length == EXCEEDS {
        length
    } else {
        length + 1
    }
}

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
    bounds: HashMap<(u128, u128, i32), Bounds>,
}

impl LengthTable {
    pub(super) fn clear(&mut self) {
        self.bounds.clear();
    }

    /// Takes in the lengths another thread proved (each holds for good).
    pub(super) fn absorb(&mut self, other: LengthTable) {
        if self.bounds.len() + other.bounds.len() > MEMO_CAP {
            self.bounds.clear();
        }
        self.bounds.extend(other.bounds);
    }
}

/// The length search: the solver's worker for the margins, and the
/// lengths proved so far.
pub(super) struct LengthSearch<'w, 'a, G> {
    worker: &'w mut Worker<'a, G>,
    memo: &'w mut HashMap<(u128, u128, i32), Bounds>,
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

    /// The generalised length of (`p`, `o`) in `(lo, hi)`, else a bound on
    /// the side it fell (fail-soft), where `margin` (not 0) is a known
    /// lower bound of the position's margin for `p`: its game length when
    /// the margin is exactly `margin`, else the value that makes the move
    /// into it lose to the margin-keeping moves at the parent ([`ESCAPES`]
    /// above every length when `margin` is negative, [`EXCEEDS`] below
    /// every length when it is positive).
    ///
    /// Why not first prove the margin exact: a move whose length only has
    /// to be refuted (a bound suffices) then never needs its proof that
    /// every reply keeps the margin, the costliest of the null-window
    /// tests; the minimax over this value asks only for what it needs.
    fn length(&mut self, p: G::B, o: G::B, margin: i32, lo: i32, hi: i32, empties: u32) -> i32 {
        self.worker.nodes += 1;
        if self.worker.stopped() {
            return 0;
        }
        // The value of this position when its margin beats `margin`.
        let beyond = if margin > 0 { EXCEEDS } else { ESCAPES };
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return if final_margin::<G>(p, o) > margin {
                    beyond
                } else {
                    0
                };
            }
            // Passing: the opponent's margin is at most -margin; below it
            // this position beats `margin`.
            if self.worker.nws(o, p, -margin - 1, empties) < -margin {
                return beyond;
            }
            if self.worker.aborted {
                return 0;
            }
            return plus_one(self.length(o, p, -margin, lo - 1, hi - 1, empties));
        }
        let (mut lo, mut hi) = (lo, hi);
        let memo = empties >= MEMO_MIN;
        let key = (p.to_u128(), o.to_u128(), margin);
        if memo {
            if let Some(&(lower, upper)) = self.memo.get(&key) {
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
        let mut best = if winner { ESCAPES } else { EXCEEDS };
        'moves: for part in [first, legal & !first] {
            for x in Squares(part) {
                let f = flips::<G>(x, p, o);
                let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(x));
                // The child's margin is at least -margin' for this
                // position's true margin' >= margin; below -margin the
                // move beats `margin`, and so does this position.
                let probe = self.worker.nws(cp, co, -margin - 1, empties - 1);
                if self.worker.aborted {
                    return 0;
                }
                let l = if probe < -margin {
                    beyond
                } else if probe > -margin {
                    // Fail-soft: the move loses some of the margin.
                    continue;
                } else if winner {
                    let bar = best.min(hi);
                    plus_one(self.length(cp, co, -margin, lo - 1, bar - 1, empties - 1))
                } else {
                    let bar = best.max(lo);
                    plus_one(self.length(cp, co, -margin, bar - 1, hi - 1, empties - 1))
                };
                if self.worker.aborted {
                    return 0;
                }
                if winner {
                    best = best.min(l);
                    if best <= lo {
                        break 'moves;
                    }
                } else {
                    best = best.max(l);
                    if best >= hi {
                        break 'moves;
                    }
                }
            }
        }
        if memo && !self.worker.aborted {
            let (lower, upper) = if best <= window_lo {
                (EXCEEDS, best)
            } else if best >= window_hi {
                (best, ESCAPES)
            } else {
                (best, best)
            };
            let entry = self.memo.entry(key).or_insert((EXCEEDS, ESCAPES));
            *entry = (entry.0.max(lower), entry.1.min(upper));
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use ply_engine::Deadline;

    use super::*;
    use crate::bitboard::{Geometry, Size4, Size6};
    use crate::exact::table::Table;
    use crate::game::Othello;

    /// Plain minimax of the margin, then of the length over the moves
    /// that keep it (the winner shortest, the loser longest).
    fn reference<G: Geometry>(p: G::B, o: G::B) -> (i32, i32) {
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return (final_margin::<G>(p, o), 0);
            }
            let (m, l) = reference::<G>(o, p);
            return (-m, l + 1);
        }
        let children: Vec<(i32, i32)> = Squares(legal)
            .map(|x| {
                let f = flips::<G>(x, p, o);
                let (m, l) = reference::<G>(o ^ f, p ^ f ^ G::B::bit(x));
                (-m, l + 1)
            })
            .collect();
        let margin = children.iter().map(|c| c.0).max().unwrap_or(0);
        let kept = children.iter().filter(|c| c.0 == margin).map(|c| c.1);
        let length = if margin > 0 { kept.min() } else { kept.max() };
        (margin, length.unwrap_or(0))
    }

    /// The search's value of every position with at most `empties`
    /// empties in random games on `G`, asked with its true margin (its
    /// length) and with lower bounds below it (the sentinel that rules it
    /// out), on every kind of position: those whose side must pass
    /// included, since a pass tests its margin its own way.
    fn generalised_lengths_agree_on<G: ExactGeometry>(empties: u32, games: usize) {
        let mut rng = StdRng::seed_from_u64(u64::from(empties) * 31 + G::SIZE as u64);
        let table = Table::new::<G::B>(1);
        let stop = AtomicBool::new(false);
        let mut lengths = LengthTable::default();
        let mut passes = 0;
        for _ in 0..games {
            let (mut p, mut o) = Othello::<G>::new().player_opponent();
            loop {
                let legal = moves::<G>(p, o);
                if legal.is_empty() && moves::<G>(o, p).is_empty() {
                    break;
                }
                let e = (!(p | o) & G::FULL).count();
                if e <= empties {
                    passes += usize::from(legal.is_empty());
                    let (margin, length) = reference::<G>(p, o);
                    for bound in [margin, margin - 2, margin - 6] {
                        if bound == 0 || bound < -(G::CELLS as i32) {
                            continue;
                        }
                        let expected = match (bound == margin, bound > 0) {
                            (true, _) => length,
                            (false, true) => EXCEEDS,
                            (false, false) => ESCAPES,
                        };
                        let mut worker = Worker::<G>::new(&table, &stop, Deadline::none());
                        let mut search = LengthSearch::new(&mut worker, &mut lengths);
                        let found = search.length(p, o, bound, EXCEEDS - 1, ESCAPES + 1, e);
                        assert_eq!(
                            found,
                            expected,
                            "{:#x} {:#x}: margin {margin}, bound {bound}",
                            p.to_u128(),
                            o.to_u128()
                        );
                    }
                }
                if legal.is_empty() {
                    (p, o) = (o, p);
                    continue;
                }
                let all: Vec<u32> = Squares(legal).collect();
                let x = all[rng.gen_range(0..all.len())];
                let f = flips::<G>(x, p, o);
                (p, o) = (o ^ f, p ^ f ^ G::B::bit(x));
            }
        }
        assert!(passes > 0, "no position to pass in: the test misses a case");
    }

    #[test]
    fn generalised_lengths_agree_with_minimax() {
        generalised_lengths_agree_on::<Size4>(8, 200);
        generalised_lengths_agree_on::<Size6>(9, 100);
    }
}
