//! The root's value composed from the results so far (minimax over the
//! top tree with each task's proved interval; for proofs, the AND/OR
//! composition, one goal per attacker), and which tasks are still needed.

use serde::Serialize;

use crate::error::TaskError;
use crate::manifest::Split;
use crate::outcome::{Outcome, PlayerTally};
use crate::plan::Plan;
use crate::set::TaskSet;
use crate::tree::Interval;

/// The root's value as the tasks decide it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Answer {
    /// An Othello position's exact margin for its side to move, and the
    /// moves proved to reach it (in move order).
    Margin {
        /// The margin.
        score: i32,
        /// The best moves found (all of them when every task is done).
        best: Vec<String>,
    },
    /// An (m,n,k) position's value for its side to move.
    Proof {
        /// `win`, `draw` or `loss`.
        value: String,
    },
    /// A tournament's standings, summed over its batches.
    Standings {
        /// Games played.
        games: u64,
        /// Each player's results, in the order the players are listed.
        players: Vec<PlayerTally>,
    },
    /// Every training batch is present.
    Data {
        /// Positions files.
        files: u32,
        /// Positions in all of them.
        positions: u64,
    },
}

/// Where an Othello task is to be searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Window {
    /// In this open window, from its side to move's view.
    Search([i32; 2]),
    /// Only if the tasks other workers are solving prove other than
    /// their estimates: not yet.
    Wait,
    /// No value of it changes the root.
    NotNeeded,
}

/// The tasks' composition: what the results decide and what is needed.
pub(crate) struct Composition {
    plan: Plan,
    split: Split,
    /// For each task, its goal and frontier position (none for batches).
    place: Vec<Option<(usize, usize)>>,
    outcomes: Vec<Option<Outcome>>,
}

impl Composition {
    /// The composition of `set`'s valid results (refused ones count as
    /// missing).
    pub(crate) fn of(set: &TaskSet) -> Result<Composition, TaskError> {
        let manifest = set.manifest();
        let plan = Plan::of(&manifest.split)?;
        let mut place = vec![None; set.len() as usize];
        if !plan.trees.is_empty() {
            for (goal, row) in plan.task_indices(manifest)?.into_iter().enumerate() {
                for (f, index) in row.into_iter().enumerate() {
                    place[index as usize] = Some((goal, f));
                }
            }
            if place.iter().any(Option::is_none) {
                return Err(TaskError::Merge(
                    "the manifest lists tasks that are not on the split's frontier".into(),
                ));
            }
        }
        let results = set.results()?;
        let outcomes = results
            .by_task
            .into_iter()
            .map(|r| r.map(|r| r.outcome))
            .collect();
        Ok(Composition {
            plan,
            split: manifest.split.clone(),
            place,
            outcomes,
        })
    }

    /// Whether task `index` has a result.
    pub(crate) fn is_done(&self, index: u32) -> bool {
        self.outcomes[index as usize].is_some()
    }

    /// Each goal's leaf intervals from the results (`None`: no result).
    fn leaves(&self) -> Vec<Vec<Option<Interval>>> {
        let mut leaf: Vec<Vec<Option<Interval>>> =
            vec![vec![None; self.plan.frontier.len()]; self.plan.trees.len()];
        for (index, outcome) in self.outcomes.iter().enumerate() {
            if let (Some((goal, f)), Some(outcome)) = (self.place[index], outcome) {
                leaf[goal][f] = self.plan.leaf_interval(f, outcome);
            }
        }
        leaf
    }

    /// Each goal's node intervals.
    fn intervals(&self) -> Vec<Vec<Interval>> {
        let leaf = self.leaves();
        self.plan
            .trees
            .iter()
            .zip(&leaf)
            .map(|(tree, leaf)| tree.intervals(&|f| leaf[f]))
            .collect()
    }

    /// Whether each task is still needed: some value it could prove, in
    /// what its result (if any) leaves open, would still change the
    /// root's value. A task whose result is only a bound, and a bound the
    /// root needs narrower, is needed again.
    pub(crate) fn needed(&self) -> Vec<bool> {
        if self.plan.trees.is_empty() {
            return self.outcomes.iter().map(Option::is_none).collect();
        }
        let intervals = self.intervals();
        let mut relevant = Vec::with_capacity(self.plan.trees.len());
        // A later goal matters only while no earlier one is proved won.
        let mut open = true;
        for (tree, iv) in self.plan.trees.iter().zip(&intervals) {
            let leaves = if open {
                tree.relevant(iv, self.plan.frontier.len())
            } else {
                vec![false; self.plan.frontier.len()]
            };
            relevant.push(leaves);
            if iv[tree.root] == (1, 1) && matches!(self.split, Split::MnkProof { .. }) {
                open = false;
            }
        }
        self.place
            .iter()
            .map(|place| place.is_some_and(|(goal, f)| relevant[goal][f]))
            .collect()
    }

