//! A global allocator that counts the allocations each thread makes, so a
//! test can prove that a search's inner loop allocates nothing: the hot
//! loops of ply own their buffers and tables, and an allocation per node
//! costs more than the node itself.
//!
//! Register it in a test binary and measure a closure:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: ply_alloc_count::CountingAllocator = ply_alloc_count::CountingAllocator;
//!
//! let (_, allocations) = ply_alloc_count::allocations_during(|| search(&mut position));
//! assert_eq!(allocations, 0);
//! ```
//!
//! The count is per thread, so tests that the harness runs in parallel do
//! not see each other's allocations. Only what the measured thread itself
//! allocates is counted (a search that starts threads of its own is
//! measured on one thread).

#![warn(missing_docs)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Allocations (`alloc`, `alloc_zeroed`, `realloc`) made by this thread.
    /// `const` initialised: the first access allocates nothing, which an
    /// allocator's own bookkeeping must not.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Counts an allocation on the current thread. A thread being torn down
/// has lost its counter already; its allocations then go uncounted, which
/// no measurement can see (it measures the living thread).
fn count() {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

/// The allocations the current thread has made so far.
pub fn allocations() -> u64 {
    ALLOCATIONS.try_with(Cell::get).unwrap_or(0)
}

/// Runs `f` and returns its result with the number of allocations the
/// current thread made meanwhile (zero unless this allocator is the
/// binary's global allocator).
pub fn allocations_during<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = allocations();
    let result = f();
    (result, allocations() - before)
}

/// The system allocator, counting each thread's allocations.
pub struct CountingAllocator;

// SAFETY: every method forwards its arguments unchanged to `System`, which
// upholds `GlobalAlloc`'s contract; the counting touches only a `Cell` in
// thread-local storage, allocates nothing and cannot unwind.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller guarantees `layout` meets `alloc`'s contract
        // (non-zero size), which is all `System.alloc` asks.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as for `alloc`: the caller's `layout` is passed on as is.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator with `layout`, and every
        // block this allocator hands out is `System`'s.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: `ptr` is a block of `System`'s allocated with `layout`
        // (see `dealloc`), and the caller guarantees `new_size` is valid.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
