//! Selective search: which nodes the search may cut on the static
//! evaluation alone, and which moves it may first search shallower. The
//! cut acts only at null-window nodes with no open three against the
//! side to move. Below the root every move after the first is first
//! searched shallower ([`late_move_reduction`], in the manner of Rapfi's
//! search: more at expected cut nodes and where the side's static value
//! fell, less on the principal variation); a reduced move that beats
//! alpha is searched again at full depth, a ply deeper when it beats it
//! by far. At the root only quiet moves (neither side's line reaches an
//! open three on the cell) are reduced. Forced blocks and the quiescence
//! search are untouched. A null-window node above beta by a smaller
//! margin searches its moves that make no four a ply shallower (fail-high
//! reduction), and a null-window node at depth 1 or 2 searches fewer of
//! its best-ordered moves (`branch_limit`).
//!
//! The reductions below the root replaced ply's own, of late quiet moves
//! only from the fourth on, when Rapfi with its own reductions switched
//! off had shown them to be most of its strength: against Rapfi classical
//! at 200 ms a move, 129 points of 400 games (32.2%) where the search
//! before made 93 (23.2%), both with the learned evaluation (the README's
//! "Rapfi's reductions in ply's search", 2026-12-07). Rapfi's move-count
//! pruning with them lost (28.2%), and alone too (15.5%).

use std::sync::OnceLock;

use crate::board::Board;
use crate::pattern::Level;
use crate::Stone;

/// Moves a null-window node searches at depths 1 and 2 (the search's
/// [`crate::search::BRANCH_LIMIT`] elsewhere below the root): near the
/// horizon the policy's late moves rarely refute, and the README's "Fewer
/// moves near the horizon" measured 6 and 8 at 53.0% over 1,200 games
/// against 10 at every depth (4 and 6, and 5, 7 and 9 at depths 1-3, 52.2%
/// and 52.3% over 600 each).
const SHALLOW_BRANCH_LIMITS: [usize; 2] = [6, 8];

/// The most moves a node of `depth` searches below the root: fewer at
/// null-window nodes near the horizon ([`SHALLOW_BRANCH_LIMITS`]), else
/// `limit`.
pub(crate) fn branch_limit(depth: i32, null_window: bool, limit: usize) -> usize {
    match usize::try_from(depth) {
        Ok(d @ 1..=2) if null_window => SHALLOW_BRANCH_LIMITS[d - 1].min(limit),
        _ => limit,
    }
}

/// Depths up to which a node whose static value beats beta by the margin
/// returns it (reverse futility pruning).
pub(crate) const FUTILITY_DEPTH: i32 = 3;

/// The futility margin a ply, in the hand-made evaluation's units: an
/// open three is worth about 800, and the search's score differs from
/// the static one by a standard deviation of 220-240 at depths 2-5.
pub(crate) const FUTILITY_MARGIN: i32 = 300;

/// A margin in the hand-made evaluation's units as the learned
/// evaluation's thousandths of a logit (504 hand-made units a logit, as
/// its fit measured).
pub(crate) const fn in_learned_units(hand_made: i32) -> i32 {
    hand_made * 1000 / 504
}

/// Root moves from this index on (the first is 0) may be searched
/// shallower.
pub(crate) const REDUCE_ROOT_FROM: usize = 3;

/// The fail-high reduction's margin a ply, in the hand-made evaluation's
/// units: a null-window node whose static value beats beta by it searches
/// the moves that make no four a ply shallower (half the futility margin:
/// 150 measured 53.2% over 600 games, 70 50.5%).
pub(crate) const FAIL_HIGH_MARGIN: i32 = 150;

/// Depths from which late quiet root moves are searched shallower.
pub(crate) const REDUCE_DEPTH: i32 = 3;

/// The reductions' divisor, in hundredths (see [`reduction`]).
const DIVISOR: f64 = 70.0;

