//! The Trilite contest's C interface (`PlayTrilite`, from the Trilite contest request) to the Trilite engine:
//!
//! ```c
//! BoardPosition PlayTrilite(const Board triliteBoard,
//!                           BoardPosition opponentPreviousPlay,
//!                           int playerNumber, Boolean newGame);
//! ```
//!
//! declared in `include/trilite.h`. The board does not say in which order
//! each player's staying marks were placed, so the engine keeps its own
//! record of each game (one per player number, so two copies can play each
//! other in one process) and checks every board against it
//! ([`resynchronise`] when a board does not follow from it).
//!
//! All modules are private: `PlayTrilite` is exported to C from the root
//! (an `extern "C"` symbol's place in the module tree does not matter to
//! the linker), and the header's codes are re-exported here.

#![warn(missing_docs)]

mod codes;
mod seat;

use std::ffi::{c_int, c_uchar};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub use codes::{
    checked_answer, encode_board, is_empty_square, BoardPosition, PositionValue, K_EMPTY,
    K_NO_POSITION, K_PLAYER1_DISAPPEARING, K_PLAYER1_STAYING, K_PLAYER2_DISAPPEARING,
    K_PLAYER2_STAYING,
};
pub use seat::resynchronise;

/// The contest interface's `Boolean`: an unsigned char, zero for false.
pub type Boolean = c_uchar;

/// Chooses the square to play. Returns a square 0..8 that is empty on
/// `trilite_board`, or `kNoPosition` (-1) only when no square is empty or
/// the board pointer is null and no game is on record.
///
/// # Safety
///
/// `trilite_board` must be null or point to nine readable `PositionValue`s
/// (the contest interface's `Board`), as C passes `const Board`.
#[no_mangle]
pub unsafe extern "C" fn PlayTrilite(
    trilite_board: *const PositionValue,
    opponent_previous_play: BoardPosition,
    player_number: c_int,
    new_game: Boolean,
) -> BoardPosition {
    let board = if trilite_board.is_null() {
        None
    } else {
        // SAFETY: the pointer is not null (checked above) and the caller
        // guarantees it points to nine readable, initialised `PositionValue`s
        // (`c_int`, any bit pattern valid); we copy them out at once and keep
        // no reference, so later changes by the caller cannot alias ours.
        Some(unsafe { std::ptr::read_unaligned(trilite_board.cast::<[PositionValue; 9]>()) })
    };
    // Unwinding out of an `extern "C"` function aborts the caller's
    // process; answer something legal instead, whatever happened.
    let answer = catch_unwind(AssertUnwindSafe(|| {
        seat::play(board, opponent_previous_play, player_number, new_game != 0)
    }))
    .unwrap_or(K_NO_POSITION);
    // Whatever the engine chose, the caller gets a square empty on the
    // board it gave, or -1 when there is none.
    codes::checked_answer(board.as_ref(), answer)
}

/// Safe wrapper for Rust callers (tests, benchmarks): the same as the C
/// entry point with a board that is always there.
pub fn play_trilite(
    board: &[PositionValue; 9],
    opponent_previous_play: BoardPosition,
    player_number: i32,
    new_game: bool,
) -> BoardPosition {
    // SAFETY: `board` is a valid reference to nine `PositionValue`s.
    unsafe {
        PlayTrilite(
            board.as_ptr(),
            opponent_previous_play,
            player_number,
            Boolean::from(new_game),
        )
    }
}
