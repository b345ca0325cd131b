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

use ply_engine::Deadline;

use crate::board::Board;
use crate::failure_memo::FailureMemo;
use crate::pattern::Level;
use crate::{Move, Stone};

/// Nodes between two looks at the clock.
const POLL: u64 = 255;

/// Kinds of search, for the memory of failures.
const VCF: u8 = 0;
const ATTACK: u8 = 1;
const DEFEND: u8 = 2;

/// The memory and buffers of the threat searches, kept from one search to
/// the next so that, once the first searches have sized them, a search
/// allocates nothing (the engine runs dozens of them a move).
#[derive(Debug, Default)]
pub struct ThreatSearch {
    /// (hash, search kind) -> largest depth that failed.
    failed: FailureMemo,
    /// The moves from the start to the current node.
    path: Vec<usize>,
    /// The last winning line found: `path` at a win, and the winning move.
    found: Vec<usize>,
    /// Per ply (`path` length): the moves the node there tries.
    lists: Vec<Vec<usize>>,
    nodes: u64,
}

impl ThreatSearch {
    /// A search with nothing remembered yet.
    pub fn new() -> ThreatSearch {
        ThreatSearch::default()
    }

    /// Whether `attacker`, to move on `board`, wins by at most
    /// `max_fours` fours (see [`find_vcf`]); the line is then
    /// [`ThreatSearch::line`]. `board` is searched in place and left as it
    /// was.
    pub fn vcf(
        &mut self,
        board: &mut Board,
        attacker: Stone,
        max_fours: u32,
        deadline: Deadline,
    ) -> bool {
        let mut search = Threats::new(board, self, attacker, deadline);
        // Deepening finds the shortest wins first and keeps a long fruitless
        // chain of fours from using up the time of a short win.
        for depth in 1..=max_fours {
            if search.vcf(depth) {
                return true;
            }
            if search.aborted || !search.deeper {
                return false;
            }
            search.deeper = false;
        }
        false
    }

    /// Whether `attacker`, to move on `board`, wins by fours and open
    /// threes at most `max_threats` attacker moves deep (see
    /// [`find_vct`]); the line is then [`ThreatSearch::line`]. `board` is
    /// searched in place and left as it was.
    pub fn vct(
        &mut self,
        board: &mut Board,
        attacker: Stone,
        max_threats: u32,
        deadline: Deadline,
    ) -> bool {
        Threats::new(board, self, attacker, deadline).vct_attack(max_threats)
    }

    /// The winning line of the last search that found one, on the board it
    /// searched: the attacker's first move first, the five last.
    pub fn line<'b>(&'b self, board: &'b Board) -> impl Iterator<Item = Move> + 'b {
        self.found.iter().map(|&c| board.to_move(c))
    }

    /// The same line as board cells.
    pub(crate) fn cells(&self) -> &[usize] {
        &self.found
    }

    /// Positions the last search visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// One search: the board it plays on, and the kept state.
struct Threats<'a> {
    board: &'a mut Board,
    state: &'a mut ThreatSearch,
    attacker: Stone,
    deadline: Deadline,
    aborted: bool,
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
    let mut search = ThreatSearch::new();
    search
        .vcf(&mut copy, attacker, max_fours, deadline)
        .then(|| search.line(&copy).collect())
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
    let mut search = ThreatSearch::new();
    search
        .vct(&mut copy, attacker, max_threats, deadline)
        .then(|| search.line(&copy).collect())
}

impl<'a> Threats<'a> {
    /// A search from scratch: the memory of failures is emptied (its room
    /// kept).
    fn new(
        board: &'a mut Board,
        state: &'a mut ThreatSearch,
        attacker: Stone,
        deadline: Deadline,
    ) -> Self {
        state.failed.start_search();
        // Room for every ply of the longest line the board holds, so a
        // search deeper than any before allocates nothing.
        let cells = board.width() * board.height();
        if state.lists.len() <= cells {
            state
                .lists
                .resize_with(cells + 1, || Vec::with_capacity(cells));
            state.path.reserve(cells);
            state.found.reserve(cells + 1);
        }
        state.path.clear();
        state.found.clear();
        state.nodes = 0;
        Threats {
            board,
            state,
            attacker,
            deadline,
            aborted: false,
            deeper: false,
        }
    }

