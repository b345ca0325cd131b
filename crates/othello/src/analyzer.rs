//! `solve` and `hint`: every move's value, exact wherever it was proved.
//!
//! The analysis never reports a decided position or move as undecided
//! because of how it searched:
//!
//! 1. A finished game is valued by counting its discs (empties to the
//!    winner) and has no moves, before any search runs.
//! 2. A move that ends the game is valued the same way, whatever the size.
//! 3. A move whose subtree the exact solver finishes gets its exact margin
//!    and game length; the solver stops cleanly at the deadline.
//! 4. A move the midgame engine ([`MidgameEngine`], every root move scored
//!    exactly) followed to the end of every line (no evaluation at its
//!    horizon, no selective cut: `MidgameReport::ended`) has its exact
//!    margin; the exact solver then adds the game length when it finishes
//!    in time.
//!
//! What is left is `unknown`, with the search's estimate of the final disc
//! margin (the evaluation is in hundredths of a disc) as its score. (The
//! midgame engine scores finished games and evaluations on one scale, so
//! a search score alone proves no `win` or `lose` short of the end of
//! every line; the hand-weighted search this analysis used before did.)
//!
//! How much is solved exactly:
//! - with `move_time` (a time budget, as interactive `hint` sets): when
//!   every move is small enough to finish in the budget
//!   ([`timed_exact_empties`]), exact solves first, for half of it; then,
//!   for the moves still unvalued, iterative deepening until half the
//!   budget (three quarters after the solves; it stops early once it
//!   reaches the end of the game; the whole budget when no move is in the
//!   solver's reach), then exact solves of the moves, best first, while
//!   the budget lasts, for moves whose subtrees are small enough
//!   (every move on 4x4 and 6x6); moves that are images of each other get
//!   one searched value;
//! - with `depth` D: exact when at most D squares are empty, else a D-ply
//!   search (multi-ProbCut on 8x8, where it was fitted: full width on the
//!   other sizes); D is at most [`MAX_DEPTH`] (more is refused when the
//!   analyzer is made: a deeper search or solve would run for hours);
//! - with neither: exact up to [`EXACT_EMPTIES`] empties (every position
//!   on 4x4 and 6x6), else a [`DEFAULT_DEPTH`]-ply search.
//!
//! The margins and game lengths come from the exact solver
//! (`crate::exact`, `ExactSolver::value_on`: the margin, then the length
//! by a search over the moves that keep it) on every size, for moves
//! leading to at most [`LENGTH_EMPTIES`] empties (beyond, the margin
//! alone).
//!
//! Ctrl-C (`ply_engine::interrupt`) stops every search within a
//! few thousand positions; the moves not valued by then get the one-ply
//! evaluation as their estimate.

use std::time::Duration;

use ply_engine::{Analysis, Analyzer, Deadline, EngineConfig, GameError, Outcome, Value};

use crate::bitboard::{Bits, Geometry, Squares};
use crate::exact::{ExactGeometry, ExactSolver, ValueRequest};
use crate::game::{Move, Othello};
use crate::margin::final_margin;
use crate::midgame::{Limits, MidgameEngine, MidgameReport, DISC, EVERY_MOVE};
use crate::movegen::{flips, moves};
use crate::symmetry::{transform, SYMMETRIES};

/// Without `--depth`, positions with at most this many empty squares are
/// solved exactly (every move, with its game length): a few seconds at most.
/// On 6x6 every position is solved (see `exact_empties`).
pub const EXACT_EMPTIES: u32 = 20;
/// Game lengths are sought (after the margin, by the fast solver's length
/// search) for moves leading to at most this many empties; beyond it a
/// move's value is its exact margin alone.
const LENGTH_EMPTIES: u32 = EXACT_EMPTIES;

/// Without `--depth` or a time budget, the empties up to which `G`'s
/// positions are solved exactly: every 6x6 position (the whole game is in
/// the fast solver's reach, if slowly from the start), [`EXACT_EMPTIES`]
/// on the larger boards.
fn exact_empties<G: Geometry>() -> u32 {
    if G::SIZE <= 6 {
        G::CELLS
    } else {
        EXACT_EMPTIES
    }
}
/// Search depth when the position is too big to solve and no depth or time
/// was given.
pub const DEFAULT_DEPTH: u32 = 12;
/// The largest `--depth`. Measured with the midgame engine (every move
/// scored; the test build, a 2-core machine at load 2): on an 8x8 middle
/// game 12 plies took 0.9 s and 16 plies 8.4 s, on the empty 10x10 board
/// (full width) 0.3 s and 26 s; two plies more multiply that by four to
/// six (18 plies took 14 s and 123 s on two other 8x8 middle games).
/// (`cargo test --release -p ply-othello --test suite -- --ignored
/// --nocapture decided::deepest`.)
pub const MAX_DEPTH: u32 = 16;
/// Iterative deepening's limit under a time budget (beyond any real game).
const TIMED_DEPTH: u32 = 128;

