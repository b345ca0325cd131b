//! The move search: iterative deepening principal-variation alpha-beta
//! with a transposition table, threat-aware move generation and ordering,
//! and a VCF check before the search.
//!
//! Threats cut the tree where they force play:
//! - a cell that makes five for the side to move: a win next ply;
//! - the opponent has one five to make: the only move is to take it (and
//!   the ply is not counted against the depth); two or more: lost;
//! - the side to move can make an open four, or two fours with one stone,
//!   while the opponent cannot make even a four: a win in three plies;
//! - the opponent can make an open four (he has an open three): the only
//!   moves are the side to move's fours and the cells where the opponent
//!   would make a four (the blocks of the three).
//!
//! Elsewhere the moves are the empty cells within two of a stone, ordered
//! by a fitted policy of the patterns they make for both sides and their
//! distance from the last two stones (`policy.rs`) plus the history of
//! cutoffs, and only the best
//! [`BRANCH_LIMIT`] are searched below the root (fewer at null-window
//! nodes one or two plies from the horizon). At the horizon a
//! quiescence search plays the side to move's fours (each answered on its
//! only cell; past the first, only fours within reach of the previous
//! one) before it trusts the static evaluation. Null-window nodes
//! near the horizon far above beta stand on the static value, those
//! less far above it search their moves that make no four a ply
//! shallower, and every move after the first (at the root, late quiet
//! moves) is first searched shallower (`pruning.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_engine::Deadline;

use crate::board::Board;
use crate::learned::EvalWeights;
use crate::pattern::Level;
use crate::policy::PolicyContext;
use crate::pruning;
use crate::shape::Shape;
use crate::table::{Entry, Table, ENTRY_BYTES, EXACT, LOWER, UPPER};
use crate::vcf::ThreatSearch;
use crate::{Move, Stone};

/// A won position scores `WIN - plies to the win`.
const WIN: i32 = 1_000_000;
/// Scores beyond this are decided wins or losses.
const DECIDED: i32 = WIN - 10_000;
/// Nodes between two looks at the clock.
const POLL: u64 = 1023;
/// Moves searched below the root, best-ordered first: 10 since the
/// policy orders them (14 before; with the policy, 10 scored 58.3% against
/// the search before over 1,200 games at 100 ms a move, 14 55.4%).
pub const BRANCH_LIMIT: usize = 10;
/// Deepest iteration.
const MAX_DEPTH: u32 = 64;
/// Most fours the quiescence search plays beyond the horizon. After the
/// first, only fours within reach of the side's previous four: 60.4% over
/// 1,200 games at 100 ms a move against every four (the README's
/// "Connected fours beyond the horizon").
const QUIESCENCE_FOURS: i32 = 8;
/// Longest principal variation reported.
const PRINCIPAL_LENGTH: usize = 12;

/// A move's value as the search sees it, for the side that moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A forced win in this many plies (counting the move itself).
    Win(u32),
    /// A forced loss: the opponent wins within this many plies.
    Loss(u32),
    /// Undecided: the evaluation, positive when good for the mover.
    Heuristic(i32),
}

impl Score {
    fn from_raw(raw: i32) -> Score {
        if raw >= DECIDED {
            Score::Win((WIN - raw) as u32)
        } else if raw <= -DECIDED {
            Score::Loss((WIN + raw) as u32)
        } else {
            Score::Heuristic(raw)
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// The move to play.
    pub best: Move,
    /// Its value for the side that plays it.
    pub score: Score,
    /// The deepest iteration completed (0 when a threat decided at once).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line, `best` first.
    pub principal: Vec<Move>,
    /// True when the move starts a forced win by fours.
    pub vcf: bool,
    /// Wall-clock time spent.
    pub elapsed: std::time::Duration,
}

/// What the search judges quiet positions by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Evaluation {
    /// The line levels of both sides summed with hand-made weights, the
    /// side to move's weighted up.
    Patterns,
    /// The learned weights of each cell's combination of levels
    /// ([`crate::EvalWeights`]) where the board's rule and `k` have them
    /// (freestyle and exact, k = 5); elsewhere [`Evaluation::Patterns`].
    /// The default since the search reduces every late move: against
    /// Rapfi classical it scored 32.2% where the hand-made one scored
    /// 23.9% (README, "Rapfi's reductions in ply's search").
    #[default]
    Learned,
}

/// When a search stops deepening (see [`Engine::best_move_timed`]).
#[derive(Clone, Copy)]
struct Limits {
    start: Instant,
    soft: Option<Duration>,
    sharp: bool,
}

/// What one completed iteration of the search found.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// The iteration's depth.
    pub depth: u32,
    /// The best move's value for the side to move.
    pub score: Score,
    /// Positions the main thread visited so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The expected line, the best move first.
    pub principal: &'a [Move],
}

