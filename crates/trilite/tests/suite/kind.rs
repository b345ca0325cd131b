//! Trilite's registry entry: what `ply solve` says about where its values
//! come from.

use ply_engine::{EngineConfig, GameKind, GameOptions, Outcome};
use ply_trilite::TRILITE;

fn notes(depth: Option<u32>) -> (Outcome, String) {
    let mut session = TRILITE.new_session(&GameOptions::new()).expect("a session");
    let config = EngineConfig {
        depth,
        ..EngineConfig::default()
    };
    let report = session.analyze(&config).expect("an analysis");
    let notes = session.solve_notes(&report).expect("notes");
    (report.value.outcome, notes)
}

/// `ply solve trilite --depth 3` printed "Solved by retrograde analysis"
/// under an unknown value.
#[test]
fn a_depth_limited_solve_is_not_credited_to_the_retrograde_solution() {
    let (outcome, text) = notes(Some(3));
    assert_eq!(outcome, Outcome::Unknown, "3 plies cannot decide the start");
    assert!(!text.contains("retrograde analysis of"), "{text}");
    assert!(text.contains("3 plies deep"), "{text}");
    assert!(text.contains("unknown"), "{text}");
}

#[test]
fn the_exact_solve_names_the_retrograde_solution() {
    let (outcome, text) = notes(None);
    assert_ne!(outcome, Outcome::Unknown);
    assert!(text.starts_with("Solved by retrograde analysis"), "{text}");
}
