//! The load test (ignored by default; run it alone, on 127.0.0.1 only):
//!
//!     cargo test --release -p ply-serve --test suite -- --ignored --nocapture load::
//!
//! 100 concurrent clients each play whole games of tic-tac-toe, Nim and
//! Trilite against the perfect player (their own moves random, seeded),
//! while another client keeps the server busy with Othello searches. Zero
//! errors are required; the latency of each move request is reported as
//! p50 / p99. Bounded: 300 games, and at most 2 minutes.
//!
//! Each client pauses before each of its moves, like a person (or a
//! script that waits for the page): a random 0 to 2 x `PLY_LOAD_THINK_MS`
//! (default 100). `PLY_LOAD_THINK_MS=0` measures the closed loop instead,
//! where 100 clients that never pause make the latency the queue behind
//! two cores.

use crate::common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{create, Http};
use serde_json::json;

const CLIENTS: usize = 100;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort_unstable();
    println!(
        "{what}: {} requests, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
}

/// One client's three games; answers the latencies of its move requests
/// (its own moves, then the perfect player's).
fn client(addr: std::net::SocketAddr, seed: u64, think_ms: u64) -> (Vec<Duration>, Vec<Duration>) {
    let mut http = Http::new(addr);
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut pick = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let (mut own, mut perfect) = (Vec::new(), Vec::new());
    for (game, options) in [
        ("tictactoe", json!({})),
        ("nim", json!({"heaps": "1,2,3"})),
        ("trilite", json!({})),
    ] {
        let (id, token, mut view) = create(
            &mut http,
            json!({"game": game, "options": options, "players": ["human", "perfect"]}),
        );
        while view["result"].is_null() {
            if think_ms > 0 {
                std::thread::sleep(Duration::from_millis(pick(2 * think_ms as usize + 1) as u64));
            }
            let legal = view["legal_moves"].as_array().expect("moves");
            let mv = legal[pick(legal.len())].clone();
            let started = Instant::now();
            let reply = http.post_json(
                &format!("/api/games/{id}/moves"),
                Some(&token),
                &json!({"move": mv}),
            );
            own.push(started.elapsed());
            assert_eq!(
                reply.status,
                200,
                "{}",
                String::from_utf8_lossy(&reply.body)
            );
            view = reply.json();
            if !view["result"].is_null() {
                break;
            }
            let started = Instant::now();
            let reply = http.post_json(
                &format!("/api/games/{id}/computer"),
                Some(&token),
                &json!({}),
            );
            perfect.push(started.elapsed());
            assert_eq!(
                reply.status,
                200,
                "{}",
                String::from_utf8_lossy(&reply.body)
            );
            view = reply.json();
        }
    }
    (own, perfect)
}

#[test]
#[ignore]
fn hundred_clients_play_solved_games_while_othello_searches() {
    let think_ms: u64 = std::env::var("PLY_LOAD_THINK_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    // A hundred clients, all from 127.0.0.1, making more games than the
    // table holds: no quota per address here, the idle longest expire.
    let server = common::start(ply_serve::Limits {
        max_games_per_client: usize::MAX,
        ..ply_serve::Limits::default()
    });
    let addr = server.addr();
    let stop = Arc::new(AtomicBool::new(false));
    // Othello searches all through the run, at the default time limit.
    let othello = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut http = Http::new(addr);
            let mut searches = 0;
            while !stop.load(Ordering::Relaxed) {
                let (id, token, _) = create(
                    &mut http,
                    json!({"game": "othello", "players": ["computer", "computer"]}),
                );
                for _ in 0..60 {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let reply = http.post_json(
                        &format!("/api/games/{id}/computer"),
                        Some(&token),
                        &json!({}),
                    );
                    assert_eq!(
                        reply.status,
                        200,
                        "{}",
                        String::from_utf8_lossy(&reply.body)
                    );
                    searches += 1;
                    if !reply.json()["result"].is_null() {
                        break;
                    }
                }
            }
            searches
        })
    };
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|i| std::thread::spawn(move || client(addr, i as u64 + 1, think_ms)))
        .collect();
    let (mut own, mut perfect) = (Vec::new(), Vec::new());
    for handle in clients {
        let (o, p) = handle.join().expect("a client finished without error");
        own.extend(o);
        perfect.extend(p);
    }
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    let searches = othello.join().expect("the Othello client");
    println!(
        "{CLIENTS} clients pausing up to {} ms, {} games, in {:.1} s; {searches} Othello \
         searches meanwhile",
        2 * think_ms,
        CLIENTS * 3,
        elapsed.as_secs_f64()
    );
    let mut all = own.clone();
    all.extend(perfect.iter().copied());
    report("own move (POST /moves)", own);
    report("perfect reply (POST /computer)", perfect);
    report("every move request", all);
    assert!(elapsed < Duration::from_secs(120), "bounded in time");
    server.stop().expect("a clean stop");
}
