//! The request's dictionary as the searches' table: `--dictionary chained`
//! puts the configurations the depth-limited search scores into a
//! [`Dictionary`] instead of the engine's transposition table.

use ply_engine::{SearchTable, TableStats};

use crate::dictionary::{Dictionary, DictionaryKey};

/// A [`Dictionary`] behind the engine's [`SearchTable`], with the traffic
/// counters `--stats` shows beside the dictionary's own counts.
///
/// Each search starts from an empty dictionary (the searcher clears it
/// whenever its horizon changes, as the request's computer makes a new
/// dictionary for every move), but the counts run on from the table's
/// making: [`stats`](SearchTable::stats) sums the configurations stored
/// and the collisions of every search, with the longest chain any of
/// them had and the mean over all their chains.
#[derive(Clone, Debug)]
pub struct ChainedTable<K, D> {
    dictionary: Dictionary<K, D>,
    probes: u64,
    hits: u64,
    stores: u64,
    /// The counts of the searches before the last clear.
    past: TableStats,
}

impl<K: DictionaryKey, D: Copy> ChainedTable<K, D> {
    /// An empty table over a dictionary of the default prime size.
    pub fn new() -> Self {
        ChainedTable {
            dictionary: Dictionary::new(),
            probes: 0,
            hits: 0,
            stores: 0,
            past: TableStats::default(),
        }
    }

    /// The counts of the current search alone.
    fn current(&self) -> TableStats {
        let entries = self.dictionary.num_elements() as u64;
        TableStats {
            probes: self.probes,
            hits: self.hits,
            stores: self.stores,
            insertions: self.dictionary.insertions(),
            collisions: self.dictionary.collisions(),
            entries,
            buckets: self.dictionary.size() as u64,
            capacity: entries,
            chains: Some(self.dictionary.chain_lengths()),
        }
    }
}

/// Two searches' counts together.
fn sum(a: TableStats, b: TableStats) -> TableStats {
    let (ca, cb) = (a.chains.unwrap_or_default(), b.chains.unwrap_or_default());
    TableStats {
        probes: a.probes + b.probes,
        hits: a.hits + b.hits,
        stores: a.stores + b.stores,
        insertions: a.insertions + b.insertions,
        collisions: a.collisions + b.collisions,
        entries: a.entries + b.entries,
        buckets: a.buckets.max(b.buckets),
        capacity: a.capacity + b.capacity,
        chains: Some(ply_engine::ChainStats {
            longest: ca.longest.max(cb.longest),
            occupied: ca.occupied + cb.occupied,
        }),
    }
}

impl<K: DictionaryKey, D: Copy> Default for ChainedTable<K, D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: DictionaryKey, D: Copy> SearchTable<K, D> for ChainedTable<K, D> {
    /// The dictionary's own hash function chooses the bucket, so the
    /// engine's hash is not used.
    fn probe(&mut self, _hash: u64, key: K) -> Option<D> {
        self.probes += 1;
        let found = self.dictionary.get(&key);
        self.hits += u64::from(found.is_some());
        found
    }

    /// A new configuration is inserted (counting its collision); one
    /// already stored gets the latest search's data. Nothing is ever
    /// dropped: chaining has room for every configuration.
    fn store(&mut self, _hash: u64, key: K, _priority: u32, data: D) {
        self.stores += 1;
        if self.dictionary.replace(&key, data).is_err() {
            // Absent, so the insertion cannot meet a duplicate.
            let _collided = self.dictionary.insert(key, data);
        }
    }

    /// Every search's counts since the table was made (see the type).
    fn stats(&self) -> TableStats {
        sum(self.past, self.current())
    }

    /// Empties the dictionary for the next search, keeping the counts.
    fn clear(&mut self) {
        self.past = sum(self.past, self.current());
        self.dictionary.clear();
        self.probes = 0;
        self.hits = 0;
        self.stores = 0;
    }
}
