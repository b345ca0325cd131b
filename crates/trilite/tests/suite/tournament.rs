//! The arena on Trilite: perfect play tops the table and never loses a
//! game it moves first in.

use ply_engine::arena::{self, ArenaConfig, Ending};
use ply_engine::{BotSpec, EngineConfig, GameOptions};
use ply_trilite::TRILITE;

#[test]
fn perfect_ranks_first_and_never_loses_moving_first() {
    let config = ArenaConfig {
        players: vec![
            BotSpec::Perfect,
            BotSpec::AlphaBeta(4),
            BotSpec::Heuristic,
            BotSpec::Random,
        ],
        games_per_pair: 20,
        max_plies: 300,
        move_time: None,
        game_time: None,
        jobs: 2,
        engine: EngineConfig {
            hash_mb: 4,
            ..EngineConfig::default()
        },
        openings: None,
    };
    let report = arena::run(&TRILITE, &GameOptions::new(), &config, &|_, _| {}).expect("runs");
    assert_eq!(report.games.len(), 6 * 20);
    let top = &report.standings[0];
    assert_eq!(top.name, "perfect");
    assert_eq!(top.as_first.losses, 0);
    // The first player wins Trilite, so perfect wins every game it starts.
    assert_eq!(top.as_first.wins, 30);
    assert!(top.elo > report.standings[1].elo);
    for (i, pair) in report.crosstable.iter().enumerate() {
        for (j, tally) in pair.iter().enumerate() {
            let expected = if i == j { 0 } else { 20 };
            assert_eq!(tally.games(), expected);
        }
    }
    assert!(report.games.iter().all(|g| g.ending != Ending::BotError));
    // Each side moves first in half of each pair's games.
    let firsts = report.games.iter().filter(|g| g.first == 0).count();
    assert_eq!(firsts, 30);
}

#[test]
fn bad_players_are_refused_before_any_game() {
    let config = ArenaConfig {
        players: vec![BotSpec::Random],
        games_per_pair: 2,
        max_plies: 10,
        move_time: None,
        game_time: None,
        jobs: 1,
        engine: EngineConfig::default(),
        openings: None,
    };
    assert!(arena::run(&TRILITE, &GameOptions::new(), &config, &|_, _| {}).is_err());
}

#[test]
fn long_games_are_drawn_at_the_ply_limit() {
    let config = ArenaConfig {
        players: vec![BotSpec::Random, BotSpec::Random],
        games_per_pair: 10,
        max_plies: 4,
        move_time: None,
        game_time: None,
        jobs: 1,
        engine: EngineConfig::default(),
        openings: None,
    };
    let report = arena::run(&TRILITE, &GameOptions::new(), &config, &|_, _| {}).expect("runs");
    // Nobody can complete a line in four plies.
    assert!(report
        .games
        .iter()
        .all(|g| g.ending == Ending::MaxMoves && g.winner.is_none() && g.plies == 4));
}
