//! The (n,k)-tic-tac-toe request's dictionary: a hash table with separate
//! chaining and a prime number of buckets, in which the request's search
//! stores the configurations it has scored.
//!
//! The request's `DictionaryADT` maps onto [`Dictionary`] so:
//!
//! | request | here |
//! |---|---|
//! | `new Dictionary(size)` | [`Dictionary::with_size`] (rounded up to a prime); [`Dictionary::new`] takes [`DEFAULT_BUCKETS`] |
//! | `new Record(config, score)`, `insert(pair)`: 1 on a collision, 0 otherwise, `DictionaryException` on a duplicate | [`Dictionary::insert`]`(key, value)`: `Ok(1)`, `Ok(0)`, `Err(`[`DictionaryError::Duplicate`]`)` |
//! | `remove(config)`, `DictionaryException` when absent | [`Dictionary::remove`]: `Ok(value)`, `Err(`[`DictionaryError::Absent`]`)` |
//! | `get(config)`: the score, or -1 when absent | [`Dictionary::get`]: `Some(value)` or `None`; [`Dictionary::get_or_minus_one`] answers the request's -1 |
//! | `numElements()` | [`Dictionary::num_elements`] |
//!
//! Keys hash through [`DictionaryKey`], the dictionary's own hash function
//! (the request forbids the platform's): Horner's rule over a
//! configuration string, and a multiplicative mix of the board's 128-bit
//! key, each reduced modulo the prime bucket count.

use std::fmt;

use ply_engine::ChainStats;

/// The bucket count of [`Dictionary::new`]: a prime in the 6,000-8,000 the
/// request suggests.
pub const DEFAULT_BUCKETS: usize = 7_001;

/// A key the dictionary can hash: its bucket among `buckets` (a prime).
pub trait DictionaryKey: Eq {
    /// The bucket of this key, below `buckets`.
    fn bucket(&self, buckets: usize) -> usize;
}

/// A configuration string, as the request writes one (`"OXXXXOO X"`).
impl DictionaryKey for String {
    /// Horner's rule with multiplier 33, reduced at every step so it never
    /// overflows: every character moves the bucket.
    fn bucket(&self, buckets: usize) -> usize {
        let modulus = buckets.max(1) as u64;
        self.bytes()
            .fold(0u64, |h, b| (h * 33 + u64::from(b)) % modulus) as usize
    }
}

/// The board's key, as the searches store it: X's stones in the high 64
/// bits, O's in the low.
impl DictionaryKey for u128 {
    /// Both halves folded by a multiplication with an odd constant and
    /// shifts (so every stone moves the high bits), then reduced modulo the
    /// prime: neighbouring boards land in unrelated buckets.
    fn bucket(&self, buckets: usize) -> usize {
        let folded = (*self as u64) ^ ((*self >> 64) as u64).rotate_left(29);
        let mut z = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z ^= z >> 31;
        z = z.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^= z >> 29;
        (z % buckets.max(1) as u64) as usize
    }
}

/// Why [`Dictionary::insert`] or [`Dictionary::remove`] refused: the
/// request's `DictionaryException`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DictionaryError {
    /// `insert`: the key is in the dictionary already.
    Duplicate,
    /// `remove` (or `replace`): the key is not in the dictionary.
    Absent,
}

impl fmt::Display for DictionaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DictionaryError::Duplicate => "the configuration is in the dictionary already",
            DictionaryError::Absent => "the configuration is not in the dictionary",
        })
    }
}

impl std::error::Error for DictionaryError {}

/// A hash table with separate chaining over a prime number of buckets,
/// mapping keys `K` (configurations) to values `V` (their scores, or what
/// the search stores), counting its collisions.
#[derive(Clone, Debug)]
pub struct Dictionary<K, V> {
    buckets: Vec<Vec<(K, V)>>,
    elements: usize,
    insertions: u64,
    collisions: u64,
}

impl<K: DictionaryKey, V: Copy> Default for Dictionary<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: DictionaryKey, V: Copy> Dictionary<K, V> {
    /// An empty dictionary of [`DEFAULT_BUCKETS`] buckets.
    pub fn new() -> Self {
        Self::with_size(DEFAULT_BUCKETS)
    }

