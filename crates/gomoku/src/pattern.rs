//! Line patterns: what a stone on an empty cell would make along one line.
//!
//! For a cell `c`, a direction and a colour, the pattern only depends on the
//! `2k` cells around `c` on that line (`k` on each side): every window of `k`
//! cells that contains `c` lies inside, and so do the cells just outside such
//! a window, which decide overlines under the exact rule. Each of those cells
//! is empty, own, or blocked (an opponent stone or the board's edge), so the
//! neighbourhood is a base-3 number and the pattern is a table look-up. The
//! table is computed once per `(k, rule)` by playing the patterns out
//! (deliberately plainly: [`classify`]), for `k` up to [`MAX_TABLE_K`]; larger
//! `k` classify each neighbourhood directly.
//!
//! The levels, after playing `c`:
//! - `Five`: a winning line (k in a row; exactly k under the exact rule);
//! - `OpenFour`: two or more different cells would then win (unstoppable);
//! - `Four`: exactly one cell would win (the opponent must take it);
//! - `OpenThree`: one more stone can make an `OpenFour`;
//! - `Three`: one more stone can make a `Four`;
//! - `Two`, `One`: a live window (one that can still become a win) holds
//!   `k - 3`, or fewer, of our stones; `None`: no live window at all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::Rule;

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

/// A neighbourhood cell: what lies at one offset from the centre.
pub const EMPTY: u8 = 0;
/// Our stone.
pub const OWN: u8 = 1;
/// An opponent's stone or the edge of the board.
pub const BLOCKED: u8 = 2;

/// True when the centre of `line` (index `k`, our stone) is part of a win.
fn win_through_centre(line: &[u8], k: usize, rule: Rule) -> bool {
    (1..=k).any(|start| {
        line[start..start + k].iter().all(|&v| v == OWN)
            && (rule == Rule::Freestyle || (line[start - 1] != OWN && line[start + k] != OWN))
    })
}

/// Number of empty cells that would make the centre part of a win.
fn completions(line: &mut [u8], k: usize, rule: Rule) -> usize {
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
/// outside it), or `None` when no such window exists.
fn best_live_window(line: &[u8], k: usize, rule: Rule) -> Option<usize> {
    (1..=k)
        .filter(|&start| {
            line[start..start + k].iter().all(|&v| v != BLOCKED)
                && (rule == Rule::Freestyle || (line[start - 1] != OWN && line[start + k] != OWN))
        })
        .map(|start| line[start..start + k].iter().filter(|&&v| v == OWN).count())
        .max()
}

/// The level of our stone at the centre of `line` (length `2k + 1`, centre
/// already set to [`OWN`]), by playing it out.
pub fn classify(line: &mut [u8], k: usize, rule: Rule) -> Level {
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
type Tables = HashMap<(usize, Rule), Arc<PatternTable>>;

/// Patterns of every neighbourhood for one `(k, rule)`, indexed by the
/// base-3 number of the `2k` cells around the centre, nearest-left first.
#[derive(Debug)]
pub struct PatternTable {
    k: usize,
    rule: Rule,
    levels: Option<Vec<u8>>,
}

impl PatternTable {
    /// The shared table for `(k, rule)`, computed on first use.
    pub fn shared(k: usize, rule: Rule) -> Arc<PatternTable> {
        static TABLES: OnceLock<Mutex<Tables>> = OnceLock::new();
        let tables = TABLES.get_or_init(|| Mutex::new(HashMap::new()));
        // A panic elsewhere while holding the lock leaves the map intact.
        let mut tables = tables.lock().unwrap_or_else(|poison| poison.into_inner());
        tables
            .entry((k, rule))
            .or_insert_with(|| Arc::new(PatternTable::build(k, rule)))
            .clone()
    }

    fn build(k: usize, rule: Rule) -> PatternTable {
        if k == 0 || k > MAX_TABLE_K {
            return PatternTable {
                k,
                rule,
                levels: None,
            };
        }
        let cells = 2 * k;
        let size = 3usize.pow(cells as u32);
        let mut levels = Vec::with_capacity(size);
        let mut line = vec![EMPTY; cells + 1];
        for index in 0..size {
            Self::decode(index, k, &mut line);
            levels.push(classify(&mut line, k, rule) as u8);
        }
        PatternTable {
            k,
            rule,
            levels: Some(levels),
        }
    }

    /// Writes the neighbourhood `index` into `line` (centre set to own).
    fn decode(mut index: usize, k: usize, line: &mut [u8]) {
        for offset in 0..2 * k {
            let value = (index % 3) as u8;
            index /= 3;
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

    fn level_of(text: &str, rule: Rule) -> Level {
        // `text` is 11 cells for k = 5 with the centre at index 5: x own, o blocked.
        let mut line: Vec<u8> = text
            .bytes()
            .map(|b| match b {
                b'x' => OWN,
                b'o' => BLOCKED,
                _ => EMPTY,
            })
            .collect();
        line[5] = OWN;
        classify(&mut line, 5, rule)
    }

    #[test]
    fn classic_shapes_on_k5() {
        assert_eq!(level_of("...xx.xx...", Rule::Freestyle), Level::Five);
        assert_eq!(level_of("....o.xxx.o", Rule::Freestyle), Level::Four);
        assert_eq!(level_of("....x.xx...", Rule::Freestyle), Level::OpenFour);
        assert_eq!(level_of("...x..xxx..", Rule::Freestyle), Level::OpenFour);
        assert_eq!(level_of("...ox.xx...", Rule::Freestyle), Level::Four);
        assert_eq!(level_of("....x.x....", Rule::Freestyle), Level::OpenThree);
        assert_eq!(level_of("....o.xx...", Rule::Freestyle), Level::Three);
        assert_eq!(level_of("......x....", Rule::Freestyle), Level::Two);
        assert_eq!(level_of(".....x.....", Rule::Freestyle), Level::One);
        assert_eq!(level_of("oooo...oooo", Rule::Freestyle), Level::None);
        // Six in a row wins freestyle but not exact.
        assert_eq!(level_of("..xxx.xx...", Rule::Freestyle), Level::Five);
        assert_ne!(level_of("..xxx.xx...", Rule::Exact), Level::Five);
        // The far completion would make six: only one winning cell is left.
        assert_eq!(level_of(".x.xx.x....", Rule::Freestyle), Level::OpenFour);
        assert_eq!(level_of(".x.xx.x....", Rule::Exact), Level::Four);
    }

    #[test]
    fn table_agrees_with_classify() {
        let table = PatternTable::shared(4, Rule::Exact);
        let mut line = vec![EMPTY; 9];
        for index in (0..3usize.pow(8)).step_by(7) {
            PatternTable::decode(index, 4, &mut line);
            let direct = classify(&mut line.clone(), 4, Rule::Exact);
            assert_eq!(table.level(index, &mut line), direct);
        }
    }
}
