//! The midgame's shared transposition table: lock-free, so that every
//! search thread reads and writes it at once (lazy SMP), and kept from one
//! move to the next.
//!
//! Each slot is two atomic words: the data, and the position's hash XORed
//! with the data. A reader accepts a slot only when the two agree with the
//! hash it looks for, so an entry torn by two threads writing at once reads
//! as a miss, never as a wrong score. Slots come in buckets of four; a new
//! entry replaces the same position, else the shallowest entry, counting
//! entries from earlier searches as shallower (their age).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use ply_engine::Bound;

/// No best move stored.
pub const NO_MOVE: u8 = u8::MAX;
const BUCKET: usize = 4;

/// What the table keeps of a searched position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Score in hundredths of a disc, for the side to move.
    pub score: i32,
    pub bound: Bound,
    /// Plies searched below the position.
    pub depth: u8,
    /// Best (or refuting) move, [`NO_MOVE`] when none.
    pub best: u8,
}

fn pack(entry: Entry, age: u8) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    (entry.score as i16 as u16 as u64)
        | (entry.depth as u64) << 16
        | (entry.best as u64) << 24
        | bound << 32
        | (age as u64) << 40
}

fn unpack(data: u64) -> (Entry, u8) {
    let bound = match (data >> 32) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    (
        Entry {
            score: data as u16 as i16 as i32,
            depth: (data >> 16) as u8,
            best: (data >> 24) as u8,
            bound,
        },
        (data >> 40) as u8,
    )
}

/// What a store did (for the table's statistics).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The position's deeper entry was kept.
    Kept,
    /// The position's entry was rewritten.
    Updated,
    /// The position took an empty bucket's first slot.
    Inserted,
    /// The position took an empty slot beside other positions' entries
    /// (slots fill in order and are never emptied but by a clear).
    Joined,
    /// The position replaced another one's entry.
    Replaced,
}

/// The table: a power of two of buckets.
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    age: AtomicU8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let buckets = (bytes / (16 * BUCKET)).next_power_of_two() / 2;
        let buckets = buckets.max(1);
        let slots = (0..buckets * BUCKET)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        Table {
            slots,
            mask: buckets - 1,
            age: AtomicU8::new(0),
        }
    }

    /// Marks a new search: entries of earlier ones are replaced first.
    pub fn new_search(&self) {
        let age = self.age.load(Ordering::Relaxed);
        self.age.store(age.wrapping_add(1), Ordering::Relaxed);
    }

    /// Buckets, and slots in all.
    pub fn size(&self) -> (u64, u64) {
        let buckets = self.mask as u64 + 1;
        (buckets, buckets * BUCKET as u64)
    }

    /// Slots holding an entry now (a scan of the whole table: for
    /// statistics, not for the search).
    pub fn occupied(&self) -> u64 {
        self.slots
            .iter()
            .filter(|slot| slot[1].load(Ordering::Relaxed) != 0)
            .count() as u64
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    fn bucket(&self, hash: u64) -> &[[AtomicU64; 2]] {
        let start = ((hash >> 20) as usize & self.mask) * BUCKET;
        &self.slots[start..start + BUCKET]
    }

    pub fn probe(&self, hash: u64) -> Option<Entry> {
        for slot in self.bucket(hash) {
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && slot[0].load(Ordering::Relaxed) ^ data == hash {
                return Some(unpack(data).0);
            }
        }
        None
    }

    pub fn store(&self, hash: u64, entry: Entry) -> Stored {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(hash);
        let mut victim = 0;
        let mut worst = i32::MAX;
        let mut stored = Stored::Replaced;
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot[1].load(Ordering::Relaxed);
            if data == 0 {
                victim = i;
                stored = if i == 0 {
                    Stored::Inserted
                } else {
                    Stored::Joined
                };
                break;
            }
            let (old, old_age) = unpack(data);
            if slot[0].load(Ordering::Relaxed) ^ data == hash {
                // Keep a deeper result of this same search's position,
                // but still learn its best move when it had none.
                if old_age == age && old.depth > entry.depth && old.bound == Bound::Exact {
                    return Stored::Kept;
                }
                victim = i;
                stored = Stored::Updated;
                break;
            }
            let stale = if old_age == age { 0 } else { 64 };
            let keep = old.depth as i32 - stale;
            if keep < worst {
                worst = keep;
                victim = i;
            }
        }
        let data = pack(entry, age);
        bucket[victim][0].store(hash ^ data, Ordering::Relaxed);
        bucket[victim][1].store(data, Ordering::Relaxed);
        stored
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips_every_field() {
        for score in [-6400, -1, 0, 1, 6400, 12_345] {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                let e = Entry {
                    score,
                    bound,
                    depth: 37,
                    best: 63,
                };
                assert_eq!(unpack(pack(e, 200)), (e, 200));
            }
        }
    }

    #[test]
    fn stored_entries_are_found_and_others_are_not() {
        let t = Table::new(1);
        let e = Entry {
            score: -250,
            bound: Bound::Lower,
            depth: 5,
            best: 19,
        };
        t.store(0xdead_beef_1234_5678, e);
        assert_eq!(t.probe(0xdead_beef_1234_5678), Some(e));
        assert_eq!(t.probe(0xdead_beef_1234_5679), None);
        t.clear();
        assert_eq!(t.probe(0xdead_beef_1234_5678), None);
    }
}