/// The empties worth trying to solve exactly (one move, the optimised
/// build) within `budget`: 12 empties take about a millisecond, 20 about a
/// second. Generous, since a solve that does not finish in time only costs
/// the rest of the budget, never more.
pub fn timed_exact_empties(budget: Duration) -> u32 {
    match budget.as_millis() {
        0..=49 => 12,
        50..=499 => 16,
        500..=4_999 => 20,
        5_000..=59_999 => 24,
        _ => 28,
    }
}

/// The refusal of a depth beyond [`MAX_DEPTH`]; `asked` as the user gave it.
pub fn too_deep(asked: &str) -> GameError {
    GameError::BadOption(format!(
        "Othello searches at most {MAX_DEPTH} plies deep (asked for {asked}): \
         two plies more multiply the time by four to six, and {MAX_DEPTH} already takes \
         up to half a minute"
    ))
}

/// Refuses a `--depth` beyond [`MAX_DEPTH`], with the reason.
pub fn check_depth(depth: Option<u32>) -> Result<(), GameError> {
    match depth {
        Some(d) if d > MAX_DEPTH => Err(too_deep(&d.to_string())),
        _ => Ok(()),
    }
}

/// The exact value of a margin and, unless the game is drawn, its length.
fn solved_value(margin: i32, length: Option<u32>) -> Value {
    let outcome = outcome_of(margin);
    Value {
        outcome,
        remoteness: length.filter(|_| outcome != Outcome::Draw),
        margin: Some(margin),
        heuristic: None,
    }
}

/// The value of a finished game for the side to move: its margin, 0 plies.
fn finished_value<G: Geometry>(p: G::B, o: G::B) -> Value {
    Value {
        remoteness: Some(0),
        ..solved_value(final_margin::<G>(p, o), None)
    }
}

/// The value of a final margin known without the game's length.
fn margin_value(margin: i32) -> Value {
    Value {
        margin: Some(margin),
        ..Value::new(outcome_of(margin), None)
    }
}

/// An estimate in evaluation units as a disc margin, within the board.
fn estimate(score: i32, cells: i32) -> Value {
    let discs = (score + score.signum() * DISC / 2) / DISC;
    Value {
        heuristic: Some(discs.clamp(-cells, cells)),
        ..Value::unknown()
    }
}

/// The value of a midgame score for the side to move: its final margin
/// when the search reached the end of every line (`ended`), else an
/// estimate.
fn searched_value(score: i32, ended: bool, cells: i32) -> Value {
    if ended {
        // A finished game scores its margin times `DISC`, exactly.
        margin_value(score / DISC)
    } else {
        estimate(score, cells)
    }
}

fn outcome_of(margin: i32) -> Outcome {
    match margin.signum() {
        1 => Outcome::Win,
        -1 => Outcome::Lose,
        _ => Outcome::Draw,
    }
}

/// True when a value is exact: its final margin is known.
fn is_exact(value: &Value) -> bool {
    value.margin.is_some()
}

/// True when nothing is left to learn: the margin and, unless the game is
/// drawn, the game length.
fn is_complete(value: &Value) -> bool {
    is_exact(value) && (value.remoteness.is_some() || value.outcome == Outcome::Draw)
}

/// The position's value from its moves' values. Exact when every move is;
/// otherwise the outcome alone when it is decided anyway (a proved win, or
/// every move decided), else unknown with the best estimate.
fn position_value(moves: &[(Move, Value)]) -> Value {
    if moves.iter().all(|(_, v)| is_exact(v)) {
        return ply_engine::best_value(moves);
    }
    let has = |o: Outcome| moves.iter().any(|(_, v)| v.outcome == o);
    if has(Outcome::Win) {
        Value::new(Outcome::Win, None)
    } else if has(Outcome::Unknown) {
        let best = moves
            .iter()
            .filter_map(|(_, v)| match v.outcome {
                Outcome::Unknown => v.heuristic,
                Outcome::Draw => Some(0),
                _ => None,
            })
            .max();
        Value {
            heuristic: best,
            ..Value::unknown()
        }
    } else if has(Outcome::Draw) {
        Value {
            margin: Some(0),
            ..Value::new(Outcome::Draw, None)
        }
    } else {
        Value::new(Outcome::Lose, None)
    }
}

