//! Property tests of the (m,n,k) parsers: any text given as a position or
//! a move gives either an error with a message or a legal answer, never a
//! panic, on boards from 1x1 to the largest (64 cells).

use ply_engine::{Game, GameError, Notation};
use ply_mnk::Mnk;
use proptest::prelude::*;

const SHAPES: [(u8, u8, u8); 6] = [
    (3, 3, 3),
    (1, 1, 1),
    (4, 4, 3),
    (2, 5, 2),
    (7, 8, 4),
    (8, 8, 5),
];

fn board(shape: (u8, u8, u8)) -> Mnk {
    Mnk::new(shape.0, shape.1, shape.2).expect("a valid board")
}

/// Cells of the position alphabet (legal or nearly so), and any text.
fn input() -> impl Strategy<Value = String> {
    prop_oneof![
        "[XO\\-]{9}",
        "[XxOo0\\-._ ]{0,70}",
        "[XO\\-]{0,64}[\\n\\r]?",
        "[a-zA-Z]?[0-9]{1,4}",
        any::<String>(),
        ".{0,80}",
    ]
}

fn assert_message(error: &GameError, input: &str) {
    assert!(
        !error.to_string().trim().is_empty(),
        "empty message for {input:?}"
    );
}

fn check_position(shape: (u8, u8, u8), text: &str) {
    let game = board(shape);
    match game.parse_position(text) {
        Ok(position) => {
            let canonical = position.format_position();
            let back = game
                .parse_position(&canonical)
                .unwrap_or_else(|e| panic!("{canonical:?} from {text:?}: {e}"));
            assert_eq!(back.key(), position.key(), "{text:?}");
            assert_eq!(back.to_move(), position.to_move(), "{text:?}");
            assert_eq!(canonical.chars().count(), usize::from(shape.0 * shape.1));
        }
        Err(e) => assert_message(&e, text),
    }
}

fn check_move(shape: (u8, u8, u8), start: &str, text: &str) {
    let mut game = board(shape);
    if let Ok(position) = game.parse_position(start) {
        game = position;
    }
    match game.parse_move(text) {
        Ok(mv) => {
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            assert!(
                legal.contains(&mv),
                "{text:?} gave illegal {mv} in {start:?}"
            );
        }
        Err(e) => assert_message(&e, text),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn positions(shape in prop::sample::select(&SHAPES[..]), text in input()) {
        check_position(shape, &text);
    }

    #[test]
    fn moves(shape in prop::sample::select(&SHAPES[..]), start in input(), text in input()) {
        check_move(shape, &start, &text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(50_000))]

    /// The long run: `cargo test -p ply-mnk --test suite --
    /// --ignored notation_props::long_run`.
    #[test]
    #[ignore = "long property run; see its doc comment for the command"]
    fn long_run(shape in prop::sample::select(&SHAPES[..]), start in input(), text in input()) {
        check_position(shape, &text);
        check_move(shape, &start, &text);
    }
}
