//! Property tests of Nim's parsers (rows and `--heaps`, positions, moves):
//! any text gives either a clear one-line error or a legal answer, never a
//! panic.

use ply_engine::conformance::assert_clear_message;
use ply_engine::{Game, GameError, GameKind, GameOptions, Notation};
use ply_nim::format_rows;
use ply_nim::{read_rows, Nim, RowsError, MAX_ROWS, NIM};
use proptest::prelude::*;

/// Text that looks like Nim input often enough to parse, and any text.
fn input() -> impl Strategy<Value = String> {
    prop_oneof![
        "[-+]?[0-9]{1,7}",
        "[-+]?0{0,40}[0-9]{0,40}",
        "([-+]?[0-9]{0,6}|[ ,:/]|x){0,20}",
        any::<String>(),
        ".{0,120}",
    ]
}

/// A clear message: one line, no control character, and short even when
/// the input was long.
fn assert_clear(message: &str, input: &str) {
    assert_clear_message(message, input, 399);
}

fn check_rows(text: &str) {
    match read_rows(text) {
        Ok(read) => {
            assert!((1..=MAX_ROWS).contains(&read.rows.len()), "{text:?}");
            let canonical = format_rows(&read.rows);
            let back = read_rows(&canonical).unwrap_or_else(|e| panic!("{canonical}: {e}"));
            assert_eq!(back.rows, read.rows, "{text:?} printed as {canonical}");
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
    match NIM.new_session(&GameOptions::new().with_value("heaps", text)) {
        Ok(session) => assert!(session.result().is_some() || !session.legal_moves().is_empty()),
        Err(error @ GameError::Option { .. }) => assert_clear(&error.to_string(), text),
        Err(other) => panic!("{text:?}: {other:?}"),
    }
}

/// The digit rule against a plain restatement of it: one digit is one row,
/// three digits are three rows, a leading zero otherwise is ambiguous, and
/// any other run of digits is one row of at most 65535.
fn check_digits(text: &str) {
    let expected: Result<Vec<u16>, ()> = match text.len() {
        1 | 3 => Ok(text.bytes().map(|b| u16::from(b - b'0')).collect()),
        length if length > MAX_ROWS => text.parse::<u16>().map(|n| vec![n]).map_err(|_| ()),
        _ if text.starts_with('0') => Err(()),
        _ => text.parse::<u16>().map(|n| vec![n]).map_err(|_| ()),
    };
    let read = read_rows(text);
    match (&expected, &read) {
        (Ok(rows), Ok(read)) => assert_eq!(&read.rows, rows, "{text}"),
        (Err(()), Err(RowsError::Ambiguous { .. } | RowsError::TooBig { .. })) => {}
        _ => panic!("{text}: expected {expected:?}, read {read:?}"),
    }
}

fn check_position(text: &str) {
    match Nim::standard().parse_position(text) {
        Ok(nim) => {
            let canonical = nim.format_position();
            let back = Nim::standard()
                .parse_position(&canonical)
                .unwrap_or_else(|e| panic!("{canonical:?} from {text:?}: {e}"));
            assert_eq!(back.key(), nim.key(), "{text:?}");
            assert_eq!(back.to_move(), nim.to_move(), "{text:?}");
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

fn check_move(rows: &[u16], text: &str) {
    let nim = Nim::new(rows, false);
    match nim.parse_move(text) {
        Ok(mv) => {
            let mut legal = Vec::new();
            nim.generate_moves(&mut legal);
            assert!(
                legal.contains(&mv),
                "{text:?} gave illegal {mv:?} in {rows:?}"
            );
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

fn some_rows() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(prop_oneof![0u16..10, any::<u16>()], 1..6)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn rows_and_heaps(text in input()) {
        check_rows(&text);
    }

    #[test]
    fn digit_runs(text in "0{0,40}[0-9]{1,8}") {
        check_digits(&text);
    }

    #[test]
    fn positions(text in input()) {
        check_position(&text);
    }

    #[test]
    fn moves(rows in some_rows(), text in input()) {
        check_move(&rows, &text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(50_000))]

    /// The long run: `cargo test -p ply-nim --test suite --
    /// --ignored notation_props::long_run`.
    #[test]
    #[ignore = "long property run; see its doc comment for the command"]
    fn long_run(rows in some_rows(), text in input(), digits in "0{0,40}[0-9]{1,8}") {
        check_rows(&text);
        check_digits(&digits);
        check_position(&text);
        check_move(&rows, &text);
    }
}
