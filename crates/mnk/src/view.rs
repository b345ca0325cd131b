//! The boards as front ends draw them.

use ply_engine::{BoardView, Cell};

use crate::board::Mnk;
use crate::wide::MnkWide;

/// The board for the page: the cells row by row from the top.
pub(crate) fn board(game: &Mnk) -> BoardView {
    let (rows, cols) = (game.rows(), game.cols());
    let cells = (0..rows * cols)
        .map(|sq| Cell::of(game.owner(sq)))
        .collect();
    BoardView::grid(rows.into(), cols.into(), cells)
}

/// The wide board for the page: the cells row by row from the top.
pub(crate) fn wide_board(game: &MnkWide) -> BoardView {
    let board = game.inner().board();
    let cells = (0..board.height())
        .flat_map(|y| (0..board.width()).map(move |x| (x, y)))
        .map(|(x, y)| {
            let stone = board.stone(ply_gomoku::Move {
                x: x as u8,
                y: y as u8,
            });
            Cell::of(stone.map(|s| match s {
                ply_gomoku::Stone::Black => ply_engine::Side::First,
                ply_gomoku::Stone::White => ply_engine::Side::Second,
            }))
        })
        .collect();
    BoardView::grid(board.height(), board.width(), cells)
}
