//! The manifest: `manifest.json`, what was split (the game, the root
//! position, the split depth), the engine settings, and every task's
//! file, checksum, priority and "needed first" mark.

use serde::{Deserialize, Serialize};

use crate::task::{EngineSettings, Mark};

/// The format of the set's files this build writes and reads.
pub const FORMAT: u32 = 1;

/// The version of ply (results from another version are refused).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What was split.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Split {
    /// An Othello position's exact margin, from the exact margins of the
    /// positions `depth` plies below it (passes count as plies).
    OthelloExact {
        /// The board's side.
        size: u8,
        /// The root position in OBF.
        position: String,
        /// Plies from the root to the frontier.
        depth: u32,
    },
    /// An (m,n,k) position's value, from proofs on the positions `depth`
    /// plies below it, for each attacker in turn.
    MnkProof {
        /// Rows.
        rows: u8,
        /// Columns.
        cols: u8,
        /// Stones in a row that win.
        k: u8,
        /// The root position (cells row by row).
        position: String,
        /// Plies from the root to the frontier.
        depth: u32,
        /// The sides whose wins are proved or disproved, in order: the
        /// side to move, then (unless the board is empty, where strategy
        /// stealing rules it out) the other.
        attackers: Vec<Mark>,
    },
    /// Self-play data for the Othello evaluation's training, one job a task.
    TrainBatch {
        /// The run's seed.
        seed: u64,
        /// Jobs.
        jobs: u32,
        /// Games per job.
        games: u64,
    },
    /// A tournament played as independent batches: each batch the whole
    /// round robin `ply tournament` plays with `command`'s arguments, from
    /// a seed of its own (`seed + batch`: other openings, other random
    /// choices), and the standings summed over the batches.
    TournamentBatch {
        /// The arguments after `ply tournament` (the game, its options,
        /// the players and the match settings; no seed).
        command: Vec<String>,
        /// Batches.
        batches: u32,
        /// The first batch's seed.
        seed: u64,
    },
}

/// One task as the manifest lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskEntry {
    /// The task file, relative to the set's folder.
    pub file: String,
    /// Its checksum.
    pub checksum: String,
    /// Its rank: 0 runs first. Tasks are numbered in this order.
    pub priority: u32,
    /// Whether the task is in the smallest set of tasks that decides the
    /// root if the engine's estimates are right.
    pub needed_first: bool,
    /// The engine's cheap estimate of its value (from the root's side),
    /// which ordered it.
    pub estimate: Option<i32>,
    /// Which goal of the split it serves (an (m,n,k) split proves one
    /// goal per attacker; other splits have one).
    pub goal: u32,
    /// The frontier position (its canonical form under the board's
    /// symmetries), the key merge finds it by.
    pub key: String,
}

/// The manifest file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The files' format.
    pub format: u32,
    /// The version of ply that wrote the set.
    pub version: String,
    /// The set's identity: a checksum of what was split, the settings and
    /// every task; each result carries it.
    pub set_id: String,
    /// What was split.
    pub split: Split,
    /// The engine settings of every task.
    pub engine: EngineSettings,
    /// Tasks in the set.
    pub task_count: u32,
    /// The tasks, by index.
    pub tasks: Vec<TaskEntry>,
}
