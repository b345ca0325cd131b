//! The request's dictionary as the searches' table: `--dictionary chained`
//! puts the configurations the depth-limited search scores into a
//! [`Dictionary`] instead of the engine's transposition table.

use ply_engine::{SearchTable, TableStats};

use crate::dictionary::{Dictionary, DictionaryKey};

/// A [`Dictionary`] behind the engine's [`SearchTable`], with the traffic
/// counters `--stats` shows beside the dictionary's own counts.
#[derive(Clone, Debug)]
pub struct ChainedTable<K, D> {
    dictionary: Dictionary<K, D>,
    probes: u64,
    hits: u64,
    stores: u64,
}

impl<K: DictionaryKey, D: Copy> ChainedTable<K, D> {
    /// An empty table over a dictionary of the default prime size.
    pub fn new() -> Self {
        ChainedTable {
            dictionary: Dictionary::new(),
            probes: 0,
            hits: 0,
            stores: 0,
        }
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

    fn stats(&self) -> TableStats {
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

    fn clear(&mut self) {
        self.dictionary.clear();
        self.probes = 0;
        self.hits = 0;
        self.stores = 0;
    }
}
