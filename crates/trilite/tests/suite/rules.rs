//! Trilite's rules: the vanishing order, the ban on the vanishing square,
//! wins judged after the removal, notation and its errors, and the
//! conformance harness.

use ply_engine::{conformance, Game, GameResult, Notation, Side, Symmetric};
use ply_trilite::Trilite;

fn position(moves: &str) -> Trilite {
    Trilite::new()
        .parse_position(moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"))
}

fn square(name: &str) -> u8 {
    ply_trilite::parse_square(name).expect("a square")
}

#[test]
fn the_oldest_mark_vanishes_when_a_fourth_is_placed() {
    let mut game = position("a1 b2 c1 b1 a3 c3");
    assert_eq!(
        game.marks(Side::First),
        &[square("a1"), square("c1"), square("a3")]
    );
    assert_eq!(game.vanishing(Side::First), Some(square("a1")));
    assert_eq!(game.vanishing(Side::Second), Some(square("b2")));
    game.play(game.parse_move("b3").expect("legal"));
    assert_eq!(
        game.marks(Side::First),
        &[square("c1"), square("a3"), square("b3")]
    );
    assert_eq!(game.owner(square("a1")), None, "a1 has vanished");
    assert_eq!(game.vanishing(Side::First), Some(square("c1")));
    // Now O places its fourth mark and loses b2, its oldest.
    game.play(game.parse_move("a1").expect("the vanished square is free"));
    assert_eq!(
        game.marks(Side::Second),
        &[square("b1"), square("c3"), square("a1")]
    );
    assert_eq!(game.owner(square("b2")), None);
}

#[test]
fn a_player_may_not_take_their_own_vanishing_square() {
    let game = position("a1 b2 c1 b1 a3 c3");
    let error = game.parse_move("a1").expect_err("banned").to_string();
    assert!(error.contains("vanishing"), "{error}");
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert!(!moves.contains(&square("a1")));
    assert_eq!(
        moves.len(),
        3,
        "three vacant squares once both hold three marks"
    );
}

#[test]
fn a_win_is_judged_after_the_removal() {
    // X holds a3 (oldest), a1, b1; c1 completes the top row while a3 vanishes.
    let mut game = Trilite::from_marks(&[6, 0, 1], &[4, 8, 3], Side::First).expect("valid");
    assert_eq!(game.result(), None);
    game.play(square("c1"));
    assert_eq!(game.result(), Some(GameResult::Win(Side::First)));
    assert_eq!(game.owner(square("a3")), None);
}

#[test]
fn a_win_on_the_square_the_opponent_just_vacated() {
    // O's oldest mark is on c1; it vanishes as O moves, and X takes c1.
    let mut game = Trilite::from_marks(&[8, 0, 1], &[2, 4, 5], Side::Second).expect("valid");
    assert!(
        game.parse_move("c1").is_err(),
        "c1 is O's own vanishing mark"
    );
    game.play(square("b3"));
    assert_eq!(game.result(), None);
    assert_eq!(game.owner(square("c1")), None);
    game.play(game.parse_move("c1").expect("now free"));
    assert_eq!(game.result(), Some(GameResult::Win(Side::First)));
}

#[test]
fn no_win_through_a_mark_that_just_vanished() {
    // X holds a1 (oldest), b1, c3: c1 would complete the top row only if a1 stayed.
    let mut game = Trilite::from_marks(&[0, 1, 8], &[4, 3, 7], Side::First).expect("valid");
    game.play(square("c1"));
    assert_eq!(game.result(), None);
    assert_eq!(game.owner(square("a1")), None);
    assert_eq!(game.to_move(), Side::Second);
}

#[test]
fn errors_say_what_is_wrong() {
    let game = position("a1 b2");
    let text = |m: &str| game.parse_move(m).expect_err(m).to_string();
    assert!(text("a1").contains("occupied"), "{}", text("a1"));
    assert!(text("b2").contains("occupied"), "{}", text("b2"));
    assert!(text("d1").contains("off the board"), "{}", text("d1"));
    assert!(text("a4").contains("off the board"), "{}", text("a4"));
    assert!(text("10").contains("off the board"), "{}", text("10"));
    assert!(text("0").contains("off the board"), "{}", text("0"));
    assert!(text("zz").contains("not a square"), "{}", text("zz"));
    assert!(text("b").contains("not a square"), "{}", text("b"));
    assert!(text("").contains("not a square"), "{:?}", text(""));
    let over = position("a1 b1 a2 b2 a3");
    assert_eq!(over.result(), Some(GameResult::Win(Side::First)));
    assert!(over.parse_move("c3").is_err());
    let bad = Trilite::new()
        .parse_position("a1 a1")
        .expect_err("occupied");
    assert!(bad.to_string().contains("move 2"), "{bad}");
    assert!(bad.to_string().contains("for example 'b1 c3 b2'"), "{bad}");
}

/// Messages repeat input as typed (numbers too), cut long input and never
/// pass a control character through raw.
#[test]
fn errors_echo_input_safely() {
    let game = Trilite::new();
    let text = |m: &str| game.parse_move(m).expect_err(m).to_string();
    assert!(
        text("0010").contains("0010 is off the board"),
        "{}",
        text("0010")
    );
    assert!(text("-3").contains("-3 is off the board"), "{}", text("-3"));
    let huge = "99999999999999999999";
    assert!(text(huge).contains(huge), "{}", text(huge));
    assert!(
        text("a99999999999").contains("a99999999999 is off"),
        "{}",
        text("a99999999999")
    );
    let escape = text("\u{1b}[31mx");
    assert!(
        !escape.contains('\u{1b}') && escape.contains("\\u{1b}"),
        "{escape}"
    );
    let long = format!("q{}", "z".repeat(500));
    let cut = text(&long);
    assert!(cut.len() < 200 && cut.contains("..."), "{cut}");
    let position = Trilite::new()
        .parse_position(&format!("a1 {long}"))
        .expect_err("bad move");
    assert!(position.to_string().len() < 300, "{position}");
}

#[test]
fn squares_by_name_or_number() {
    let game = Trilite::new();
    assert_eq!(game.parse_move("b2"), Ok(4));
    assert_eq!(game.parse_move("B2"), Ok(4));
    assert_eq!(game.parse_move("5"), Ok(4));
    assert_eq!(game.parse_move("c3"), Ok(8));
    assert_eq!(game.parse_move("1"), Ok(0));
    assert_eq!(game.format_move(2), "c1");
}

#[test]
fn positions_print_as_their_shortest_move_list() {
    let long = position("a1 b2 c1 b1 a3 c3 b3 a1 a2 c1");
    let text = long.format_position();
    let back = position(&text);
    assert_eq!(back.key(), long.key());
    assert!(text.split(' ').count() <= 7, "{text}");
    assert_eq!(position("").key(), Trilite::new().key());
    assert_eq!(position("1 5 3").format_position(), "a1 b2 c1");
}

#[test]
fn render_shows_the_vanishing_marks() {
    let game = position("a1 b2 c1 b1 a3 c3");
    let text = game.render(false);
    assert!(text.contains("  1 x O X"), "{text}");
    assert!(text.contains("  2 . o ."), "{text}");
    assert!(
        text.contains("next to vanish (lower case): X a1, O b2"),
        "{text}"
    );
    assert!(text.contains("X to move"), "{text}");
    assert!(game.render(true).contains("\x1b["));
}

#[test]
fn symmetric_images_are_distinct_and_canonical() {
    let game = position("a1 b2 c1 b1");
    let mut images = Vec::new();
    game.symmetric_images(&mut images);
    assert_eq!(images.len(), 7);
    let mut keys: Vec<u32> = images.iter().map(|g| g.key()).collect();
    keys.push(game.key());
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), 8);
}

#[test]
fn from_marks_refuses_impossible_boards() {
    assert!(
        Trilite::from_marks(&[0, 1], &[1], Side::First).is_none(),
        "shared square"
    );
    assert!(
        Trilite::from_marks(&[0, 9], &[], Side::Second).is_none(),
        "off the board"
    );
    assert!(
        Trilite::from_marks(&[200], &[], Side::Second).is_none(),
        "far off the board"
    );
    assert!(
        Trilite::from_marks(&[0, 1, 2, 3], &[], Side::Second).is_none(),
        "four marks"
    );
    // The side to move cannot hold a line: it would have ended the game.
    assert!(Trilite::from_marks(&[0, 1, 2], &[4, 5], Side::First).is_none());
    let won = Trilite::from_marks(&[0, 1, 2], &[4, 5], Side::Second).expect("X has won");
    assert_eq!(won.result(), Some(GameResult::Win(Side::First)));
}

#[test]
fn conformance() {
    conformance::check_rules(&Trilite::new(), 300, 120, 11);
}
