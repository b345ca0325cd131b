//! Reading and writing the set's JSON files. Every write goes through a
//! temporary file in the same folder and a rename, so a reader (merge, a
//! second worker, a scheduler's retry) sees either the whole file or
//! none, and a process killed half-way leaves only a temporary file that
//! nothing reads.

use std::io::Write;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::TaskError;

/// The prefix of temporary files: names starting with it are never
/// results.
pub(crate) const TEMP_PREFIX: &str = ".tmp-";

/// Writes `bytes` to `path` atomically (a temporary file in the same
/// folder, synced, then renamed over `path`).
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), TaskError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = path.with_file_name(format!("{TEMP_PREFIX}{name}.{}", std::process::id()));
    let mut file = std::fs::File::create(&temp).map_err(TaskError::io(&temp))?;
    file.write_all(bytes).map_err(TaskError::io(&temp))?;
    file.sync_all().map_err(TaskError::io(&temp))?;
    drop(file);
    std::fs::rename(&temp, path).map_err(TaskError::io(path))
}

/// The pretty JSON text of `value`, ending in a newline.
pub(crate) fn to_json<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("task files serialise");
    text.push('\n');
    text
}

/// Parses `bytes` read from `path` as `what`.
pub(crate) fn from_json<T: DeserializeOwned>(
    path: &Path,
    bytes: &[u8],
    what: &'static str,
) -> Result<T, TaskError> {
    serde_json::from_slice(bytes).map_err(|source| TaskError::Json {
        path: path.to_path_buf(),
        what,
        source,
    })
}

/// Reads a whole file.
pub(crate) fn read(path: &Path) -> Result<Vec<u8>, TaskError> {
    std::fs::read(path).map_err(TaskError::io(path))
}
