//! The exact solver's transposition table, shared by every thread of a
//! parallel solve without locks.
//!
//! An entry is three 64-bit words written and read one at a time (five
//! on 10x10, whose sets take two words each): the player's discs and the
//! opponent's discs, each XOR-ed with the data word, and the data word
//! itself. A reader recomputes the keys from the data it read; an entry
//! torn by two threads writing at once fails that check (unless the
//! garbage happens to reproduce every key word) and reads as a miss. Every stored bound is true for its position, so a table shared by
//! threads that search different parts of the tree is as sound as one
//! thread's.
//!
//! A position always has the same number of empties, so two bounds stored
//! for it are both exact-depth and merge: the lower bound is the larger
//! one, the upper the smaller.
//!
//! Each entry carries the selectivity level it was searched at
//! (`selectivity.rs`): bounds of a selective pass are estimates, valid
//! only for a search at that level or a lower one, and an exact entry is
//! never overwritten by a selective one's bounds; bounds of the same level
//! merge.
//!
//! Buckets hold two entries: the first kept for the entry with the larger
//! subtree (depth-preferred: deep entries save the most work), the second
//! always replaced.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::bitboard::Bits;

/// What the table knows about a position: bounds on its score at the
/// selectivity `level` it was searched at (exact at the highest), the best
/// move found (`NO_MOVE` if none), and the log2 of the positions its
/// search visited (the replacement priority).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub lower: i8,
    pub upper: i8,
    pub best: u8,
    pub cost: u8,
    pub level: u8,
}

/// No best move recorded.
pub const NO_MOVE: u8 = u8::MAX;

impl Entry {
    fn pack(self) -> u64 {
        (self.lower as u8 as u64)
            | (self.upper as u8 as u64) << 8
            | (self.best as u64) << 16
            | (self.cost as u64) << 24
            | (self.level as u64) << 32
            // Never zero, so that an empty slot never matches.
            | 1 << 63
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            cost: (data >> 24) as u8,
            level: (data >> 32) as u8,
        }
    }
}

/// The words of one slot for sets of type `B`: the player's set and the
/// opponent's, each in `B::WIDTH / 64` words XOR-ed with the data word,
/// then the data word (three words a slot for `u64`, five for `u128`).
#[inline(always)]
fn key_words<B: Bits>() -> usize {
    (B::WIDTH / 64) as usize
}

/// Word `i` of a set (the low 64 bits first).
#[inline(always)]
fn word<B: Bits>(set: B, i: usize) -> u64 {
    (set.to_u128() >> (64 * i)) as u64
}

/// A fixed-size table of two-slot buckets, the slots laid out flat: for
/// sets of `words` 64-bit words, `2 * words + 1` atomic words a slot.
pub struct Table {
    cells: Vec<AtomicU64>,
    mask: usize,
    /// Words of one set (1 for `u64`, 2 for `u128`).
    words: usize,
}

impl Table {
    /// A table of about `megabytes` MiB for sets of type `B` (a power of
    /// two buckets, at least one).
    pub fn new<B: Bits>(megabytes: usize) -> Table {
        let words = key_words::<B>();
        let bucket = 2 * (2 * words + 1) * std::mem::size_of::<AtomicU64>();
        let wanted = (megabytes.max(1).saturating_mul(1 << 20) / bucket).max(1);
        let mut buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut cells = Vec::new();
        while cells
            .try_reserve_exact(2 * buckets * (2 * words + 1))
            .is_err()
            && buckets > 1
        {
            buckets /= 2;
        }
        cells.resize_with(2 * buckets * (2 * words + 1), || AtomicU64::new(0));
        Table {
            cells,
            mask: buckets - 1,
            words,
        }
    }

    /// Whether the table holds sets of type `B`.
    pub fn holds<B: Bits>(&self) -> bool {
        self.words == key_words::<B>()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for cell in &mut self.cells {
            *cell.get_mut() = 0;
        }
    }

    /// The first word of the first slot of `hash`'s bucket.
    #[inline]
    fn bucket<B: Bits>(&self, hash: u64) -> usize {
        debug_assert!(self.holds::<B>());
        2 * ((hash >> 20) as usize & self.mask) * (2 * key_words::<B>() + 1)
    }

    #[inline(always)]
    fn data(&self, slot: usize, words: usize) -> u64 {
        self.cells[slot + 2 * words].load(Ordering::Relaxed)
    }

    /// The entry of the slot starting at word `slot`, if it is for `p`, `o`.
    #[inline(always)]
    fn read<B: Bits>(&self, slot: usize, p: B, o: B) -> Option<Entry> {
        let words = key_words::<B>();
        let data = self.data(slot, words);
        if data == 0 {
            return None;
        }
        for i in 0..words {
            if self.cells[slot + i].load(Ordering::Relaxed) ^ data != word(p, i)
                || self.cells[slot + words + i].load(Ordering::Relaxed) ^ data != word(o, i)
            {
                return None;
            }
        }
        Some(Entry::unpack(data))
    }

    fn cost<B: Bits>(&self, slot: usize) -> u8 {
        let data = self.data(slot, key_words::<B>());
        if data == 0 {
            0
        } else {
            Entry::unpack(data).cost
        }
    }

