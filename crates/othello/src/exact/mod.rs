//! The exact endgame solver, the one the FFO suite measures: the final
//! disc margin of a position under perfect play, on every board size (4x4,
//! 6x6 and 8x8 in a `u64`, 10x10 in a `u128`; `geometry.rs` holds what
//! differs between them, and each size gets its own monomorphised copy of
//! the search).
//!
//! How it saves work, from the root down:
//! - **Iterative selectivity** (`selectivity.rs`): an 8x8 position with
//!   at least 24 empties is solved first with ProbCut at two confidence
//!   levels, then exactly; the cheap selective passes fill the table with
//!   best moves, and their entries, marked with their level, never end an
//!   exact search early (FFO #45-#49, one thread: 43% fewer nodes).
//! - **Principal-variation search** (`Worker::pvs`): the first move gets
//!   the full window, every other move a null window that only asks "is
//!   it better?", and is searched again only when it is.
//! - **Null-window search with a table** (`Worker::nws`) above
//!   `last::SHALLOW` (7) empties: a lock-free transposition table
//!   (`table.rs`) keeps bounds and the best move of each position;
//!   enhanced transposition cutoffs look up every child before searching
//!   any; a stability cutoff stops where the opponent's stable discs cap
//!   the score at alpha; moves go fastest first (`order.rs`).
//! - **The last empties** (`last.rs`): parity order without a table, the
//!   last two to four squares as arguments, the last one counted instead
//!   of played.
//!
//! With more than one thread the principal variation is split (PV
//! splitting, the simplest form of young-brothers-wait): at every node of
//! the first line searched with at least `SPLIT_MIN` (14) empties, the first
//! move is searched alone (it sets the bar, and below it the same happens
//! one level down), then the threads share the other moves and the table;
//! each move is first tested against the best score so far and solved
//! exactly only when it beats it, and a move that refutes the node stops
//! its brothers. The score is the same with any number of threads (the
//! best move may differ between moves of equal score).
//!
//! Nodes are counted as Edax counts them, to compare with it: every
//! position searched with at least one empty square (those with one are
//! counted, not played), and every child scored to order moves.
//!
//! For analysis, [`ExactSolver::value_on`] solves a position by null
//! windows alone, each test's bound the next one's guess (below the
//! empties where the selective passes start; every move of a position is
//! solved so, with no window the root's score narrows), and adds the
//! game's length under perfect play to the margin (`length.rs`: a search
//! over the moves that keep the margin, which this solver's null windows
//! tell apart).

pub(crate) mod geometry;
mod last;
mod length;
mod order;
mod selectivity;
mod table;

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

use ply_engine::Deadline;

use crate::bitboard::{hash_pair, Bits, Geometry, Size8, Squares};
use crate::margin::final_margin;
use crate::movegen::{flips, moves};
use crate::symmetry::{transform, SYMMETRIES};

pub use geometry::ExactGeometry;

use last::{parity_of, solve_small, stability_cutoff, SHALLOW};
use length::{LengthSearch, LengthTable};
use selectivity::{probe_depth, thresholds, CUT_FROM, EXACT, ITERATE_FROM, LEVELS};
use table::{Entry, Table, NO_MOVE};

/// Above every score on the board `G` (65 on 8x8).
#[inline(always)]
const fn inf<G: Geometry>() -> i32 {
    G::CELLS as i32 + 1
}
/// Above every evaluation.
const INF_EVAL: i32 = 1 << 20;
/// Above this many empties children are looked up in the table first
/// (measured on FFO #40-#44: from 8 rather than 10 saves 2%).
const ETC_MIN: u32 = 8;
/// From this many empties, moves are ordered by a shallow search with the
/// trained evaluation as well as by mobility; one ply deeper every
/// `SORT_STEP` empties, at most `SORT_DEPTH_MAX` plies (measured on FFO
/// #40-#44: 387 M nodes without, 245 M with 11 / 3 / 3 and the
/// hand-weighted evaluation, 193 M with the trained one, which cuts
/// #46-#48 from 758 M to 452 M and their CPU time by 18%).
const SORT_MIN: u32 = 11;
const SORT_STEP: u32 = 3;
const SORT_DEPTH_MAX: u32 = 3;
/// The weight of the shallow search's estimate (hundredths of a disc)
/// against the mobility terms of [`order::move_value`].
const SORT_WEIGHT: i32 = 128;
/// With several threads, nodes of the principal variation with at least
/// this many empties share their later moves among the threads (below it a
/// move's subtree is too small to pay for starting threads).
const SPLIT_MIN: u32 = 14;
/// Positions between two looks at the deadline.
const POLL_NODES: u64 = 4096;
/// The root's first guess: a search this deep with the trained evaluation.
const GUESS_DEPTH: u32 = 6;
/// The root's first window: the guess plus or minus this many discs
/// (measured on FFO #40-#44, one thread: 244.6 M nodes from the full
/// window, 246.3 M with a window of the guess alone, 245.3 M with 2,
/// 243.0 M with 4, 240.2 M with 8: the guess is rarely close enough for
/// the narrow windows to pay for their re-searches).
const ASPIRATION: i32 = 8;

