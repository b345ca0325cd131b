//! Generic alpha-beta searches over any `Game`: the exact solver, the
//! depth-limited labelling of moves (win / draw / lose / unknown), the
//! time-bounded analysis behind `hint` and `solve`, and the heuristic search
//! behind `alphabeta:DEPTH`.
//!
//! A time-bounded analysis ([`Searcher::analyze_within`]) deepens one ply at
//! a time and then tries the exact solve. A search that meets its deadline
//! aborts: it unwinds without storing anything (a cut-short subtree's score
//! is not a bound of anything), so the table only ever holds finished
//! results, and the analysis answers with its last finished iteration plus
//! the root moves the exact solve finished.
//!
//! # The horizon
//!
//! The depth limit (`--depth D`, the maximum search depth of the
//! (n,k)-tic-tac-toe request) asks for the values plain minimax finds in
//! the tree cut `D` plies deep, a cut node being undecided: a node is a win
//! as soon as one move leads to a decided loss for the opponent (the
//! fastest such), a loss or a draw only when every move is decided. By
//! induction on the depth `d` left, for a game that always ends, that value
//! is the exact one when the exact remoteness is at most `d` (the winner's
//! or loser's whole tree, or a filled board's draw, lies within the cut),
//! and undecided otherwise: a decided win needs a decided loss below it,
//! one ply nearer the end, and a loss or draw needs every move decided. So
//! nothing past the horizon is ever decided, and:
//!
//! - a shortcut that knows a position's exact value (the game's dead-draw
//!   proof) may return it `d` plies above the horizon only when its
//!   remoteness is at most `d`; otherwise the position is a horizon node;
//! - move pruning that keeps every node's exact value and remoteness
//!   ([`Knowledge::prune_moves`]) keeps the cut tree's answers too: the theorem
//!   applied to the pruned tree, whose exact values are the same, gives the
//!   same values masked the same way;
//! - a table entry of a bound search is used only at the depth it was
//!   searched to (a deeper cut is another function and may see past this
//!   horizon), and the table is cleared whenever the kind of search changes,
//!   so exact entries never serve a depth-limited search.
//!
//! The searcher finds the cut tree's values with two alpha-beta searches,
//! counting the horizon as a loss for the root's mover (a lower bound) and as
//! a win (an upper bound); `bounded_value` reads the value off the pair.
//! `crates/mnk/tests/depth.rs` checks all of this against plain depth-limited
//! minimax on every reachable tic-tac-toe position at every depth.

use std::time::Instant;

use crate::bound::Bound;
use crate::clock_pacer::ClockPacer;
use crate::deadline::Deadline;
use crate::game::Game;
use crate::game::Side;
use crate::knowledge::{Knowledge, NoKnowledge};
use crate::score::{self, DECIDED, HEURISTIC_LIMIT, WIN};
use crate::symmetry::Symmetric;
use crate::tt::{SearchTable, TableStats, TranspositionTable};
use crate::value::{Analysis, Outcome, Value};

/// What the searches store for a position: a score and its bound, the
/// depth searched, the best move found. Opaque: a table only keeps it.
#[derive(Clone, Copy, Debug)]
pub struct SearchEntry<M> {
    score: i32,
    bound: Bound,
    depth: u8,
    best: Option<M>,
}

/// The line after each root move of a search, all in one buffer so that
/// a searcher reusing it allocates nothing once it is warm.
#[derive(Debug)]
struct RootLines<M> {
    moves: Vec<M>,
    /// Each root move and the range of `moves` that follows it.
    roots: Vec<(M, usize, usize)>,
}

impl<M: Copy + PartialEq> RootLines<M> {
    fn new() -> Self {
        RootLines {
            moves: Vec::new(),
            roots: Vec::new(),
        }
    }

    /// Empties the buffers for a search of `root_moves` moves, with room
    /// for the longest line after each: how deep the search went then
    /// changes nothing the buffers allocate.
    fn clear_for(&mut self, root_moves: usize) {
        self.moves.clear();
        self.roots.clear();
        self.moves.reserve(root_moves * MAX_LINE);
        self.roots.reserve(root_moves);
    }

