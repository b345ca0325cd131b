//! The older, all-sizes exact endgame solver (on `Bits`, so it runs on
//! 10x10 too, whose sets need 128 bits; on 4x4, 6x6 and 8x8 analysis and
//! play use the fast solver, `crate::exact`, and this one stays as 10x10's
//! solver and as the tests' reference): alpha-beta with principal-variation null
//! windows on raw bitboards, a transposition table for the upper levels,
//! fastest-first (fewest replies) ordering, and parity ordering with no
//! move list near the leaves.
//!
//! Two scorings share the code (`LENGTH`): the final margin alone (for
//! play, fastest), and the margin refined by the game's length (the winner
//! ends fastest, the loser holds out longest) for the exact values that
//! 10x10 analysis reports with remoteness.
//!
//! A solve can be stopped: the solver polls a [`Deadline`] every
//! [`POLL_NODES`] positions (time budget or Ctrl-C) and then unwinds without
//! storing anything, so an aborted solve never leaves a wrong bound in the
//! table; callers ask [`Solver::aborted`] before trusting a score.

use ply_engine::{Deadline, TranspositionTable};

use crate::bitboard::{Bits, Geometry, Squares};
use crate::margin::final_margin;
use crate::movegen::{flips, moves, neighbours};
use crate::stability::stable_discs;

/// Scores are `margin * SCALE - sign(margin) * plies_to_end` in the
/// length-aware scoring; `SCALE` exceeds twice the longest game.
pub const SCALE: i32 = 256;
/// Above every score of a [`Solver`]: the full window is
/// `-INFINITY..INFINITY`.
pub const INFINITY: i32 = 1 << 24;

/// Below this many empties no table and no move list: parity order.
const SHALLOW: u32 = 5;
/// Stability is worth computing only when alpha is this high.
const STABILITY_ALPHA: i32 = 8;
/// Above this many empties children are probed before the search.
const ETC_MIN: u32 = 12;
/// From this many empties the table is used.
const TABLE_MIN: u32 = 7;
/// Positions between two looks at the deadline (a power of two): often
/// enough to stop within a millisecond, rarely enough to cost nothing.
pub const POLL_NODES: u64 = 4096;

#[derive(Clone, Copy, Debug)]
struct Bounds {
    lower: i32,
    upper: i32,
    best: u8,
}

const NO_MOVE: u8 = u8::MAX;

/// Exact solver for one board size. Table entries are stored relative to
/// their own position, so they stay valid from one search to the next.
pub struct Solver<G: Geometry, const LENGTH: bool> {
    table: TranspositionTable<(G::B, G::B), Bounds>,
    nodes: u64,
    buffers: Vec<Vec<(u32, G::B, i32)>>,
    deadline: Deadline,
    next_poll: u64,
    aborted: bool,
}

impl<G: Geometry, const LENGTH: bool> Solver<G, LENGTH> {
    /// A solver whose table uses about `megabytes` MiB.
    pub fn new(megabytes: usize) -> Self {
        Solver {
            table: TranspositionTable::with_megabytes(megabytes.max(1)),
            nodes: 0,
            buffers: Vec::new(),
            deadline: Deadline::none(),
            next_poll: 0,
            aborted: false,
        }
    }

    /// When the next solves must stop (by default only an interrupt stops
    /// them). Clears an earlier abort.
    pub fn set_deadline(&mut self, deadline: Deadline) {
        self.deadline = deadline;
        self.aborted = false;
    }

    /// True when the last solve was stopped by the deadline: its score
    /// means nothing.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Positions visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The transposition table's use so far.
    pub fn stats(&self) -> ply_engine::TableStats {
        self.table.stats()
    }

    /// The exact score of (`p` to move, `o`) within `(alpha, beta)`
    /// (fail-soft): the margin, or with `LENGTH` the margin and length.
    pub fn solve(&mut self, p: G::B, o: G::B, alpha: i32, beta: i32) -> i32 {
        self.search(p, o, alpha, beta, 0)
    }

