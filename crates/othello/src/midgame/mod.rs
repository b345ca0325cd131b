//! The midgame engine, for every board size ([`MidgameEngine`],
//! monomorphised per size as the exact solver is; [`Engine`] is the 8x8
//! one): iterative-deepening principal-variation search with aspiration
//! windows, a lock-free transposition table kept across moves and shared
//! by every thread (lazy SMP; nodes one ply above the horizon skip it),
//! move ordering by the table's move, a shallow search and fastest-first
//! mobility, multi-ProbCut ([`probcut`],
//! fitted on 8x8: the other sizes search full width) for selectivity,
//! time management from a per-move budget, and the hand-over to the exact
//! solver ([`crate::exact`]) once the position has few enough empties to
//! solve in the budget.
//!
//! Scores are in hundredths of a disc for the side to move; finished games
//! score their final margin (empties to the winner) times [`DISC`], and the
//! evaluation is clamped inside that range.
//!
//! The evaluation is called through one seam, [`Evaluator`]: a plain
//! function `fn(player, opponent) -> hundredths of a disc`. [`EVALUATION`]
//! is the one the 8x8 engine starts with (the trained pattern evaluation;
//! the other sizes start with the hand-weighted one: `ExactGeometry::evaluate`);
//! [`MidgameEngine::set_evaluator`] switches it.
//!
//! Time management: with a budget `B` the main thread starts no iteration
//! after `SOFT_SHARE · B` and stops the one running at `B − MARGIN`
//! (checked every [`POLL_NODES`] positions, well under a millisecond). An
//! iteration cut short still counts when its first root move finished: the
//! best move it found so far has been searched deeper than the last
//! complete iteration's.

pub mod probcut;
pub mod table;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_engine::{Bound, Deadline, TableStats};

use crate::bitboard::{hash_pair, Bits, Geometry, Size8, Squares};
use crate::exact::{ExactGeometry, ExactSolver};
use crate::margin::final_margin;
use crate::movegen::{flips, moves};
use table::{Entry, Stored, Table, NO_MOVE};

/// An evaluation: what the position is worth to the player with discs `p`
/// (to move) against `o`, in hundredths of a disc.
pub type Evaluator = fn(u64, u64) -> i32;

/// An evaluation on a board of bit type `B`, as [`Evaluator`].
type SizeEvaluator<B> = fn(B, B) -> i32;

/// Today's hand-weighted evaluation (`crate::eval`) for 8x8.
pub fn hand_weighted(p: u64, o: u64) -> i32 {
    crate::eval::evaluate::<Size8>(p, o)
}

/// The trained pattern evaluation (`crate::pattern`) for 8x8.
pub fn trained(p: u64, o: u64) -> i32 {
    crate::pattern::evaluate(p, o)
}

/// The evaluation the engine uses unless told otherwise: the trained one,
/// which beats the hand-weighted one at equal depth (see the README).
pub const EVALUATION: Evaluator = trained;

/// One disc of final margin.
pub const DISC: i32 = 100;

/// Evaluations stay inside this, below every won or lost game (63 discs
/// on 8x8).
const fn max_eval<G: Geometry>() -> i32 {
    (G::CELLS as i32 - 1) * DISC
}
/// Beyond every score (65 discs on 8x8).
const fn inf<G: Geometry>() -> i32 {
    (G::CELLS as i32 + 1) * DISC
}
/// Positions between two looks at the clock.
pub const POLL_NODES: u64 = 256;
/// The main thread stops this long before the budget ends (to join the
/// helpers and answer).
const MARGIN: Duration = Duration::from_micros(1500);
/// No iteration starts after this share of the budget.
const SOFT_SHARE: f64 = 0.85;
/// From this depth moves are ordered by a one-ply search of each child
/// (below it by the child's evaluation). From 8 rather than 6: depth-9
/// searches of 12 random positions took 0.28 s instead of 0.40 s.
const SHALLOW_ORDER_DEPTH: u32 = 8;
/// Half the first aspiration window.
const ASPIRATION: i32 = 80;
/// Default selectivity: cut when the probe is `t` standard deviations
/// beyond the window. At equal time (100 ms a move bounding both engines
/// alone, `ply nboard --depth 60`), against the pre-issue engine: 1.0
/// scored 73.6% over 800 games, 0.7, 1.5 and 2.0 less, the former 3.0
/// 68.1% over 400. The 3.0 had been chosen under the NBoard default depth of 12,
/// where cutting less only spent more of the budget
/// (crates/othello/README.md, "Selectivity at equal time").
pub const DEFAULT_SELECTIVITY: f64 = 1.0;
/// `multi` for a search that scores every root move exactly (an analysis).
pub const EVERY_MOVE: usize = usize::MAX;

/// What a search may use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: u32,
    /// Time budget for this move.
    pub time: Option<Duration>,
    /// Solve exactly from this many empties (`None`: chosen from the budget
    /// or the depth).
    pub exact_empties: Option<u32>,
}

impl Limits {
    /// A fixed depth in plies, no clock.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            time: None,
            exact_empties: None,
        }
    }

    /// A time budget for the move, as deep as it allows.
    pub fn time(budget: Duration) -> Limits {
        Limits {
            depth: 60,
            time: Some(budget),
            exact_empties: None,
        }
    }
}

