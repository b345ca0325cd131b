//! Property tests of Trilite's parsers: any text gives either a clear
//! one-line error or a legal answer, never a panic.

use ply_engine::conformance::assert_clear_message;
use ply_engine::{Game, Notation};
use ply_trilite::Trilite;
use proptest::prelude::*;

/// Text that looks like Trilite input often enough to parse, and any text.
fn input() -> impl Strategy<Value = String> {
    prop_oneof![
        "([a-dA-D]?[0-9]{1,3}|[ ,]|\t|x){0,24}",
        any::<String>(),
        ".{0,200}",
    ]
}

/// A clear message: one line, no control character, and short even when
/// the input was long.
fn assert_clear(message: &str, input: &str) {
    assert_clear_message(message, input, 399);
}

fn check_position(text: &str) {
    match Trilite::new().parse_position(text) {
        Ok(game) => {
            let canonical = game.format_position();
            let back = Trilite::new()
                .parse_position(&canonical)
                .unwrap_or_else(|e| panic!("{canonical:?} from {text:?} does not parse: {e}"));
            assert_eq!(back.key(), game.key(), "{text:?}");
            assert_eq!(back.to_move(), game.to_move(), "{text:?}");
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

fn check_move(start: &str, text: &str) {
    let game = Trilite::new().parse_position(start).expect("a position");
    match game.parse_move(text) {
        Ok(mv) => {
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            assert!(legal.contains(&mv), "{text:?} gave illegal {mv} in {start}");
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

const POSITIONS: [&str; 4] = ["", "a1 b2", "a1 b2 c1 b1 a3 c3", "a1 b1 a2 b2 a3"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn positions(text in input()) {
        check_position(&text);
    }

    #[test]
    fn moves(start in prop::sample::select(&POSITIONS[..]), text in input()) {
        check_move(start, &text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100_000))]

    /// The long run: `cargo test -p ply-trilite --test suite --
    /// --ignored notation_props::long_run`.
    #[test]
    #[ignore = "long property run; see its doc comment for the command"]
    fn long_run(start in prop::sample::select(&POSITIONS[..]), text in input()) {
        check_position(&text);
        check_move(start, &text);
    }
}
