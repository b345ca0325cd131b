//! The threat searches' memory of positions that failed: a fixed table,
//! so that a search longer than any before allocates nothing (a growing
//! map reallocated whenever one search remembered more than the last).
//!
//! Losing an entry only costs the time to search the position again, so
//! the table is direct-mapped and a new failure takes its slot. Each entry
//! carries the search it belongs to: starting a search empties the table
//! without touching it.

/// Entries in the table (a power of two): 1 MiB, allocated at the first
/// search.
const SLOTS: usize = 1 << 16;

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The position's hash mixed with the search kind.
    key: u64,
    /// The largest remaining depth at which the position failed.
    depth: u32,
    /// The search the entry belongs to; zero is no search.
    search: u32,
}

/// (position, search kind) -> the largest depth at which it failed, within
/// one search.
#[derive(Debug, Default)]
pub(crate) struct FailureMemo {
    entries: Vec<Entry>,
    search: u32,
}

impl FailureMemo {
    /// Forgets every failure: what follows is a new search.
    pub(crate) fn start_search(&mut self) {
        if self.entries.is_empty() {
            self.entries = vec![Entry::default(); SLOTS];
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            // After 2^32 searches the stamps come round: clear them once.
            self.entries.fill(Entry::default());
            self.search = 1;
        }
    }

    /// Whether the position of `hash` failed for `kind` at `depth` or
    /// deeper in this search.
    pub(crate) fn failed(&self, hash: u64, kind: u8, depth: u32) -> bool {
        let key = mix(hash, kind);
        self.entries
            .get(slot(key))
            .is_some_and(|e| e.search == self.search && e.key == key && e.depth >= depth)
    }

    /// Remembers that the position of `hash` failed for `kind` at `depth`.
    pub(crate) fn remember(&mut self, hash: u64, kind: u8, depth: u32) {
        let key = mix(hash, kind);
        let search = self.search;
        if let Some(entry) = self.entries.get_mut(slot(key)) {
            let same = entry.search == search && entry.key == key;
            let depth = if same { entry.depth.max(depth) } else { depth };
            *entry = Entry { key, depth, search };
        }
    }
}

/// The kinds are few: each moves the key by a large odd constant, so one
/// position's kinds land in different slots.
fn mix(hash: u64, kind: u8) -> u64 {
    hash ^ u64::from(kind).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn slot(key: u64) -> usize {
    // The high bits: Zobrist keys are uniform in every bit, and the low
    // ones are the board's table's index elsewhere.
    (key >> 48) as usize & (SLOTS - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_within_a_search_and_forgets_after() {
        let mut memo = FailureMemo::default();
        memo.start_search();
        assert!(!memo.failed(42, 0, 1));
        memo.remember(42, 0, 3);
        assert!(memo.failed(42, 0, 3));
        assert!(memo.failed(42, 0, 2));
        assert!(!memo.failed(42, 0, 4), "deeper than it failed");
        assert!(!memo.failed(42, 1, 1), "another kind of search");
        memo.remember(42, 0, 1);
        assert!(
            memo.failed(42, 0, 3),
            "a shallower failure keeps the deeper"
        );
        memo.start_search();
        assert!(!memo.failed(42, 0, 1), "a new search starts empty");
    }

    #[test]
    fn a_colliding_position_is_never_taken_for_another() {
        let mut memo = FailureMemo::default();
        memo.start_search();
        let (a, b) = (7u64 << 48, (7u64 << 48) | 1);
        assert_eq!(slot(mix(a, 0)), slot(mix(b, 0)));
        memo.remember(a, 0, 5);
        assert!(!memo.failed(b, 0, 1));
        memo.remember(b, 0, 2);
        assert!(memo.failed(b, 0, 2));
        assert!(!memo.failed(a, 0, 1), "the newer failure took the slot");
    }

    #[test]
    fn nothing_is_known_before_the_first_search() {
        let memo = FailureMemo::default();
        assert!(!memo.failed(0, 0, 0));
    }
}
