//! Rules, notation and counts of tic-tac-toe against the published figures.

use std::collections::HashSet;

use ply_engine::conformance::check_rules;
use ply_engine::perft;
use ply_engine::{Game, GameError, GameResult, Notation, Side, Symmetric};
use ply_mnk::{Mnk, MnkKnowledge};

fn board(rows: u8, cols: u8, k: u8) -> Mnk {
    Mnk::new(rows, cols, k).expect("a valid board")
}

fn position(game: &Mnk, text: &str) -> Mnk {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn bad_position(game: &Mnk, text: &str) -> String {
    match game.parse_position(text) {
        Err(GameError::BadPosition(message)) => message,
        other => panic!("{text:?} should be rejected, got {other:?}"),
    }
}

fn bad_move(game: &Mnk, text: &str) -> String {
    match game.parse_move(text) {
        Err(GameError::IllegalMove { why, .. }) => why,
        other => panic!("{text:?} should be rejected, got {other:?}"),
    }
}

#[test]
fn conformance_on_many_boards() {
    for (rows, cols, k) in [
        (1, 1, 1),
        (1, 5, 2),
        (2, 2, 2),
        (3, 3, 3),
        (3, 5, 3),
        (4, 4, 4),
        (5, 6, 4),
        (6, 6, 5),
        (7, 3, 3),
        (8, 8, 5),
        (8, 8, 1),
    ] {
        check_rules(
            &board(rows, cols, k),
            40,
            70,
            rows as u64 * 100 + cols as u64,
        );
    }
}

#[test]
fn perft_of_tic_tac_toe() {
    let start = Mnk::tic_tac_toe();
    let expected = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(
            perft(&start, &MnkKnowledge, depth as u32),
            count,
            "perft {depth}"
        );
    }
    assert_eq!(perft(&start, &MnkKnowledge, 10), 0);
}

