//! `solve` and `hint`: exact values (margin and plies to the end) when few
//! enough squares are empty, else a depth- or time-limited search score.

use std::time::Instant;

use ply_engine::{Analysis, Analyzer, EngineConfig, GameError, Outcome, Value};

use crate::bitboard::{Bits, Geometry, Squares};
use crate::endgame::{final_margin, split_score, Solver, INFINITY, SCALE};
use crate::game::{Move, Othello};
use crate::movegen::{flips, moves};
use crate::search::Search;

/// Without `--depth`, positions with at most this many empty squares are
/// solved exactly (every move, with its game length): a few seconds at most.
pub const EXACT_EMPTIES: u32 = 20;
/// Search depth when the position is too big to solve and no depth or time
/// was given.
pub const DEFAULT_DEPTH: u32 = 12;

/// The exact value of a length-aware score for the side to move.
fn exact_value(score: i32) -> Value {
    let (margin, plies) = split_score(score);
    let outcome = match margin.signum() {
        1 => Outcome::Win,
        -1 => Outcome::Lose,
        _ => Outcome::Draw,
    };
    Value {
        outcome,
        remoteness: (outcome != Outcome::Draw).then_some(plies),
        margin: Some(margin),
        heuristic: None,
    }
}

/// Othello's analysis for one board size.
pub struct OthelloAnalyzer<G: Geometry> {
    exact: Solver<G, true>,
    search: Search<G>,
    depth: Option<u32>,
    move_time: Option<std::time::Duration>,
}

impl<G: Geometry> OthelloAnalyzer<G> {
    pub fn new(config: &EngineConfig) -> Self {
        OthelloAnalyzer {
            exact: Solver::new(config.hash_mb / 2),
            search: Search::new(config.hash_mb / 2),
            depth: config.depth,
            move_time: config.move_time,
        }
    }

    fn solvable(&self, empties: u32) -> bool {
        match self.depth {
            Some(depth) => empties <= depth,
            None => self.move_time.is_none() && empties <= EXACT_EMPTIES,
        }
    }

    /// The length-aware score of a position. (Solving the margin first with
    /// the faster solver and then the length in a narrow window measured
    /// slower: the two searches share no table.)
    fn exact_score(&mut self, p: G::B, o: G::B) -> i32 {
        self.exact.solve(p, o, -INFINITY, INFINITY)
    }

    fn analyze_exact(&mut self, p: G::B, o: G::B) -> Analysis<Move> {
        let legal = moves::<G>(p, o);
        let mut results = Vec::new();
        if legal.is_empty() {
            if !moves::<G>(o, p).is_empty() {
                let child = -self.exact_score(o, p);
                results.push((Move::PASS, exact_value(-child).as_move_value()));
            }
        } else {
            for square in Squares(legal) {
                let f = flips::<G>(square, p, o);
                let child = self.exact_score(o ^ f, p | f | G::B::bit(square));
                results.push((Move(square as u8), exact_value(child).as_move_value()));
            }
        }
        let value = if results.is_empty() {
            let margin = final_margin::<G>(p, o);
            Value {
                remoteness: Some(0),
                ..exact_value(margin * SCALE)
            }
        } else {
            ply_engine::solver::best_value(&results)
        };
        Analysis {
            value,
            moves: results,
            stats: Some(self.exact.stats()),
            depth: None,
        }
    }

    fn analyze_search(&mut self, p: G::B, o: G::B) -> Analysis<Move> {
        let depth = self.depth.unwrap_or(if self.move_time.is_some() {
            60
        } else {
            DEFAULT_DEPTH
        });
        let deadline = self.move_time.map(|t| Instant::now() + t);
        let found = self.search.think(p, o, depth, deadline, true);
        let unknown = |score: i32| Value {
            heuristic: Some(score),
            ..Value::unknown()
        };
        let moves: Vec<(Move, Value)> = if found.best.is_none() {
            vec![(Move::PASS, unknown(found.score))]
        } else {
            found
                .moves
                .iter()
                .map(|&(square, score)| (Move(square as u8), unknown(score)))
                .collect()
        };
        Analysis {
            value: unknown(found.score),
            moves,
            stats: Some(self.search.stats()),
            depth: Some(found.depth),
        }
    }
}

impl<G: Geometry> Analyzer<Othello> for OthelloAnalyzer<G> {
    fn analyze(&mut self, game: &Othello) -> Result<Analysis<Move>, GameError> {
        if game.size() as u32 != G::SIZE {
            return Err(GameError::Unsupported(
                "this analyzer was made for another board size".into(),
            ));
        }
        let (p, o) = game.player_opponent();
        let (p, o) = (G::B::from_u128(p), G::B::from_u128(o));
        let empties = game.empties();
        Ok(if self.solvable(empties) {
            self.analyze_exact(p, o)
        } else {
            self.analyze_search(p, o)
        })
    }
}
