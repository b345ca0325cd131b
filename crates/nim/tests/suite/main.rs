//! The integration tests of this crate, one module a file, in one test
//! binary: each binary costs a link, so one binary builds in a fraction
//! of the time of one a file.

mod counting;
mod heaps;
mod kind;
mod learner;
mod notation_props;
mod rules;
mod solving;
mod tree_player;