    fn write<B: Bits>(&self, slot: usize, p: B, o: B, entry: Entry) {
        let words = key_words::<B>();
        let data = entry.pack();
        for i in 0..words {
            self.cells[slot + i].store(word(p, i) ^ data, Ordering::Relaxed);
            self.cells[slot + words + i].store(word(o, i) ^ data, Ordering::Relaxed);
        }
        self.cells[slot + 2 * words].store(data, Ordering::Relaxed);
    }

    /// The entry stored for exactly this position, if any.
    #[inline]
    pub fn probe<B: Bits>(&self, hash: u64, p: B, o: B) -> Option<Entry> {
        let i = self.bucket::<B>(hash);
        self.read(i, p, o)
            .or_else(|| self.read(i + 2 * key_words::<B>() + 1, p, o))
    }

    /// Stores the bounds `lower..=upper` for this position, merged with the
    /// bounds already there.
    pub fn store<B: Bits>(&self, hash: u64, p: B, o: B, entry: Entry) {
        let stride = 2 * key_words::<B>() + 1;
        let i = self.bucket::<B>(hash);
        for slot in [i, i + stride] {
            if let Some(old) = self.read(slot, p, o) {
                let best = if entry.best == NO_MOVE {
                    old.best
                } else {
                    entry.best
                };
                if entry.level != old.level {
                    // The higher level's bounds are the truer ones; the
                    // newer move is the better informed.
                    let kept = if entry.level > old.level { entry } else { old };
                    self.write(slot, p, o, Entry { best, ..kept });
                    return;
                }
                let lower = entry.lower.max(old.lower);
                let upper = entry.upper.min(old.upper);
                // Bounds from two true searches can only cross if one of
                // them is wrong; keep the newer rather than an empty range.
                let merged = if lower <= upper {
                    Entry {
                        lower,
                        upper,
                        best,
                        cost: entry.cost.max(old.cost),
                        level: entry.level,
                    }
                } else {
                    entry
                };
                self.write(slot, p, o, merged);
                return;
            }
        }
        let (deep, recent) = (i, i + stride);
        if entry.cost >= self.cost::<B>(deep) {
            // The entry it displaces moves to the always-replaced slot.
            if self.data(deep, key_words::<B>()) != 0 {
                for k in 0..stride {
                    let w = self.cells[deep + k].load(Ordering::Relaxed);
                    self.cells[recent + k].store(w, Ordering::Relaxed);
                }
            }
            self.write(deep, p, o, entry);
        } else {
            self.write(recent, p, o, entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merges_and_replaces() {
        let table = Table::new::<u64>(1);
        let e = |lower, upper, cost| Entry {
            lower,
            upper,
            best: 3,
            cost,
            level: 2,
        };
        assert_eq!(table.probe(7, 1u64, 2), None);
        table.store(7, 1u64, 2, e(-64, 10, 5));
        assert_eq!(table.probe(7, 1u64, 2), Some(e(-64, 10, 5)));
        table.store(7, 1u64, 2, e(-4, 64, 2));
        assert_eq!(table.probe(7, 1u64, 2), Some(e(-4, 10, 5)));
        // Same bucket, other positions: the deep entry stays.
        table.store(7, 5u64, 6, e(0, 0, 1));
        table.store(7, 8u64, 9, e(2, 2, 1));
        assert_eq!(table.probe(7, 1u64, 2), Some(e(-4, 10, 5)));
        assert_eq!(table.probe(7, 5u64, 6), None);
        assert_eq!(table.probe(7, 8u64, 9), Some(e(2, 2, 1)));
        // A key differing in one word never matches.
        assert_eq!(table.probe(7, 1u64, 3), None);
        assert_eq!(table.probe(7, 0u64, 2), None);
    }

    #[test]
    fn selective_bounds_never_replace_truer_ones() {
        let table = Table::new::<u64>(1);
        let e = |lower, upper, best, level| Entry {
            lower,
            upper,
            best,
            cost: 4,
            level,
        };
        table.store(7, 1u64, 2, e(-64, 10, 3, 2));
        // A selective pass's bounds do not merge into exact ones; its move
        // is kept.
        table.store(7, 1u64, 2, e(12, 64, 5, 0));
        assert_eq!(table.probe(7, 1u64, 2), Some(e(-64, 10, 5, 2)));
        // Selective bounds give way to exact ones.
        table.store(7, 5u64, 6, e(12, 64, 5, 0));
        table.store(7, 5u64, 6, e(-64, 2, NO_MOVE, 2));
        assert_eq!(table.probe(7, 5u64, 6), Some(e(-64, 2, 5, 2)));
    }

    #[test]
    fn a_wide_table_keeps_both_words_of_each_set() {
        let table = Table::new::<u128>(1);
        assert!(table.holds::<u128>() && !table.holds::<u64>());
        let entry = Entry {
            lower: -100,
            upper: 100,
            best: 99,
            cost: 1,
            level: 2,
        };
        let (p, o) = (1u128 << 99 | 5, 1u128 << 70);
        table.store(3, p, o, entry);
        assert_eq!(table.probe(3, p, o), Some(entry));
        assert_eq!(table.probe(3, p ^ 1 << 98, o), None);
        assert_eq!(table.probe(3, p, o | 1), None);
    }
}