/// One root move and the position it leads to (`p` to move there).
#[derive(Clone, Copy)]
struct Child<B> {
    mv: Move,
    p: B,
    o: B,
    /// The position's least image: moves with one key are images of each
    /// other and have one value.
    key: Canonical<B>,
    /// The move's value, from the side that makes it, once known.
    value: Option<Value>,
}

impl<B: Bits> Child<B> {
    /// The empty squares after the move.
    fn empties<G: Geometry<B = B>>(&self) -> u32 {
        (!(self.p | self.o) & G::FULL).count()
    }
}

/// A position's least image under the symmetries (player, opponent).
type Canonical<B> = (B, B);

/// The least image of a position under the board's symmetries: moves to
/// equivalent positions (the four first moves, say) have one value, found
/// once.
fn canonical<G: Geometry>(p: G::B, o: G::B) -> Canonical<G::B> {
    (0..SYMMETRIES)
        .map(|t| (transform::<G>(p, t), transform::<G>(o, t)))
        .min()
        .unwrap_or((p, o))
}

/// Othello's analysis for one board size: the exact solver and the midgame
/// engine, each made on first use (a finished position needs neither) and
/// sized to the board.
pub struct OthelloAnalyzer<G: ExactGeometry> {
    fast: Option<ExactSolver>,
    fast_megabytes: usize,
    /// The exact solver's threads (the midgame search keeps one).
    threads: usize,
    engine: Option<MidgameEngine<G>>,
    megabytes: usize,
    depth: Option<u32>,
    move_time: Option<Duration>,
}

impl<G: ExactGeometry> OthelloAnalyzer<G> {
    /// The analyzer `config` asks for (`check_depth` first: the depth is
    /// capped here too, so a deeper one never runs).
    pub fn new(config: &EngineConfig) -> Self {
        // Small boards have few positions: 4x4 fewer than a million.
        let board_cap = match G::SIZE {
            4 => 2,
            6 => 16,
            _ => usize::MAX,
        };
        OthelloAnalyzer {
            fast: None,
            fast_megabytes: (config.hash_mb / 2).max(1),
            threads: config.threads.max(1),
            engine: None,
            megabytes: (config.hash_mb / 2).min(board_cap),
            depth: config.depth.map(|d| d.clamp(1, MAX_DEPTH)),
            move_time: config.move_time,
        }
    }

    fn fast(&mut self) -> &mut ExactSolver {
        // Not capped by the board: a 6x6 solve from the start visits
        // billions of positions.
        let (megabytes, threads) = (self.fast_megabytes, self.threads);
        self.fast
            .get_or_insert_with(|| ExactSolver::new(megabytes).with_threads(threads))
    }

    /// The midgame engine: one thread (an analysis is reproducible), and
    /// the smallest table for its own exact solver, which never runs here
    /// (`Limits::exact_empties` 0: the moves are solved by `fast`).
    fn engine(&mut self) -> &mut MidgameEngine<G> {
        let megabytes = self.megabytes;
        self.engine
            .get_or_insert_with(|| MidgameEngine::with_tables(megabytes.max(1), 1, 1))
    }

    /// The root moves (the pass when it is forced), their values unknown.
    fn children(p: G::B, o: G::B) -> Vec<Child<G::B>> {
        let legal = moves::<G>(p, o);
        if legal.is_empty() {
            return vec![Child {
                mv: Move::PASS,
                p: o,
                o: p,
                key: canonical::<G>(o, p),
                value: None,
            }];
        }
        Squares(legal)
            .map(|square| {
                let f = flips::<G>(square, p, o);
                let (cp, co) = (o ^ f, p | f | G::B::bit(square));
                Child {
                    mv: Move(square as u8),
                    p: cp,
                    o: co,
                    key: canonical::<G>(cp, co),
                    value: None,
                }
            })
            .collect()
    }

    /// Values the moves that end the game, by counting.
    fn value_finished(children: &mut [Child<G::B>]) {
        for child in children.iter_mut() {
            if moves::<G>(child.p, child.o).is_empty() && moves::<G>(child.o, child.p).is_empty() {
                child.value = Some(finished_value::<G>(child.p, child.o).as_move_value());
            }
        }
    }

