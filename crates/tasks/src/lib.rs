//! Solves cut into independent tasks that the schedulers clusters
//! already run (Slurm job arrays, Kubernetes Indexed Jobs, GNU parallel
//! over ssh) can run, and put back together with proof that nothing was
//! lost.
//!
//! A task set is a folder:
//!
//! - `manifest.json`: what was split (the game, the root position, the
//!   split depth), the engine settings, and every task's file, checksum,
//!   priority and "needed first" mark;
//! - `tasks/NNNNNN.json`: one self-describing task each (the position,
//!   what to prove and in which window, the engine and its version);
//! - `results/NNNNNN.json`: written atomically when a task finishes (its
//!   value or bound and the window searched, nodes, time, version, the
//!   task file's checksum and its own);
//! - `locks/NNNNNN.lock`: the workers' claims on the tasks they solve
//!   (`claim.rs`).
//!
//! A task is searched in the window the results so far leave the root
//! needing, so a task off the principal line proves a bound, not an exact
//! value (`run.rs`, `compose.rs`).
//!
//! Four kinds of split: an Othello position's exact margin from the
//! exact margins of every position some plies below it (deduplicated by
//! the board's symmetries), an (m,n,k) proof from proofs of the positions
//! below it (AND/OR), self-play batches for the Othello evaluation's
//! training, and tournament batches (the same round robin from a seed of
//! its own each, played by a runner the front end gives). Merge rebuilds the top of the tree, composes the root from
//! the results (`tree.rs` explains how a root is decided before every
//! task is done) and refuses, by name, any damaged, foreign or
//! out-of-version result.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod checksum;
mod claim;
mod compose;
mod error;
mod files;
mod manifest;
mod merge;
mod outcome;
mod plan;
mod request;
mod run;
mod schedulers;
mod set;
mod status;
mod task;
mod tree;

pub use checksum::{checksum, fnv1a};
pub use claim::Claim;
pub use compose::Answer;
pub use error::TaskError;
pub use manifest::{Manifest, Split, TaskEntry, FORMAT, VERSION};
pub use merge::{merge, MergeReport};
pub use outcome::{Bound, EarlierRuns, Outcome, PlayerTally, TaskResult};
pub use request::{engine_settings, solve_split, DEFAULT_SPLIT_DEPTH};
pub use run::{
    index_from_env, parse_index, run_all, run_task, RunOptions, RunReport, TournamentRunner,
    INDEX_VARIABLES,
};
pub use schedulers::{
    kubernetes_manifest, slurm_script, task_memory_mb, KubernetesOptions, SlurmOptions,
};
pub use set::{Refused, Results, TaskSet};
pub use status::{status, Progress};
pub use task::{task_name, EngineSettings, Mark, Task, Work};
