//! Ctrl-C (`ply_engine::interrupt`) stops every Othello search
//! and the analysis still answers: what was proved stays exact, the rest is
//! `unknown` with an estimate. The interrupt is process-wide, so these
//! checks live in their own test binary and run one after another.

use ply_engine::{clear_interrupt, interrupt};
use ply_engine::{BotSpec, EngineConfig, Game, Notation, Outcome, Playable};
use ply_othello::{Othello, Size10, Size8, MAX_DEPTH};

fn ffo1() -> Othello<Size8> {
    let line = include_str!("../data/ffo-1-19.obf").lines().next().unwrap();
    Othello::<Size8>::new().parse_position(line).unwrap()
}

#[test]
fn interrupted_analyses_answer_and_recover() {
    // Before the search starts: nothing is searched, every move estimated.
    interrupt();
    let game = ffo1();
    let config = EngineConfig::default();
    let mut analyzer = game.analyzer(&config).unwrap();
    let analysis = analyzer.analyze(&game).unwrap();
    assert_eq!(analysis.value.outcome, Outcome::Unknown);
    assert!(!analysis.moves.is_empty());
    for (_, value) in &analysis.moves {
        assert_eq!(value.outcome, Outcome::Unknown);
        assert!(value.heuristic.is_some_and(|h| h.abs() <= 64));
    }
    // A bot still answers with a legal move.
    let mut legal = Vec::new();
    game.generate_moves(&mut legal);
    for spec in [BotSpec::Computer(None), BotSpec::Perfect] {
        let choice = game.player(&spec, &config).unwrap().choose(&game);
        assert!(legal.contains(&choice.mv));
    }
    // Cleared, the same analyzer solves exactly: nothing wrong was kept.
    clear_interrupt();
    let analysis = analyzer.analyze(&game).unwrap();
    assert_eq!(analysis.value.margin, Some(18));
    assert!(analysis.moves.iter().all(|(_, v)| v.margin.is_some()));

    // During a search far too long to finish (the deepest on 10x10).
    let game = Othello::<Size10>::new();
    let deep = EngineConfig {
        depth: Some(MAX_DEPTH),
        ..EngineConfig::default()
    };
    let stopper = std::thread::spawn(|| {
        std::thread::sleep(std::time::Duration::from_millis(200));
        interrupt();
    });
    let analysis = game.analyzer(&deep).unwrap().analyze(&game).unwrap();
    stopper.join().unwrap();
    clear_interrupt();
    assert_eq!(analysis.value.outcome, Outcome::Unknown);
    assert!(
        analysis.depth.is_some_and(|d| d < MAX_DEPTH),
        "{:?}",
        analysis.depth
    );
    assert_eq!(analysis.moves.len(), 4);
    assert!(game.format_position().ends_with('X'));
}
