//! The load test (ignored by default; run it alone, on 127.0.0.1 only):
//!
//!     cargo test --release -p ply-serve --test suite -- --ignored --nocapture load::
//!
//! 100 concurrent clients, each from its own loopback address, play whole
//! games of tic-tac-toe, Nim and Trilite against the perfect player (their
//! own moves random, seeded), while one abusive client (another address)
//! asks all the time for the heaviest searches the server accepts (MCTS on
//! big Nim, alpha-beta on 26 x 26, Othello, a 32-heap analysis), creates
//! games as fast as it can and holds half-sent requests open. Required:
//! zero errors and no lost game for the ordinary clients, their move
//! requests' p99 under 50 ms, and the process's peak memory under 512 MiB.
//! Each client plays its three games again and again for
//! `PLY_LOAD_SECONDS` (default 20), then finishes the game it is in.
//!
//! Each client pauses before each of its moves, like a person (or a
//! script that waits for the page): a random 0 to 2 x `PLY_LOAD_THINK_MS`
//! (default 100). `PLY_LOAD_THINK_MS=0` measures the closed loop instead,
//! where 100 clients that never pause make the latency the queue behind
//! two cores.

use crate::common;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use common::{create, Http};
use serde_json::json;

const CLIENTS: usize = 100;

/// The abusive client's address.
const ABUSER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 66));

/// Ordinary client `n`'s own address (1 to 100).
fn ordinary_address(n: u64) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 1, n as u8))
}

/// The peak resident memory of this process (server and clients), in MiB.
fn peak_memory_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<f64>()
                .ok()
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// What the abusive client got done.
#[derive(Default)]
struct Abuse {
    searches: AtomicU64,
    refused: AtomicU64,
    created: AtomicU64,
    held_open: AtomicU64,
}