    /// The move list of the current ply (emptied), to hand back with
    /// `put_list` before the node returns (the plies below use their own).
    fn take_list(&mut self) -> Vec<usize> {
        let ply = self.state.path.len();
        if self.state.lists.len() <= ply {
            self.state.lists.resize_with(ply + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.state.lists[ply]);
        list.clear();
        list
    }

    fn put_list(&mut self, list: Vec<usize>) {
        let ply = self.state.path.len();
        self.state.lists[ply] = list;
    }

    fn tick(&mut self) -> bool {
        self.state.nodes += 1;
        if self.state.nodes & POLL == 0 && self.deadline.expired() {
            self.aborted = true;
        }
        self.aborted
    }

    fn play(&mut self, cell: usize, stone: Stone) {
        self.board.put_stone(cell, stone);
        self.state.path.push(cell);
    }

    fn unplay(&mut self) {
        self.board.take_back();
        self.state.path.pop();
    }

    /// Records a win: the current path followed by `last` moves.
    fn win_with(&mut self, last: &[usize]) -> bool {
        self.state.found.clear();
        self.state.found.extend_from_slice(&self.state.path);
        self.state.found.extend_from_slice(last);
        true
    }

    fn known_failure(&self, kind: u8, depth: u32) -> bool {
        self.state.failed.failed(self.board.hash(), kind, depth)
    }

    /// The end of an attack over `moves`: the list goes back to the pool,
    /// and a search that neither won nor was cut short is remembered as a
    /// failure of `kind` at `depth`.
    fn conclude(&mut self, moves: Vec<usize>, won: bool, kind: u8, depth: u32) -> bool {
        self.put_list(moves);
        if !won && !self.aborted {
            self.remember_failure(kind, depth);
        }
        won
    }

    fn remember_failure(&mut self, kind: u8, depth: u32) {
        if !self.aborted {
            let hash = self.board.hash();
            self.state.failed.remember(hash, kind, depth);
        }
    }

    /// Fills `moves` with the attacker's moves that are fours, open fours
    /// first; or, when the defender threatens five, with the single block
    /// if it is a four. False when there is no such move list (the
    /// defender threatens two fives, or the block is no four).
    fn four_moves(&self, moves: &mut Vec<usize>) -> bool {
        let (a, d) = (self.attacker, self.attacker.opponent());
        match self.board.first_two_fives(d) {
            (None, _) => moves.extend(
                self.board
                    .cells_at_least(a, Level::Four)
                    .filter(|&c| !self.board.forbidden(c, a)),
            ),
            (Some(block), None)
                if self.board.best_level(block, a) >= Level::Four as u8
                    && !self.board.forbidden(block, a) =>
            {
                moves.push(block)
            }
            _ => return false,
        }
        moves.sort_by_key(|&c| std::cmp::Reverse(self.board.best_level(c, a)));
        true
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
        let mut moves = self.take_list();
        if !self.four_moves(&mut moves) {
            self.put_list(moves);
            return false;
        }
        let mut won = false;
        for &cell in &moves {
            self.play(cell, a);
            won = match self.board.fives_through(cell, a) {
                (None, _) => false,
                // Under renju black may not take the one cell: the five
                // comes next.
                (Some(block), None) if self.board.forbidden(block, d) => self.win_with(&[block]),
                (Some(block), None) => {
                    self.play(block, d);
                    let won = self.vcf(depth - 1);
                    self.unplay();
                    won
                }
                // The defender cannot take both cells, nor win first: he
                // had no five to make before this four.
                (Some(first), Some(second)) => self.win_with(&[first, second]),
            };
            self.unplay();
            if won || self.aborted {
                break;
            }
        }
        self.conclude(moves, won, VCF, depth)
    }

    /// True when the attacker (to move) wins by fours and threes.
    fn vct_attack(&mut self, depth: u32) -> bool {
        if let Some(settled) = self.attacker_start() {
            return settled;
        }
        let (a, d) = (self.attacker, self.attacker.opponent());
        match self.board.first_two_fives(d) {
            (None, _) => {}
            (Some(block), None) if self.board.forbidden(block, a) => return false,
            (Some(block), None) => {
                // Forced: block, and the defender moves again.
                self.play(block, a);
                let won = self.vct_defend(block, depth);
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
        let mut moves = self.take_list();
        moves.extend(
            self.board
                .cells_at_least(a, Level::OpenThree)
                .filter(|&c| self.board.best_level(c, a) < Level::Four as u8)
                .filter(|&c| !self.board.forbidden(c, a)),
        );
        moves.sort_by_key(|&c| std::cmp::Reverse(self.board.levels_at(c, a)));
        let mut won = false;
        for &cell in &moves {
            self.play(cell, a);
            won = self.vct_defend(cell, depth - 1);
            self.unplay();
            if won || self.aborted {
                break;
            }
        }
        self.conclude(moves, won, ATTACK, depth)
    }

    /// True when the attacker, who just played `last`, wins whatever the
    /// defender (to move) answers.
    fn vct_defend(&mut self, last: usize, depth: u32) -> bool {
        if self.tick() {
            return false;
        }
        let (a, d) = (self.attacker, self.attacker.opponent());
        if self.board.cells_at_least(d, Level::Five).next().is_some() {
            return false;
        }
        // The attacker had no five to make before his last move, `last`
        // (his node would have won), so his fives are on its lines.
        let fives = self.board.fives_through(last, a);
        match fives {
            // Under renju an open four black may not make is no threat.
            (None, _) if !self.board.threatens(a, Level::OpenFour) => return false,
            (Some(first), Some(second)) => return self.win_with(&[first, second]),
            _ => {}
        }
        if self.known_failure(DEFEND, depth) {
            return false;
        }
        if let Some(five) = fives.0.filter(|&f| self.board.forbidden(f, d)) {
            return self.win_with(&[five]);
        }
        let mut replies = self.take_list();
        match fives.0 {
            Some(five) => replies.push(five),
            None => {
                replies.extend(self.board.cells_at_least(a, Level::Four));
                replies.extend(
                    self.board
                        .cells_at_least(d, Level::Four)
                        .filter(|&c| self.board.best_level(c, a) < Level::Four as u8),
                );
                replies.retain(|&c| !self.board.forbidden(c, d));
            }
        }
        let mut won = true;
        for &cell in &replies {
            self.play(cell, d);
            won = self.vct_attack(depth);
            self.unplay();
            if !won {
                self.remember_failure(DEFEND, depth);
                break;
            }
        }
        self.put_list(replies);
        won
    }
}
