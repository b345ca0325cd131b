//! End-to-end tests in headless Chromium (Debian's chromium and
//! chromium-driver, driven over WebDriver): for every game, start it from
//! the page, play by clicking until it ends against the computer, and
//! check what the page shows against the API. (The README's screenshots
//! come from `page.rs`, with `PLY_SCREENSHOTS=DIR`.)

use crate::common;

use std::time::Duration;

use common::webdriver::Browser;
use common::Http;
use serde_json::{json, Value};

/// The page's colours for values (style of GamesmanUni), the best of a
/// kind first; unknown values are on a grey-to-blue gradient.
fn shades(value: &str) -> &'static [&'static str] {
    match value {
        "win" => &["#1a7f37", "#146c2e", "#0f5323"],
        "draw" => &["#b38600"],
        "lose" => &["#b2182b", "#8b0000", "#5c0000"],
        _ => &[],
    }
}

struct Case {
    game: &'static str,
    options: &'static [(&'static str, &'static str)],
    players: [&'static str; 2],
}

const CASES: &[Case] = &[
    Case {
        game: "tictactoe",
        options: &[],
        players: ["human", "computer"],
    },
    Case {
        game: "mnk",
        options: &[("rows", "3"), ("cols", "4"), ("k", "3")],
        players: ["human", "computer"],
    },
    Case {
        game: "nim",
        options: &[("heaps", "1,2,3")],
        players: ["human", "computer"],
    },
    // The perfect first player wins Trilite; as its opponent the person
    // sees the game end (a drawn Trilite can go on for ever).
    Case {
        game: "trilite",
        options: &[],
        players: ["computer", "human"],
    },
    Case {
        game: "othello",
        options: &[("size", "4")],
        players: ["human", "computer"],
    },
];

const IDLE: &str = "window.ply && window.ply.game && !window.ply.busy && \
    (window.ply.game.turn === 'over' || (window.ply.game.turn === 'human' && \
    (!document.getElementById('values').checked || window.ply.game.analysis)))";

fn page_state(browser: &mut Browser) -> Value {
    browser.script("return window.ply.game;", json!([]))
}

/// Every legal move's colour on the board is its value in the API.
fn values_match_api(browser: &mut Browser, http: &mut Http, game: &str) {
    let id = browser.script("return window.ply.game.id;", json!([]));
    let token = browser.script("return window.ply.token;", json!([]));
    let (id, token) = (id.as_str().expect("id"), token.as_str().expect("token"));
    let state = http
        .get(&format!("/api/games/{id}?values=true"), Some(token))
        .json();
    let moves = state["analysis"]["moves"]
        .as_array()
        .expect("values")
        .clone();
    assert!(!moves.is_empty(), "{game}: the API lists values");
    for m in moves {
        let mv = m["move"].as_str().expect("a move");
        let value = m["value"].as_str().expect("a value");
        if mv == "pass" {
            continue;
        }
        let shown = browser.script(
            "const s = document.querySelector(`#board .cell[data-move=\"${arguments[0]}\"] [data-value]`);
             return s ? [s.getAttribute('data-value'), s.getAttribute('fill')] : null;",
            json!([mv]),
        );
        assert_eq!(
            shown[0],
            json!(value),
            "{game}: square {mv} should show the API's value {value}"
        );
        let fill = shown[1].as_str().unwrap_or_default();
        assert!(
            shades(value).is_empty() || shades(value).contains(&fill),
            "{game}: square {mv} is coloured {fill}, not a shade of {value}"
        );
    }
}

/// A click the game refuses: a message, and nothing changes.
fn illegal_click_refused(browser: &mut Browser, game: &str) -> bool {
    let state = page_state(browser);
    let legal: Vec<&str> = state["legal_moves"]
        .as_array()
        .expect("legal moves")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let cells = browser.script(
        "return [...document.querySelectorAll('#board .cell')].map(c => c.dataset.move);",
        json!([]),
    );
    let illegal = cells
        .as_array()
        .expect("cells")
        .iter()
        .filter_map(Value::as_str)
        .find(|m| !legal.contains(m))
        .map(str::to_string);
    match illegal {
        Some(square) => browser.click(&format!("#board .cell[data-move=\"{square}\"]")),
        // Every object of a Nim row is a move: type one that is not.
        None if game == "nim" => {
            browser.type_into("#move-input", "9:9");
            browser.click("#move-form button");
        }
        None => return false,
    }
    browser.wait_for(
        "document.getElementById('message').textContent.length > 0",
        Duration::from_secs(10),
    );
    browser.wait_for(IDLE, Duration::from_secs(20));
    let message = browser.text("#message");
    assert!(
        !message.is_empty(),
        "{game}: an illegal click gets a message"
    );
    let after = page_state(browser);
    assert_eq!(
        after["position"], state["position"],
        "{game}: refused, nothing changed ({message})"
    );
    true
}

fn play_case(browser: &mut Browser, http: &mut Http, base: &str, case: &Case) {
    let game = case.game;
    browser.goto(base);
    browser.wait_for(
        "window.ply && window.ply.games.length > 0",
        Duration::from_secs(20),
    );
    browser.choose("#game", game);
    for (name, value) in case.options {
        browser.type_into(&format!("#options input[data-option=\"{name}\"]"), value);
    }
    browser.choose("#player1", case.players[0]);
    browser.choose("#player2", case.players[1]);
    browser.click("#start");
    browser.wait_for(IDLE, Duration::from_secs(30));
    let mut refused = false;
    let mut undone = false;
    let mut human_moves = 0;
    let mut before_last: Option<Value> = None;
    loop {
        browser.wait_for(IDLE, Duration::from_secs(30));
        let state = page_state(browser);
        assert_eq!(state["game"], json!(game));
        if state["turn"] == json!("over") {
            break;
        }
        values_match_api(browser, http, game);
        if !refused {
            refused = illegal_click_refused(browser, game);
        }
        if let (false, Some(earlier)) = (undone, &before_last) {
            // Undo takes back the computer's reply and our move; redo plays
            // them again.
            let now = state["position"].clone();
            browser.click("#undo");
            browser.wait_for(IDLE, Duration::from_secs(30));
            assert_eq!(
                page_state(browser)["position"],
                earlier["position"],
                "{game}: undo"
            );
            browser.click("#redo");
            browser.wait_for(IDLE, Duration::from_secs(30));
            assert_eq!(page_state(browser)["position"], now, "{game}: redo");
            undone = true;
        }
        before_last = Some(state.clone());
        if state["must_pass"] == json!(true) {
            browser.click("#pass");
        } else {
            let mv = state["legal_moves"][0]
                .as_str()
                .expect("a legal move")
                .to_string();
            browser.click(&format!("#board .cell[data-move=\"{mv}\"]"));
        }
        human_moves += 1;
        assert!(human_moves < 100, "{game}: the game ends");
    }
    assert!(refused, "{game}: an illegal click was tried");
    assert!(undone, "{game}: undo was tried");
    // The result on the page is the API's.
    let id = browser.script("return window.ply.game.id;", json!([]));
    let token = browser.script("return window.ply.token;", json!([]));
    let api = http
        .get(
            &format!("/api/games/{}", id.as_str().expect("id")),
            Some(token.as_str().expect("token")),
        )
        .json();
    let result = api["result"]["text"]
        .as_str()
        .expect("the game is over in the API");
    let status = browser.text("#status");
    assert!(
        status.contains(result),
        "{game}: page says {status:?}, API {result:?}"
    );
    // At the end nothing pulses as "vanishes next", and a game won by a
    // line shows it.
    let ended = browser.script(
        "return [document.querySelectorAll('#board .fading').length, \
                 document.querySelectorAll('#board .square.winning').length, \
                 window.ply.game.board.style || null];",
        json!([]),
    );
    assert_eq!(ended[0], json!(0), "{game}: nothing fades after the end");
    if api["result"]["winner"].is_string() && ended[2] == json!("marks") {
        assert!(
            ended[1].as_u64() >= Some(3),
            "{game}: the winning line is highlighted ({ended})"
        );
    }
}

/// Any player the terminal offers, typed as on the command line under
/// "other" (a computer level, a bot with a depth); they play a whole game
/// of tic-tac-toe, and the page marks the last move where the session says.
fn typed_players_play(browser: &mut Browser, base: &str) {
    browser.goto(base);
    browser.wait_for(
        "window.ply && window.ply.games.length > 0",
        Duration::from_secs(20),
    );
    browser.choose("#game", "tictactoe");
    browser.choose("#player1", "other");
    browser.type_into("#player1-spec", "computer:2");
    browser.choose("#player2", "other");
    browser.type_into("#player2-spec", "alphabeta:3");
    browser.click("#start");
    browser.wait_for(
        "window.ply.game && window.ply.game.turn === 'over' && !window.ply.busy",
        Duration::from_secs(60),
    );
    let state = page_state(browser);
    assert_eq!(state["players"], json!(["computer:2", "alphabeta:3"]));
    let moves = state["moves"].as_array().expect("moves");
    // Two perfect-enough players draw; either way the game was played out.
    assert!(moves.len() >= 5, "{state}");
    let last = moves.last().expect("a last move")["move"].clone();
    let marked = browser.script(
        "const r = document.querySelector('#board .last-move'); \
         return r ? r.closest('.cell').dataset.move : null;",
        json!([]),
    );
    assert_eq!(marked, last, "the last move is marked");
}

#[test]
fn every_game_plays_to_the_end_in_headless_chromium() {
    let server = common::start(common::quick_limits());
    let base = format!("http://{}/", server.addr());
    let mut http = Http::new(server.addr());
    let mut browser = Browser::start();
    for case in CASES {
        play_case(&mut browser, &mut http, &base, case);
    }
    typed_players_play(&mut browser, &base);
    drop(browser);
    server.stop().expect("the server stops cleanly");
}