/// Plies by which the `index`-th root move (from 0) of an iteration of
/// `depth` is searched shallower when quiet: ln(depth) × ln(index + 1) / 0.7 (the
/// divisor [`DIVISOR`] in hundredths), at least one, and never past the
/// horizon (a reduced child of depth 0 is judged by the quiescence
/// search).
pub(crate) fn reduction(depth: i32, index: usize) -> i32 {
    const SIDE: usize = 64;
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = vec![0u8; SIDE * SIDE];
        for d in 1..SIDE {
            for i in 1..SIDE {
                let r = (d as f64).ln() * ((i + 1) as f64).ln() * 100.0 / DIVISOR;
                table[d * SIDE + i] = r.clamp(1.0, 255.0) as u8;
            }
        }
        table
    });
    let (d, i) = (
        depth.clamp(1, SIDE as i32 - 1) as usize,
        index.min(SIDE - 1),
    );
    i32::from(table[d * SIDE + i]).min(depth - 1).max(1)
}

/// True when a stone of `side` on `cell` is quiet: it makes no open
/// three or more for `side` and stops none of the opponent's.
pub(crate) fn is_quiet(board: &Board, cell: usize, side: Stone) -> bool {
    let open_three = Level::OpenThree as u8;
    board.best_level(cell, side) < open_three
        && board.best_level(cell, side.opponent()) < open_three
}

/// What a late move's reduction depends on besides its node's depth and
/// its place in the order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LateMove {
    /// The node's window is open: it is on the principal variation.
    pub principal: bool,
    /// A null-window node expected to fail high (its parent's reduced
    /// or first null-window child, as Rapfi and Stockfish mark them).
    pub cut_node: bool,
    /// The side's static value rose since its previous node (two plies
    /// up), or is not known.
    pub improving: bool,
    /// The move makes an open three or more for the side.
    pub attack: bool,
}

/// Plies taken off a move on the principal variation.
const PRINCIPAL_LESS: f32 = 0.97;
/// Plies added at a cut node for a move that attacks nothing.
const CUT_NODE_MORE: f32 = 1.8;
/// Plies added off the principal variation when the side's value fell.
const NOT_IMPROVING_MORE: f32 = 1.0;

/// Plies by which the `index`-th move (from 1; the first is never
/// reduced) of a node of `depth` (at least 2) is first searched
/// shallower: ln(depth) × ln(index + 1), one ply more when off the
/// principal variation the side's value fell, 1.8 more at a cut node
/// for a move that makes no open three, about one less on the principal
/// variation; rounded, never negative. The caller keeps a ply at least.
pub(crate) fn late_move_reduction(depth: i32, index: usize, late: LateMove) -> i32 {
    let mut r = (depth.max(1) as f32).ln() * ((index + 1) as f32).ln();
    if !late.principal && !late.improving && r > 1.0 {
        r += NOT_IMPROVING_MORE;
    }
    if late.principal {
        r -= PRINCIPAL_LESS;
    }
    if late.cut_node && !late.attack {
        r += CUT_NODE_MORE;
    }
    r.round().max(0.0) as i32
}

/// The margin, in the hand-made evaluation's units, by which a reduced
/// move must beat alpha to be searched again a ply deeper than its
/// node's moves: more the more it was reduced.
pub(crate) fn deeper_margin(reduced_by: i32) -> i32 {
    170 + 55 * reduced_by
}

/// True when a stone of `side` on `cell` makes an open three or more for
/// `side`.
pub(crate) fn attacks(board: &Board, cell: usize, side: Stone) -> bool {
    board.best_level(cell, side) >= Level::OpenThree as u8
}

