//! The integration tests of this crate, one module a file, in one test
//! binary: each binary costs a link, so one binary builds in a fraction
//! of the time of one a file.

mod bots;
mod chained_search;
mod depth;
mod dictionary;
mod kinds;
mod no_alloc;
mod notation_props;
mod proof;
mod pv;
mod renju_caro;
mod rules;
mod table;
mod time_bounded;
mod values;
mod wide;

/// Counts each thread's allocations, for the `no_alloc` tests.
#[global_allocator]
static ALLOCATOR: ply_alloc_count::CountingAllocator = ply_alloc_count::CountingAllocator;
