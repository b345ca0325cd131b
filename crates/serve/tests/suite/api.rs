//! The JSON API over a real socket: every endpoint, every kind of bad
//! input (each a 4xx with a JSON error), tokens, and the limits.

use crate::common;

use std::time::Duration;

use common::{create, Http};
use ply_serve::Limits;
use serde_json::{json, Value};

fn is_hex(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A 4xx answer with a JSON error of `kind`.
fn refused(reply: &common::Reply, status: u16, kind: &str) {
    assert_eq!(
        reply.status,
        status,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    assert_eq!(reply.header("content-type"), Some("application/json"));
    let body = reply.json();
    assert_eq!(body["kind"], json!(kind), "{body}");
    let message = body["error"].as_str().expect("a message");
    assert!(!message.is_empty() && !message.contains('\n'), "{message}");
}

/// Plays bots against each other through the API until the game ends.
fn play_out(http: &mut Http, id: &str, token: &str) -> Value {
    for _ in 0..400 {
        let state = http.post_json(
            &format!("/api/games/{id}/computer"),
            Some(token),
            &json!({}),
        );
        assert_eq!(
            state.status,
            200,
            "{}",
            String::from_utf8_lossy(&state.body)
        );
        let state = state.json();
        if !state["result"].is_null() {
            return state;
        }
    }
    panic!("the game did not end");
}

#[test]
fn games_list_names_every_game_and_its_options() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let list = http.get("/api/games-list", None).json();
    let names: Vec<&str> = list
        .as_array()
        .expect("a list")
        .iter()
        .map(|g| g["name"].as_str().expect("a name"))
        .collect();
    let expected: Vec<&str> = ply_registry::games().iter().map(|g| g.name()).collect();
    assert_eq!(names, expected);
    let nim = &list[2];
    assert!(nim["options"]
        .as_array()
        .expect("options")
        .iter()
        .any(|o| o["name"] == json!("misere") && o["flag"] == json!(true)));
    assert!(nim["position"]["example"].is_string());
}

/// Perfect play from the start gives the games' known values: tic-tac-toe
/// is a draw, Nim 1,2,3 (nim-sum 0) a win for the second player, Trilite a
/// win for the first in 13 plies (crates/trilite/README.md).
#[test]
fn perfect_bots_reach_the_known_results() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let cases = [
        ("tictactoe", json!({}), Value::Null, None),
        ("nim", json!({"heaps": "1,2,3"}), json!("O"), None),
        ("trilite", json!({}), json!("X"), Some(13)),
    ];
    for (game, options, winner, plies) in cases {
        let (id, token, _) = create(
            &mut http,
            json!({"game": game, "options": options, "players": ["perfect", "perfect"]}),
        );
        let end = play_out(&mut http, &id, &token);
        assert_eq!(end["result"]["winner"], winner, "{game}: {end}");
        assert_eq!(end["result"]["move_limit"], json!(false), "{game}");
        if let Some(plies) = plies {
            assert_eq!(
                end["moves"].as_array().expect("moves").len(),
                plies,
                "{game}"
            );
        }
        // Every move a perfect bot made carries its value, and the
        // winner's moves are wins.
        for m in end["moves"].as_array().expect("moves") {
            assert!(m["value"].is_string(), "{game}: {m}");
            if winner.is_string() && m["side"] == winner {
                assert_eq!(m["value"], json!("win"), "{game}: {m}");
            }
        }
    }
}

