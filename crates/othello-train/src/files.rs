//! The data folder's files: positions (one file per generation job) and
//! labelled positions (one per labelling job), each a header and a run of
//! fixed-size little-endian records, written atomically (a temporary file
//! in the same folder, then a rename), so a file that exists is complete
//! unless something outside damaged it, which the checks below catch.
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic: `PLYTPOS1` (positions) or `PLYTLAB1` (labels) |
//! | 8 | records, u64 |
//! | 8 | FNV-1a 64 of the records, u64 |
//! | … | records: positions are `p`, `o` (u64 each, the mover's discs first); labels add the score (i16, hundredths of a disc for the mover) and its kind (u8: 0 exact, else the search depth) |

use std::io::Write;
use std::path::{Path, PathBuf};

use thiserror::Error;

const HEADER: usize = 24;
const POSITIONS_MAGIC: &[u8; 8] = b"PLYTPOS1";
const LABELS_MAGIC: &[u8; 8] = b"PLYTLAB1";
const POSITION_BYTES: usize = 16;
const LABEL_BYTES: usize = 19;

/// Why a data file cannot be used.
#[derive(Debug, Error)]
pub enum DataError {
    /// The file cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not what its header says (remove it to have it redone).
    #[error("{path} is corrupt ({reason}); remove it to have it made again")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labelled {
    /// The discs of the side to move.
    pub p: u64,
    /// The opponent's discs.
    pub o: u64,
    /// The score for the side to move, hundredths of a disc.
    pub score: i16,
    /// 0: the exact final margin; otherwise the depth of the search.
    pub kind: u8,
}

/// FNV-1a, 64 bits (the checksum of data and weights files).
pub use ply_engine::fnv1a;

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DataError + '_ {
    move |source| DataError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes `bytes` to `path` through a temporary file and a rename, so a
/// reader never sees half a file and an interrupted job leaves none.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), DataError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
    let mut file = std::fs::File::create(&temp).map_err(io(&temp))?;
    file.write_all(bytes).map_err(io(&temp))?;
    file.sync_all().map_err(io(&temp))?;
    drop(file);
    std::fs::rename(&temp, path).map_err(io(path))
}

fn encode(magic: &[u8; 8], count: usize, records: Vec<u8>) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + records.len());
    out.extend_from_slice(magic);
    out.extend_from_slice(&(count as u64).to_le_bytes());
    out.extend_from_slice(&fnv1a(&records).to_le_bytes());
    out.extend_from_slice(&records);
    out
}

fn decode<'a>(
    path: &Path,
    bytes: &'a [u8],
    magic: &[u8; 8],
    record: usize,
) -> Result<&'a [u8], DataError> {
    let corrupt = |reason: String| DataError::Corrupt {
        path: path.to_path_buf(),
        reason,
    };
    if bytes.len() < HEADER {
        return Err(corrupt(format!(
            "{} bytes, shorter than a header",
            bytes.len()
        )));
    }
    if &bytes[..8] != magic {
        return Err(corrupt("not a file of this kind (bad magic)".into()));
    }
    let word = |at: usize| {
        let mut w = [0; 8];
        w.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(w)
    };
    let count = word(8);
    let body = &bytes[HEADER..];
    let expected = usize::try_from(count)
        .ok()
        .and_then(|c| c.checked_mul(record))
        .ok_or_else(|| corrupt(format!("{count} records cannot fit in memory")))?;
    if body.len() != expected {
        return Err(corrupt(format!(
            "{count} records need {expected} bytes after the header, {} present",
            body.len()
        )));
    }
    let (stored, computed) = (word(16), fnv1a(body));
    if stored != computed {
        return Err(corrupt(format!(
            "checksum {computed:016x} does not match the stored {stored:016x}"
        )));
    }
    Ok(body)
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut w = [0; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

/// Writes a positions file.
pub fn write_positions(path: &Path, positions: &[(u64, u64)]) -> Result<(), DataError> {
    let mut records = Vec::with_capacity(positions.len() * POSITION_BYTES);
    for &(p, o) in positions {
        records.extend_from_slice(&p.to_le_bytes());
        records.extend_from_slice(&o.to_le_bytes());
    }
    write_atomically(path, &encode(POSITIONS_MAGIC, positions.len(), records))
}

/// Reads and checks a positions file.
pub fn read_positions(path: &Path) -> Result<Vec<(u64, u64)>, DataError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    let body = decode(path, &bytes, POSITIONS_MAGIC, POSITION_BYTES)?;
    Ok(body
        .chunks_exact(POSITION_BYTES)
        .map(|r| (u64_at(r, 0), u64_at(r, 8)))
        .collect())
}

/// Writes a labels file.
pub fn write_labels(path: &Path, labels: &[Labelled]) -> Result<(), DataError> {
    let mut records = Vec::with_capacity(labels.len() * LABEL_BYTES);
    for l in labels {
        records.extend_from_slice(&l.p.to_le_bytes());
        records.extend_from_slice(&l.o.to_le_bytes());
        records.extend_from_slice(&l.score.to_le_bytes());
        records.push(l.kind);
    }
    write_atomically(path, &encode(LABELS_MAGIC, labels.len(), records))
}

/// Reads and checks a labels file.
pub fn read_labels(path: &Path) -> Result<Vec<Labelled>, DataError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    let body = decode(path, &bytes, LABELS_MAGIC, LABEL_BYTES)?;
    Ok(body
        .chunks_exact(LABEL_BYTES)
        .map(|r| Labelled {
            p: u64_at(r, 0),
            o: u64_at(r, 8),
            score: i16::from_le_bytes([r[16], r[17]]),
            kind: r[18],
        })
        .collect())
}

/// The positions file of generation job `job` of `jobs`.
pub fn positions_path(dir: &Path, job: u32, jobs: u32) -> PathBuf {
    dir.join(format!("positions-{job:04}-of-{jobs:04}.bin"))
}

/// The labels file of job `job` of `jobs`.
pub fn labels_path(dir: &Path, job: u32, jobs: u32) -> PathBuf {
    dir.join(format!("labels-{job:04}-of-{jobs:04}.bin"))
}

/// Every labels file in `dir`, sorted by name.
pub fn label_files(dir: &Path) -> Result<Vec<PathBuf>, DataError> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let path = entry.map_err(io(dir))?.path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        if name.is_some_and(|n| n.starts_with("labels-") && n.ends_with(".bin")) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}
