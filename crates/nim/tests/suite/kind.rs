//! Nim through the registry: options, sessions, and `solve --tree`.

use std::time::Instant;

use ply_engine::{
    BotSpec, EngineConfig, GameError, GameKind, GameOptions, ListingFormat, Outcome, Session,
    SolveOutput, SolveRequest,
};
use ply_nim::NIM;

fn tree_options(heaps: &str) -> GameOptions {
    GameOptions::new()
        .with_value("heaps", heaps)
        .with_flag("tree")
}

#[test]
fn options_are_the_games_own() {
    let names: Vec<&str> = NIM.options().iter().map(|o| o.name).collect();
    assert_eq!(names, ["heaps", "misere", "tree", "dot", "trace"]);
}

/// The listing the session's own solve answers, checked to be in `format`.
fn listing(session: &mut dyn Session, options: &GameOptions, format: ListingFormat) -> String {
    match session
        .special_solve(options, &SolveRequest::default())
        .expect("--tree is special")
        .unwrap()
    {
        SolveOutput::Listing(listing) => {
            assert_eq!(listing.format, format);
            listing.text
        }
        other => panic!("not a listing: {other:?}"),
    }
}

fn solve_tree(heaps: &str) -> String {
    let options = tree_options(heaps);
    let mut session = NIM.new_session(&options).unwrap();
    listing(session.as_mut(), &options, ListingFormat::Text)
}

/// Timing, out of the default suite: `cargo test --release -p ply-nim
/// --test suite -- --ignored kind::solve_tree_from_123_is_fast`.
#[test]
#[ignore = "wall-clock check; see its doc comment for the command"]
fn solve_tree_from_123_is_fast() {
    let started = Instant::now();
    solve_tree("1,2,3");
    let elapsed = started.elapsed();
    assert!(elapsed.as_millis() < 500, "{elapsed:?}");
}

#[test]
fn solve_tree_from_123_is_complete() {
    let text = solve_tree("1,2,3");
    assert!(text.contains("447 nodes, 182 leaves"), "{text}");
    assert!(text.contains("root marked +1"), "{text}");
    // Digit-rows notation: 0,0,3 is 3.
    assert!(text.contains("level 0  123  mark +1"), "{text}");
    assert!(
        text.contains("      level 3  3  mark +1  (after 2:1)"),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| l.contains(" mark ")).count(), 447);
}

#[test]
fn solve_tree_dot_is_graphviz() {
    let options = tree_options("123").with_flag("dot");
    let mut session = NIM.new_session(&options).unwrap();
    let dot = listing(session.as_mut(), &options, ListingFormat::Graphviz);
    assert!(dot.starts_with("digraph nim {"));
    assert!(dot.trim_end().ends_with('}'));
    assert_eq!(dot.matches(" -> ").count(), 446);
}

#[test]
fn solve_tree_follows_the_session_position_and_misere() {
    let options = tree_options("1,2,3").with_flag("misere");
    let mut session = NIM.new_session(&options).unwrap();
    session.set_position("1,1").unwrap();
    let text = listing(session.as_mut(), &options, ListingFormat::Text);
    // Misère 1,1: the player to move takes one and leaves the last to the
    // opponent, so the root is -1 (a win for the player moving at level 0).
    assert!(text.contains("level 0  1,1  mark -1"), "{text}");
    assert!(
        text.contains("winning moves at the root: 1:1 2:1"),
        "{text}"
    );
}

#[test]
fn big_trees_are_counted_and_folded_onto_their_positions() {
    let text = solve_tree("9,9,9");
    assert!(text.contains("576,074,600,766,736 nodes and "), "{text}");
    assert!(text.contains("its 1,000 distinct positions"), "{text}");
    let graph_lines: Vec<&str> = text
        .lines()
        .filter(|l| matches!(l.split_whitespace().nth(1), Some("win" | "lose")))
        .collect();
    assert_eq!(graph_lines.len(), 1000, "{text}");
    assert!(graph_lines[0].starts_with("999  win "), "{text}");
    assert!(text.lines().any(|l| l.starts_with("0    lose")), "{text}");
    assert!(
        text.contains("root 999: win for the player to move; winning moves: 1:9 2:9 3:9"),
        "{text}"
    );
}

#[test]
fn uncountable_trees_say_how_big_they_are() {
    let text = solve_tree("1,2,3,4,5,6,7,8,9,10");
    assert!(text.contains("about 1.3e48 nodes"), "{text}");
    assert!(text.contains("39,916,800 distinct positions"), "{text}");
    let text = solve_tree("65535,65535,3");
    assert!(text.contains("at least 2^131073"), "{text}");
    assert!(text.contains("winning moves: 1:3 2:3 3:3"), "{text}");
}

/// Timing, out of the default suite: `cargo test --release -p ply-nim
/// --test suite -- --ignored kind::big_trees_are_counted_at_once`.
#[test]
#[ignore = "wall-clock check; see its doc comment for the command"]
fn big_trees_are_counted_at_once() {
    for heaps in ["9,9,9", "1,2,3,4,5,6,7,8,9", "65535,65535,65535,65535"] {
        let started = Instant::now();
        solve_tree(heaps);
        let elapsed = started.elapsed();
        assert!(elapsed.as_millis() < 500, "{heaps}: {elapsed:?}");
    }
}

#[test]
fn plain_solve_is_not_special() {
    let options = GameOptions::new().with_value("heaps", "3,4,5");
    let mut session = NIM.new_session(&options).unwrap();
    assert!(session
        .special_solve(&options, &SolveRequest::default())
        .is_none());
    let report = session.analyze(&EngineConfig::default()).unwrap();
    assert_eq!(report.value.outcome, Outcome::Win);
    let winning: Vec<&str> = report
        .moves
        .iter()
        .filter(|m| m.value.outcome == Outcome::Win)
        .map(|m| m.mv.as_str())
        .collect();
    assert_eq!(winning, ["1:2"]);
}

#[test]
fn bad_heaps_are_bad_options() {
    for bad in ["", "1,a", "70000,1", "0x3", "000", "0", "0,0,0,0"] {
        let options = GameOptions::new().with_value("heaps", bad);
        match NIM.new_session(&options) {
            Err(GameError::Option { option, .. }) => assert_eq!(option, "heaps", "{bad:?}"),
            Err(other) => panic!("{bad:?}: {other:?}"),
            Ok(_) => panic!("{bad:?} accepted"),
        }
    }
}

#[test]
fn perfect_bot_wins_when_it_can_and_holds_out_otherwise() {
    let options = GameOptions::new().with_value("heaps", "3,4,5");
    let mut session = NIM.new_session(&options).unwrap();
    let mut perfect = session
        .new_bot(&BotSpec::Perfect, &EngineConfig::default())
        .unwrap();
    let mut computer = session
        .new_bot(&BotSpec::Computer(None), &EngineConfig::default())
        .unwrap();
    // 3,4,5 is won for the first player: win in 11 (12 objects, 1:2 first).
    let first = session.bot_move(&mut perfect).unwrap();
    assert_eq!(first.mv, "1:2");
    let mut plies = 1;
    while session.result().is_none() {
        session.bot_move(&mut computer).unwrap();
        plies += 1;
        if session.result().is_none() {
            session.bot_move(&mut perfect).unwrap();
            plies += 1;
        }
    }
    // The loser held out longest: every object taken one at a time.
    assert_eq!(plies, 11);
    assert_eq!(
        session.result(),
        Some(ply_engine::GameResult::Win(ply_engine::Side::First))
    );
}
