//! How well the static evaluation and fixed-depth searches of an opening
//! predict who wins it: N random openings of three to five stones in the
//! central 5 x 5 of 15 x 15 freestyle (as the tournament's openings draw
//! them, seeded), each valued by the evaluation and by 2-, 4- and 6-ply
//! searches (for the side to move), then played out by the engine against
//! itself at MOVE_MS a move. One CSV line an opening; the calibration of
//! the openings' judge (`ply_mnk`'s `FIRST_PLAYER_EDGE`) came from these.
//!
//!     cargo run --release -p ply-gomoku --example opening_balance -- [N] [MOVE_MS] [SEED] [RULE]
//!
//! N defaults to 100, MOVE_MS to 30, SEED to 1, RULE (freestyle, exact,
//! renju or caro) to freestyle.

use std::time::Duration;

use ply_engine::{
    balanced_opening, opening_seed, Deadline, Game, GameResult, Knowledge, OpeningRecipe,
};
use ply_gomoku::{Engine, GomokuGame, GomokuKnowledge, Move, Rule, Score};

/// The value of a `depth`-ply search for the side to move (decided: ±100,000).
fn search(game: &GomokuGame, depth: u32) -> i32 {
    let mut engine = Engine::new(8 << 20);
    engine.set_max_depth(depth);
    let info = engine
        .best_move(game.board(), game.stone_to_move(), Deadline::none())
        .expect("a move");
    match info.score {
        Score::Win(_) => 100_000,
        Score::Loss(_) => -100_000,
        Score::Heuristic(v) => v,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let move_ms: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(30);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let rule = match args.get(3).map(String::as_str) {
        None | Some("freestyle") => Rule::Freestyle,
        Some("exact") => Rule::Exact,
        Some("renju") => Rule::Renju,
        Some("caro") => Rule::Caro,
        Some(other) => {
            eprintln!("unknown rule {other}: freestyle, exact, renju or caro");
            std::process::exit(2);
        }
    };
    let start = GomokuGame::new(15, 15, 5, rule).expect("15 x 15");
    let near = |_: &GomokuGame, mv: Move| {
        (i32::from(mv.x) - 7).abs() <= 2 && (i32::from(mv.y) - 7).abs() <= 2
    };
    let evaluate = |g: &GomokuGame| GomokuKnowledge.evaluate(g);
    println!("index,plies,static,d2,d4,d6,mover_won,plies_played");
    for index in 0..n {
        let moves = balanced_opening(
            &start,
            opening_seed(seed, index),
            &OpeningRecipe {
                plies: 3..=5,
                candidate: &near,
                evaluate: &evaluate,
                even_within: i32::MAX,
            },
        )
        .expect("opening");
        let mut game = start.clone();
        for &mv in &moves {
            game.play(mv);
        }
        let mover = game.to_move();
        let s0 = GomokuKnowledge.evaluate(&game);
        let d2 = search(&game, 2);
        let d4 = search(&game, 4);
        let d6 = search(&game, 6);
        let mut engine = Engine::new(16 << 20);
        while game.result().is_none() {
            let info = engine
                .best_move(
                    game.board(),
                    game.stone_to_move(),
                    Deadline::after(Some(Duration::from_millis(move_ms))),
                )
                .expect("a move");
            game.play(info.best);
        }
        let won = match game.result() {
            Some(GameResult::Win(side)) if side == mover => 1.0,
            Some(GameResult::Win(_)) => 0.0,
            _ => 0.5,
        };
        println!(
            "{index},{},{s0},{d2},{d4},{d6},{won},{}",
            moves.len(),
            game.ply()
        );
    }
}
