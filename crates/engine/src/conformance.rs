//! The conformance harness every game passes.
//!
//! Random playouts check, at every position met: play/undo round trips,
//! incremental hash = recomputed hash, move and position notation round
//! trips, and that symmetric images share a canonical key. `check_values`
//! adds symmetry invariance of values and child/parent consistency of an
//! analyzer's results. `check_session` checks what front ends rely on,
//! through the type-erased session: the registry runs it on every game, so
//! a new game cannot skip it.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::config::EngineConfig;
use crate::game::Game;
use crate::options::GameOptions;
use crate::playable::Playable;
use crate::player::Analyzer;
use crate::session::{GameKind, Session};
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

    let mut images = Vec::new();
    game.symmetric_images(&mut images);
    for image in &images {
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
            let mut images = Vec::new();
            game.symmetric_images(&mut images);
            for image in &images {
                let other = analyzer.analyze(image).expect("analysis").value;
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

/// What `check_session` walks and asks.
#[derive(Clone, Debug)]
pub struct SessionCheck {
    /// The game's options (its default variant when empty).
    pub options: GameOptions,
    /// The settings of each analysis: give a small `move_time`.
    pub config: EngineConfig,
    /// Random games to walk.
    pub games: usize,
    /// Plies each game walks at most.
    pub max_plies: usize,
    /// Seed of the random moves.
    pub seed: u64,
    /// Moves in other notations (other games' moves): never legal unless
    /// they name a legal move of this game.
    pub foreign_moves: Vec<String>,
}

/// Text that is no move in any game, or only by accident.
const GARBAGE: &[&str] = &[
    "",
    " ",
    "x",
    "a0",
    "z9",
    "a99",
    "i1",
    "0",
    "-1",
    "99999999999999999999",
    "1:0",
    "0:1",
    "1:-1",
    "9:99999999999999999999",
    ":",
    "1:",
    "pass",
    "ps",
    "X",
    "O",
    "\0",
    "\u{1b}[31ma1",
    "a1a1",
    "a1 b2",
    "é",
    "\u{1F600}",
    "1,2",
];

/// Walks `check.games` seeded random games of `kind` through a session and,
/// at every position met, checks: the position's text gives back the same
/// position, side to move and legal moves; every legal move's text plays
/// that move; any other text (garbage, other games' moves, moves already
/// played, the other player's moves) is refused and leaves the position
/// alone, or names a legal move; a finished game refuses every move; and the analysis lists exactly
/// the legal moves, each once. Panics on the first violation.
pub fn check_session(kind: &dyn GameKind, check: &SessionCheck) {
    let name = kind.name();
    let mut rng = StdRng::seed_from_u64(check.seed);
    let mut session = kind
        .new_session(&check.options)
        .unwrap_or_else(|e| panic!("{name}: no session for its options: {e}"));
    for _ in 0..check.games {
        session.restart();
        let mut played: Vec<String> = Vec::new();
        for _ in 0..=check.max_plies {
            check_session_position(kind, check, session.as_ref(), &played, &mut rng);
            let moves = session.legal_moves();
            let Some(mv) = moves.choose(&mut rng) else {
                assert!(
                    session.result().is_some(),
                    "{name}: no legal move but no result at {}",
                    session.position()
                );
                break;
            };
            let canonical = session
                .play(mv)
                .unwrap_or_else(|e| panic!("{name}: legal move {mv} refused: {e}"));
            played.push(canonical);
        }
    }
}

fn check_session_position(
    kind: &dyn GameKind,
    check: &SessionCheck,
    session: &dyn Session,
    played: &[String],
    rng: &mut StdRng,
) {
    let name = kind.name();
    let text = session.position();
    let legal = session.legal_moves();
    let mut sorted = legal.clone();
    sorted.sort();
    let before = sorted.len();
    sorted.dedup();
    assert_eq!(before, sorted.len(), "{name}: a legal move twice at {text}");

    // The position's text round trip.
    let mut copy = kind
        .new_session(&check.options)
        .unwrap_or_else(|e| panic!("{name}: no session: {e}"));
    copy.set_position(&text)
        .unwrap_or_else(|e| panic!("{name}: position '{text}' refused: {e}"));
    assert_eq!(copy.position(), text, "{name}: '{text}' prints differently");
    // Who moves decides the result of a finished game too.
    assert_eq!(
        copy.result(),
        session.result(),
        "{name}: result of '{text}'"
    );
    if session.result().is_none() {
        assert_eq!(
            copy.to_move(),
            session.to_move(),
            "{name}: '{text}' loses the side to move"
        );
    }
    let mut copy_moves = copy.legal_moves();
    copy_moves.sort();
    assert_eq!(copy_moves, sorted, "{name}: '{text}' has other legal moves");

    // Every legal move plays as itself.
    for mv in &legal {
        let mut trial = session.boxed_clone();
        assert_eq!(
            trial.play(mv).as_deref(),
            Ok(mv.as_str()),
            "{name}: legal move {mv} at {text}"
        );
    }

    // Anything else is refused (or names a legal move in another spelling):
    // garbage, other games' moves, moves already played, and the other
    // player's moves (those legal after one of ours).
    let random: Vec<String> = (0..8).map(|_| random_text(rng)).collect();
    let mut child = session.boxed_clone();
    let theirs = match legal.choose(rng) {
        Some(mv) if child.play(mv).is_ok() => child.legal_moves(),
        _ => Vec::new(),
    };
    let inputs = GARBAGE
        .iter()
        .map(|s| s.to_string())
        .chain(check.foreign_moves.iter().cloned())
        .chain(played.iter().cloned())
        .chain(theirs)
        .chain(random);
    for input in inputs {
        let mut trial = session.boxed_clone();
        match trial.play(&input) {
            Ok(canonical) => {
                assert!(
                    session.result().is_none(),
                    "{name}: '{}' accepted in a finished game {text}",
                    input.escape_debug()
                );
                assert!(
                    legal.contains(&canonical),
                    "{name}: '{}' played {canonical}, not a legal move at {text}",
                    input.escape_debug()
                );
            }
            Err(_) => assert_eq!(
                (trial.position(), trial.moves_played().len()),
                (text.clone(), session.moves_played().len()),
                "{name}: refused '{}' changed the game",
                input.escape_debug()
            ),
        }
    }

    // The analysis values exactly the legal moves, each once: ordering and
    // pruning never lose or repeat one.
    let mut analysed = session.boxed_clone();
    let report = analysed
        .analyze(&check.config)
        .unwrap_or_else(|e| panic!("{name}: no analysis of {text}: {e}"));
    let mut listed: Vec<String> = report.moves.iter().map(|m| m.mv.clone()).collect();
    listed.sort();
    assert_eq!(
        listed, sorted,
        "{name}: the analysis of {text} lists other moves"
    );
}

/// A short random string of characters moves are made of, and others.
fn random_text(rng: &mut StdRng) -> String {
    const CHARS: &[char] = &[
        'a', 'b', 'c', 'h', 'j', 'z', 'A', 'X', 'O', '0', '1', '2', '3', '9', ':', ',', '-', '+',
        ' ', '.', '\t', '\n', '\u{7f}', '\u{e9}',
    ];
    let len = rng.gen_range(0..6);
    (0..len)
        .map(|_| *CHARS.choose(rng).expect("chars"))
        .collect()
}

/// `got`, a value that may come from a cut-short search, is `unknown` or
/// agrees with `truth`, the exact value: the same outcome, and the same
/// remoteness for a win or loss that gives one (a draw's is not compared).
pub fn assert_compatible(truth: Value, got: Value, what: &str) {
    if got.outcome == Outcome::Unknown {
        return;
    }
    assert_eq!(got.outcome, truth.outcome, "{what}: {got:?} vs {truth:?}");
    if got.outcome != Outcome::Draw && got.remoteness.is_some() {
        assert_eq!(
            got.remoteness, truth.remoteness,
            "{what}: {got:?} vs {truth:?}"
        );
    }
}

/// A message fit to show a user who typed `input`: not empty, no raw
/// control character (one line), and at most `max_chars` characters even
/// when the input was long. For the parsers' property tests.
pub fn assert_clear_message(message: &str, input: &str, max_chars: usize) {
    assert!(!message.is_empty(), "empty message for {input:?}");
    assert!(
        !message.chars().any(char::is_control),
        "control character in {message:?} for {input:?}"
    );
    let length = message.chars().count();
    assert!(length <= max_chars, "{length} characters: {message}");
}
