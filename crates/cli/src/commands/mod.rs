//! One file per command.

pub mod bench;
pub mod games;
pub mod gomocup;
pub mod gtp;
pub mod menu;
pub mod nboard;
pub mod obf;
pub mod perft;
pub mod play;
pub mod protocol_lines;
pub mod serve;
pub mod solve;
pub mod task;
pub mod tournament;
pub mod train;
