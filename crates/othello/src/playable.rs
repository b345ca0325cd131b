//! Othello's engines behind the `Playable` hooks sessions call.

use ply_engine::Playable;

use crate::game::Othello;

impl Playable for Othello {
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }
}
