//! A task's result: `results/NNNNNN.json`, what the task proved and what
//! it cost, tied to its task file by checksum and sealed by its own.

use serde::{Deserialize, Serialize};

use crate::checksum::checksum;

/// What a task proved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// An Othello margin for the task position's side to move.
    OthelloExact {
        /// The score found.
        score: i32,
        /// Whether it is exact or a bound (a score at an end of a
        /// narrowed window).
        bound: Bound,
        /// A best move, when the side to move has one (none for an
        /// upper bound: no move was found to reach it).
        best: Option<String>,
        /// The open window searched: a score strictly inside it is exact,
        /// one at or below its low end an upper bound, one at or above
        /// its high end a lower bound.
        window: [i32; 2],
    },
    /// Whether the attacker forces a line.
    MnkProof {
        /// True: the attacker wins; false: the defender holds.
        attacker_wins: bool,
    },
    /// The positions file a training job wrote.
    TrainBatch {
        /// Its path inside the set's folder.
        file: String,
        /// Distinct positions in it.
        positions: u64,
        /// Its checksum.
        checksum: String,
    },
    /// A tournament batch's standings.
    TournamentBatch {
        /// Each player's results, in the order the players are listed.
        players: Vec<PlayerTally>,
    },
}

/// A player's results over some games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerTally {
    /// The player's name (its spec).
    pub name: String,
    /// Wins, draws and losses in all its games.
    pub total: [u64; 3],
    /// Wins, draws and losses when it moved first.
    pub as_first: [u64; 3],
    /// Wins, draws and losses when it moved second.
    pub as_second: [u64; 3],
    /// Games it lost by a fault (a crash, an illegal move, silence).
    pub faults: u64,
}

impl PlayerTally {
    /// Adds `other`'s results (the same player's, from other games).
    pub fn add(&mut self, other: &PlayerTally) {
        for i in 0..3 {
            self.total[i] += other.total[i];
            self.as_first[i] += other.as_first[i];
            self.as_second[i] += other.as_second[i];
        }
        self.faults += other.faults;
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.total.iter().sum()
    }
}

/// How far a score is proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// The value is the score.
    Exact,
    /// The value is at least the score (it failed high).
    Lower,
    /// The value is at most the score (it failed low).
    Upper,
}

/// What a result file says about its task.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskResult {
    /// The result file format.
    pub format: u32,
    /// The set the task belongs to.
    pub set_id: String,
    /// The task's index.
    pub index: u32,
    /// The checksum of the task file that was run.
    pub task_checksum: String,
    /// What it proved.
    pub outcome: Outcome,
    /// Positions searched.
    pub nodes: u64,
    /// Wall-clock milliseconds.
    pub millis: u64,
    /// Earlier runs of the task whose results this one replaced (each a
    /// bound the root came to need narrower), and what they cost: every
    /// node searched for the task is counted.
    #[serde(default)]
    pub earlier: EarlierRuns,
    /// The version of ply that ran it.
    pub version: String,
    /// The machine that ran it (to find a faulty node).
    pub host: String,
}

/// What a task's replaced results cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EarlierRuns {
    /// How many.
    pub runs: u32,
    /// Positions they searched.
    pub nodes: u64,
    /// Their wall-clock milliseconds.
    pub millis: u64,
}

impl TaskResult {
    /// Positions searched for the task, by this run and the ones it replaced.
    pub fn total_nodes(&self) -> u64 {
        self.nodes + self.earlier.nodes
    }

    /// Wall-clock milliseconds spent on the task, this run and the ones it
    /// replaced.
    pub fn total_millis(&self) -> u64 {
        self.millis + self.earlier.millis
    }
}

/// The file: the result and the checksum of its JSON text.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SealedResult {
    pub(crate) result: TaskResult,
    pub(crate) checksum: String,
}

impl SealedResult {
    /// Seals `result`: the checksum of its compact JSON.
    pub(crate) fn seal(result: TaskResult) -> SealedResult {
        let checksum = checksum(body(&result).as_bytes());
        SealedResult { result, checksum }
    }

    /// Whether the checksum matches the result.
    pub(crate) fn intact(&self) -> bool {
        checksum(body(&self.result).as_bytes()) == self.checksum
    }
}

fn body(result: &TaskResult) -> String {
    serde_json::to_string(result).expect("results serialise")
}