    /// The exact score and a best move (`None` for a pass, a finished game
    /// or an aborted solve).
    pub fn best_move(&mut self, p: G::B, o: G::B) -> (i32, Option<u32>) {
        let score = self.search(p, o, -INFINITY, INFINITY, 0);
        if self.aborted {
            return (score, None);
        }
        let best = self
            .table
            .probe(crate::bitboard::hash_pair(p, o), (p, o))
            .map(|b| b.best)
            .filter(|&b| b != NO_MOVE)
            .map(u32::from);
        let legal = moves::<G>(p, o);
        match best {
            Some(square) if legal.has(square) => (score, Some(square)),
            _ => {
                // Shallow positions are not stored: find the move again.
                let mut found = None;
                for square in Squares(legal) {
                    let f = flips::<G>(square, p, o);
                    let child =
                        -self.search(o ^ f, p | f | G::B::bit(square), -INFINITY, INFINITY, 1);
                    if self.aborted {
                        return (score, None);
                    }
                    if child == score {
                        found = Some(square);
                        break;
                    }
                }
                (score, found)
            }
        }
    }

    #[inline]
    fn terminal(p: G::B, o: G::B, ply: u32) -> i32 {
        let margin = final_margin::<G>(p, o);
        if LENGTH {
            margin * SCALE - margin.signum() * ply as i32
        } else {
            margin
        }
    }

    /// Root-relative score to one relative to a node `ply` deep.
    #[inline]
    fn to_node(score: i32, ply: u32) -> i32 {
        if LENGTH && score.abs() < INFINITY {
            score + score.signum() * ply as i32
        } else {
            score
        }
    }

    #[inline]
    fn to_root(score: i32, ply: u32) -> i32 {
        if LENGTH && score.abs() < INFINITY {
            score - score.signum() * ply as i32
        } else {
            score
        }
    }