/// The result of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The exact final margin for the side to move (empties to the winner).
    pub score: i32,
    /// A best move (`None` when the side to move must pass or the game is
    /// over).
    pub best: Option<u32>,
    /// Positions searched, with every child scored for move ordering.
    pub nodes: u64,
    /// Of `nodes`, the children scored for move ordering by mobility or a
    /// static evaluation alone, which no search entered. Edax and Egaroucid
    /// count neither these nor their own: `nodes - scored` is their count.
    pub scored: u64,
}

/// A position's exact value for analysis: its margin and, when asked
/// for, the game's length under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactValue {
    /// The exact final margin for the side to move (empties to the winner).
    pub margin: i32,
    /// Plies to the end under perfect play, passes counted: the winner
    /// ends fastest, the loser holds out longest (`None` for a draw, or
    /// when not asked for).
    pub length: Option<u32>,
    /// A best move (`None` when the side to move must pass or the game is
    /// over).
    pub best: Option<u32>,
    /// Positions searched, with every child scored for move ordering.
    pub nodes: u64,
    /// Of `nodes`, the children scored for move ordering by mobility or a
    /// static evaluation alone, which no search entered. Edax and Egaroucid
    /// count neither these nor their own: `nodes - scored` is their count.
    pub scored: u64,
}

/// A position whose exact value an analysis wants
/// ([`ExactSolver::values_on`]).
#[derive(Clone, Copy, Debug)]
pub struct ValueRequest<B> {
    /// The side to move's discs.
    pub p: B,
    /// The opponent's discs.
    pub o: B,
    /// A known lower bound of the margin, which narrows the window.
    pub floor: Option<i32>,
    /// Whether the game's length is wanted too.
    pub with_length: bool,
}

/// The solver: its table persists from one solve to the next.
pub struct ExactSolver {
    table: Table,
    megabytes: usize,
    threads: usize,
    aspiration: bool,
    deadline: Deadline,
    aborted: bool,
    /// The side of the board the table's entries are for (0: none yet):
    /// the same pair of sets is a different position on another size.
    table_size: u32,
    /// The game lengths proved so far (for the same board as the table).
    lengths: LengthTable,
}

impl ExactSolver {
    /// A one-thread solver whose table uses about `megabytes` MiB.
    pub fn new(megabytes: usize) -> Self {
        ExactSolver {
            table: Table::new::<u64>(megabytes),
            megabytes,
            threads: 1,
            aspiration: true,
            deadline: Deadline::none(),
            aborted: false,
            table_size: 0,
            lengths: LengthTable::default(),
        }
    }

    /// Solves with `threads` threads (at least one).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Whether the root first searches a narrow window around a guess
    /// from a shallow midgame search (on by default), widening it only
    /// when the score falls outside.
    pub fn with_aspiration(mut self, aspiration: bool) -> Self {
        self.aspiration = aspiration;
        self
    }

    /// When solves must stop (by default only an interrupt stops them).
    pub fn set_deadline(&mut self, deadline: Deadline) {
        self.deadline = deadline;
    }

    /// True when the last solve stopped at the deadline: its result
    /// means nothing.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Forgets what earlier solves stored (to measure one solve alone).
    pub fn clear(&mut self) {
        self.table.clear();
        self.lengths.clear();
    }

    /// The exact score of `p` to move against `o` on the 8x8 board, and a
    /// best move.
    pub fn solve(&mut self, p: u64, o: u64) -> Solved {
        self.solve_on::<Size8>(p, o)
    }

    /// Makes the table hold `G`'s positions: emptied when its entries are
    /// for another board size, made again when its sets are of another
    /// width.
    fn table_for<G: ExactGeometry>(&mut self) {
        if self.table_size != G::SIZE {
            if !self.table.holds::<G::B>() {
                // The old table goes first: never both in memory.
                self.table = Table::new::<G::B>(0);
                self.table = Table::new::<G::B>(self.megabytes);
            } else if self.table_size != 0 {
                self.table.clear();
            }
            self.lengths.clear();
            self.table_size = G::SIZE;
        }
    }

    /// The exact value of `p` to move against `o` on the board `G`: the
    /// margin, a best move and, `with_length`, the game's length. `floor`
    /// is a known lower bound of the margin (a root move's position,
    /// after the root was solved: it is worth at least minus the root's
    /// score), which narrows the window. Meaningless when
    /// [`ExactSolver::aborted`].
    pub fn value_on<G: ExactGeometry>(
        &mut self,
        p: G::B,
        o: G::B,
        floor: Option<i32>,
        with_length: bool,
    ) -> ExactValue {
        self.table_for::<G>();
        let stop = AtomicBool::new(false);
        let mut main = Worker::<G>::new(&self.table, &stop, self.deadline);
        main.threads = self.threads;
        let value = main.value(&mut self.lengths, self.aspiration, p, o, floor, with_length);
        self.aborted = main.aborted || stop.load(Ordering::Relaxed);
        value
    }

