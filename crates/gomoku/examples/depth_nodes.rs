//! How the search's tree grows: positions a fixed-depth search visits to
//! complete each iteration, summed over positions from self-play that
//! complete every iteration undecided.
//!
//!     cargo run --release -p ply-gomoku --example depth_nodes -- [POSITIONS] [DEPTH] [SEED] [TABLE_KIB]
//!
//! The positions (default 40) come from games of the engine against itself
//! searching 3 plies from two random stones near the centre, stopped after
//! 6 to 30 stones, skipping decided ones (the time to make them, mostly
//! the root's threat searches, is printed too). Each is searched afresh to DEPTH
//! (default 7) with no time limit; the per-iteration totals and the growth
//! from one iteration to the next are printed, with the time. TABLE_KIB
//! (default 65536, the engine's 64 MiB) sizes each search's table: a small
//! one shows how the table holds up when a long search overflows it.

use std::time::{Duration, Instant};

use ply_engine::{Deadline, Game};
use ply_gomoku::{Engine, GomokuGame, Move, Progress, Rule};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let positions: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(40);
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(7);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let table_kib: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(64 << 10);
    let mut rng = StdRng::seed_from_u64(seed);
    let made = Instant::now();
    let mut games = Vec::new();
    // Depth-limited self-play, so the positions do not depend on the clock.
    let mut player = Engine::new(8 << 20);
    player.set_max_depth(3);
    while games.len() < positions {
        let mut game = GomokuGame::new(15, 15, 5, Rule::Freestyle).expect("15 x 15 is fine");
        while game.ply() < 2 {
            let mv = Move::new(rng.gen_range(5..10), rng.gen_range(5..10));
            if game.board().is_empty(mv) {
                game.play(mv);
            }
        }
        let stones = rng.gen_range(6..30);
        while game.ply() < stones && game.result().is_none() {
            let deadline = Deadline::after(Some(Duration::from_secs(10)));
            let Some(info) = player.best_move(game.board(), game.stone_to_move(), deadline) else {
                break;
            };
            game.play(info.best);
        }
        if game.result().is_none() {
            games.push(game);
        }
    }
    // Mostly the root's threat searches (fours, then threes), which a
    // 3-ply search leaves the most of the time to.
    let making = made.elapsed();
    let mut nodes = vec![0u64; depth as usize + 1];
    let mut times = vec![Duration::ZERO; depth as usize + 1];
    let mut complete = 0;
    let start = Instant::now();
    for game in &games {
        let mut engine = Engine::new(table_kib << 10);
        engine.set_max_depth(depth);
        let mut own = vec![(0u64, Duration::ZERO); depth as usize + 1];
        let mut deepest = 0;
        let mut report = |p: &Progress| {
            let d = p.depth as usize;
            if d < own.len() {
                own[d] = (p.nodes, p.elapsed);
                deepest = d;
            }
        };
        engine.best_move_reporting(
            game.board(),
            game.stone_to_move(),
            Deadline::none(),
            None,
            Some(&mut report),
        );
        // Only positions that complete every iteration: a decided one
        // stops early and would bend the growth.
        if deepest == depth as usize {
            complete += 1;
            for d in 1..own.len() {
                nodes[d] += own[d].0;
                times[d] += own[d].1 - own[1].1;
            }
        }
    }
    println!(
        "{} positions made in {:.1} s, {complete} searched to depth {depth} undecided, {:.1} s in all",
        games.len(),
        making.as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    println!("depth      nodes  growth  seconds after depth 1");
    for d in 1..=depth as usize {
        let growth = if d > 1 && nodes[d - 1] > 0 {
            format!("{:.2}", nodes[d] as f64 / nodes[d - 1] as f64)
        } else {
            "-".into()
        };
        println!(
            "{d:5}  {:>9}  {growth:>6}  {:.2}",
            nodes[d],
            times[d].as_secs_f64()
        );
    }
}