#[test]
fn a_game_is_played_undone_and_valued_through_its_token() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let (id, token, state) = create(&mut http, json!({"game": "tictactoe"}));
    assert!(is_hex(&id, 32) && is_hex(&token, 64), "{id} {token}");
    assert_eq!(state["players"], json!(["human", "computer"]));
    assert_eq!(state["turn"], json!("human"));
    assert_eq!(state["legal_moves"].as_array().expect("moves").len(), 9);
    let game = format!("/api/games/{id}");

    // The empty board is a draw in 9 plies, each first move a draw.
    let valued = http
        .get(&format!("{game}?values=true"), Some(&token))
        .json();
    assert_eq!(valued["analysis"]["value"], json!("draw"));
    assert_eq!(valued["analysis"]["remoteness"], json!(9));
    // The same report as /api/solve (and `ply solve --json`).
    let solved = http.get("/api/solve?game=tictactoe", None).json();
    assert_eq!(valued["analysis"], solved);

    let played = http.post_json(
        &format!("{game}/moves"),
        Some(&token),
        &json!({"move": "5"}),
    );
    assert_eq!(played.status, 200);
    let played = played.json();
    assert_eq!(played["position"], json!("----X----"));
    assert_eq!(
        played["moves"][0],
        json!({"move": "b2", "side": "X", "value": "draw", "remoteness": 8, "four_score": 2})
    );
    assert_eq!(played["turn"], json!("computer"));
    let replied = http
        .post_json(&format!("{game}/computer"), Some(&token), &json!({}))
        .json();
    assert_eq!(replied["moves"].as_array().expect("moves").len(), 2);
    assert_eq!(replied["turn"], json!("human"));
    // A taken square is refused with the reason; nothing changes.
    let taken = http.post_json(
        &format!("{game}/moves"),
        Some(&token),
        &json!({"move": "b2"}),
    );
    refused(&taken, 422, "illegal_move");
    // Structured: which move and what kind of problem, for a script.
    assert_eq!(taken.json()["move"], json!("b2"));
    assert_eq!(taken.json()["problem"], json!("occupied"));
    let junk = http.post_json(
        &format!("{game}/moves"),
        Some(&token),
        &json!({"move": "z99\u{1b}[2J"}),
    );
    refused(&junk, 422, "illegal_move");
    assert!(!junk.json()["error"]
        .as_str()
        .expect("text")
        .contains('\u{1b}'));
    assert_eq!(junk.json()["problem"], json!("not_a_move"));
    assert!(!junk.json()["move"]
        .as_str()
        .expect("the move as given")
        .contains('\u{1b}'));
    // Undo twice: back to the start; once more is refused.
    for _ in 0..2 {
        let undone = http
            .request(
                "POST",
                &format!("{game}/undo"),
                &[("Authorization", &format!("Bearer {token}"))],
                None,
            )
            .expect("answered");
        assert_eq!(undone.status, 200);
    }
    let state = http.get(&game, Some(&token)).json();
    assert_eq!(state["position"], json!("---------"));
    assert!(state["moves"].as_array().expect("moves").is_empty());
    let again = http.post_json(&format!("{game}/undo"), Some(&token), &json!({}));
    refused(&again, 422, "illegal_move");
}

#[test]
fn another_client_cannot_see_or_play_a_game() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let (mine, my_token, _) = create(&mut http, json!({"game": "tictactoe"}));
    let (_theirs, their_token, _) = create(&mut http, json!({"game": "tictactoe"}));
    assert_ne!(my_token, their_token);
    let game = format!("/api/games/{mine}");
    for token in [
        None,
        Some(their_token.as_str()),
        Some("0"),
        Some(&my_token[..63]),
    ] {
        refused(&http.get(&game, token), 404, "no_such_game");
        refused(
            &http.get(&format!("{game}?values=true"), token),
            404,
            "no_such_game",
        );
        let body = json!({"move": "a1"});
        refused(
            &http.post_json(&format!("{game}/moves"), token, &body),
            404,
            "no_such_game",
        );
        refused(
            &http.post_json(&format!("{game}/computer"), token, &json!({})),
            404,
            "no_such_game",
        );
        refused(
            &http.post_json(&format!("{game}/undo"), token, &json!({})),
            404,
            "no_such_game",
        );
    }
    // An unknown id answers exactly as a wrong token does.
    let unknown = http.get(&format!("/api/games/{}", "0".repeat(32)), Some(&my_token));
    refused(&unknown, 404, "no_such_game");
    // The game is untouched and still the owner's.
    let state = http.get(&game, Some(&my_token)).json();
    assert_eq!(state["position"], json!("---------"));
}

