//! The integration tests of this crate, one module a file, in one test
//! binary: each binary costs a link, so one binary builds in a fraction
//! of the time of one a file.

mod api;
mod board;
mod bounds;
mod browser;
mod common;
mod fair;
mod load;
mod page;
