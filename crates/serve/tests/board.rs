//! The drawn board against the games' own rendering: the Trilite marks
//! and the marks that vanish next (lower case in the terminal), over
//! random games.

mod common;

use ply_engine::GameKind;
use ply_serve::board::{board, Board};

/// The terminal's rows `  1 X . o`: cells, and which are lower case.
fn from_render(text: &str) -> (Vec<String>, Vec<usize>) {
    let mut cells = Vec::new();
    let mut fading = Vec::new();
    for line in text.lines().skip(1).take(3) {
        for token in line.split_whitespace().skip(1) {
            if token.eq_ignore_ascii_case("x") || token.eq_ignore_ascii_case("o") {
                if token.chars().all(|c| c.is_ascii_lowercase()) {
                    fading.push(cells.len());
                }
                cells.push(token.to_ascii_uppercase());
            } else {
                cells.push(String::new());
            }
        }
    }
    (cells, fading)
}

#[test]
fn trilite_board_matches_the_terminal_over_random_games() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let mut checked = 0;
    for _ in 0..200 {
        let mut session = ply_trilite::TRILITE
            .new_session(&ply_engine::GameOptions::new())
            .expect("a session");
        for _ in 0..30 {
            let (cells, fading) = from_render(&session.render(false));
            let Board::Grid {
                cells: drawn,
                fading: mut drawn_fading,
                ..
            } = board("trilite", &session.position(), None)
            else {
                panic!("a grid for {}", session.position());
            };
            drawn_fading.sort_unstable();
            assert_eq!(
                (drawn, drawn_fading),
                (cells, fading),
                "{}",
                session.position()
            );
            checked += 1;
            let moves = session.legal_moves();
            if session.result().is_some() || moves.is_empty() {
                break;
            }
            session
                .play(&moves[next(moves.len())])
                .expect("a legal move");
        }
    }
    assert!(checked > 1000);
}

#[test]
fn nim_and_othello_boards_read_their_notation() {
    assert_eq!(
        board("nim", "0,2,3/2", None),
        Board::Heaps {
            heaps: vec![0, 2, 3]
        }
    );
    let Board::Grid { rows, counts, .. } = board(
        "othello",
        "---------------------------OX------XO--------------------------- X",
        None,
    ) else {
        panic!("a grid");
    };
    assert_eq!((rows, counts), (8, Some([2, 2])));
}
