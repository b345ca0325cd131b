//! Renju's forbidden points: where black (the first player) may not play.
//!
//! The rules of the Renju International Federation, for five in a row:
//! - a move that makes exactly five wins, whatever else it makes;
//! - otherwise black may not make an **overline** (six or more in a row),
//!   a **double four** (two fours at once, also two on one line, as
//!   `x.xxx.x` filled in the middle), or a **double three** (two threes at
//!   once);
//! - a *four* is four stones in a window of five that one more stone turns
//!   into exactly five; a *three* is three stones that one more stone turns
//!   into a *straight four* (four in a row with both ends free, each of which
//!   makes exactly five), and that stone must itself be allowed: a three
//!   whose every straight-four point is forbidden is a fake three, and does
//!   not count. Checking that point is the same question again, with one
//!   more black stone on the board: the check recurses.
//!
//! The check reads the board's cells (not its patterns), `REACH` cells
//! either side of the point along each line, and puts the stones of the
//! recursion on an overlay of at most [`MAX_DEPTH`] cells instead of the
//! board, so that it allocates nothing and leaves the board as it was.
//! Below [`MAX_DEPTH`] a straight-four point is taken as allowed (a real
//! three); positions that deep do not arise in play.
//!
//! The board asks first whether its patterns leave a foul possible at all
//! (two directions with a three or better, one direction with two
//! completions, or five black stones next to the point), so that the search
//! pays for the full check only at the rare points where it can matter.

use std::fmt;

use crate::board::{Board, FREE, WALL};
use crate::{GomokuError, Level, Move, Rule, Stone};

/// A black stone in the grid.
const BLACK: u8 = 1;
/// Cells read either side of a point: every window of five through it and
/// the cell just beyond each window.
const REACH: usize = 5;
/// The line read around a point, the point at `REACH`.
const LINE: usize = 2 * REACH + 1;
/// The most stones the recursion puts on the board at once.
pub(crate) const MAX_DEPTH: usize = 6;

/// Why a point is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoulKind {
    /// Six or more black stones in a row.
    Overline,
    /// Two or more fours at once.
    DoubleFour,
    /// Two or more real threes at once.
    DoubleThree,
}

/// A line through the board, named as players name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineDirection {
    /// Left to right.
    Row,
    /// Top to bottom.
    Column,
    /// Top left to bottom right.
    Diagonal,
    /// Top right to bottom left.
    AntiDiagonal,
}

impl LineDirection {
    fn of(dir: usize) -> LineDirection {
        match dir {
            0 => LineDirection::Row,
            1 => LineDirection::Column,
            2 => LineDirection::Diagonal,
            _ => LineDirection::AntiDiagonal,
        }
    }

    fn name(self) -> &'static str {
        match self {
            LineDirection::Row => "row",
            LineDirection::Column => "column",
            LineDirection::Diagonal => "diagonal",
            LineDirection::AntiDiagonal => "anti-diagonal",
        }
    }
}

/// One line of a foul: its first and last black stone, the forbidden point
/// among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FoulLine {
    /// The end stone nearer the top of the board (on a row, the left one).
    pub from: Move,
    /// The stone at the other end.
    pub to: Move,
    /// Which way the line runs.
    pub direction: LineDirection,
}

/// A forbidden point's reason: the kind and the lines that make it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Foul {
    /// Overline, double four or double three.
    pub kind: FoulKind,
    /// The lines, one for each four or three (two fours on one line are
    /// two entries), or the overline.
    pub lines: Vec<FoulLine>,
}

impl Foul {
    /// The reason in words, squares named by `name`: "a double three (h8-k8
    /// row and h8-h11 column)".
    pub fn describe(&self, name: impl Fn(Move) -> String) -> String {
        let what = match self.kind {
            FoulKind::Overline => "an overline",
            FoulKind::DoubleFour => "a double four",
            FoulKind::DoubleThree => "a double three",
        };
        let lines: Vec<String> = self
            .lines
            .iter()
            .map(|l| format!("{}-{} {}", name(l.from), name(l.to), l.direction.name()))
            .collect();
        format!("{what} ({})", lines.join(" and "))
    }
}

impl fmt::Display for Foul {
    /// Squares in ply's notation (`h8`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(|m| m.to_string()))
    }
}

/// The black stones the recursion has put down, on top of the board.
#[derive(Clone, Copy)]
struct Overlay {
    cells: [usize; MAX_DEPTH],
    len: usize,
}

impl Overlay {
    const EMPTY: Overlay = Overlay {
        cells: [0; MAX_DEPTH],
        len: 0,
    };

    fn contains(&self, cell: usize) -> bool {
        self.cells[..self.len].contains(&cell)
    }

