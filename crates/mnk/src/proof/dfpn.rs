//! Depth-first proof-number search (df-pn, Nagai 2002) with relevance
//! zones.
//!
//! Attacker nodes are OR nodes (proof number: the smallest child's;
//! disproof number: the sum), defender nodes AND nodes (the other way
//! round). A node is searched while its numbers stay below the thresholds
//! its parent gave; the child searched next is the most proving one (the
//! smallest proof number at an OR node, the smallest disproof number at an
//! AND node), with the threshold of the second best raised by a quarter
//! (the 1+epsilon trick) so the search does not switch back and forth
//! between two close children. The numbers, and for nodes already
//! expanded the children still open, live in the table.
//!
//! Relevance zones: when a child of an attacker node is disproved with
//! zone `Z`, every child outside `Z` is disproved too (see the module
//! above), so it leaves the node's list at once and its disproof number
//! leaves the sum; the node's own zone, once every child left, is the
//! union of the zones of the children disproved.

use ply_engine::Game;

use super::{from_image, to_image, Frame, Node, Proved, Prover};
use crate::board::Mnk;

/// An infinite proof or disproof number: the node is decided.
const INF: u32 = u32::MAX;
/// Largest number of an undecided node.
const CAP: u32 = u32::MAX - 1;
/// The 1+epsilon trick: the best child may go on until its number passes
/// the second best's times this many percent. Measured on (8,4,4): 125
/// beats 200 (3.9 million nodes against 3.4) and 400 at either kind of
/// node (4.5 and 7.6 million).
const WIDEN_PERCENT: u64 = 125;

/// A table entry, squares in the canonical image.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pn: u32,
    dn: u32,
    /// The moves still open once the node was expanded (its children not
    /// yet refuted, inside the zones of those refuted).
    moves: u64,
    /// Disproved: the zone. Undecided attacker node: the union of the
    /// zones of the children refuted so far.
    zone: u64,
    /// Nodes spent below this one: the table keeps the costly entries.
    work: u32,
    expanded: bool,
    /// Expanded to one forced move.
    forced: bool,
}

/// A child of the node being searched.
pub(super) struct Child {
    mv: u8,
    pn: u32,
    dn: u32,
    /// When disproved: its zone, on the parent's squares.
    zone: u64,
}

/// The threshold the best child gets from the second best's number: a
/// quarter more (at least one more), below `limit`.
fn widened(second: u32, limit: u32) -> u32 {
    if second >= CAP {
        return limit;
    }
    let wide = (second as u64 * WIDEN_PERCENT)
        .div_ceil(100)
        .max(second as u64 + 1);
    wide.min(limit as u64) as u32
}

impl Prover {
    pub(super) fn dfpn(&mut self, game: &mut Mnk) -> Option<Proved> {
        let (pn, _, zone) = self.mid(game, INF, INF);
        if self.stopped {
            return None;
        }
        Some(if pn == 0 {
            Proved::Wins
        } else {
            Proved::Holds(zone)
        })
    }

    fn store(&mut self, key: u128, entry: Entry) {
        if self.dfpn_table.len() >= self.max_entries && !self.dfpn_table.contains_key(&key) {
            // Keep the entries that cost the most: drop the cheap ones
            // until at most half the table is left.
            let mut cheap = 1;
            while self.dfpn_table.len() > self.max_entries / 2 {
                self.dfpn_table.retain(|_, e| e.work > cheap);
                cheap = cheap.saturating_mul(2);
            }
        }
        self.dfpn_table.insert(key, entry);
    }