/// The empties the exact solver finishes in `budget` on `threads` threads
/// (measured with `examples/time_use.rs` on the 2-core machine: 16 empties
/// take a few ms, 20 about 0.1 s, 24 a few seconds), with room for a
/// loaded machine: the solve gets 60% of the budget. At 100 ms a move,
/// solving from 18 empties rather than 16 scored 54.8% over 200 games.
pub fn exact_empties_for(budget: Duration, threads: usize) -> u32 {
    let ms = budget.as_secs_f64() * 1000.0 * threads.max(1) as f64;
    match ms {
        m if m < 10.0 => 10,
        m if m < 40.0 => 14,
        m if m < 600.0 => 18,
        m if m < 3_000.0 => 20,
        m if m < 15_000.0 => 22,
        _ => 24,
    }
}

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MidgameReport {
    /// The move to play (`None`: pass or game over).
    pub best: Option<u32>,
    /// Its score, hundredths of a disc.
    pub score: i32,
    /// Deepest iteration (the empties when solved).
    pub depth: u32,
    /// The score is the exact final margin: the exact solver's, or a
    /// search that reached the end of every line (see [`MidgameReport::ended`]).
    pub exact: bool,
    /// Positions searched by every thread.
    pub nodes: u64,
    /// Wall-clock time the search took.
    pub elapsed: Duration,
    /// Root moves with their scores from the deepest iteration, best first
    /// (the top `multi` exact, the rest bounds).
    pub moves: Vec<(u32, i32)>,
    /// The principal variation from the table (`None` is a pass).
    pub pv: Vec<Option<u32>>,
    /// The root moves, among those scored exactly (the top `multi`), whose
    /// scores are final margins: their searches reached the end of every
    /// line (no evaluation, no selective cut, no table entry that rested
    /// on either). Empty under a contempt, where a draw scores the
    /// contempt rather than a margin.
    pub ended: Vec<u32>,
}

/// The midgame engine on the board `G`: its table persists across moves.
pub struct MidgameEngine<G: ExactGeometry> {
    table: Arc<Table>,
    threads: usize,
    exact: ExactSolver,
    /// `None`: the size's own evaluation ([`ExactGeometry::evaluate`]),
    /// which the search evaluates a node's children with together
    /// ([`ExactGeometry::evaluate_child`]).
    eval: Option<SizeEvaluator<G::B>>,
    selectivity: Option<f64>,
    /// What a draw costs the side to move at the root (hundredths of a
    /// disc): positive avoids draws, negative seeks them.
    contempt: i32,
    /// The last search's use of the table by its main thread.
    table_use: TableStats,
}

/// The 8x8 engine (NBoard, GTP and the computer on 8x8 use it).
pub type Engine = MidgameEngine<Size8>;

/// The final score of a finished game (hundredths of a disc).
fn final_score<G: Geometry>(p: G::B, o: G::B) -> i32 {
    final_margin::<G>(p, o) * DISC
}

/// Mixed into the table key of positions where the side to move is not the
/// root's, when a contempt makes their draws worth something else.
const OTHER_SIDE_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// The table key of `p` to move against `o`, `height` plies (passes
/// included) below the root. With a contempt a draw is worth `-contempt`
/// to the root's side and `+contempt` to the other, so a position's value
/// depends on which of the two is to move there.
fn node_key<B: Bits>(p: B, o: B, contempt: i32, height: u32) -> u64 {
    if contempt != 0 && height % 2 == 1 {
        hash_pair(p, o) ^ OTHER_SIDE_KEY
    } else {
        hash_pair(p, o)
    }
}

/// Opponent mobility after a move, corners counted twice: fewer is better.
fn weighted_mobility<G: Geometry>(p: G::B, o: G::B) -> i32 {
    let m = moves::<G>(p, o);
    (m.count() + (m & G::CORNERS).count()) as i32
}

impl<G: ExactGeometry> MidgameEngine<G> {
    /// An engine with a table of about `megabytes` MiB (the exact solver
    /// gets a table of the same size) and `threads` threads. It starts
    /// with the size's own evaluation (`ExactGeometry::evaluate`: the
    /// trained one, [`EVALUATION`], on 8x8) and with multi-ProbCut on 8x8,
    /// where it was fitted (full width elsewhere).
    pub fn new(megabytes: usize, threads: usize) -> Self {
        Self::with_tables(megabytes, megabytes, threads)
    }

    /// [`MidgameEngine::new`] with an exact solver's table of its own size:
    /// a caller that solves with a solver of its own and never lets the
    /// engine hand over (`Limits::exact_empties` 0: the analysis) gives it
    /// the smallest, 1 MiB.
    pub fn with_tables(megabytes: usize, exact_megabytes: usize, threads: usize) -> Self {
        let threads = threads.max(1);
        MidgameEngine {
            table: Arc::new(Table::new(megabytes)),
            threads,
            exact: ExactSolver::new(exact_megabytes).with_threads(threads),
            eval: None,
            selectivity: (G::SIZE == 8).then_some(DEFAULT_SELECTIVITY),
            contempt: 0,
            table_use: TableStats::default(),
        }
    }

    /// Values a draw at `-cents` for the side to move at the root (and
    /// `+cents` for its opponent): positive avoids draws, negative seeks
    /// them. Exact hand-overs keep their true margins, every draw there
    /// being a margin of 0.
    pub fn set_contempt(&mut self, cents: i32) {
        let cents = cents.clamp(-DISC * 2 + 1, DISC * 2 - 1);
        if cents != self.contempt {
            self.contempt = cents;
            self.table.clear();
        }
    }

    /// The contempt in force, hundredths of a disc (see [`MidgameEngine::set_contempt`]).
    pub fn contempt(&self) -> i32 {
        self.contempt
    }

