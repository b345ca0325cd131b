//! The integration tests of this crate, one module a file, in one test
//! binary: each binary costs a link, so one binary builds in a fraction
//! of the time of one a file.

mod c_entries;
mod checked_output;
mod cli_errors;
mod engine_programs;
mod front_ends;
mod gomocup;
mod gomocup_time;
mod gtp;
mod interrupts;
mod menu;
mod mnk_four_scores;
mod mnk_prove;
mod mnk_rules;
mod mnk_wide;
mod nboard;
mod nim_trace_and_tree;
mod obf_suite;
mod othello_session;
mod play_sessions;
mod play_swap2;
mod serve;
mod slurm_cluster;
mod solve_and_tournament;
mod solve_budget;
mod support;
mod tasks;
mod tournament_limits;
mod tournament_openings;
mod wire_shape;
