//! The integration tests of this crate, one module a file, in one test
//! binary: each binary costs a link, so one binary builds in a fraction
//! of the time of one a file.

mod bounded_bots;
mod common;
mod crate_api;
mod history_names;
mod learner_files;
mod module_graph;
mod time_bounded;
mod toy_game;
