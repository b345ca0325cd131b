//! The integration tests of this crate, one module a file, in one test
//! binary: each binary costs a link, so one binary builds in a fraction
//! of the time of one a file.

mod bots;
mod depth;
mod kinds;
mod notation_props;
mod proof;
mod rules;
mod table;
mod time_bounded;
mod values;
mod wide;
