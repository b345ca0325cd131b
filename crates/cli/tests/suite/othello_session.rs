//! Two people play a whole game of Othello at the terminal, with every kind
//! of bad input in between; passes are automatic and the end is announced.

use crate::support;

use ply_engine::{GameKind, GameOptions, GameResult, Session, Side};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use support::ply;

/// A random game as typed input with bad lines between the moves, the
/// session at its end, and whether a pass happened on the way.
fn scripted_game(seed: u64) -> (String, Box<dyn Session>, bool) {
    let mut session = ply_othello::OTHELLO
        .new_session(&GameOptions::new())
        .expect("8x8 Othello");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut input = String::new();
    let mut passed = false;
    while session.result().is_none() {
        if session.must_pass() {
            passed = true;
            session.play("pass").expect("a pass is legal");
            continue;
        }
        let legal = session.legal_moves();
        let squares: Vec<String> = (b'a'..=b'h')
            .flat_map(|c| (1..=8).map(move |r| format!("{}{r}", c as char)))
            .collect();
        let occupied = squares.iter().find(|s| {
            let mut probe = session.boxed_clone();
            matches!(probe.play(s), Err(e) if e.to_string().contains("occupied"))
        });
        let flat = squares.iter().find(|s| {
            let mut probe = session.boxed_clone();
            !legal.contains(s)
                && matches!(probe.play(s), Err(e) if e.to_string().contains("outflank"))
        });
        input.push_str("nonsense\ni9\n");
        for bad in [occupied, flat].into_iter().flatten() {
            input.push_str(bad);
            input.push('\n');
        }
        let mv = legal.choose(&mut rng).expect("a legal move");
        input.push_str(mv);
        input.push('\n');
        session.play(mv).expect("legal");
    }
    (input, session, passed)
}

#[test]
fn two_humans_play_a_full_game_with_bad_input() {
    let (input, end, passed) = (0..200)
        .map(scripted_game)
        .find(|(_, _, passed)| *passed)
        .expect("some random game has a pass");
    let run = ply(&["play", "othello", "--players", "human,human"], &input);
    run.assert_ok();
    let out = &run.stdout;
    assert!(passed);
    assert!(out.contains("has no legal move and passes"), "{out}");
    assert!(out.to_lowercase().contains("not a square"), "{out}");
    assert!(out.to_lowercase().contains("outside the"), "{out}");
    assert!(out.to_lowercase().contains("occupied"), "{out}");
    assert!(out.to_lowercase().contains("outflank"), "{out}");
    let last_board = end.render(false);
    assert!(
        out.contains(last_board.trim()),
        "final board shown: {last_board}"
    );
    match end.result() {
        Some(GameResult::Win(Side::First)) => {
            assert!(out.contains("human wins as black (X)."), "{out}")
        }
        Some(GameResult::Win(Side::Second)) => {
            assert!(out.contains("human wins as white (O)."), "{out}")
        }
        _ => assert!(out.contains("draw"), "{out}"),
    }
    // The winner by the pieces on the board, counted here from the final
    // position's own text, then the empties given to the winner.
    let position = end.position();
    let cells = position.split_whitespace().next().expect("the cells");
    let black = cells.matches('X').count();
    let white = cells.matches('O').count();
    let empty = cells.len() - black - white;
    let expected = match black.cmp(&white) {
        std::cmp::Ordering::Greater => format!("black (X) wins {black}-{white} on the board"),
        std::cmp::Ordering::Less => format!("white (O) wins {white}-{black} on the board"),
        std::cmp::Ordering::Equal => format!("{black}-{white} on the board"),
    };
    assert!(out.contains(&expected), "{expected}: {out}");
    if empty > 0 && black != white {
        let (high, low) = (black.max(white) + empty, black.min(white));
        assert!(
            out.contains(&format!(
                "({high}-{low} with the empty squares to the winner)"
            )),
            "{out}"
        );
    }
}