    /// The numbers the child after `mv` starts with before it is searched:
    /// 1 for its side to move's number (one good move may do), and for the
    /// other the moves it has (each must be answered), so forcing moves
    /// (a four, leaving the defender one reply) look cheapest to prove and
    /// the search follows the attacker's threats first. Immediate wins by
    /// two threats are decided here. Read from the parent's `threats` and
    /// the lines through `mv`, without playing it.
    fn initial(&self, game: &Mnk, threats: &super::Threats, mv: u8) -> (u32, u32) {
        let mover = game.to_move();
        let bit = 1u64 << mv;
        let theirs = game.stones(mover.opponent());
        let empty = game.empty_squares() & !bit;
        let mut new_wins = 0u64;
        for &line in game.geo.through(mv as usize) {
            if line & theirs != 0 {
                continue;
            }
            let open = line & empty;
            match open.count_ones() {
                0 => {
                    // The move completes a line.
                    return if mover == self.attacker {
                        (0, INF)
                    } else {
                        (1, 1)
                    };
                }
                1 => new_wins |= open,
                _ => {}
            }
        }
        if empty == 0 {
            return (1, 1);
        }
        let (attacker_wins, defender_wins) = if mover == self.attacker {
            (
                (threats.attacker_wins & !bit) | new_wins,
                threats.defender_wins & !bit,
            )
        } else {
            (
                threats.attacker_wins & !bit,
                (threats.defender_wins & !bit) | new_wins,
            )
        };
        if mover != self.attacker {
            // The attacker is to move in the child.
            if attacker_wins != 0 {
                return (0, INF);
            }
            if defender_wins != 0 {
                return (1, 1);
            }
            (1, empty.count_ones())
        } else {
            if defender_wins != 0 {
                return (1, 1);
            }
            match attacker_wins.count_ones() {
                0 => ((threats.live & !bit).count_ones().max(1), 1),
                1 => (1, 1),
                _ => (0, INF),
            }
        }
    }

