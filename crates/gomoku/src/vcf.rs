//! Forced wins by threats.
//!
//! **VCF** (victory by continuous fours): the attacker plays only fours, so
//! every defender reply is forced (the one cell that would complete the
//! five), until a four with two completion cells, or an open four, cannot
//! be stopped. If the defender's forced block makes a four of his own, the
//! attacker must block it in turn, and may continue only if that block is
//! itself a four. Because every defender move is forced, a VCF found here is
//! a proof of a win.
//!
//! **VCT** (victory by continuous threats) also lets the attacker make open
//! threes (a threat to make an open four). Against a three the defender may
//! take any cell where the attacker would make a four or an open four (the
//! blocks and the far blocks of the three), or make a four of his own; the
//! attacker must win against each such answer. Other replies to a three are
//! not tried, so a VCT is strong evidence, not a proof (a VCF is).
//!
//! Both searches remember positions that failed at a given remaining depth
//! and stop at their [`Deadline`] (returning "not found").

use std::collections::HashMap;

use ply_engine::Deadline;

use crate::board::Board;
use crate::pattern::Level;
use crate::{Move, Stone};

/// Nodes between two looks at the clock.
const POLL: u64 = 255;

/// Kinds of search, for the memory of failures.
const VCF: u8 = 0;
const ATTACK: u8 = 1;
const DEFEND: u8 = 2;

struct Threats<'a> {
    board: &'a mut Board,
    attacker: Stone,
    deadline: Deadline,
    nodes: u64,
    aborted: bool,
    /// (hash, search kind) -> largest depth that failed.
    failed: HashMap<(u64, u8), u32>,
    /// The moves from the start to the current node.
    path: Vec<usize>,
    /// The last winning line found: `path` at a win, and the winning move.
    found: Vec<usize>,
    /// True when some line was cut by the depth limit (deeper may find more).
    deeper: bool,
}

/// A forced win for `attacker`, to move on `board`, by at most `max_fours`
/// fours: the moves of both sides, the attacker's first and last (the
/// five). `None` when there is none (or the deadline came first).
pub fn find_vcf(
    board: &Board,
    attacker: Stone,
    max_fours: u32,
    deadline: Deadline,
) -> Option<Vec<Move>> {
    let mut copy = board.clone();
    let mut search = Threats::new(&mut copy, attacker, deadline);
    // Deepening finds the shortest wins first and keeps a long fruitless
    // chain of fours from using up the time of a short win.
    for depth in 1..=max_fours {
        if search.vcf(depth) {
            return Some(search.moves());
        }
        if search.aborted || !search.deeper {
            return None;
        }
        search.deeper = false;
    }
    None
}

/// A win for `attacker`, to move, by fours and open threes, at most
/// `max_threats` attacker moves deep (see the module notes on what the
/// defender may answer): one line of it, the attacker's move first and the
/// five last.
pub fn find_vct(
    board: &Board,
    attacker: Stone,
    max_threats: u32,
    deadline: Deadline,
) -> Option<Vec<Move>> {
    let mut copy = board.clone();
    let mut search = Threats::new(&mut copy, attacker, deadline);
    search.vct_attack(max_threats).then(|| search.moves())
}

impl<'a> Threats<'a> {
    fn new(board: &'a mut Board, attacker: Stone, deadline: Deadline) -> Self {
        Threats {
            board,
            attacker,
            deadline,
            nodes: 0,
            aborted: false,
            failed: HashMap::new(),
            path: Vec::new(),
            found: Vec::new(),
            deeper: false,
        }
    }

    fn moves(&self) -> Vec<Move> {
        self.found.iter().map(|&c| self.board.to_move(c)).collect()
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & POLL == 0 && self.deadline.expired() {
            self.aborted = true;
        }
        self.aborted
    }

    fn play(&mut self, cell: usize, stone: Stone) {
        self.board.put_stone(cell, stone);
        self.path.push(cell);
    }

    fn unplay(&mut self) {
        self.board.take_back();
        self.path.pop();
    }

    /// Records a win: the current path followed by `last` moves.
    fn win_with(&mut self, last: &[usize]) -> bool {
        self.found.clear();
        self.found.extend_from_slice(&self.path);
        self.found.extend_from_slice(last);
        true
    }

    fn known_failure(&self, kind: u8, depth: u32) -> bool {
        self.failed
            .get(&(self.board.hash(), kind))
            .is_some_and(|&d| d >= depth)
    }

    fn remember_failure(&mut self, kind: u8, depth: u32) {
        if !self.aborted {
            let entry = self.failed.entry((self.board.hash(), kind)).or_insert(0);
            *entry = (*entry).max(depth);
        }
    }

