//! The engine against ply's generic `alphabeta:3` and `mcts:2000` bots on
//! 15 x 15 freestyle Gomoku, from varied openings (two random stones near
//! the centre), colours alternating, and the score per opponent with the
//! time each side took per move.
//!
//!     cargo run --release -p ply-gomoku --example strength -- [GAMES] [MOVE_MS] [SEED] [ONLY]
//!
//! GAMES (default 100) are split evenly between the two opponents; MOVE_MS
//! (default 100) is the engine's budget per move, or `equal`: the
//! opponent's mean time per move so far in the match (100 ms at first).
//! SEED (default 2026) chooses the openings. ONLY (`alphabeta` or `mcts`)
//! plays all GAMES against that one opponent.

use std::time::{Duration, Instant};

use ply_engine::AlphaBetaPlayer;
use ply_engine::MctsPlayer;
use ply_engine::{Deadline, EngineConfig, Game, GameResult, Player, Side};
use ply_gomoku::{Engine, GomokuGame, GomokuKnowledge, Move, Rule};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    engine_time: Duration,
    engine_moves: u32,
    opponent_time: Duration,
    opponent_moves: u32,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let equal = args.get(1).is_some_and(|a| a == "equal");
    let fixed_ms: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2026);
    let mut rng = StdRng::seed_from_u64(seed);
    let only = args.get(3).map(String::as_str);
    let split = match only {
        Some("alphabeta") => [("alphabeta:3", games), ("mcts:2000", 0)],
        Some("mcts") => [("alphabeta:3", 0), ("mcts:2000", games)],
        _ => [("alphabeta:3", games / 2), ("mcts:2000", games - games / 2)],
    };
    for (name, count) in split {
        if count == 0 {
            continue;
        }
        let mut tally = Tally {
            wins: 0,
            draws: 0,
            losses: 0,
            engine_time: Duration::ZERO,
            engine_moves: 0,
            opponent_time: Duration::ZERO,
            opponent_moves: 0,
        };
        for game_index in 0..count {
            let config = EngineConfig {
                seed: u64::from(game_index),
                ..EngineConfig::default()
            };
            let mut opponent: Box<dyn Player<GomokuGame>> = if name.starts_with("alpha") {
                Box::new(AlphaBetaPlayer::new(GomokuKnowledge, 3, &config))
            } else {
                Box::new(MctsPlayer::new(2000, &config))
            };
            let mut engine = Engine::new(32 << 20);
            let mut game = GomokuGame::new(15, 15, 5, Rule::Freestyle).expect("15 x 15 is fine");
            // The opening: two distinct random stones in the central 5 x 5.
            let mut record = Vec::new();
            while game.ply() < 2 {
                let mv = Move::new(rng.gen_range(5..10), rng.gen_range(5..10));
                if game.board().is_empty(mv) {
                    record.push(mv.to_string());
                    game.play(mv);
                }
            }
            let engine_side = if game_index % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            while game.result().is_none() {
                let start = Instant::now();
                let mv = if game.to_move() == engine_side {
                    let budget = if equal && tally.opponent_moves > 0 {
                        tally.opponent_time / tally.opponent_moves
                    } else {
                        Duration::from_millis(fixed_ms)
                    };
                    let deadline = Deadline::after(Some(budget));
                    let info = engine
                        .best_move(game.board(), game.stone_to_move(), deadline)
                        .expect("a move exists");
                    tally.engine_time += start.elapsed();
                    tally.engine_moves += 1;
                    info.best
                } else {
                    let choice = opponent.choose(&game);
                    tally.opponent_time += start.elapsed();
                    tally.opponent_moves += 1;
                    choice.mv
                };
                record.push(mv.to_string());
                game.play(mv);
            }
            let outcome = match game.result() {
                Some(GameResult::Win(side)) if side == engine_side => {
                    tally.wins += 1;
                    "win"
                }
                Some(GameResult::Win(_)) => {
                    tally.losses += 1;
                    "LOSS"
                }
                _ => {
                    tally.draws += 1;
                    "draw"
                }
            };
            println!(
                "{name} game {}: engine {:?}, {outcome} in {} plies: {}",
                game_index + 1,
                engine_side,
                game.ply(),
                record.join(" ")
            );
        }
        let per_move = |t: Duration, n: u32| t.as_secs_f64() * 1000.0 / f64::from(n.max(1));
        println!(
            "== engine vs {name}: {} wins, {} draws, {} losses of {count} ({:.1}%); \
             ms per move: engine {:.1}, {name} {:.1}",
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * (f64::from(tally.wins) + 0.5 * f64::from(tally.draws))
                / f64::from(count.max(1)),
            per_move(tally.engine_time, tally.engine_moves),
            per_move(tally.opponent_time, tally.opponent_moves),
        );
    }
}