    /// The exact values of several positions (an analysis's root moves),
    /// as [`ExactSolver::value_on`] gives each, in the order asked; `None`
    /// for those the deadline left unsolved ([`ExactSolver::aborted`] then
    /// says so). With several threads each takes the next position and
    /// solves it alone, the table shared: the positions are independent,
    /// so this splits the work better than the principal-variation split
    /// of one solve (a lone position still gets every thread that way).
    pub fn values_on<G: ExactGeometry>(
        &mut self,
        requests: &[ValueRequest<G::B>],
    ) -> Vec<Option<ExactValue>> {
        let threads = self.threads.min(requests.len());
        if threads <= 1 {
            let mut values = Vec::with_capacity(requests.len());
            for r in requests {
                let value = self.value_on::<G>(r.p, r.o, r.floor, r.with_length);
                if self.aborted {
                    break;
                }
                values.push(Some(value));
            }
            values.resize(requests.len(), None);
            return values;
        }
        self.table_for::<G>();
        let stop = AtomicBool::new(false);
        let next = AtomicUsize::new(0);
        let (table, deadline, aspiration) = (&self.table, self.deadline, self.aspiration);
        // Each thread keeps the lengths it proves; the first starts from
        // the solver's, and all of them are its afterwards.
        let mut tables: Vec<LengthTable> = (0..threads).map(|_| LengthTable::default()).collect();
        tables[0] = std::mem::take(&mut self.lengths);
        let solved: Vec<Vec<(usize, ExactValue)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = tables
                .iter_mut()
                .map(|lengths| {
                    let (stop, next) = (&stop, &next);
                    scope.spawn(move || {
                        let mut worker = Worker::<G>::new(table, stop, deadline);
                        let mut solved = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(r) = requests.get(i) else { break };
                            let value =
                                worker.value(lengths, aspiration, r.p, r.o, r.floor, r.with_length);
                            if worker.aborted {
                                break;
                            }
                            solved.push((i, value));
                        }
                        solved
                    })
                })
                .collect();
            handles
                .into_iter()
                // A worker panicking is a bug: pass it on.
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        let mut tables = tables.into_iter();
        self.lengths = tables.next().unwrap_or_default();
        for other in tables {
            self.lengths.absorb(other);
        }
        self.aborted = stop.load(Ordering::Relaxed);
        let mut values = vec![None; requests.len()];
        for (i, value) in solved.into_iter().flatten() {
            values[i] = Some(value);
        }
        values
    }

    /// The exact score of `p` to move against `o` on the board `G`, and a
    /// best move: the windowed solve with the whole range.
    pub fn solve_on<G: ExactGeometry>(&mut self, p: G::B, o: G::B) -> Solved {
        self.solve_window_on::<G>(p, o, -inf::<G>(), inf::<G>())
    }
}

impl ExactSolver {
    /// The score of `p` to move against `o` on the board `G` searched in
    /// the open window `(alpha, beta)`: a score strictly inside it is
    /// exact, one at `alpha` or below an upper bound, one at `beta` or
    /// above a lower bound (a narrow window costs a fraction of an exact
    /// score). The best move is meaningful only for an exact score or a
    /// lower bound. Meaningless when [`ExactSolver::aborted`].
    pub fn solve_window_on<G: ExactGeometry>(
        &mut self,
        p: G::B,
        o: G::B,
        alpha: i32,
        beta: i32,
    ) -> Solved {
        self.table_for::<G>();
        let stop = AtomicBool::new(false);
        let mut main = Worker::<G>::new(&self.table, &stop, self.deadline);
        main.threads = self.threads;
        let empties = (!(p | o) & G::FULL).count();
        let cells = G::CELLS as i32;
        let alpha = alpha.clamp(-inf::<G>(), cells);
        let beta = beta.clamp(alpha + 1, inf::<G>());
        let wide = beta - alpha > 2 * ASPIRATION + 2;
        let guess = (self.aspiration && wide).then(|| main.guess(p, o));
        let (score, best) = main.solve_root(p, o, (alpha, beta), guess, empties);
        self.aborted = main.aborted || stop.load(Ordering::Relaxed);
        Solved {
            score,
            best: (best != NO_MOVE).then_some(u32::from(best)),
            nodes: main.nodes,
            scored: main.scored,
        }
    }

    /// A principal variation from `p` to move against `o` on the board
    /// `G`: the best move of each position along it, solved again with the
    /// table the first solve filled (`None` for a pass), to the game's end.
    pub fn principal_variation_on<G: ExactGeometry>(
        &mut self,
        p: G::B,
        o: G::B,
    ) -> Vec<Option<u32>> {
        let (mut p, mut o) = (p, o);
        let mut line = Vec::new();
        loop {
            if moves::<G>(p, o).is_empty() {
                if moves::<G>(o, p).is_empty() {
                    return line;
                }
                line.push(None);
                (p, o) = (o, p);
                continue;
            }
            let solved = self.solve_on::<G>(p, o);
            let Some(x) = solved.best.filter(|_| !self.aborted) else {
                return line;
            };
            line.push(Some(x));
            let f = flips::<G>(x, p, o);
            (p, o) = (o ^ f, p ^ f ^ G::B::bit(x));
        }
    }
}

