//! Checksums of task and result files: 64-bit FNV-1a (the training
//! pipeline's data files use the same), written as 16 hex digits. It
//! catches damaged and mixed-up files, not forgery.

/// The FNV-1a hash of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    ply_othello_train::fnv1a(bytes)
}

/// The checksum of `bytes` as the files write it.
pub fn checksum(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a(bytes))
}