    fn with(mut self, cell: usize) -> Overlay {
        self.cells[self.len] = cell;
        self.len += 1;
        self
    }
}

/// A shape along one direction: the direction and the line offsets (from
/// the point) of its first and last stone.
type Span = (usize, i8, i8);

/// A verdict with its spans, kept in place (no allocation in the search).
struct Verdict {
    kind: FoulKind,
    spans: [Span; 8],
    len: usize,
}

impl Verdict {
    fn new(kind: FoulKind) -> Verdict {
        Verdict {
            kind,
            spans: [(0, 0, 0); 8],
            len: 0,
        }
    }

    fn push(&mut self, span: Span) {
        if self.len < self.spans.len() {
            self.spans[self.len] = span;
            self.len += 1;
        }
    }
}

/// What black playing a point makes along one direction.
struct Direction {
    /// The line, the point (black) at `REACH`.
    line: [u8; LINE],
    /// The run of black stones through the point: its ends' offsets.
    run: (i8, i8),
    /// The distinct fours through the point, as bit masks of their stones
    /// (line indices).
    fours: [u16; 3],
    four_count: usize,
}

impl Direction {
    fn read(board: &Board, cell: usize, dir: usize, overlay: &Overlay) -> Direction {
        let mut line = [WALL; LINE];
        line[REACH] = BLACK;
        let step = board.step(dir);
        for sign in [-1i64, 1] {
            for distance in 1..=REACH {
                let other = (cell as i64 + sign * (distance * step) as i64) as usize;
                let what = if overlay.contains(other) {
                    BLACK
                } else {
                    board.content(other)
                };
                if what == WALL {
                    break;
                }
                line[(REACH as i64 + sign * distance as i64) as usize] = what;
            }
        }
        let mut left = REACH;
        while left > 0 && line[left - 1] == BLACK {
            left -= 1;
        }
        let mut right = REACH;
        while right + 1 < LINE && line[right + 1] == BLACK {
            right += 1;
        }
        let mut found = Direction {
            line,
            run: (left as i8 - REACH as i8, right as i8 - REACH as i8),
            fours: [0; 3],
            four_count: 0,
        };
        found.find_fours();
        found
    }

    fn run_length(&self) -> usize {
        (self.run.1 - self.run.0) as usize + 1
    }

    /// Windows of five through the point with four black stones and one
    /// empty cell that makes exactly five; a straight four is one four
    /// (both its windows hold the same stones).
    fn find_fours(&mut self) {
        let line = &self.line;
        for start in 1..=REACH {
            let window = &line[start..start + 5];
            let blacks = window.iter().filter(|&&v| v == BLACK).count();
            let empties = window.iter().filter(|&&v| v == FREE).count();
            if blacks != 4 || empties != 1 {
                continue;
            }
            if line[start - 1] == BLACK || line[start + 5] == BLACK {
                continue;
            }
            let mask = (start..start + 5)
                .filter(|&i| line[i] == BLACK)
                .fold(0u16, |m, i| m | 1 << i);
            if !self.fours[..self.four_count].contains(&mask) && self.four_count < 3 {
                self.fours[self.four_count] = mask;
                self.four_count += 1;
            }
        }
    }

    /// The straight four black makes by adding `extra` (a line index) to
    /// the line: the start of its four stones, when there is one through
    /// the point and `extra`.
    fn straight_four_with(&self, extra: usize) -> Option<usize> {
        let mut line = self.line;
        line[extra] = BLACK;
        (2..=REACH).find(|&start| {
            (start..start + 4).contains(&extra)
                && line[start..start + 4].iter().all(|&v| v == BLACK)
                && line[start - 1] == FREE
                && line[start + 4] == FREE
                && line[start - 2] != BLACK
                && line[start + 5] != BLACK
        })
    }

    /// The empty cells (line indices) where black would make a straight
    /// four through the point, with the start of that four: the candidate
    /// ways this direction is a three.
    fn three_points(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (1..LINE - 1)
            .filter(move |&i| i != REACH && self.line[i] == FREE)
            .filter_map(move |i| self.straight_four_with(i).map(|start| (i, start)))
    }
}

fn span_of_mask(dir: usize, mask: u16) -> Span {
    let first = mask.trailing_zeros() as i8;
    let last = 15 - mask.leading_zeros() as i8;
    (dir, first - REACH as i8, last - REACH as i8)
}

