//! The weights file: a header with a magic, a version, the shape and an
//! FNV-1a checksum of the payload (ply's frame, `ply_engine::frame`),
//! then the payload, every weight as a
//! little-endian i16 with runs of zeros (configurations training never
//! met) packed.
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `PLYOEVAL` |
//! | 4 | format version (2), u32 little-endian |
//! | 4 | phases, u32 |
//! | 4 | weights per phase, u32 |
//! | 4 | payload length in bytes, u32 |
//! | 8 | FNV-1a 64 of the payload, u64 |
//! | … | payload: i16 weights; `-32768` then a u16 `n` stands for `n` zeros |

use std::path::Path;

use ply_engine::{frame, unframe, Frame, FrameError};
use thiserror::Error;

use super::{PHASES, PHASE_LEN};

/// The first eight bytes of a weights file.
pub const MAGIC: &[u8; 8] = b"PLYOEVAL";
/// The file format this code reads and writes.
/// Version 2 added the parity weight ([`super::PARITY`]) to each phase.
pub const FORMAT_VERSION: u32 = 2;
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

impl From<FrameError> for WeightsError {
    fn from(error: FrameError) -> Self {
        match error {
            FrameError::Truncated { needed, got } => WeightsError::Truncated { needed, got },
            FrameError::BadMagic => WeightsError::BadMagic,
            FrameError::Version(version) => WeightsError::Version(version),
            FrameError::Checksum { stored, computed } => {
                WeightsError::Checksum { stored, computed }
            }
            FrameError::Trailing(_) => WeightsError::Encoding("bytes after the payload"),
        }
    }
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
        let Frame { shape, payload } = unframe(bytes, MAGIC, FORMAT_VERSION)?;
        let [phases, per_phase] = shape;
        if phases as usize != PHASES || per_phase as usize != PHASE_LEN {
            return Err(WeightsError::Shape { phases, per_phase });
        }
        let length = payload.len();
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
        frame(
            MAGIC,
            FORMAT_VERSION,
            [PHASES as u32, PHASE_LEN as u32],
            &payload,
        )
    }
}
