//! What can go wrong with a task set, each case naming the file or the
//! task it is about, so one line tells the user what to look at.

use std::path::PathBuf;

/// An error of a task set: a file that cannot be read or written, a
/// request that cannot be split, a task or result that is not what the
/// manifest promises.
#[derive(Debug, thiserror::Error)]
pub enum TaskError {
    /// A file or folder could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file is not the JSON it should be.
    #[error("{}: not a valid {what}: {source}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// What the file should hold (a manifest, a task, a result).
        what: &'static str,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// The folder holds no task set.
    #[error("{}: not a task set (no manifest.json; write one with `ply solve ... --split DIR`)", path.display())]
    NotATaskSet {
        /// The folder.
        path: PathBuf,
    },
    /// The folder to split into is not empty.
    #[error("{}: the folder is not empty; split into a new folder", path.display())]
    NotEmpty {
        /// The folder.
        path: PathBuf,
    },
    /// The manifest was written by another format or version of ply.
    #[error("{}: written by {found}, this is {expected}", path.display())]
    Version {
        /// The manifest.
        path: PathBuf,
        /// The format or version found.
        found: String,
        /// The format or version this build reads.
        expected: String,
    },
    /// The manifest's own content does not hold together.
    #[error("{}: damaged manifest: {why}", path.display())]
    Manifest {
        /// The manifest.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A task index outside the set.
    #[error("no task {index}: the set has tasks 0 to {}", count.saturating_sub(1))]
    NoSuchTask {
        /// The index asked for.
        index: u64,
        /// Tasks in the set.
        count: u32,
    },
    /// A task index that is not a number (from the command line or a
    /// scheduler's variable).
    #[error("{source_name}: '{text}' is not a task index")]
    BadIndex {
        /// Where the index came from.
        source_name: String,
        /// The text given.
        text: String,
    },
    /// A task's file is not the one the manifest lists.
    #[error("task {name}: {why}")]
    Task {
        /// The task's name (its file).
        name: String,
        /// What is wrong.
        why: String,
    },
    /// A result that merge refuses.
    #[error("result {name}: {why}")]
    Result {
        /// The result's name (its file).
        name: String,
        /// What is wrong.
        why: String,
    },
    /// What was asked cannot be split.
    #[error("cannot split: {0}")]
    Split(String),
    /// A task's work cannot be done (a position its engine refuses, a
    /// data file that cannot be written).
    #[error("cannot run the task: {0}")]
    Work(String),
    /// The task stopped at its deadline: it wrote no result.
    #[error("task {name}: stopped at the deadline after {seconds:.1} s; no result written (run it again)")]
    Stopped {
        /// The task's name.
        name: String,
        /// How long it ran.
        seconds: f64,
    },
    /// The results do not decide the root yet, or contradict each other.
    #[error("{0}")]
    Merge(String),
}

impl TaskError {
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> TaskError {
        let path = path.into();
        move |source| TaskError::Io { path, source }
    }
}
