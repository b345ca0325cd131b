//! `ply serve`: prints its address, answers the API there, and stops
//! cleanly on Ctrl-C (exit 0, "stopped").
#![cfg(unix)]

use crate::support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::Stdio;
use std::time::Duration;

use support::command;

/// `ply serve --port 0 EXTRA`: the process, the rest of its output, and
/// the address its first line prints.
fn serve(
    extra: &[&str],
) -> (
    std::process::Child,
    BufReader<std::process::ChildStdout>,
    String,
) {
    let mut args = vec!["serve", "--port", "0"];
    args.extend_from_slice(extra);
    let mut child = command(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ply starts");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("the first line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    (child, stdout, addr.to_string())
}

#[test]
fn serve_prints_its_address_answers_and_stops_on_ctrl_c() {
    let (mut child, mut stdout, addr) = serve(&[]);
    let addr = addr.as_str();

    let mut stream = TcpStream::connect(addr).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    write!(
        stream,
        "GET /api/games-list HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("a request");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("a reply");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("\"othello\""), "{reply}");

    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let status = child.wait().expect("ply ends");
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("the rest");
    assert!(status.success(), "{status:?}: {rest}");
    assert!(rest.contains("stopped"), "{rest}");
}

#[test]
fn serve_refuses_a_bad_address_in_one_line() {
    let output = command(&["serve", "--bind", "not-an-address"])
        .output()
        .expect("ply runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn serve_takes_its_per_client_limits_from_the_command_line() {
    let (mut child, _stdout, addr) = serve(&["--games-per-client", "1"]);
    let addr = addr.as_str();
    let create = || {
        let mut stream = TcpStream::connect(addr).expect("the server listens");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("a timeout");
        let body = r#"{"game":"nim","players":["human","human"]}"#;
        write!(
            stream,
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .expect("a request");
        let mut reply = String::new();
        stream.read_to_string(&mut reply).expect("a reply");
        reply
    };
    assert!(create().starts_with("HTTP/1.1 201"));
    let refused = create();
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    let _ = child.kill();
    let _ = child.wait();
    for bad in [
        ["--searches", "0"],
        ["--searches-per-client", "65"],
        ["--games-per-client", "x"],
    ] {
        let output = command(&["serve", bad[0], bad[1]]).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
    }
}

/// One request to the server at `addr`: the status and the JSON answered.
fn request(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> (u16, serde_json::Value) {
    let mut stream = TcpStream::connect(addr).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("a request");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("a reply");
    let status = reply
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status in {reply:?}"));
    let json = reply
        .split_once("\r\n\r\n")
        .and_then(|(_, body)| serde_json::from_str(body).ok())
        .unwrap_or_else(|| panic!("JSON in {reply:?}"));
    (status, json)
}

/// `--engine NAME=pbrain:CMD`: the owner's Gomocup engine (`ply gomocup`
/// itself) is offered by NAME for Gomoku and plays its seat move after
/// move; a command a client sends is refused; bad `--engine` flags stop
/// the server before it starts.
#[test]
fn serve_offers_the_engines_its_owner_names() {
    let brain = format!("gomocup=pbrain:{} gomocup", env!("CARGO_BIN_EXE_ply"));
    let (mut child, _stdout, addr) = serve(&["--engine", &brain]);
    let addr = addr.as_str();
    let (status, list) = request(addr, "GET", "/api/games-list", None, "");
    assert_eq!(status, 200);
    let offered: Vec<String> = list
        .as_array()
        .expect("games")
        .iter()
        .filter(|g| g["engines"] == serde_json::json!(["gomocup"]))
        .filter_map(|g| g["name"].as_str().map(String::from))
        .collect();
    let mnk: &dyn ply_engine::GameKind = &ply_mnk::MNK;
    assert_eq!(offered, [mnk.name()]);
    let body = serde_json::json!({
        "game": mnk.name(), "options": {"size": 15, "k": 5},
        "players": ["gomocup", "human"],
    });
    let (status, game) = request(addr, "POST", "/api/games", None, &body.to_string());
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().expect("an id");
    let token = game["token"].as_str().expect("a token");
    let computer = format!("/api/games/{id}/computer");
    let (status, first) = request(addr, "POST", &computer, Some(token), "");
    assert_eq!(status, 200, "{first}");
    // A reply, then the engine again (told only the new stone).
    let reply = first["legal_moves"][0].as_str().expect("a move");
    let played = serde_json::json!({ "move": reply }).to_string();
    let moves = format!("/api/games/{id}/moves");
    let (status, state) = request(addr, "POST", &moves, Some(token), &played);
    assert_eq!(status, 200, "{state}");
    let (status, second) = request(addr, "POST", &computer, Some(token), "");
    assert_eq!(status, 200, "{second}");
    assert_eq!(
        second["moves"].as_array().map(Vec::len),
        Some(3),
        "{second}"
    );
    assert_eq!(second["turn"], serde_json::json!("human"));
    let typed = serde_json::json!({
        "game": mnk.name(), "options": {"size": 15, "k": 5},
        "players": [brain.trim_start_matches("gomocup="), "human"],
    });
    let (status, refused) = request(addr, "POST", "/api/games", None, &typed.to_string());
    assert_eq!(status, 400, "{refused}");
    let _ = child.kill();
    let _ = child.wait();
    for bad in [
        "no-equals-sign",
        "random=pbrain:x",
        "x=alphabeta:3",
        "a b=pbrain:x",
    ] {
        let output = command(&["serve", "--port", "0", "--engine", bad])
            .output()
            .expect("runs");
        assert!(!output.status.success(), "{bad}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("--engine"), "{bad}: {stderr}");
    }
}
