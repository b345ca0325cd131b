//! The move-ordering policy: how likely a deeper search is to choose a
//! cell, read from the cell's line levels. A candidate's value is the sum
//! of three fitted weights: the multiset of its four levels for the mover
//! (one of [`COMBOS`]), the same for the opponent (where the mover's stone
//! would block), and the pair of the two sides' [`Shape`]s there (a cell
//! that both attacks and defends). The weights are fitted by
//! `ply-gomoku-train fit-policy` (softmax regression on the moves of
//! depth-limited searches) and written into `policy_weights.rs`.

use crate::board::Board;
use crate::learned::{combo_table, levels_index, COMBOS};
use crate::pattern::Level;
use crate::shape::{Shape, SHAPES};
use crate::{Move, Stone};

/// Weights of the policy: two tables of combinations, the shape pairs,
/// then the distance from the opponent's last stone and from the mover's
/// last stone, each in four steps (1, 2, 3 cells, farther).
pub const POLICY_WEIGHTS: usize = PAIRS + SHAPES * SHAPES + 2 * DISTANCES;

/// Index of the first shape pair's weight.
const PAIRS: usize = 2 * COMBOS;
/// Index of the first distance weight.
const NEAR: usize = PAIRS + SHAPES * SHAPES;
/// Distances told apart: 1, 2, 3 cells (the larger of the two
/// coordinates' differences), and farther or no such stone.
const DISTANCES: usize = 4;
/// The features of a candidate: one weight index of each kind.
pub const POLICY_FEATURES: usize = 5;

/// Ordering units a logit of the policy is worth: the search orders its
/// moves by the policy plus the history (a cutoff at depth `d` adds
/// `d * d / 64` units to its cell). 20: over 600 games at 100 ms a move,
/// 10 scored 54.1%, 20 57.9%, 40 52.5% and 80 53.8% against the
/// hand-made ordering (README, "A move-ordering policy").
const ORDER_SCALE: i32 = 20;

/// The shipped weights, in thousandths of a logit.
const WEIGHTS: [i32; POLICY_WEIGHTS] = include!("policy_weights.rs");

/// A candidate move as the policy's fit sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyCandidate {
    /// The cell.
    pub mv: Move,
    /// The indices of its weights.
    pub features: [u16; POLICY_FEATURES],
    /// The hand-made ordering's value of the cell (without history), for
    /// comparison.
    pub hand_made: i32,
}

/// What the policy reads of a position once, to value its candidates.
pub(crate) struct PolicyContext {
    table: &'static [u16; 4096],
    stride: usize,
    /// The opponent's last stone and the mover's, as (column, row) in
    /// padded cells.
    recent: [Option<(usize, usize)>; 2],
}

impl PolicyContext {
    /// The context of `board`, the side to move being the one that did
    /// not play last.
    pub(crate) fn new(board: &Board) -> PolicyContext {
        let stride = board.stride();
        let at = |back| board.recent_cell(back).map(|c| (c % stride, c / stride));
        PolicyContext {
            table: combo_table(),
            stride,
            recent: [at(0), at(1)],
        }
    }

    /// The weight indices of `cell` for `side` to move.
    #[inline]
    fn features(&self, board: &Board, cell: usize, side: Stone) -> [usize; POLICY_FEATURES] {
        let own = board.levels_at(cell, side);
        let other = board.levels_at(cell, side.opponent());
        let pair = Shape::of(own) as usize * SHAPES + Shape::of(other) as usize;
        let (x, y) = (cell % self.stride, cell / self.stride);
        let near = |recent: Option<(usize, usize)>| match recent {
            Some((rx, ry)) => (x.abs_diff(rx).max(y.abs_diff(ry)).clamp(1, DISTANCES)) - 1,
            None => DISTANCES - 1,
        };
        [
            usize::from(self.table[levels_index(own)]),
            COMBOS + usize::from(self.table[levels_index(other)]),
            PAIRS + pair,
            NEAR + near(self.recent[0]),
            NEAR + DISTANCES + near(self.recent[1]),
        ]
    }