#[test]
fn bad_input_gets_a_4xx_with_a_json_error() {
    let limits = common::quick_limits();
    let body_limit = limits.body_bytes;
    let server = common::start(limits);
    let mut http = Http::new(server.addr());
    let bad_creates = [
        (json!({"game": "chess"}), 400, "bad_request"),
        (json!({"game": "x".repeat(600)}), 400, "bad_request"),
        (
            json!({"game": "mnk", "options": {"rows": 99999999999999999999u128.to_string()}}),
            400,
            "bad_option",
        ),
        (
            json!({"game": "mnk", "options": {"rows": 1e300}}),
            400,
            "bad_option",
        ),
        (
            json!({"game": "mnk", "options": {"rows": 27}}),
            400,
            "bad_option",
        ),
        (
            json!({"game": "mnk", "options": {"colour": "red"}}),
            400,
            "bad_request",
        ),
        (
            json!({"game": "mnk", "options": {"rows": [3]}}),
            400,
            "bad_request",
        ),
        (
            json!({"game": "nim", "options": {"misere": "yes"}}),
            400,
            "bad_request",
        ),
        (
            json!({"game": "nim", "options": {"heaps": "1,2,x"}}),
            400,
            "bad_option",
        ),
        (
            json!({"game": "othello", "options": {"size": 5}}),
            400,
            "bad_option",
        ),
        (
            json!({"game": "tictactoe", "position": "XXXXXXXXX"}),
            400,
            "bad_position",
        ),
        (
            json!({"game": "tictactoe", "position": "-".repeat(600)}),
            400,
            "bad_request",
        ),
        (
            json!({"game": "tictactoe", "players": ["human"]}),
            400,
            "bad_request",
        ),
        (
            json!({"game": "tictactoe", "players": ["human", "wizard"]}),
            400,
            "bad_option",
        ),
        (
            json!({"game": "tictactoe", "players": ["human", "learner:/etc/passwd"]}),
            400,
            "bad_request",
        ),
        (
            json!({"game": "tictactoe", "players": ["human", "alphabeta:4000000000"]}),
            400,
            "bad_request",
        ),
        (
            json!({"game": "tictactoe", "players": ["human", "mcts:4000000000"]}),
            400,
            "bad_request",
        ),
        (
            json!({"game": "tictactoe", "players": ["computer:99", "human"]}),
            400,
            "bad_request",
        ),
        (json!({"game": "tictactoe", "extra": 1}), 400, "bad_request"),
        (json!([1, 2]), 400, "bad_request"),
    ];
    for (body, status, kind) in bad_creates {
        refused(&http.post_json("/api/games", None, &body), status, kind);
    }
    let raw = |http: &mut Http, headers: &[(&str, &str)], body: &[u8]| {
        http.request("POST", "/api/games", headers, Some(body))
            .expect("answered")
    };
    let json_type = [("Content-Type", "application/json")];
    refused(
        &raw(&mut http, &json_type, b"{\"game\": "),
        400,
        "bad_request",
    );
    refused(&raw(&mut http, &json_type, b"\xff\xfe"), 400, "bad_request");
    refused(
        &raw(
            &mut http,
            &[("Content-Type", "text/plain")],
            b"{\"game\": \"nim\"}",
        ),
        415,
        "unsupported_media_type",
    );
    refused(
        &raw(&mut http, &[], b"{\"game\": \"nim\"}"),
        415,
        "unsupported_media_type",
    );
    let huge = format!(
        "{{\"game\": \"nim\", \"position\": \"{}\"}}",
        "1".repeat(body_limit + 1)
    );
    refused(
        &raw(&mut http, &json_type, huge.as_bytes()),
        413,
        "too_large",
    );
    // A JSON content type with parameters is fine.
    let ok = raw(
        &mut http,
        &[("Content-Type", "application/json; charset=utf-8")],
        b"{\"game\": \"nim\"}",
    );
    assert_eq!(ok.status, 201);

    let bad_solves = [
        ("/api/solve", 400, "bad_request"),
        ("/api/solve?game=chess", 400, "bad_request"),
        (
            "/api/solve?game=tictactoe&position=XXXX",
            400,
            "bad_position",
        ),
        (
            "/api/solve?game=nim&heaps=99999999999999999999999",
            400,
            "bad_option",
        ),
        ("/api/solve?game=nim&misere=perhaps", 400, "bad_request"),
        ("/api/solve?game=mnk&size=0", 400, "bad_option"),
        ("/api/solve?game=tictactoe&depth=3", 400, "bad_request"),
        (
            "/api/solve?game=tictactoe&position=%FF",
            400,
            "bad_position",
        ),
    ];
    for (path, status, kind) in bad_solves {
        refused(&http.get(path, None), status, kind);
    }
    let (id, token, _) = create(&mut http, json!({"game": "tictactoe"}));
    refused(
        &http.get(&format!("/api/games/{id}?values=maybe"), Some(&token)),
        400,
        "bad_request",
    );
    refused(
        &http.get(&format!("/api/games/{id}?colour=red"), Some(&token)),
        400,
        "bad_request",
    );
    refused(
        &http.post_json(
            &format!("/api/games/{id}/moves"),
            Some(&token),
            &json!({"mv": "a1"}),
        ),
        400,
        "bad_request",
    );
    refused(
        &http.post_json(
            &format!("/api/games/{id}/moves"),
            Some(&token),
            &json!({"move": 5}),
        ),
        400,
        "bad_request",
    );
    refused(&http.get("/api/nothing", None), 404, "not_found");
    refused(&http.get("/assets/secret.txt", None), 404, "not_found");
    refused(
        &http
            .request("DELETE", "/api/games", &[], None)
            .expect("answered"),
        405,
        "method_not_allowed",
    );
    refused(&http.get("/api/games", None), 405, "method_not_allowed");
    // The page and its assets are served from the binary.
    let page = http.get("/", None);
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("/assets/app.js"));
    assert_eq!(
        http.get("/assets/app.js", None).header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
}