    fn after(&self, root: M) -> Option<&[M]> {
        self.roots
            .iter()
            .find(|(mv, _, _)| *mv == root)
            .map(|&(_, start, end)| &self.moves[start..end])
    }
}

/// A child's score on a line being read: the score (root-relative), its
/// bound, and the child's entry when the table has one.
type ChildScore<M> = (i32, Bound, Option<SearchEntry<M>>);

/// How positions at the depth limit are scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Horizon {
    /// No depth limit: solve to the end.
    None,
    /// The root player loses at the horizon (gives a lower bound).
    RootLoses(Side),
    /// The root player wins at the horizon (gives an upper bound).
    RootWins(Side),
    /// The game's heuristic evaluation.
    Evaluate,
}

const EXACT_DEPTH: u32 = u32::MAX;

/// The longest principal variation read off the table (a game that never
/// ends could otherwise cycle through symmetric images).
const MAX_LINE: usize = 64;

/// The engine's table for a game's searches.
pub type EngineTable<G> = TranspositionTable<<G as Game>::Key, SearchEntry<<G as Game>::Move>>;

/// Search state: the transposition table and move buffers, reused across
/// searches (exact results stay valid, so later solves start warm), and the
/// game knowledge `K` the searches use. `T` is the table: the engine's
/// unless [`with_table`](Searcher::with_table) gives another.
pub struct Searcher<G: Symmetric, K: Knowledge<G> = NoKnowledge, T = EngineTable<G>> {
    knowledge: K,
    table: T,
    buffers: Vec<Vec<G::Move>>,
    horizon: Horizon,
    nodes: u64,
    /// When searches must stop; `None` for the plain searches, which always
    /// run to the end.
    deadline: Option<Deadline>,
    /// When the next node reads the deadline's clock.
    pacer: ClockPacer,
    /// Set once the deadline expired: every node then returns at once and
    /// nothing more is stored.
    aborted: bool,
    /// The line after each root move its last search finished, read off
    /// the table as soon as that search stored it (later root moves' searches
    /// may evict its entries).
    root_lines: RootLines<G::Move>,
    /// The lines of the search under way, which become `root_lines` when it
    /// finishes.
    pending_lines: RootLines<G::Move>,
    /// The positions of the line being read, to stop at a repeat.
    line_seen: Vec<(u64, G::Key)>,
    /// The legal moves of the line's position being read.
    line_legal: Vec<G::Move>,
}

impl<G: Symmetric> Searcher<G> {
    /// A searcher without knowledge whose table uses `hash_megabytes` MiB.
    /// [`with_knowledge`](Self::with_knowledge) gives it the game's.
    pub fn new(hash_megabytes: usize) -> Self {
        Self::with_table(TranspositionTable::with_megabytes(hash_megabytes))
    }

    /// A searcher with a table of `entries` entries (tests force collisions).
    pub fn with_entries(entries: usize) -> Self {
        Self::with_table(TranspositionTable::with_entries(entries))
    }
}

impl<G: Symmetric, T: SearchTable<G::Key, SearchEntry<G::Move>>> Searcher<G, NoKnowledge, T> {
    /// A searcher without knowledge that stores its positions in `table`
    /// (the engine's [`TranspositionTable`] or a game's own).
    pub fn with_table(table: T) -> Self {
        Searcher {
            knowledge: NoKnowledge,
            table,
            buffers: Vec::new(),
            horizon: Horizon::None,
            nodes: 0,
            deadline: None,
            pacer: ClockPacer::new(),
            aborted: false,
            root_lines: RootLines::new(),
            pending_lines: RootLines::new(),
            line_seen: Vec::new(),
            line_legal: Vec::new(),
        }
    }
}