    /// Solves until `deadline`, on the analysis's threads, the moves not
    /// completely valued whose positions have at most `max_empties` empties
    /// or which the search followed to the end (their subtrees are small).
    /// A value stays as it was when its solve does not finish.
    ///
    /// One pass: each move's margin and (up to [`LENGTH_EMPTIES`]) game
    /// length from the exact solver.
    fn value_exact(&mut self, children: &mut [Child<G::B>], max_empties: u32, deadline: Deadline) {
        let wanted = |c: &Child<G::B>| {
            let known = c.value;
            !known.is_some_and(|v| is_complete(&v))
                && (c.empties::<G>() <= max_empties
                    || known.is_some_and(|v| is_exact(&v)) && c.empties::<G>() <= LENGTH_EMPTIES)
        };
        // Each distinct position once (moves that are images of each other
        // share a value), in the moves' order. Each is solved by null
        // windows from its own guess, the table shared: measured on FFO
        // #40 (22.8 M nodes for the margins) this beats solving the root
        // first and giving every move the root's bound as a floor (27.7
        // M): the root's proofs that the other moves are worse help their
        // exact values little.
        let mut keys: Vec<Canonical<G::B>> = Vec::new();
        let mut requests = Vec::new();
        for child in children.iter().filter(|c| wanted(c)) {
            if keys.contains(&child.key) {
                continue;
            }
            keys.push(child.key);
            requests.push(ValueRequest {
                p: child.p,
                o: child.o,
                // A margin the search proved is the floor itself.
                floor: child.value.and_then(|v| v.margin).map(|m| -m),
                with_length: child.empties::<G>() <= LENGTH_EMPTIES,
            });
        }
        let solver = self.fast();
        solver.set_deadline(deadline);
        let values = solver.values_on::<G>(&requests);
        for child in children.iter_mut().filter(|c| wanted(c)) {
            let solved = keys
                .iter()
                .position(|k| *k == child.key)
                .and_then(|i| values[i]);
            // A value stays as it was when its solve did not finish.
            if let Some(exact) = solved {
                child.value = Some(solved_value(exact.margin, exact.length).as_move_value());
            }
        }
    }

    /// Values the unvalued moves by a search of every move to `depth`
    /// until `deadline`, and sorts the moves best first; returns the
    /// search's report, its depth at least 1 (0 plies finished: the moves
    /// get the one-ply evaluation, and there is no line).
    fn value_search(
        &mut self,
        p: G::B,
        o: G::B,
        children: &mut [Child<G::B>],
        depth: u32,
        deadline: Deadline,
    ) -> MidgameReport {
        let cells = G::CELLS as i32;
        let limits = Limits {
            depth,
            time: deadline.remaining(),
            exact_empties: Some(0),
        };
        let report = self.engine().think(p, o, limits, EVERY_MOVE, &mut |_| {});
        if report.depth == 0 {
            Self::value_statically(children);
            return MidgameReport {
                depth: 1,
                pv: Vec::new(),
                ..report
            };
        }
        for child in children.iter_mut().filter(|c| c.value.is_none()) {
            let scored = match child.mv.square() {
                // A forced pass: the position's own score.
                None => Some((report.score, report.exact)),
                Some(s) => report
                    .moves
                    .iter()
                    .find(|m| m.0 == s)
                    .map(|m| (m.1, report.ended.contains(&s))),
            };
            if let Some((score, ended)) = scored {
                child.value = Some(searched_value(score, ended, cells));
            }
        }
        let rank = |mv: Move| report.moves.iter().position(|m| Some(m.0) == mv.square());
        children.sort_by_key(|c| rank(c.mv));
        // Moves that are images of each other lead to one position, whose
        // searched scores can still differ (the table and the cuts see the
        // images apart): each takes the best-ranked image's value.
        for i in 1..children.len() {
            if let Some(first) = children[..i].iter().position(|c| c.key == children[i].key) {
                children[i].value = children[first].value;
            }
        }
        report
    }

    /// The principal variation from the root: a best move of `moves` (the
    /// values of `children`, in their order), then the line the exact
    /// solver proves from it when its value is exact, else the midgame
    /// engine's line (its report's when the move is the one it found best,
    /// else its table's from the move), as far as it is known.
    fn principal_variation(
        &mut self,
        p: G::B,
        o: G::B,
        children: &[Child<G::B>],
        moves: &[(Move, Value)],
        searched: Option<&MidgameReport>,
    ) -> Vec<Move> {
        let Some(index) =
            (0..moves.len()).max_by_key(|&i| (moves[i].1.preference(), std::cmp::Reverse(i)))
        else {
            return Vec::new();
        };
        let (first, value) = moves[index];
        let child = children[index];
        let line = if is_exact(&value) {
            let rest = self.fast().principal_variation_on::<G>(child.p, child.o);
            std::iter::once(first.square()).chain(rest).collect()
        } else if let Some(report) = searched.filter(|r| !r.pv.is_empty()) {
            if report.pv.first() == Some(&first.square()) {
                report.pv.clone()
            } else if let (Some(square), Some(engine)) = (first.square(), &self.engine) {
                engine.line_from(p, o, square, report.depth)
            } else {
                vec![first.square()]
            }
        } else {
            vec![first.square()]
        };
        line.into_iter()
            .map(|x| x.map_or(Move::PASS, |s| Move(s as u8)))
            .collect()
    }

