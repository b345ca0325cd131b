//! The board with its line patterns kept up to date move by move.
//!
//! Cells live in a grid padded by `k` wall cells on every side, so that the
//! `2k` neighbours of any cell along any line can be read without bounds
//! checks. For every empty cell, colour and direction the board stores the
//! [`Level`] a stone there would make; a move changes only the cells within
//! `k` of it along its four lines, and only their level in that line's
//! direction, so `play` and `undo` refresh at most `4 * 2k` entries per
//! colour. Running totals of the levels (per colour: a count per level and a
//! weighted sum) give threat tests and the evaluation in constant time.

use std::sync::Arc;

use crate::learned::{levels_index, EvalWeights};
use crate::pattern::{Level, LineRule, PatternTable, BLOCKED, EMPTY, OWN};
use crate::shape::{shape_code, Shape, SHAPES};
use crate::{GomokuError, Move, Rule, Stone, MAX_SIDE};

/// Cell contents in the padded grid (1 black, 2 white).
pub(crate) const FREE: u8 = 0;
pub(crate) const WALL: u8 = 3;

/// Value of one (cell, direction) entry of each level in the evaluation.
pub(crate) const LEVEL_WEIGHT: [i32; 8] = [0, 1, 4, 14, 45, 55, 400, 3000];

#[derive(Clone, Copy, Debug)]
struct Placed {
    cell: usize,
    /// What was put there: 1 black, 2 white, 3 a blocked cell.
    what: u8,
    winner_before: Option<Stone>,
    /// Where this placement's level changes begin in the journal.
    journal_start: usize,
    /// The learned sums and shape counts before it (taking it back
    /// restores them whole).
    learned_before: [[i32; 2]; 2],
    shapes_before: [[u16; SHAPES]; 2],
}

/// One level a placement changed: the padded cell, `colour * 4 + dir`,
/// and the level before.
#[derive(Clone, Copy, Debug)]
struct LevelChange {
    cell: u16,
    slot: u8,
    old: u8,
}

/// A vector whose copies keep its room (capacity): the board is copied
/// for a search (the engine and the threat searches copy theirs), which
/// must never grow one of its vectors as it plays, and a plain copy has
/// room for its contents alone.
#[derive(Debug)]
struct Roomy<T>(Vec<T>);

impl<T: Clone> Clone for Roomy<T> {
    fn clone(&self) -> Roomy<T> {
        let mut copy = Vec::with_capacity(self.0.capacity());
        copy.extend_from_slice(&self.0);
        Roomy(copy)
    }
}

impl<T> std::ops::Deref for Roomy<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Roomy<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

/// A position: stones, blocked cells, patterns, hash, and the history.
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    k: usize,
    rule: Rule,
    pad: usize,
    stride: usize,
    steps: [usize; 4],
    cells: Vec<u8>,
    /// Per padded cell: `[colour][direction]` level byte.
    levels: Vec<[[u8; 4]; 2]>,
    /// Per padded cell: stones within two cells (Chebyshev distance).
    near: Vec<u8>,
    /// The padded indices of the board's own cells, row by row.
    on_board: Vec<u16>,
    /// Per colour (black, white): the patterns of its line rule.
    tables: [Arc<PatternTable>; 2],
    /// Per colour: what makes its five.
    line_rules: [LineRule; 2],
    zobrist: Vec<[u64; 3]>,
    hash: u64,
    /// The placements so far, oldest first, with room for one a cell.
    history: Roomy<Placed>,
    /// The level changes of the placements so far, oldest first: taking
    /// a placement back restores them instead of reading the patterns
    /// again (which cost half the search's time). Room for the most a
    /// full board can need.
    journal: Roomy<LevelChange>,
    /// Per colour: the empty cells where it makes a four or more in some
    /// direction, in board order (few, and the searches ask for them at
    /// every node: a scan of the board cost them more).
    fours: [Roomy<u16>; 2],
    /// Per padded cell and colour: its directions at a four or more.
    four_directions: Vec<[u8; 2]>,
    winner: Option<Stone>,
    /// `[colour][level]`: how many (empty cell, direction) entries have it.
    counts: [[u32; 8]; 2],
    /// `[colour]`: weighted sum of the entries, for the evaluation.
    sums: [i32; 2],
    /// False when `k` exceeds both sides: nobody can ever win.
    winnable: bool,
    line: Vec<[u8; 2]>,
    /// Per padded cell of the board, per direction: its line (an index
    /// into `lines`) and its bit in that line's masks; only when the
    /// pattern table exists.
    line_of: Vec<[(u16, u8); 4]>,
    /// Per line (every row, column and diagonal): the masks of black
    /// stones, white stones and cells of neither (blocked cells and the
    /// `k` wall cells beyond each end), bit `k + i` for the line's `i`-th
    /// cell. A cell's neighbourhood number is read from them.
    lines: Vec<[u64; 3]>,
    /// For a `k`-bit mask of the `k` cells left of a cell (nearest
    /// highest), their neighbourhood digits' weights summed (a 1 digit
    /// where the mask has a bit); `right_part` the same for the `k` cells
    /// to the right (nearest lowest).
    left_part: Vec<u32>,
    right_part: Vec<u32>,
    /// Per colour: the digit of a cell of neither player in its numbers.
    edge_digits: [u32; 2],
    /// The learned evaluation's weights, once [`Board::use_learned`] or
    /// [`Board::use_weights`] chose them (all zero before).
    weights: &'static EvalWeights,
    /// True when the board keeps the learned evaluation's sums: only
    /// then does a move pay for them.
    learned: bool,
    /// `[colour][role]`: the colour's empty cells weighted as the side to
    /// move's (role 0) and as the waiting side's (role 1).
    learned_sums: [[i32; 2]; 2],
    /// The placements from this one on recorded the learned sums before
    /// them (those earlier were made before the sums were counted).
    learned_since: usize,
    /// `[colour][shape]`: the on-board cells of each shape for the colour
    /// (kept with the learned sums, for the threat table).
    shape_counts: [[u16; SHAPES]; 2],
}

