//! The frame of ply's weights files: a magic, a format version, two words
//! naming the payload's shape, the payload's length and its FNV-1a
//! checksum, then the payload. Each kind of file checks its own shape and
//! decodes its own payload; the frame catches a file cut short, a foreign
//! or newer file and a corrupt payload, the same way for every kind.
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic |
//! | 4 | format version, u32 little-endian |
//! | 4 | first shape word, u32 |
//! | 4 | second shape word, u32 |
//! | 4 | payload length in bytes, u32 |
//! | 8 | FNV-1a 64 of the payload, u64 |
//! | … | payload |

use thiserror::Error;

/// Bytes before the payload.
pub const FRAME_HEADER: usize = 32;

/// FNV-1a, 64 bits: the checksum of ply's data and weights files.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// Why bytes are not a sound frame.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FrameError {
    /// Shorter than the header, or than the payload length it states.
    #[error("truncated: {needed} bytes needed, {got} present")]
    Truncated {
        /// Bytes the file should hold.
        needed: usize,
        /// Bytes it holds.
        got: usize,
    },
    /// The first eight bytes are not the expected magic.
    #[error("bad magic")]
    BadMagic,
    /// The format version is not the expected one.
    #[error("format version {0}")]
    Version(u32),
    /// The payload's checksum is not the stored one.
    #[error("checksum {computed:016x} does not match the stored {stored:016x}")]
    Checksum {
        /// The checksum the file stores.
        stored: u64,
        /// The checksum of its payload.
        computed: u64,
    },
    /// Bytes follow the payload.
    #[error("{0} bytes after the payload")]
    Trailing(usize),
}

/// A sound frame's contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame<'a> {
    /// The two shape words, as the file's kind defines them.
    pub shape: [u32; 2],
    /// The payload, its checksum verified.
    pub payload: &'a [u8],
}

/// The bytes of a file: `payload` framed under `magic` and `version`.
pub fn frame(magic: &[u8; 8], version: u32, shape: [u32; 2], payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(FRAME_HEADER + payload.len());
    bytes.extend_from_slice(magic);
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&shape[0].to_le_bytes());
    bytes.extend_from_slice(&shape[1].to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&fnv1a(payload).to_le_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// The shape and payload of `bytes`, checked against `magic`, `version`,
/// the stated length and the checksum.
pub fn unframe<'a>(
    bytes: &'a [u8],
    magic: &[u8; 8],
    version: u32,
) -> Result<Frame<'a>, FrameError> {
    if bytes.len() < FRAME_HEADER {
        return Err(FrameError::Truncated {
            needed: FRAME_HEADER,
            got: bytes.len(),
        });
    }
    if &bytes[..8] != magic {
        return Err(FrameError::BadMagic);
    }
    let word =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    if word(8) != version {
        return Err(FrameError::Version(word(8)));
    }
    let length = word(20) as usize;
    let payload = &bytes[FRAME_HEADER..];
    if payload.len() < length {
        return Err(FrameError::Truncated {
            needed: FRAME_HEADER + length,
            got: bytes.len(),
        });
    }
    if payload.len() > length {
        return Err(FrameError::Trailing(payload.len() - length));
    }
    let mut stored = [0; 8];
    stored.copy_from_slice(&bytes[24..FRAME_HEADER]);
    let stored = u64::from_le_bytes(stored);
    let computed = fnv1a(payload);
    if computed != stored {
        return Err(FrameError::Checksum { stored, computed });
    }
    Ok(Frame {
        shape: [word(12), word(16)],
        payload,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAGIC: &[u8; 8] = b"PLYTEST!";

    #[test]
    fn fnv1a_matches_the_published_vectors() {
        // The FNV authors' test vectors for FNV-1a 64.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_frame_round_trips_and_every_fault_is_named() {
        let payload: Vec<u8> = (0..=255).collect();
        let bytes = frame(MAGIC, 3, [7, 11], &payload);
        assert_eq!(
            unframe(&bytes, MAGIC, 3),
            Ok(Frame {
                shape: [7, 11],
                payload: &payload
            })
        );
        for at in [FRAME_HEADER, FRAME_HEADER + 100, bytes.len() - 1] {
            let mut corrupt = bytes.clone();
            corrupt[at] ^= 0x01;
            assert!(matches!(
                unframe(&corrupt, MAGIC, 3),
                Err(FrameError::Checksum { .. })
            ));
        }
        assert_eq!(
            unframe(&bytes[..20], MAGIC, 3),
            Err(FrameError::Truncated {
                needed: FRAME_HEADER,
                got: 20
            })
        );
        assert_eq!(
            unframe(&bytes[..bytes.len() - 1], MAGIC, 3),
            Err(FrameError::Truncated {
                needed: bytes.len(),
                got: bytes.len() - 1
            })
        );
        let mut longer = bytes.clone();
        longer.extend_from_slice(b"xy");
        assert_eq!(unframe(&longer, MAGIC, 3), Err(FrameError::Trailing(2)));
        assert_eq!(unframe(&bytes, b"PLYOTHER", 3), Err(FrameError::BadMagic));
        assert_eq!(unframe(&bytes, MAGIC, 4), Err(FrameError::Version(3)));
    }
}
