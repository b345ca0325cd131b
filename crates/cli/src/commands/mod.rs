//! One file per command.

pub mod games;
pub mod tournament;
pub mod train;
