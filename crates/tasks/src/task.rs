//! One task: a small self-describing file saying what to compute (the
//! position, what to prove and within which window), with which engine
//! settings, and for which set.

use serde::{Deserialize, Serialize};

/// A player of an (m,n,k) game, as the files write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Mark {
    /// The engine's side.
    pub fn side(self) -> ply_engine::Side {
        match self {
            Mark::X => ply_engine::Side::First,
            Mark::O => ply_engine::Side::Second,
        }
    }

    /// The mark of an engine side.
    pub fn of(side: ply_engine::Side) -> Mark {
        match side {
            ply_engine::Side::First => Mark::X,
            ply_engine::Side::Second => Mark::O,
        }
    }
}

/// What a task computes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Work {
    /// The exact final disc margin of an Othello position for its side to
    /// move, by the exact endgame solver.
    OthelloExact {
        /// The board's side (4, 6 or 8).
        size: u8,
        /// The position in OBF: the cells row by row, a space, the side to move.
        position: String,
        /// The widest open window to search, `[low, high]`: a score
        /// strictly inside it is exact, one at an end a bound. Tasks are
        /// written with the full range; a run narrows it to what the
        /// results so far leave the root needing (the result says which
        /// window was searched).
        window: [i32; 2],
    },
    /// Whether `attacker` forces a line in an (m,n,k) position, by the
    /// df-pn prover.
    MnkProof {
        /// Rows of the board.
        rows: u8,
        /// Columns.
        cols: u8,
        /// Stones in a row that win.
        k: u8,
        /// The cells row by row (`X`, `O`, `-`).
        position: String,
        /// The side whose win is proved or disproved.
        attacker: Mark,
    },
    /// One job of self-play games for the Othello evaluation's training
    /// (as `ply-othello-train generate --job J --jobs N` runs it).
    TrainBatch {
        /// The run's seed.
        seed: u64,
        /// This job's number.
        job: u32,
        /// Jobs in the run.
        jobs: u32,
        /// Games in the job.
        games: u64,
    },
    /// One batch of a tournament: the round robin of `ply tournament`
    /// with these arguments and this seed.
    TournamentBatch {
        /// The arguments after `ply tournament` (no seed).
        command: Vec<String>,
        /// The batch's seed.
        seed: u64,
        /// The batch's number.
        batch: u32,
    },
}

/// The engine settings every task of a set runs with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineSettings {
    /// The engine that runs the tasks.
    pub engine: String,
    /// The version of ply that wrote the set (results must match it).
    pub version: String,
    /// The transposition table's size in MiB (0: the engine's default).
    pub hash_mb: usize,
    /// Threads per task.
    pub threads: usize,
}

/// A task file: `tasks/NNNNNN.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    /// The task file format.
    pub format: u32,
    /// The set this task belongs to.
    pub set_id: String,
    /// The task's index in the set.
    pub index: u32,
    /// In words, what the task proves.
    pub goal: String,
    /// What to compute.
    pub work: Work,
    /// With which engine.
    pub engine: EngineSettings,
}

/// The name of task `index`: its file's stem, six digits.
pub fn task_name(index: u32) -> String {
    format!("{index:06}")
}
