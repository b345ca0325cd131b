//! The strength match at equal time: the 8x8 engine (`EnginePlayer`: the
//! midgame engine of `ply_othello::midgame`) with its trained evaluation
//! against the same engine with the hand-weighted one (`hand_weighted`),
//! equal time per move, one thread each: what the trained evaluation is
//! worth once its cost per call counts (`match_eval` compares the two at
//! equal depth). Openings are 4 to 8 random plies from the start; each is
//! played twice with the colours swapped. Prints the trained engine's
//! wins, draws, losses and score.
//!
//! `cargo run --release -p ply-othello --example strength_match -- [GAMES] [MOVE_MS] [SEED] [T]`
//! (defaults 200 games, 20 ms a move, seed 1, multi-ProbCut's default
//! selectivity; `T` 0 turns multi-ProbCut off).

#[path = "support/fixed.rs"]
mod support;

use std::time::Duration;

use ply_engine::{EngineConfig, Game, GameResult, Player, Side};
use ply_othello::{hand_weighted, EnginePlayer, Othello, Size8, Strength};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = support::positional;
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
    // Both sides pick their exact empties from the budget.
    let strength = Strength {
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
        let trained_side = if game_index % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut trained: EnginePlayer<Size8> = EnginePlayer::new(strength, &config);
        let mut hand: EnginePlayer<Size8> = EnginePlayer::new(strength, &config);
        for player in [&mut trained, &mut hand] {
            if let Some(engine) = player.engine_mut() {
                engine.set_selectivity(selectivity);
            }
        }
        if let Some(engine) = hand.engine_mut() {
            engine.set_evaluator(hand_weighted);
        }
        let mut game = opening.clone();
        while game.result().is_none() {
            let choice = if game.to_move() == trained_side {
                trained.choose(&game)
            } else {
                hand.choose(&game)
            };
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            assert!(legal.contains(&choice.mv), "illegal move {:?}", choice.mv);
            game.play(choice.mv);
        }
        let (black, white) = game.board().final_score();
        let margin = black as i64 - white as i64;
        let margin = if trained_side == Side::First {
            margin
        } else {
            -margin
        };
        margin_sum += margin;
        match game.result() {
            Some(GameResult::Win(side)) if side == trained_side => wins += 1,
            Some(GameResult::Draw) => draws += 1,
            _ => losses += 1,
        }
        eprint!(
            "\rgame {}: trained {wins} wins, {draws} draws, {losses} losses",
            game_index + 1
        );
    }
    eprintln!();
    let score = (wins as f64 + draws as f64 / 2.0) * 100.0 / games.max(1) as f64;
    println!(
        "trained vs hand-weighted, {games} games, {ms} ms a move: {wins} wins, {draws} draws, \
         {losses} losses: {score:.1}% (mean disc margin {:+.1})",
        margin_sum as f64 / games.max(1) as f64
    );
}