/// The most a cell's history adds to its ordering value: two logits of
/// the policy (whose ordering units are a twentieth of a logit,
/// `policy.rs`). The history grows with the search (a cutoff at depth `d`
/// adds `d * d / 64` units): unbounded, it added 6 logits at the 90th
/// percentile of a position's cells after a second of search and 37 after
/// five, so that a long search ordered, and kept within its
/// [`BRANCH_LIMIT`], the cells of past cutoffs of either side rather than
/// the moves the position asks for (README, "The table and the history in
/// long searches").
const HISTORY_MOST: u32 = 40;

/// Most search threads of one engine.
pub const MAX_THREADS: usize = 64;

/// A Gomoku engine: keeps its transposition table between moves.
pub struct Engine {
    table: Arc<Table>,
    /// Set when the main thread has its answer: the helper threads stop.
    stop: Arc<AtomicBool>,
    /// The helper threads' engines (lazy SMP): the same search on the
    /// same shared table, each with its own buffers and history.
    helpers: Vec<Engine>,
    /// True for a helper: it stops when `stop` is set.
    is_helper: bool,
    nodes: u64,
    deadline: Deadline,
    aborted: bool,
    buffers: Vec<Vec<usize>>,
    /// Each ply's static value for its side to move ([`NO_EVAL`]: not
    /// known), so a node sees whether its side's value improved.
    evals: Vec<i32>,
    scored: Vec<(std::cmp::Reverse<i32>, usize)>,
    history: Vec<u32>,
    /// The threat searches' memory, kept between the dozens of them a
    /// move runs.
    threats: ThreatSearch,
    /// The root's moves with their scores and places, reordered after
    /// each iteration.
    order: Vec<(usize, i32, usize)>,
    /// What quiet positions are judged by.
    evaluation: Evaluation,
    /// The learned evaluation's weights when not the shipped ones.
    weights: Option<&'static EvalWeights>,
    /// Deepest iteration the search starts.
    max_depth: u32,
}

impl Engine {
    /// An engine whose table takes at most `table_bytes` bytes (at least
    /// one entry).
    pub fn new(table_bytes: usize) -> Engine {
        let entries = (table_bytes / ENTRY_BYTES).max(1);
        // A power of two, so an index is a mask of the hash.
        let entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        Engine::sharing(
            Arc::new(Table::new(entries)),
            Arc::new(AtomicBool::new(false)),
            false,
        )
    }

    /// An engine searching with `table`, a helper stopped by `stop`.
    fn sharing(table: Arc<Table>, stop: Arc<AtomicBool>, is_helper: bool) -> Engine {
        Engine {
            table,
            stop,
            helpers: Vec::new(),
            is_helper,
            nodes: 0,
            deadline: Deadline::none(),
            aborted: false,
            buffers: Vec::new(),
            evals: Vec::new(),
            scored: Vec::new(),
            history: Vec::new(),
            threats: ThreatSearch::new(),
            order: Vec::new(),
            evaluation: Evaluation::default(),
            weights: None,
            max_depth: MAX_DEPTH,
        }
    }

