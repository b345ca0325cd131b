//! `PlayTrilite` with any nine ints and any other arguments: the answer is
//! -1 exactly when no square holds `kEmpty` (-1), and otherwise a square
//! that holds `kEmpty` on the board given. Values outside -1..3 occupy
//! their square. Checked here against the board alone, so the engine's
//! process-wide records (shared by these tests' threads) cannot matter.

use ply_trilite_c::play_trilite;
use proptest::prelude::*;

/// The answer's contract, written from the C header alone.
fn assert_answer(board: &[i32; 9], answer: i32, what: &str) {
    match board.iter().position(|&value| value == -1) {
        None => assert_eq!(answer, -1, "{what}: no square is empty on {board:?}"),
        Some(_) => assert!(
            (0..9).contains(&answer) && board[answer as usize] == -1,
            "{what}: answered {answer}, not an empty square of {board:?}"
        ),
    }
}

/// The two boards of the issue: nine 7s has no empty square (the engine
/// read it as an empty board and answered 1), and eight -2s beside one
/// empty square must get that square (it answered 1).
#[test]
fn out_of_range_values_are_occupied() {
    for new_game in [true, false] {
        for player in [1, 2] {
            let sevens = [7; 9];
            assert_eq!(play_trilite(&sevens, -1, player, new_game), -1);
            let mut minus_twos = [-2; 9];
            minus_twos[8] = -1;
            assert_eq!(play_trilite(&minus_twos, -1, player, new_game), 8);
        }
    }
}

/// A real position with one square spoiled by an out-of-range value: the
/// engine's best square there is never answered.
#[test]
fn a_spoiled_square_is_never_answered() {
    let empty = [-1; 9];
    for spoiled in 0..9 {
        let mut board = empty;
        board[spoiled] = 42;
        for player in [1, 2] {
            let answer = play_trilite(&board, -1, player, true);
            assert_answer(&board, answer, "one spoiled square");
        }
    }
}

/// Mostly values near the contest interface's five (so real positions appear), some
/// anywhere in i32.
fn square_value() -> impl Strategy<Value = i32> {
    prop_oneof![4 => -1..=3i32, 1 => -3..=8i32, 1 => any::<i32>()]
}

fn check(board: [i32; 9], previous: i32, player: i32, new_game: bool) {
    let answer = play_trilite(&board, previous, player, new_game);
    assert_answer(&board, answer, "arbitrary call");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_board_gets_an_empty_square_or_minus_one(
        board in proptest::array::uniform9(square_value()),
        previous in prop_oneof![-1..=9i32, any::<i32>()],
        player in prop_oneof![1..=2i32, any::<i32>()],
        new_game in any::<bool>(),
    ) {
        check(board, previous, player, new_game);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200_000))]

    /// The long run: `cargo test -p ply-trilite-c --test suite
    /// -- --ignored arbitrary_boards::long_run`.
    #[test]
    #[ignore = "long property run; see its doc comment for the command"]
    fn long_run(
        board in proptest::array::uniform9(square_value()),
        previous in prop_oneof![-1..=9i32, any::<i32>()],
        player in prop_oneof![1..=2i32, any::<i32>()],
        new_game in any::<bool>(),
    ) {
        check(board, previous, player, new_game);
    }
}

/// The last check at the C edge on its own: an answer the engine might get
/// wrong (occupied, out of range) becomes the first empty square or -1.
#[test]
fn the_edge_check_replaces_a_bad_answer() {
    use ply_trilite_c::checked_answer;
    let board = [0, 7, -1, 2, -1, 3, 1, -5, -1];
    assert_eq!(checked_answer(Some(&board), 4), 4);
    for bad in [0, 1, 3, 7, -1, 9, i32::MIN] {
        assert_eq!(checked_answer(Some(&board), bad), 2, "answer {bad}");
    }
    assert_eq!(checked_answer(Some(&[9; 9]), 4), -1);
    assert_eq!(checked_answer(None, 5), 5);
    assert_eq!(checked_answer(None, 9), -1);
}