#[test]
fn solve_answers_the_solve_json_shape() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let report = http
        .get("/api/solve?game=tictactoe&position=X---O----", None)
        .json();
    assert_eq!(report["game"], json!("tictactoe"));
    assert_eq!(report["position"], json!("X---O----"));
    assert_eq!(report["to_move"], json!("X"));
    assert_eq!(report["value"], json!("draw"));
    assert_eq!(report["moves"].as_array().expect("moves").len(), 7);
    // Misère Nim 1,1: the player to move takes one and wins.
    let misere = http
        .get("/api/solve?game=nim&heaps=1,1&misere=true", None)
        .json();
    assert_eq!(misere["value"], json!("win"));
    let normal = http.get("/api/solve?game=nim&heaps=1,1", None).json();
    assert_eq!(normal["value"], json!("lose"));
    // Othello is bounded by the analysis time and says what it knows.
    let started = std::time::Instant::now();
    let othello = http.get("/api/solve?game=othello", None).json();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(othello["moves"].as_array().expect("moves").len(), 4);
}

#[test]
fn the_oldest_idle_game_is_expired_when_the_table_is_full() {
    let server = common::start(Limits {
        max_games: 3,
        ..common::quick_limits()
    });
    let mut http = Http::new(server.addr());
    let games: Vec<(String, String)> = (0..3)
        .map(|_| {
            let (id, token, _) = create(&mut http, json!({"game": "nim"}));
            (id, token)
        })
        .collect();
    // Using the first makes the second the longest idle.
    std::thread::sleep(Duration::from_millis(5));
    assert_eq!(
        http.get(&format!("/api/games/{}", games[0].0), Some(&games[0].1))
            .status,
        200
    );
    std::thread::sleep(Duration::from_millis(5));
    create(&mut http, json!({"game": "nim"}));
    let status: Vec<u16> = games
        .iter()
        .map(|(id, token)| http.get(&format!("/api/games/{id}"), Some(token)).status)
        .collect();
    assert_eq!(status, [200, 404, 200]);
}