    /// Search threads, the main one included.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The evaluation in use (see [`MidgameEngine::set_evaluator`]).
    pub fn evaluator(&self) -> fn(G::B, G::B) -> i32 {
        self.eval.unwrap_or(G::evaluate)
    }

    /// Switches the evaluation.
    pub fn set_evaluator(&mut self, eval: fn(G::B, G::B) -> i32) {
        self.eval = Some(eval);
        self.table.clear();
    }

    /// Multi-ProbCut's `t` (`None`: no selective cuts, a full-width search).
    pub fn set_selectivity(&mut self, t: Option<f64>) {
        self.selectivity = t;
        self.table.clear();
    }

    /// Forgets the tables (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.exact.clear();
    }

    /// Searches `p` to move against `o` within `limits`; `multi` root moves
    /// get exact scores (1 for play, [`EVERY_MOVE`] for an analysis);
    /// `progress` sees each finished iteration. Only an interrupt
    /// (`ply_engine::interrupt`, or the calling thread's cancel scope)
    /// stops a search without a time limit, within `POLL_NODES`
    /// positions.
    pub fn think(
        &mut self,
        p: G::B,
        o: G::B,
        limits: Limits,
        multi: usize,
        progress: &mut dyn FnMut(&MidgameReport),
    ) -> MidgameReport {
        let start = Instant::now();
        self.table.new_search();
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            let over = moves::<G>(o, p).is_empty();
            let mut report = if over {
                MidgameReport {
                    score: final_score::<G>(p, o),
                    exact: true,
                    ..MidgameReport::default()
                }
            } else {
                let reply = self.think(o, p, limits, 1, &mut |_| {});
                MidgameReport {
                    score: -reply.score,
                    exact: reply.exact,
                    depth: reply.depth,
                    nodes: reply.nodes,
                    pv: std::iter::once(None).chain(reply.pv).collect(),
                    ..MidgameReport::default()
                }
            };
            report.elapsed = start.elapsed();
            return report;
        }
        let empties = (!(p | o) & G::FULL).count();
        let threads = self.threads;
        let exact_limit = limits.exact_empties.unwrap_or(match limits.time {
            Some(t) => exact_empties_for(t, threads),
            None => (limits.depth * 3 / 2 + 4).min(24),
        });
        let hard = limits
            .time
            .map(|t| start + t.saturating_sub(MARGIN).max(Duration::from_micros(200)));
        if legal.count() == 1 && multi == 1 && limits.time.is_some() {
            // Forced: no need to think (a short search still gives a score).
            let quick = Limits {
                time: limits.time.map(|t| t / 10),
                ..limits
            };
            return self.midgame(p, o, quick, start, multi, progress);
        }
        if empties <= exact_limit && multi == 1 {
            let fallback = match limits.time {
                Some(t) => {
                    // A midgame answer first, in case the solve does not
                    // finish.
                    let quick = Limits {
                        time: Some(t.mul_f64(0.4)),
                        depth: limits.depth.min(empties),
                        ..limits
                    };
                    Some(self.midgame(p, o, quick, start, 1, &mut |_| {}))
                }
                None => None,
            };
            self.exact.set_deadline(match hard {
                Some(end) => Deadline::after(Some(end.saturating_duration_since(Instant::now()))),
                None => Deadline::none(),
            });
            let solved = self.exact.solve_on::<G>(p, o);
            if !self.exact.aborted() {
                let report = MidgameReport {
                    best: solved.best,
                    score: solved.score * DISC,
                    depth: empties,
                    exact: true,
                    nodes: solved.nodes + fallback.as_ref().map_or(0, |f| f.nodes),
                    elapsed: start.elapsed(),
                    moves: solved
                        .best
                        .map(|b| vec![(b, solved.score * DISC)])
                        .unwrap_or_default(),
                    pv: vec![solved.best],
                    ended: solved.best.into_iter().collect(),
                };
                progress(&report);
                return report;
            }
            if let Some(mut f) = fallback {
                f.nodes += solved.nodes;
                f.elapsed = start.elapsed();
                return f;
            }
        }
        self.midgame(p, o, limits, start, multi, progress)
    }

    /// Iterative deepening on every thread until the limits.
    fn midgame(
        &mut self,
        p: G::B,
        o: G::B,
        limits: Limits,
        start: Instant,
        multi: usize,
        progress: &mut dyn FnMut(&MidgameReport),
    ) -> MidgameReport {
        // Helpers are not waited for: the stop flag ends them within a few
        // positions, and joining them on a loaded machine could cost the
        // main thread tens of milliseconds past its budget.
        let stop = Arc::new(AtomicBool::new(false));
        let helper_nodes = Arc::new(AtomicU64::new(0));
        let hard = limits
            .time
            .map(|t| start + t.saturating_sub(MARGIN).max(Duration::from_micros(200)));
        let soft = limits.time.map(|t| start + t.mul_f64(SOFT_SHARE));
        let (eval, t, contempt) = (self.eval, self.selectivity, self.contempt);
        let max_depth = limits.depth.clamp(1, 60);
        for helper in 1..self.threads {
            let (table, stop, helper_nodes) = (
                Arc::clone(&self.table),
                Arc::clone(&stop),
                Arc::clone(&helper_nodes),
            );
            std::thread::spawn(move || {
                let mut w = Worker::<G>::new(&table, &stop, eval, t, None, contempt);
                // Half the helpers search one ply deeper, so the threads
                // spread over two depths.
                let first = 1 + (helper as u32 & 1);
                w.iterate(p, o, first, max_depth, multi, None, &mut |_| {});
                helper_nodes.fetch_add(w.nodes, Ordering::Relaxed);
            });
        }
        // The main thread watches the clock, and the interrupt even without
        // one.
        let deadline =
            Deadline::after(hard.map(|end| end.saturating_duration_since(Instant::now())));
        let mut main = Worker::<G>::new(&self.table, &stop, eval, t, Some(deadline), contempt);
        let mut report = main.iterate(p, o, 1, max_depth, multi, soft, &mut |r: &MidgameReport| {
            let mut shown = r.clone();
            shown.elapsed = start.elapsed();
            progress(&shown);
        });
        stop.store(true, Ordering::Relaxed);
        self.table_use = main.table_use;
        report.nodes = main.nodes;
        // The helpers' nodes as far as they have reported them.
        report.nodes += helper_nodes.load(Ordering::Relaxed);
        report.elapsed = start.elapsed();
        report.pv =
            principal_variation::<G>(&self.table, p, o, report.best, report.depth, contempt);
        report
    }

    /// The line the table gives from `p` to move against `o`, starting
    /// with the legal move `first`, at most `plies` long (`None` is a
    /// pass): the principal variation of a root move the last search
    /// scored, whether or not it was the best.
    pub fn line_from(&self, p: G::B, o: G::B, first: u32, plies: u32) -> Vec<Option<u32>> {
        principal_variation::<G>(&self.table, p, o, Some(first), plies, self.contempt)
    }

    /// The midgame table's statistics: its use by the last midgame
    /// search's main thread (probes, hits, stores, insertions, collisions;
    /// the helpers keep no count) and what it holds now (a scan of the
    /// whole table). Its buckets hold four entries each.
    pub fn table_stats(&self) -> TableStats {
        let (buckets, capacity) = self.table.size();
        TableStats {
            entries: self.table.occupied(),
            buckets,
            capacity,
            ..self.table_use
        }
    }

    /// The exact solver's public part: solves `p` against `o`.
    pub fn solve_exact(&mut self, p: G::B, o: G::B) -> crate::exact::Solved {
        self.exact.set_deadline(Deadline::none());
        self.exact.solve_on::<G>(p, o)
    }
}

