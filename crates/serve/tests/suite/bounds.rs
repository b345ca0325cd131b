//! No search or answer of the server is unbounded: every bot it accepts
//! stops at the move time, analyses at the analysis time, and long move
//! lists are summarised, whatever the board or the bot's depth or
//! playouts.

use crate::common;

use std::time::{Duration, Instant};

use common::{create, Http};
use ply_serve::Limits;
use serde_json::{json, Value};

/// The server's limits: one second a move and an analysis.
fn second_limits() -> Limits {
    Limits {
        move_time: Duration::from_secs(1),
        analysis_time: Duration::from_secs(1),
        ..Limits::default()
    }
}

/// The limit plus a generous margin for a loaded two-core machine.
const WITHIN: Duration = Duration::from_secs(3);

fn heaps(rows: usize) -> String {
    vec!["65535"; rows].join(",")
}

/// Creates a game with `players` and has the computer move once; both
/// within the limit.
fn one_computer_move(game: Value) {
    let server = common::start(second_limits());
    let mut http = Http::new(server.addr());
    let started = Instant::now();
    let (id, token, _) = create(&mut http, game.clone());
    let created = started.elapsed();
    assert!(created < WITHIN, "creating {game} took {created:?}");
    let started = Instant::now();
    let moved = http.post_json(
        &format!("/api/games/{id}/computer"),
        Some(&token),
        &json!({}),
    );
    let took = started.elapsed();
    assert_eq!(
        moved.status,
        200,
        "{}",
        String::from_utf8_lossy(&moved.body[..moved.body.len().min(400)])
    );
    assert!(took < WITHIN, "one move of {game} took {took:?}");
}

#[test]
fn mcts_on_big_nim_stops_at_the_move_time() {
    one_computer_move(json!({
        "game": "nim",
        "options": {"heaps": heaps(3)},
        "players": ["mcts:100000", "human"],
    }));
}

#[test]
fn mcts_on_a_wide_board_stops_at_the_move_time() {
    one_computer_move(json!({
        "game": "mnk",
        "options": {"size": 26},
        "players": ["mcts:100000", "human"],
    }));
}

#[test]
fn deep_alphabeta_on_a_wide_board_stops_at_the_move_time() {
    one_computer_move(json!({
        "game": "mnk",
        "options": {"size": 26},
        "players": ["alphabeta:10", "human"],
    }));
}

#[test]
fn alphabeta_on_fifteen_by_fifteen_stops_at_the_move_time() {
    one_computer_move(json!({
        "game": "mnk",
        "options": {"size": 15},
        "players": ["alphabeta:4", "human"],
    }));
}

#[test]
fn a_deep_computer_level_stops_at_the_move_time() {
    one_computer_move(json!({
        "game": "mnk",
        "options": {"size": 8, "k": 4},
        "players": ["computer:20", "human"],
    }));
}

/// 32 heaps of 65535: 2,097,120 moves.
#[test]
fn a_huge_move_list_is_summarised_with_its_total() {
    let server = common::start(second_limits());
    let mut http = Http::new(server.addr());
    let started = Instant::now();
    let reply = http.get(&format!("/api/solve?game=nim&heaps={}", heaps(32)), None);
    let took = started.elapsed();
    assert_eq!(reply.status, 200);
    assert!(took < WITHIN, "the solve took {took:?}");
    assert!(reply.body.len() < 1 << 20, "{} bytes", reply.body.len());
    let report = reply.json();
    assert_eq!(
        report["total_moves"],
        json!(2_097_120),
        "{}",
        report["notes"]
    );
    let shown = report["moves"].as_array().expect("moves");
    assert!(!shown.is_empty() && shown.len() < 2_097_120);
    // Equal heaps in pairs: every move loses, and the answer says so.
    assert_eq!(report["value"], json!("lose"));
    assert_eq!(shown[0]["value"], json!("lose"), "{}", shown[0]);
    assert!(report["moves_note"]
        .as_str()
        .is_some_and(|n| n.contains("best first")));
}

#[test]
fn a_huge_game_is_created_valued_and_played_within_bounds() {
    let server = common::start(second_limits());
    let mut http = Http::new(server.addr());
    let started = Instant::now();
    let (id, token, state) = create(
        &mut http,
        json!({"game": "nim", "options": {"heaps": heaps(32)}, "players": ["human", "human"]}),
    );
    assert!(
        started.elapsed() < WITHIN,
        "created in {:?}",
        started.elapsed()
    );
    assert_eq!(state["total_legal_moves"], json!(2_097_120));
    let started = Instant::now();
    let reply = http.get(&format!("/api/games/{id}?values=true"), Some(&token));
    let took = started.elapsed();
    assert_eq!(reply.status, 200);
    assert!(took < WITHIN, "the values took {took:?}");
    assert!(reply.body.len() < 1 << 20, "{} bytes", reply.body.len());
    let started = Instant::now();
    let played = http.post_json(
        &format!("/api/games/{id}/moves"),
        Some(&token),
        &json!({"move": "1:1"}),
    );
    assert_eq!(played.status, 200);
    assert!(
        started.elapsed() < WITHIN,
        "played in {:?}",
        started.elapsed()
    );
    assert!(played.body.len() < 1 << 20, "{} bytes", played.body.len());
}

#[test]
fn the_deepest_othello_alphabeta_stops_at_the_move_time() {
    one_computer_move(json!({
        "game": "othello",
        "players": ["alphabeta:10", "human"],
    }));
}
