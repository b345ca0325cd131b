//! Line patterns: what a stone on an empty cell would make along one line.
//!
//! For a cell `c`, a direction and a colour, the pattern only depends on the
//! `2k` cells around `c` on that line (`k` on each side): every window of `k`
//! cells that contains `c` lies inside, and so do the cells just outside such
//! a window, which decide overlines under the exact rule. Each of those cells
//! is empty, own, or blocked (an opponent stone or the board's edge), so the
//! neighbourhood is a base-3 number and the pattern is a table look-up. The
//! table is computed once per `(k, line rule)` by playing the patterns out
//! (deliberately plainly: [`classify`]), for `k` up to [`MAX_TABLE_K`]; larger
//! `k` classify each neighbourhood directly.
//!
//! The line rule is what makes a five for one colour ([`LineRule`]): renju
//! gives black the exact rule and white the freestyle one. Caro needs one
//! more kind of cell, because there the edge of the board (or a cell of
//! neither player) does not block a five the way an opponent's stone does:
//! its neighbourhoods are base-4 numbers, and tables stop at `k` = 5.
//!
//! The levels, after playing `c`:
//! - `Five`: a winning line (k in a row; exactly k under the exact rule;
//!   under caro, not exactly k between two opponent stones);
//! - `OpenFour`: two or more different cells would then win (unstoppable);
//! - `Four`: exactly one cell would win (the opponent must take it);
//! - `OpenThree`: one more stone can make an `OpenFour`;
//! - `Three`: one more stone can make a `Four`;
//! - `Two`, `One`: a live window (one that can still become a win) holds
//!   `k - 3`, or fewer, of our stones; `None`: no live window at all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// What makes a winning line for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineRule {
    /// `k` or more in a row.
    Freestyle,
    /// Exactly `k` in a row.
    Exact,
    /// `k` or more in a row, except exactly `k` with an opponent's stone at
    /// both ends (the edge does not block).
    Caro,
}

impl LineRule {
    /// Digits a neighbourhood cell takes: 4 with [`EDGE`] under caro.
    pub fn base(self) -> usize {
        match self {
            LineRule::Caro => 4,
            _ => 3,
        }
    }

    /// The digit of a cell that is neither player's (the edge, a blocked cell).
    pub fn edge_digit(self) -> u8 {
        match self {
            LineRule::Caro => EDGE,
            _ => BLOCKED,
        }
    }
}

/// What a stone on a cell makes along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Level {
    /// No live window: the stone can never be part of a win on this line.
    None = 0,
    /// A live window with few of our stones (`k - 3` or fewer, at least one).
    One,
    /// A live window with `k - 3` of our stones.
    Two,
    /// One more stone can make a [`Level::Four`].
    Three,
    /// One more stone can make a [`Level::OpenFour`].
    OpenThree,
    /// Exactly one cell would then win: the opponent must take it.
    Four,
    /// Two or more cells would then win: unstoppable.
    OpenFour,
    /// A winning line (k in a row; exactly k under the exact rule).
    Five,
}

impl Level {
    /// All levels, by their `u8` value.
    pub const ALL: [Level; 8] = [
        Level::None,
        Level::One,
        Level::Two,
        Level::Three,
        Level::OpenThree,
        Level::Four,
        Level::OpenFour,
        Level::Five,
    ];

    /// The level of a stored byte.
    pub fn from_u8(value: u8) -> Level {
        Level::ALL[usize::from(value.min(7))]
    }
}

/// Largest `k` with a precomputed table (3^12 = 531,441 entries).
pub const MAX_TABLE_K: usize = 6;
/// The same under caro (4^10 = 1,048,576 entries).
const MAX_CARO_TABLE_K: usize = 5;

/// A neighbourhood cell: what lies at one offset from the centre.
pub const EMPTY: u8 = 0;
/// Our stone.
pub const OWN: u8 = 1;
/// An opponent's stone, or (except under caro) the edge of the board.
pub const BLOCKED: u8 = 2;
/// Under caro: the edge of the board or a cell of neither player.
pub const EDGE: u8 = 3;

/// True when a cell cannot hold our stone.
fn closed(v: u8) -> bool {
    v == BLOCKED || v == EDGE
}