/// True when a stone of `side` on `cell` makes a four or more.
pub(crate) fn makes_four(board: &Board, cell: usize, side: Stone) -> bool {
    board.best_level(cell, side) >= Level::Four as u8
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::{Move, Rule};

    #[test]
    fn fewer_moves_only_at_null_window_nodes_near_the_horizon() {
        assert_eq!(branch_limit(1, true, 10), 6);
        assert_eq!(branch_limit(2, true, 10), 8);
        assert_eq!(branch_limit(3, true, 10), 10);
        assert_eq!(branch_limit(0, true, 10), 10);
        assert_eq!(branch_limit(1, false, 10), 10);
        assert_eq!(branch_limit(2, true, 5), 5);
    }

    /// `makes_four` against playing the stone: with no five to make
    /// before, the stone makes a four exactly when its side then has a
    /// cell that makes five (random freestyle games on 9 x 9).
    #[test]
    fn makes_four_agrees_with_playing_the_stone() {
        let mut rng = StdRng::seed_from_u64(11);
        let (mut checked, mut fours) = (0, 0);
        for game in 0..200 {
            let mut board = Board::new(9, 9, 5, Rule::Freestyle).expect("9 x 9 is fine");
            let cells: Vec<usize> = (0..81u8)
                .map(|i| {
                    board
                        .index(Move { x: i % 9, y: i / 9 })
                        .expect("on the board")
                })
                .collect();
            let mut side = Stone::Black;
            while board.winner().is_none() {
                let free: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| board.is_free(c))
                    .collect();
                if free.is_empty() {
                    break;
                }
                if !board.has_at_least(side, Level::Five) {
                    for &cell in &free {
                        let claimed = makes_four(&board, cell, side);
                        board.put_stone(cell, side);
                        let played =
                            board.has_at_least(side, Level::Five) || board.winner().is_some();
                        board.take_back();
                        assert_eq!(claimed, played, "game {game}, cell {cell}");
                        checked += 1;
                        fours += usize::from(played);
                    }
                }
                board.put_stone(free[rng.gen_range(0..free.len())], side);
                side = side.opponent();
            }
        }
        assert!(
            checked > 10_000 && fours > 500,
            "{checked} cells, {fours} fours"
        );
    }

    const PLAIN: LateMove = LateMove {
        principal: false,
        cut_node: false,
        improving: true,
        attack: false,
    };

    #[test]
    fn late_moves_are_reduced_more_the_later_and_deeper() {
        // ln 2 × ln 2 = 0.48: the second move of a depth-2 node is not
        // reduced; ln 10 × ln 11 = 5.5 at depth 10, move 11.
        assert_eq!(late_move_reduction(2, 1, PLAIN), 0);
        assert_eq!(late_move_reduction(10, 10, PLAIN), 6);
        for depth in 2..40 {
            for index in 1..100 {
                let r = late_move_reduction(depth, index, PLAIN);
                assert!(r >= 0);
                assert!(late_move_reduction(depth + 1, index, PLAIN) >= r);
                assert!(late_move_reduction(depth, index + 1, PLAIN) >= r);
            }
        }
    }

    #[test]
    fn cut_nodes_and_falling_values_reduce_more_the_principal_variation_less() {
        let (depth, index) = (8, 6);
        let plain = late_move_reduction(depth, index, PLAIN);
        let cut = LateMove {
            cut_node: true,
            ..PLAIN
        };
        assert_eq!(late_move_reduction(depth, index, cut), plain + 2);
        let attack = LateMove {
            attack: true,
            ..cut
        };
        assert_eq!(late_move_reduction(depth, index, attack), plain);
        let falling = LateMove {
            improving: false,
            ..PLAIN
        };
        assert_eq!(late_move_reduction(depth, index, falling), plain + 1);
        let principal = LateMove {
            principal: true,
            improving: false,
            ..PLAIN
        };
        assert_eq!(late_move_reduction(depth, index, principal), plain - 1);
        assert!(deeper_margin(3) > deeper_margin(1));
    }

    #[test]
    fn reductions_grow_with_depth_and_lateness_and_keep_a_ply() {
        // ln 3 × ln 4 / 0.7 = 2.18: two plies, all a depth-3 node has left.
        assert_eq!(reduction(3, 3), 2);
        assert_eq!(reduction(4, 3), 2);
        assert!(reduction(12, 13) > reduction(4, 13));
        assert!(reduction(12, 13) > reduction(12, 3));
        for depth in 3..40 {
            for index in 0..300 {
                let r = reduction(depth, index);
                assert!(
                    r >= 1 && depth - 1 - r >= 0,
                    "depth {depth} move {index}: {r}"
                );
            }
        }
    }
}
