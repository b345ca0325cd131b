//! The weights file: a header with a magic, a version, the shape and an
//! FNV-1a checksum of the payload, then the payload, every weight as a
//! little-endian i16 with runs of zeros (configurations training never
//! met) packed.
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `PLYOEVAL` |
//! | 4 | format version (1), u32 little-endian |
//! | 4 | phases, u32 |
//! | 4 | weights per phase, u32 |
//! | 4 | payload length in bytes, u32 |
//! | 8 | FNV-1a 64 of the payload, u64 |
//! | … | payload: i16 weights; `-32768` then a u16 `n` stands for `n` zeros |

use std::path::Path;

use thiserror::Error;

use super::{PHASES, PHASE_LEN};

/// The first eight bytes of a weights file.
pub const MAGIC: &[u8; 8] = b"PLYOEVAL";
/// The file format this code reads and writes.
pub const FORMAT_VERSION: u32 = 1;
const HEADER: usize = 32;
const RUN: i16 = i16::MIN;

/// Why a weights file cannot be used.
#[derive(Debug, Error)]
pub enum WeightsError {
    /// The file cannot be read.
    #[error("cannot read the evaluation weights {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    #[error("the evaluation weights are truncated: {needed} bytes needed, {got} present")]
    /// The file is shorter than its header says.
    Truncated {
        /// Bytes the file should hold.
        needed: usize,
        /// Bytes it holds.
        got: usize,
    },
    #[error("not an evaluation weights file (bad magic)")]
    /// The file does not start with [`MAGIC`].
    BadMagic,
    #[error("evaluation weights format version {0} is not supported (this build reads version {FORMAT_VERSION})")]
    /// The format version is not [`FORMAT_VERSION`].
    Version(u32),
    #[error("evaluation weights have {phases} phases of {per_phase} weights; this build needs {PHASES} of {PHASE_LEN}")]
    /// The file's table shape is not this build's.
    Shape {
        /// Phases in the file.
        phases: u32,
        /// Weights per phase in the file.
        per_phase: u32,
    },
    #[error("the evaluation weights are corrupt: checksum {computed:016x} does not match the stored {stored:016x}")]
    /// The checksum does not match the contents.
    Checksum {
        /// The checksum the file stores.
        stored: u64,
        /// The checksum of its contents.
        computed: u64,
    },
    #[error("the evaluation weights are corrupt: {0}")]
    /// The file is malformed in the way named.
    Encoding(&'static str),
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The weights of every phase, in hundredths of a disc (the bias and the
/// pattern entries) or hundredths of a disc per legal move (mobility).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    data: Vec<i16>,
}

impl Weights {
    /// All weights zero.
    pub fn zeros() -> Weights {
        Weights {
            data: vec![0; PHASES * PHASE_LEN],
        }
    }

    /// The weights of one phase (`PHASE_LEN` of them).
    pub fn phase(&self, phase: usize) -> &[i16] {
        &self.data[phase * PHASE_LEN..(phase + 1) * PHASE_LEN]
    }

    /// The weights of one phase, to set them.
    pub fn phase_mut(&mut self, phase: usize) -> &mut [i16] {
        &mut self.data[phase * PHASE_LEN..(phase + 1) * PHASE_LEN]
    }

    /// Reads and checks a weights file.
    pub fn load(path: &Path) -> Result<Weights, WeightsError> {
        let bytes = std::fs::read(path).map_err(|source| WeightsError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Weights::from_bytes(&bytes)
    }

    /// Decodes and checks the bytes of a weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if bytes.len() < HEADER {
            return Err(WeightsError::Truncated {
                needed: HEADER,
                got: bytes.len(),
            });
        }
        if &bytes[..8] != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let version = word(8);
        if version != FORMAT_VERSION {
            return Err(WeightsError::Version(version));
        }
        let (phases, per_phase) = (word(12), word(16));
        if phases as usize != PHASES || per_phase as usize != PHASE_LEN {
            return Err(WeightsError::Shape { phases, per_phase });
        }
        let length = word(20) as usize;
        let mut stored = [0; 8];
        stored.copy_from_slice(&bytes[24..32]);
        let stored = u64::from_le_bytes(stored);
        let payload = &bytes[HEADER..];
        if payload.len() < length {
            return Err(WeightsError::Truncated {
                needed: HEADER + length,
                got: bytes.len(),
            });
        }
        if payload.len() > length {
            return Err(WeightsError::Encoding("bytes after the payload"));
        }
        let computed = fnv1a(payload);
        if computed != stored {
            return Err(WeightsError::Checksum { stored, computed });
        }
        if !length.is_multiple_of(2) {
            return Err(WeightsError::Encoding("odd payload length"));
        }
        let total = PHASES * PHASE_LEN;
        let mut data = Vec::with_capacity(total);
        let mut words = payload
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        while let Some(value) = words.next() {
            if value == RUN {
                let count = words
                    .next()
                    .ok_or(WeightsError::Encoding("a run of zeros without its length"))?
                    as u16 as usize;
                if data.len() + count > total {
                    return Err(WeightsError::Encoding("more weights than the shape"));
                }
                data.resize(data.len() + count, 0);
            } else {
                if data.len() == total {
                    return Err(WeightsError::Encoding("more weights than the shape"));
                }
                data.push(value);
            }
        }
        if data.len() != total {
            return Err(WeightsError::Encoding("fewer weights than the shape"));
        }
        Ok(Weights { data })
    }

    /// The bytes of a weights file (weights of -32768 are written as -32767).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::new();
        let mut i = 0;
        while i < self.data.len() {
            if self.data[i] == 0 {
                let mut run = 0;
                while i < self.data.len() && self.data[i] == 0 && run < u16::MAX as usize {
                    run += 1;
                    i += 1;
                }
                payload.extend_from_slice(&RUN.to_le_bytes());
                payload.extend_from_slice(&(run as u16).to_le_bytes());
            } else {
                payload.extend_from_slice(&self.data[i].max(-i16::MAX).to_le_bytes());
                i += 1;
            }
        }
        let mut bytes = Vec::with_capacity(HEADER + payload.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(PHASES as u32).to_le_bytes());
        bytes.extend_from_slice(&(PHASE_LEN as u32).to_le_bytes());
        bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        bytes.extend_from_slice(&payload);
        bytes
    }
}
