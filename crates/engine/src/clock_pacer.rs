//! How often a search reads the clock.
//!
//! A fixed stride of nodes between reads is wrong for some game: a node of
//! tic-tac-toe costs tens of nanoseconds, one of a 6 x 6 board with its
//! threat and pairing checks up to a hundred microseconds, so a stride that
//! costs nothing on the first overruns a budget by tens of milliseconds on
//! the second. The pacer keeps the time between reads near a target by
//! halving or doubling its stride.

use std::time::{Duration, Instant};

/// Reads wanted about this often: a budget is kept to within a few of them.
const TARGET_GAP: Duration = Duration::from_micros(500);
/// The longest stride (a read per this many nodes at most).
const MAX_STRIDE: u32 = 4096;

/// Counts nodes down to the next clock read.
#[derive(Clone, Debug)]
pub(crate) struct ClockPacer {
    countdown: u32,
    stride: u32,
    last_read: Option<Instant>,
}

impl ClockPacer {
    /// A pacer that reads at the first node, then learns the stride.
    pub(crate) fn new() -> Self {
        ClockPacer {
            countdown: 1,
            stride: 1,
            last_read: None,
        }
    }

    /// Counts one node; true when this node should read the clock.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.countdown -= 1;
        if self.countdown > 0 {
            return false;
        }
        let now = Instant::now();
        if let Some(last) = self.last_read {
            let gap = now - last;
            if gap > TARGET_GAP * 2 {
                self.stride = (self.stride / 2).max(1);
            } else if gap < TARGET_GAP / 2 {
                self.stride = (self.stride * 2).min(MAX_STRIDE);
            }
        }
        self.last_read = Some(now);
        self.countdown = self.stride;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cheap_nodes_lengthen_the_stride_up_to_its_cap() {
        let mut pacer = ClockPacer::new();
        let reads = (0..1_000_000).filter(|_| pacer.tick()).count();
        assert_eq!(pacer.stride, MAX_STRIDE, "cheap nodes read rarely");
        assert!(reads < 2_000, "{reads} reads");
    }

    #[test]
    fn slow_nodes_read_the_clock_at_every_node() {
        let mut pacer = ClockPacer::new();
        pacer.stride = MAX_STRIDE;
        pacer.countdown = 1;
        for _ in 0..40 {
            while !pacer.tick() {}
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(pacer.stride, 1);
    }
}