    /// Judges quiet positions by `evaluation` (the helpers too).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
        for helper in &mut self.helpers {
            helper.set_evaluation(evaluation);
        }
    }

    /// Judges quiet positions by the learned evaluation with `weights`
    /// (one's own, from the training pipeline) on boards of their rule;
    /// on others by the shipped weights, where the rule has any.
    pub fn set_learned_weights(&mut self, weights: &'static EvalWeights) {
        self.set_evaluation(Evaluation::Learned);
        self.weights = Some(weights);
    }

    /// What quiet positions are judged by.
    pub fn evaluation(&self) -> Evaluation {
        self.evaluation
    }

    /// Stops deepening after `depth` plies (1 to 64; a fast, weak player
    /// for self-play), the helpers too.
    pub fn set_max_depth(&mut self, depth: u32) {
        self.max_depth = depth.clamp(1, MAX_DEPTH);
        for helper in &mut self.helpers {
            helper.set_max_depth(depth);
        }
    }

    /// Bytes the table takes.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * ENTRY_BYTES
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches on `threads` threads (1 to [`MAX_THREADS`]), sharing the
    /// table (lazy SMP): the answer is the main thread's, which the
    /// others speed up by filling the table. Forced moves and proofs by
    /// threats are found before the threads start, by the main thread
    /// alone, so they are the same whatever the count.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut helper = Engine::sharing(Arc::clone(&self.table), Arc::clone(&self.stop), true);
            helper.evaluation = self.evaluation;
            helper.max_depth = self.max_depth;
            self.helpers.push(helper);
        }
    }

    /// The threads the search runs on.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// The move for `to_move` on `board` within `deadline`, or `None` when
    /// the board has no empty cell. The search stops at the deadline (it
    /// looks at the clock every thousand positions) and answers with the
    /// deepest completed iteration.
    pub fn best_move(
        &mut self,
        board: &Board,
        to_move: Stone,
        deadline: Deadline,
    ) -> Option<SearchInfo> {
        self.best_move_timed(board, to_move, deadline, None)
    }

    /// [`Engine::best_move`] that also stops deepening once an iteration
    /// ends after `soft` has passed (`deadline` still cuts an iteration
    /// short). The soft limit doubles, within the deadline, when the
    /// position is sharp: the opponent threatens a four or an open four,
    /// he would have a forced win by fours after some moves, or the best
    /// move changed in the last iteration. A match clock's time is spent
    /// where it decides the game.
    pub fn best_move_timed(
        &mut self,
        board: &Board,
        to_move: Stone,
        deadline: Deadline,
        soft: Option<std::time::Duration>,
    ) -> Option<SearchInfo> {
        self.best_move_reporting(board, to_move, deadline, soft, None)
    }

    /// [`Engine::best_move_timed`] that tells `report` what each completed
    /// iteration found, as it finds it (a front end shows the search's
    /// progress); the answer is the same.
    pub fn best_move_reporting(
        &mut self,
        board: &Board,
        to_move: Stone,
        deadline: Deadline,
        soft: Option<std::time::Duration>,
        mut report: Option<&mut dyn FnMut(&Progress)>,
    ) -> Option<SearchInfo> {
        let start = Instant::now();
        let mut board = board.clone();
        if self.evaluation == Evaluation::Learned {
            // The copy keeps the learned sums: of the engine's own weights
            // for their rule, else the shipped ones (unless the caller
            // chose weights of his own already).
            match self.weights.filter(|w| w.rule() == board.rule()) {
                Some(weights) => board.use_weights(weights),
                None => {
                    board.use_learned();
                }
            }
        }
        self.prepare(&board, deadline);
        // The helpers share the table: one new search for all of them.
        self.table.new_search();
        let me = to_move;
        let opponent = me.opponent();
        let info = |board: &Board,
                    best: usize,
                    raw: i32,
                    depth: u32,
                    nodes: u64,
                    pv: Vec<usize>,
                    vcf: bool| {
            let mut principal: Vec<Move> = pv.iter().map(|&c| board.to_move(c)).collect();
            if principal.first() != Some(&board.to_move(best)) {
                principal = vec![board.to_move(best)];
            }
            SearchInfo {
                best: board.to_move(best),
                score: Score::from_raw(raw),
                depth,
                nodes,
                principal,
                vcf,
                elapsed: start.elapsed(),
            }
        };
        let mut moves = Vec::new();
        board.legal_candidates(me, &mut moves);
        let &first = moves.first()?;
        if let Some(win) = board.cells_at_least(me, Level::Five).next() {
            return Some(info(&board, win, WIN - 1, 0, 0, vec![win], false));
        }
        let blocks: Vec<usize> = board.cells_at_least(opponent, Level::Five).collect();
        if let Some(&block) = blocks.first() {
            // Under renju black may be unable to block: then he has lost,
            // and any move he may play will do.
            if board.forbidden(block, me) {
                return Some(info(&board, first, -(WIN - 2), 0, 0, vec![first], false));
            }
            let raw = if blocks.len() > 1 { -(WIN - 2) } else { 0 };
            return Some(info(&board, block, raw, 0, 0, vec![block], false));
        }
        // A forced win by fours, looked for with a share of the budget.
        let vcf_deadline = share(&deadline, 5);
        if self.threats.vcf(&mut board, me, 30, vcf_deadline) {
            let cells = self.threats.cells().to_vec();
            let plies = cells.len() as i32;
            return Some(info(&board, cells[0], WIN - plies, 0, 0, cells, true));
        }

        // A win by threats (open threes and fours), with a smaller share:
        // it is evidence, not proof, so it must survive the defence check.
        if self.threats.vct(&mut board, me, 6, share(&deadline, 6)) {
            let line = self.threats.cells().to_vec();
            if let Some(&cell) = line.first() {
                board.put_stone(cell, me);
                let refuted = self
                    .threats
                    .vcf(&mut board, opponent, 30, share(&deadline, 10));
                board.take_back();
                if !refuted {
                    return Some(info(&board, cell, 0, 0, 0, line, false));
                }
            }
        }
        self.generate(&board, me, 0, None, usize::MAX);
        let mut root = self.buffers[0].clone();
        if root.is_empty() {
            root.push(first);
        }
        // If the opponent would have a forced win by fours, keep the moves
        // after which he has none (when there are such moves).
        // An open three of the opponent's makes the position sharp.
        let mut sharp = board.threatens(opponent, Level::OpenFour);
        if self
            .threats
            .vcf(&mut board, opponent, 30, share(&deadline, 8))
        {
            sharp = true;
            let check = share(&deadline, 3);
            let mut safe = Vec::new();
            for &cell in root.iter().take(40) {
                board.put_stone(cell, me);
                let refuted = self.threats.vcf(&mut board, opponent, 30, check);
                board.take_back();
                if !refuted {
                    safe.push(cell);
                }
                if check.expired() {
                    break;
                }
            }
            if !safe.is_empty() {
                root = safe;
            }
        }
        // The search stops early enough to leave time for the check below.
        let outer = self.deadline;
        self.deadline = match outer.remaining() {
            Some(left) => Deadline::after(Some(left * 9 / 10)),
            None => outer,
        };
        let limits = Limits { start, soft, sharp };
        let (mut best, best_raw, completed, line) = if self.helpers.is_empty() {
            self.deepen(&mut board, me, &mut root, limits, 1, &mut report)
        } else {
            let mut helpers = std::mem::take(&mut self.helpers);
            self.stop.store(false, Ordering::Relaxed);
            let deadline = self.deadline;
            let found = std::thread::scope(|scope| {
                for (i, helper) in helpers.iter_mut().enumerate() {
                    let mut own_board = board.clone();
                    let mut own_root = root.clone();
                    helper.prepare(&own_board, deadline);
                    // Odd helpers start one ply deeper, so the threads do
                    // not all search the same depth at once.
                    let first_depth = 1 + (i as u32 + 1) % 2;
                    scope.spawn(move || {
                        helper.deepen(
                            &mut own_board,
                            me,
                            &mut own_root,
                            limits,
                            first_depth,
                            &mut None,
                        );
                    });
                }
                let found = self.deepen(&mut board, me, &mut root, limits, 1, &mut report);
                self.stop.store(true, Ordering::Relaxed);
                found
            });
            self.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
            self.helpers = helpers;
            found
        };
        self.deadline = outer;
        if best_raw.abs() < DECIDED {
            best = self.avoid_threat_wins(&mut board, me, best, &root, outer);
        }
        // The table may have lost the line's later positions since the
        // best move was found: its line from then, if longer, stands.
        let mut pv = self.principal(&mut board, me, best);
        if line.first() == Some(&best) && line.len() > pv.len() {
            pv = line;
        }
        Some(info(
            &board, best, best_raw, completed, self.nodes, pv, false,
        ))
    }

    /// Iterative deepening from `first_depth` over the root moves `root`
    /// (reordered by each iteration's scores), until the deadline, a
    /// decided score or the soft limit: the best move, its score, the
    /// deepest iteration completed and the move's line as the table held
    /// it when the move was found best.
    fn deepen(
        &mut self,
        board: &mut Board,
        me: Stone,
        root: &mut [usize],
        limits: Limits,
        first_depth: u32,
        report: &mut Option<&mut dyn FnMut(&Progress)>,
    ) -> (usize, i32, u32, Vec<usize>) {
        let opponent = me.opponent();
        let mut best = root[0];
        let mut best_raw = -WIN;
        // Two lines for the whole search: allocated once, however long
        // it runs.
        let mut best_line = Vec::with_capacity(PRINCIPAL_LENGTH);
        let mut iteration_line = Vec::with_capacity(PRINCIPAL_LENGTH);
        let mut completed = 0;
        let mut scores = vec![0i32; root.len()];
        self.evals[0] = self.judge(board, me);
        for depth in first_depth..=self.max_depth.max(first_depth) {
            let mut alpha = -WIN;
            let mut iteration_best = root[0];
            iteration_line.clear();
            for (i, &cell) in root.iter().enumerate() {
                // Late quiet root moves too are first searched shallower,
                // once a move is known not to lose (`pruning.rs`).
                let reduced = i >= pruning::REDUCE_ROOT_FROM
                    && depth as i32 >= pruning::REDUCE_DEPTH
                    && alpha > -DECIDED
                    && pruning::is_quiet(board, cell, me);
                board.put_stone(cell, me);
                let score = if i == 0 {
                    -self.negamax(board, opponent, depth as i32 - 1, -WIN, -alpha, 1, false)
                } else {
                    let full = depth as i32 - 1;
                    let shallower = reduced.then(|| full - pruning::reduction(depth as i32, i));
                    self.later_move(board, opponent, full, shallower, (alpha, WIN), 1)
                };
                board.take_back();
                if self.aborted {
                    break;
                }
                scores[i] = score;
                if score > alpha {
                    alpha = score;
                    iteration_best = cell;
                    // Read while the move's positions are fresh in the table.
                    self.principal_into(board, me, cell, &mut iteration_line);
                }
            }
            if self.aborted {
                // A move that beat the previous iteration's best before the
                // deadline is still better evidence than nothing.
                if alpha > best_raw && completed > 0 && iteration_best != best {
                    best = iteration_best;
                    std::mem::swap(&mut best_line, &mut iteration_line);
                }
                break;
            }
            completed = depth;
            let changed = depth > 1 && iteration_best != best;
            best = iteration_best;
            std::mem::swap(&mut best_line, &mut iteration_line);
            best_raw = alpha;
            // Next iteration: best first, then by this iteration's scores.
            // Ties keep their order: the index breaks them, so the sort
            // needs no stable sort's buffer (no allocation an iteration).
            self.order.clear();
            self.order.extend(
                (root.iter().copied().zip(scores.iter().copied()))
                    .enumerate()
                    .map(|(i, (c, s))| (c, s, i)),
            );
            self.order
                .sort_unstable_by_key(|&(c, s, i)| (c != best, std::cmp::Reverse(s), i));
            for ((cell, score), &(c, s, _)) in
                root.iter_mut().zip(scores.iter_mut()).zip(&self.order)
            {
                (*cell, *score) = (c, s);
            }
            if let Some(report) = report.as_mut() {
                let line: Vec<Move> = self
                    .principal(board, me, best)
                    .iter()
                    .map(|&c| board.to_move(c))
                    .collect();
                report(&Progress {
                    depth,
                    score: Score::from_raw(best_raw),
                    nodes: self.nodes,
                    elapsed: limits.start.elapsed(),
                    principal: &line,
                });
            }
            if best_raw.abs() >= DECIDED || root.len() == 1 {
                break;
            }
            if let Some(soft) = limits.soft {
                let limit = if limits.sharp || changed {
                    soft * 2
                } else {
                    soft
                };
                if limits.start.elapsed() >= limit {
                    break;
                }
            }
        }
        (best, best_raw, completed, best_line)
    }

    /// The state for a new search on `board` within `deadline`, the main
    /// thread's and each helper's.
    fn prepare(&mut self, board: &Board, deadline: Deadline) {
        self.nodes = 0;
        self.aborted = false;
        self.deadline = deadline;
        if self.history.len() < board.cell_slots() {
            self.history = vec![0; board.cell_slots()];
        }
        // Room for every ply and every move from the start: a search that
        // reaches a new depth must not allocate there.
        let cells = board.width() * board.height();
        if self.evals.len() <= cells + 1 {
            self.evals.resize(cells + 2, NO_EVAL);
        }
        if self.buffers.len() <= cells {
            self.buffers
                .resize_with(cells + 1, || Vec::with_capacity(cells));
            self.scored.reserve(cells);
        }
        self.history.iter_mut().for_each(|h| *h /= 8);
    }

    /// `best`, unless the opponent would then win by threats (a VCT) and
    /// one of the next few moves of `order` leaves him none.
    fn avoid_threat_wins(
        &mut self,
        board: &mut Board,
        me: Stone,
        best: usize,
        order: &[usize],
        deadline: Deadline,
    ) -> usize {
        let opponent = me.opponent();
        let candidates = std::iter::once(best).chain(order.iter().copied().filter(|&c| c != best));
        for cell in candidates.take(6) {
            if deadline.expired() {
                break;
            }
            board.put_stone(cell, me);
            let check = share(&deadline, 3);
            let threatened = self.threats.vct(board, opponent, 4, check);
            board.take_back();
            if !threatened {
                return cell;
            }
        }
        best
    }

    /// The line the table remembers after `first`.
    fn principal(&self, board: &mut Board, me: Stone, first: usize) -> Vec<usize> {
        let mut line = Vec::with_capacity(PRINCIPAL_LENGTH);
        self.principal_into(board, me, first, &mut line);
        line
    }

    /// [`Engine::principal`] into `line` (emptied first), which keeps its
    /// allocation.
    fn principal_into(&self, board: &mut Board, me: Stone, first: usize, line: &mut Vec<usize>) {
        line.clear();
        line.push(first);
        board.put_stone(first, me);
        let mut side = me.opponent();
        while line.len() < PRINCIPAL_LENGTH && board.winner().is_none() {
            let Some(entry) = self.table.probe(key(board.hash(), side)) else {
                break;
            };
            let cell = usize::from(entry.cell);
            if cell >= board.cell_slots() || !board.is_free(cell) {
                break;
            }
            board.put_stone(cell, side);
            line.push(cell);
            side = side.opponent();
        }
        for _ in 0..line.len() {
            board.take_back();
        }
    }

    /// True when this is a helper and the main thread has its answer.
    fn stopped(&self) -> bool {
        self.is_helper && self.stop.load(Ordering::Relaxed)
    }

    /// Fills `self.buffers[ply]` with the moves worth searching for
    /// `side`, the best-ordered `limit` first (and only those).
    fn generate(
        &mut self,
        board: &Board,
        side: Stone,
        ply: usize,
        tt_move: Option<usize>,
        limit: usize,
    ) {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let opponent = side.opponent();
        if board.threatens(opponent, Level::OpenFour) {
            moves.clear();
            moves.extend(board.cells_at_least(side, Level::Four));
            moves.extend(
                board
                    .cells_at_least(opponent, Level::Four)
                    .filter(|&c| board.best_level(c, side) < Level::Four as u8),
            );
            moves.retain(|&c| !board.forbidden(c, side));
            if moves.is_empty() {
                board.legal_candidates(side, &mut moves);
            }
        } else {
            board.legal_candidates(side, &mut moves);
        }
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        let policy = PolicyContext::new(board);
        scored.extend(moves.iter().map(|&c| {
            let s = if Some(c) == tt_move {
                i32::MAX
            } else {
                policy.order(board, c, side) + (self.history[c] / 64).min(HISTORY_MOST) as i32
            };
            (std::cmp::Reverse(s), c)
        }));
        if scored.len() > limit {
            scored.select_nth_unstable(limit);
            scored.truncate(limit);
        }
        scored.sort_unstable();
        moves.clear();
        moves.extend(scored.iter().map(|&(_, c)| c));
        self.scored = scored;
        self.buffers[ply] = moves;
    }

    /// The static value of `board` for `side` to move, by the engine's
    /// [`Evaluation`].
    #[inline]
    fn judge(&self, board: &Board, side: Stone) -> i32 {
        if self.learned_judges(board) {
            board.learned_unchecked(side)
        } else {
            evaluate(board, side)
        }
    }

    /// A margin given in the hand-made evaluation's units, in the units
    /// of the evaluation that judges `board`.
    fn margin(&self, board: &Board, hand_made: i32) -> i32 {
        if self.learned_judges(board) {
            pruning::in_learned_units(hand_made)
        } else {
            hand_made
        }
    }

    /// True when the learned evaluation judges `board`.
    fn learned_judges(&self, board: &Board) -> bool {
        self.evaluation == Evaluation::Learned && board.has_learned()
    }

    /// The value of a quiet horizon node: the static evaluation (the side
    /// to move may stand on it), or better, one of its fours, which the
    /// opponent must answer on the only cell (the answer is not counted).
    /// So a win by fours just beyond the horizon, or a four-three, is seen
    /// (the four's block leaves an open three, which wins when the
    /// opponent has no four), and the evaluation is never read in the
    /// middle of a chain of fours. At most [`QUIESCENCE_FOURS`] fours deep.
    fn quiesce(
        &mut self,
        board: &mut Board,
        side: Stone,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let stand = self.judge(board, side);
        if stand >= beta
            || depth <= -QUIESCENCE_FOURS
            || !board.has_at_least(side, Level::Four)
            || board.is_full()
        {
            return stand;
        }
        let opponent = side.opponent();
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        // Past the chain's first four, only fours in reach of the side's
        // previous stone (its last four, blocked since; after a reduction
        // past the horizon, its last move): a four-chain's fours connect,
        // and the others rarely win (see [`QUIESCENCE_FOURS`]).
        let previous = if depth < 0 {
            board.recent_cell(1)
        } else {
            None
        };
        moves.extend(
            board
                .cells_at_least(side, Level::Four)
                .filter(|&c| !board.forbidden(c, side))
                .filter(|&c| previous.is_none_or(|p| board.in_reach(p, c))),
        );
        self.buffers[ply] = moves;
        let mut best = stand;
        alpha = alpha.max(stand);
        let count = self.buffers[ply].len();
        for i in 0..count {
            let cell = self.buffers[ply][i];
            board.put_stone(cell, side);
            let score = -self.negamax(board, opponent, depth - 1, -beta, -alpha, ply + 1, false);
            board.take_back();
            if self.aborted {
                return 0;
            }
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

    /// The score of a root move after the first (already played:
    /// `opponent` to move at `ply`) in the window `(alpha, beta)`, by
    /// principal variation search: a null window at `shallower` plies
    /// first when the move is reduced, then at `depth`, and the whole
    /// window only when the move beats alpha.
    fn later_move(
        &mut self,
        board: &mut Board,
        opponent: Stone,
        depth: i32,
        shallower: Option<i32>,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> i32 {
        let mut probe = alpha + 1;
        if let Some(shallower) = shallower {
            probe = -self.negamax(board, opponent, shallower, -alpha - 1, -alpha, ply, true);
        }
        if probe > alpha && !self.aborted {
            probe = -self.negamax(board, opponent, depth, -alpha - 1, -alpha, ply, true);
        }
        if probe > alpha && probe < beta && !self.aborted {
            -self.negamax(board, opponent, depth, -beta, -alpha, ply, false)
        } else {
            probe
        }
    }

    /// The score of a move after the first below the root (already
    /// played: `opponent` to move at `ply`) in the window `(alpha, beta)`,
    /// searched `depth` plies deep less `reduction`: a null window at the
    /// reduced depth first; if the move beats alpha there, a null window
    /// at full depth (a ply deeper when it beat alpha by far, a ply
    /// shallower when it did not beat the node's `best` so far by a
    /// little); and the whole window only when the move still beats alpha
    /// at an open-window node.
    fn late_move(
        &mut self,
        board: &mut Board,
        opponent: Stone,
        (depth, reduction): (i32, i32),
        (alpha, beta): (i32, i32),
        best: i32,
        (ply, cut_node): (usize, bool),
    ) -> i32 {
        let mut full = depth;
        let mut value;
        if reduction > 0 {
            let shallow = depth - reduction;
            value = -self.negamax(board, opponent, shallow, -alpha - 1, -alpha, ply, true);
            if value <= alpha || self.aborted {
                return value;
            }
            let deeper = value > alpha + self.margin(board, pruning::deeper_margin(reduction));
            let shallower = value < best.saturating_add(self.margin(board, 5 * depth));
            full += i32::from(deeper) - i32::from(shallower);
            if full > shallow {
                value = -self.negamax(board, opponent, full, -alpha - 1, -alpha, ply, !cut_node);
            }
        } else {
            value = -self.negamax(board, opponent, full, -alpha - 1, -alpha, ply, !cut_node);
        }
        if value > alpha && value < beta && beta - alpha > 1 && !self.aborted {
            value = -self.negamax(board, opponent, full, -beta, -alpha, ply, false);
        }
        value
    }

    /// The value of `board` for `side` to move at `ply`, searched `depth`
    /// plies deep in the window `(alpha, beta)`; `cut_node` marks a
    /// null-window node expected to fail high (it reduces more).
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        board: &mut Board,
        side: Stone,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & POLL == 0 && (self.deadline.expired() || self.stopped()) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let opponent = side.opponent();
        let ply_i = ply as i32;
        if board.winner().is_some() {
            // The last move (the opponent's) won.
            return -(WIN - ply_i);
        }
        if board.has_at_least(side, Level::Five) {
            return WIN - ply_i - 1;
        }
        let blocks = board.count(opponent, Level::Five);
        let mut forced = None;
        if blocks > 0 {
            let mut cells = board.cells_at_least(opponent, Level::Five);
            forced = cells.next();
            if cells.next().is_some() || forced.is_some_and(|c| board.forbidden(c, side)) {
                return -(WIN - ply_i - 2);
            }
        } else if flex_four(board, side) && !board.has_at_least(opponent, Level::Four) {
            return WIN - ply_i - 3;
        }
        if forced.is_none() && depth <= 0 {
            return self.quiesce(board, side, depth, alpha, beta, ply);
        }
        if board.is_full() {
            return 0;
        }
        let hash = board.hash();
        let mut tt_move = None;
        if let Some(entry) = self.table.probe(key(hash, side)) {
            tt_move = Some(usize::from(entry.cell));
            if i32::from(entry.depth) >= depth {
                let s = from_table(entry.score, ply_i);
                let cut = match entry.bound {
                    EXACT => true,
                    LOWER => s >= beta,
                    _ => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        // The static value on the ply stack: facing a five or an open
        // three it is the previous ply's, as the threat left it.
        let threatened = forced.is_some() || board.threatens(opponent, Level::OpenFour);
        let static_eval = if threatened {
            match self.evals[ply - 1] {
                NO_EVAL => NO_EVAL,
                value => -value,
            }
        } else {
            self.judge(board, side)
        };
        self.evals[ply] = static_eval;
        let improving = ply < 2
            || static_eval == NO_EVAL
            || self.evals[ply - 2] == NO_EVAL
            || static_eval > self.evals[ply - 2];
        // A null-window node's static value, when it may prune or reduce.
        let null_window = beta - alpha == 1;
        let judged = (forced.is_none() && null_window && beta.abs() < DECIDED).then(|| {
            if threatened {
                self.judge(board, side)
            } else {
                static_eval
            }
        });
        // Reverse futility (`pruning.rs`): a null-window node far above
        // beta with no open three against it stands on its value.
        if let Some(value) = judged {
            if depth <= pruning::FUTILITY_DEPTH
                && !board.threatens(opponent, Level::OpenFour)
                && value - self.margin(board, pruning::FUTILITY_MARGIN) * depth >= beta
            {
                return value;
            }
        }
        // Fail-high reduction (`pruning.rs`): above beta by a smaller
        // margin, the moves that make no four are searched a ply shallower.
        let likely_fail_high = judged.is_some_and(|value| {
            value >= beta + self.margin(board, pruning::FAIL_HIGH_MARGIN) * depth
        });
        match forced {
            Some(cell) => {
                if self.buffers.len() <= ply {
                    self.buffers.resize_with(ply + 1, Vec::new);
                }
                self.buffers[ply].clear();
                self.buffers[ply].push(cell);
            }
            None => {
                let limit = pruning::branch_limit(depth, null_window, BRANCH_LIMIT);
                self.generate(board, side, ply, tt_move, limit)
            }
        }
        let count = self.buffers[ply].len();
        if count == 0 {
            // Nothing the side may play near the stones (renju: all
            // forbidden): judge the position as it stands.
            return self.judge(board, side);
        }
        let next_depth = if forced.is_some() { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best = -WIN;
        let mut best_cell = self.buffers[ply][0];
        for i in 0..count {
            let cell = self.buffers[ply][i];
            let next_depth = if likely_fail_high && !pruning::makes_four(board, cell, side) {
                next_depth - 1
            } else {
                next_depth
            };
            // Every move after the first is first searched shallower
            // (`pruning.rs`), never below a ply.
            let reduction = if forced.is_none() && i >= 1 && depth >= 2 && next_depth >= 2 {
                let late = pruning::LateMove {
                    principal: !null_window,
                    cut_node,
                    improving,
                    attack: pruning::attacks(board, cell, side),
                };
                pruning::late_move_reduction(depth, i, late).min(next_depth - 1)
            } else {
                0
            };
            board.put_stone(cell, side);
            let score = if i == 0 {
                let child_cut = null_window && !cut_node;
                -self.negamax(
                    board,
                    opponent,
                    next_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    child_cut,
                )
            } else {
                self.late_move(
                    board,
                    opponent,
                    (next_depth, reduction),
                    (alpha, beta),
                    best,
                    (ply + 1, cut_node),
                )
            };
            board.take_back();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_cell = cell;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                // Saturating: a day-long think can pass 2^32 on a busy cell.
                self.history[cell] =
                    self.history[cell].saturating_add((depth.max(1) * depth.max(1)) as u32);
                break;
            }
        }
        let bound = if best <= original_alpha {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table.store(Entry {
            key: key(hash, side),
            score: to_table(best, ply_i),
            cell: best_cell as u16,
            depth: depth.clamp(0, 255) as u8,
            bound,
        });
        best
    }
}

/// A ply's static value not known.
const NO_EVAL: i32 = i32::MIN;

/// The table key: the board's hash with the side to move mixed in.
fn key(hash: u64, side: Stone) -> u64 {
    match side {
        Stone::Black => hash,
        Stone::White => hash ^ 0x9E37_79B9_7F4A_7C15,
    }
}

/// Win scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: i32) -> i32 {
    if score >= DECIDED {
        score + ply
    } else if score <= -DECIDED {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score >= DECIDED {
        score - ply
    } else if score <= -DECIDED {
        score + ply
    } else {
        score
    }
}

/// A deadline at `1/parts` of what is left of `deadline` (unlimited stays
/// unlimited, but then with a cap so a VCF attempt cannot run forever).
fn share(deadline: &Deadline, parts: u32) -> Deadline {
    let left = deadline
        .remaining()
        .unwrap_or(std::time::Duration::from_secs(5));
    Deadline::after(Some(left / parts))
}

/// The static evaluation for `side` to move: pattern sums, the mover's
/// weighted up (he realises one of them first): [`balance`] plus the
/// tempo bonus, a fifth of the mover's sum.
pub fn evaluate(board: &Board, side: Stone) -> i32 {
    balance(board, side) + board.sum(side) / 5
}

/// True when `side` can make an open four or two fours at once (on a
/// cell it may play): unstoppable unless the opponent has fours.
fn flex_four(board: &Board, side: Stone) -> bool {
    if board.rule() == crate::Rule::Renju && side == Stone::Black {
        // Black's double four is forbidden: only his open fours count.
        board.threatens(side, Level::OpenFour)
    } else {
        // Two fours at once need two (cell, direction) entries of fours.
        board.threatens(side, Level::OpenFour)
            || board.count(side, Level::Four) >= 2
                && board
                    .cells_at_least(side, Level::Four)
                    .any(|c| board.shape_at(c, side) == Shape::FlexFour)
    }
}

/// The pattern sums of `side` less the opponent's, with no tempo bonus
/// for either: the evaluation as neither side to move sees it, so the
/// values of positions with different sides to move compare.
pub fn balance(board: &Board, side: Stone) -> i32 {
    board.sum(side) - board.sum(side.opponent())
}
