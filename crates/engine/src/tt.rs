//! A transposition table of our own, sized to the work.
//!
//! Each bucket holds two entries: one kept by priority (deeper or larger
//! searches win) and one always replaced. Every entry stores the full
//! position key, so a probe only hits for the very same position: a hash
//! collision costs a miss, never a wrong result.
//!
//! The table starts small and doubles whenever a quarter of its entries are
//! in use, up to the size it was given (`--hash`): a tic-tac-toe solve
//! touches a few kilobytes instead of clearing 64 MiB first. Each entry
//! keeps the 32 bits of its hash that choose its bucket, so doubling moves
//! every entry to its new bucket without the position.
//!
//! [`TableStats`] carries the dictionary counts (insertions, collisions,
//! positions stored, table size), from the (n,k)-tic-tac-toe request, whose
//! transposition dictionary counts its collisions.

use serde::Serialize;

/// Counters shown by `--stats`. `insertions`, `collisions`, `entries` and
/// `buckets` are the dictionary counts: a collision is counted whenever a
/// configuration is inserted into a bucket that already holds one (the
/// dictionary's `insert` answers 1), next to the configurations stored and
/// the table's size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableStats {
    /// Lookups of a position.
    pub probes: u64,
    /// Lookups that found the position.
    pub hits: u64,
    /// Stores of a position's data, new or updating.
    pub stores: u64,
    /// Stores of a position the table did not hold (the others update it).
    pub insertions: u64,
    /// Insertions into a bucket already holding another position.
    pub collisions: u64,
    /// Positions stored now (the dictionary's `numElements`).
    pub entries: u64,
    /// Buckets in the table now (the dictionary's size).
    pub buckets: u64,
    /// Entries the table can hold now: two per bucket (a chained table
    /// has no fixed capacity: its entries).
    pub capacity: u64,
    /// The chains of a table with separate chaining (the (n,k)-tic-tac-toe
    /// request's dictionary); `None` for this module's two-entry buckets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chains: Option<ChainStats>,
}

/// The chain lengths of a table with separate chaining.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ChainStats {
    /// The longest chain: the most positions one bucket holds.
    pub longest: u64,
    /// Buckets holding at least one position.
    pub occupied: u64,
}

impl ChainStats {
    /// The mean length of the chains that are not empty, for `entries`
    /// positions stored (0 when none is).
    pub fn mean(&self, entries: u64) -> f64 {
        if self.occupied == 0 {
            0.0
        } else {
            entries as f64 / self.occupied as f64
        }
    }
}

/// What the searches need of a table: probe, store, counters, clear.
/// [`TranspositionTable`] is the engine's (fast, bounded, may drop
/// entries); a game may bring another, as (m,n,k) brings the
/// (n,k)-tic-tac-toe request's chained dictionary. Any table that answers
/// a probe only with the data stored for that very key gives the searches
/// the same values: a dropped entry costs time, never a different result.
pub trait SearchTable<K, D> {
    /// The data stored for exactly this position, if any.
    fn probe(&mut self, hash: u64, key: K) -> Option<D>;
    /// Stores `data` for this position (new, or replacing what it held, as
    /// the table's policy says); `priority` is the search's depth and work.
    fn store(&mut self, hash: u64, key: K, priority: u32, data: D);
    /// The counters since the table was made or last cleared.
    fn stats(&self) -> TableStats;
    /// Empties the table and its counters.
    fn clear(&mut self);
}

impl<K: Copy + Eq, D: Copy> SearchTable<K, D> for TranspositionTable<K, D> {
    fn probe(&mut self, hash: u64, key: K) -> Option<D> {
        TranspositionTable::probe(self, hash, key)
    }

    fn store(&mut self, hash: u64, key: K, priority: u32, data: D) {
        TranspositionTable::store(self, hash, key, priority, data)
    }

    fn stats(&self) -> TableStats {
        TranspositionTable::stats(self)
    }

    fn clear(&mut self) {
        TranspositionTable::clear(self)
    }
}

#[derive(Clone, Debug)]
struct Entry<K, D> {
    key: K,
    /// The bucket-choosing bits of the hash, to move the entry on growth.
    spread: u32,
    priority: u32,
    data: D,
}

type Bucket<K, D> = [Option<Entry<K, D>>; 2];

