//! From a split to its top trees and frontier, per game: the one place
//! that knows how each game's positions are read, valued and estimated.
//! Splitting, running, status and merge all rebuild the same plan from
//! the manifest's split.

use ply_engine::{Game, Notation, Side};
use ply_mnk::{Mnk, Status};
use ply_othello::{ExactGeometry, Othello, Size4, Size6, Size8};

use crate::error::TaskError;
use crate::manifest::{Manifest, Split};
use crate::outcome::{Bound, Outcome};
use crate::task::{Mark, Work};
use crate::tree::{build, Frontier, Interval, Tree, Valuation};

/// The top trees of a split (one per goal) and their shared frontier.
pub(crate) struct Plan {
    pub(crate) trees: Vec<Tree>,
    pub(crate) frontier: Vec<Frontier>,
}

impl Plan {
    /// The plan of `split`; for a training batch, which has no tree, an
    /// empty one.
    pub(crate) fn of(split: &Split) -> Result<Plan, TaskError> {
        match split {
            Split::OthelloExact {
                size,
                position,
                depth,
            } => match size {
                4 => othello::<Size4>(position, *depth),
                6 => othello::<Size6>(position, *depth),
                8 => othello::<Size8>(position, *depth),
                _ => Err(TaskError::Split(format!(
                    "the exact solver runs on 4x4, 6x6 and 8x8 boards, not {size}x{size}"
                ))),
            },
            Split::MnkProof {
                rows,
                cols,
                k,
                position,
                depth,
                attackers,
            } => mnk(*rows, *cols, *k, position, *depth, attackers),
            Split::TrainBatch { .. } | Split::TournamentBatch { .. } => Ok(Plan {
                trees: Vec::new(),
                frontier: Vec::new(),
            }),
        }
    }

    /// The work of frontier position `f` for goal `goal`.
    pub(crate) fn work(&self, split: &Split, goal: usize, f: usize) -> Work {
        let position = self.frontier[f].position.clone();
        match split {
            Split::OthelloExact { size, .. } => {
                let cells = i32::from(*size) * i32::from(*size);
                Work::OthelloExact {
                    size: *size,
                    position,
                    window: [-cells, cells],
                }
            }
            Split::MnkProof {
                rows,
                cols,
                k,
                attackers,
                ..
            } => Work::MnkProof {
                rows: *rows,
                cols: *cols,
                k: *k,
                position,
                attacker: attackers[goal],
            },
            Split::TrainBatch { .. } | Split::TournamentBatch { .. } => {
                unreachable!("batches have no frontier")
            }
        }
    }

    /// For each goal and frontier position, its task's index in `manifest`.
    pub(crate) fn task_indices(&self, manifest: &Manifest) -> Result<Vec<Vec<u32>>, TaskError> {
        let mut by_key = std::collections::HashMap::new();
        for (i, entry) in manifest.tasks.iter().enumerate() {
            by_key.insert((entry.goal as usize, entry.key.as_str()), i as u32);
        }
        let mut out = Vec::with_capacity(self.trees.len());
        for goal in 0..self.trees.len() {
            let mut row = Vec::with_capacity(self.frontier.len());
            for f in &self.frontier {
                match by_key.get(&(goal, f.position.as_str())) {
                    Some(&i) => row.push(i),
                    None => {
                        return Err(TaskError::Merge(format!(
                            "the manifest lists no task for the frontier position '{}' \
                             (written by another split?)",
                            f.position
                        )))
                    }
                }
            }
            out.push(row);
        }
        Ok(out)
    }

    /// The interval an outcome proves for frontier position `f`, from the
    /// tree's fixed side.
    pub(crate) fn leaf_interval(&self, f: usize, outcome: &Outcome) -> Option<Interval> {
        match outcome {
            Outcome::OthelloExact { score, bound, .. } => {
                let flip = self.frontier[f].flip;
                let (s, bound) = if flip {
                    let turned = match bound {
                        Bound::Exact => Bound::Exact,
                        Bound::Lower => Bound::Upper,
                        Bound::Upper => Bound::Lower,
                    };
                    (-score, turned)
                } else {
                    (*score, *bound)
                };
                let range = self.trees.first()?.range;
                Some(match bound {
                    Bound::Exact => (s, s),
                    Bound::Lower => (s, range.1),
                    Bound::Upper => (range.0, s),
                })
            }
            Outcome::MnkProof { attacker_wins } => {
                let v = i32::from(*attacker_wins);
                Some((v, v))
            }
            Outcome::TrainBatch { .. } | Outcome::TournamentBatch { .. } => None,
        }
    }
}