fn reachable(game: &mut Mnk, seen: &mut HashSet<u128>) {
    if !seen.insert(game.key()) {
        return;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    for mv in moves {
        let undo = game.play(mv);
        reachable(game, seen);
        game.undo(mv, undo);
    }
}

#[test]
fn tic_tac_toe_has_5478_positions_765_up_to_symmetry() {
    let mut seen = HashSet::new();
    reachable(&mut Mnk::tic_tac_toe(), &mut seen);
    assert_eq!(seen.len(), 5478);
    let classes: HashSet<u128> = seen
        .iter()
        .map(|&key| {
            let text = key_text(key);
            position(&Mnk::tic_tac_toe(), &text).canonical().1
        })
        .collect();
    assert_eq!(classes.len(), 765);
}

fn key_text(key: u128) -> String {
    let (x, o) = ((key >> 64) as u64, key as u64);
    (0..9)
        .map(|sq| match (x >> sq & 1, o >> sq & 1) {
            (1, _) => 'X',
            (_, 1) => 'O',
            _ => '-',
        })
        .collect()
}

/// Complete games by result: X wins, O wins, draws.
fn games(game: &mut Mnk, tally: &mut [u64; 3]) {
    match game.result() {
        Some(GameResult::Win(Side::First)) => tally[0] += 1,
        Some(GameResult::Win(Side::Second)) => tally[1] += 1,
        Some(GameResult::Draw) => tally[2] += 1,
        None => {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            for mv in moves {
                let undo = game.play(mv);
                games(game, tally);
                game.undo(mv, undo);
            }
        }
    }
}

#[test]
fn tic_tac_toe_has_255168_games() {
    let mut tally = [0; 3];
    games(&mut Mnk::tic_tac_toe(), &mut tally);
    assert_eq!(tally, [131_184, 77_904, 46_080]);
    assert_eq!(tally.iter().sum::<u64>(), 255_168);
}

#[test]
fn squares_and_cell_numbers() {
    let game = Mnk::tic_tac_toe();
    assert_eq!(game.parse_move("a1"), Ok(0));
    assert_eq!(game.parse_move(" B2 "), Ok(4));
    assert_eq!(game.parse_move("c3"), Ok(8));
    assert_eq!(game.parse_move("3"), Ok(2));
    assert_eq!(game.parse_move("9"), Ok(8));
    assert_eq!(game.format_move(5), "c2");
    let wide = board(2, 8, 3);
    assert_eq!(wide.parse_move("h2"), Ok(15));
    assert_eq!(wide.format_move(9), "b2");
}

#[test]
fn bad_moves_say_why() {
    let game = position(&Mnk::tic_tac_toe(), "----X----");
    assert!(bad_move(&game, "hello").contains("not a square"));
    assert!(bad_move(&game, "").contains("not a square"));
    assert!(bad_move(&game, "b").contains("not a square"));
    assert!(bad_move(&game, "2b").contains("not a square"));
    assert!(bad_move(&game, "d1").contains("off the board"));
    assert!(bad_move(&game, "a4").contains("off the board"));
    assert!(bad_move(&game, "a0").contains("off the board"));
    assert!(bad_move(&game, "10").contains("off the board"));
    assert!(bad_move(&game, "0").contains("off the board"));
    assert!(bad_move(&game, "99999999999999999999").contains("off the board"));
    assert_eq!(bad_move(&game, "b2"), "b2 is occupied");
    assert_eq!(bad_move(&game, "5"), "b2 is occupied");
    let over = position(&Mnk::tic_tac_toe(), "XXXOO----");
    assert_eq!(bad_move(&over, "c3"), "the game is over");
}

#[test]
fn positions_parse_in_every_spelling() {
    let game = Mnk::tic_tac_toe();
    let canonical = position(&game, "X-O-X----");
    for text in ["X.O.X....", "x_o_x____", "X O X    ", "X-O-X----\n"] {
        assert_eq!(position(&game, text).key(), canonical.key(), "{text:?}");
    }
    assert_eq!(canonical.format_position(), "X-O-X----");
    assert_eq!(canonical.to_move(), Side::Second);
    assert_eq!(position(&game, "XO-------").to_move(), Side::First);
    let won = position(&game, "XXXOO----");
    assert_eq!(won.result(), Some(GameResult::Win(Side::First)));
    let drawn = position(&game, "XOXXOOOXX");
    assert_eq!(drawn.result(), Some(GameResult::Draw));
    // The last move may complete two lines at once.
    let double = position(&game, "XXXXOOXOO");
    assert_eq!(double.result(), Some(GameResult::Win(Side::First)));
}

#[test]
fn impossible_positions_say_why() {
    let game = Mnk::tic_tac_toe();
    assert!(bad_position(&game, "X-O").contains("has 9 cells"));
    assert!(bad_position(&game, "X-O-------").contains("got 10"));
    assert!(bad_position(&game, "X-O-Z----").contains("bad character 'Z' at cell 5"));
    assert!(bad_position(&game, "OO-X-----").contains("impossible counts"));
    assert!(bad_position(&game, "XX-------").contains("impossible counts"));
    assert!(bad_position(&game, "XXXOOO---").contains("both X and O"));
    assert!(bad_position(&game, "XXXOO-O--").contains("already over"));
    assert!(bad_position(&game, "OOOXX-XX-").contains("already over"));
    let wide = board(3, 7, 3);
    assert!(bad_position(&wide, "XXX-XXXOO-OO-O-------").contains("no stone in common"));
}

#[test]
fn rendering_marks_and_colour() {
    let game = position(&Mnk::tic_tac_toe(), "X---O----");
    let plain = game.render(false);
    assert!(!plain.contains('\x1b'));
    assert!(plain.contains('X') && plain.contains('O'));
    assert!(plain.lines().next().unwrap().contains("a   b   c"));
    assert_eq!(plain.lines().count(), 6);
    assert!(game.render(true).contains('\x1b'));
}

#[test]
fn symmetric_images_share_a_canonical_form() {
    let game = position(&board(4, 5, 4), "X-------O-------X---");
    let mut images = Vec::new();
    game.symmetric_images(&mut images);
    assert_eq!(images.len(), 3);
    for image in &images {
        assert_eq!(image.canonical(), game.canonical());
    }
    Mnk::tic_tac_toe().symmetric_images(&mut images);
    assert_eq!(images.len(), 7);
}

#[test]
fn unsupported_boards_are_refused() {
    assert!(Mnk::new(0, 3, 3).is_err());
    assert!(Mnk::new(9, 9, 5).is_err());
    assert!(Mnk::new(3, 3, 0).is_err());
    assert!(Mnk::new(3, 3, 4).is_err());
    assert!(Mnk::new(8, 8, 8).is_ok());
}
