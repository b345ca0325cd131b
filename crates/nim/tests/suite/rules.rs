//! Rules, notation and the conformance harness.

use ply_engine::conformance::{check_rules, check_values};
use ply_engine::{Game, GameError, GameResult, Notation, Side, Symmetric};
use ply_nim::{BoutonAnalyzer, Nim};

#[test]
fn conformance_normal_and_misere() {
    for misere in [false, true] {
        for rows in [&[1u16, 2, 3][..], &[3, 4, 5], &[7, 0, 9, 2]] {
            let start = Nim::new(rows, misere);
            check_rules(&start, 30, 40, 7);
            check_values(&start, &mut BoutonAnalyzer, 20, 40, 11);
        }
        // Big rows: a few playouts, each analysis values ~66,000 moves.
        let big = Nim::new(&[65_535, 1, 300], misere);
        check_rules(&big, 3, 10, 7);
        check_values(&big, &mut BoutonAnalyzer, 1, 4, 11);
    }
}

#[test]
fn last_to_take_wins_and_misere_flips() {
    let mut nim = Nim::new(&[0, 1, 0], false);
    let mv = nim.parse_move("2:1").unwrap();
    nim.play(mv);
    assert_eq!(nim.result(), Some(GameResult::Win(Side::First)));
    let mut nim = Nim::new(&[0, 1, 0], true);
    nim.play(mv);
    assert_eq!(nim.result(), Some(GameResult::Win(Side::Second)));
}

#[test]
fn positions_in_both_forms() {
    let nim = Nim::standard();
    for text in ["1,2,3", "123", " 1, 2 ,3 ", "1 2 3"] {
        assert_eq!(nim.parse_position(text).unwrap().format_position(), "1,2,3");
    }
    assert_eq!(
        nim.parse_position("65535,0,12").unwrap().rows(),
        &[65_535, 0, 12]
    );
    for bad in [
        "",
        "1,x,3",
        "65536,1",
        "1,-2",
        "12a",
        ",",
        &"1,".repeat(40),
        "1,,2",
    ] {
        assert!(
            matches!(nim.parse_position(bad), Err(GameError::BadPosition(_))),
            "{bad:?}"
        );
    }
}

fn illegal(nim: &Nim, text: &str) -> String {
    match nim.parse_move(text) {
        Err(GameError::IllegalMove { why, .. }) => why,
        other => panic!("{text:?} gave {other:?}"),
    }
}

#[test]
fn every_bad_move_is_explained() {
    let nim = Nim::new(&[1, 0, 3], false);
    assert!(illegal(&nim, "4:1").contains("no row 4"));
    assert!(illegal(&nim, "0:1").contains("no row 0"));
    assert!(illegal(&nim, "2:1").contains("row 2 is empty"));
    assert!(illegal(&nim, "3:4").contains("holds only 3"));
    assert!(illegal(&nim, "3:0").contains("at least one object"));
    for junk in ["", "hello", "3", "3:", ":1", "a:b", "1:1:1", "3:--1"] {
        assert!(illegal(&nim, junk).contains("not a move"), "{junk:?}");
    }
    assert!(illegal(&nim, "99999999999999999999:1").contains("no row"));
    assert_eq!(nim.format_move(nim.parse_move(" 3 : 2 ").unwrap()), "3:2");
    assert_eq!(nim.format_move(nim.parse_move("3 2").unwrap()), "3:2");
}

#[test]
fn render_draws_objects_and_counts() {
    let text = Nim::standard().render(false);
    assert!(text.contains("row  1:  |"), "{text}");
    assert!(text.contains("| | |"), "{text}");
    assert!(text.contains("(3)"), "{text}");
    let big = Nim::new(&[65_535], false).render(true);
    assert!(big.contains("(65535)") && big.contains("..."), "{big}");
}

/// Numbers are repeated as typed: `3:99999999999999999999` answered "you
/// cannot take 18446744073709551615"; negative numbers are "at least 1",
/// not "not a move".
#[test]
fn bad_moves_echo_numbers_as_typed() {
    let nim = Nim::new(&[1, 0, 3], false);
    let huge = "99999999999999999999";
    let text = illegal(&nim, &format!("3:{huge}"));
    assert!(text.ends_with(&format!("you cannot take {huge}")), "{text}");
    let text = illegal(&nim, &format!("{huge}:1"));
    assert!(text.contains(&format!("no row {huge}")), "{text}");
    let text = illegal(&nim, "3:007");
    assert!(text.ends_with("you cannot take 007"), "{text}");
    let text = illegal(&nim, "3:-1");
    assert!(text.contains("take at least one object, not -1"), "{text}");
    let text = illegal(&nim, "-2:1");
    assert!(
        text.contains("the row must be at least 1, not -2"),
        "{text}"
    );
    let text = illegal(&nim, &format!("\u{1b}[2J{}", "x".repeat(300)));
    assert!(!text.contains('\u{1b}') && text.contains("..."), "{text}");
    assert!(text.len() < 200, "{text}");
}

/// The side to move survives the text: `0,2,3/2` is player 2 to move, and
/// a position printed then read back is the same position, key and side.
#[test]
fn the_side_to_move_survives_the_text() {
    let mut nim = Nim::standard();
    nim.play(nim.parse_move("1:1").unwrap());
    assert_eq!(nim.to_move(), Side::Second);
    let text = nim.format_position();
    assert_eq!(text, "0,2,3/2");
    let back = nim.parse_position(&text).unwrap();
    assert_eq!(back.to_move(), Side::Second);
    assert_eq!(back.key(), nim.key());
    assert_eq!(back, nim);
    assert_ne!(back.key(), Nim::new(&[0, 2, 3], false).key());
    // The same rows for either player have one canonical entry.
    assert_eq!(back.canonical(), Nim::new(&[0, 2, 3], false).canonical());
    assert_eq!(nim.parse_position("1,2,3/1").unwrap(), Nim::standard());
    assert_eq!(nim.parse_position("123/2").unwrap().to_move(), Side::Second);
    for bad in ["1,2,3/3", "1,2,3/", "1,2/2/2", "/2"] {
        let error = nim.parse_position(bad).unwrap_err().to_string();
        assert!(error.contains("for example 1,2,3"), "{bad}: {error}");
    }
}
