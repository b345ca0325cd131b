//! Strength: the default computer against the baselines.
//!
//! The full measurement (200 games against each of `heuristic` and
//! `random`, half with each colour) runs with
//! `cargo test --release -p ply-othello -- --ignored`; the default run plays
//! a short match.

use std::time::Instant;

use ply_engine::{BotSpec, EngineConfig, Game, GameResult, Playable, Side};
use ply_othello::{with_geometry, ExactGeometry, Othello};

/// Plays `games` games of the computer against `opponent`, alternating
/// colours; returns (computer wins, draws, losses).
fn match_against<G: ExactGeometry>(opponent: BotSpec, games: u64) -> (u32, u32, u32) {
    let start = Othello::<G>::new();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game_index in 0..games {
        let config = EngineConfig {
            seed: game_index,
            hash_mb: 16,
            ..EngineConfig::default()
        };
        let mut computer = start.player(&BotSpec::Computer(None), &config).unwrap();
        let mut other = start.player(&opponent, &config).unwrap();
        let computer_side = if game_index % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut game = start.clone();
        while game.result().is_none() {
            let choice = if game.to_move() == computer_side {
                computer.choose(&game)
            } else {
                other.choose(&game)
            };
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            assert!(legal.contains(&choice.mv), "illegal move {:?}", choice.mv);
            game.play(choice.mv);
        }
        match game.result() {
            Some(GameResult::Win(side)) if side == computer_side => wins += 1,
            Some(GameResult::Draw) => draws += 1,
            _ => losses += 1,
        }
    }
    (wins, draws, losses)
}

fn report(opponent: BotSpec, games: u64, size: u8) -> u32 {
    let t = Instant::now();
    let (w, d, l) = with_geometry!(size, G => match_against::<G>(opponent.clone(), games));
    eprintln!(
        "computer vs {opponent} on {size}x{size}: {w} wins, {d} draws, {l} losses in {games} games ({:?})",
        t.elapsed()
    );
    w
}

#[test]
fn computer_beats_baselines_in_a_short_match() {
    assert_eq!(report(BotSpec::Heuristic, 2, 8), 2);
    assert_eq!(report(BotSpec::Random, 2, 6), 2);
    assert!(report(BotSpec::Heuristic, 6, 6) >= 5);
}

#[test]
#[ignore]
fn computer_wins_95_percent_against_heuristic() {
    assert!(report(BotSpec::Heuristic, 200, 8) >= 190);
}

#[test]
#[ignore]
fn computer_wins_95_percent_against_random() {
    assert!(report(BotSpec::Random, 200, 8) >= 190);
}