/// The most level changes one placement can make on a `width` x
/// `height` board where `k` in a row wins: its own cell's eight, and
/// both colours' level along each line of the empty cells within `k` of
/// it.
fn journal_room(width: usize, height: usize, k: usize) -> usize {
    let reach = k.min(width.max(height));
    8 + 4 * 2 * reach * 2
}

/// The padded cell `distance` steps of `step` from `cell`, forward or
/// back (the padding keeps it inside the grid within `k`).
#[inline(always)]
fn along(cell: usize, step: usize, distance: usize, forward: bool) -> usize {
    if forward {
        cell + distance * step
    } else {
        cell - distance * step
    }
}

/// The weights of a board without learned ones: all zero.
fn no_weights() -> &'static EvalWeights {
    static ZEROS: std::sync::OnceLock<EvalWeights> = std::sync::OnceLock::new();
    ZEROS.get_or_init(|| EvalWeights::zeros(Rule::Freestyle))
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Board {
    /// An empty `width` x `height` board where `k` in a row wins under `rule`.
    pub fn new(width: usize, height: usize, k: usize, rule: Rule) -> Result<Board, GomokuError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(GomokuError::BadSize { width, height });
        }
        if k == 0 {
            return Err(GomokuError::BadK);
        }
        if rule == Rule::Renju && k != 5 {
            return Err(GomokuError::RenjuNeedsFive(k));
        }
        let winnable = k <= width.max(height);
        let pad = if winnable { k.max(2) } else { 2 };
        let stride = width + 2 * pad;
        let rows = height + 2 * pad;
        let size = stride * rows;
        let mut cells = vec![WALL; size];
        let mut on_board = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let index = (y + pad) * stride + x + pad;
                cells[index] = FREE;
                on_board.push(index as u16);
            }
        }
        let mut seed = 0x005E_ED0F_601D_u64;
        let zobrist = (0..size)
            .map(|_| {
                [
                    splitmix(&mut seed),
                    splitmix(&mut seed),
                    splitmix(&mut seed),
                ]
            })
            .collect();
        let line_rules = [rule.line_rule(Stone::Black), rule.line_rule(Stone::White)];
        let table_k = if winnable { k } else { 0 };
        let tables = line_rules.map(|line_rule| PatternTable::shared(table_k, line_rule));
        let mut board = Board {
            width,
            height,
            k,
            rule,
            pad,
            stride,
            steps: [1, stride, stride + 1, stride - 1],
            cells,
            levels: vec![[[0; 4]; 2]; size],
            near: vec![0; size],
            on_board,
            tables,
            line_rules,
            zobrist,
            hash: 0,
            history: Roomy(Vec::with_capacity(width * height)),
            journal: Roomy(Vec::with_capacity(
                width * height * journal_room(width, height, k),
            )),
            fours: [
                Roomy(Vec::with_capacity(width * height)),
                Roomy(Vec::with_capacity(width * height)),
            ],
            four_directions: vec![[0; 2]; size],
            winner: None,
            counts: [[0; 8]; 2],
            sums: [0; 2],
            winnable,
            line: vec![[EMPTY; 2]; 2 * k.min(MAX_SIDE) + 1],
            line_of: Vec::new(),
            lines: Vec::new(),
            left_part: Vec::new(),
            right_part: Vec::new(),
            edge_digits: line_rules.map(|r| u32::from(r.edge_digit())),
            weights: no_weights(),
            learned: false,
            learned_sums: [[0; 2]; 2],
            learned_since: 0,
            shape_counts: [[0; SHAPES]; 2],
        };
        if board.tables[0].has_table() && board.tables[1].has_table() {
            board.make_lines();
        }
        board.counts = [[(4 * width * height) as u32, 0, 0, 0, 0, 0, 0, 0]; 2];
        if winnable {
            for i in 0..board.on_board.len() {
                let cell = usize::from(board.on_board[i]);
                for dir in 0..4 {
                    board.refresh::<false>(cell, dir);
                }
            }
            // The starting levels are no placement's to take back.
            board.journal.clear();
        }
        Ok(board)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Stones in a row that win.
    pub fn k(&self) -> usize {
        self.k
    }

    /// What makes a win.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The first player to have made a winning line, if any.
    pub fn winner(&self) -> Option<Stone> {
        self.winner
    }

    /// Stones and blocked cells placed so far.
    pub fn placed(&self) -> usize {
        self.history.len()
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.history.len() == self.width * self.height
    }

    /// Zobrist hash of the contents (not of the side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The cells played so far, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|p| self.to_move(p.cell))
    }

    /// The cell placed last, if any.
    pub fn last_placed(&self) -> Option<Move> {
        self.history.last().map(|p| self.to_move(p.cell))
    }

    /// The stone on `mv`, if any (off the board or blocked: none).
    pub fn stone(&self, mv: Move) -> Option<Stone> {
        let cell = self.index(mv).ok()?;
        match self.cells[cell] {
            1 => Some(Stone::Black),
            2 => Some(Stone::White),
            _ => None,
        }
    }

    /// True when `mv` is on the board and empty.
    pub fn is_empty(&self, mv: Move) -> bool {
        self.index(mv).is_ok_and(|cell| self.cells[cell] == FREE)
    }

    /// Places `stone` on `mv`, checked.
    pub fn play(&mut self, mv: Move, stone: Stone) -> Result<(), GomokuError> {
        let cell = self.free_index(mv)?;
        self.put(cell, stone.index() as u8 + 1);
        Ok(())
    }

    /// Marks `mv` as taken by neither player (a Gomocup "3" field).
    pub fn block(&mut self, mv: Move) -> Result<(), GomokuError> {
        let cell = self.free_index(mv)?;
        self.put(cell, WALL);
        Ok(())
    }

    /// Takes back the last placement.
    pub fn undo(&mut self) -> Result<Move, GomokuError> {
        let cell = self.history.last().ok_or(GomokuError::NothingToUndo)?.cell;
        self.take_back();
        Ok(self.to_move(cell))
    }

    /// What a stone of `stone` on the empty cell `mv` would make along
    /// direction `dir` (0 horizontal, 1 vertical, 2 and 3 the diagonals).
    pub fn level(&self, mv: Move, stone: Stone, dir: usize) -> Level {
        match self.index(mv) {
            Ok(cell) if dir < 4 => Level::from_u8(self.levels[cell][stone.index()][dir]),
            _ => Level::None,
        }
    }

    /// The cells a stone of `stone` would win on at once.
    pub fn winning_cells(&self, stone: Stone) -> Vec<Move> {
        self.cells_at_least(stone, Level::Five)
            .map(|cell| self.to_move(cell))
            .collect()
    }

    /// True when a stone of `stone` on the empty cell `mv` would win at once.
    pub(crate) fn wins_on(&self, mv: Move, stone: Stone) -> bool {
        self.index(mv).is_ok_and(|cell| {
            self.cells[cell] == FREE && self.best_level(cell, stone) >= Level::Five as u8
        })
    }

    /// True when `stone` may play `mv`: on the board, empty, and under
    /// renju not a forbidden point of black.
    pub fn is_legal(&self, mv: Move, stone: Stone) -> bool {
        self.check_move(mv, stone).is_ok()
    }

    /// The empty cells `stone` may play, row by row.
    pub fn legal_cells(&self, stone: Stone) -> impl Iterator<Item = Move> + '_ {
        self.on_board
            .iter()
            .map(|&c| usize::from(c))
            .filter(move |&c| self.cells[c] == FREE && !self.forbidden(c, stone))
            .map(|c| self.to_move(c))
    }

    // ---- crate-internal fast interface on padded indices ----

    pub(crate) fn index(&self, mv: Move) -> Result<usize, GomokuError> {
        let (x, y) = (usize::from(mv.x), usize::from(mv.y));
        if x >= self.width || y >= self.height {
            return Err(GomokuError::OffBoard {
                x,
                y,
                width: self.width,
                height: self.height,
            });
        }
        Ok((y + self.pad) * self.stride + x + self.pad)
    }

    pub(crate) fn free_index(&self, mv: Move) -> Result<usize, GomokuError> {
        let cell = self.index(mv)?;
        if self.cells[cell] != FREE {
            return Err(GomokuError::Occupied(mv));
        }
        Ok(cell)
    }

    /// The padded cell of the stone placed `back` moves before the last
    /// (0 the last), if any.
    pub(crate) fn recent_cell(&self, back: usize) -> Option<usize> {
        self.history.iter().rev().nth(back).map(|p| p.cell)
    }

    /// True when the padded cells `a` and `b` lie on one line (a row, a
    /// column or a diagonal) at most `k - 1` cells apart: close enough
    /// for one five to hold both.
    pub(crate) fn in_reach(&self, a: usize, b: usize) -> bool {
        let (ax, ay) = (a % self.stride, a / self.stride);
        let (bx, by) = (b % self.stride, b / self.stride);
        let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
        (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) < self.k
    }

    /// Padded cells a row.
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    pub(crate) fn to_move(&self, cell: usize) -> Move {
        let y = cell / self.stride - self.pad;
        let x = cell % self.stride - self.pad;
        Move::new(x, y)
    }

    /// The padded-index step along direction `dir`.
    pub(crate) fn step(&self, dir: usize) -> usize {
        self.steps[dir]
    }

    /// What the padded `cell` holds: `FREE`, 1 black, 2 white, `WALL`.
    pub(crate) fn content(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Black's line levels at `cell`, one per direction.
    pub(crate) fn black_levels(&self, cell: usize) -> [u8; 4] {
        self.levels[cell][0]
    }

    /// Black stones next to `cell` along `dir`, on both sides together.
    pub(crate) fn black_neighbours(&self, cell: usize, dir: usize) -> usize {
        let step = self.steps[dir];
        let mut count = 0;
        let mut other = cell + step;
        while self.cells[other] == 1 {
            count += 1;
            other += step;
        }
        let mut other = cell - step;
        while self.cells[other] == 1 {
            count += 1;
            other -= step;
        }
        count
    }

    /// Unchecked placement of a stone on an empty on-board `cell`.
    pub(crate) fn put_stone(&mut self, cell: usize, stone: Stone) {
        self.put(cell, stone.index() as u8 + 1);
    }

    /// Takes back the last placement (there is one).
    pub(crate) fn take_back(&mut self) {
        let Some(placed) = self.history.pop() else {
            return;
        };
        let cell = placed.cell;
        self.cells[cell] = FREE;
        self.hash ^= self.zobrist[cell][usize::from(placed.what - 1)];
        self.winner = placed.winner_before;
        self.adjust_near(cell, false);
        if self.winnable {
            self.flip_in_lines(cell, placed.what);
            self.restore_levels(placed.journal_start);
            if self.history.len() >= self.learned_since {
                self.learned_sums = placed.learned_before;
                self.shape_counts = placed.shapes_before;
            } else if self.learned {
                // Placed before the sums were first counted.
                self.recount_learned();
            }
        }
    }

    /// Puts back the levels the journal recorded from `start` on, newest
    /// first, and forgets them.
    fn restore_levels(&mut self, start: usize) {
        while self.journal.len() > start {
            let Some(change) = self.journal.pop() else {
                return;
            };
            let cell = usize::from(change.cell);
            let (colour, dir) = (usize::from(change.slot >> 2), usize::from(change.slot & 3));
            let now = self.levels[cell][colour][dir];
            self.levels[cell][colour][dir] = change.old;
            self.count_change(cell, colour, now, change.old);
        }
    }

    /// The levels after `cell` was filled.
    fn relevel_filled<const LEARNED: bool>(&mut self, cell: usize) {
        for dir in 0..4 {
            self.set_level::<LEARNED>(cell, 0, dir, 0);
            self.set_level::<LEARNED>(cell, 1, dir, 0);
            self.refresh_line::<LEARNED>(cell, dir);
        }
    }

    fn put(&mut self, cell: usize, what: u8) {
        let winner_before = self.winner;
        if what != WALL && self.winner.is_none() {
            let colour = usize::from(what - 1);
            if self.levels[cell][colour].contains(&(Level::Five as u8)) {
                self.winner = Some(if colour == 0 {
                    Stone::Black
                } else {
                    Stone::White
                });
            }
        }
        self.history.push(Placed {
            cell,
            what,
            winner_before,
            journal_start: self.journal.len(),
            learned_before: self.learned_sums,
            shapes_before: self.shape_counts,
        });
        self.cells[cell] = what;
        self.hash ^= self.zobrist[cell][usize::from(what - 1)];
        self.adjust_near(cell, true);
        if self.winnable {
            self.flip_in_lines(cell, what);
            if self.learned {
                self.relevel_filled::<true>(cell);
            } else {
                self.relevel_filled::<false>(cell);
            }
        }
    }

    /// Sets up the line masks and the digit tables (see `lines`).
    fn make_lines(&mut self) {
        let k = self.k;
        let base = self.line_rules[0].base() as u32;
        // Every k-bit mask's digits summed, bit `j` weighing `weight(j)`.
        let table = |weight: &dyn Fn(usize) -> u32| -> Vec<u32> {
            (0..1usize << k)
                .map(|bits| (0..k).filter(|j| bits >> j & 1 == 1).map(weight).sum())
                .collect()
        };
        self.right_part = table(&|j| base.pow((k + j) as u32));
        self.left_part = table(&|j| base.pow((k - 1 - j) as u32));
        self.line_of = vec![[(0, 0); 4]; self.cells.len()];
        for dir in 0..4 {
            let step = self.steps[dir];
            for i in 0..self.on_board.len() {
                let start = usize::from(self.on_board[i]);
                if self.cells[start - step] != WALL {
                    continue;
                }
                // `start` begins a line: number its cells.
                let line = self.lines.len();
                let mut length = 0;
                while self.cells[start + length * step] != WALL {
                    self.line_of[start + length * step][dir] = (line as u16, (k + length) as u8);
                    length += 1;
                }
                let walls = ((1u64 << k) - 1) | ((1u64 << k) - 1) << (k + length);
                self.lines.push([0, 0, walls]);
            }
        }
    }

    /// Puts `what` (1 black, 2 white, `WALL` a blocked cell) on `cell`
    /// in its four lines' masks, or takes it out: the same flip.
    fn flip_in_lines(&mut self, cell: usize, what: u8) {
        if self.lines.is_empty() {
            return;
        }
        let kind = usize::from(what - 1);
        for dir in 0..4 {
            let (line, bit) = self.line_of[cell][dir];
            self.lines[usize::from(line)][kind] ^= 1 << bit;
        }
    }

    fn adjust_near(&mut self, cell: usize, add: bool) {
        for dy in 0..5 {
            let row = cell + dy * self.stride - 2 * self.stride;
            for index in row - 2..=row + 2 {
                if add {
                    self.near[index] += 1;
                } else {
                    self.near[index] -= 1;
                }
            }
        }
    }

    /// Refreshes the level along `dir` of the empty cells within `k` of `cell`.
    fn refresh_line<const LEARNED: bool>(&mut self, cell: usize, dir: usize) {
        // The cells within `k` of `cell` on its line, each side up to the
        // board's edge or a blocked cell, walked by hand: this loop is the
        // hottest of the search, and collecting the cells first cost it a
        // fifth.
        let step = self.steps[dir];
        if self.lines.is_empty() {
            for sign in [false, true] {
                for distance in 1..=self.k {
                    let other = along(cell, step, distance, sign);
                    match self.cells[other] {
                        WALL => break,
                        FREE => self.refresh::<LEARNED>(other, dir),
                        _ => {}
                    }
                }
            }
            return;
        }
        // With the pattern tables every cell of the walk is on the line
        // of `cell`: its masks are read once.
        let (line, bit) = self.line_of[cell][dir];
        let masks = self.lines[usize::from(line)];
        let bit = u32::from(bit);
        for sign in [false, true] {
            for distance in 1..=self.k {
                let other = along(cell, step, distance, sign);
                let other_bit = if sign {
                    bit + distance as u32
                } else {
                    bit - distance as u32
                };
                match self.cells[other] {
                    WALL => break,
                    FREE => {
                        let levels = self.levels_in_line(masks, other_bit);
                        self.set_level::<LEARNED>(other, 0, dir, levels[0]);
                        self.set_level::<LEARNED>(other, 1, dir, levels[1]);
                    }
                    _ => {}
                }
            }
        }
    }

    /// Recomputes both colours' level of the empty `cell` along `dir`.
    fn refresh<const LEARNED: bool>(&mut self, cell: usize, dir: usize) {
        if self.cells[cell] != FREE {
            return;
        }
        let levels = if self.lines.is_empty() {
            let mut levels = [0u8; 2];
            self.spell(cell, dir);
            for (colour, level) in levels.iter_mut().enumerate() {
                let mut line: Vec<u8> = self.line.iter().map(|d| d[colour]).collect();
                *level = self.tables[colour].level(0, &mut line) as u8;
            }
            levels
        } else {
            let (line, bit) = self.line_of[cell][dir];
            self.levels_in_line(self.lines[usize::from(line)], u32::from(bit))
        };
        self.set_level::<LEARNED>(cell, 0, dir, levels[0]);
        self.set_level::<LEARNED>(cell, 1, dir, levels[1]);
    }

    /// Both colours' levels of the cell at `bit` of a line whose masks
    /// are `masks` (see `lines`), by the pattern tables.
    #[inline(always)]
    fn levels_in_line(&self, masks: [u64; 3], bit: u32) -> [u8; 2] {
        let k = self.k as u32;
        let (low, high) = (bit - k, bit + 1);
        let mask = (1u64 << k) - 1;
        // Each mask's cells as numbers with a 1 digit for each.
        let number = |m: u64| {
            self.left_part[(m >> low & mask) as usize]
                + self.right_part[(m >> high & mask) as usize]
        };
        let (black, white, neither) = (number(masks[0]), number(masks[1]), number(masks[2]));
        [
            self.tables[0].level(
                (black + 2 * white + self.edge_digits[0] * neither) as usize,
                &mut [],
            ) as u8,
            self.tables[1].level(
                (white + 2 * black + self.edge_digits[1] * neither) as usize,
                &mut [],
            ) as u8,
        ]
    }

    /// The neighbourhood digit of what a cell holds (`FREE`, 1 black, 2
    /// white, `WALL`), for black and for white.
    fn digits(&self, what: u8) -> [u8; 2] {
        match what {
            FREE => [EMPTY, EMPTY],
            1 => [OWN, BLOCKED],
            2 => [BLOCKED, OWN],
            _ => [
                self.line_rules[0].edge_digit(),
                self.line_rules[1].edge_digit(),
            ],
        }
    }

    /// Reads the neighbourhood of `cell` along `dir` into `self.line` and
    /// returns its base-3 (base-4) numbers for both colours (meaningful
    /// only when they fit, that is with a table).
    fn spell(&mut self, cell: usize, dir: usize) -> [u64; 2] {
        let k = self.k;
        let step = self.steps[dir];
        let base = self.line_rules[0].base() as u64;
        let mut index = [0u64; 2];
        let mut power = 1u64;
        for offset in 0..2 * k {
            let other = if offset < k {
                cell - (offset + 1) * step
            } else {
                cell + (offset - k + 1) * step
            };
            let digits = self.digits(self.cells[other]);
            self.line[self.tables[0].digit_position(offset)] = digits;
            index[0] = index[0].wrapping_add(u64::from(digits[0]).wrapping_mul(power));
            index[1] = index[1].wrapping_add(u64::from(digits[1]).wrapping_mul(power));
            power = power.wrapping_mul(base);
        }
        index
    }

    /// Sets one level; `LEARNED` when the board keeps the learned sums.
    #[inline(always)]
    fn set_level<const LEARNED: bool>(
        &mut self,
        cell: usize,
        colour: usize,
        dir: usize,
        level: u8,
    ) {
        let old = self.levels[cell][colour][dir];
        if old != level {
            if LEARNED {
                // The cell's worth before and after, from its levels: a
                // take-back restores the sums whole, so nothing per cell
                // needs keeping.
                let before_index = levels_index(self.levels[cell][colour]);
                self.levels[cell][colour][dir] = level;
                let after_index = levels_index(self.levels[cell][colour]);
                let (before, after) = (
                    self.weights.of_index(before_index),
                    self.weights.of_index(after_index),
                );
                let sums = &mut self.learned_sums[colour];
                sums[0] += i32::from(after[0]) - i32::from(before[0]);
                sums[1] += i32::from(after[1]) - i32::from(before[1]);
                let shapes = &mut self.shape_counts[colour];
                shapes[usize::from(shape_code(before_index))] -= 1;
                shapes[usize::from(shape_code(after_index))] += 1;
            } else {
                self.levels[cell][colour][dir] = level;
            }
            self.journal.push(LevelChange {
                cell: cell as u16,
                slot: (colour * 4 + dir) as u8,
                old,
            });
            self.count_change(cell, colour, old, level);
        }
    }

    /// The running counts and sums after a level of `colour` on `cell`
    /// went from `old` to `new` (the levels already say `new`). Always
    /// inlined into the level updates, the search's hottest code (about
    /// 6% faster to the same depth than a call), while the rare crossing
    /// of the four threshold stays a call.
    #[inline(always)]
    fn count_change(&mut self, cell: usize, colour: usize, old: u8, new: u8) {
        self.counts[colour][usize::from(old)] -= 1;
        self.counts[colour][usize::from(new)] += 1;
        self.sums[colour] += LEVEL_WEIGHT[usize::from(new)] - LEVEL_WEIGHT[usize::from(old)];
        let four = Level::Four as u8;
        if (old >= four) != (new >= four) {
            self.four_change(cell, colour, new >= four);
        }
    }

    /// Keeps `fours` after one of the directions of `cell` reached a four
    /// or more for `colour` (`gained`) or fell below.
    #[inline(never)]
    fn four_change(&mut self, cell: usize, colour: usize, gained: bool) {
        let directions = &mut self.four_directions[cell][colour];
        let list = &mut self.fours[colour];
        let cell = cell as u16;
        if gained {
            *directions += 1;
            if *directions == 1 {
                let at = list.partition_point(|&c| c < cell);
                list.insert(at, cell);
            }
        } else {
            *directions -= 1;
            if *directions == 0 {
                if let Ok(at) = list.binary_search(&cell) {
                    list.remove(at);
                }
            }
        }
    }

    /// The shape a stone of `stone` would make on the empty `cell`.
    pub(crate) fn shape_at(&self, cell: usize, stone: Stone) -> Shape {
        Shape::of(self.levels[cell][stone.index()])
    }

    /// (cell, direction) entries of `stone` at `level`.
    pub(crate) fn count(&self, stone: Stone, level: Level) -> u32 {
        self.counts[stone.index()][level as usize]
    }

    /// True when `stone` has an entry at `level` or above.
    pub(crate) fn has_at_least(&self, stone: Stone, level: Level) -> bool {
        self.counts[stone.index()][level as usize..]
            .iter()
            .any(|&c| c > 0)
    }

    /// The learned evaluation for `side` to move, in thousandths of a
    /// logit of his chance to win, or `None` when the board keeps no
    /// learned sums (see [`Board::use_learned`]).
    pub fn learned_value(&self, side: Stone) -> Option<i32> {
        self.learned.then(|| self.learned_unchecked(side))
    }

    /// [`Board::learned_value`] without the check (0 without weights).
    #[inline]
    pub(crate) fn learned_unchecked(&self, side: Stone) -> i32 {
        let (me, other) = (side.index(), side.opponent().index());
        self.learned_sums[me][0]
            + self.learned_sums[other][1]
            + self.weights.bias(side)
            + self
                .weights
                .threat(self.best_shape(me), self.best_shape(other))
    }

    /// The strongest shape code among `colour`'s cells (kept with the
    /// learned sums).
    #[inline]
    fn best_shape(&self, colour: usize) -> u8 {
        self.shape_counts[colour]
            .iter()
            .rposition(|&n| n > 0)
            .unwrap_or(0) as u8
    }

    /// Keeps the sums of the shipped learned weights of the board's rule
    /// from now on (copies of the board too), when the rule and `k` have
    /// them (freestyle and exact, k = 5): true if so. A board keeps none
    /// unless asked, so that a search judging by the hand-made evaluation
    /// does not pay for them.
    pub fn use_learned(&mut self) -> bool {
        if self.learned {
            return true;
        }
        match EvalWeights::shipped(self.rule) {
            Some(weights) if self.k == 5 => {
                self.use_weights(weights);
                true
            }
            _ => false,
        }
    }

    /// Judges the board by `weights` from now on (a training tool's
    /// candidate weights; a board starts with the shipped ones of its rule
    /// and `k`), whatever its rule. Copies of the board keep them.
    pub fn use_weights(&mut self, weights: &'static EvalWeights) {
        self.weights = weights;
        self.learned = true;
        self.recount_learned();
    }

    /// The learned sums counted afresh from the levels, which the
    /// placements from now on can restore.
    fn recount_learned(&mut self) {
        let weights = self.weights;
        self.learned_since = self.history.len();
        self.learned_sums = [[0; 2]; 2];
        self.shape_counts = [[0; SHAPES]; 2];
        for i in 0..self.on_board.len() {
            let cell = usize::from(self.on_board[i]);
            for colour in 0..2 {
                let index = levels_index(self.levels[cell][colour]);
                let value = weights.of_index(index);
                self.learned_sums[colour][0] += i32::from(value[0]);
                self.learned_sums[colour][1] += i32::from(value[1]);
                self.shape_counts[colour][usize::from(shape_code(index))] += 1;
            }
        }
    }

    /// True when the board has learned weights for its rule and `k`.
    pub(crate) fn has_learned(&self) -> bool {
        self.learned
    }

    /// The empty on-board cells as padded indices.
    pub(crate) fn empty_slots(&self) -> impl Iterator<Item = usize> + '_ {
        self.on_board
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| self.cells[c] == FREE)
    }

    /// Weighted sum of `stone`'s entries.
    pub(crate) fn sum(&self, stone: Stone) -> i32 {
        self.sums[stone.index()]
    }

    /// The four levels of `stone` on `cell`.
    pub(crate) fn levels_at(&self, cell: usize, stone: Stone) -> [u8; 4] {
        self.levels[cell][stone.index()]
    }

    /// Best level of `stone` on `cell` over the four directions.
    pub(crate) fn best_level(&self, cell: usize, stone: Stone) -> u8 {
        let l = self.levels[cell][stone.index()];
        l[0].max(l[1]).max(l[2]).max(l[3])
    }

    /// The first two empty cells (in board order) where `stone` makes
    /// five, when every such cell lies on a line through `cell`, within `k`
    /// of it: true after `stone` was placed on `cell` by a side that had no
    /// five to make before (a five needs the new stone then). Reads the
    /// `8k` cells around `cell` instead of the whole board.
    pub(crate) fn fives_through(
        &self,
        cell: usize,
        stone: Stone,
    ) -> (Option<usize>, Option<usize>) {
        if !self.has_at_least(stone, Level::Five) {
            return (None, None);
        }
        // The two smallest, as a scan in board order would give (lines
        // through one cell share no other cell: no cell comes twice). The
        // walk of `refresh_line`, by hand too: the threat searches ask
        // after every attacking stone.
        let (mut first, mut second) = (None, None);
        let five = Level::Five as u8;
        for &step in &self.steps {
            for forward in [false, true] {
                for distance in 1..=self.k {
                    let other = along(cell, step, distance, forward);
                    match self.cells[other] {
                        WALL => break,
                        FREE if self.best_level(other, stone) >= five => {
                            if first.is_none_or(|f| other < f) {
                                (first, second) = (Some(other), first);
                            } else if second.is_none_or(|s| other < s) {
                                second = Some(other);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        debug_assert_eq!(
            (first, second),
            self.first_two_fives(stone),
            "a five away from the lines through the last stone"
        );
        (first, second)
    }

    /// The first two empty cells (in board order) where `stone` makes
    /// five, by a scan of the whole board.
    pub(crate) fn first_two_fives(&self, stone: Stone) -> (Option<usize>, Option<usize>) {
        let mut fives = self.cells_at_least(stone, Level::Five);
        (fives.next(), fives.next())
    }

    /// Empty cells where `stone` reaches `level` or more in some direction.
    pub(crate) fn cells_at_least(
        &self,
        stone: Stone,
        level: Level,
    ) -> impl Iterator<Item = usize> + '_ {
        let wanted = level as u8;
        // The running counts tell at once when there is none, which is
        // the common case of the searches' questions (a five to block?);
        // fours and more are listed.
        let cells: &[u16] = if !self.has_at_least(stone, level) {
            &[]
        } else if level >= Level::Four {
            &self.fours[stone.index()]
        } else {
            &self.on_board
        };
        cells
            .iter()
            .map(|&c| usize::from(c))
            .filter(move |&c| self.cells[c] == FREE && self.best_level(c, stone) >= wanted)
    }

    /// Empty cells within two of a stone; the centre on an empty board.
    pub(crate) fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.on_board
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| self.cells[c] == FREE && self.near[c] > 0),
        );
        if out.is_empty() {
            let centre = Move::new(self.width / 2, self.height / 2);
            if let Ok(cell) = self.index(centre) {
                if self.cells[cell] == FREE {
                    out.push(cell);
                }
            }
            if out.is_empty() {
                out.extend(
                    self.on_board
                        .iter()
                        .map(|&c| usize::from(c))
                        .filter(|&c| self.cells[c] == FREE),
                );
            }
        }
    }

    /// [`Board::candidates`] that `stone` may play; when every one of them
    /// is forbidden, every cell it may play.
    pub(crate) fn legal_candidates(&self, stone: Stone, out: &mut Vec<usize>) {
        self.candidates(out);
        if self.rule == Rule::Renju && stone == Stone::Black {
            out.retain(|&c| !self.forbidden(c, stone));
            if out.is_empty() {
                out.extend(
                    self.on_board
                        .iter()
                        .map(|&c| usize::from(c))
                        .filter(|&c| self.cells[c] == FREE && !self.forbidden(c, stone)),
                );
            }
        }
    }

    /// True when `stone` can make `level` (or more) somewhere it may play:
    /// [`Board::has_at_least`], less black's forbidden points under renju.
    pub(crate) fn threatens(&self, stone: Stone, level: Level) -> bool {
        self.has_at_least(stone, level)
            && (self.rule != Rule::Renju
                || stone == Stone::White
                || self
                    .cells_at_least(stone, level)
                    .any(|c| !self.forbidden(c, stone)))
    }

    /// True when `cell` is empty (and on the board).
    pub(crate) fn is_free(&self, cell: usize) -> bool {
        self.cells[cell] == FREE
    }

    /// The empty on-board cells, row by row.
    pub fn empty_cells(&self) -> impl Iterator<Item = Move> + '_ {
        self.on_board
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| self.cells[c] == FREE)
            .map(|c| self.to_move(c))
    }

    /// The hash computed from the history, to check the running one.
    pub fn recompute_hash(&self) -> u64 {
        self.history
            .iter()
            .fold(0, |h, p| h ^ self.zobrist[p.cell][usize::from(p.what - 1)])
    }

    /// Which players have a winning line on the board, found by scanning
    /// every maximal run (`[black, white]`) and judging it by
    /// [`Rule::run_wins`]: `k` or more in a row under [`Rule::Freestyle`],
    /// exactly `k` under [`Rule::Exact`] (and for black under renju),
    /// under caro not exactly `k` between two opponent stones.
    pub fn scan_lines(&self) -> [bool; 2] {
        let mut owners = [false; 2];
        let (w, h) = (self.width as i64, self.height as i64);
        let at = |x: i64, y: i64| -> Option<Stone> {
            if x < 0 || y < 0 || x >= w || y >= h {
                None
            } else {
                self.stone(Move::new(x as usize, y as usize))
            }
        };
        for y in 0..h {
            for x in 0..w {
                let Some(stone) = at(x, y) else { continue };
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if at(x - dx, y - dy) == Some(stone) {
                        continue;
                    }
                    let mut run = 0;
                    while at(x + run * dx, y + run * dy) == Some(stone) {
                        run += 1;
                    }
                    let opponent = Some(stone.opponent());
                    let ends = [
                        at(x - dx, y - dy) == opponent,
                        at(x + run * dx, y + run * dy) == opponent,
                    ];
                    if self.rule.run_wins(stone, run as usize, self.k, ends) {
                        owners[stone.index()] = true;
                    }
                }
            }
        }
        owners
    }

    /// The longest run of `stone` on the board, along any line.
    pub fn longest_run(&self, stone: Stone) -> usize {
        let what = stone.index() as u8 + 1;
        let mut longest = 0;
        for &cell in &self.on_board {
            let cell = usize::from(cell);
            if self.cells[cell] != what {
                continue;
            }
            for &step in &self.steps {
                // Count from the first stone of each run only.
                if self.cells[cell - step] == what {
                    continue;
                }
                let mut run = 0;
                while self.cells[cell + run * step] == what {
                    run += 1;
                }
                longest = longest.max(run);
            }
        }
        longest
    }

    /// Sets the winner from a scan of the board (see [`Board::scan_lines`]):
    /// for positions set up stone by stone, where the order of placement
    /// is not the order of a game. Black when both have a line.
    pub fn rescan_winner(&mut self) {
        let [black, white] = self.scan_lines();
        self.winner = if black {
            Some(Stone::Black)
        } else if white {
            Some(Stone::White)
        } else {
            None
        };
    }

    /// Number of (padded) cells: an upper bound for cell indices.
    pub(crate) fn cell_slots(&self) -> usize {
        self.cells.len()
    }

    /// Recomputes every level from scratch and compares (tests).
    #[doc(hidden)]
    pub fn check_consistency(&self) -> bool {
        let mut fresh = Board::new(self.width, self.height, self.k, self.rule)
            .expect("this board's size was accepted");
        if self.learned {
            fresh.use_weights(self.weights);
        }
        for placed in self.history.iter() {
            fresh.put(placed.cell, placed.what);
        }
        fresh.levels == self.levels
            && fresh.lines == self.lines
            && (0..2).all(|c| *fresh.fours[c] == *self.fours[c])
            && fresh.four_directions == self.four_directions
            && fresh.counts == self.counts
            && fresh.sums == self.sums
            && fresh.learned_sums == self.learned_sums
            && (!self.learned || fresh.shape_counts == self.shape_counts)
            && fresh.hash == self.hash
            && fresh.near == self.near
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// `in_reach` against walking the eight directions from one cell, on
    /// boards of several sizes and k (every pair of cells).
    #[test]
    fn in_reach_is_a_walk_along_the_lines() {
        for (width, height, k) in [(15, 15, 5), (9, 7, 4), (6, 6, 6)] {
            let board = Board::new(width, height, k, Rule::Freestyle).expect("a fine board");
            let all: Vec<Move> = (0..height)
                .flat_map(|y| (0..width).map(move |x| Move::new(x, y)))
                .collect();
            for &a in &all {
                let mut reached = std::collections::HashSet::from([a]);
                for (sx, sy) in [
                    (1, 0),
                    (0, 1),
                    (1, 1),
                    (1, -1),
                    (-1, 0),
                    (0, -1),
                    (-1, -1),
                    (-1, 1),
                ] {
                    for d in 1..k as i64 {
                        let (x, y) = (a.x as i64 + sx * d, a.y as i64 + sy * d);
                        if (0..width as i64).contains(&x) && (0..height as i64).contains(&y) {
                            reached.insert(Move::new(x as usize, y as usize));
                        }
                    }
                }
                let ca = board.index(a).expect("on the board");
                for &b in &all {
                    let cb = board.index(b).expect("on the board");
                    assert_eq!(
                        board.in_reach(ca, cb),
                        reached.contains(&b),
                        "{a:?} {b:?} k {k}"
                    );
                }
            }
        }
    }

    /// `fives_through` against the scan of the whole board after every
    /// move of random games under every rule, each move made by a side
    /// with no five to make (the condition it is used under).
    #[test]
    fn fives_through_the_last_stone_are_all_the_fives() {
        let mut rng = StdRng::seed_from_u64(7);
        let rules = [Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro];
        let (mut checked, mut with_fives, mut with_two) = (0, 0, 0);
        for game in 0..400 {
            let mut board = Board::new(9, 9, 5, rules[game % 4]).expect("9 x 9 is fine");
            let mut stone = Stone::Black;
            while board.winner().is_none() && !board.has_at_least(stone, Level::Five) {
                let free: Vec<usize> = board
                    .on_board
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| board.is_free(c))
                    .collect();
                if free.is_empty() {
                    break;
                }
                let cell = free[rng.gen_range(0..free.len())];
                board.put_stone(cell, stone);
                let scan = board.first_two_fives(stone);
                assert_eq!(board.fives_through(cell, stone), scan, "game {game}");
                checked += 1;
                with_fives += usize::from(scan.0.is_some());
                with_two += usize::from(scan.1.is_some());
                stone = stone.opponent();
            }
        }
        assert!(
            checked > 2000 && with_fives > 100 && with_two > 20,
            "too few cases: {checked} moves, {with_fives} with a five, {with_two} with two"
        );
    }
}
