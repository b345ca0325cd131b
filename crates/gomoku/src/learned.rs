//! The learned evaluation: a weight for each combination of the four line
//! levels a stone would make on an empty cell, one table for the side to
//! move and one for the side waiting, fitted by logistic regression on
//! self-play outcomes (`crates/gomoku-train`).
//!
//! A cell's four levels (one per direction, [`Level`]) taken as a multiset
//! name one of [`COMBOS`] combinations: a four with an open three on one
//! cell, two open threes, two fours, a lone two. The sum of the line
//! levels (the hand-made evaluation) cannot tell a cell where two threats
//! meet from two cells with one threat each; a weight per combination
//! can, and so can the side to move's weights tell a threat he will
//! realise next from one he must meet. The board keeps each colour's two
//! sums (its cells weighted as the mover's, and as the waiting side's) as
//! levels change, so the evaluation is three additions:
//!
//! `value(side) = mover[side] + waiting[other] + bias[side]
//!     + threat[best shape of side][best shape of other]`
//!
//! in thousandths of a logit of the side to move's chance to win. The
//! last term (since format version 2) weighs who holds the initiative: the
//! strongest cell [`Shape`](crate::shape::Shape) each side has (an open
//! three against nothing, a four-three against an open three, ...), which
//! no sum over single cells can see; the board counts each colour's cells
//! by shape as it keeps the sums.
//!
//! The weights file, one per rule (freestyle, exact):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `PLYGEVAL` |
//! | 4 | format version (2; a version 1 file, without the threat table, reads with that table zero), u32 little-endian |
//! | 4 | rule (0 freestyle, 1 exact), u32 |
//! | 4 | weights ([`WEIGHTS`]), u32 |
//! | 4 | payload length in bytes, u32 |
//! | 8 | FNV-1a 64 of the payload, u64 |
//! | … | payload: the weights as i16 little-endian: the mover's per combination, the waiting side's, the bias with black to move, with white to move, then (version 2) the threat table, the mover's best shape major |

use std::sync::OnceLock;

use ply_engine::{frame, unframe, Frame, FrameError};
use thiserror::Error;

use crate::pattern::Level;
use crate::shape::SHAPES;
use crate::{Rule, Stone};

/// Multisets of four levels out of eight: C(11, 4).
pub const COMBOS: usize = 330;
/// Pairs of best shapes, the mover's and the waiting side's.
pub const THREATS: usize = SHAPES * SHAPES;
/// Weights of one rule: two tables of combinations, two biases and the
/// threat table.
pub const WEIGHTS: usize = 2 * COMBOS + 2 + THREATS;
/// Weights of a version 1 file: no threat table.
const WEIGHTS_V1: usize = 2 * COMBOS + 2;
/// Index of the bias with black to move; white's follows it.
pub const BIAS: usize = 2 * COMBOS;
/// Index of the threat table's first weight.
pub const THREAT: usize = 2 * COMBOS + 2;
/// The first eight bytes of a weights file.
pub const MAGIC: &[u8; 8] = b"PLYGEVAL";
/// The file format this code writes (it reads version 1 too).
pub const FORMAT_VERSION: u32 = 2;

/// The shipped freestyle weights.
static FREESTYLE_FILE: &[u8] = include_bytes!("../data/gomoku-freestyle.bin");
/// The shipped exact-five (standard) weights.
static EXACT_FILE: &[u8] = include_bytes!("../data/gomoku-exact.bin");

/// Why a weights file cannot be used.
#[derive(Debug, Error)]
pub enum WeightsError {
    /// The file cannot be read.
    #[error("cannot read the evaluation weights {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file's frame is unsound: cut short, foreign, of another format
    /// version, or corrupt.
    #[error("not usable Gomoku evaluation weights: {0}")]
    Frame(#[from] FrameError),
    /// The file is for a rule this build has no weights for, or holds
    /// another number of weights.
    #[error("evaluation weights for rule code {rule} with {count} weights; this build reads rule 0 or 1 with {WEIGHTS} ({WEIGHTS_V1} in a version 1 file)")]
    Shape {
        /// The rule code in the file.
        rule: u32,
        /// The weights in the file.
        count: u32,
    },
}

/// The rules with learned weights, as the file names them.
fn rule_code(rule: Rule) -> Option<u32> {
    match rule {
        Rule::Freestyle => Some(0),
        Rule::Exact => Some(1),
        Rule::Renju | Rule::Caro => None,
    }
}

/// The weights of one rule, in thousandths of a logit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    rule: Rule,
    /// Per combination: `[as the mover's, as the waiting side's]`.
    combos: Vec<[i32; 2]>,
    /// The same per 12-bit index of four levels ([`levels_index`]): one
    /// look-up where the board's levels change.
    by_index: Box<[[i16; 2]]>,
    /// With black to move, with white to move.
    bias: [i32; 2],
    /// By the mover's best shape, then the waiting side's.
    threat: Box<[i32; THREATS]>,
}

impl EvalWeights {
    /// All weights zero, for `rule`.
    pub fn zeros(rule: Rule) -> EvalWeights {
        EvalWeights::with_combos(rule, vec![[0; 2]; COMBOS], [0; 2], Box::new([0; THREATS]))
    }

