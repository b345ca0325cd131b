//! The integration tests of `ply-tasks`, one module a file, in one test
//! binary.

mod failures;
mod mnk_proofs;
mod othello_exact;
mod schedulers;
mod support;
mod training;