/// Creates a game for the abuser's computer and asks for its moves.
fn heavy_games(
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    abuse: Arc<Abuse>,
    game: serde_json::Value,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut http = Http::from(addr, ABUSER);
        while !stop.load(Ordering::Relaxed) {
            // The abuser fills its own connection share: a request of its
            // own may find its connection closed, which is its refusal.
            let Ok(created) = http.try_post_json("/api/games", None, &game) else {
                abuse.refused.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(10));
                continue;
            };
            if created.status != 201 {
                abuse.refused.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
            let view = created.json();
            let id = view["id"].as_str().unwrap_or_default().to_string();
            let token = view["token"].as_str().unwrap_or_default().to_string();
            for _ in 0..4 {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let reply = http.try_post_json(
                    &format!("/api/games/{id}/computer"),
                    Some(&token),
                    &json!({}),
                );
                if reply.is_ok_and(|r| r.status == 200) {
                    abuse.searches.fetch_add(1, Ordering::Relaxed);
                } else {
                    abuse.refused.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    })
}

/// The abusive client: heavy searches from four threads, mass game
/// creation, a huge analysis, and half-sent requests.
fn abusive_client(
    addr: SocketAddr,
    stop: &Arc<AtomicBool>,
    abuse: &Arc<Abuse>,
) -> Vec<JoinHandle<()>> {
    let big_nim = json!({"game": "nim", "options": {"heaps": "65535,65535,65535"}, "players": ["mcts:100000", "mcts:100000"]});
    let wide = json!({"game": "mnk", "options": {"size": 26}, "players": ["alphabeta:10", "alphabeta:10"]});
    let othello = json!({"game": "othello", "players": ["alphabeta:10", "computer:20"]});
    let mut threads: Vec<JoinHandle<()>> = [big_nim, wide.clone(), othello, wide]
        .into_iter()
        .map(|game| heavy_games(addr, stop.clone(), abuse.clone(), game))
        .collect();
    // Games as fast as it can make them (the quota refuses the rest).
    threads.push({
        let (stop, abuse) = (stop.clone(), abuse.clone());
        std::thread::spawn(move || {
            let mut http = Http::from(addr, ABUSER);
            let game = json!({"game": "tictactoe", "players": ["human", "human"]});
            while !stop.load(Ordering::Relaxed) {
                match http
                    .try_post_json("/api/games", None, &game)
                    .map(|r| r.status)
                {
                    Ok(201) => abuse.created.fetch_add(1, Ordering::Relaxed),
                    _ => abuse.refused.fetch_add(1, Ordering::Relaxed),
                };
            }
        })
    });
    // The largest analysis the server takes, 32 heaps of 65535, twice at
    // once (the most one client may run).
    threads.extend((0..2).map(|_| {
        let (stop, abuse) = (stop.clone(), abuse.clone());
        std::thread::spawn(move || {
            let mut http = Http::from(addr, ABUSER);
            let heaps = vec!["65535"; 32].join(",");
            while !stop.load(Ordering::Relaxed) {
                match http
                    .try_get(&format!("/api/solve?game=nim&heaps={heaps}"), None)
                    .map(|r| r.status)
                {
                    Ok(200) => abuse.searches.fetch_add(1, Ordering::Relaxed),
                    _ => abuse.refused.fetch_add(1, Ordering::Relaxed),
                };
            }
        })
    }));
    // Half-sent requests, opened again as the server closes them.
    threads.push({
        let (stop, abuse) = (stop.clone(), abuse.clone());
        std::thread::spawn(move || {
            let mut open: Vec<TcpStream> = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                open.retain(|s| s.peer_addr().is_ok());
                while open.len() < 300 {
                    let Ok(mut stream) = common::connect(addr, Some(ABUSER)) else {
                        break;
                    };
                    if stream
                        .write_all(b"GET /api/games-list HTTP/1.1\r\nHost: x\r\n")
                        .is_ok()
                    {
                        abuse.held_open.fetch_add(1, Ordering::Relaxed);
                    }
                    open.push(stream);
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        })
    });
    threads
}

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
fn client(addr: SocketAddr, seed: u64, think_ms: u64, until: Instant) -> Played {
    let mut http = Http::from(addr, ordinary_address(seed));
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut pick = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut played = Played::default();
    let games = [
        ("tictactoe", json!({})),
        ("nim", json!({"heaps": "1,2,3"})),
        ("trilite", json!({})),
    ];
    for (game, options) in games.iter().cycle() {
        if played.games >= games.len() && Instant::now() >= until {
            break;
        }
        let started = Instant::now();
        let (id, token, mut view) = create(
            &mut http,
            json!({"game": game, "options": options, "players": ["human", "perfect"]}),
        );
        played.created.push(started.elapsed());
        played.games += 1;
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
            played.own.push(started.elapsed());
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
            played.perfect.push(started.elapsed());
            assert_eq!(
                reply.status,
                200,
                "{}",
                String::from_utf8_lossy(&reply.body)
            );
            view = reply.json();
        }
    }
    played
}

/// One ordinary client's games and the latency of each of its requests.
#[derive(Default)]
struct Played {
    games: usize,
    created: Vec<Duration>,
    own: Vec<Duration>,
    perfect: Vec<Duration>,
}

#[test]
#[ignore]
fn hundred_clients_play_solved_games_beside_an_abusive_client() {
    let think_ms: u64 = std::env::var("PLY_LOAD_THINK_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    // The server as `ply serve` runs it.
    let server = common::start(ply_serve::Limits::default());
    let addr = server.addr();
    let stop = Arc::new(AtomicBool::new(false));
    let abuse = Arc::new(Abuse::default());
    let abuser = abusive_client(addr, &stop, &abuse);
    let seconds: u64 = std::env::var("PLY_LOAD_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    std::thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let clients: Vec<_> = (0..CLIENTS)
        .map(|i| std::thread::spawn(move || client(addr, i as u64 + 1, think_ms, until)))
        .collect();
    let (mut own, mut perfect, mut created, mut games) = (Vec::new(), Vec::new(), Vec::new(), 0);
    for handle in clients {
        let played = handle
            .join()
            .expect("a client finished every game without error");
        own.extend(played.own);
        perfect.extend(played.perfect);
        created.extend(played.created);
        games += played.games;
    }
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    for thread in abuser {
        thread.join().expect("the abusive client");
    }
    let peak = peak_memory_mib();
    println!(
        "{CLIENTS} clients pausing up to {} ms, {games} games, in {:.1} s; meanwhile the abusive \
         client ran {} searches, created {} games, held {} half-sent requests and was refused \
         {} times; peak memory {peak:.0} MiB",
        2 * think_ms,
        elapsed.as_secs_f64(),
        abuse.searches.load(Ordering::Relaxed),
        abuse.created.load(Ordering::Relaxed),
        abuse.held_open.load(Ordering::Relaxed),
        abuse.refused.load(Ordering::Relaxed),
    );
    let mut all = own.clone();
    all.extend(perfect.iter().copied());
    report("own move (POST /moves)", own);
    report("perfect reply (POST /computer)", perfect);
    all.sort_unstable();
    let p99 = percentile(&all, 0.99);
    report("every move request", all);
    report("new game (POST /games)", created);
    assert!(
        elapsed < Duration::from_secs(seconds + 60),
        "bounded in time"
    );
    assert!(
        abuse.searches.load(Ordering::Relaxed) > 0,
        "the abusive client's searches ran"
    );
    if think_ms > 0 {
        assert!(p99 < Duration::from_millis(50), "p99 {p99:?}");
    }
    assert!(peak < 512.0, "peak memory {peak:.0} MiB");
    server.stop().expect("a clean stop");
}
