//! One client cannot starve or erase the others: a quota of games per
//! client address, no moves for a computer's seat, JSON answers for
//! over-long requests, and a header timeout with a cap on connections.

use crate::common;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{create, Http};
use ply_serve::Limits;
use serde_json::json;

fn two_people() -> serde_json::Value {
    json!({"game": "nim", "options": {"heaps": "3,4,5"}, "players": ["human", "human"]})
}

#[test]
fn a_client_over_its_quota_is_refused_and_erases_no_game() {
    let server = common::start(Limits {
        max_games_per_client: 3,
        ..common::quick_limits()
    });
    let mut http = Http::new(server.addr());
    let (first, first_token, _) = create(&mut http, two_people());
    create(&mut http, two_people());
    create(&mut http, two_people());
    let refused = http.post_json("/api/games", None, &two_people());
    assert_eq!(refused.status, 429, "{:?}", refused.json());
    let body = refused.json();
    assert_eq!(body["kind"], json!("too_many_games"), "{body}");
    assert!(
        body["error"].as_str().is_some_and(|e| e.contains('3')),
        "{body}"
    );
    // The client's own first game is still there: nothing was expired.
    let kept = http.get(&format!("/api/games/{first}"), Some(&first_token));
    assert_eq!(kept.status, 200);
}

#[test]
fn a_person_cannot_move_for_the_computer() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let (id, token, state) = create(
        &mut http,
        json!({"game": "nim", "options": {"heaps": "3,4,5"}, "players": ["computer", "human"]}),
    );
    assert_eq!(state["turn"], json!("computer"), "{state}");
    let refused = http.post_json(
        &format!("/api/games/{id}/moves"),
        Some(&token),
        &json!({"move": "1:1"}),
    );
    assert_eq!(refused.status, 409, "{:?}", refused.json());
    assert_eq!(refused.json()["kind"], json!("not_your_turn"));
    let after = http.get(&format!("/api/games/{id}"), Some(&token)).json();
    assert_eq!(after["moves"], json!([]), "{after}");
}

#[test]
fn an_over_long_uri_gets_a_json_414() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let path = format!("/api/solve?game=nim&heaps={}", "1,".repeat(10_000));
    let reply = http.get(&path, None);
    assert_eq!(reply.status, 414);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(reply.json()["kind"], json!("uri_too_long"));
}

#[test]
fn over_long_headers_get_a_json_431() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let big = "x".repeat(40_000);
    let reply = http
        .request("GET", "/api/games-list", &[("X-Padding", &big)], None)
        .expect("answered");
    assert_eq!(reply.status, 431);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(reply.json()["kind"], json!("headers_too_large"));
}

/// Reads until the server closes; answers how long that took, or None if
/// it kept the connection open past `wait`.
fn closed_within(stream: &mut TcpStream, wait: Duration) -> Option<Duration> {
    let started = Instant::now();
    stream.set_read_timeout(Some(wait)).expect("a timeout");
    let mut buffer = [0u8; 1024];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return Some(started.elapsed()),
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return None
            }
            Err(_) => return Some(started.elapsed()),
        }
    }
}

#[test]
fn a_half_sent_request_is_closed_at_the_header_timeout() {
    let server = common::start(Limits {
        header_timeout: Duration::from_millis(500),
        ..common::quick_limits()
    });
    let mut stream = TcpStream::connect(server.addr()).expect("connects");
    stream
        .write_all(b"GET /api/games-list HTTP/1.1\r\nHost: x\r\n")
        .expect("half a request sent");
    let took = closed_within(&mut stream, Duration::from_secs(5));
    assert!(
        took.is_some_and(|t| t < Duration::from_secs(3)),
        "still open: {took:?}"
    );
}

#[test]
fn connections_over_the_cap_wait_for_a_free_one() {
    let server = common::start(Limits {
        max_connections: 1,
        ..common::quick_limits()
    });
    let mut holder = TcpStream::connect(server.addr()).expect("connects");
    holder.write_all(b"GET / HTTP/1.1\r\n").expect("half sent");
    std::thread::sleep(Duration::from_millis(200));
    let mut waiting = TcpStream::connect(server.addr()).expect("connects");
    waiting
        .write_all(b"GET /api/games-list HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .expect("sent");
    waiting
        .set_read_timeout(Some(Duration::from_millis(500)))
        .expect("a timeout");
    let mut buffer = [0u8; 64];
    let early = waiting.read(&mut buffer);
    assert!(
        early
            .as_ref()
            .is_err_and(|e| matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)),
        "answered over the cap: {early:?}"
    );
    drop(holder);
    waiting
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("a timeout");
    let mut answer = Vec::new();
    let _ = waiting.read_to_end(&mut answer);
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{:?}",
        String::from_utf8_lossy(&answer)
    );
}

