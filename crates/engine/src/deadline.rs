//! When a search must stop: its time budget, or the user's interrupt.
//!
//! Every search that can run long polls a [`Deadline`] (cheaply: callers
//! read the clock about every half millisecond, or every few thousand
//! nodes) and, once it has expired, returns what it has proved so far,
//! leaving the rest `unknown`. The interrupt is
//! process-wide because Ctrl-C is: the front end's signal handler calls
//! [`interrupt`] and clears it with [`clear_interrupt`] before the next
//! analysis. A server stops one search alone, when its client has gone,
//! through the flag of a [`CancelScope`] on the thread that runs it.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// The flag that stops the searches of this thread, if one was set.
    static CANCELLED: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// While it lives, every search on this thread also stops once `flag` is
/// set (from any thread): the server sets it when a search's client has
/// gone. Searches that spread over other threads stop on this one only.
#[must_use = "the flag is watched only while the scope lives"]
pub struct CancelScope {
    previous: Option<Arc<AtomicBool>>,
}

/// Watches `flag` in this thread's searches until the scope is dropped.
pub fn cancel_scope(flag: Arc<AtomicBool>) -> CancelScope {
    let previous = CANCELLED.with(|c| c.replace(Some(flag)));
    CancelScope { previous }
}

impl Drop for CancelScope {
    fn drop(&mut self) {
        let previous = self.previous.take();
        CANCELLED.with(|c| *c.borrow_mut() = previous);
    }
}

/// True when this thread's cancel flag is set.
fn cancelled() -> bool {
    CANCELLED.with(|c| {
        c.borrow()
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

/// Asks every running search to stop as soon as it can (Ctrl-C).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Forgets an earlier interrupt, before a new analysis starts.
pub fn clear_interrupt() {
    INTERRUPTED.store(false, Ordering::Relaxed);
}

/// True once [`interrupt`] was called and not cleared since.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// The moment a search must stop, if any; an interrupt also stops it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Deadline {
    end: Option<Instant>,
}

impl Deadline {
    /// No time limit (only an interrupt stops the search).
    pub fn none() -> Self {
        Deadline { end: None }
    }

    /// `budget` from now, or no limit for `None`.
    pub fn after(budget: Option<Duration>) -> Self {
        Deadline {
            end: budget.map(|b| Instant::now() + b),
        }
    }

    /// True when the search should stop now.
    pub fn expired(&self) -> bool {
        interrupted() || cancelled() || self.end.is_some_and(|end| Instant::now() >= end)
    }

    /// Time left before the end, `None` without a limit.
    pub fn remaining(&self) -> Option<Duration> {
        self.end
            .map(|end| end.saturating_duration_since(Instant::now()))
    }

    /// True when the deadline has a time limit.
    pub fn is_limited(&self) -> bool {
        self.end.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_expires_and_none_does_not() {
        assert!(!Deadline::none().expired() || interrupted());
        let past = Deadline::after(Some(Duration::ZERO));
        assert!(past.expired());
        let later = Deadline::after(Some(Duration::from_secs(3600)));
        assert!(later.remaining().expect("limited") > Duration::from_secs(3500));
        assert!(later.is_limited() && !Deadline::none().is_limited());
    }

    #[test]
    fn a_cancel_flag_stops_this_threads_searches_only_in_its_scope() {
        let flag = Arc::new(AtomicBool::new(false));
        let later = Deadline::after(Some(Duration::from_secs(3600)));
        {
            let _scope = cancel_scope(flag.clone());
            assert!(!later.expired() || interrupted());
            flag.store(true, Ordering::Relaxed);
            assert!(later.expired());
            let other = std::thread::spawn(move || later.expired() && !interrupted());
            assert!(
                !other.join().expect("thread"),
                "another thread is not cancelled"
            );
        }
        assert!(!later.expired() || interrupted(), "the scope has ended");
    }
}
