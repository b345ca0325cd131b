//! The midgame search: principal-variation alpha-beta with iterative
//! deepening, a transposition table, move ordering and an optional
//! deadline; positions at the horizon are scored by `eval::evaluate`.
//!
//! Finished games score beyond every evaluation (`WIN_SCORE` plus the
//! margin), so a root score beyond [`WIN_SCORE`] is a proof, not an
//! estimate: the evaluation is clamped well below it, and a minimax value
//! that high can only come from a tree in which every line the loser can
//! choose ends the game lost within the horizon (see [`proven_margin_sign`]).

use std::time::Instant;

use ply_engine::bound::Bound;
use ply_engine::{Deadline, TranspositionTable};

use crate::bitboard::{hash_pair, Bits, Geometry, Squares};
use crate::endgame::final_margin;
use crate::eval::{evaluate, reply_count, DISC};
use crate::movegen::{flips, moves};

/// Scores of finished games lie beyond every evaluation: a won ending is
/// worth more than any advantage.
pub const WIN_SCORE: i32 = 20_000;
const INFINITY: i32 = 1 << 20;

#[derive(Clone, Copy, Debug)]
struct Entry {
    score: i32,
    bound: Bound,
    depth: u8,
    best: u8,
}

const NO_MOVE: u8 = u8::MAX;

/// The outcome of a search from the root.
#[derive(Clone, Debug)]
pub struct Found {
    /// Score of the best move for the side to move.
    pub score: i32,
    /// The best move, `None` when the side to move must pass.
    pub best: Option<u32>,
    /// Every root move with its score from the deepest finished iteration,
    /// best first.
    pub moves: Vec<(u32, i32)>,
    /// The deepest iteration finished.
    pub depth: u32,
}

/// Search state for one board size; the table persists between moves.
pub struct Search<G: Geometry> {
    table: TranspositionTable<(G::B, G::B), Entry>,
    nodes: u64,
    deadline: Deadline,
    aborted: bool,
}

/// The score of a finished game.
pub fn terminal_score<G: Geometry>(p: G::B, o: G::B) -> i32 {
    let margin = final_margin::<G>(p, o);
    margin * DISC + margin.signum() * WIN_SCORE
}

/// `Some(1)` when a search score proves a win, `Some(-1)` a loss, `None`
/// when it is an estimate. Only the outcome is proved: the margin of a
/// proved win is at least the one the score shows, the true one may be
/// larger, which only an exact solve can tell.
pub fn proven_margin_sign(score: i32) -> Option<i32> {
    if score > WIN_SCORE {
        Some(1)
    } else if score < -WIN_SCORE {
        Some(-1)
    } else {
        None
    }
}