    /// Weights with their table by level index.
    fn with_combos(
        rule: Rule,
        combos: Vec<[i32; 2]>,
        bias: [i32; 2],
        threat: Box<[i32; THREATS]>,
    ) -> EvalWeights {
        let by_index = combo_table()
            .iter()
            .map(|&c| combos[usize::from(c)].map(|w| w as i16))
            .collect();
        EvalWeights {
            rule,
            combos,
            by_index,
            bias,
            threat,
        }
    }

    /// Weights from a flat list in the file's order (see the module
    /// documentation), each clamped to an i16; `None` when the list is
    /// not [`WEIGHTS`] long. The combination of four `None` levels (an
    /// occupied cell, or one no line reaches) weighs 0 whatever the list
    /// says: a new board's sums start at 0.
    pub fn from_values(rule: Rule, values: &[i32]) -> Option<EvalWeights> {
        if values.len() != WEIGHTS {
            return None;
        }
        let clamp = |v: i32| v.clamp(-i32::from(i16::MAX), i32::from(i16::MAX));
        let combos = (0..COMBOS)
            .map(|c| match c {
                0 => [0, 0],
                _ => [clamp(values[c]), clamp(values[COMBOS + c])],
            })
            .collect();
        let bias = [clamp(values[BIAS]), clamp(values[BIAS + 1])];
        let mut threat = Box::new([0; THREATS]);
        for (t, &v) in threat.iter_mut().zip(&values[THREAT..]) {
            *t = clamp(v);
        }
        Some(EvalWeights::with_combos(rule, combos, bias, threat))
    }

    /// The weights in the file's order.
    pub fn values(&self) -> Vec<i32> {
        let mut values: Vec<i32> = self.combos.iter().map(|w| w[0]).collect();
        values.extend(self.combos.iter().map(|w| w[1]));
        values.extend(self.bias);
        values.extend(self.threat.iter());
        values
    }

    /// The rule these weights are for.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The weights, as the mover's and as the waiting side's, of the
    /// combination of four levels with 12-bit index `index`.
    #[inline]
    pub(crate) fn of_index(&self, index: usize) -> [i16; 2] {
        self.by_index[index & 4095]
    }

    /// The threat table's weight of the mover's best shape `mover` against
    /// the waiting side's `waiting` (shape codes).
    #[inline]
    pub(crate) fn threat(&self, mover: u8, waiting: u8) -> i32 {
        self.threat[(usize::from(mover) * SHAPES + usize::from(waiting)) % THREATS]
    }

    /// The bias with `side` to move.
    #[inline]
    pub(crate) fn bias(&self, side: Stone) -> i32 {
        self.bias[side.index()]
    }

    /// The shipped weights of `rule`, if it has any (and they are intact:
    /// a test checks that they are).
    pub fn shipped(rule: Rule) -> Option<&'static EvalWeights> {
        static FREESTYLE: OnceLock<Option<EvalWeights>> = OnceLock::new();
        static EXACT: OnceLock<Option<EvalWeights>> = OnceLock::new();
        let (cell, bytes) = match rule {
            Rule::Freestyle => (&FREESTYLE, FREESTYLE_FILE),
            Rule::Exact => (&EXACT, EXACT_FILE),
            Rule::Renju | Rule::Caro => return None,
        };
        cell.get_or_init(|| EvalWeights::from_bytes(bytes).ok())
            .as_ref()
    }

    /// Reads and checks a weights file.
    pub fn load(path: &std::path::Path) -> Result<EvalWeights, WeightsError> {
        let bytes = std::fs::read(path).map_err(|source| WeightsError::Io {
            path: path.display().to_string(),
            source,
        })?;
        EvalWeights::from_bytes(&bytes)
    }

    /// Decodes and checks the bytes of a weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<EvalWeights, WeightsError> {
        let (Frame { shape, payload }, expected) = match unframe(bytes, MAGIC, FORMAT_VERSION) {
            Err(FrameError::Version(1)) => (unframe(bytes, MAGIC, 1)?, WEIGHTS_V1),
            frame => (frame?, WEIGHTS),
        };
        let [code, count] = shape;
        let rule = match code {
            0 => Rule::Freestyle,
            1 => Rule::Exact,
            _ => return Err(WeightsError::Shape { rule: code, count }),
        };
        if count as usize != expected || payload.len() != 2 * expected {
            return Err(WeightsError::Shape { rule: code, count });
        }
        let mut values: Vec<i32> = payload
            .chunks_exact(2)
            .map(|pair| i32::from(i16::from_le_bytes([pair[0], pair[1]])))
            .collect();
        // A version 1 file: no threat table.
        values.resize(WEIGHTS, 0);
        EvalWeights::from_values(rule, &values).ok_or(WeightsError::Shape { rule: code, count })
    }

    /// The bytes of a weights file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let payload: Vec<u8> = self
            .values()
            .iter()
            .flat_map(|&v| (v as i16).to_le_bytes())
            .collect();
        let code = rule_code(self.rule).unwrap_or(0);
        frame(MAGIC, FORMAT_VERSION, [code, WEIGHTS as u32], &payload)
    }
}