impl Plan {
    /// A guess of frontier position `f`'s margin in discs, from the tree's
    /// fixed side (its estimate is in hundredths of a disc).
    pub(crate) fn guess(&self, f: usize, range: Interval) -> i32 {
        (self.frontier[f].estimate / 100).clamp(range.0, range.1)
    }
}

fn split_error(e: impl std::fmt::Display) -> TaskError {
    TaskError::Split(e.to_string())
}

fn othello<G: ExactGeometry>(position: &str, depth: u32) -> Result<Plan, TaskError> {
    let start = Othello::<G>::new();
    let root = if position.trim().is_empty() {
        start
    } else {
        start.parse_position(position).map_err(split_error)?
    };
    if root.result().is_some() {
        return Err(TaskError::Split("the game is over in this position".into()));
    }
    let side = root.to_move();
    let cells = (G::SIZE * G::SIZE) as i32;
    let view = move |g: &Othello<G>, v: i32| if g.to_move() == side { v } else { -v };
    let is_max = move |g: &Othello<G>| g.to_move() == side;
    let finished = move |g: &Othello<G>| g.result().map(|_| view(g, g.final_margin()));
    let estimate = move |g: &Othello<G>| {
        let (p, o) = g.player_opponent();
        view(g, G::evaluate(p, o))
    };
    let valuation = Valuation {
        depth,
        range: (-cells, cells),
        is_max: &is_max,
        finished: &finished,
        estimate: &estimate,
    };
    let (tree, frontier) = build(&root, &valuation);
    Ok(Plan {
        trees: vec![tree],
        frontier,
    })
}

/// The (m,n,k) root position.
pub(crate) fn mnk_root(rows: u8, cols: u8, k: u8, position: &str) -> Result<Mnk, TaskError> {
    let empty = Mnk::new(rows, cols, k).map_err(split_error)?;
    if position.trim().is_empty() {
        Ok(empty)
    } else {
        empty.parse_position(position).map_err(split_error)
    }
}

fn mnk(
    rows: u8,
    cols: u8,
    k: u8,
    position: &str,
    depth: u32,
    attackers: &[Mark],
) -> Result<Plan, TaskError> {
    let root = mnk_root(rows, cols, k, position)?;
    if root.status() != Status::Playing {
        return Err(TaskError::Split("the game is over in this position".into()));
    }
    let mover = Mark::of(root.to_move());
    let empty = root.stones(Side::First) | root.stones(Side::Second) == 0;
    let expected = if empty { 1 } else { 2 };
    if attackers.len() != expected
        || attackers[0] != mover
        || attackers.get(1).is_some_and(|&a| a == mover)
    {
        return Err(TaskError::Split(format!(
            "the attackers are the side to move ({mover:?}) and, unless the board is \
             empty, the other: not {attackers:?}"
        )));
    }
    let mut trees = Vec::new();
    let mut frontier = Vec::new();
    for attacker in attackers {
        let side: Side = attacker.side();
        let is_max = move |g: &Mnk| g.to_move() == side;
        let finished = move |g: &Mnk| match g.status() {
            Status::Playing => None,
            Status::Won(s) => Some(i32::from(s == side)),
            Status::Drawn => Some(0),
        };
        let estimate = move |g: &Mnk| open_windows(g, rows, cols, k, side);
        let valuation = Valuation {
            depth,
            range: (0, 1),
            is_max: &is_max,
            finished: &finished,
            estimate: &estimate,
        };
        let (tree, f) = build(&root, &valuation);
        trees.push(tree);
        frontier = f;
    }
    Ok(Plan { trees, frontier })
}

/// A cheap estimate of an (m,n,k) position for `attacker`: the k-cell
/// windows holding attacker stones and no defender stone, less the
/// windows holding defender stones and no attacker stone (the replies
/// that kill most of the attacker's lines sort first as refutations).
fn open_windows(game: &Mnk, rows: u8, cols: u8, k: u8, attacker: Side) -> i32 {
    let mine = game.stones(attacker);
    let theirs = game.stones(attacker.opponent());
    let (rows, cols, k) = (i32::from(rows), i32::from(cols), i32::from(k));
    let mut score = 0;
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for r in 0..rows {
            for c in 0..cols {
                let (er, ec) = (r + dr * (k - 1), c + dc * (k - 1));
                if !(0..rows).contains(&er) || !(0..cols).contains(&ec) {
                    continue;
                }
                let window: u64 = (0..k)
                    .map(|i| 1u64 << ((r + dr * i) * cols + c + dc * i))
                    .fold(0, |a, b| a | b);
                match (window & mine != 0, window & theirs != 0) {
                    (true, false) => score += 1,
                    (false, true) => score -= 1,
                    _ => {}
                }
            }
        }
    }
    score
}