/// With one search slot, a long search makes another wait, then give up
/// with a 503; the busy game answers 409; other requests go on.
#[test]
fn searches_are_limited_and_run_off_the_request_threads() {
    let server = common::start(Limits {
        max_searches: 1,
        queue_wait: Duration::from_millis(100),
        move_time: Duration::from_millis(1500),
        ..common::quick_limits()
    });
    let addr = server.addr();
    let mut http = Http::new(addr);
    let (id, token, _) = create(
        &mut http,
        json!({"game": "othello", "players": ["computer", "human"]}),
    );
    // Making a game is work in a slot too (a large game's setup is long).
    let (other, other_token, _) = create(&mut http, json!({"game": "nim"}));
    let thinker = {
        let (id, token) = (id.clone(), token.clone());
        std::thread::spawn(move || {
            let mut http = Http::new(addr);
            http.post_json(
                &format!("/api/games/{id}/computer"),
                Some(&token),
                &json!({}),
            )
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    refused(
        &http.get(&format!("/api/games/{id}"), Some(&token)),
        409,
        "busy",
    );
    refused(
        &http.get("/api/solve?game=tictactoe", None),
        503,
        "overloaded",
    );
    // Requests that need no search are answered at once.
    let started = std::time::Instant::now();
    assert_eq!(http.get("/api/games-list", None).status, 200);
    refused(
        &http.post_json("/api/games", None, &json!({"game": "nim"})),
        503,
        "overloaded",
    );
    let played = http.post_json(
        &format!("/api/games/{other}/moves"),
        Some(&other_token),
        &json!({"move": "1:1"}),
    );
    assert_eq!(played.status, 200);
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    let moved = thinker.join().expect("the thinker");
    assert_eq!(moved.status, 200);
    assert_eq!(moved.json()["moves"].as_array().expect("moves").len(), 1);
    assert_eq!(http.get("/api/solve?game=tictactoe", None).status, 200);
}

/// The API words option errors by the option's name (no `--flag`: that is
/// the terminal's wording) and says which option in `option`.
#[test]
fn option_errors_name_the_option_not_a_flag() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    for (path, option) in [
        ("/api/solve?game=mnk&size=0", Some("size")),
        ("/api/solve?game=mnk&k=9", Some("k")),
        ("/api/solve?game=mnk&size=3&rows=4", None),
        ("/api/solve?game=othello&size=7", Some("size")),
        ("/api/solve?game=nim&heaps=0,0", Some("heaps")),
    ] {
        let reply = http.get(path, None);
        refused(&reply, 400, "bad_option");
        let body = reply.json();
        let message = body["error"].as_str().expect("a message");
        assert!(!message.contains("--"), "{path}: {message}");
        assert_eq!(body["option"].as_str(), option, "{path}: {body}");
    }
    server.stop().expect("a clean stop");
}

/// `GET /api/solve` serves the engine's report as it is, the same value
/// `ply solve --json` prints (`crates/cli/tests/wire_shape.rs`).
#[test]
fn solve_serves_the_engine_report() {
    use ply_engine::{EngineConfig, GameKind, GameOptions};
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let served = http
        .get("/api/solve?game=tictactoe&position=X---O----", None)
        .json();
    let mut session = ply_mnk::TICTACTOE
        .new_session(&GameOptions::new())
        .expect("a session");
    session.set_position("X---O----").expect("a position");
    let report = ply_mnk::TICTACTOE
        .solve(session.as_mut(), &EngineConfig::default())
        .expect("a report");
    // The report, and the count of its moves (all listed: they are few).
    let mut served = served;
    assert_eq!(served["total_moves"], json!(7));
    served
        .as_object_mut()
        .expect("an object")
        .remove("total_moves");
    assert_eq!(served, serde_json::to_value(&report).expect("JSON"));
    assert_eq!(served["value"], json!("draw"));
    server.stop().expect("a clean stop");
}

/// A game restored from a link (`moves` on creation) and a line of the
/// page's move tree (`POST .../line`) play moves whoever's turn it is; the
/// values of the moves the new line shares with the old are kept, and the
/// computer's moves get theirs from the next analysis.
#[test]
fn lines_of_moves_are_replayed_and_keep_their_values() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let (id, token, state) = create(
        &mut http,
        json!({"game": "tictactoe", "moves": ["b2", "a1", "c3"]}),
    );
    assert_eq!(state["position"], json!("O---X---X"));
    assert_eq!(state["start_position"], json!("---------"));
    let game = format!("/api/games/{id}");
    // The computer's reply has no value until the next position is analysed.
    http.post_json(&format!("{game}/computer"), Some(&token), &json!({}));
    let valued = http
        .get(&format!("{game}?values=true"), Some(&token))
        .json();
    let values: Vec<&Value> = valued["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| &m["value"])
        .collect();
    assert!(
        values[3].is_string(),
        "the computer's move is valued: {valued}"
    );
    let kept = valued["moves"][3].clone();
    let next = valued["legal_moves"][0].clone();
    // Another line from the same start: the shared moves keep their values.
    let line = http
        .post_json(
            &format!("{game}/line"),
            Some(&token),
            &json!({"moves": ["b2", "a1", "c3", kept["move"], next]}),
        )
        .json();
    assert_eq!(line["moves"].as_array().map(Vec::len), Some(5));
    assert_eq!(line["moves"][3], kept, "a shared move keeps its value");
    assert_eq!(line["redo_moves"], json!([]));
    let bad = http.post_json(
        &format!("{game}/line"),
        Some(&token),
        &json!({"moves": ["b2", "b2"]}),
    );
    refused(&bad, 400, "bad_request");
    assert_eq!(
        http.get(&game, Some(&token)).json()["moves"]
            .as_array()
            .map(Vec::len),
        Some(5)
    );
    let refused_create = http.post_json(
        "/api/games",
        None,
        &json!({"game": "tictactoe", "moves": ["b2", "zz"]}),
    );
    refused(&refused_create, 400, "bad_request");
}

/// `?think=N` analyses again for N analysis times, at most ten.
#[test]
fn think_longer_is_bounded() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let (id, token, _) = create(&mut http, json!({"game": "othello"}));
    let game = format!("/api/games/{id}");
    let quick = http
        .get(&format!("{game}?values=true"), Some(&token))
        .json();
    let longer = http.get(&format!("{game}?think=2"), Some(&token)).json();
    let depth = |state: &Value| state["analysis"]["depth"].as_u64().expect("a depth");
    assert!(depth(&longer) >= depth(&quick), "{longer}");
    refused(
        &http.get(&format!("{game}?think=11"), Some(&token)),
        400,
        "bad_request",
    );
    refused(
        &http.get(&format!("{game}?think=0"), Some(&token)),
        400,
        "bad_request",
    );
}

/// A game in its record format (GGF for Othello) and back: the same
/// position; a format the game has not is refused.
#[test]
fn records_are_written_and_read() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let list = http.get("/api/games-list", None).json();
    let othello = list
        .as_array()
        .expect("games")
        .iter()
        .find(|g| g["name"] == json!("othello"))
        .expect("othello")
        .clone();
    assert_eq!(othello["records"][0]["name"], json!("GGF"));
    let (id, token, _) = create(
        &mut http,
        json!({"game": "othello", "moves": ["d3", "c5", "e6"]}),
    );
    let game = format!("/api/games/{id}");
    let record = http
        .get(&format!("{game}/record?format=GGF"), Some(&token))
        .json();
    let text = record["text"].as_str().expect("a GGF text");
    assert!(text.ends_with("B[d3]W[c5]B[e6];)"), "{text}");
    let (_, _, copy) = create(
        &mut http,
        json!({"game": "othello", "record": {"format": "GGF", "text": text}}),
    );
    let original = http.get(&game, Some(&token)).json();
    assert_eq!(copy["position"], original["position"]);
    refused(
        &http.get(&format!("{game}/record?format=SGF"), Some(&token)),
        400,
        "unsupported",
    );
}