/// Buckets of a new table that may grow: 16 KiB or so for small entries.
const INITIAL_BUCKETS: usize = 256;

/// A transposition table mapping exact keys `K` to search data `D`.
#[derive(Clone, Debug)]
pub struct TranspositionTable<K, D> {
    buckets: Vec<Bucket<K, D>>,
    mask: usize,
    /// The most buckets the table may grow to (a power of two).
    max_buckets: usize,
    /// Entries in use, to decide when to grow.
    used: usize,
    stats: TableStats,
}

impl<K: Copy + Eq, D: Copy> TranspositionTable<K, D> {
    /// A table that grows on demand to at most `megabytes` MiB (at least
    /// one bucket).
    pub fn with_megabytes(megabytes: usize) -> Self {
        let bucket_size = std::mem::size_of::<Bucket<K, D>>().max(1);
        let max = power_of_two_at_most(megabytes.saturating_mul(1 << 20) / bucket_size);
        Self::growing(INITIAL_BUCKETS.min(max), max)
    }

    /// A table of `entries` entries rounded down to a power of two buckets,
    /// that never grows (tests use tiny tables to force collisions).
    pub fn with_entries(entries: usize) -> Self {
        let buckets = power_of_two_at_most(entries / 2);
        Self::growing(buckets, buckets)
    }

    fn growing(initial: usize, max: usize) -> Self {
        // Ask for the memory without aborting: when the system refuses,
        // settle for the largest power of two it grants.
        let mut count = initial;
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        buckets.resize(count, [None, None]);
        TranspositionTable {
            buckets,
            mask: count - 1,
            max_buckets: max.max(count),
            used: 0,
            stats: TableStats {
                buckets: count as u64,
                capacity: 2 * count as u64,
                ..TableStats::default()
            },
        }
    }

    /// The 32 bits of the hash that choose buckets: the high bits of a
    /// multiplicative hash, since the low bits of incrementally built
    /// Zobrist hashes of small boards often carry less entropy.
    fn spread(hash: u64) -> u32 {
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as u32
    }

    fn bucket(&self, hash: u64) -> usize {
        Self::spread(hash) as usize & self.mask
    }

    /// Doubles the table while it may grow, moving every entry to its
    /// bucket in the larger table. Refused memory just stops the growth.
    fn grow(&mut self) {
        let old_count = self.buckets.len();
        let count = old_count * 2;
        // Buckets are chosen by 32 bits of the hash: no use beyond 2^32.
        if count > self.max_buckets || count > 1 << 32 {
            self.max_buckets = old_count;
            return;
        }
        let mut larger: Vec<Bucket<K, D>> = Vec::new();
        if larger.try_reserve_exact(count).is_err() {
            self.max_buckets = old_count;
            return;
        }
        larger.resize(count, [None, None]);
        let mask = count - 1;
        // An old bucket's entries go to the same two new buckets (its index
        // with the new bit clear or set), so they never compete for a slot.
        for bucket in std::mem::take(&mut self.buckets) {
            for entry in bucket.into_iter().flatten() {
                let target = &mut larger[entry.spread as usize & mask];
                let slot = if target[0].is_none() { 0 } else { 1 };
                target[slot] = Some(entry);
            }
        }
        self.buckets = larger;
        self.mask = mask;
        self.stats.buckets = count as u64;
        self.stats.capacity = 2 * count as u64;
    }

    /// The data stored for exactly this position, if any.
    pub fn probe(&mut self, hash: u64, key: K) -> Option<D> {
        self.stats.probes += 1;
        let index = self.bucket(hash);
        for entry in self.buckets[index].iter().flatten() {
            if entry.key == key {
                self.stats.hits += 1;
                return Some(entry.data);
            }
        }
        None
    }

