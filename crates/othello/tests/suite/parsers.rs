//! Whatever a user types as a position, a move or `--size`: no panic, and
//! either a legal answer or a clear one-line error that repeats the input
//! only cut short and with control characters escaped.
//!
//! The default run tries 256 cases per property; the long one:
//! `cargo test --release -p ply-othello --test suite -- --ignored parsers::`.

use ply_engine::conformance::assert_clear_message;
use ply_engine::{Game, GameError, GameKind, GameOptions, Notation};
use ply_othello::{with_geometry, Geometry, Othello, Size10, Size4, Size6, Size8, OTHELLO, SIZES};
use proptest::prelude::*;

/// A message fit to show: one line, not empty, short, no raw control
/// characters.
fn assert_clear(error: &GameError, input: &str) {
    assert_clear_message(&error.to_string(), input, 200);
}

fn check_position(text: &str) {
    for size in SIZES {
        with_geometry!(size, G => check_position_on::<G>(text));
    }
}

fn check_position_on<G: Geometry>(text: &str) {
    {
        let game = Othello::<G>::new();
        match game.parse_position(text) {
            Ok(position) => {
                assert_eq!(u32::from(position.size()), G::SIZE);
                let canonical = position.format_position();
                let again = game.parse_position(&canonical).expect("round trip");
                assert_eq!(again, position, "{text:?}");
                assert_eq!(again.to_move(), position.to_move());
            }
            Err(error) => {
                assert!(
                    matches!(
                        error,
                        GameError::BadPosition(_) | GameError::PositionNeedsOption { .. }
                    ),
                    "{error:?}"
                );
                assert_clear(&error, text);
            }
        }
    }
}

/// Tries a move on each size's start, a forced pass and a finished game.
fn check_move(text: &str) {
    check_move_on(text, &[Othello::<Size4>::new()]);
    check_move_on(text, &[Othello::<Size6>::new()]);
    check_move_on(text, &positions_8x8());
    check_move_on(text, &[Othello::<Size10>::new()]);
}

/// The 8x8 start, a forced pass, a finished game.
fn positions_8x8() -> Vec<Othello<Size8>> {
    let eight = Othello::<Size8>::new();
    let mut all = vec![eight.clone()];
    all.push(
        eight
            .parse_position(&format!("XO{} O", "-".repeat(62)))
            .unwrap(),
    );
    all.push(
        eight
            .parse_position(&format!("X{}O X", "-".repeat(62)))
            .unwrap(),
    );
    all
}

fn check_move_on<G: Geometry>(text: &str, games: &[Othello<G>]) {
    for game in games {
        let mut legal = Vec::new();
        game.generate_moves(&mut legal);
        match game.parse_move(text) {
            Ok(mv) => {
                assert!(legal.contains(&mv), "{text:?} gave illegal {mv:?}");
                assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
            }
            Err(error) => {
                assert!(matches!(error, GameError::IllegalMove { .. }), "{error:?}");
                assert_clear(&error, text);
            }
        }
    }
}

fn check_size(text: &str) {
    let options = GameOptions::new().with_value("size", text);
    match OTHELLO.new_session(&options) {
        Ok(session) => {
            let cells = session.position().split_whitespace().next().unwrap().len();
            assert!([16, 36, 64, 100].contains(&cells), "{text:?}");
        }
        Err(error) => {
            assert!(
                matches!(&error, GameError::Option { option, .. } if option == "size"),
                "{error:?}"
            );
            assert_clear(&error, text);
        }
    }
}

/// OBF-like text: the right alphabet and about the right lengths, so many
/// cases get past the first checks.
fn obf_like() -> impl Strategy<Value = String> {
    let cells = prop::sample::select(vec![15usize, 16, 17, 36, 64, 100, 101]).prop_flat_map(|n| {
        prop::collection::vec(
            prop::sample::select(vec!['X', 'O', '-', '.', 'x', '*', 'Q']),
            n,
        )
    });
    let side = prop::sample::select(vec![
        "X", "O", "o", "w", "", "Z", "X;", "X e6:+2;", "X junk",
    ]);
    (cells, side)
        .prop_map(|(cells, side)| format!("{} {side}", cells.into_iter().collect::<String>()))
}

/// Move-like text: squares, cell numbers, pass, with noise.
fn move_like() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-kA-K][0-9]{0,4}",
        "[0-9]{1,25}",
        "(pass|PASS|ps| pass )",
        "[ -~]{0,8}",
        any::<String>(),
    ]
}

fn size_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| n.to_string()),
        "[+-]?[0-9]{1,4}",
        " ?[0-9]{1,3} ?",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_positions(text in any::<String>()) {
        check_position(&text);
    }

    #[test]
    fn obf_like_positions(text in obf_like()) {
        check_position(&text);
    }

    #[test]
    fn arbitrary_moves(text in move_like()) {
        check_move(&text);
    }

    #[test]
    fn arbitrary_sizes(text in size_like()) {
        check_size(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(50_000))]

    /// `cargo test --release -p ply-othello --test suite -- --ignored parsers::`
    #[test]
    #[ignore]
    fn long_run_of_every_parser(
        any_text in any::<String>(),
        obf in obf_like(),
        mv in move_like(),
        size in size_like(),
    ) {
        check_position(&any_text);
        check_position(&obf);
        check_move(&mv);
        check_move(&any_text);
        check_size(&size);
        check_size(&any_text);
    }
}

#[test]
fn messages_cut_long_input_and_escape_control_characters() {
    let game = Othello::<Size8>::new();
    let long = format!("z{}", "9".repeat(100));
    let error = game.parse_move(&long).unwrap_err().to_string();
    assert!(error.contains("...") && error.len() < 150, "{error}");
    let error = game.parse_move("q\u{7}\u{1b}[2J").unwrap_err().to_string();
    assert!(
        error.contains("\\u{7}") && !error.contains('\u{1b}'),
        "{error}"
    );
    let position = format!("{}\u{7} X", "-".repeat(63));
    let error = game.parse_position(&position).unwrap_err().to_string();
    assert!(error.contains("\\u{7}"), "{error}");
    let error = check_size_error("8\u{8}");
    assert!(error.contains("\\u{8}"), "{error}");
}

fn check_size_error(text: &str) -> String {
    let options = GameOptions::new().with_value("size", text);
    match OTHELLO.new_session(&options) {
        Ok(_) => panic!("{text:?} accepted"),
        Err(error) => error.to_string(),
    }
}
