//! Zobrist keys for Trilite: one per (player, square, age), because a
//! mark's age decides when it vanishes and so is part of the position.

/// Key of the side-to-move bit (set when the second player is to move).
pub const SIDE: u64 = splitmix(0xD1CE_5EED);

const KEYS: [u64; 2 * 9 * 3] = {
    let mut keys = [0; 2 * 9 * 3];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = splitmix(i as u64 + 1);
        i += 1;
    }
    keys
};

/// Key of `side`'s mark on `square` that is `age` places from vanishing (0 = next).
#[inline]
pub fn mark(side: usize, square: u8, age: usize) -> u64 {
    KEYS[(side * 9 + square as usize) * 3 + age]
}

/// SplitMix64: well-mixed constants without a random number generator at
/// compile time.
const fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
