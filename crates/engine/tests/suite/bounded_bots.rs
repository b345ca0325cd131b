//! The bots are bounded: MCTS's tree stays within its memory budget, and
//! with a move time in the config every search stops at it.

use crate::common;

use std::time::{Duration, Instant};

use common::{Race, RaceKnowledge};
use ply_engine::{AlphaBetaPlayer, EngineConfig, Game, MctsPlayer, Player};

fn config(hash_mb: usize, move_time: Option<Duration>) -> EngineConfig {
    EngineConfig {
        hash_mb,
        move_time,
        ..EngineConfig::default()
    }
}

#[test]
fn the_mcts_tree_stays_within_its_node_cap() {
    let game = Race::new(1000, 2000);
    let mut bot = MctsPlayer::new(200_000, &config(1, None));
    let cap = bot.node_cap::<<Race as Game>::Move>();
    assert!(cap > 1000 && cap < 200_000, "cap {cap}");
    let mv = bot.choose(&game).mv;
    assert!((1..=3).contains(&mv));
    let (nodes, bytes) = bot.last_tree();
    assert!(
        nodes > cap / 4,
        "the tree grows to its budget: {nodes} of {cap}"
    );
    assert!(nodes <= cap, "{nodes} nodes over the cap of {cap}");
    assert!(bytes <= bot.budget_bytes(), "{bytes} bytes");
}

#[test]
fn mcts_stops_at_the_move_time() {
    let game = Race::new(1000, 2000);
    let mut bot = MctsPlayer::new(u32::MAX, &config(1, Some(Duration::from_millis(200))));
    let started = Instant::now();
    let mv = bot.choose(&game).mv;
    assert!((1..=3).contains(&mv));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // Even a deadline already past answers a legal move.
    let mut rushed = MctsPlayer::new(u32::MAX, &config(1, Some(Duration::ZERO)));
    assert!((1..=3).contains(&rushed.choose(&game).mv));
}

#[test]
fn alphabeta_without_a_move_time_is_unchanged_and_with_ample_time_the_same() {
    for depth in 1..=6 {
        for total in [0, 5, 17] {
            let game = common::Race::new(21, 40);
            let game = {
                use ply_engine::Notation;
                game.parse_position(&format!("{total}/0"))
                    .expect("a position")
            };
            let mut plain = AlphaBetaPlayer::new(RaceKnowledge, depth, &config(1, None));
            let ample = config(1, Some(Duration::from_secs(600)));
            let mut timed = AlphaBetaPlayer::new(RaceKnowledge, depth, &ample);
            let a = plain.choose(&game);
            let b = timed.choose(&game);
            assert_eq!(a.mv, b.mv, "depth {depth} at {total}");
            assert_eq!(a.value, b.value, "depth {depth} at {total}");
        }
    }
}

#[test]
fn alphabeta_with_a_past_deadline_still_moves() {
    let game = Race::new(1000, 2000);
    let mut bot = AlphaBetaPlayer::new(RaceKnowledge, 60, &config(1, Some(Duration::ZERO)));
    assert!((1..=3).contains(&bot.choose(&game).mv));
}