/// The moves the table gives from the root, starting with `best`.
fn principal_variation<G: Geometry>(
    table: &Table,
    mut p: G::B,
    mut o: G::B,
    best: Option<u32>,
    depth: u32,
    contempt: i32,
) -> Vec<Option<u32>> {
    let mut pv = Vec::new();
    let mut next = best;
    while pv.len() < depth.max(1) as usize {
        let legal = moves::<G>(p, o);
        let square = match next {
            Some(s) if legal.has(s) => s,
            _ => break,
        };
        pv.push(Some(square));
        let f = flips::<G>(square, p, o);
        (p, o) = (o ^ f, p | f | G::B::bit(square));
        if moves::<G>(p, o).is_empty() {
            if moves::<G>(o, p).is_empty() {
                break;
            }
            pv.push(None);
            std::mem::swap(&mut p, &mut o);
        }
        next = table
            .probe(node_key(p, o, contempt, pv.len() as u32))
            .and_then(|e| (e.best != NO_MOVE).then_some(u32::from(e.best)));
    }
    pv
}

/// One thread's search state on the board `G`.
struct Worker<'a, G: Geometry> {
    table: &'a Table,
    stop: &'a AtomicBool,
    /// As [`MidgameEngine`]'s.
    eval: Option<SizeEvaluator<G::B>>,
    selectivity: Option<f64>,
    /// Only the main thread watches the clock and the interrupt.
    deadline: Option<Deadline>,
    nodes: u64,
    /// Scores so far that rest on an estimate rather than on finished
    /// games: evaluations at the horizon, selective cuts, and table
    /// cut-offs by entries searched less deep than their empties (an
    /// entry searched at least that deep reached the end of every line:
    /// no evaluation below it, and no cut, which needs fewer plies than
    /// empties). A root move whose search adds none scored its final
    /// margin.
    estimated: u64,
    /// This thread's probes, hits and stores of the table.
    table_use: TableStats,
    /// Cut-offs per square, weighted by depth: ordering's tie-breaker.
    history: [i32; 128],
    /// See [`Engine::set_contempt`].
    contempt: i32,
    /// Plies below the root, passes included (even: the root's side moves).
    height: u32,
}

/// A root iteration's outcome.
struct RootResult {
    /// Searched moves, best first: (square, score, final), final when the
    /// score is exact (inside its window) and a final margin (its search
    /// rested on no estimate).
    scored: Vec<(u32, i32, bool)>,
    /// Every move was searched.
    complete: bool,
    /// Some move's search (an exact score or a bound) rested on an
    /// estimate: the root's score is no final margin.
    estimated: bool,
}

impl<'a, G: ExactGeometry> Worker<'a, G> {
    fn new(
        table: &'a Table,
        stop: &'a AtomicBool,
        eval: Option<SizeEvaluator<G::B>>,
        selectivity: Option<f64>,
        deadline: Option<Deadline>,
        contempt: i32,
    ) -> Self {
        Worker {
            table,
            stop,
            eval,
            selectivity,
            deadline,
            nodes: 0,
            estimated: 0,
            table_use: TableStats::default(),
            history: [0; 128],
            contempt,
            height: 0,
        }
    }