/// Principal-variation nodes this close to the start (plies from a full
/// board's empties) drop moves whose position mirrors an earlier move's:
/// only such early positions are symmetric often enough to pay, and 6x6
/// from the start then searches one first move instead of four.
const OPENING_PLIES: u32 = 8;

/// `legal` less every move leading to an image, under the board's
/// symmetries, of the position an earlier move leads to (equal values).
fn without_mirrored_moves<G: ExactGeometry>(p: G::B, o: G::B, legal: G::B) -> G::B {
    let mut seen = [(G::B::ZERO, G::B::ZERO); MAX_MOVES];
    let mut count = 0;
    let mut kept = legal;
    for x in Squares(legal) {
        let f = flips::<G>(x, p, o);
        let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(x));
        let key = (0..SYMMETRIES)
            .map(|t| (transform::<G>(cp, t), transform::<G>(co, t)))
            .min()
            .unwrap_or((cp, co));
        if seen[..count].contains(&key) {
            kept &= !G::B::bit(x);
        } else {
            seen[count] = key;
            count += 1;
        }
    }
    kept
}

/// A score and its move in one word that orders by score.
fn pack_best(score: i32, x: u8) -> u64 {
    ((score + 128) as u64) << 8 | x as u64
}

/// The score and move of [`pack_best`].
fn unpack_best(packed: u64) -> (i32, u8) {
    ((packed >> 8) as i32 - 128, packed as u8)
}

/// Legal moves a position can have: at most one an empty square (96 on
/// 10x10).
const MAX_MOVES: usize = 96;

/// Moves with their flips, best first: a principal-variation node's list,
/// kept on the stack.
struct MoveList<B> {
    moves: [(u8, B); MAX_MOVES],
    count: usize,
}

impl<B> std::ops::Deref for MoveList<B> {
    type Target = [(u8, B)];

    fn deref(&self) -> &[(u8, B)] {
        &self.moves[..self.count]
    }
}

/// One thread's search state on the board `G`.
struct Worker<'a, G> {
    table: &'a Table,
    stop: &'a AtomicBool,
    deadline: Deadline,
    /// Threads this worker's principal variation may share its moves
    /// among (1: it searches alone, as every helper does).
    threads: usize,
    nodes: u64,
    /// Of `nodes`, the children scored for ordering without a search.
    scored: u64,
    next_poll: u64,
    aborted: bool,
    /// The selectivity level searched at (`selectivity::EXACT`: none).
    level: u8,
    board: PhantomData<G>,
}

impl<'a, G: ExactGeometry> Worker<'a, G> {
    fn new(table: &'a Table, stop: &'a AtomicBool, deadline: Deadline) -> Self {
        Worker {
            table,
            stop,
            deadline,
            threads: 1,
            nodes: 0,
            scored: 0,
            next_poll: POLL_NODES,
            aborted: false,
            level: EXACT,
            board: PhantomData,
        }
    }