impl<G: Symmetric, K: Knowledge<G>, T: SearchTable<G::Key, SearchEntry<G::Move>>>
    Searcher<G, K, T>
{
    /// This searcher with `knowledge` instead of its own (and an empty table:
    /// what one knowledge stored, another need not agree with).
    pub fn with_knowledge<L: Knowledge<G>>(self, knowledge: L) -> Searcher<G, L, T> {
        let mut table = self.table;
        table.clear();
        Searcher {
            knowledge,
            table,
            buffers: self.buffers,
            horizon: Horizon::None,
            nodes: self.nodes,
            deadline: None,
            pacer: ClockPacer::new(),
            aborted: false,
            root_lines: RootLines::new(),
            pending_lines: RootLines::new(),
            line_seen: Vec::new(),
            line_legal: Vec::new(),
        }
    }

    /// The transposition table's counters since it was last cleared (a
    /// new horizon or knowledge clears it).
    pub fn stats(&self) -> TableStats {
        self.table.stats()
    }

    /// Positions visited since the searcher was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn set_horizon(&mut self, horizon: Horizon) {
        if self.horizon != horizon {
            self.table.clear();
            self.horizon = horizon;
        }
    }

    /// The exact value of the position (games that always end).
    pub fn solve(&mut self, game: &G) -> Value {
        assert!(
            G::ALWAYS_ENDS,
            "the exact solver needs a game that always ends"
        );
        self.deadline = None;
        self.aborted = false;
        self.set_horizon(Horizon::None);
        let mut position = game.clone();
        let score = self.negamax(&mut position, EXACT_DEPTH, 0, -WIN, WIN);
        self.finish_exact(game, score)
    }

    fn finish_exact(&self, game: &G, score: i32) -> Value {
        let mut value = score::exact_value(score);
        if value.outcome == Outcome::Draw {
            value.remoteness = self.knowledge.draw_length(game);
        }
        value
    }

    /// The exact value of the position and of every legal move.
    pub fn analyze(&mut self, game: &G) -> Analysis<G::Move> {
        assert!(
            G::ALWAYS_ENDS,
            "the exact solver needs a game that always ends"
        );
        self.deadline = None;
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let exact = self.exact_moves(game, &moves);
        let results: Vec<(G::Move, Value)> = moves
            .iter()
            .zip(exact)
            .map(|(&mv, value)| (mv, value.expect("a search without deadline finishes")))
            .collect();
        let value = match game.result() {
            Some(result) => self.finish_exact(game, score::terminal_score(game, result, 0)),
            None => best_value(&results),
        };
        let mut analysis = Analysis {
            pv: Vec::new(),
            value,
            moves: results,
            stats: Some(self.stats()),
            depth: None,
        };
        analysis.pv = self.principal_variation(&analysis);
        analysis
    }

    /// The exact value of each move in order, `None` from the first one the
    /// deadline cut short.
    fn exact_moves(&mut self, game: &G, moves: &[G::Move]) -> Vec<Option<Value>> {
        self.set_horizon(Horizon::None);
        self.aborted = false;
        let mut results = Vec::with_capacity(moves.len());
        let mut position = game.clone();
        self.pending_lines.clear_for(moves.len());
        for &mv in moves {
            let undo = position.play(mv);
            let score = -self.negamax(&mut position, EXACT_DEPTH, 1, -WIN, WIN);
            let child = self.finish_exact(&position, score::to_node_relative(-score, 1));
            if !self.aborted {
                self.record_line(mv, &position);
            }
            position.undo(mv, undo);
            if self.aborted {
                break;
            }
            results.push(Some(child.as_move_value()));
        }
        // The moves it finished keep their lines.
        std::mem::swap(&mut self.root_lines, &mut self.pending_lines);
        results.resize(moves.len(), None);
        results
    }

    /// Labels the position and every move win / draw / lose, or unknown where
    /// `depth` plies (counted from the position) do not settle it.
    pub fn analyze_to_depth(&mut self, game: &G, depth: u32) -> Analysis<G::Move> {
        self.deadline = None;
        self.depth_limited(game, depth)
            .expect("a search without deadline finishes")
    }

    /// `analyze_to_depth`, or `None` when the deadline cut it short.
    fn depth_limited(&mut self, game: &G, depth: u32) -> Option<Analysis<G::Move>> {
        self.aborted = false;
        let root = game.to_move();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut lower = Vec::with_capacity(moves.len());
        let mut upper = Vec::with_capacity(moves.len());
        self.pending_lines.clear_for(moves.len());
        for horizon in [Horizon::RootLoses(root), Horizon::RootWins(root)] {
            self.set_horizon(horizon);
            let pessimistic = matches!(horizon, Horizon::RootLoses(_));
            let mut position = game.clone();
            for (i, &mv) in moves.iter().enumerate() {
                let undo = position.play(mv);
                let child_depth = depth.saturating_sub(1);
                let score = -self.negamax(&mut position, child_depth, 1, -WIN, WIN);
                if pessimistic {
                    lower.push(score);
                } else {
                    upper.push(score);
                }
                // A win is proved by the pessimistic search (the horizon
                // lost), so its line is that search's; every other line is
                // the optimistic one's.
                if !self.aborted && pessimistic == is_decided_win(lower[i]) {
                    self.record_line(mv, &position);
                }
                position.undo(mv, undo);
                if self.aborted {
                    return None;
                }
            }
        }
        let mut results = Vec::with_capacity(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            let mut position = game.clone();
            position.play(mv);
            let mut value = bounded_value(lower[i], upper[i]);
            if value.outcome == Outcome::Draw {
                value.remoteness = self.knowledge.draw_length(&position);
            }
            results.push((mv, value));
        }
        std::mem::swap(&mut self.root_lines, &mut self.pending_lines);
        let value = match game.result() {
            Some(result) => self.finish_exact(game, score::terminal_score(game, result, 0)),
            None => partial_value(&results, depth),
        };
        let mut analysis = Analysis {
            pv: Vec::new(),
            value,
            moves: results,
            stats: Some(self.stats()),
            depth: Some(depth),
        };
        analysis.pv = self.principal_variation(&analysis);
        Some(analysis)
    }

    /// The analysis `hint` and `solve` run: what can be proved before
    /// `deadline`, never more than `max_depth` plies deep when given.
    ///
    /// With a time limit it deepens one ply at a time (each finished
    /// iteration replaces the last) and, once an eighth of the budget is spent
    /// (the exact solve is what usually settles a position, so it gets the
    /// most time) or deeper iterations could not tell more than the exact
    /// solver, it solves
    /// exactly in the time left the moves the iterations left unknown; those
    /// it finishes get their exact values, the others keep `unknown`. Without a
    /// time limit it searches as [`analyze`](Self::analyze) or
    /// [`analyze_to_depth`](Self::analyze_to_depth) would, but an interrupt
    /// still stops it with what it proved. `depth` of the answer is `None`
    /// when every value is exact, else the last finished iteration's depth
    /// (0 when none finished).
    pub fn analyze_within(
        &mut self,
        game: &G,
        max_depth: Option<u32>,
        deadline: Deadline,
    ) -> Analysis<G::Move> {
        self.deadline = Some(deadline);
        let started = Instant::now();
        let deepening_budget = deadline.remaining().map(|left| left / 8);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut best = Analysis {
            pv: Vec::new(),
            value: match game.result() {
                Some(result) => self.finish_exact(game, score::terminal_score(game, result, 0)),
                None => Value::unknown(),
            },
            moves: moves.iter().map(|&mv| (mv, Value::unknown())).collect(),
            stats: None,
            depth: Some(0),
        };
        if moves.is_empty() {
            best.depth = None;
            return best;
        }
        let exact_allowed = G::ALWAYS_ENDS && max_depth.is_none();
        // Beyond the longest line left, a depth-limited search only repeats
        // the exact solve, slower.
        let exact_depth = self.knowledge.max_remaining_plies(game).unwrap_or(u32::MAX);
        let deepen = max_depth.is_some() || deadline.is_limited() || !G::ALWAYS_ENDS;
        if deepen {
            let last = max_depth.unwrap_or(u32::MAX);
            let mut depth = 1;
            loop {
                if exact_allowed
                    && (depth > exact_depth
                        || deepening_budget.is_some_and(|share| started.elapsed() >= share))
                {
                    break;
                }
                let Some(analysis) = self.depth_limited(game, depth) else {
                    return best;
                };
                best = analysis;
                let decided = best
                    .moves
                    .iter()
                    .all(|(_, v)| v.outcome != Outcome::Unknown);
                if decided || depth >= last {
                    if decided && max_depth.is_none() {
                        best.depth = None;
                    }
                    return best;
                }
                depth += 1;
            }
        }
        // Values the iterations decided are exact already: prove the others,
        // those that look best first in case time runs out.
        let mut order: Vec<usize> = (0..moves.len())
            .filter(|&i| best.moves[i].1.outcome == Outcome::Unknown)
            .collect();
        order.sort_by_key(|&i| std::cmp::Reverse(best.moves[i].1.preference()));
        let ordered: Vec<G::Move> = order.iter().map(|&i| moves[i]).collect();
        let exact = self.exact_moves(game, &ordered);
        let floor = best.depth.unwrap_or(0);
        for (&i, proved) in order.iter().zip(exact) {
            if let Some(proved) = proved {
                best.moves[i].1 = proved;
            }
        }
        if game.result().is_none() {
            best.value = partial_value(&best.moves, floor);
        }
        if best
            .moves
            .iter()
            .all(|(_, v)| v.outcome != Outcome::Unknown)
        {
            best.depth = None;
        }
        best.stats = Some(self.stats());
        // The exact solve's line when it proved the best move, else the
        // last iteration's.
        let line = self.principal_variation(&best);
        let solved = line
            .first()
            .is_some_and(|&first| self.root_lines.after(first).is_some());
        if solved || best.pv.first() != line.first() {
            best.pv = line;
        }
        best
    }

    /// The principal variation of `analysis`: one of its best
    /// moves (the first), then the line [`record_line`](Self::record_line)
    /// read after that move in the last search of it.
    fn principal_variation(&self, analysis: &Analysis<G::Move>) -> Vec<G::Move> {
        let Some(&first) = analysis.best_moves().first() else {
            return Vec::new();
        };
        let after = self.root_lines.after(first).unwrap_or_default();
        let mut line = Vec::with_capacity(1 + after.len());
        line.push(first);
        line.extend_from_slice(after);
        line
    }

    /// Reads the line the table knows from `position`, the child of root
    /// move `root`, into the pending lines, right after the search of it
    /// stored it: at each position a move whose child's score proves it
    /// best there (the stored best move tried first: it may have been
    /// stored for a symmetric image, where it is another move), for as
    /// long as the position's entry is there with a score that is exact or
    /// a lower bound, the game is not over, and the line meets no position
    /// twice.
    fn record_line(&mut self, root: G::Move, position: &G) {
        let mut lines = std::mem::replace(&mut self.pending_lines, RootLines::new());
        let mut legal = std::mem::take(&mut self.line_legal);
        let mut seen = std::mem::take(&mut self.line_seen);
        seen.reserve(MAX_LINE + 1);
        let start = lines.moves.len();
        self.read_line(position.clone(), &mut lines.moves, &mut legal, &mut seen);
        lines.roots.push((root, start, lines.moves.len()));
        self.pending_lines = lines;
        self.line_legal = legal;
        self.line_seen = seen;
    }

    /// [`record_line`](Self::record_line)'s reading, onto `line`.
    fn read_line(
        &mut self,
        mut position: G,
        line: &mut Vec<G::Move>,
        legal: &mut Vec<G::Move>,
        seen: &mut Vec<(u64, G::Key)>,
    ) {
        let start = line.len();
        seen.clear();
        seen.push(position.canonical());
        let mut ply = 1;
        let (hash, key) = position.canonical();
        let mut here = match self.table.probe(hash, key) {
            Some(entry) if position.result().is_none() => entry,
            _ => return,
        };
        while line.len() - start < MAX_LINE {
            let score = score::to_root_relative(here.score, ply);
            if !matches!(here.bound, Bound::Exact | Bound::Lower) {
                break;
            }
            position.generate_moves(legal);
            if let Some(i) = here
                .best
                .and_then(|best| legal.iter().position(|&m| m == best))
            {
                legal[..=i].rotate_right(1);
            }
            let mut next = None;
            for &mv in legal.iter() {
                let undo = position.play(mv);
                let child = self.child_score(&position, ply + 1, here.depth);
                position.undo(mv, undo);
                let proves = child.is_some_and(|(child_score, bound, _)| match here.bound {
                    Bound::Exact => bound == Bound::Exact && -child_score == score,
                    _ => matches!(bound, Bound::Exact | Bound::Upper) && -child_score >= score,
                });
                if proves {
                    next = child.map(|(_, _, entry)| (mv, entry));
                    break;
                }
            }
            let Some((mv, entry)) = next else {
                break;
            };
            position.play(mv);
            let canonical = position.canonical();
            if seen.contains(&canonical) {
                break;
            }
            seen.push(canonical);
            line.push(mv);
            ply += 1;
            match entry {
                Some(entry) => here = entry,
                None => break,
            }
        }
    }

    /// The score of `child` (`ply` plies from the root) as the search that
    /// stored its parent, `parent_depth` deep, saw it, with its bound and
    /// its table entry: a finished game, a dead draw or a horizon node is
    /// scored as the search scores it (exact, no entry); else the entry's
    /// score, `None` without one.
    fn child_score(
        &mut self,
        child: &G,
        ply: u32,
        parent_depth: u8,
    ) -> Option<ChildScore<G::Move>> {
        if let Some(result) = child.result() {
            return Some((
                score::terminal_score(child, result, ply),
                Bound::Exact,
                None,
            ));
        }
        let exact = self.horizon == Horizon::None;
        let depth = if exact {
            EXACT_DEPTH
        } else {
            u32::from(parent_depth.saturating_sub(1))
        };
        let fake_bounds = matches!(self.horizon, Horizon::RootLoses(_) | Horizon::RootWins(_));
        if self.knowledge.is_dead_draw(child) {
            let within = self
                .knowledge
                .draw_length(child)
                .is_some_and(|length| length <= depth);
            let score = if !fake_bounds || within {
                0
            } else {
                self.horizon_score(child)
            };
            return Some((score, Bound::Exact, None));
        }
        if !exact && depth == 0 {
            return Some((self.horizon_score(child), Bound::Exact, None));
        }
        let (hash, key) = child.canonical();
        let entry = self.table.probe(hash, key)?;
        Some((
            score::to_root_relative(entry.score, ply),
            entry.bound,
            Some(entry),
        ))
    }

    /// The best line the last heuristic search
    /// ([`heuristic_scores`](Self::heuristic_scores) or its `_within`)
    /// found from its position after `first` (the caller's best move):
    /// `first`, then the line read off the table as [`Analysis::pv`] is.
    pub fn line_after(&self, first: G::Move) -> Vec<G::Move> {
        let single = Analysis {
            value: Value::unknown(),
            moves: vec![(first, Value::unknown())],
            stats: None,
            depth: None,
            pv: Vec::new(),
        };
        self.principal_variation(&single)
    }

    /// Heuristic alpha-beta to `depth` plies: the score of every move (from
    /// the mover's side), decided wins and losses included.
    pub fn heuristic_scores(&mut self, game: &G, depth: u32) -> Vec<(G::Move, i32)> {
        self.deadline = None;
        self.root_scores(game, depth)
            .expect("a search without deadline finishes")
    }

    /// [`heuristic_scores`](Self::heuristic_scores) stopping at `deadline`:
    /// with a time limit it deepens one ply at a time up to `depth` and
    /// answers the scores of the last iteration it finished (one ply deep
    /// at least, which never stops early), and the depth of those scores.
    /// Without a limit it is `heuristic_scores` exactly (an interrupt still
    /// stops it, with the scores of the last finished iteration).
    pub fn heuristic_scores_within(
        &mut self,
        game: &G,
        depth: u32,
        deadline: Deadline,
    ) -> (Vec<(G::Move, i32)>, u32) {
        let depth = depth.max(1);
        if !deadline.is_limited() {
            self.deadline = Some(deadline);
            if let Some(scores) = self.root_scores(game, depth) {
                return (scores, depth);
            }
        }
        self.deadline = None;
        let mut best = self
            .root_scores(game, 1)
            .expect("a search without deadline finishes");
        self.deadline = Some(deadline);
        let mut reached = 1;
        while reached < depth && !deadline.expired() {
            match self.root_scores(game, reached + 1) {
                Some(scores) => {
                    best = scores;
                    reached += 1;
                }
                None => break,
            }
        }
        self.deadline = None;
        (best, reached)
    }

    /// The score of every root move `depth` plies deep, or `None` when the
    /// deadline cut the search short.
    fn root_scores(&mut self, game: &G, depth: u32) -> Option<Vec<(G::Move, i32)>> {
        self.aborted = false;
        self.set_horizon(Horizon::Evaluate);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut position = game.clone();
        let mut scores = Vec::with_capacity(moves.len());
        self.pending_lines.clear_for(moves.len());
        for &mv in &moves {
            let undo = position.play(mv);
            let score = -self.negamax(&mut position, depth.saturating_sub(1), 1, -WIN, WIN);
            if !self.aborted {
                self.record_line(mv, &position);
            }
            position.undo(mv, undo);
            if self.aborted {
                return None;
            }
            scores.push((mv, score));
        }
        std::mem::swap(&mut self.root_lines, &mut self.pending_lines);
        Some(scores)
    }

    fn horizon_score(&self, game: &G) -> i32 {
        match self.horizon {
            Horizon::None => unreachable!("exact searches have no horizon"),
            Horizon::RootLoses(root) if game.to_move() == root => -WIN,
            Horizon::RootLoses(_) => WIN,
            Horizon::RootWins(root) if game.to_move() == root => WIN,
            Horizon::RootWins(_) => -WIN,
            Horizon::Evaluate => self
                .knowledge
                .evaluate(game)
                .clamp(-HEURISTIC_LIMIT, HEURISTIC_LIMIT),
        }
    }

    fn negamax(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(deadline) = self.deadline {
            if self.pacer.tick() && deadline.expired() {
                self.aborted = true;
            }
        }
        if self.aborted {
            return 0;
        }
        if let Some(result) = game.result() {
            return score::terminal_score(game, result, ply);
        }
        let fake_bounds = matches!(self.horizon, Horizon::RootLoses(_) | Horizon::RootWins(_));
        if self.knowledge.is_dead_draw(game) {
            // A proof that the game ends drawn decides a depth-limited value
            // only when the draw ends within the horizon; beyond it the node
            // is a horizon node like any other (see "The horizon" above).
            let within = self
                .knowledge
                .draw_length(game)
                .is_some_and(|length| length <= depth);
            if !fake_bounds || within {
                return 0;
            }
            return self.horizon_score(game);
        }
        if depth == 0 {
            return self.horizon_score(game);
        }
        if !fake_bounds {
            // Mate-distance pruning: nothing here can beat a win next ply or
            // be worse than a loss right now.
            alpha = alpha.max(-(WIN - ply as i32));
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let stored_depth = depth.min(255) as u8;
        let (hash, key) = game.canonical();
        let mut tt_move = None;
        if let Some(entry) = self.table.probe(hash, key) {
            tt_move = entry.best;
            // A bound search's entry bounds the value of the tree cut at its
            // own depth; a deeper cut is another function, which may see
            // past this node's horizon, so only the same depth is used.
            let usable = if fake_bounds {
                entry.depth == stored_depth
            } else {
                entry.depth >= stored_depth
            };
            if usable {
                let s = score::to_root_relative(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    Bound::Lower => alpha = alpha.max(s),
                    Bound::Upper => beta = beta.min(s),
                }
                if alpha >= beta {
                    return s;
                }
            }
        }

        let level = ply as usize;
        if self.buffers.len() <= level {
            self.buffers.resize_with(level + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[level]);
        game.generate_moves(&mut moves);
        self.knowledge.prune_moves(game, &mut moves);
        self.knowledge.order_moves(game, &mut moves);
        // The stored best move may belong to a symmetric image; use it only
        // when it is legal here (it only affects ordering).
        if let Some(best) = tt_move {
            if let Some(i) = moves.iter().position(|&m| m == best) {
                moves[..=i].rotate_right(1);
            }
        }

        let original_alpha = alpha;
        let nodes_before = self.nodes;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        let child_depth = if depth == EXACT_DEPTH {
            depth
        } else {
            depth - 1
        };
        for &mv in &moves {
            let undo = game.play(mv);
            let s = -self.negamax(game, child_depth, ply + 1, -beta, -alpha);
            game.undo(mv, undo);
            if self.aborted {
                break;
            }
            if s > best_score {
                best_score = s;
                best_move = Some(mv);
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[level] = moves;
        if self.aborted {
            // Never stored: a cut-short score bounds nothing.
            return 0;
        }

        let bound = Bound::of(best_score, original_alpha, beta);
        self.table.store(
            hash,
            key,
            replacement_priority(stored_depth, self.nodes - nodes_before),
            SearchEntry {
                score: score::to_node_relative(best_score, ply),
                bound,
                depth: stored_depth,
                best: best_move,
            },
        );
        best_score
    }
}

/// Which entry a table bucket keeps: deeper searches first, then (in exact
/// solves, where every entry has the same depth) the larger subtree, which
/// cost more to compute.
fn replacement_priority(depth: u8, subtree_nodes: u64) -> u32 {
    (u32::from(depth) << 24) | subtree_nodes.min(0xFF_FFFF) as u32
}

/// The value of a position from its moves' values: the best one, one ply
/// further from the end.
pub fn best_value<M: Copy>(moves: &[(M, Value)]) -> Value {
    let best = moves
        .iter()
        .map(|(_, v)| *v)
        .max_by_key(|v| v.preference())
        .expect("a position that is not over has a move");
    Value {
        remoteness: best.remoteness.map(|r| r + 1),
        ..best
    }
}

/// The value of a position from moves some of which are still unknown,
/// where every unknown move is known not to end the game within `floor`
/// plies after it (a depth-`floor` search did not decide it).
///
/// A proved win makes the position a win; its remoteness is exact when no
/// unknown move could win faster (its win would take at least `floor`
/// plies). Without a proved win, any unknown move keeps the position unknown.
fn partial_value<M: Copy>(moves: &[(M, Value)], floor: u32) -> Value {
    let has = |o: Outcome| moves.iter().any(|(_, v)| v.outcome == o);
    if has(Outcome::Win) {
        let best = best_value(moves);
        let fastest = best.remoteness.map(|r| r - 1);
        if !has(Outcome::Unknown) || fastest.is_some_and(|r| r <= floor) {
            best
        } else {
            Value::new(Outcome::Win, None)
        }
    } else if has(Outcome::Unknown) {
        Value::unknown()
    } else {
        best_value(moves)
    }
}

/// Whether a score is a win the search decided (not the horizon's).
fn is_decided_win(score: i32) -> bool {
    score > DECIDED && score < WIN
}

/// The value of a move from lower and upper bound scores (mover's side).
///
/// A decided win in the lower bound is exact, remoteness included: the
/// pessimistic search counts every line that reaches the horizon as a loss,
/// so it finds exactly the fastest win forced within the horizon, and the
/// true fastest win lies within it too. Likewise a decided loss in the upper
/// bound.
fn bounded_value(lower: i32, upper: i32) -> Value {
    let decided_win = is_decided_win;
    let decided_loss = |s: i32| s < -DECIDED && s > -WIN;
    // Scores are relative to the position one ply above the move's child: a
    // win scored WIN - p ends p plies after that position, p - 1 after the move.
    if decided_win(lower) {
        Value::win((WIN - lower - 1) as u32)
    } else if decided_loss(upper) {
        Value::lose((WIN + upper - 1) as u32)
    } else if lower == 0 && upper == 0 {
        Value::draw(None)
    } else {
        Value::unknown()
    }
}
