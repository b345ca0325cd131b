//! The learner's file on disk: which files may be read (regular files of
//! bounded size, writable, with one name), one learner per file (within a
//! process by a set of claims, across processes by an advisory lock), and
//! saves that never outgrow what can be read back.

use std::collections::BTreeSet;
use std::fs;
use std::fs::TryLockError;
use std::io::{Read, Seek, Write};
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
struct FileClaim(PathBuf);

impl FileClaim {
    /// Claims the file `target`, which messages call `path`.
    fn take(target: &Path, path: &Path) -> Result<Self, GameError> {
        let id = identity(target);
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

/// A learner file held for one learner: claimed in this process and locked
/// (an advisory lock, which every learner of any process takes) as long as
/// it lives. The lock is on the open file, so each save locks its new file
/// before renaming it over the old one and the lock never lapses.
pub(super) struct HeldFile {
    /// The file itself, links resolved: saves replace it.
    pub(super) target: PathBuf,
    /// The locked open file.
    locked: fs::File,
    /// The open made the file (empty); it is removed again if nothing was
    /// ever saved into it.
    created: bool,
    saved: bool,
    _claim: FileClaim,
}

impl HeldFile {
    /// Holds the file `path` names (`path` is how messages name it), or
    /// says why not: read-only, more than one name, held by another
    /// learner, or not writable. Returns what the file holds once locked,
    /// `None` when this open made it.
    pub(super) fn take(path: &Path) -> Result<(Self, Option<Vec<u8>>), GameError> {
        let target = resolve(path);
        if let Ok(metadata) = fs::metadata(&target) {
            refuse_unsavable(path, &metadata)?;
        }
        let claim = FileClaim::take(&target, path)?;
        // Say now, not after the first game, if it cannot be saved.
        probe_writable(&target, path)?;
        let busy = || {
            GameError::BadOption(format!(
                "the learner file {} is already used by another learner (another ply \
                 running now); give each learner its own file, or wait until that one ends",
                shown(path)
            ))
        };
        // Another process may replace or remove the file between the open
        // and the lock: then the lock is on a file no longer there, and the
        // open starts again.
        for _ in 0..100 {
            let (file, created) = match fs::File::options().read(true).write(true).open(&target) {
                Ok(file) => (file, false),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    match fs::File::options()
                        .read(true)
                        .write(true)
                        .create_new(true)
                        .open(&target)
                    {
                        Ok(file) => (file, true),
                        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                        Err(e) => return Err(cannot_save(path, &e)),
                    }
                }
                Err(e) => return Err(cannot_save(path, &e)),
            };
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => return Err(busy()),
                Err(TryLockError::Error(e)) => return Err(cannot_save(path, &e)),
            }
            if !same_file(&file, &target) {
                continue;
            }
            let bytes = read_bounded(&file, path)?;
            let held = HeldFile {
                target,
                locked: file,
                created,
                saved: false,
                _claim: claim,
            };
            return Ok((held, (!created).then_some(bytes)));
        }
        Err(busy())
    }

    /// The permissions a save gives the new file: the old file's.
    pub(super) fn permissions(&self) -> Option<fs::Permissions> {
        self.locked.metadata().ok().map(|m| m.permissions())
    }

    /// After a save renamed `file` (locked) over the old one: holds it.
    pub(super) fn replaced_by(&mut self, file: fs::File) {
        self.locked = file;
        self.saved = true;
    }
}

impl Drop for HeldFile {
    fn drop(&mut self) {
        // An empty file this open made would be left behind by a learner
        // that never finished a game.
        if self.created && !self.saved && same_file(&self.locked, &self.target) {
            let _ = fs::remove_file(&self.target);
        }
    }
}

/// Refuses, at open, a file a save would harm: a read-only one would be
/// replaced by a writable file, and one with a second name (a hard link)
/// would be separated from it, the other name keeping the old table.
fn refuse_unsavable(path: &Path, metadata: &fs::Metadata) -> Result<(), GameError> {
    if !metadata.is_file() {
        return Ok(());
    }
    if metadata.permissions().readonly() {
        return Err(GameError::BadOption(format!(
            "the learner file {} is read-only, and a learner saves what it learns; \
             make it writable, or give a copy",
            shown(path)
        )));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if metadata.nlink() > 1 {
            return Err(GameError::BadOption(format!(
                "the learner file {} has {} names (hard links); a save replaces the file \
                 and would leave the other names with the old table: give a copy",
                shown(path),
                metadata.nlink()
            )));
        }
    }
    Ok(())
}

/// True when the open `file` is the one `path` names now.
fn same_file(file: &fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

/// The file `path` names with symbolic links followed (the last part too,
/// even to a file not made yet): what a save replaces, so a link stays a
/// link. A loop of links is left for the open to report.
pub(super) fn resolve(path: &Path) -> PathBuf {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match fs::read_link(&current) {
            // A relative link is relative to the link's folder.
            Ok(to) => {
                current = current
                    .parent()
                    .map_or(to.clone(), |folder| folder.join(&to))
            }
            Err(_) => break,
        }
    }
    current
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
            crate::special_file_kind(&metadata)
        )));
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(too_big());
    }
    let file = fs::File::open(path).map_err(|e| cannot(e.to_string()))?;
    read_bounded(&file, path).map(Some)
}

/// The bytes of `file` (named `path`), at most [`MAX_FILE_BYTES`] of them
/// even if it grows while being read.
fn read_bounded(mut file: &fs::File, path: &Path) -> Result<Vec<u8>, GameError> {
    let cannot = |why: String| {
        GameError::Io(format!(
            "cannot read the learner file {}: {why}",
            shown(path)
        ))
    };
    let mut bytes = Vec::new();
    file.rewind().map_err(|e| cannot(e.to_string()))?;
    Read::by_ref(&mut file)
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(e.to_string()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(cannot(format!(
            "it is larger than the limit of {} MiB for learner files",
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(bytes)
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

/// Checks that a save into `target` (which messages call `path`) can work:
/// a folder there is refused, and the temporary file a save writes can be
/// created beside it.
fn probe_writable(target: &Path, path: &Path) -> Result<(), GameError> {
    if target.is_dir() {
        return Err(cannot_save(path, &"it is a folder"));
    }
    let folder = target.parent().filter(|p| !p.as_os_str().is_empty());
    if folder.is_some_and(|f| !f.is_dir()) {
        return Err(cannot_save(path, &"its folder does not exist"));
    }
    let temp = temp_path(target);
    fs::File::create(&temp).map_err(|e| cannot_save(path, &e))?;
    fs::remove_file(&temp).map_err(|e| cannot_save(path, &e))
}
