//! One file per command.

pub mod bench;
pub mod games;
pub mod gomocup;
pub mod menu;
pub mod perft;
pub mod play;
pub mod solve;
pub mod tournament;
pub mod train;