    /// Stores `data` for this position. `priority` (search depth or subtree
    /// size) decides which entry the first slot keeps.
    pub fn store(&mut self, hash: u64, key: K, priority: u32, data: D) {
        self.stats.stores += 1;
        if self.used * 2 >= self.buckets.len() && self.buckets.len() < self.max_buckets {
            self.grow();
        }
        let index = self.bucket(hash);
        let bucket = &mut self.buckets[index];
        let new = Entry {
            key,
            spread: Self::spread(hash),
            priority,
            data,
        };
        for (slot_index, slot) in bucket.iter_mut().enumerate() {
            if let Some(entry) = slot {
                if entry.key == key {
                    // The second slot is the always-replace one.
                    if priority >= entry.priority || slot_index == 1 {
                        *entry = new;
                    }
                    return;
                }
            }
        }
        // A new position: the first slot fills first, so the bucket is
        // occupied exactly when that slot is.
        self.stats.insertions += 1;
        let was_full = bucket[1].is_some();
        match &bucket[0] {
            None => {
                bucket[0] = Some(new);
                self.used += 1;
            }
            Some(kept) if priority >= kept.priority => {
                self.stats.collisions += 1;
                bucket[1] = bucket[0].take();
                bucket[0] = Some(new);
                if !was_full {
                    self.used += 1;
                }
            }
            Some(_) => {
                self.stats.collisions += 1;
                if !was_full {
                    self.used += 1;
                }
                bucket[1] = Some(new);
            }
        }
    }

    /// The counters since the table was made or last cleared, with the
    /// positions stored now.
    pub fn stats(&self) -> TableStats {
        TableStats {
            entries: self.used as u64,
            ..self.stats
        }
    }

    /// Empties the table and its counters (keeping its current size).
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = [None, None];
        }
        self.used = 0;
        self.stats = TableStats {
            buckets: self.stats.buckets,
            capacity: self.stats.capacity,
            ..TableStats::default()
        };
    }
}