    /// The one-ply evaluation for moves no search valued (interrupted).
    fn value_statically(children: &mut [Child<G::B>]) {
        for child in children.iter_mut().filter(|c| c.value.is_none()) {
            child.value = Some(estimate(-G::evaluate(child.p, child.o), G::CELLS as i32));
        }
    }

    fn analyze_bitboards(&mut self, p: G::B, o: G::B, empties: u32) -> Analysis<Move> {
        if moves::<G>(p, o).is_empty() && moves::<G>(o, p).is_empty() {
            return Analysis {
                pv: Vec::new(),
                value: finished_value::<G>(p, o),
                moves: Vec::new(),
                stats: None,
                depth: None,
            };
        }
        let mut children = Self::children(p, o);
        Self::value_finished(&mut children);
        let mut searched = None;
        match (self.move_time, self.depth) {
            (Some(budget), depth) => {
                // Every share of the budget counts from the start.
                let [half, three_quarters, whole] =
                    [0.5, 0.75, 1.0].map(|share| Deadline::after(Some(budget.mul_f64(share))));
                let solvable = match self.depth {
                    Some(d) => d.saturating_sub(1),
                    // Every 6x6 position is worth a try: the fast solver
                    // finishes 26 empties in seconds, 31 in about a minute.
                    None if G::SIZE <= 6 => G::CELLS,
                    None => timed_exact_empties(budget),
                };
                // When every move is small enough to be solved in the budget,
                // the solver goes first, for half of it: most such analyses
                // end there, without the search's half.
                let quick = timed_exact_empties(budget).min(solvable);
                let solver_first = children
                    .iter()
                    .all(|c| c.value.is_some_and(|v| is_complete(&v)) || c.empties::<G>() <= quick);
                if solver_first {
                    self.value_exact(&mut children, quick, half);
                }
                if children.iter().any(|c| c.value.is_none()) {
                    // The search leaves the solver its share (half the budget,
                    // a quarter after a first solve), unless no move could be
                    // solved (nor, proved by the search, given its game's
                    // length): then the rest of the budget is the search's.
                    let in_reach = solvable.max(LENGTH_EMPTIES);
                    let search_until = if !children.iter().any(|c| c.empties::<G>() <= in_reach) {
                        whole
                    } else if solver_first {
                        three_quarters
                    } else {
                        half
                    };
                    let depth = depth.unwrap_or(TIMED_DEPTH);
                    searched = Some(self.value_search(p, o, &mut children, depth, search_until));
                    self.value_exact(&mut children, solvable, whole);
                }
            }
            (None, depth) => {
                let limit = depth.unwrap_or_else(exact_empties::<G>);
                if empties <= limit {
                    self.value_exact(&mut children, u32::MAX, Deadline::none());
                }
                if children.iter().any(|c| c.value.is_none()) {
                    let depth = depth.unwrap_or(DEFAULT_DEPTH);
                    // Without a time budget the game lengths of the moves the
                    // search followed to the end are not sought: the solver
                    // would have to search what the search pruned, unbounded.
                    searched =
                        Some(self.value_search(p, o, &mut children, depth, Deadline::none()));
                }
            }
        }
        Self::value_statically(&mut children);
        let moves: Vec<(Move, Value)> = children
            .iter()
            .map(|c| (c.mv, c.value.unwrap_or_else(Value::unknown)))
            .collect();
        let value = position_value(&moves);
        let all_exact = moves.iter().all(|(_, v)| is_exact(v));
        let pv = self.principal_variation(p, o, &children, &moves, searched.as_ref());
        Analysis {
            pv,
            value,
            moves,
            stats: searched
                .as_ref()
                .and_then(|_| self.engine.as_ref().map(MidgameEngine::table_stats)),
            depth: if all_exact {
                None
            } else {
                searched.map(|r| r.depth)
            },
        }
    }
}

impl<G: ExactGeometry> Analyzer<Othello<G>> for OthelloAnalyzer<G> {
    fn analyze(&mut self, game: &Othello<G>) -> Result<Analysis<Move>, GameError> {
        let (p, o) = game.player_opponent();
        Ok(self.analyze_bitboards(p, o, game.empties()))
    }
}