/// The foul of black on the empty `cell`, with the recursion's stones in
/// `overlay`; `None` when the move is allowed.
fn judge(board: &Board, cell: usize, overlay: &Overlay) -> Option<Verdict> {
    let directions: [Direction; 4] =
        [0, 1, 2, 3].map(|dir| Direction::read(board, cell, dir, overlay));
    // Exactly five wins, whatever else the move makes.
    if directions.iter().any(|d| d.run_length() == 5) {
        return None;
    }
    if directions.iter().any(|d| d.run_length() > 5) {
        let mut verdict = Verdict::new(FoulKind::Overline);
        for (dir, d) in directions.iter().enumerate() {
            if d.run_length() > 5 {
                verdict.push((dir, d.run.0, d.run.1));
            }
        }
        return Some(verdict);
    }
    let fours: usize = directions.iter().map(|d| d.four_count).sum();
    if fours >= 2 {
        let mut verdict = Verdict::new(FoulKind::DoubleFour);
        for (dir, d) in directions.iter().enumerate() {
            for &mask in &d.fours[..d.four_count] {
                verdict.push(span_of_mask(dir, mask));
            }
        }
        return Some(verdict);
    }
    // A direction with a four is a four, not a three.
    let candidates = directions
        .iter()
        .filter(|d| d.four_count == 0 && d.three_points().next().is_some())
        .count();
    if candidates < 2 {
        return None;
    }
    let deeper = overlay.with(cell);
    let mut verdict = Verdict::new(FoulKind::DoubleThree);
    for (dir, d) in directions.iter().enumerate() {
        if d.four_count > 0 {
            continue;
        }
        let real = d.three_points().find(|&(point, _)| {
            overlay.len + 1 >= MAX_DEPTH || {
                let offset = point as i64 - REACH as i64;
                let other = (cell as i64 + offset * board.step(dir) as i64) as usize;
                judge(board, other, &deeper).is_none()
            }
        });
        if let Some((point, start)) = real {
            let stones = (start..start + 4).filter(|&i| i != point);
            let first = stones.clone().min().unwrap_or(REACH) as i8 - REACH as i8;
            let last = stones.max().unwrap_or(REACH) as i8 - REACH as i8;
            verdict.push((dir, first, last));
        }
    }
    (verdict.len >= 2).then_some(verdict)
}

/// True when black may not play the empty `cell` (the board's rule is
/// renju; the caller has checked both).
pub(crate) fn is_forbidden(board: &Board, cell: usize) -> bool {
    judge(board, cell, &Overlay::EMPTY).is_some()
}

/// The foul of black on the empty `cell`, spelled out.
pub(crate) fn foul(board: &Board, cell: usize) -> Option<Foul> {
    let verdict = judge(board, cell, &Overlay::EMPTY)?;
    let lines = verdict.spans[..verdict.len]
        .iter()
        .map(|&(dir, first, last)| {
            let at = |offset: i8| {
                let shift = i64::from(offset) * board.step(dir) as i64;
                board.to_move((cell as i64 + shift) as usize)
            };
            let (a, b) = (at(first), at(last));
            // Name the line from its top left end.
            let (from, to) = if (a.y, a.x) <= (b.y, b.x) {
                (a, b)
            } else {
                (b, a)
            };
            FoulLine {
                from,
                to,
                direction: LineDirection::of(dir),
            }
        })
        .collect();
    Some(Foul {
        kind: verdict.kind,
        lines,
    })
}

/// Black's forbidden points as the board answers them.
impl Board {
    /// Why black may not play `mv` under renju; `None` when he may (or the
    /// rule is another, or the cell is not empty).
    pub fn foul(&self, mv: Move) -> Option<Foul> {
        let cell = self.free_index(mv).ok()?;
        (self.rule() == Rule::Renju).then(|| foul(self, cell))?
    }

    /// Whether `stone` may play `mv`, with the reason when not.
    pub fn check_move(&self, mv: Move, stone: Stone) -> Result<(), GomokuError> {
        let cell = self.free_index(mv)?;
        if self.forbidden(cell, stone) {
            if let Some(foul) = foul(self, cell) {
                return Err(GomokuError::Forbidden { mv, foul });
            }
        }
        Ok(())
    }

    /// True when `stone` may not play the empty `cell`: black's forbidden
    /// points under renju. The patterns decide first whether a foul is
    /// possible at all (a five never is one; a foul needs two directions
    /// with a three or better, one with two completions, or five black
    /// stones next to the cell on a line), so the full check runs rarely.
    pub(crate) fn forbidden(&self, cell: usize, stone: Stone) -> bool {
        if self.rule() != Rule::Renju || stone != Stone::Black {
            return false;
        }
        let levels = self.black_levels(cell);
        if levels.contains(&(Level::Five as u8)) {
            return false;
        }
        let strong = levels
            .iter()
            .filter(|&&l| l >= Level::OpenThree as u8)
            .count();
        let possible = strong >= 2
            || levels.contains(&(Level::OpenFour as u8))
            || (0..4).any(|dir| self.black_neighbours(cell, dir) >= self.k());
        possible && is_forbidden(self, cell)
    }
}
