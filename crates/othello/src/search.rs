//! The midgame search: principal-variation alpha-beta with iterative
//! deepening, a transposition table, move ordering and an optional
//! deadline; positions at the horizon are scored by `eval::evaluate`.
//!
//! Finished games score beyond every evaluation (`WIN_SCORE` plus the
//! margin), so a root score beyond [`WIN_SCORE`] is a proof, not an
//! estimate: the evaluation is clamped well below it, and a minimax value
//! that high can only come from a tree in which every line the loser can
//! choose ends the game lost within the horizon (see [`proven_margin_sign`]).
//!
//! The search also knows when a score is no estimate at all: it counts the
//! evaluations it makes at the horizon (and the table entries it trusts
//! that came from such evaluations). A root move whose search made none
//! was searched to the end of every line, so its score is the exact final
//! margin ([`Found::exact`]); table entries keep that mark.

use std::time::Instant;

use ply_engine::Bound;
use ply_engine::{Deadline, TranspositionTable};

use crate::bitboard::{hash_pair, Bits, Geometry, Squares};
use crate::eval::{evaluate, reply_count, DISC};
use crate::margin::final_margin;
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
    /// No horizon evaluation went into the score: it is a game result.
    exact: bool,
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
    /// The root moves (and, for a forced pass, the score) whose scores are
    /// exact game results: every line below them reached the end.
    pub exact: Vec<Option<u32>>,
}

impl Found {
    /// The exact final margin a move's score stands for, if it is exact
    /// (`None` for the pass).
    pub fn exact_margin(&self, square: Option<u32>) -> Option<i32> {
        if !self.exact.contains(&square) {
            return None;
        }
        let score = match square {
            None => self.score,
            Some(s) => self.moves.iter().find(|m| m.0 == s)?.1,
        };
        Some((score - score.signum() * WIN_SCORE) / DISC)
    }
}

/// Search state for one board size; the table persists between moves.
pub struct Search<G: Geometry> {
    table: TranspositionTable<(G::B, G::B), Entry>,
    nodes: u64,
    /// Horizon evaluations (and inexact table entries trusted) so far.
    horizon: u64,
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
    /// A search with a table of `megabytes`.
    pub fn new(megabytes: usize) -> Self {
        Search {
            table: TranspositionTable::with_megabytes(megabytes.max(1)),
            nodes: 0,
            horizon: 0,
            deadline: Deadline::none(),
            aborted: false,
        }
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The transposition table's use so far.
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
                    exact: vec![None],
                };
            }
            // The pass is forced: the opponent's search from the same board.
            let reply = self.think(o, p, max_depth, deadline, false);
            let exact = reply.exact.contains(&reply.best) && reply.best.is_some();
            return Found {
                score: -reply.score,
                best: None,
                moves: Vec::new(),
                depth: reply.depth,
                exact: if exact { vec![None] } else { Vec::new() },
            };
        }
        let mut order: Vec<(u32, i32)> = Squares(legal).map(|s| (s, 0)).collect();
        let mut finished: Option<Vec<(u32, i32, bool)>> = None;
        let mut reached = 0;
        let empties = (!(p | o) & G::FULL).count();
        for depth in 1..=max_depth.max(1) {
            let mut scored = Vec::with_capacity(order.len());
            let mut alpha = -INFINITY;
            for (i, &(square, _)) in order.iter().enumerate() {
                let f = flips::<G>(square, p, o);
                let (cp, co) = (o ^ f, p | f | G::B::bit(square));
                let horizon = self.horizon;
                let full_window = i == 0 || all_moves;
                let score = if full_window {
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
                scored.push((square, score, full_window && self.horizon == horizon));
            }
            if self.aborted {
                break;
            }
            scored.sort_by_key(|&(_, s, _)| std::cmp::Reverse(s));
            order = scored.iter().map(|&(m, s, _)| (m, s)).collect();
            let ended = scored.iter().all(|m| m.2);
            finished = Some(scored);
            reached = depth;
            if depth >= empties || (ended && all_moves) {
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
        let scored =
            finished.unwrap_or_else(|| order.iter().map(|&(m, s)| (m, s, false)).collect());
        Found {
            score: scored[0].1,
            best: Some(scored[0].0),
            moves: scored.iter().map(|&(m, s, _)| (m, s)).collect(),
            depth: reached,
            exact: scored.iter().filter(|m| m.2).map(|m| Some(m.0)).collect(),
        }
    }

    /// The line of the table's best moves from `p` to move against `o`, at
    /// most `plies` long (`None` for a pass), as far as the table knows a
    /// legal best move: the principal variation of the last search.
    pub fn principal_variation(&mut self, p: G::B, o: G::B, plies: u32) -> Vec<Option<u32>> {
        let (mut p, mut o) = (p, o);
        let mut line = Vec::new();
        while (line.len() as u32) < plies {
            let legal = moves::<G>(p, o);
            if legal.is_empty() {
                if moves::<G>(o, p).is_empty() {
                    break;
                }
                line.push(None);
                (p, o) = (o, p);
                continue;
            }
            let best = self.table.probe(hash_pair(p, o), (p, o)).map(|e| e.best);
            let Some(square) = best.map(u32::from).filter(|&s| legal.has(s)) else {
                break;
            };
            line.push(Some(square));
            let f = flips::<G>(square, p, o);
            (p, o) = (o ^ f, p | f | G::B::bit(square));
        }
        line
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
            self.horizon += 1;
            return evaluate::<G>(p, o);
        }
        let horizon = self.horizon;
        let (mut alpha, mut beta) = (alpha, beta);
        let original_alpha = alpha;
        let hash = hash_pair(p, o);
        let mut hint = NO_MOVE;
        if let Some(entry) = self.table.probe(hash, (p, o)) {
            // An exact entry is a game result, good for any depth.
            if entry.exact || entry.depth as u32 >= depth {
                if !entry.exact {
                    self.horizon += 1;
                }
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
                exact: self.horizon == horizon,
            },
        );
        best
    }
}
