//! The contest interface's numbering: board positions 0..8 (row-major, `kNoPosition`
//! = -1) and square contents, and conversion between a `Trilite` position
//! and a `Board`.

use std::ffi::c_int;

use ply_engine::Side;
use trilite::Trilite;

/// A square 0..8 (`kTopLeft` .. `kBottomRight`) or `kNoPosition`.
pub type BoardPosition = c_int;
/// What a square holds (`kEmpty`, `kPlayer1Staying`, ...).
pub type PositionValue = c_int;

/// `kNoPosition`: no square (no move yet, or none to play).
pub const K_NO_POSITION: BoardPosition = -1;
/// `kEmpty`: a square nobody holds.
pub const K_EMPTY: PositionValue = -1;
/// `kPlayer1Staying`: a first player's mark that stays after its next move.
pub const K_PLAYER1_STAYING: PositionValue = 0;
/// `kPlayer1Disappearing`: the first player's oldest of three marks, removed
/// by its next move.
pub const K_PLAYER1_DISAPPEARING: PositionValue = 1;
/// `kPlayer2Staying`: a second player's mark that stays after its next move.
pub const K_PLAYER2_STAYING: PositionValue = 2;
/// `kPlayer2Disappearing`: the second player's oldest of three marks, removed
/// by its next move.
pub const K_PLAYER2_DISAPPEARING: PositionValue = 3;

/// The `Side` of a 1-based player number.
pub fn side_of(player_number: c_int) -> Option<Side> {
    match player_number {
        1 => Some(Side::First),
        2 => Some(Side::Second),
        _ => None,
    }
}

/// The board the contest interface would show for `game`: a player's oldest mark is
/// "disappearing" once that player holds three.
pub fn encode_board(game: &Trilite) -> [PositionValue; 9] {
    let mut board = [K_EMPTY; 9];
    for side in Side::BOTH {
        let (staying, disappearing) = match side {
            Side::First => (K_PLAYER1_STAYING, K_PLAYER1_DISAPPEARING),
            Side::Second => (K_PLAYER2_STAYING, K_PLAYER2_DISAPPEARING),
        };
        for &square in game.marks(side) {
            board[square as usize] = if game.vanishing(side) == Some(square) {
                disappearing
            } else {
                staying
            };
        }
    }
    board
}

/// One player's marks as read from a board: the disappearing ones and the
/// staying ones, each in square order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeenMarks {
    pub disappearing: Vec<u8>,
    pub staying: Vec<u8>,
}

/// Each player's marks on `board`. A square holding a value outside the
/// contest interface's five is nobody's mark here, but it is not empty either: the
/// answer never names it (see [`is_empty_square`]).
pub fn decode(board: &[PositionValue; 9]) -> [SeenMarks; 2] {
    let mut seen: [SeenMarks; 2] = Default::default();
    for (square, &value) in board.iter().enumerate() {
        let square = square as u8;
        match value {
            K_PLAYER1_STAYING => seen[0].staying.push(square),
            K_PLAYER1_DISAPPEARING => seen[0].disappearing.push(square),
            K_PLAYER2_STAYING => seen[1].staying.push(square),
            K_PLAYER2_DISAPPEARING => seen[1].disappearing.push(square),
            _ => {}
        }
    }
    seen
}

/// True when `board` shows `square` (0..8) empty: exactly `kEmpty`. Any
/// other value, the contest interface's four marks or a value outside them, occupies
/// the square.
pub fn is_empty_square(board: &[PositionValue; 9], square: BoardPosition) -> bool {
    (0..9).contains(&square) && board[square as usize] == K_EMPTY
}

/// The squares `board` shows empty, one bit per square.
pub fn empty_squares(board: &[PositionValue; 9]) -> u16 {
    (0..9)
        .filter(|&square| is_empty_square(board, square))
        .fold(0, |bits, square| bits | 1 << square)
}

/// `answer` if it is empty on `board`, else the first empty square, else
/// `kNoPosition`: the last check before an answer leaves the library, so
/// no fault in the engine can name an occupied square or a value outside
/// -1..8.
pub fn checked_answer(board: Option<&[PositionValue; 9]>, answer: BoardPosition) -> BoardPosition {
    match board {
        Some(board) if is_empty_square(board, answer) => answer,
        Some(board) => first_empty(board),
        None if (0..9).contains(&answer) => answer,
        None => K_NO_POSITION,
    }
}

/// The first empty square, or `kNoPosition`: the last resort answer.
pub fn first_empty(board: &[PositionValue; 9]) -> BoardPosition {
    (0..9)
        .find(|&square| is_empty_square(board, square))
        .unwrap_or(K_NO_POSITION)
}
