//! Selective search: which nodes the search may cut on the static
//! evaluation alone, and which moves it may first search shallower. The
//! cut acts only at null-window nodes with no open three against the
//! side to move, the reductions only on quiet moves (neither side's line
//! reaches an open three on the cell), where a tactic the static
//! evaluation misses is least likely; a reduced move that beats alpha is
//! searched again at full depth, and forced blocks and the quiescence
//! search are untouched. Measured together (the README's "Selective search
//! again"): 58.5% over 600 games at 100 ms a move against the search
//! without them, where 200-game matches of each alone had measured
//! neutral. Two more, measured together at 53.0% over 1,200 games: the
//! root's late quiet moves are reduced too, and a null-window node above
//! beta by a smaller margin searches its moves that make no four a ply
//! shallower (fail-high reduction). And a null-window node at depth 1 or
//! 2 searches fewer of its best-ordered moves (`branch_limit`).

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

/// Moves from this index on (the first is 0) may be searched shallower.
pub(crate) const REDUCE_FROM: usize = 3;

/// Root moves from this index on may be searched shallower, as below the
/// root (the root searches every candidate, not a best few).
pub(crate) const REDUCE_ROOT_FROM: usize = 3;

/// The fail-high reduction's margin a ply, in the hand-made evaluation's
/// units: a null-window node whose static value beats beta by it searches
/// the moves that make no four a ply shallower (half the futility margin:
/// 150 measured 53.2% over 600 games, 70 50.5%).
pub(crate) const FAIL_HIGH_MARGIN: i32 = 150;

/// Depths from which late quiet moves are searched shallower.
pub(crate) const REDUCE_DEPTH: i32 = 3;

/// The reductions' divisor, in hundredths (see [`reduction`]).
const DIVISOR: f64 = 70.0;

/// Plies by which the `index`-th move (from 0) of a node of `depth` is
/// searched shallower when quiet: ln(depth) × ln(index + 1) / 0.7 (the
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