/// The largest power of two not above `n`, and at least 1.
fn power_of_two_at_most(n: usize) -> usize {
    match n {
        0 | 1 => 1,
        n if n.is_power_of_two() => n,
        n => n.next_power_of_two() / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_probe_hits_only_the_position_stored() {
        let mut table: TranspositionTable<u32, i32> = TranspositionTable::with_entries(2);
        table.store(7, 100, 1, 42);
        assert_eq!(table.probe(7, 100), Some(42));
        // Same hash, different position: a miss, never the other's data.
        assert_eq!(table.probe(7, 101), None);
        let stats = table.stats();
        assert_eq!(
            (stats.probes, stats.hits, stats.stores, stats.insertions),
            (2, 1, 1, 1)
        );
        assert_eq!((stats.collisions, stats.entries, stats.buckets), (0, 1, 1));
    }

    /// A hash whose bucket is `bucket` in any table of more buckets:
    /// buckets are the low bits of bits 32.. of `hash * SPREAD`, so the hash
    /// is `bucket << 32` times the inverse of `SPREAD` modulo 2^64 (Newton's
    /// iteration; each step doubles the correct low bits).
    fn hash_in(bucket: u64) -> u64 {
        const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut inverse = SPREAD;
        for _ in 0..6 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(SPREAD.wrapping_mul(inverse)));
        }
        assert_eq!(SPREAD.wrapping_mul(inverse), 1);
        (bucket << 32).wrapping_mul(inverse)
    }

    #[test]
    fn the_dictionary_counts_an_insertion_into_an_occupied_bucket_as_a_collision() {
        // 8 buckets of two, never growing; key i goes to bucket 5i mod 8,
        // so keys 0-7 fill each bucket once and keys 8-15 collide once each.
        let mut table: TranspositionTable<u64, u64> = TranspositionTable::with_entries(16);
        let bucket = |key: u64| key * 5 % 8;
        let mut occupied = [false; 8];
        let mut expected = 0;
        for key in 0..16 {
            // The dictionary's insert: 1 when the bucket already holds one.
            let b = bucket(key) as usize;
            expected += u64::from(occupied[b]);
            occupied[b] = true;
            table.store(hash_in(bucket(key)), key, 1, key);
            let stats = table.stats();
            assert_eq!((stats.insertions, stats.collisions), (key + 1, expected));
            assert_eq!(stats.entries, key + 1);
        }
        assert_eq!((expected, table.stats().buckets), (8, 8));
        // Storing a position again updates it: no insertion, no collision.
        for key in 0..16 {
            table.store(hash_in(bucket(key)), key, 1, key + 100);
        }
        let stats = table.stats();
        assert_eq!(
            (stats.stores, stats.insertions, stats.collisions),
            (32, 16, 8)
        );
        assert_eq!(stats.entries, 16);
        // A third position in a full bucket collides and displaces one.
        table.store(hash_in(3), 99, 1, 99);
        let stats = table.stats();
        assert_eq!(
            (stats.insertions, stats.collisions, stats.entries),
            (17, 9, 16)
        );
        let home = |key: u64| if key == 99 { 3 } else { bucket(key) };
        let held = (0..16)
            .chain([99])
            .filter(|&k| table.probe(hash_in(home(k)), k).is_some());
        assert_eq!(held.count(), 16);
        table.clear();
        let stats = table.stats();
        assert_eq!(
            (stats.insertions, stats.collisions, stats.entries),
            (0, 0, 0)
        );
        assert_eq!((stats.buckets, stats.capacity), (8, 16));
    }

    #[test]
    fn stored_configurations_are_counted_as_they_are_found() {
        let mut table: TranspositionTable<u64, u64> = TranspositionTable::with_megabytes(1);
        for i in 0..30_000u64 {
            table.store(i.wrapping_mul(0xD1B5_4A32_D192_ED03), i, 1, i);
        }
        let found = (0..30_000u64)
            .filter(|&i| {
                table
                    .probe(i.wrapping_mul(0xD1B5_4A32_D192_ED03), i)
                    .is_some()
            })
            .count() as u64;
        let stats = table.stats();
        assert_eq!(stats.entries, found);
        assert_eq!(stats.insertions, 30_000);
        assert_eq!(stats.capacity, 2 * stats.buckets);
        assert!(stats.collisions > 0 && stats.collisions < stats.insertions);
    }

    #[test]
    fn the_first_slot_keeps_the_higher_priority() {
        let mut table: TranspositionTable<u32, i32> = TranspositionTable::with_entries(2);
        table.store(1, 1, 10, 1);
        table.store(1, 2, 5, 2);
        table.store(1, 3, 5, 3);
        assert_eq!(table.probe(1, 1), Some(1), "deep entry kept");
        assert_eq!(
            table.probe(1, 2),
            None,
            "always-replace slot was overwritten"
        );
        assert_eq!(table.probe(1, 3), Some(3));
        table.store(1, 4, 20, 4);
        assert_eq!(table.probe(1, 4), Some(4));
        assert_eq!(
            table.probe(1, 1),
            Some(1),
            "the displaced entry moves to the second slot"
        );
    }

    #[test]
    fn size_grows_with_the_work_up_to_the_megabytes() {
        let mut table: TranspositionTable<u128, (i32, u8)> = TranspositionTable::with_megabytes(1);
        let entry_bytes = std::mem::size_of::<Option<Entry<u128, (i32, u8)>>>();
        let start = table.stats().capacity;
        assert!(
            start as usize * entry_bytes <= 1 << 16,
            "{start} entries allocated before any work"
        );
        // Hashes spread over every bucket; far more positions than fit.
        for i in 0..200_000u64 {
            let hash = i.wrapping_mul(0xD1B5_4A32_D192_ED03);
            table.store(hash, u128::from(i), 1, (i as i32, 0));
        }
        let bytes = table.stats().capacity as usize * entry_bytes;
        assert!(bytes <= 1 << 20, "{bytes} bytes");
        assert!(
            bytes > 1 << 19,
            "{bytes} bytes: less than half the budget used"
        );
    }

    #[test]
    fn growth_keeps_every_entry_findable() {
        let mut table: TranspositionTable<u64, u64> = TranspositionTable::with_megabytes(64);
        // splitmix64's finaliser: well-spread hashes, as Zobrist hashes are.
        let hash = |i: u64| {
            let mut z = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for i in 0..5_000u64 {
            table.store(hash(i), i, 1, i * 3);
        }
        assert!(
            table.stats().capacity > 2 * INITIAL_BUCKETS as u64,
            "it grew"
        );
        let found = (0..5_000u64)
            .filter(|&i| table.probe(hash(i), i) == Some(i * 3))
            .count();
        // A bucket of two may drop an entry to a third position hashed to
        // it; growth at a quarter occupancy keeps that rare.
        assert!(found > 4_500, "{found} of 5000 entries found");
        for i in 0..5_000u64 {
            if let Some(data) = table.probe(hash(i), i) {
                assert_eq!(data, i * 3, "entry {i} holds another's data");
            }
        }
    }
}