    /// The ordering value of `cell` for `side` to move: the policy in
    /// ordering units ([`ORDER_SCALE`]).
    #[inline]
    pub(crate) fn order(&self, board: &Board, cell: usize, side: Stone) -> i32 {
        self.value(board, cell, side) * ORDER_SCALE / 1000
    }

    /// The shipped policy's value of `cell` for `side` to move, in
    /// thousandths of a logit.
    #[inline]
    pub(crate) fn value(&self, board: &Board, cell: usize, side: Stone) -> i32 {
        self.features(board, cell, side)
            .iter()
            .map(|&i| WEIGHTS[i])
            .sum()
    }
}

/// Every move `side` may play among the search's candidates in `board`,
/// with its policy features.
pub fn policy_candidates(board: &Board, side: Stone) -> Vec<PolicyCandidate> {
    let context = PolicyContext::new(board);
    let mut cells = Vec::new();
    board.legal_candidates(side, &mut cells);
    cells
        .into_iter()
        .map(|cell| PolicyCandidate {
            mv: board.to_move(cell),
            features: context.features(board, cell, side).map(|i| i as u16),
            hand_made: hand_made_order(
                board.levels_at(cell, side),
                board.levels_at(cell, side.opponent()),
            ),
        })
        .collect()
}

/// The hand-made ordering's value of a cell whose levels are `own` for
/// the mover and `other` for the opponent (the mover's own chances
/// weighed a fifth more).
fn hand_made_order(own: [u8; 4], other: [u8; 4]) -> i32 {
    order_value(own) * 6 / 5 + order_value(other)
}

/// Ordering value of the four levels of a cell for one side: the sum of
/// the directions, plus a bonus for two strong directions (a double threat).
fn order_value(levels: [u8; 4]) -> i32 {
    const VALUE: [i32; 8] = [0, 1, 4, 20, 100, 120, 2_000, 20_000];
    let mut total = 0;
    let mut strong = 0;
    for &l in &levels {
        total += VALUE[usize::from(l)];
        if l >= Level::OpenThree as u8 {
            strong += 1;
        }
    }
    if strong >= 2 {
        total += 1_500;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;

    #[test]
    fn every_candidate_is_an_empty_cell_with_features_in_range() {
        let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("15 x 15 is a board");
        for (x, y, stone) in [
            (7, 7, Stone::Black),
            (8, 8, Stone::White),
            (6, 7, Stone::Black),
        ] {
            board.play(Move { x, y }, stone).expect("an empty cell");
        }
        let candidates = policy_candidates(&board, Stone::White);
        assert!(!candidates.is_empty());
        for c in &candidates {
            assert!(board.is_empty(c.mv));
            assert!(usize::from(c.features[0]) < COMBOS);
            assert!((COMBOS..PAIRS).contains(&usize::from(c.features[1])));
            assert!((PAIRS..NEAR).contains(&usize::from(c.features[2])));
            assert!((NEAR..NEAR + DISTANCES).contains(&usize::from(c.features[3])));
            assert!((NEAR + DISTANCES..POLICY_WEIGHTS).contains(&usize::from(c.features[4])));
        }
    }

    #[test]
    fn the_shipped_policy_ranks_the_ends_of_an_open_three_above_quiet_cells() {
        // Black has an open three on row 8 (f8 g8 h8 after the move
        // numbering below); white to move must stop it at e8 or i8.
        let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("15 x 15 is a board");
        let stones = [
            ((5, 7), Stone::Black),
            ((5, 4), Stone::White),
            ((6, 7), Stone::Black),
            ((10, 10), Stone::White),
            ((7, 7), Stone::Black),
        ];
        for ((x, y), stone) in stones {
            board.play(Move { x, y }, stone).expect("an empty cell");
        }
        let context = PolicyContext::new(&board);
        let value = |x, y| {
            let cell = board.index(Move { x, y }).expect("on the board");
            context.value(&board, cell, Stone::White)
        };
        let ends = value(4, 7).min(value(8, 7));
        for quiet in [(2, 2), (12, 2), (2, 12), (9, 11), (4, 4)] {
            assert!(
                ends > value(quiet.0, quiet.1),
                "an end of the open three ({ends}) is not above {quiet:?} ({})",
                value(quiet.0, quiet.1)
            );
        }
    }
}
