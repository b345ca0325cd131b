//! The search's transposition table, shared by its threads: buckets of
//! [`BUCKET`] entries, each entry two atomic words, its data and its key
//! mixed with the data (the lockless scheme of Hyatt and Mann), so an
//! entry half written by one thread while another reads it fails the key
//! check instead of answering wrong.
//!
//! A new position takes the bucket's entry worth least: the shallowest,
//! an entry of an earlier search counting [`AGE_WEIGHT`] plies less per
//! search since. So a long search keeps its deep results where one slot
//! per key would lose them to the shallow positions that follow (the
//! search stores a position at every node of its tree), and the table kept
//! from one move to the next does not fill with the old moves' entries.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Bytes a table entry takes: two 64-bit words.
pub(crate) const ENTRY_BYTES: usize = 16;

/// Entries a position may take: one cache line of 64 bytes.
const BUCKET: usize = 4;

/// Plies of depth an entry is worth less for each search since it was
/// stored.
const AGE_WEIGHT: i32 = 8;

/// Searches are told apart modulo this (the bits the bound leaves).
const GENERATIONS: u8 = 64;

/// What the table keeps of a position.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub cell: u16,
    pub depth: u8,
    /// 0 empty, [`EXACT`], [`LOWER`] or [`UPPER`].
    pub bound: u8,
}

pub(crate) const EXACT: u8 = 1;
pub(crate) const LOWER: u8 = 2;
pub(crate) const UPPER: u8 = 3;

/// The bound's two bits of the stored byte; the generation has the rest.
const BOUND_BITS: u8 = 3;

pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    /// The current search's number, modulo [`GENERATIONS`].
    generation: AtomicU8,
}

impl Table {
    /// A table of `entries` entries (a power of two, at least one).
    pub(crate) fn new(entries: usize) -> Table {
        debug_assert!(entries.is_power_of_two());
        Table {
            slots: (0..entries)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            generation: AtomicU8::new(0),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Marks the entries stored from now on as a new search's.
    pub(crate) fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// The first entry of `key`'s bucket and the bucket's length.
    fn bucket(&self, key: u64) -> (usize, usize) {
        let len = BUCKET.min(self.slots.len());
        ((key as usize) & (self.slots.len() - 1) & !(len - 1), len)
    }

    /// The raw entry at `slot`, its generation apart.
    fn load_slot(&self, slot: usize) -> (Entry, u8) {
        let [mixed, data] = &self.slots[slot];
        let data = data.load(Ordering::Relaxed);
        let key = mixed.load(Ordering::Relaxed) ^ data;
        let flags = (data >> 56) as u8;
        let entry = Entry {
            key,
            score: data as u32 as i32,
            cell: (data >> 32) as u16,
            depth: (data >> 48) as u8,
            bound: flags & BOUND_BITS,
        };
        (entry, flags >> 2)
    }

    /// The entry kept for `key`, if any.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let (first, len) = self.bucket(key);
        (first..first + len)
            .map(|slot| self.load_slot(slot).0)
            .find(|e| e.bound != 0 && e.key == key)
    }

    /// Keeps `entry` (of `entry.key`): in the key's own entry when the
    /// bucket has one (unless that one is deeper and of this search, and
    /// the new one not exact), else in place of the bucket's entry worth
    /// least.
    pub(crate) fn store(&self, entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let (first, len) = self.bucket(entry.key);
        let mut victim = first;
        let mut least = i32::MAX;
        for slot in first..first + len {
            let (old, old_generation) = self.load_slot(slot);
            if old.bound == 0 || old.key == entry.key {
                let keep_old = old.bound != 0
                    && old_generation == generation
                    && old.depth > entry.depth
                    && entry.bound != EXACT;
                if keep_old {
                    return;
                }
                victim = slot;
                break;
            }
            let age = i32::from((generation + GENERATIONS - old_generation) % GENERATIONS);
            let worth = i32::from(old.depth) - AGE_WEIGHT * age;
            if worth < least {
                least = worth;
                victim = slot;
            }
        }
        let data = u64::from(entry.score as u32)
            | u64::from(entry.cell) << 32
            | u64::from(entry.depth) << 48
            | u64::from(entry.bound | generation << 2) << 56;
        let [mixed, stored] = &self.slots[victim];
        stored.store(data, Ordering::Relaxed);
        mixed.store(entry.key ^ data, Ordering::Relaxed);
    }

    pub(crate) fn clear(&self) {
        for [mixed, data] in &self.slots {
            mixed.store(0, Ordering::Relaxed);
            data.store(0, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u8) -> Entry {
        Entry {
            key,
            score: -(depth as i32) * 7,
            cell: 100 + u16::from(depth),
            depth,
            bound: LOWER,
        }
    }

    #[test]
    fn an_entry_comes_back_as_stored() {
        let table = Table::new(16);
        let stored = Entry {
            key: 0xDEAD_BEEF_0000_0005,
            score: -123_456,
            cell: 224,
            depth: 17,
            bound: UPPER,
        };
        table.store(stored);
        let found = table.probe(stored.key).expect("kept");
        assert_eq!(
            (found.key, found.score, found.cell, found.depth, found.bound),
            (
                stored.key,
                stored.score,
                stored.cell,
                stored.depth,
                stored.bound
            )
        );
        assert!(table.probe(stored.key ^ 1 << 40).is_none());
    }

    #[test]
    fn a_bucket_keeps_its_deepest_entries_against_shallow_ones() {
        let table = Table::new(16);
        // Keys of one bucket: the same low bits, other high bits.
        let keys: Vec<u64> = (0..8).map(|i| (i << 32) | 4).collect();
        table.store(entry(keys[0], 20));
        for (i, &k) in keys.iter().enumerate().skip(1) {
            table.store(entry(k, i as u8));
        }
        assert_eq!(table.probe(keys[0]).map(|e| e.depth), Some(20));
        // The latest shallow one is there; the bucket holds four.
        assert!(table.probe(keys[7]).is_some());
        let kept = keys.iter().filter(|&&k| table.probe(k).is_some()).count();
        assert_eq!(kept, BUCKET);
    }

    #[test]
    fn old_searches_give_way_to_the_new() {
        let table = Table::new(4);
        let old: Vec<u64> = (0..4).map(|i| i << 32).collect();
        for &k in &old {
            table.store(entry(k, 12));
        }
        for _ in 0..3 {
            table.new_search();
        }
        table.store(entry(9 << 32, 2));
        assert!(table.probe(9 << 32).is_some());
        assert_eq!(old.iter().filter(|&&k| table.probe(k).is_some()).count(), 3);
    }

    #[test]
    fn a_deeper_entry_of_the_same_search_is_not_overwritten_by_a_shallow_bound() {
        let table = Table::new(8);
        table.store(entry(5, 10));
        table.store(entry(5, 3));
        assert_eq!(table.probe(5).map(|e| e.depth), Some(10));
        table.store(Entry {
            bound: EXACT,
            ..entry(5, 3)
        });
        assert_eq!(table.probe(5).map(|e| (e.depth, e.bound)), Some((3, EXACT)));
        table.new_search();
        table.store(entry(5, 4));
        assert_eq!(table.probe(5).map(|e| e.depth), Some(4));
    }

    #[test]
    fn a_table_smaller_than_a_bucket_still_works() {
        let table = Table::new(1);
        table.store(entry(3, 5));
        assert!(table.probe(3).is_some());
        table.store(entry(7, 1));
        assert!(table.probe(7).is_some());
        table.clear();
        assert!(table.probe(7).is_none());
    }
}