    /// The table's entry for `hash`, counted.
    fn probe(&mut self, hash: u64) -> Option<Entry> {
        let entry = self.table.probe(hash);
        self.table_use.probes += 1;
        self.table_use.hits += u64::from(entry.is_some());
        entry
    }

    /// Stores `entry` for `hash`, counted.
    fn store(&mut self, hash: u64, entry: Entry) {
        let stored = self.table.store(hash, entry);
        self.table_use.stores += 1;
        if matches!(stored, Stored::Inserted | Stored::Joined | Stored::Replaced) {
            self.table_use.insertions += 1;
        }
        if matches!(stored, Stored::Joined | Stored::Replaced) {
            self.table_use.collisions += 1;
        }
    }

    /// The table key of a position at the current height.
    fn key(&self, p: G::B, o: G::B) -> u64 {
        node_key(p, o, self.contempt, self.height)
    }

    /// A finished game's score for the side to move, a draw valued by the
    /// contempt.
    fn final_value(&self, p: G::B, o: G::B) -> i32 {
        match final_score::<G>(p, o) {
            0 if self.height.is_multiple_of(2) => -self.contempt,
            0 => self.contempt,
            score => score,
        }
    }

    /// [`Worker::search`] of a child position (the other side to move, one
    /// ply further from the root).
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        p: G::B,
        o: G::B,
        kept: &G::Kept,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.height += 1;
        let score = self.search(p, o, kept, depth, alpha, beta);
        self.height -= 1;
        score
    }

    fn stopped(&mut self) -> bool {
        if self.nodes.is_multiple_of(POLL_NODES) && self.deadline.is_some_and(|d| d.expired()) {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.stop.load(Ordering::Relaxed)
    }

    /// The evaluation of `p` to move against `o` (kept as `kept`, with
    /// legal moves `legal`).
    fn evaluate(&self, p: G::B, o: G::B, kept: &G::Kept, legal: G::B) -> i32 {
        match self.eval {
            Some(eval) => eval(p, o),
            None => G::evaluate_kept(kept, p, o, legal),
        }
        .clamp(-max_eval::<G>(), max_eval::<G>())
    }

    /// Iterative deepening from `first` to `max_depth`.
    #[allow(clippy::too_many_arguments)]
    fn iterate(
        &mut self,
        p: G::B,
        o: G::B,
        first: u32,
        max_depth: u32,
        multi: usize,
        soft: Option<Instant>,
        progress: &mut dyn FnMut(&MidgameReport),
    ) -> MidgameReport {
        let mut order: Vec<(u32, i32)> = Squares(moves::<G>(p, o)).map(|s| (s, 0)).collect();
        let kept = G::kept(p, o);
        let empties = (!(p | o) & G::FULL).count();
        let mut report = MidgameReport {
            best: order.first().map(|m| m.0),
            moves: order.clone(),
            ..MidgameReport::default()
        };
        // The best score of the last two iterations: the window centres on
        // the one of the same parity, since the evaluation leans towards
        // the side to move and scores swing by several discs between odd
        // and even depths.
        let mut previous: [Option<i32>; 2] = [None, None];
        'deepening: for depth in first..=max_depth {
            let centre = previous[(depth % 2) as usize].or(previous[(1 - depth % 2) as usize]);
            let aspirate = depth >= 4 && multi == 1;
            let (mut alpha, mut beta) = if let (true, Some(centre)) = (aspirate, centre) {
                (centre - ASPIRATION, centre + ASPIRATION)
            } else {
                (-inf::<G>(), inf::<G>())
            };
            let mut delta = ASPIRATION;
            let accepted = loop {
                let r = self.root(p, o, &kept, depth, alpha, beta, &order, multi);
                let Some(&(square, score, exact)) = r.scored.first() else {
                    break 'deepening;
                };
                if !r.complete {
                    // Cut short: the best move so far counts if it beat the
                    // window's floor (its score is then a real lower bound).
                    if score > alpha {
                        report.best = Some(square);
                        report.score = score;
                        if let Some(m) = report.moves.iter_mut().find(|m| m.0 == square) {
                            m.1 = score;
                        }
                        report.moves.sort_by_key(|m| std::cmp::Reverse(m.1));
                        if !exact {
                            report.ended.retain(|&m| m != square);
                        }
                    }
                    break 'deepening;
                }
                order = r.scored.iter().map(|&(m, s, _)| (m, s)).collect();
                if score <= alpha && alpha > -inf::<G>() {
                    alpha = (alpha - delta).max(-inf::<G>());
                    delta *= 2;
                    continue;
                }
                if score >= beta && beta < inf::<G>() {
                    beta = (beta + delta).min(inf::<G>());
                    delta *= 2;
                    continue;
                }
                break r;
            };
            previous[(depth % 2) as usize] = Some(order[0].1);
            report.best = Some(order[0].0);
            report.score = order[0].1;
            report.depth = depth;
            report.moves = order.clone();
            report.nodes = self.nodes;
            // Under a contempt a draw scores the contempt, not a margin.
            let margins = self.contempt == 0;
            report.exact = margins && !accepted.estimated;
            report.ended = accepted
                .scored
                .iter()
                .filter(|m| margins && m.2)
                .map(|m| m.0)
                .collect();
            progress(&report);
            if report.exact {
                // Every line reached the end: deeper finds the same.
                break;
            }
            if depth >= empties && self.selectivity.is_none() {
                break;
            }
            if depth >= empties + 2 {
                // Deeper only repeats the same full-width ending.
                break;
            }
            if soft.is_some_and(|s| Instant::now() >= s) {
                break;
            }
        }
        report
    }

    /// One root iteration at `depth` with window `(alpha, beta)`, the moves
    /// in `order`.
    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        p: G::B,
        o: G::B,
        kept: &G::Kept,
        depth: u32,
        alpha: i32,
        beta: i32,
        order: &[(u32, i32)],
        multi: usize,
    ) -> RootResult {
        let mut scored: Vec<(u32, i32, bool)> = Vec::with_capacity(order.len());
        let mut best = -inf::<G>();
        let mut complete = true;
        let estimated_before = self.estimated;
        for (i, &(square, _)) in order.iter().enumerate() {
            let move_estimated_before = self.estimated;
            let f = flips::<G>(square, p, o);
            let (cp, co) = (o ^ f, p | f | G::B::bit(square));
            let ck = G::kept_after(kept, square, f);
            let floor = if multi <= 1 {
                if i == 0 {
                    alpha
                } else {
                    alpha.max(best)
                }
            } else if scored.len() >= multi {
                let mut s: Vec<i32> = scored.iter().map(|m| m.1).collect();
                s.sort_unstable_by_key(|&v| std::cmp::Reverse(v));
                s[multi - 1]
            } else {
                -inf::<G>()
            };
            let score = if i == 0 || floor <= -inf::<G>() {
                -self.child(cp, co, &ck, depth - 1, -beta, -floor)
            } else {
                let probe = -self.child(cp, co, &ck, depth - 1, -floor - 1, -floor);
                if probe > floor && probe < beta && !self.stop.load(Ordering::Relaxed) {
                    -self.child(cp, co, &ck, depth - 1, -beta, -floor)
                } else {
                    probe
                }
            };
            if self.stop.load(Ordering::Relaxed) {
                complete = false;
                break;
            }
            let in_window = score > floor && score < beta;
            let ended = self.estimated == move_estimated_before;
            scored.push((square, score, in_window && ended));
            best = best.max(score);
            if multi <= 1 && best >= beta {
                // Fail high: the iteration re-searches with a wider window.
                break;
            }
        }
        scored.sort_by_key(|m| std::cmp::Reverse(m.1));
        if complete {
            // Moves not searched after a fail high keep their old place.
            for &(square, _) in order {
                if !scored.iter().any(|m| m.0 == square) {
                    scored.push((square, -inf::<G>(), false));
                }
            }
        }
        if complete && scored.first().is_some_and(|m| m.1 > alpha) {
            let top = scored[0];
            let key = self.key(p, o);
            self.store(
                key,
                Entry {
                    score: top.1,
                    bound: Bound::of(top.1, alpha, beta),
                    depth: depth.min(255) as u8,
                    best: top.0 as u8,
                },
            );
        }
        RootResult {
            scored,
            complete,
            estimated: self.estimated != estimated_before,
        }
    }

    /// Principal-variation search below the root.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        p: G::B,
        o: G::B,
        kept: &G::Kept,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.stopped() {
            return 0;
        }
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            if moves::<G>(o, p).is_empty() {
                return self.final_value(p, o);
            }
            // A pass costs no depth.
            return -self.child(o, p, &G::kept_passed(kept), depth, -beta, -alpha);
        }
        if depth == 0 {
            self.estimated += 1;
            return self.evaluate(p, o, kept, legal);
        }
        if depth == 1 {
            return self.above_horizon(p, o, kept, legal, alpha, beta);
        }
        let empties = (!(p | o) & G::FULL).count();
        let (mut alpha, mut beta) = (alpha, beta);
        let hash = self.key(p, o);
        let mut hint = NO_MOVE;
        if let Some(entry) = self.probe(hash) {
            hint = entry.best;
            if entry.depth as u32 >= depth {
                if u32::from(entry.depth) < empties {
                    self.estimated += 1;
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
        }
        let null_window = beta - alpha == 1;
        if let Some(t) = self.selectivity {
            if null_window && depth >= probcut::CUT_FROM && depth < empties {
                // The probes' own estimates do not count unless they cut.
                let before = self.estimated;
                let cut = self.probcut(p, o, kept, depth, alpha, beta, empties, t);
                self.estimated = before;
                if let Some(cut) = cut {
                    self.estimated += 1;
                    return cut;
                }
            }
        }

        // Order: the table's move, then by a shallow look at each child
        // (whose estimates order the moves, never score them).
        let estimated_before_ordering = self.estimated;
        let mut room = G::move_list();
        let list = room.as_mut();
        let mut count = 0;
        for square in Squares(legal) {
            let f = flips::<G>(square, p, o);
            let (cp, co) = (o ^ f, p | f | G::B::bit(square));
            let key = if square == u32::from(hint) {
                i32::MIN
            } else if depth >= SHALLOW_ORDER_DEPTH {
                let ck = G::kept_after(kept, square, f);
                self.child(cp, co, &ck, 1, -inf::<G>(), inf::<G>())
                    + 40 * weighted_mobility::<G>(cp, co)
            } else if depth >= 3 {
                let child_moves = moves::<G>(cp, co);
                let value = match self.eval {
                    Some(eval) => eval(cp, co),
                    None => G::evaluate_child(kept, square, f, cp, co, child_moves),
                }
                .clamp(-max_eval::<G>(), max_eval::<G>());
                let corners = (child_moves & G::CORNERS).count();
                value + 40 * (child_moves.count() + corners) as i32
            } else {
                weighted_mobility::<G>(cp, co) * 64 - self.history[square as usize].min(60)
            };
            list[count] = (square as u8, f, key);
            count += 1;
        }
        self.estimated = estimated_before_ordering;
        if self.stop.load(Ordering::Relaxed) {
            return 0;
        }
        let list = &mut list[..count];
        list.sort_unstable_by_key(|m| m.2);

        let original_alpha = alpha;
        let mut best = -inf::<G>();
        let mut best_square = NO_MOVE;
        for (i, &(square, f, _)) in list.iter().enumerate() {
            let (cp, co) = (o ^ f, p | f | G::B::bit(u32::from(square)));
            let ck = G::kept_after(kept, u32::from(square), f);
            let score = if i == 0 {
                -self.child(cp, co, &ck, depth - 1, -beta, -alpha)
            } else {
                let probe = -self.child(cp, co, &ck, depth - 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.child(cp, co, &ck, depth - 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            if self.stop.load(Ordering::Relaxed) {
                return 0;
            }
            if score > best {
                best = score;
                best_square = square;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let h = &mut self.history[square as usize];
                        *h = (*h + (depth * depth) as i32).min(1 << 20);
                        break;
                    }
                }
            }
        }
        self.store(
            hash,
            Entry {
                score: best,
                bound: Bound::of(best, original_alpha, beta),
                depth: depth.min(255) as u8,
                best: best_square,
            },
        );
        best
    }

    /// A node one ply above the horizon: its children evaluated, corners
    /// first, without the table. A probe here costs more than the
    /// evaluations it could save: depth-15 searches of 100 positions took
    /// 5.3 s instead of 6.6-7.1 s (`fixed_depth -- 100 15 7 0`, 8x8).
    #[allow(clippy::too_many_arguments)]
    fn above_horizon(
        &mut self,
        p: G::B,
        o: G::B,
        kept: &G::Kept,
        legal: G::B,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut alpha = alpha;
        let mut best = -inf::<G>();
        let corners = legal & G::CORNERS;
        for square in Squares(corners).chain(Squares(legal & !corners)) {
            let f = flips::<G>(square, p, o);
            let (cp, co) = (o ^ f, p | f | G::B::bit(square));
            let score = -self.horizon_child(kept, square, f, cp, co, beta, alpha);
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

    /// [`Worker::child`] at depth 0 (the horizon) of a child of the
    /// position kept as `parent`, evaluated from it without keeping the
    /// child's part whole: the same positions counted and the same score.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn horizon_child(
        &mut self,
        parent: &G::Kept,
        square: u32,
        f: G::B,
        cp: G::B,
        co: G::B,
        beta: i32,
        alpha: i32,
    ) -> i32 {
        let child_moves = moves::<G>(cp, co);
        if child_moves.is_empty() {
            let ck = G::kept_after(parent, square, f);
            return self.child(cp, co, &ck, 0, -beta, -alpha);
        }
        self.nodes += 1;
        if self.stopped() {
            return 0;
        }
        self.estimated += 1;
        match self.eval {
            Some(eval) => eval(cp, co),
            None => G::evaluate_child(parent, square, f, cp, co, child_moves),
        }
        .clamp(-max_eval::<G>(), max_eval::<G>())
    }

    /// Multi-ProbCut at a null-window node: `Some(score)` when a shallow
    /// probe predicts the deep search's side of the window confidently.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        p: G::B,
        o: G::B,
        kept: &G::Kept,
        depth: u32,
        alpha: i32,
        beta: i32,
        empties: u32,
        t: f64,
    ) -> Option<i32> {
        let stage = probcut::stage(empties);
        let shallow = probcut::shallow_depth(depth);
        let (high, low) = probcut::thresholds(depth, stage, alpha, beta, t);
        if high < max_eval::<G>() && self.search(p, o, kept, shallow, high - 1, high) >= high {
            return Some(beta);
        }
        if low > -max_eval::<G>() && self.search(p, o, kept, shallow, low, low + 1) <= low {
            return Some(alpha);
        }
        None
    }
}

/// A full-width search without a table or selectivity: the slow reference
/// the tests check the engine against.
#[cfg(test)]
pub fn reference_minimax(p: u64, o: u64, depth: u32, eval: Evaluator) -> i32 {
    let legal = moves::<Size8>(p, o);
    if legal == 0 {
        if moves::<Size8>(o, p) == 0 {
            return final_score::<Size8>(p, o);
        }
        return -reference_minimax(o, p, depth, eval);
    }
    if depth == 0 {
        return eval(p, o).clamp(-max_eval::<Size8>(), max_eval::<Size8>());
    }
    Squares(legal)
        .map(|s| {
            let f = flips::<Size8>(s, p, o);
            -reference_minimax(o ^ f, p | f | (1u64 << s), depth - 1, eval)
        })
        .max()
        .unwrap_or(-inf::<Size8>())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// A position `plies` random moves from the start.
    pub(crate) fn random_position(seed: u64, plies: u32) -> (u64, u64) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        for _ in 0..plies {
            let legal = moves::<Size8>(p, o);
            if legal == 0 {
                if moves::<Size8>(o, p) == 0 {
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                continue;
            }
            let all: Vec<u32> = Squares(legal).collect();
            let s = all[rng.gen_range(0..all.len())];
            let f = flips::<Size8>(s, p, o);
            (p, o) = (o ^ f, p | f | (1u64 << s));
        }
        (p, o)
    }

    #[test]
    fn full_width_search_agrees_with_plain_minimax() {
        let mut engine = Engine::new(4, 1);
        engine.set_selectivity(None);
        for seed in 0..12 {
            let (p, o) = random_position(seed, 10 + seed as u32 * 3);
            if moves::<Size8>(p, o) == 0 {
                continue;
            }
            for depth in 1..=4 {
                let limits = Limits {
                    exact_empties: Some(0),
                    ..Limits::depth(depth)
                };
                let r = engine.think(p, o, limits, 1, &mut |_| {});
                let truth = reference_minimax(p, o, depth, EVALUATION);
                assert_eq!(r.score, truth, "seed {seed} depth {depth}");
                // The move played scores as claimed.
                let s = r.best.unwrap();
                let f = flips::<Size8>(s, p, o);
                let child = -reference_minimax(o ^ f, p | f | (1u64 << s), depth - 1, EVALUATION);
                assert_eq!(child, truth, "seed {seed} depth {depth}");
            }
        }
    }

    /// Plain minimax to the end of the game, a draw worth `-contempt` to
    /// the root's side: the reference for the contempt test.
    fn minimax_with_contempt(p: u64, o: u64, contempt: i32, root_side: bool) -> i32 {
        let legal = moves::<Size8>(p, o);
        if legal == 0 {
            if moves::<Size8>(o, p) == 0 {
                return match final_score::<Size8>(p, o) {
                    0 if root_side => -contempt,
                    0 => contempt,
                    score => score,
                };
            }
            return -minimax_with_contempt(o, p, contempt, !root_side);
        }
        Squares(legal)
            .map(|s| {
                let f = flips::<Size8>(s, p, o);
                -minimax_with_contempt(o ^ f, p | f | (1u64 << s), contempt, !root_side)
            })
            .max()
            .unwrap_or(-inf::<Size8>())
    }

    #[test]
    fn contempt_values_draws_as_the_reference_does() {
        let mut changed = 0;
        for contempt in [37, -37] {
            let mut engine = Engine::new(4, 1);
            engine.set_selectivity(None);
            engine.set_contempt(contempt);
            for seed in 0..60 {
                let (p, o) = random_position(500 + seed, 52);
                if moves::<Size8>(p, o) == 0 {
                    continue;
                }
                let empties = (!(p | o)).count_ones();
                let limits = Limits {
                    exact_empties: Some(0),
                    ..Limits::depth(empties)
                };
                let r = engine.think(p, o, limits, 1, &mut |_| {});
                let truth = minimax_with_contempt(p, o, contempt, true);
                assert_eq!(r.score, truth, "seed {seed} contempt {contempt}");
                if truth != minimax_with_contempt(p, o, 0, true) {
                    changed += 1;
                }
            }
        }
        // The positions include some where the draw decides the value.
        assert!(changed > 0);
    }

    #[test]
    fn several_threads_find_a_move_as_good() {
        for seed in 0..4 {
            let (p, o) = random_position(100 + seed, 20);
            if moves::<Size8>(p, o) == 0 {
                continue;
            }
            let mut engine = Engine::new(4, 2);
            engine.set_selectivity(None);
            let limits = Limits {
                exact_empties: Some(0),
                ..Limits::depth(4)
            };
            let r = engine.think(p, o, limits, 1, &mut |_| {});
            assert_eq!(r.score, reference_minimax(p, o, 4, EVALUATION));
        }
    }

    #[test]
    fn multi_pv_scores_the_top_moves_exactly() {
        let (p, o) = random_position(7, 16);
        let mut engine = Engine::new(4, 1);
        engine.set_selectivity(None);
        let limits = Limits {
            exact_empties: Some(0),
            ..Limits::depth(3)
        };
        let r = engine.think(p, o, limits, 3, &mut |_| {});
        let mut truth: Vec<i32> = Squares(moves::<Size8>(p, o))
            .map(|s| {
                let f = flips::<Size8>(s, p, o);
                -reference_minimax(o ^ f, p | f | (1u64 << s), 2, EVALUATION)
            })
            .collect();
        truth.sort_unstable_by_key(|&v| std::cmp::Reverse(v));
        let got: Vec<i32> = r.moves.iter().take(3).map(|m| m.1).collect();
        assert_eq!(got, truth[..3.min(truth.len())]);
    }

    #[test]
    fn the_exact_hand_over_gives_the_solver_score() {
        let (p, o) = random_position(3, 48);
        let mut engine = Engine::new(4, 1);
        let r = engine.think(p, o, Limits::depth(10), 1, &mut |_| {});
        assert!(r.exact);
        engine.set_selectivity(None);
        let truth = reference_minimax(p, o, 64, EVALUATION);
        assert_eq!(r.score, truth);
    }

    #[test]
    fn a_time_budget_is_used_and_not_overshot() {
        let mut engine = Engine::new(8, 1);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for _ in 0..4 {
            let (p, o) = random_position(rng.gen(), 14);
            if moves::<Size8>(p, o).count_ones() < 2 {
                continue;
            }
            let r = engine.think(
                p,
                o,
                Limits::time(Duration::from_millis(60)),
                1,
                &mut |_| {},
            );
            // Lenient: the suite shares a loaded machine; the strict
            // measurement is `examples/time_use.rs` (see the README).
            assert!(r.elapsed <= Duration::from_millis(100), "{:?}", r.elapsed);
            assert!(r.elapsed >= Duration::from_millis(30), "{:?}", r.elapsed);
            assert!(r.best.is_some());
        }
    }
}
