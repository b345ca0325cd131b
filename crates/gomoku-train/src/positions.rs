//! The positions of self-play games that the evaluation is fitted on,
//! walked in one order for every step that reads them (the fit's samples,
//! the search labels), so that the n-th label is the n-th sample's.

use ply_gomoku::{Board, Rule, Stone};

use crate::games::GameRecord;

/// Calls `visit(game, board, side)` for every position of `games` played
/// under `rule` on `size` x `size` that the fit uses: each one after the
/// opening's random stones in which nobody has won and neither side can
/// make five at once (there the search decides, not the evaluation).
pub(crate) fn for_each_position(
    games: &[GameRecord],
    rule: Rule,
    size: usize,
    mut visit: impl FnMut(usize, &Board, Stone),
) {
    for (index, game) in games.iter().enumerate() {
        let Ok(mut board) = Board::new(size, size, 5, rule) else {
            return;
        };
        let mut side = Stone::Black;
        for (ply, &mv) in game.moves.iter().enumerate() {
            if ply >= game.opening
                && board.winner().is_none()
                && board.winning_cells(side).is_empty()
                && board.winning_cells(side.opponent()).is_empty()
            {
                visit(index, &board, side);
            }
            if board.play(mv, side).is_err() {
                break;
            }
            side = side.opponent();
        }
    }
}