#[test]
fn redo_replays_the_computers_move_taken_back() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let (id, token, _) = create(
        &mut http,
        json!({"game": "nim", "options": {"heaps": "3,4,5"}, "players": ["human", "computer"]}),
    );
    let moves = format!("/api/games/{id}/moves");
    assert_eq!(
        http.post_json(&moves, Some(&token), &json!({"move": "1:1"}))
            .status,
        200
    );
    let reply = http.post_json(
        &format!("/api/games/{id}/computer"),
        Some(&token),
        &json!({}),
    );
    let after = reply.json();
    for _ in 0..2 {
        let undone = http.post_json(&format!("/api/games/{id}/undo"), Some(&token), &json!({}));
        assert_eq!(undone.status, 200);
    }
    assert_eq!(
        http.post_json(&moves, Some(&token), &json!({"move": "1:1"}))
            .status,
        200
    );
    let redone = http.post_json(&format!("/api/games/{id}/redo"), Some(&token), &json!({}));
    assert_eq!(redone.status, 200, "{:?}", redone.json());
    assert_eq!(redone.json()["position"], after["position"]);
    let none = http.post_json(&format!("/api/games/{id}/redo"), Some(&token), &json!({}));
    assert_eq!(none.status, 422, "{:?}", none.json());
}

/// A client address of its own on the loopback network.
fn address(n: u8) -> std::net::IpAddr {
    std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, n))
}

/// A search that runs to its deadline: alpha-beta ten plies deep on a
/// 26 x 26 board after one stone.
fn deep_search(http: &mut Http) -> Duration {
    let (id, token, _) = create(
        http,
        json!({"game": "mnk", "options": {"size": 26}, "players": ["human", "alphabeta:10"]}),
    );
    let moved = http.post_json(
        &format!("/api/games/{id}/moves"),
        Some(&token),
        &json!({"move": "m13"}),
    );
    assert_eq!(moved.status, 200, "{:?}", moved.json());
    let started = Instant::now();
    let reply = http.post_json(
        &format!("/api/games/{id}/computer"),
        Some(&token),
        &json!({}),
    );
    assert_eq!(reply.status, 200);
    started.elapsed()
}

#[test]
fn one_clients_searches_leave_a_slot_for_another_client() {
    let server = common::start(Limits {
        max_searches: 2,
        max_searches_per_client: 1,
        move_time: Duration::from_millis(1500),
        ..common::quick_limits()
    });
    let addr = server.addr();
    // Two deep searches at once from one address: one runs, the other
    // waits for that client's next turn.
    let heavy: Vec<_> = (0..2)
        .map(|_| std::thread::spawn(move || deep_search(&mut Http::from(addr, address(2)))))
        .collect();
    std::thread::sleep(Duration::from_millis(400));
    let mut other = Http::from(addr, address(3));
    let started = Instant::now();
    let (id, token, _) = create(
        &mut other,
        json!({"game": "tictactoe", "players": ["perfect", "human"]}),
    );
    let reply = other.post_json(
        &format!("/api/games/{id}/computer"),
        Some(&token),
        &json!({}),
    );
    let took = started.elapsed();
    assert_eq!(reply.status, 200);
    let heavy: Vec<Duration> = heavy
        .into_iter()
        .map(|search| search.join().expect("the heavy client's searches"))
        .collect();
    assert!(
        heavy.iter().all(|t| *t > Duration::from_millis(1000)),
        "the heavy searches ran to their deadline: {heavy:?}"
    );
    assert!(
        took < Duration::from_millis(700),
        "the other client (a game and a move) waited {took:?} behind one client's searches ({heavy:?})"
    );
}

#[test]
fn one_address_cannot_hold_every_connection() {
    let server = common::start(Limits {
        max_connections: 8,
        max_connections_per_client: 4,
        ..common::quick_limits()
    });
    let addr = server.addr();
    // Four half-sent requests from one address hold its share; a fifth
    // connection from it is closed at once.
    let held: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut stream = common::connect(addr, Some(address(2))).expect("connects");
            stream.write_all(b"GET / HTTP/1.1\r\n").expect("half sent");
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut fifth = common::connect(addr, Some(address(2))).expect("connects");
    let _ = fifth.write_all(b"GET /api/games-list HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(
        closed_within(&mut fifth, Duration::from_secs(2)).is_some(),
        "a connection over the address's share stayed open"
    );
    // Another address is served at once.
    let mut http = Http::from(addr, address(3));
    let started = Instant::now();
    assert_eq!(http.get("/api/games-list", None).status, 200);
    assert!(started.elapsed() < Duration::from_millis(500));
    drop(held);
}

#[test]
fn a_search_stops_when_its_client_leaves() {
    let server = common::start(Limits {
        max_searches: 1,
        move_time: Duration::from_secs(4),
        ..common::quick_limits()
    });
    let addr = server.addr();
    let mut http = Http::from(addr, address(2));
    let (id, token, _) = create(
        &mut http,
        json!({"game": "mnk", "options": {"size": 26}, "players": ["human", "alphabeta:10"]}),
    );
    let moved = http.post_json(
        &format!("/api/games/{id}/moves"),
        Some(&token),
        &json!({"move": "m13"}),
    );
    assert_eq!(moved.status, 200);
    // Ask for the computer's move, then hang up without waiting.
    let mut leaving = common::connect(addr, Some(address(2))).expect("connects");
    let body = "{}";
    let request = format!(
        "POST /api/games/{id}/computer HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    leaving.write_all(request.as_bytes()).expect("sent");
    std::thread::sleep(Duration::from_millis(300));
    drop(leaving);
    // The only slot is free again long before the 4 s move time.
    let started = Instant::now();
    let mut other = Http::from(addr, address(3));
    create(&mut other, json!({"game": "tictactoe"}));
    let took = started.elapsed();
    assert!(
        took < Duration::from_millis(1500),
        "the search went on {took:?} after its client left"
    );
}
