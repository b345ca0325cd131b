//! `cargo bench -p ply-trilite-c`: the time of a whole retrograde solve and
//! of a `PlayTrilite` answer once the table is built. Targets: under 50 ms
//! and under 10 microseconds.

use std::hint::black_box;
use std::time::{Duration, Instant};

use ply_engine::Game;
use ply_engine::Solution;
use ply_trilite_c::play_trilite;
use ply_trilite_c::{encode_board, K_NO_POSITION};
use trilite::Trilite;

fn main() {
    let mut solves: Vec<Duration> = (0..7)
        .map(|_| {
            let started = Instant::now();
            let solved = Solution::solve(black_box(&Trilite::new()), 1 << 22).expect("solves");
            black_box(solved.len());
            started.elapsed()
        })
        .collect();
    solves.sort();
    println!(
        "whole solution (enumerate + retrograde), fresh each time: min {:.1} ms, median {:.1} ms (target < 50 ms)",
        ms(solves[0]),
        ms(solves[solves.len() / 2])
    );

    let started = Instant::now();
    black_box(play_trilite(&[-1; 9], K_NO_POSITION, 1, true));
    println!(
        "first PlayTrilite call (solves and caches the table): {:.1} ms",
        ms(started.elapsed())
    );

    // Games between two seats of the engine and a pseudo-random opponent,
    // timing every PlayTrilite answer.
    let mut times = Vec::new();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for game_number in 0..2_000 {
        let engine_seat = 1 + game_number % 2;
        let mut game = Trilite::new();
        let mut previous = K_NO_POSITION;
        let mut fresh = true;
        for _ in 0..200 {
            if game.result().is_some() {
                break;
            }
            let seat = if game.to_move() == ply_engine::Side::First {
                1
            } else {
                2
            };
            let mv = if seat == engine_seat {
                let board = encode_board(&game);
                let started = Instant::now();
                let answer = play_trilite(black_box(&board), previous, seat, fresh);
                times.push(started.elapsed());
                fresh = false;
                answer as u8
            } else {
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                moves[(state % moves.len() as u64) as usize]
            };
            game.play(mv);
            previous = i32::from(mv);
        }
    }
    times.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "PlayTrilite answer after the first call, {} answers: mean {:.2} us, median {:.2} us, 99th percentile {:.2} us (target < 10 us)",
        times.len(),
        us(mean),
        us(times[times.len() / 2]),
        us(times[times.len() * 99 / 100])
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