/// The combination of every four levels (3 bits each, direction 0 in the
/// low bits): the rank of their multiset among all [`COMBOS`].
pub(crate) fn combo_table() -> &'static [u16; 4096] {
    static TABLE: OnceLock<Box<[u16; 4096]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Rank the sorted quadruples in lexicographic order.
        let mut rank = std::collections::HashMap::new();
        for a in 0..8u8 {
            for b in a..8 {
                for c in b..8 {
                    for d in c..8 {
                        let next = rank.len() as u16;
                        rank.insert([a, b, c, d], next);
                    }
                }
            }
        }
        let mut table = Box::new([0u16; 4096]);
        for (index, entry) in table.iter_mut().enumerate() {
            let mut levels = [0, 3, 6, 9].map(|shift| ((index >> shift) & 7) as u8);
            levels.sort_unstable();
            *entry = rank.get(&levels).copied().unwrap_or(0);
        }
        table
    })
}

/// The 12-bit index of a cell's four levels.
#[inline]
pub(crate) fn levels_index(levels: [u8; 4]) -> usize {
    usize::from(levels[0])
        | usize::from(levels[1]) << 3
        | usize::from(levels[2]) << 6
        | usize::from(levels[3]) << 9
}

/// The combination of four levels given as [`Level`]s (for tests and
/// tools that name combinations).
pub fn combo_of(levels: [Level; 4]) -> usize {
    usize::from(combo_table()[levels_index(levels.map(|l| l as u8))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_multisets() {
        let table = combo_table();
        let distinct: std::collections::HashSet<u16> = table.iter().copied().collect();
        assert_eq!(distinct.len(), COMBOS);
        assert_eq!(
            combo_of([Level::Four, Level::OpenThree, Level::None, Level::Two]),
            combo_of([Level::Two, Level::None, Level::OpenThree, Level::Four])
        );
        assert_ne!(
            combo_of([Level::Four, Level::OpenThree, Level::None, Level::None]),
            combo_of([Level::Four, Level::None, Level::None, Level::None])
        );
        assert_eq!(combo_of([Level::None; 4]), 0);
    }

    #[test]
    fn weights_round_trip_and_corruption_is_refused() {
        let mut values: Vec<i32> = (0..WEIGHTS as i32).map(|i| i * 7 - 2000).collect();
        (values[0], values[COMBOS]) = (0, 0);
        let weights = EvalWeights::from_values(Rule::Exact, &values).expect("the right length");
        let bytes = weights.to_bytes();
        assert_eq!(EvalWeights::from_bytes(&bytes).expect("intact"), weights);
        let mut corrupt = bytes.clone();
        corrupt[ply_engine::FRAME_HEADER + 10] ^= 0x40;
        assert!(matches!(
            EvalWeights::from_bytes(&corrupt),
            Err(WeightsError::Frame(FrameError::Checksum { .. }))
        ));
        assert!(matches!(
            EvalWeights::from_bytes(&bytes[..bytes.len() - 2]),
            Err(WeightsError::Frame(FrameError::Truncated { .. }))
        ));
        let mut magic = bytes;
        magic[0] = b'X';
        assert!(matches!(
            EvalWeights::from_bytes(&magic),
            Err(WeightsError::Frame(FrameError::BadMagic))
        ));
    }

    #[test]
    fn a_version_1_file_reads_with_no_threat_table() {
        let mut values: Vec<i32> = (0..WEIGHTS_V1 as i32).map(|i| i * 3 - 900).collect();
        (values[0], values[COMBOS]) = (0, 0);
        let payload: Vec<u8> = values
            .iter()
            .flat_map(|&v| (v as i16).to_le_bytes())
            .collect();
        let bytes = frame(MAGIC, 1, [0, WEIGHTS_V1 as u32], &payload);
        let weights = EvalWeights::from_bytes(&bytes).expect("a version 1 file reads");
        let mut expected = values.clone();
        expected.resize(WEIGHTS, 0);
        assert_eq!(weights.values(), expected);
        // A version 1 header with version 2's length is refused.
        let long = frame(MAGIC, 1, [0, WEIGHTS as u32], &vec![0; 2 * WEIGHTS]);
        assert!(matches!(
            EvalWeights::from_bytes(&long),
            Err(WeightsError::Shape { .. })
        ));
        assert!(matches!(
            EvalWeights::from_bytes(&frame(MAGIC, 3, [0, WEIGHTS as u32], &payload)),
            Err(WeightsError::Frame(FrameError::Version(3)))
        ));
    }

    #[test]
    fn the_shipped_weights_are_intact() {
        for (rule, bytes) in [(Rule::Freestyle, FREESTYLE_FILE), (Rule::Exact, EXACT_FILE)] {
            let weights = EvalWeights::from_bytes(bytes).expect("the shipped file checks");
            assert_eq!(weights.rule(), rule);
            assert!(EvalWeights::shipped(rule).is_some());
        }
    }
}
