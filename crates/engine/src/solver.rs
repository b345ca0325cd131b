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

/// The deadline is read once every this many nodes (a power of two minus
/// one, used as a mask): often enough to stop within a few milliseconds,
/// rarely enough to cost nothing measurable.
const POLL_MASK: u64 = (1 << 12) - 1;

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
    /// Set once the deadline expired: every node then returns at once and
    /// nothing more is stored.
    aborted: bool,
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
            aborted: false,
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
            aborted: false,
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
        Analysis {
            pv: Vec::new(),
            value,
            moves: results,
            stats: Some(self.stats()),
            depth: None,
        }
    }

    /// The exact value of each move in order, `None` from the first one the
    /// deadline cut short.
    fn exact_moves(&mut self, game: &G, moves: &[G::Move]) -> Vec<Option<Value>> {
        self.set_horizon(Horizon::None);
        self.aborted = false;
        let mut results = Vec::with_capacity(moves.len());
        let mut position = game.clone();
        for &mv in moves {
            let undo = position.play(mv);
            let score = -self.negamax(&mut position, EXACT_DEPTH, 1, -WIN, WIN);
            let child = self.finish_exact(&position, score::to_node_relative(-score, 1));
            position.undo(mv, undo);
            if self.aborted {
                break;
            }
            results.push(Some(child.as_move_value()));
        }
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
        for (horizon, scores) in [
            (Horizon::RootLoses(root), &mut lower),
            (Horizon::RootWins(root), &mut upper),
        ] {
            self.set_horizon(horizon);
            let mut position = game.clone();
            for &mv in &moves {
                let undo = position.play(mv);
                let child_depth = depth.saturating_sub(1);
                scores.push(-self.negamax(&mut position, child_depth, 1, -WIN, WIN));
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
        let value = match game.result() {
            Some(result) => self.finish_exact(game, score::terminal_score(game, result, 0)),
            None => partial_value(&results, depth),
        };
        Some(Analysis {
            pv: Vec::new(),
            value,
            moves: results,
            stats: Some(self.stats()),
            depth: Some(depth),
        })
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
        best
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
        for &mv in &moves {
            let undo = position.play(mv);
            let score = -self.negamax(&mut position, depth.saturating_sub(1), 1, -WIN, WIN);
            position.undo(mv, undo);
            if self.aborted {
                return None;
            }
            scores.push((mv, score));
        }
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
        if self.nodes & POLL_MASK == 0 && self.deadline.is_some_and(|d| d.expired()) {
            self.aborted = true;
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

/// The value of a move from lower and upper bound scores (mover's side).
///
/// A decided win in the lower bound is exact, remoteness included: the
/// pessimistic search counts every line that reaches the horizon as a loss,
/// so it finds exactly the fastest win forced within the horizon, and the
/// true fastest win lies within it too. Likewise a decided loss in the upper
/// bound.
fn bounded_value(lower: i32, upper: i32) -> Value {
    let decided_win = |s: i32| s > DECIDED && s < WIN;
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