    /// An empty dictionary of at least `size` buckets: the first prime not
    /// below `size` (and at least 2).
    pub fn with_size(size: usize) -> Self {
        let count = next_prime(size);
        Dictionary {
            buckets: (0..count).map(|_| Vec::new()).collect(),
            elements: 0,
            insertions: 0,
            collisions: 0,
        }
    }

    /// The number of buckets (a prime).
    pub fn size(&self) -> usize {
        self.buckets.len()
    }

    fn home(&self, key: &K) -> usize {
        key.bucket(self.buckets.len())
    }

    /// Adds `key` with `value`: `Ok(1)` when its bucket already held an
    /// entry (a collision), `Ok(0)` when it was empty, and
    /// [`DictionaryError::Duplicate`] (nothing changed) when `key` is
    /// stored already.
    pub fn insert(&mut self, key: K, value: V) -> Result<u8, DictionaryError> {
        let home = self.home(&key);
        let chain = &mut self.buckets[home];
        if chain.iter().any(|(k, _)| *k == key) {
            return Err(DictionaryError::Duplicate);
        }
        let collided = !chain.is_empty();
        chain.push((key, value));
        self.elements += 1;
        self.insertions += 1;
        self.collisions += u64::from(collided);
        Ok(u8::from(collided))
    }

    /// Takes `key` out, answering its value; [`DictionaryError::Absent`]
    /// when it is not stored.
    pub fn remove(&mut self, key: &K) -> Result<V, DictionaryError> {
        let home = self.home(key);
        let chain = &mut self.buckets[home];
        let at = chain
            .iter()
            .position(|(k, _)| k == key)
            .ok_or(DictionaryError::Absent)?;
        self.elements -= 1;
        // Order within a chain means nothing.
        Ok(chain.swap_remove(at).1)
    }

    /// The value stored for `key`, `None` when it is absent (the request's
    /// -1: see [`get_or_minus_one`](Dictionary::get_or_minus_one)).
    pub fn get(&self, key: &K) -> Option<V> {
        self.buckets[self.home(key)]
            .iter()
            .find(|(k, _)| k == key)
            .map(|&(_, v)| v)
    }

    /// Replaces the value stored for `key`, answering the old one;
    /// [`DictionaryError::Absent`] when it is not stored. Not an insertion:
    /// it counts no collision (the search updates what it learned).
    pub fn replace(&mut self, key: &K, value: V) -> Result<V, DictionaryError> {
        let home = self.home(key);
        let slot = self.buckets[home]
            .iter_mut()
            .find(|(k, _)| k == key)
            .ok_or(DictionaryError::Absent)?;
        Ok(std::mem::replace(&mut slot.1, value))
    }

    /// The number of entries stored (the request's `numElements`).
    pub fn num_elements(&self) -> usize {
        self.elements
    }

    /// Successful insertions since the dictionary was made or cleared.
    pub fn insertions(&self) -> u64 {
        self.insertions
    }

    /// Insertions that answered 1: into a bucket already holding an entry.
    pub fn collisions(&self) -> u64 {
        self.collisions
    }

    /// The chains now: the longest, and how many buckets hold an entry
    /// (their mean length is [`ChainStats::mean`] of
    /// [`num_elements`](Dictionary::num_elements)).
    pub fn chain_lengths(&self) -> ChainStats {
        let lengths = self.buckets.iter().map(Vec::len).filter(|&n| n > 0);
        let (longest, occupied) = lengths.fold((0, 0), |(l, o), n| (l.max(n), o + 1));
        ChainStats {
            longest: longest as u64,
            occupied,
        }
    }

    /// Empties the dictionary and its counts, keeping its size.
    pub fn clear(&mut self) {
        for chain in &mut self.buckets {
            chain.clear();
        }
        self.elements = 0;
        self.insertions = 0;
        self.collisions = 0;
    }
}

impl<K: DictionaryKey> Dictionary<K, i32> {
    /// The request's `get`: the score stored for `key`, or -1 when it is
    /// absent.
    pub fn get_or_minus_one(&self, key: &K) -> i32 {
        self.get(key).unwrap_or(-1)
    }
}

/// The first prime not below `n` (2 for `n` up to 2).
pub fn next_prime(n: usize) -> usize {
    let mut candidate = n.max(2);
    while !is_prime(candidate) {
        candidate += 1;
    }
    candidate
}

fn is_prime(n: usize) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d <= n / d {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}
