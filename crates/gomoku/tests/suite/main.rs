//! The integration tests of this crate, one module a file, in one test
//! binary: each binary costs a link, so one binary builds in a fraction
//! of the time of one a file.

mod analysis;
mod conformance;
mod gomocup_rules;
mod learned;
mod no_alloc;
mod renju;
mod rule_play;
mod rules;
mod search;
mod vcf;
mod win_scan;

/// Counts each thread's allocations, for the `no_alloc` tests.
#[global_allocator]
static ALLOCATOR: ply_alloc_count::CountingAllocator = ply_alloc_count::CountingAllocator;
