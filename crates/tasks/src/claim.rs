//! Workers' claims on tasks, so that workers sharing a set's folder
//! (`ply task run DIR` started on several cores or machines) never solve
//! the same task at once, and each knows which tasks the others are
//! solving. A claim is an advisory lock on `locks/NNNNNN.lock`, held by
//! an open file: the system drops it when the process ends, however it
//! ends, so a killed worker's task is free again at once and no stale
//! claim is ever left to clean up.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::PathBuf;

use crate::error::TaskError;
use crate::set::TaskSet;
use crate::task::task_name;

/// A worker's claim on a task, held until dropped.
#[derive(Debug)]
pub struct Claim {
    _lock: File,
}

impl TaskSet {
    fn lock_path(&self, index: u32) -> PathBuf {
        self.dir()
            .join("locks")
            .join(format!("{}.lock", task_name(index)))
    }

    /// Claims task `index` for this worker: `None` when another worker
    /// holds it.
    pub fn claim(&self, index: u32) -> Result<Option<Claim>, TaskError> {
        let path = self.lock_path(index);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(TaskError::io(dir))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(TaskError::io(&path))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(Claim { _lock: file })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(source)) => Err(TaskError::Io { path, source }),
        }
    }

    /// Whether another worker is solving task `index` now.
    pub(crate) fn is_running(&self, index: u32) -> bool {
        let path = self.lock_path(index);
        let Ok(file) = OpenOptions::new().write(true).open(&path) else {
            return false;
        };
        matches!(file.try_lock(), Err(TryLockError::WouldBlock))
    }
}