    /// True once the deadline passed or another thread gave up.
    #[inline]
    fn stopped(&mut self) -> bool {
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_NODES;
            if self.stop.load(Ordering::Relaxed) || self.deadline.expired() {
                self.stop.store(true, Ordering::Relaxed);
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The legal moves with their flips, best first by [`order`] (the
    /// table's move before all; equal values keep square order), in a list
    /// on the stack.
    fn ordered(&mut self, p: G::B, o: G::B, legal: G::B, hint: u8) -> MoveList<G::B> {
        let parity = parity_of::<G>(!(p | o));
        let empties = (!(p | o) & G::FULL).count();
        let sort_depth = self.sort_depth(empties);
        let legal = if empties + OPENING_PLIES >= G::CELLS {
            without_mirrored_moves::<G>(p, o, legal)
        } else {
            legal
        };
        let mut values = [0i32; MAX_MOVES];
        let mut list = MoveList {
            moves: [(0, G::B::ZERO); MAX_MOVES],
            count: 0,
        };
        let kept = (sort_depth == Some(0)).then(|| G::kept(p, o));
        for x in Squares(legal) {
            let f = flips::<G>(x, p, o);
            let value = self.move_value(x, f, p, o, hint, parity, sort_depth, kept.as_ref());
            // Insertion, stable: after every move of at least this value.
            let mut i = list.count;
            while i > 0 && values[i - 1] < value {
                values[i] = values[i - 1];
                list.moves[i] = list.moves[i - 1];
                i -= 1;
            }
            values[i] = value;
            list.moves[i] = (x as u8, f);
            list.count += 1;
        }
        list
    }

    /// A first guess of the root's score in discs (even, as every final
    /// margin is): a shallow search with the trained evaluation.
    fn guess(&mut self, p: G::B, o: G::B) -> i32 {
        let cents = self.estimate(p, o, GUESS_DEPTH, -INF_EVAL, INF_EVAL);
        let cells = G::CELLS as i32;
        (2 * (cents / 200)).clamp(-cells, cells)
    }

    /// The exact value of `p` to move against `o`: the margin by null
    /// windows from a guess (or the selective passes, deep on 8x8; from
    /// the full window without `aspiration`), above `floor` when one is
    /// known, then the game's length when asked for.
    fn value(
        &mut self,
        lengths: &mut LengthTable,
        aspiration: bool,
        p: G::B,
        o: G::B,
        floor: Option<i32>,
        with_length: bool,
    ) -> ExactValue {
        let before = (self.nodes, self.scored);
        let empties = (!(p | o) & G::FULL).count();
        let guess = aspiration.then(|| self.guess(p, o));
        let floor = floor.map_or(-inf::<G>(), |f| f - 1);
        // Deep positions keep the best-move solve's selective passes, and
        // a position solved alone on several threads its split principal
        // variation (null windows alone would leave the helpers idle).
        let alone = self.threads == 1 || empties < SPLIT_MIN;
        let (margin, best) = match guess {
            Some(guess) if alone && (G::SIZE != 8 || empties < ITERATE_FROM) => {
                self.converged((floor, inf::<G>()), guess, empties, p, o)
            }
            _ => self.solve_root(p, o, (floor, inf::<G>()), guess, empties),
        };
        let length = (with_length && margin != 0 && !self.aborted)
            .then(|| LengthSearch::new(self, lengths).exact(p, o, margin));
        ExactValue {
            margin,
            length,
            best: (best != NO_MOVE).then_some(u32::from(best)),
            nodes: self.nodes - before.0,
            scored: self.scored - before.1,
        }
    }

    /// The root's score in the open window `(floor, ceiling)` (as
    /// [`Worker::aspirated_within`] gives it) and its best move: positions
    /// deep enough on 8x8 are first solved at each selective level
    /// (`selectivity.rs`), each pass's score the next one's guess, then
    /// exactly.
    fn solve_root(
        &mut self,
        p: G::B,
        o: G::B,
        window: (i32, i32),
        guess: Option<i32>,
        empties: u32,
    ) -> (i32, u8) {
        let mut guess = guess;
        if G::SIZE == 8 && empties >= ITERATE_FROM {
            for level in 0..EXACT {
                self.level = level;
                let (score, _) = self.aspirated_within(window, guess, ASPIRATION, |w, a, b| {
                    w.pvs_best(p, o, a, b, empties)
                });
                if self.aborted {
                    break;
                }
                guess = Some(score);
            }
            self.level = EXACT;
            if self.aborted {
                return (0, NO_MOVE);
            }
        }
        self.aspirated_within(window, guess, ASPIRATION, |w, a, b| {
            w.pvs_best(p, o, a, b, empties)
        })
    }

    /// The root's exact score in the open window `(floor, ceiling)` and a
    /// best move, by null windows alone (MTD(f)): each test's fail-soft
    /// bound is the next test's guess, starting from `guess`. Every
    /// move's analysis uses it rather than an aspiration window: each
    /// move's position is solved exactly, and its guess is often 4 to 10
    /// discs off, past a narrow window (FFO #40, every move's margins:
    /// 24.9 M nodes with the +-8 aspiration window, 23.6 M with +-2,
    /// 22.8 M by null windows; #42: 57.8 M, 51.7 M, 47.6 M).
    fn converged(
        &mut self,
        (floor, ceiling): (i32, i32),
        guess: i32,
        empties: u32,
        p: G::B,
        o: G::B,
    ) -> (i32, u8) {
        // The score lies in `lower..=upper`.
        let (mut lower, mut upper) = (floor + 1, ceiling - 1);
        let mut g = guess.clamp(lower, upper);
        let mut best = NO_MOVE;
        while lower < upper {
            let bar = g.max(lower + 1);
            let (score, x) = self.pvs_best(p, o, bar - 1, bar, empties);
            if self.aborted {
                return (0, NO_MOVE);
            }
            g = score;
            if score < bar {
                upper = score;
                // A fail-low's move is only a fallback.
                if best == NO_MOVE {
                    best = x;
                }
            } else {
                lower = score;
                best = x;
            }
        }
        (lower, best)
    }

    /// The score by `search(worker, alpha, beta)` (a fail-soft search,
    /// exact inside its window) inside the open window `(floor,
    /// ceiling)`: first in a window of `width` discs around `guess`, then,
    /// when the score falls outside, again on that side from the bound
    /// found. No window reaches beyond `(floor, ceiling)`, so a score at
    /// `floor` or below is an upper bound and one at `ceiling` or above a
    /// lower bound.
    fn aspirated_within(
        &mut self,
        (floor, ceiling): (i32, i32),
        guess: Option<i32>,
        width: i32,
        mut search: impl FnMut(&mut Self, i32, i32) -> (i32, u8),
    ) -> (i32, u8) {
        let Some(guess) = guess.filter(|_| ceiling - floor > 2 * width + 2) else {
            return search(self, floor, ceiling);
        };
        let guess = guess.clamp(floor + 1, ceiling - 1);
        let (mut alpha, mut beta) = (
            (guess - width - 1).max(floor),
            (guess + width + 1).min(ceiling),
        );
        loop {
            let (score, best) = search(self, alpha, beta);
            if self.aborted {
                return (0, NO_MOVE);
            }
            if score <= alpha && alpha > floor {
                (alpha, beta) = (floor, score + 1);
            } else if score >= beta && beta < ceiling {
                (alpha, beta) = (score - 1, ceiling);
            } else {
                return (score, best);
            }
        }
    }

    /// The ordering value of the move to `x` flipping `f` (higher first):
    /// the table's move `hint` before all, then [`order::move_value`] less
    /// the shallow search's estimate when `sort_depth` asks for one (at
    /// depth 0 from the node's kept part `kept`, when given). Every child
    /// scored counts as a node.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn move_value(
        &mut self,
        x: u32,
        f: G::B,
        p: G::B,
        o: G::B,
        hint: u8,
        parity: u8,
        sort_depth: Option<u32>,
        kept: Option<&G::Kept>,
    ) -> i32 {
        if x == u32::from(hint) {
            return i32::MAX - 1;
        }
        self.nodes += 1;
        let (np, no) = (p ^ f ^ G::B::bit(x), o ^ f);
        let mut value = order::move_value::<G>(x, np, no, parity);
        match sort_depth {
            Some(depth) if value != i32::MAX => {
                let estimate = match kept {
                    Some(kept) if depth == 0 => {
                        G::ordering_evaluate_child(kept, x, f, no, np, moves::<G>(no, np))
                    }
                    _ => self.estimate(no, np, depth, -INF_EVAL, INF_EVAL),
                };
                value -= estimate * SORT_WEIGHT;
                if depth == 0 {
                    self.scored += 1;
                }
            }
            _ => self.scored += 1,
        }
        value
    }

    /// Null-window search: a fail-soft bound telling whether the score is
    /// above `alpha` (`empties` is the number of empty squares).
    fn nws(&mut self, p: G::B, o: G::B, alpha: i32, empties: u32) -> i32 {
        if empties <= SHALLOW {
            return solve_small::<G>(p, o, alpha, &mut self.nodes);
        }
        self.nodes += 1;
        if self.stopped() {
            return 0;
        }
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return final_margin::<G>(p, o);
            }
            return -self.nws(o, p, -alpha - 1, empties);
        }
        if let Some(cap) = stability_cutoff::<G>(p, o, alpha, empties) {
            return cap;
        }
        let hash = hash_pair(p, o);
        let mut hint = NO_MOVE;
        if let Some(entry) = self.table.probe(hash, p, o) {
            if entry.level >= self.level {
                let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
                if lower > alpha {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
            }
            hint = entry.best;
        }
        if self.level < EXACT && empties >= CUT_FROM {
            if let Some(cut) = self.probcut(p, o, alpha, empties) {
                return cut;
            }
        }

        // The moves with their flips, on the stack. Their ordering values
        // come after the transposition cutoff and the table's move, and
        // only when neither ends the node: scoring every move first cost
        // FFO #40's every-move analysis 29.5 M nodes instead of 28.7 M,
        // #40-#44's best-move solves 100.1 M instead of 98.1 M.
        let parity = parity_of::<G>(!(p | o));
        let mut list = G::move_list();
        let list_room = list.as_mut();
        let mut count = 0;
        let mut hint_at = None;
        for x in Squares(legal) {
            let f = flips::<G>(x, p, o);
            if x == u32::from(hint) {
                hint_at = Some(count);
            }
            list_room[count] = (x as u8, f, 0);
            count += 1;
        }
        let list = &mut list_room[..count];

        // Enhanced transposition cutoff: a child whose stored upper bound
        // already refutes this node ends it before any search.
        if empties > ETC_MIN {
            for &(x, f, _) in list.iter() {
                let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(u32::from(x)));
                if let Some(entry) = self.table.probe(hash_pair(cp, co), cp, co) {
                    let score = -i32::from(entry.upper);
                    if score > alpha && entry.level >= self.level {
                        return score;
                    }
                }
            }
        }

        let before = self.nodes;
        let mut best = -inf::<G>();
        let mut best_move = NO_MOVE;
        let mut start = 0;
        if let Some(h) = hint_at {
            // The table's move first, before any other move is scored:
            // it refutes most nodes that have one.
            list.swap(0, h);
            let (x, f, _) = list[0];
            let score = self.nws_move(x, f, p, o, alpha, empties);
            if self.aborted {
                return 0;
            }
            best = score;
            best_move = x;
            start = 1;
        }
        if best <= alpha {
            let sort_depth = self.sort_depth(empties);
            let kept = (sort_depth == Some(0)).then(|| G::kept(p, o));
            for (x, f, value) in list.iter_mut().skip(start) {
                let x = u32::from(*x);
                *value = self.move_value(x, *f, p, o, hint, parity, sort_depth, kept.as_ref());
            }
        }
        for i in start..list.len() {
            if best > alpha {
                break;
            }
            // Selection: the best remaining move next (cutoffs come early).
            let mut top = i;
            for j in i + 1..list.len() {
                if list[j].2 > list[top].2 {
                    top = j;
                }
            }
            list.swap(i, top);
            let (x, f, _) = list[i];
            let score = self.nws_move(x, f, p, o, alpha, empties);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = x;
                if score > alpha {
                    break;
                }
            }
        }
        let cells = G::CELLS as i32;
        let (lower, upper) = if best > alpha {
            (best, cells)
        } else {
            (-cells, best)
        };
        self.store(hash, p, o, lower, upper, best_move, self.nodes - before);
        best
    }

    /// The score of the move to `x` flipping `f` at a null-window node
    /// (`p` to move, window `alpha`, `empties` empty squares).
    #[inline(always)]
    fn nws_move(&mut self, x: u8, f: G::B, p: G::B, o: G::B, alpha: i32, empties: u32) -> i32 {
        -self.nws(
            o ^ f,
            p ^ f ^ G::B::bit(u32::from(x)),
            -alpha - 1,
            empties - 1,
        )
    }

    /// ProbCut at a null-window node of a selective pass: `alpha + 1`
    /// when a shallow estimate predicts the score above `alpha` with the
    /// level's confidence, `alpha` when it predicts it at most `alpha`,
    /// `None` when it cannot tell.
    fn probcut(&mut self, p: G::B, o: G::B, alpha: i32, empties: u32) -> Option<i32> {
        let (high, low) = thresholds(empties, alpha, LEVELS[usize::from(self.level)]);
        let depth = probe_depth(empties);
        if depth == 0 {
            let eval = G::ordering_evaluate(p, o);
            return if eval >= high {
                Some(alpha + 1)
            } else if eval <= low {
                Some(alpha)
            } else {
                None
            };
        }
        if self.estimate(p, o, depth, high - 1, high) >= high {
            return Some(alpha + 1);
        }
        if self.estimate(p, o, depth, low, low + 1) <= low {
            return Some(alpha);
        }
        None
    }

    /// How deep the ordering search looks at this many empties (`None`:
    /// mobility alone).
    fn sort_depth(&self, empties: u32) -> Option<u32> {
        (empties >= SORT_MIN).then(|| ((empties - SORT_MIN) / SORT_STEP).min(SORT_DEPTH_MAX))
    }

    /// A shallow alpha-beta estimate with the ordering evaluation
    /// ([`ExactGeometry::ordering_evaluate`]), for move ordering and
    /// ProbCut (in hundredths of a disc).
    fn estimate(&mut self, p: G::B, o: G::B, depth: u32, alpha: i32, beta: i32) -> i32 {
        if depth == 0 {
            return G::ordering_evaluate(p, o);
        }
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return 100 * final_margin::<G>(p, o);
            }
            return -self.estimate(o, p, depth, -beta, -alpha);
        }
        let mut best = -INF_EVAL;
        let mut alpha = alpha;
        // Above the horizon the children are evaluated from this node's
        // kept part.
        let kept = (depth == 1).then(|| G::kept(p, o));
        for x in Squares(legal) {
            self.nodes += 1;
            let f = flips::<G>(x, p, o);
            let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(x));
            let score = match &kept {
                Some(kept) => -G::ordering_evaluate_child(kept, x, f, cp, co, moves::<G>(cp, co)),
                None => -self.estimate(cp, co, depth - 1, -beta, -alpha),
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn store(&self, hash: u64, p: G::B, o: G::B, lower: i32, upper: i32, best: u8, nodes: u64) {
        let cells = G::CELLS as i32;
        self.table.store(
            hash,
            p,
            o,
            Entry {
                lower: lower.clamp(-cells, cells) as i8,
                upper: upper.clamp(-cells, cells) as i8,
                best,
                cost: (64 - nodes.leading_zeros()) as u8,
                level: self.level,
            },
        );
    }

    /// Principal-variation search: the exact score when it lies inside
    /// `(alpha, beta)`, else a bound on the side it fell.
    fn pvs(&mut self, p: G::B, o: G::B, alpha: i32, beta: i32, empties: u32) -> i32 {
        self.pvs_best(p, o, alpha, beta, empties).0
    }

    /// [`Worker::pvs`] with the best move found.
    fn pvs_best(&mut self, p: G::B, o: G::B, alpha: i32, beta: i32, empties: u32) -> (i32, u8) {
        if empties == 0 {
            return (final_margin::<G>(p, o), NO_MOVE);
        }
        self.nodes += 1;
        if self.stopped() {
            return (0, NO_MOVE);
        }
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return (final_margin::<G>(p, o), NO_MOVE);
            }
            return (-self.pvs(o, p, -beta, -alpha, empties), NO_MOVE);
        }
        let with_table = empties > SHALLOW;
        let (mut alpha, mut beta) = (alpha, beta);
        let hash = hash_pair(p, o);
        let mut hint = NO_MOVE;
        if with_table {
            let entry = self.table.probe(hash, p, o);
            if let Some(entry) = entry {
                hint = entry.best;
            }
            // A selective pass's bounds only order an exact search.
            if let Some(entry) = entry.filter(|e| e.level >= self.level) {
                let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
                if lower >= beta || lower == upper {
                    return (lower, hint);
                }
                if upper <= alpha {
                    return (upper, hint);
                }
                // Keep the stored bounds outside the window, so that a
                // score equal to one of them is still found exactly.
                alpha = alpha.max(lower - 1);
                beta = beta.min(upper + 1);
            }
        }
        // The window searched, for the bounds the result stands for.
        let (original_alpha, original_beta) = (alpha, beta);
        let list = self.ordered(p, o, legal, hint);
        let before = self.nodes;
        let mut best = -inf::<G>();
        let mut best_move = NO_MOVE;
        for (i, &(x, f)) in list.iter().enumerate() {
            if i == 1 && self.threads > 1 && empties >= SPLIT_MIN {
                let Some((score, x)) = self.split(p, o, &list[1..], alpha, beta, empties) else {
                    return (0, NO_MOVE);
                };
                if score > best {
                    (best, best_move) = (score, x);
                }
                break;
            }
            let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(u32::from(x)));
            let score = if i == 0 {
                -self.pvs(cp, co, -beta, -alpha, empties - 1)
            } else {
                let probe = -self.nws(cp, co, -alpha - 1, empties - 1);
                if probe > alpha && probe < beta && !self.aborted {
                    -self.pvs(cp, co, -beta, -probe + 1, empties - 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                return (0, NO_MOVE);
            }
            if score > best {
                best = score;
                best_move = x;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if with_table {
            let cells = G::CELLS as i32;
            let lower = if best > original_alpha { best } else { -cells };
            let upper = if best < original_beta { best } else { cells };
            self.store(hash, p, o, lower, upper, best_move, self.nodes - before);
        }
        (best, best_move)
    }

    /// The moves `rest` of a principal-variation node (its first move
    /// already searched, setting `alpha`) shared among `self.threads`
    /// helpers: each takes the next move, tests it against the best score
    /// so far with a null window and solves it within `(alpha, beta)` only
    /// when it beats it; a score at or above `beta` stops the others. The
    /// best score and move of `rest`, a fail-soft bound as in
    /// [`Worker::pvs_best`] (`None` when the deadline stopped the search:
    /// `self` is then aborted).
    fn split(
        &mut self,
        p: G::B,
        o: G::B,
        rest: &[(u8, G::B)],
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> Option<(i32, u8)> {
        // A stop of this split's own: a refutation ends the brothers
        // without ending the search above (a worker that reaches the
        // deadline sets it too; the best score tells the two apart).
        let cut = AtomicBool::new(false);
        let gave_up = AtomicBool::new(false);
        let bar = AtomicI32::new(alpha);
        let best = AtomicU64::new(0);
        let bound = AtomicU64::new(0);
        let next = AtomicUsize::new(0);
        let nodes = AtomicU64::new(0);
        let scored = AtomicU64::new(0);
        let (table, deadline, level) = (self.table, self.deadline, self.level);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    let mut worker = Worker::<G>::new(table, &cut, deadline);
                    worker.level = level;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(x, f)) = rest.get(i) else { break };
                        let (cp, co) = (o ^ f, p ^ f ^ G::B::bit(u32::from(x)));
                        let a = bar.load(Ordering::Relaxed);
                        let mut score = -worker.nws(cp, co, -a - 1, empties - 1);
                        if score > a && score < beta && !worker.aborted {
                            score = -worker.pvs(cp, co, -beta, -score + 1, empties - 1);
                        }
                        if worker.aborted {
                            // By the deadline, or by a brother's refutation.
                            gave_up.store(true, Ordering::Relaxed);
                            break;
                        }
                        // A move that does not beat the bar has only an
                        // upper bound, which may tie with an exact score.
                        if score > a {
                            best.fetch_max(pack_best(score, x), Ordering::Relaxed);
                            bar.fetch_max(score, Ordering::Relaxed);
                        } else {
                            bound.fetch_max(pack_best(score, x), Ordering::Relaxed);
                        }
                        if score >= beta {
                            cut.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    nodes.fetch_add(worker.nodes, Ordering::Relaxed);
                    scored.fetch_add(worker.scored, Ordering::Relaxed);
                });
            }
        });
        self.nodes += nodes.load(Ordering::Relaxed);
        self.scored += scored.load(Ordering::Relaxed);
        // Every score that beat the bar is at least every bound below it.
        let (score, x) = match best.load(Ordering::Relaxed) {
            0 => unpack_best(bound.load(Ordering::Relaxed)),
            packed => unpack_best(packed),
        };
        if gave_up.load(Ordering::Relaxed) && score < beta {
            // Not a brother's refutation: the deadline.
            self.aborted = true;
            self.stop.store(true, Ordering::Relaxed);
            return None;
        }
        Some((score, x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Size6;

    #[test]
    fn mirrored_first_moves_are_dropped() {
        // 6x6 from the start: four first moves, all images of one.
        let (p, o) = (1u64 << 15 | 1 << 20, 1u64 << 14 | 1 << 21);
        let legal = moves::<Size6>(p, o);
        assert_eq!(legal.count_ones(), 4);
        assert_eq!(without_mirrored_moves::<Size6>(p, o, legal).count_ones(), 1);
        // An asymmetric position keeps them all.
        let (p, o) = (p | 1 << 8, o);
        let legal = moves::<Size6>(p, o);
        assert_eq!(without_mirrored_moves::<Size6>(p, o, legal), legal);
    }

    #[test]
    fn packed_best_orders_by_score() {
        assert!(pack_best(-2, 60) < pack_best(0, 3));
        let packed = pack_best(-64, 17);
        assert_eq!(unpack_best(packed), (-64, 17));
    }
}
