//! The integration tests of this crate, one module a file, in one test
//! binary: each binary costs a link, so one binary builds in a fraction
//! of the time of one a file.

mod common;
mod decided;
mod differential;
mod exact;
mod gtp;
mod no_alloc;
mod parsers;
mod pattern;
mod perft;
mod rules;
mod session;
mod solve;
mod strength;

/// Counts each thread's allocations, for the `no_alloc` tests.
#[global_allocator]
static ALLOCATOR: ply_alloc_count::CountingAllocator = ply_alloc_count::CountingAllocator;