    /// The window to search Othello task `index` in: the open window
    /// `(a, b)`, in the view of the task position's side to move, outside
    /// which a bound is as good as the exact margin (and never wider than
    /// what its result, if any, leaves open). Every run narrows what the
    /// task's result leaves open, so a task is searched again only a
    /// bounded number of times.
    ///
    /// With `running` (tasks other workers are solving now), those
    /// tasks are assumed to come out at their estimates, as a parallel
    /// alpha-beta speculates: a task off the expected line then proves
    /// only the bound it would need if the estimates hold, at a fraction
    /// of an exact margin's cost. Where they do not hold its bound is too
    /// loose and the task is needed again, with a window clipped to what
    /// it proved, so every rerun narrows it.
    pub(crate) fn window(&self, index: u32, running: Option<&dyn Fn(u32) -> bool>) -> Window {
        let Some((goal, f)) = self.place[index as usize] else {
            return Window::NotNeeded;
        };
        if !matches!(self.split, Split::OthelloExact { .. }) {
            return Window::NotNeeded;
        }
        let tree = &self.plan.trees[goal];
        let frontier = self.plan.frontier.len();
        let leaf = &self.leaves()[goal];
        let proven = |g: usize| leaf[g].unwrap_or(tree.range);
        let own = proven(f);
        let proven_intervals = tree.intervals(&|g| Some(proven(g)));
        let Some(needed) = tree.windows(&proven_intervals, frontier)[f] else {
            return Window::NotNeeded;
        };
        let intervals = match running {
            None => proven_intervals,
            Some(running) => {
                let mut task_of = vec![None; frontier];
                for (i, place) in self.place.iter().enumerate() {
                    if let Some((g, h)) = *place {
                        if g == goal {
                            task_of[h] = Some(i as u32);
                        }
                    }
                }
                let speculated = |g: usize| {
                    let (lo, hi) = proven(g);
                    if g == f || lo == hi || !task_of[g].is_some_and(running) {
                        return Some((lo, hi));
                    }
                    let guess = self.plan.guess(g, tree.range).clamp(lo, hi);
                    Some((guess, guess))
                };
                tree.intervals(&speculated)
            }
        };
        let window = tree.windows(&intervals, frontier)[f];
        let window = match window {
            Some(window) => window,
            // Needed only if the running tasks prove other than guessed:
            // wait for them.
            None if running.is_some() => return Window::Wait,
            None => needed,
        };
        let (a, b) = (window.0.max(own.0 - 1), window.1.min(own.1 + 1));
        Window::Search(if self.plan.frontier[f].flip {
            [-b, -a]
        } else {
            [a, b]
        })
    }

    /// Whether task `index` is still needed.
    pub(crate) fn is_needed(&self, index: u32) -> bool {
        self.needed()[index as usize]
    }

    /// The root's value, once the results decide it.
    pub(crate) fn answer(&self) -> Option<Answer> {
        match &self.split {
            Split::TournamentBatch { .. } => {
                let mut players: Vec<PlayerTally> = Vec::new();
                for outcome in &self.outcomes {
                    let Some(Outcome::TournamentBatch { players: batch }) = outcome else {
                        return None;
                    };
                    for tally in batch {
                        match players.iter_mut().find(|p| p.name == tally.name) {
                            Some(known) => known.add(tally),
                            None => players.push(tally.clone()),
                        }
                    }
                }
                // Each game counts once for each of its two players.
                let games = players.iter().map(PlayerTally::games).sum::<u64>() / 2;
                Some(Answer::Standings { games, players })
            }
            Split::TrainBatch { .. } => {
                let mut positions = 0;
                for outcome in &self.outcomes {
                    match outcome {
                        Some(Outcome::TrainBatch { positions: p, .. }) => positions += p,
                        _ => return None,
                    }
                }
                Some(Answer::Data {
                    files: self.outcomes.len() as u32,
                    positions,
                })
            }
            Split::OthelloExact { .. } => {
                let intervals = self.intervals();
                let tree = &self.plan.trees[0];
                let (lo, hi) = intervals[0][tree.root];
                (lo == hi).then(|| Answer::Margin {
                    score: lo,
                    best: tree.best_moves(&intervals[0]),
                })
            }
            Split::MnkProof { attackers, .. } => {
                let intervals = self.intervals();
                for (goal, tree) in self.plan.trees.iter().enumerate() {
                    match intervals[goal][tree.root] {
                        (1, 1) => {
                            let value = if attackers[goal] == attackers[0] {
                                "win"
                            } else {
                                "loss"
                            };
                            return Some(Answer::Proof {
                                value: value.into(),
                            });
                        }
                        (0, 0) => {}
                        _ => return None,
                    }
                }
                // No side forces a line (on an empty board the second
                // cannot, by strategy stealing, and is not a goal).
                Some(Answer::Proof {
                    value: "draw".into(),
                })
            }
        }
    }
}