    /// Searches `game` until its proof number reaches `thpn` or its
    /// disproof number `thdn`: its (pn, dn), and when disproved its zone.
    fn mid(&mut self, game: &mut Mnk, thpn: u32, thdn: u32) -> (u32, u32, u64) {
        if self.tick() {
            return (1, 1, 0);
        }
        if game.empty_squares().count_ones() <= self.dfs_below {
            self.nodes -= 1;
            return match self.search(game) {
                None => (1, 1, 0),
                Some(Proved::Wins) => (0, INF, 0),
                Some(Proved::Holds(zone)) => (INF, 0, zone),
            };
        }
        let before = self.nodes;
        let (image, key) = game.canonical_image();
        let stored = self.dfpn_table.get(&key).copied();
        if let Some(e) = stored {
            if e.pn == 0 || e.dn == 0 || e.pn >= thpn || e.dn >= thdn {
                return (e.pn, e.dn, from_image(game, image, e.zone));
            }
        }
        let leaf = |pn, dn, zone| Entry {
            pn,
            dn,
            moves: 0,
            zone,
            work: 1,
            expanded: false,
            forced: false,
        };
        let (moves, forced, mut refuted) = match stored.filter(|e| e.expanded) {
            Some(e) => (
                from_image(game, image, e.moves),
                e.forced,
                from_image(game, image, e.zone),
            ),
            None => match self.classify(game) {
                Node::Wins => {
                    self.store(key, leaf(0, INF, 0));
                    return (0, INF, 0);
                }
                Node::Holds(zone) => {
                    self.store(key, leaf(INF, 0, to_image(game, image, zone)));
                    return (INF, 0, zone);
                }
                Node::Forced(mv) => (1u64 << mv, true, 0),
                Node::Moves(mask) => (mask, false, 0),
            },
        };
        let attacker = game.to_move() == self.attacker;
        // The children's keys first, then their table entries in one tight
        // loop (the lookups miss the cache, and so overlap), then the
        // starting numbers of those not in the table.
        let mut frame = self.take_frame(game);
        let Frame {
            moves: order,
            keys,
            found,
            children,
        } = &mut frame;
        self.order(game, moves, order);
        keys.clear();
        keys.extend(order.iter().map(|&mv| {
            let undo = game.play(mv);
            let image_key = game.canonical_image();
            game.undo(mv, undo);
            image_key
        }));
        found.clear();
        found.extend(
            keys.iter()
                .map(|(_, key)| self.dfpn_table.get(key).copied()),
        );
        let threats = self.threats(game);
        children.clear();
        for ((&mv, &(image, _)), &entry) in order.iter().zip(keys.iter()).zip(found.iter()) {
            let (pn, dn, zone) = match entry {
                Some(e) => (e.pn, e.dn, from_image(game, image, e.zone)),
                None => {
                    let (pn, dn) = self.initial(game, &threats, mv);
                    (pn, dn, 0)
                }
            };
            children.push(Child { mv, pn, dn, zone });
        }
        let (pn, dn, zone) = loop {
            // Only the child just searched is read again: a transposition
            // that changed another leaves its numbers stale for a while,
            // which costs time but never soundness.
            let (pn, dn);
            if attacker {
                // Refuted children leave, and so do those outside a
                // refutation's zone: they are refuted the same way.
                let mut allowed = u64::MAX;
                for child in children.iter().filter(|c| c.dn == 0) {
                    allowed &= child.zone;
                    refuted |= child.zone;
                }
                children.retain(|c| c.dn != 0 && allowed >> c.mv & 1 == 1);
                if children.iter().any(|c| c.pn == 0) {
                    break (0, INF, 0);
                }
                if children.is_empty() {
                    let zone = if forced {
                        self.forced_zone(game, refuted)
                    } else {
                        refuted
                    };
                    break (INF, 0, zone);
                }
                pn = children.iter().map(|c| c.pn).min().unwrap_or(INF);
                dn = children
                    .iter()
                    .fold(0u32, |s, c| s.saturating_add(c.dn))
                    .min(CAP);
            } else {
                if let Some(child) = children.iter().find(|c| c.dn == 0) {
                    let zone = if forced {
                        self.forced_zone(game, child.zone)
                    } else {
                        child.zone | 1u64 << child.mv
                    };
                    break (INF, 0, zone);
                }
                children.retain(|c| c.pn != 0);
                if children.is_empty() {
                    break (0, INF, 0);
                }
                dn = children.iter().map(|c| c.dn).min().unwrap_or(INF);
                pn = children
                    .iter()
                    .fold(0u32, |s, c| s.saturating_add(c.pn))
                    .min(CAP);
            }
            if pn >= thpn || dn >= thdn {
                break (pn, dn, refuted);
            }
            // The most proving child, and the second best's number.
            let number = |c: &Child| if attacker { c.pn } else { c.dn };
            let mut best = 0;
            let mut second = INF;
            for (i, child) in children.iter().enumerate().skip(1) {
                let n = number(child);
                if n < number(&children[best]) {
                    second = number(&children[best]);
                    best = i;
                } else if n < second {
                    second = n;
                }
            }
            let child = &children[best];
            let (child_thpn, child_thdn) = if attacker {
                let rest = if thdn == INF {
                    INF
                } else {
                    thdn - dn + child.dn
                };
                (widened(second, thpn), rest)
            } else {
                let rest = if thpn == INF {
                    INF
                } else {
                    thpn - pn + child.pn
                };
                (rest, widened(second, thdn))
            };
            let mv = child.mv;
            let undo = game.play(mv);
            let (cpn, cdn, czone) = self.mid(game, child_thpn, child_thdn);
            game.undo(mv, undo);
            if self.stopped {
                self.put_frame(game, frame);
                return (1, 1, 0);
            }
            let child = &mut children[best];
            child.pn = cpn;
            child.dn = cdn;
            child.zone = czone;
        };
        let open = children.iter().fold(0u64, |m, c| m | 1u64 << c.mv);
        self.put_frame(game, frame);
        let work = stored.map_or(0, |e| e.work);
        let work = work.saturating_add((self.nodes - before).min(u32::MAX as u64) as u32);
        let entry = Entry {
            pn,
            dn,
            moves: to_image(game, image, open),
            zone: to_image(game, image, zone),
            work,
            expanded: true,
            forced,
        };
        self.store(key, entry);
        (pn, dn, zone)
    }
}