    /// The attacker's moves that are fours, open fours first; or, when the
    /// defender threatens five, the single block if it is a four.
    fn four_moves(&self) -> Option<Vec<usize>> {
        let (a, d) = (self.attacker, self.attacker.opponent());
        let blocks: Vec<usize> = self.board.cells_at_least(d, Level::Five).collect();
        let mut moves: Vec<usize> = match blocks.len() {
            0 => self.board.cells_at_least(a, Level::Four).collect(),
            1 if self.board.best_level(blocks[0], a) >= Level::Four as u8 => blocks,
            _ => return None,
        };
        moves.sort_by_key(|&c| std::cmp::Reverse(self.board.best_level(c, a)));
        Some(moves)
    }

    /// Where every attacker's node starts: `Some(false)` when time is up,
    /// `Some(won)` when the attacker completes a five at once, `None` when
    /// the node has to be searched.
    fn attacker_start(&mut self) -> Option<bool> {
        if self.tick() {
            return Some(false);
        }
        let five = self
            .board
            .cells_at_least(self.attacker, Level::Five)
            .next()?;
        Some(self.win_with(&[five]))
    }

    /// True when the attacker (to move) wins by fours within `depth` fours.
    fn vcf(&mut self, depth: u32) -> bool {
        if let Some(settled) = self.attacker_start() {
            return settled;
        }
        let (a, d) = (self.attacker, self.attacker.opponent());
        if depth == 0 {
            self.deeper |= self.board.has_at_least(a, Level::Four);
            return false;
        }
        if self.known_failure(VCF, depth) {
            // A failure at this depth may have been cut by the limit.
            self.deeper = true;
            return false;
        }
        let Some(moves) = self.four_moves() else {
            return false;
        };
        for cell in moves {
            self.play(cell, a);
            let fives: Vec<usize> = self.board.cells_at_least(a, Level::Five).collect();
            let won = match fives.len() {
                0 => false,
                1 => {
                    self.play(fives[0], d);
                    let won = self.vcf(depth - 1);
                    self.unplay();
                    won
                }
                // The defender cannot take both cells, nor win first: he
                // had no five to make before this four.
                _ => self.win_with(&[fives[0], fives[1]]),
            };
            self.unplay();
            if won {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        self.remember_failure(VCF, depth);
        false
    }

    /// True when the attacker (to move) wins by fours and threes.
    fn vct_attack(&mut self, depth: u32) -> bool {
        if let Some(settled) = self.attacker_start() {
            return settled;
        }
        let (a, d) = (self.attacker, self.attacker.opponent());
        let blocks: Vec<usize> = self.board.cells_at_least(d, Level::Five).collect();
        match blocks.len() {
            0 => {}
            1 => {
                // Forced: block, and the defender moves again.
                self.play(blocks[0], a);
                let won = self.vct_defend(depth);
                self.unplay();
                return won;
            }
            _ => return false,
        }
        if self.vcf(depth.saturating_mul(2).min(20)) {
            return true;
        }
        if depth == 0 || self.aborted || self.known_failure(ATTACK, depth) {
            return false;
        }
        let mut moves: Vec<usize> = self
            .board
            .cells_at_least(a, Level::OpenThree)
            .filter(|&c| self.board.best_level(c, a) < Level::Four as u8)
            .collect();
        moves.sort_by_key(|&c| std::cmp::Reverse(self.board.levels_at(c, a)));
        for cell in moves {
            self.play(cell, a);
            let won = self.vct_defend(depth - 1);
            self.unplay();
            if won {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        self.remember_failure(ATTACK, depth);
        false
    }

    /// True when the attacker wins whatever the defender (to move) answers.
    fn vct_defend(&mut self, depth: u32) -> bool {
        if self.tick() {
            return false;
        }
        let (a, d) = (self.attacker, self.attacker.opponent());
        if self.board.cells_at_least(d, Level::Five).next().is_some() {
            return false;
        }
        let fives: Vec<usize> = self.board.cells_at_least(a, Level::Five).collect();
        let replies: Vec<usize> = match fives.len() {
            0 if !self.board.has_at_least(a, Level::OpenFour) => return false,
            0 => {
                let mut replies: Vec<usize> = self.board.cells_at_least(a, Level::Four).collect();
                replies.extend(
                    self.board
                        .cells_at_least(d, Level::Four)
                        .filter(|&c| self.board.best_level(c, a) < Level::Four as u8),
                );
                replies
            }
            1 => fives,
            _ => return self.win_with(&[fives[0], fives[1]]),
        };
        if self.known_failure(DEFEND, depth) {
            return false;
        }
        for cell in replies {
            self.play(cell, d);
            let won = self.vct_attack(depth);
            self.unplay();
            if !won {
                self.remember_failure(DEFEND, depth);
                return false;
            }
        }
        true
    }
}
