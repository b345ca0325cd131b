//! The conformance harness every game's tests call.
//!
//! Random playouts check, at every position met: play/undo round trips,
//! incremental hash = recomputed hash, move and position notation round
//! trips, and that symmetric images share a canonical key. `check_values`
//! adds symmetry invariance of values and child/parent consistency of an
//! analyzer's results.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::bots::Analyzer;
use crate::game::Game;
use crate::playable::Playable;
use crate::value::{Outcome, Value};

/// Plays `playouts` random games from `start` (at most `max_plies` each),
/// checking the rules' invariants at every position. Panics with a
/// description on the first violation.
pub fn check_rules<G: Playable>(start: &G, playouts: usize, max_plies: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..playouts {
        let mut game = start.clone();
        for _ in 0..max_plies {
            check_position(&game);
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                assert!(game.result().is_some(), "no moves but no result: {game:?}");
                break;
            };
            game.play(mv);
        }
    }
}

/// The invariants of one position.
pub fn check_position<G: Playable>(game: &G) {
    assert_eq!(
        game.hash(),
        game.recompute_hash(),
        "incremental hash differs: {game:?}"
    );

    let text = game.format_position();
    let parsed = game
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("position '{text}' does not parse back: {e}"));
    assert_eq!(
        parsed.key(),
        game.key(),
        "position '{text}' parses to another position"
    );
    assert_eq!(
        parsed.format_position(),
        text,
        "position '{text}' prints differently"
    );

    for image in game.symmetric_images() {
        assert_eq!(
            image.canonical().1,
            game.canonical().1,
            "symmetric image has another canonical key: {game:?} / {image:?}"
        );
    }

    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    if game.result().is_some() {
        assert!(moves.is_empty(), "a finished game has moves: {game:?}");
    }
    for &mv in &moves {
        let name = game.format_move(mv);
        let back = game
            .parse_move(&name)
            .unwrap_or_else(|e| panic!("move '{name}' does not parse back in {text}: {e}"));
        assert_eq!(back, mv, "move '{name}' parses to another move");

        let mut child = game.clone();
        let undo = child.play(mv);
        assert_eq!(
            child.hash(),
            child.recompute_hash(),
            "hash after {name} in {text}"
        );
        assert_ne!(
            child.key(),
            game.key(),
            "{name} did not change the position {text}"
        );
        child.undo(mv, undo);
        assert_eq!(
            child.key(),
            game.key(),
            "undo of {name} does not restore {text}"
        );
        assert_eq!(
            child.hash(),
            game.hash(),
            "undo of {name} does not restore the hash of {text}"
        );
    }
}

/// Checks an analyzer along random playouts: the position's value is its
/// best move's value one ply further, each move's value is the flipped value
/// of the child, and symmetric images have equal values.
pub fn check_values<G: Playable>(
    start: &G,
    analyzer: &mut dyn Analyzer<G>,
    playouts: usize,
    max_plies: usize,
    seed: u64,
) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..playouts {
        let mut game = start.clone();
        for _ in 0..max_plies {
            if game.result().is_some() {
                break;
            }
            let analysis = analyzer.analyze(&game).expect("analysis");
            let best = crate::solver::best_value(&analysis.moves);
            assert_values_match(analysis.value, best, &game, "position vs best move");
            for image in game.symmetric_images() {
                let other = analyzer.analyze(&image).expect("analysis").value;
                assert_values_match(analysis.value, other, &game, "symmetric image");
            }
            let &(mv, move_value) = analysis.moves.choose(&mut rng).expect("a move");
            game.play(mv);
            if game.result().is_none() {
                let child = analyzer.analyze(&game).expect("analysis").value;
                assert_values_match(move_value, child.as_move_value(), &game, "move vs child");
            }
        }
    }
}

fn assert_values_match<G: Game>(a: Value, b: Value, game: &G, what: &str) {
    assert_eq!(a.outcome, b.outcome, "{what}: {a:?} vs {b:?} at {game:?}");
    if a.outcome != Outcome::Draw {
        assert_eq!(
            a.remoteness, b.remoteness,
            "{what}: {a:?} vs {b:?} at {game:?}"
        );
    }
    assert_eq!(a.margin, b.margin, "{what}: {a:?} vs {b:?} at {game:?}");
}
