//! The plain depth-first AND/OR search with a table: each node searched to
//! its end before the next, a refuted attacker move narrowing the moves
//! still to try to its refutation's zone. Kept beside df-pn for comparison
//! (`ProofMethod::Dfs`).

use ply_engine::Game;

use super::{from_image, to_image, Node, Proved, Prover};
use crate::board::Mnk;

impl Prover {
    pub(super) fn search(&mut self, game: &mut Mnk) -> Option<Proved> {
        if self.tick() {
            return None;
        }
        let (image, key) = game.canonical_image();
        if let Some(&stored) = self.dfs_table.get(&key) {
            return Some(match stored {
                Proved::Wins => Proved::Wins,
                Proved::Holds(zone) => Proved::Holds(from_image(game, image, zone)),
            });
        }
        let proved = match self.classify(game) {
            Node::Wins => Proved::Wins,
            Node::Holds(zone) => Proved::Holds(zone),
            Node::Forced(mv) => {
                let undo = game.play(mv);
                let child = self.search(game);
                game.undo(mv, undo);
                match child? {
                    Proved::Wins => Proved::Wins,
                    Proved::Holds(zone) => Proved::Holds(self.forced_zone(game, zone)),
                }
            }
            Node::Moves(mask) if game.to_move() == self.attacker => {
                self.attacker_node(game, mask)?
            }
            Node::Moves(mask) => self.defender_node(game, mask)?,
        };
        if self.dfs_table.len() >= self.max_entries {
            self.dfs_table.clear();
        }
        let stored = match proved {
            Proved::Wins => Proved::Wins,
            Proved::Holds(zone) => Proved::Holds(to_image(game, image, zone)),
        };
        self.dfs_table.insert(key, stored);
        Some(proved)
    }

    fn attacker_node(&mut self, game: &mut Mnk, mask: u64) -> Option<Proved> {
        let mut frame = self.take_frame(game);
        self.order(game, mask, &mut frame.moves);
        let mut allowed = u64::MAX;
        let mut zone = 0u64;
        let mut proved = Some(Proved::Holds(0));
        for &mv in &frame.moves {
            if allowed >> mv & 1 == 0 {
                continue;
            }
            let undo = game.play(mv);
            let child = self.search(game);
            game.undo(mv, undo);
            match child {
                None => {
                    proved = None;
                    break;
                }
                Some(Proved::Wins) => {
                    proved = Some(Proved::Wins);
                    break;
                }
                Some(Proved::Holds(z)) => {
                    // Moves outside `z` are refuted as this one was.
                    allowed &= z;
                    zone |= z;
                    proved = Some(Proved::Holds(zone));
                }
            }
        }
        self.put_frame(game, frame);
        proved
    }

    fn defender_node(&mut self, game: &mut Mnk, mask: u64) -> Option<Proved> {
        let mut frame = self.take_frame(game);
        self.order(game, mask, &mut frame.moves);
        let mut proved = Some(Proved::Wins);
        for &mv in &frame.moves {
            let undo = game.play(mv);
            let child = self.search(game);
            game.undo(mv, undo);
            match child {
                None => {
                    proved = None;
                    break;
                }
                Some(Proved::Holds(z)) => {
                    proved = Some(Proved::Holds(z | 1u64 << mv));
                    break;
                }
                Some(Proved::Wins) => {}
            }
        }
        self.put_frame(game, frame);
        proved
    }
}