    /// True once the deadline has passed (looked at every `POLL_NODES`).
    #[inline]
    fn stopped(&mut self) -> bool {
        if !self.aborted && self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_NODES;
            self.aborted = self.deadline.expired();
        }
        self.aborted
    }

    fn search(&mut self, p: G::B, o: G::B, alpha: i32, beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        if self.stopped() {
            return 0;
        }
        let empty = !(p | o) & G::FULL;
        let empties = empty.count();
        if empties == 0 {
            return Self::terminal(p, o, ply);
        }
        if empties <= SHALLOW {
            return self.shallow(p, o, empty, alpha, beta, ply);
        }
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return Self::terminal(p, o, ply);
            }
            return -self.search(o, p, -beta, -alpha, ply + 1);
        }
        // The opponent's stable discs cap the margin: cut off when even
        // that cap does not reach alpha.
        if !LENGTH && alpha >= STABILITY_ALPHA {
            let cap = G::CELLS as i32 - 2 * stable_discs::<G>(o, p).count() as i32;
            if cap <= alpha {
                return cap;
            }
        }

        let (mut alpha, mut beta) = (alpha, beta);
        let original_alpha = alpha;
        let hash = crate::bitboard::hash_pair(p, o);
        let mut hint = NO_MOVE;
        if empties >= TABLE_MIN {
            if let Some(bounds) = self.table.probe(hash, (p, o)) {
                let lower = Self::to_root(bounds.lower, ply);
                let upper = Self::to_root(bounds.upper, ply);
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                hint = bounds.best;
            }
        }

        let depth = ply as usize;
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.buffers[depth]);
        list.clear();
        for square in Squares(legal) {
            let f = flips::<G>(square, p, o);
            let key = if square == hint as u32 {
                i32::MIN
            } else {
                let np = p | f | G::B::bit(square);
                let no = o ^ f;
                let child_empty = empty ^ G::B::bit(square);
                let replies = moves::<G>(no, np).count() as i32;
                let exposure = (neighbours::<G>(np) & child_empty).count() as i32;
                let corner = if G::CORNERS.has(square) { -8 } else { 0 };
                replies * 16 + exposure * 2 + corner
            };
            list.push((square, f, key));
        }
        list.sort_unstable_by_key(|m| m.2);

        // Enhanced transposition cutoff: a child already known to refute
        // this node ends the search before any move is tried.
        if empties > ETC_MIN {
            for &(square, f, _) in list.iter() {
                let (cp, co) = (o ^ f, p | f | G::B::bit(square));
                let child_hash = crate::bitboard::hash_pair(cp, co);
                if let Some(bounds) = self.table.probe(child_hash, (cp, co)) {
                    let score = -Self::to_root(bounds.upper, ply + 1);
                    if score >= beta {
                        self.buffers[depth] = list;
                        return score;
                    }
                }
            }
        }

        let mut best = -INFINITY;
        let mut best_square = NO_MOVE;
        for (i, &(square, f, _)) in list.iter().enumerate() {
            let (cp, co) = (o ^ f, p | f | G::B::bit(square));
            let score = if i == 0 {
                -self.search(cp, co, -beta, -alpha, ply + 1)
            } else {
                let probe = -self.search(cp, co, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta {
                    -self.search(cp, co, -beta, -probe, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                self.buffers[depth] = list;
                return 0;
            }
            if score > best {
                best = score;
                best_square = square as u8;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[depth] = list;

        if empties >= TABLE_MIN {
            let bounds = if best <= original_alpha {
                Bounds {
                    lower: -INFINITY,
                    upper: Self::to_node(best, ply),
                    best: best_square,
                }
            } else if best >= beta {
                Bounds {
                    lower: Self::to_node(best, ply),
                    upper: INFINITY,
                    best: best_square,
                }
            } else {
                let exact = Self::to_node(best, ply);
                Bounds {
                    lower: exact,
                    upper: exact,
                    best: best_square,
                }
            };
            self.table.store(hash, (p, o), empties, bounds);
        }
        best
    }

    /// Few empties: try the empty squares directly, those in quadrants with
    /// an odd number of empties first (the last move there tends to be ours).
    fn shallow(&mut self, p: G::B, o: G::B, empty: G::B, alpha: i32, beta: i32, ply: u32) -> i32 {
        let mut alpha = alpha;
        let mut best = -INFINITY;
        let mut odd = G::B::ZERO;
        for &quadrant in G::quadrants() {
            if (quadrant & empty).count() % 2 == 1 {
                odd |= quadrant;
            }
        }
        let mut moved = false;
        for part in [empty & odd, empty & !odd] {
            for square in Squares(part) {
                let f = flips::<G>(square, p, o);
                if f.is_empty() {
                    continue;
                }
                moved = true;
                self.nodes += 1;
                let (cp, co) = (o ^ f, p | f | G::B::bit(square));
                let child_empty = empty ^ G::B::bit(square);
                let score = if child_empty.is_empty() {
                    -Self::terminal(cp, co, ply + 1)
                } else {
                    -self.shallow(cp, co, child_empty, -beta, -alpha, ply + 1)
                };
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if moved {
            return best;
        }
        // No move: pass if the opponent has one, else the game is over.
        if moves::<G>(o, p).is_empty() {
            Self::terminal(p, o, ply)
        } else {
            -self.shallow(o, p, empty, -beta, -alpha, ply + 1)
        }
    }
}

/// Splits a length-aware score into (margin, plies to the end).
pub fn split_score(score: i32) -> (i32, u32) {
    let margin = (score + score.signum() * SCALE / 2) / SCALE;
    (margin, (margin * SCALE - score).unsigned_abs())
}

/// The exact final margin of a game position for the side to move (by the
/// fast [`ExactSolver`](crate::ExactSolver) on every board it runs on).
pub fn solve_margin<G: Geometry>(game: &crate::game::Othello<G>, megabytes: usize) -> i32 {
    let (p, o) = game.player_opponent();
    if let Some(solved) = crate::exact::ExactSolver::new(megabytes).solve_sized::<G>(p, o) {
        return solved.score;
    }
    Solver::<G, false>::new(megabytes).solve(p, o, -INFINITY, INFINITY)
}