/// True when the centre of `line` (index `k`, our stone) is part of a win.
fn win_through_centre(line: &[u8], k: usize, rule: LineRule) -> bool {
    (1..=k).any(|start| {
        let (before, after) = (line[start - 1], line[start + k]);
        line[start..start + k].iter().all(|&v| v == OWN)
            && match rule {
                LineRule::Freestyle => true,
                LineRule::Exact => before != OWN && after != OWN,
                // A longer run wins through one of its windows whose end is
                // our stone; exactly k loses only between two opponents.
                LineRule::Caro => {
                    before == OWN || after == OWN || before != BLOCKED || after != BLOCKED
                }
            }
    })
}

/// Number of empty cells that would make the centre part of a win.
fn completions(line: &mut [u8], k: usize, rule: LineRule) -> usize {
    let mut count = 0;
    for i in 0..line.len() {
        if line[i] == EMPTY {
            line[i] = OWN;
            if win_through_centre(line, k, rule) {
                count += 1;
            }
            line[i] = EMPTY;
        }
    }
    count
}

/// The most of our stones in a window through the centre that can still
/// become a win (no blocked cell; under the exact rule no own stone just
/// outside it; under caro not between two opponent stones), or `None` when
/// no such window exists.
fn best_live_window(line: &[u8], k: usize, rule: LineRule) -> Option<usize> {
    (1..=k)
        .filter(|&start| {
            let (before, after) = (line[start - 1], line[start + k]);
            line[start..start + k].iter().all(|&v| !closed(v))
                && match rule {
                    LineRule::Freestyle => true,
                    LineRule::Exact => before != OWN && after != OWN,
                    LineRule::Caro => before != BLOCKED || after != BLOCKED,
                }
        })
        .map(|start| line[start..start + k].iter().filter(|&&v| v == OWN).count())
        .max()
}

/// The level of our stone at the centre of `line` (length `2k + 1`, centre
/// already set to [`OWN`]), by playing it out.
pub fn classify(line: &mut [u8], k: usize, rule: LineRule) -> Level {
    debug_assert_eq!(line.len(), 2 * k + 1);
    if win_through_centre(line, k, rule) {
        return Level::Five;
    }
    let Some(most) = best_live_window(line, k, rule) else {
        return Level::None;
    };
    match k - most {
        1 => {
            if completions(line, k, rule) >= 2 {
                Level::OpenFour
            } else {
                Level::Four
            }
        }
        2 => {
            let mut level = Level::Two;
            for i in 0..line.len() {
                if line[i] == EMPTY {
                    line[i] = OWN;
                    let after = completions(line, k, rule);
                    line[i] = EMPTY;
                    if after >= 2 {
                        return Level::OpenThree;
                    }
                    if after == 1 {
                        level = Level::Three;
                    }
                }
            }
            level
        }
        3 => Level::Two,
        _ => Level::One,
    }
}

/// The tables computed so far, by `(k, rule)`.
type Tables = HashMap<(usize, LineRule), Arc<PatternTable>>;

/// Patterns of every neighbourhood for one `(k, rule)`, indexed by the
/// base-3 (base-4 under caro) number of the `2k` cells around the centre,
/// nearest-left first.
#[derive(Debug)]
pub struct PatternTable {
    k: usize,
    rule: LineRule,
    levels: Option<Vec<u8>>,
}

impl PatternTable {
    /// The shared table for `(k, rule)`, computed on first use.
    pub fn shared(k: usize, rule: LineRule) -> Arc<PatternTable> {
        static TABLES: OnceLock<Mutex<Tables>> = OnceLock::new();
        let tables = TABLES.get_or_init(|| Mutex::new(HashMap::new()));
        // A panic elsewhere while holding the lock leaves the map intact.
        let mut tables = tables.lock().unwrap_or_else(|poison| poison.into_inner());
        tables
            .entry((k, rule))
            .or_insert_with(|| Arc::new(PatternTable::build(k, rule)))
            .clone()
    }

    fn build(k: usize, rule: LineRule) -> PatternTable {
        let largest = match rule {
            LineRule::Caro => MAX_CARO_TABLE_K,
            _ => MAX_TABLE_K,
        };
        if k == 0 || k > largest {
            return PatternTable {
                k,
                rule,
                levels: None,
            };
        }
        let cells = 2 * k;
        let base = rule.base();
        let size = base.pow(cells as u32);
        let mut levels = Vec::with_capacity(size);
        let mut line = vec![EMPTY; cells + 1];
        for index in 0..size {
            Self::decode(index, k, base, &mut line);
            levels.push(classify(&mut line, k, rule) as u8);
        }
        PatternTable {
            k,
            rule,
            levels: Some(levels),
        }
    }

