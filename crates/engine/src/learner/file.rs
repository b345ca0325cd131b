//! The learner's file on disk: which files may be read (regular files of
//! bounded size), one learner per file in a process, and saves that never
//! outgrow what can be read back.

use std::collections::BTreeSet;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use super::MAX_FILE_BYTES;
use crate::echo::shown_within;
use crate::error::GameError;

/// The files open by learners in this process, by [`identity`].
static OPEN_FILES: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

fn open_files() -> MutexGuard<'static, BTreeSet<PathBuf>> {
    // The set stays consistent even if a holder panicked: every change
    // is a single insert or remove.
    OPEN_FILES.lock().unwrap_or_else(|e| e.into_inner())
}

/// One file, held by one learner until it is dropped.
pub(super) struct FileClaim(PathBuf);

impl FileClaim {
    pub(super) fn take(path: &Path) -> Result<Self, GameError> {
        let id = identity(path);
        if !open_files().insert(id.clone()) {
            return Err(GameError::BadOption(format!(
                "the learner file {} is already used by another learner here; \
                 give each learner its own file",
                shown(path)
            )));
        }
        Ok(FileClaim(id))
    }
}

impl Drop for FileClaim {
    fn drop(&mut self) {
        open_files().remove(&self.0);
    }
}

/// The file `path` names, whatever the spelling: links and `..` resolved,
/// through its folder when the file does not exist yet.
fn identity(path: &Path) -> PathBuf {
    if let Ok(real) = fs::canonicalize(path) {
        return real;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(folder), Some(name)) => fs::canonicalize(folder)
            .map(|folder| folder.join(name))
            .unwrap_or(absolute),
        _ => absolute,
    }
}

/// Longest path a message echoes whole: longer than other input, since the
/// file name at its end is what tells the user which file is meant.
const PATH_CHARS: usize = 100;

/// A path as messages echo it.
pub(super) fn shown(path: &Path) -> String {
    shown_within(&path.display().to_string(), PATH_CHARS)
}

/// The bytes of the learner file at `path`, `None` when there is none yet.
/// Only a regular file of at most [`MAX_FILE_BYTES`] is read, and the read
/// stops past that size even if the file grows meanwhile.
pub(super) fn read_file(path: &Path) -> Result<Option<Vec<u8>>, GameError> {
    let cannot = |why: String| {
        GameError::Io(format!(
            "cannot read the learner file {}: {why}",
            shown(path)
        ))
    };
    let too_big = || {
        cannot(format!(
            "it is larger than the limit of {} MiB for learner files",
            MAX_FILE_BYTES >> 20
        ))
    };
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(cannot(e.to_string())),
    };
    if !metadata.is_file() {
        return Err(cannot(format!(
            "it is {}, not a regular file",
            kind_of_file(&metadata)
        )));
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(too_big());
    }
    let file = fs::File::open(path).map_err(|e| cannot(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(e.to_string()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big());
    }
    Ok(Some(bytes))
}

/// What kind of thing a path that is not a regular file names.
fn kind_of_file(metadata: &fs::Metadata) -> &'static str {
    let kind = metadata.file_type();
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// A writer that fails once more than [`MAX_FILE_BYTES`] were written, so
/// a table is never saved in a file too big to be read back.
pub(super) struct Limited<W> {
    pub(super) inner: W,
    pub(super) written: u64,
}

impl<W: Write> Write for Limited<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.written += buf.len() as u64;
        if self.written > MAX_FILE_BYTES {
            return Err(std::io::Error::other(format!(
                "the table has outgrown the limit of {} MiB for learner files \
                 (it is kept for this run only)",
                MAX_FILE_BYTES >> 20
            )));
        }
        self.inner.write_all(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The temporary file a save writes first, beside the real one.
pub(super) fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "learner".into());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

pub(super) fn cannot_save(path: &Path, e: &dyn std::fmt::Display) -> GameError {
    GameError::Io(format!(
        "cannot save the learner file {}: {}",
        shown(path),
        shown_within(&e.to_string(), 120)
    ))
}

/// Checks that a save into `path` can work: a folder there is refused, and
/// the temporary file a save writes can be created beside it.
pub(super) fn probe_writable(path: &Path) -> Result<(), GameError> {
    if path.is_dir() {
        return Err(cannot_save(path, &"it is a folder"));
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    if folder.is_some_and(|f| !f.is_dir()) {
        return Err(cannot_save(path, &"its folder does not exist"));
    }
    let temp = temp_path(path);
    fs::File::create(&temp).map_err(|e| cannot_save(path, &e))?;
    fs::remove_file(&temp).map_err(|e| cannot_save(path, &e))
}
