//! A fixed-size transposition table of our own.
//!
//! Each bucket holds two entries: one kept by priority (deeper or larger
//! searches win) and one always replaced. Every entry stores the full
//! position key, so a probe only hits for the very same position: a hash
//! collision costs a miss, never a wrong result.

use serde::Serialize;

/// Counters shown by `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableStats {
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
    /// Probes or stores that found their slot held by another position.
    pub collisions: u64,
    pub capacity: u64,
}

#[derive(Clone, Debug)]
struct Entry<K, D> {
    key: K,
    priority: u32,
    data: D,
}

/// A transposition table mapping exact keys `K` to search data `D`.
#[derive(Clone, Debug)]
pub struct TranspositionTable<K, D> {
    buckets: Vec<[Option<Entry<K, D>>; 2]>,
    mask: usize,
    stats: TableStats,
}

impl<K: Copy + Eq, D: Copy> TranspositionTable<K, D> {
    /// A table using at most `megabytes` MiB (at least one bucket).
    pub fn with_megabytes(megabytes: usize) -> Self {
        let bucket_size = std::mem::size_of::<[Option<Entry<K, D>>; 2]>().max(1);
        let buckets = (megabytes.saturating_mul(1 << 20) / bucket_size).max(1);
        Self::with_buckets(buckets)
    }

    /// A table of `entries` entries rounded down to a power of two buckets
    /// (tests use tiny tables to force collisions).
    pub fn with_entries(entries: usize) -> Self {
        Self::with_buckets((entries / 2).max(1))
    }

    fn with_buckets(buckets: usize) -> Self {
        let count = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        // Ask for the memory without aborting: when the system refuses a
        // huge `--hash`, settle for the largest power of two it grants.
        let mut count = count;
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        buckets.resize(count, [None, None]);
        TranspositionTable {
            buckets,
            mask: count - 1,
            stats: TableStats {
                capacity: 2 * count as u64,
                ..TableStats::default()
            },
        }
    }

    fn bucket(&self, hash: u64) -> usize {
        // High bits index the table: the low bits often carry less entropy in
        // incrementally built Zobrist hashes of small boards.
        ((hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize) & self.mask
    }

    /// The data stored for exactly this position, if any.
    pub fn probe(&mut self, hash: u64, key: K) -> Option<D> {
        self.stats.probes += 1;
        let index = self.bucket(hash);
        let mut occupied = false;
        for entry in self.buckets[index].iter().flatten() {
            if entry.key == key {
                self.stats.hits += 1;
                return Some(entry.data);
            }
            occupied = true;
        }
        if occupied {
            self.stats.collisions += 1;
        }
        None
    }

    /// Stores `data` for this position. `priority` (search depth or subtree
    /// size) decides which entry the first slot keeps.
    pub fn store(&mut self, hash: u64, key: K, priority: u32, data: D) {
        self.stats.stores += 1;
        let index = self.bucket(hash);
        let bucket = &mut self.buckets[index];
        let new = Entry {
            key,
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
        match &bucket[0] {
            None => bucket[0] = Some(new),
            Some(kept) if priority >= kept.priority => {
                self.stats.collisions += 1;
                bucket[1] = bucket[0].take();
                bucket[0] = Some(new);
            }
            Some(_) => {
                if bucket[1].is_some() {
                    self.stats.collisions += 1;
                }
                bucket[1] = Some(new);
            }
        }
    }

    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// Empties the table and its counters.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = [None, None];
        }
        self.stats = TableStats {
            capacity: self.stats.capacity,
            ..TableStats::default()
        };
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
            (stats.probes, stats.hits, stats.stores, stats.collisions),
            (2, 1, 1, 1)
        );
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
    fn size_is_bounded_by_megabytes() {
        let table: TranspositionTable<u128, (i32, u8)> = TranspositionTable::with_megabytes(1);
        let bytes =
            table.stats().capacity as usize * std::mem::size_of::<Option<Entry<u128, (i32, u8)>>>();
        assert!(bytes <= 1 << 20, "{bytes} bytes");
        assert!(
            bytes > 1 << 19,
            "{bytes} bytes: less than half the budget used"
        );
    }
}