    /// Writes the neighbourhood `index` into `line` (centre set to own).
    fn decode(mut index: usize, k: usize, base: usize, line: &mut [u8]) {
        for offset in 0..2 * k {
            let value = (index % base) as u8;
            index /= base;
            line[Self::position(offset, k)] = value;
        }
        line[k] = OWN;
    }

    /// Index in a `2k + 1` line of the `offset`-th neighbourhood digit:
    /// digits `0..k` are the cells left of the centre (nearest first), then
    /// the cells right of it (nearest first).
    fn position(offset: usize, k: usize) -> usize {
        if offset < k {
            k - 1 - offset
        } else {
            offset + 1
        }
    }

    /// The level of a neighbourhood: `index` as above, and `line` the same
    /// cells spelled out, used when there is no table.
    pub fn level(&self, index: usize, line: &mut [u8]) -> Level {
        match &self.levels {
            Some(levels) => Level::from_u8(levels[index]),
            None => {
                line[self.k] = OWN;
                classify(line, self.k, self.rule)
            }
        }
    }

    /// True when neighbourhoods are looked up (else spelled out).
    pub fn has_table(&self) -> bool {
        self.levels.is_some()
    }

    /// Index in a `2k + 1` line of neighbourhood digit `offset` (see [`Self::level`]).
    pub fn digit_position(&self, offset: usize) -> usize {
        Self::position(offset, self.k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level_of(text: &str, rule: LineRule) -> Level {
        // `text` is 11 cells for k = 5 with the centre at index 5: x own, o blocked.
        let mut line: Vec<u8> = text
            .bytes()
            .map(|b| match b {
                b'x' => OWN,
                b'o' => BLOCKED,
                b'|' => EDGE,
                _ => EMPTY,
            })
            .collect();
        line[5] = OWN;
        classify(&mut line, 5, rule)
    }

    #[test]
    fn classic_shapes_on_k5() {
        assert_eq!(level_of("...xx.xx...", LineRule::Freestyle), Level::Five);
        assert_eq!(level_of("....o.xxx.o", LineRule::Freestyle), Level::Four);
        assert_eq!(
            level_of("....x.xx...", LineRule::Freestyle),
            Level::OpenFour
        );
        assert_eq!(
            level_of("...x..xxx..", LineRule::Freestyle),
            Level::OpenFour
        );
        assert_eq!(level_of("...ox.xx...", LineRule::Freestyle), Level::Four);
        assert_eq!(
            level_of("....x.x....", LineRule::Freestyle),
            Level::OpenThree
        );
        assert_eq!(level_of("....o.xx...", LineRule::Freestyle), Level::Three);
        assert_eq!(level_of("......x....", LineRule::Freestyle), Level::Two);
        assert_eq!(level_of(".....x.....", LineRule::Freestyle), Level::One);
        assert_eq!(level_of("oooo...oooo", LineRule::Freestyle), Level::None);
        // Six in a row wins freestyle but not exact.
        assert_eq!(level_of("..xxx.xx...", LineRule::Freestyle), Level::Five);
        assert_ne!(level_of("..xxx.xx...", LineRule::Exact), Level::Five);
        // The far completion would make six: only one winning cell is left.
        assert_eq!(
            level_of(".x.xx.x....", LineRule::Freestyle),
            Level::OpenFour
        );
        assert_eq!(level_of(".x.xx.x....", LineRule::Exact), Level::Four);
    }

    #[test]
    fn table_agrees_with_classify() {
        for rule in [LineRule::Exact, LineRule::Caro] {
            let table = PatternTable::shared(4, rule);
            let base = rule.base();
            let mut line = vec![EMPTY; 9];
            for index in (0..base.pow(8)).step_by(7) {
                PatternTable::decode(index, 4, base, &mut line);
                let direct = classify(&mut line.clone(), 4, rule);
                assert_eq!(table.level(index, &mut line), direct);
            }
        }
    }

    #[test]
    fn caro_fives_are_not_blocked_at_both_ends() {
        // Exactly five between two opponent stones does not win...
        assert_ne!(level_of("..oxx.xxo..", LineRule::Caro), Level::Five);
        // ...with the edge, or one open end, or six, it does.
        assert_eq!(level_of("..|xx.xxo..", LineRule::Caro), Level::Five);
        assert_eq!(level_of("...xx.xxo..", LineRule::Caro), Level::Five);
        assert_eq!(level_of("..oxxxxxxo.", LineRule::Caro), Level::Five);
        // The open four's far completion would be blocked at both ends.
        assert_eq!(level_of("...o.xxx.o.", LineRule::Caro), Level::None);
    }
}
