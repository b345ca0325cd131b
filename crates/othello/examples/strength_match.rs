//! The strength match: the 8x8 engine (`EnginePlayer`: the midgame engine
//! of `ply_othello::midgame`) against the engine that landed before it
//! (`LegacyPlayer`), equal time per move, one thread each. Openings are
//! 4 to 8 random plies from the start; each is played twice with the
//! colours swapped. Prints the new engine's wins, draws, losses and score.
//!
//! `cargo run --release -p ply-othello --example strength_match -- [GAMES] [MOVE_MS] [SEED] [T]`
//! (defaults 200 games, 20 ms a move, seed 1, multi-ProbCut's default
//! selectivity; `T` 0 turns multi-ProbCut off).

use std::time::Duration;

use ply_engine::{EngineConfig, Game, GameResult, Player, Side};
use ply_othello::{EnginePlayer, Othello, Size8, Strength};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

#[path = "support/legacy.rs"]
mod legacy;

use legacy::LegacyPlayer;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: u64| {
        args.get(i)
            .and_then(|a| a.parse::<u64>().ok())
            .unwrap_or(default)
    };
    let (games, ms, seed) = (arg(1, 200), arg(2, 20), arg(3, 1));
    let selectivity: Option<f64> = match args.get(4).and_then(|a| a.parse::<f64>().ok()) {
        Some(t) if t <= 0.0 => None,
        Some(t) => Some(t),
        None => Some(ply_othello::DEFAULT_SELECTIVITY),
    };
    let budget = Duration::from_millis(ms);
    let config = EngineConfig {
        hash_mb: 64,
        ..EngineConfig::default()
    };
    // What `computer` was under a budget before: exact play only from the
    // empties it solves well within the budget (playable.rs).
    let legacy_strength = Strength {
        depth: 60,
        exact_empties: match ms {
            0..=49 => 10,
            50..=499 => 12,
            500..=4_999 => 16,
            _ => 20,
        },
        move_time: Some(budget),
    };
    let new_strength = Strength {
        depth: 60,
        exact_empties: 0,
        move_time: Some(budget),
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut margin_sum = 0i64;
    let mut opening = Othello::<Size8>::new();
    for game_index in 0..games {
        if game_index % 2 == 0 {
            // A fresh opening: 4 to 8 random plies.
            opening = Othello::<Size8>::new();
            let plies = rng.gen_range(4..=8);
            for _ in 0..plies {
                let mut legal = Vec::new();
                opening.generate_moves(&mut legal);
                match legal.choose(&mut rng) {
                    Some(&mv) => {
                        opening.play(mv);
                    }
                    None => break,
                }
            }
        }
        let new_side = if game_index % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut new: EnginePlayer<Size8> = EnginePlayer::new(new_strength, &config);
        if let Some(engine) = new.engine_mut() {
            engine.set_selectivity(selectivity);
        }
        let mut old: LegacyPlayer<Size8> = LegacyPlayer::new(legacy_strength, &config);
        let mut game = opening.clone();
        while game.result().is_none() {
            let choice = if game.to_move() == new_side {
                new.choose(&game)
            } else {
                old.choose(&game)
            };
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            assert!(legal.contains(&choice.mv), "illegal move {:?}", choice.mv);
            game.play(choice.mv);
        }
        let (black, white) = game.board().final_score();
        let margin = black as i64 - white as i64;
        let margin = if new_side == Side::First {
            margin
        } else {
            -margin
        };
        margin_sum += margin;
        match game.result() {
            Some(GameResult::Win(side)) if side == new_side => wins += 1,
            Some(GameResult::Draw) => draws += 1,
            _ => losses += 1,
        }
        eprint!(
            "\rgame {}: new {wins} wins, {draws} draws, {losses} losses",
            game_index + 1
        );
    }
    eprintln!();
    let score = (wins as f64 + draws as f64 / 2.0) * 100.0 / games.max(1) as f64;
    println!(
        "new engine vs legacy, {games} games, {ms} ms a move: {wins} wins, {draws} draws, \
         {losses} losses: {score:.1}% (mean disc margin {:+.1})",
        margin_sum as f64 / games.max(1) as f64
    );
}