/// Thinking longer on a board no analysis solves answers the principal
/// variation: a line of legal moves (the first among the legal moves and
/// of the best value), its depth, and on an exact answer a line too.
#[test]
fn think_longer_answers_the_principal_variation() {
    let server = common::start(common::quick_limits());
    let mut http = Http::new(server.addr());
    let (id, token, state) = create(
        &mut http,
        json!({"game": "mnk", "options": {"size": 8, "k": 5}}),
    );
    let game = format!("/api/games/{id}");
    let thought = http.get(&format!("{game}?think=1"), Some(&token)).json();
    let analysis = &thought["analysis"];
    assert_eq!(analysis["value"], json!("unknown"), "{analysis}");
    assert!(analysis["depth"].as_u64().is_some(), "{analysis}");
    let pv: Vec<&str> = analysis["pv"]
        .as_array()
        .unwrap_or_else(|| panic!("a pv: {analysis}"))
        .iter()
        .map(|mv| mv.as_str().expect("a move name"))
        .collect();
    assert!(pv.len() >= 2, "{pv:?}");
    let legal = state["legal_moves"].as_array().expect("legal moves");
    assert!(legal.contains(&json!(pv[0])), "{pv:?}");
    let best = analysis["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| (m["four_score"].as_i64(), m["score"].as_i64()))
        .max()
        .expect("a move");
    let first = analysis["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["move"] == json!(pv[0]))
        .expect("the line's first move is listed");
    assert_eq!(
        (first["four_score"].as_i64(), first["score"].as_i64()),
        best
    );
    // The line replays: a game created with its moves plays them all.
    let (_, _, replayed) = create(
        &mut http,
        json!({"game": "mnk", "options": {"size": 8, "k": 5}, "moves": pv}),
    );
    assert_eq!(replayed["moves"].as_array().expect("moves").len(), pv.len());
    // An exact answer's line ends the game (tic-tac-toe's is a draw to the
    // end or to a position nobody can win).
    let (id, token, _) = create(&mut http, json!({"game": "tictactoe", "moves": ["b2"]}));
    let exact = http
        .get(&format!("/api/games/{id}?values=true"), Some(&token))
        .json();
    assert!(
        exact["analysis"]["pv"]
            .as_array()
            .is_some_and(|pv| !pv.is_empty()),
        "{exact}"
    );
}

/// An engine the owner names is offered by name for the games that play
/// it, plays its seat (told the game, answering in the protocol), and a
/// program or library a client names is refused.
#[cfg(unix)]
#[test]
fn outside_engines_are_the_owners_and_clients_only_name_them() {
    let engines = ply_serve::OutsideEngines::new(
        vec![
            ("centre".into(), common::pbrain_script("centre", "echo 7,7")),
            (
                "occupied".into(),
                common::pbrain_script("occupied", "echo 7,7"),
            ),
        ],
        ply_registry::entry_host,
        ply_registry::program_protocols,
    )
    .expect("good names");
    let server = ply_serve::Server::start_with_engines(
        "127.0.0.1:0".parse().expect("an address"),
        ply_registry::games(),
        common::quick_limits(),
        engines,
    )
    .expect("the server starts");
    let mut http = Http::new(server.addr());
    let list = http.get("/api/games-list", None).json();
    let engines_of = |name: &str| {
        list.as_array()
            .expect("games")
            .iter()
            .find(|g| g["name"] == json!(name))
            .map(|g| g["engines"].clone())
    };
    let mnk: &dyn ply_engine::GameKind = &ply_mnk::MNK;
    let othello: &dyn ply_engine::GameKind = &ply_othello::OTHELLO;
    assert_eq!(engines_of(mnk.name()), Some(json!(["centre", "occupied"])));
    assert_eq!(engines_of(othello.name()), Some(Value::Null));

    let gomoku = json!({"size": 15, "k": 5});
    let (id, token, state) = create(
        &mut http,
        json!({"game": mnk.name(), "options": gomoku, "players": ["centre", "human"]}),
    );
    assert_eq!(state["players"], json!(["centre", "human"]));
    assert_eq!(state["turn"], json!("computer"));
    let moved = http
        .post_json(
            &format!("/api/games/{id}/computer"),
            Some(&token),
            &json!({}),
        )
        .json();
    assert_eq!(moved["moves"].as_array().map(Vec::len), Some(1), "{moved}");
    assert_eq!(moved["turn"], json!("human"), "{moved}");
    // An engine answering a taken square: refused with its name, the game
    // unchanged.
    let (id, token, _) = create(
        &mut http,
        json!({"game": mnk.name(), "options": gomoku, "players": ["human", "occupied"],
               "moves": ["h8"]}),
    );
    let reply = http.post_json(
        &format!("/api/games/{id}/computer"),
        Some(&token),
        &json!({}),
    );
    assert!(
        reply.status >= 400 && reply.status < 500,
        "{}",
        reply.status
    );
    let error = reply.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(error.contains("occupied"), "{error}");

    for players in [
        json!(["pbrain:sh -c true", "human"]),
        json!(["human", "c:./entry.so"]),
        json!(["human", "gtp:gtp-rhino"]),
    ] {
        let reply = http.post_json(
            "/api/games",
            None,
            &json!({"game": mnk.name(), "options": gomoku, "players": players}),
        );
        refused(&reply, 400, "bad_request");
    }
    // A named engine on a game that does not play it.
    let reply = http.post_json(
        "/api/games",
        None,
        &json!({"game": othello.name(), "players": ["centre", "human"]}),
    );
    refused(&reply, 400, "bad_request");
    server.stop().expect("the server stops");
}