impl<G: Geometry> Search<G> {
    pub fn new(megabytes: usize) -> Self {
        Search {
            table: TranspositionTable::with_megabytes(megabytes.max(1)),
            nodes: 0,
            deadline: Deadline::none(),
            aborted: false,
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn stats(&self) -> ply_engine::TableStats {
        self.table.stats()
    }

    /// Iterative deepening to `max_depth` plies, stopping early when
    /// `deadline` expires (the last finished iteration counts; `depth` 0
    /// and scores of 0 when not even the first one finished). With
    /// `all_moves` every root move gets an exact score in the window, not
    /// just a bound.
    pub fn think(
        &mut self,
        p: G::B,
        o: G::B,
        max_depth: u32,
        deadline: Deadline,
        all_moves: bool,
    ) -> Found {
        self.deadline = deadline;
        self.aborted = false;
        let start = Instant::now();
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return Found {
                    score: terminal_score::<G>(p, o),
                    best: None,
                    moves: Vec::new(),
                    depth: max_depth,
                };
            }
            // The pass is forced: the opponent's search from the same board.
            let reply = self.think(o, p, max_depth, deadline, false);
            return Found {
                score: -reply.score,
                best: None,
                moves: Vec::new(),
                depth: reply.depth,
            };
        }
        let mut order: Vec<(u32, i32)> = Squares(legal).map(|s| (s, 0)).collect();
        let mut finished: Option<Vec<(u32, i32)>> = None;
        let mut reached = 0;
        let empties = (!(p | o) & G::FULL).count();
        for depth in 1..=max_depth.max(1) {
            let mut scored = Vec::with_capacity(order.len());
            let mut alpha = -INFINITY;
            for (i, &(square, _)) in order.iter().enumerate() {
                let f = flips::<G>(square, p, o);
                let (cp, co) = (o ^ f, p | f | G::B::bit(square));
                let score = if i == 0 || all_moves {
                    -self.pvs(cp, co, depth - 1, -INFINITY, INFINITY)
                } else {
                    let probe = -self.pvs(cp, co, depth - 1, -alpha - 1, -alpha);
                    if probe > alpha {
                        -self.pvs(cp, co, depth - 1, -INFINITY, -alpha)
                    } else {
                        probe
                    }
                };
                if self.aborted {
                    break;
                }
                alpha = alpha.max(score);
                scored.push((square, score));
            }
            if self.aborted {
                break;
            }
            scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            order = scored.clone();
            finished = Some(scored);
            reached = depth;
            if depth >= empties {
                // Every line reached the end of the game: the scores are final.
                break;
            }
            if let Some(left) = deadline.remaining() {
                // An iteration costs several times the previous one: do not
                // start one that cannot finish.
                if left.is_zero() || start.elapsed() * 2 > left {
                    break;
                }
            }
        }
        let moves = finished.unwrap_or(order);
        Found {
            score: moves[0].1,
            best: Some(moves[0].0),
            moves,
            depth: reached,
        }
    }

    /// True once the deadline has passed (looked at every 1024 nodes).
    fn out_of_time(&mut self) -> bool {
        if self.nodes & 1023 == 0 && self.deadline.expired() {
            self.aborted = true;
        }
        self.aborted
    }

    fn pvs(&mut self, p: G::B, o: G::B, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return terminal_score::<G>(p, o);
            }
            // A pass costs no depth: the opponent has a move, so this ends.
            return -self.pvs(o, p, depth, -beta, -alpha);
        }
        if depth == 0 {
            return evaluate::<G>(p, o);
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let original_alpha = alpha;
        let hash = hash_pair(p, o);
        let mut hint = NO_MOVE;
        if let Some(entry) = self.table.probe(hash, (p, o)) {
            if entry.depth as u32 >= depth {
                match entry.bound {
                    Bound::Exact => return entry.score,
                    Bound::Lower => alpha = alpha.max(entry.score),
                    Bound::Upper => beta = beta.min(entry.score),
                }
                if alpha >= beta {
                    return entry.score;
                }
            }
            hint = entry.best;
        }

        let mut list: [(u32, G::B, i32); 64] = [(0, G::B::ZERO, 0); 64];
        let mut count = 0;
        for square in Squares(legal) {
            if count == list.len() {
                break;
            }
            let f = flips::<G>(square, p, o);
            let key = if square == hint as u32 {
                i32::MIN
            } else if depth >= 3 {
                evaluate::<G>(o ^ f, p | f | G::B::bit(square))
            } else {
                let corner = if G::CORNERS.has(square) { -40 } else { 0 };
                reply_count::<G>(square, p, o, f) as i32 * 8 + corner
            };
            list[count] = (square, f, key);
            count += 1;
        }
        let list = &mut list[..count];
        list.sort_unstable_by_key(|m| m.2);

        let mut best = -INFINITY;
        let mut best_square = NO_MOVE;
        for (i, &(square, f, _)) in list.iter().enumerate() {
            let (cp, co) = (o ^ f, p | f | G::B::bit(square));
            let score = if i == 0 {
                -self.pvs(cp, co, depth - 1, -beta, -alpha)
            } else {
                let probe = -self.pvs(cp, co, depth - 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.pvs(cp, co, depth - 1, -beta, -probe)
                } else {
                    probe
                }
            };
            if self.aborted {
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
        let bound = Bound::of(best, original_alpha, beta);
        self.table.store(
            hash,
            (p, o),
            depth,
            Entry {
                score: best,
                bound,
                depth: depth.min(255) as u8,
                best: best_square,
            },
        );
        best
    }
}
