//! `PlayTrilite` through its safe Rust wrapper: boards that do not follow
//! from the engine's record, malformed boards, and odd arguments all get a
//! legal answer. One test function, because the engine's records are
//! process-wide and tests run in parallel threads.

use ply_engine::{Game, Notation};
use ply_trilite_c::play_trilite;
use ply_trilite_c::{encode_board, is_empty_square, K_EMPTY, K_NO_POSITION};
use trilite::{solution, Trilite};

fn position(moves: &str) -> Trilite {
    Trilite::new().parse_position(moves).expect("legal moves")
}

fn assert_legal(board: &[i32; 9], answer: i32, what: &str) {
    assert!(
        is_empty_square(board, answer),
        "{what}: answered {answer} on {board:?}"
    );
}

#[test]
fn every_call_gets_a_legal_answer() {
    // A normal start as player 1: a perfect (winning) first move.
    let start = [K_EMPTY; 9];
    let first = play_trilite(&start, K_NO_POSITION, 1, true);
    assert_legal(&start, first, "start");
    let mut game = Trilite::new();
    game.play(first as u8);
    assert_eq!(
        solution().value(&game).expect("reachable").outcome,
        ply_engine::Outcome::Lose,
        "the first move keeps the win"
    );

    // A board that cannot follow from the record (the opponent "moved" twice).
    let jumbled = position("b2 a1 c3 a3 c1");
    let board = encode_board(&jumbled);
    let answer = play_trilite(&board, 2, 1, false);
    assert_legal(&board, answer, "jumbled");

    // Resynchronised from a mid-game board, the engine still plays perfectly:
    // the opponent's newest mark is the reported move, so the order is known.
    let mid = position("a1 b2 c1 b1 a3 c3 b3");
    let board = encode_board(&mid);
    let answer = play_trilite(&board, 7, 2, true);
    assert_legal(&board, answer, "mid-game new game");
    let best = solution().analyze(&mid).expect("reachable").best_moves();
    assert!(
        best.contains(&(answer as u8)),
        "{answer} not among {best:?}"
    );

    // A wrong opponent move with a right board: the board wins.
    let answer = play_trilite(&board, 0, 2, false);
    assert_legal(&board, answer, "wrong previous move");

    // Values outside the contest interface's five, and unknown player numbers.
    let mut odd = encode_board(&position("a1 b2"));
    odd[8] = 42;
    for player in [0, 1, 2, 7, -3] {
        let answer = play_trilite(&odd, 4, player, false);
        assert_legal(&odd, answer, &format!("value 42, player {player}"));
    }

    // Too many marks for one player: no Trilite position, still an empty square.
    let crowded = [0, 0, 0, 0, 2, 2, K_EMPTY, K_EMPTY, 2];
    let answer = play_trilite(&crowded, 8, 2, false);
    assert_legal(&crowded, answer, "crowded");

    // A full board has no answer but kNoPosition.
    assert_eq!(
        play_trilite(&[0, 2, 0, 2, 0, 2, 2, 0, 2], 3, 1, false),
        K_NO_POSITION
    );

    // A finished game (the opponent has a line) still gets an empty square.
    let over = position("a1 b2 c1 b1 c3 b3");
    let board = encode_board(&over);
    assert!(over.result().is_some());
    let answer = play_trilite(&board, 7, 1, false);
    assert_legal(&board, answer, "finished game");
}

/// Given the board, the opponent's move and the engine's own record (the
/// position after its last move), the resynchronisation recovers the exact
/// position, both players' order included, throughout many random games.
#[test]
fn resynchronisation_recovers_the_exact_position() {
    use ply_trilite_c::resynchronise;
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut checked = 0;
    for _ in 0..300 {
        let mut game = Trilite::new();
        for _ in 0..40 {
            if game.result().is_some() {
                break;
            }
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = moves[(state % moves.len() as u64) as usize];
            let record = game;
            game.play(mv);
            if game.result().is_none() {
                let found = resynchronise(
                    &encode_board(&game),
                    Some(record),
                    i32::from(mv),
                    game.to_move(),
                )
                .expect("a position");
                assert_eq!(found.key(), game.key(), "{}", game.format_position());
                checked += 1;
            }
        }
    }
    assert!(checked > 3_000, "{checked}");
}
