//! The exact solver's transposition table, shared by every thread of a
//! parallel solve without locks.
//!
//! An entry is three 64-bit words written and read one at a time: the
//! player's discs and the opponent's discs, each XOR-ed with the data word,
//! and the data word itself. A reader recomputes both keys from the data it
//! read; an entry torn by two threads writing at once fails that check
//! (unless the garbage happens to reproduce both 64-bit keys) and reads as a
//! miss. Every stored bound is true for its position, so a table shared by
//! threads that search different parts of the tree is as sound as one
//! thread's.
//!
//! A position always has the same number of empties, so two bounds stored
//! for it are both exact-depth and merge: the lower bound is the larger
//! one, the upper the smaller.
//!
//! Buckets hold two entries: the first kept for the entry with the larger
//! subtree (depth-preferred: deep entries save the most work), the second
//! always replaced.

use std::sync::atomic::{AtomicU64, Ordering};

/// What the table knows about a position: bounds on its exact score, the
/// best move found (`NO_MOVE` if none), and the log2 of the positions its
/// search visited (the replacement priority).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub lower: i8,
    pub upper: i8,
    pub best: u8,
    pub cost: u8,
}

/// No best move recorded.
pub const NO_MOVE: u8 = u8::MAX;

impl Entry {
    fn pack(self) -> u64 {
        (self.lower as u8 as u64)
            | (self.upper as u8 as u64) << 8
            | (self.best as u64) << 16
            | (self.cost as u64) << 24
            // Never zero, so that an empty slot never matches.
            | 1 << 63
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            cost: (data >> 24) as u8,
        }
    }
}

struct Slot {
    p: AtomicU64,
    o: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn empty() -> Slot {
        Slot {
            p: AtomicU64::new(0),
            o: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }
    }

    fn read(&self, p: u64, o: u64) -> Option<Entry> {
        let data = self.data.load(Ordering::Relaxed);
        let kp = self.p.load(Ordering::Relaxed) ^ data;
        let ko = self.o.load(Ordering::Relaxed) ^ data;
        (data != 0 && kp == p && ko == o).then(|| Entry::unpack(data))
    }

    fn cost(&self) -> u8 {
        let data = self.data.load(Ordering::Relaxed);
        if data == 0 {
            0
        } else {
            Entry::unpack(data).cost
        }
    }

    fn write(&self, p: u64, o: u64, entry: Entry) {
        let data = entry.pack();
        self.p.store(p ^ data, Ordering::Relaxed);
        self.o.store(o ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// A fixed-size table of two-slot buckets.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MiB (a power of two buckets, at least one).
    pub fn new(megabytes: usize) -> Table {
        let bucket = 2 * std::mem::size_of::<Slot>();
        let wanted = (megabytes.max(1).saturating_mul(1 << 20) / bucket).max(1);
        let mut buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut slots = Vec::new();
        while slots.try_reserve_exact(2 * buckets).is_err() && buckets > 1 {
            buckets /= 2;
        }
        slots.resize_with(2 * buckets, Slot::empty);
        Table {
            slots,
            mask: buckets - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot = Slot::empty();
        }
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        2 * ((hash >> 20) as usize & self.mask)
    }

    /// The entry stored for exactly this position, if any.
    #[inline]
    pub fn probe(&self, hash: u64, p: u64, o: u64) -> Option<Entry> {
        let i = self.bucket(hash);
        self.slots[i]
            .read(p, o)
            .or_else(|| self.slots[i + 1].read(p, o))
    }

    /// Stores the bounds `lower..=upper` for this position, merged with the
    /// bounds already there.
    pub fn store(&self, hash: u64, p: u64, o: u64, entry: Entry) {
        let i = self.bucket(hash);
        for slot in &self.slots[i..i + 2] {
            if let Some(old) = slot.read(p, o) {
                let lower = entry.lower.max(old.lower);
                let upper = entry.upper.min(old.upper);
                // Bounds from two true searches can only cross if one of
                // them is wrong; keep the newer rather than an empty range.
                let merged = if lower <= upper {
                    Entry {
                        lower,
                        upper,
                        best: if entry.best == NO_MOVE {
                            old.best
                        } else {
                            entry.best
                        },
                        cost: entry.cost.max(old.cost),
                    }
                } else {
                    entry
                };
                slot.write(p, o, merged);
                return;
            }
        }
        let (deep, recent) = (&self.slots[i], &self.slots[i + 1]);
        if entry.cost >= deep.cost() {
            // The entry it displaces moves to the always-replaced slot.
            let data = deep.data.load(Ordering::Relaxed);
            if data != 0 {
                recent
                    .p
                    .store(deep.p.load(Ordering::Relaxed), Ordering::Relaxed);
                recent
                    .o
                    .store(deep.o.load(Ordering::Relaxed), Ordering::Relaxed);
                recent.data.store(data, Ordering::Relaxed);
            }
            deep.write(p, o, entry);
        } else {
            recent.write(p, o, entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merges_and_replaces() {
        let table = Table::new(1);
        let e = |lower, upper, cost| Entry {
            lower,
            upper,
            best: 3,
            cost,
        };
        assert_eq!(table.probe(7, 1, 2), None);
        table.store(7, 1, 2, e(-64, 10, 5));
        assert_eq!(table.probe(7, 1, 2), Some(e(-64, 10, 5)));
        table.store(7, 1, 2, e(-4, 64, 2));
        assert_eq!(table.probe(7, 1, 2), Some(e(-4, 10, 5)));
        // Same bucket, other positions: the deep entry stays.
        table.store(7, 5, 6, e(0, 0, 1));
        table.store(7, 8, 9, e(2, 2, 1));
        assert_eq!(table.probe(7, 1, 2), Some(e(-4, 10, 5)));
        assert_eq!(table.probe(7, 5, 6), None);
        assert_eq!(table.probe(7, 8, 9), Some(e(2, 2, 1)));
        // A key differing in one word never matches.
        assert_eq!(table.probe(7, 1, 3), None);
        assert_eq!(table.probe(7, 0, 2), None);
    }
}
