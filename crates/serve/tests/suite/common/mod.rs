//! Shared by the API, browser and load tests: a server on 127.0.0.1 with
//! every game, and a small HTTP/1.1 client (keep-alive, no dependencies),
//! so the tests speak to the server exactly as a script would.

#![allow(dead_code)]

pub mod webdriver;

use std::io::{self, BufRead, BufReader, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::time::Duration;

use ply_serve::{Limits, Server};

/// Limits for tests: short searches.
pub fn quick_limits() -> Limits {
    Limits {
        move_time: Duration::from_millis(300),
        analysis_time: Duration::from_millis(300),
        ..Limits::default()
    }
}

pub fn start(limits: Limits) -> Server {
    Server::start(
        "127.0.0.1:0".parse().expect("an address"),
        ply_registry::games(),
        limits,
    )
    .expect("the server starts on a free port")
}

/// An answer: status, headers (names lower case), body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): status {} body {:?}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One keep-alive connection, reopened when the server closed it.
pub struct Http {
    addr: SocketAddr,
    /// The local address to connect from (any loopback address, so one
    /// test can be many clients), or the system's choice.
    source: Option<IpAddr>,
    stream: Option<BufReader<TcpStream>>,
}

/// A connection to `addr` from `source` (on Linux every 127.x.y.z is a
/// local address), or from the system's choice of address.
pub fn connect(addr: SocketAddr, source: Option<IpAddr>) -> io::Result<TcpStream> {
    let Some(source) = source else {
        return TcpStream::connect(addr);
    };
    let socket = socket2::Socket::new(
        socket2::Domain::for_address(addr),
        socket2::Type::STREAM,
        Some(socket2::Protocol::TCP),
    )?;
    socket.bind(&SocketAddr::new(source, 0).into())?;
    socket.connect(&addr.into())?;
    Ok(socket.into())
}

impl Http {
    pub fn new(addr: SocketAddr) -> Self {
        Http {
            addr,
            source: None,
            stream: None,
        }
    }

    /// A client whose connections come from `source`.
    pub fn from(addr: SocketAddr, source: IpAddr) -> Self {
        Http {
            addr,
            source: Some(source),
            stream: None,
        }
    }

    pub fn get(&mut self, path: &str, token: Option<&str>) -> Reply {
        self.try_get(path, token).expect("a GET answered")
    }

    /// A GET that may find its connection refused or closed.
    pub fn try_get(&mut self, path: &str, token: Option<&str>) -> io::Result<Reply> {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> =
            auth.iter().map(|a| ("Authorization", a.as_str())).collect();
        self.request("GET", path, &headers, None)
    }

    pub fn post_json(
        &mut self,
        path: &str,
        token: Option<&str>,
        body: &serde_json::Value,
    ) -> Reply {
        self.try_post_json(path, token, body)
            .expect("a POST answered")
    }

    /// A POST that may find its connection refused or closed.
    pub fn try_post_json(
        &mut self,
        path: &str,
        token: Option<&str>,
        body: &serde_json::Value,
    ) -> io::Result<Reply> {
        let auth = token.map(|t| format!("Bearer {t}"));
        let mut headers = vec![("Content-Type", "application/json")];
        if let Some(auth) = &auth {
            headers.push(("Authorization", auth));
        }
        let body = body.to_string();
        self.request("POST", path, &headers, Some(body.as_bytes()))
    }

    /// Sends one request; retries once on a fresh connection when a kept
    /// one turns out closed.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> io::Result<Reply> {
        let reused = self.stream.is_some();
        match self.try_request(method, path, headers, body) {
            Ok(reply) => Ok(reply),
            Err(_) if reused => {
                self.stream = None;
                self.try_request(method, path, headers, body)
            }
            Err(e) => Err(e),
        }
    }

    fn try_request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> io::Result<Reply> {
        if self.stream.is_none() {
            let stream = connect(self.addr, self.source)?;
            stream.set_nodelay(true)?;
            stream.set_read_timeout(Some(Duration::from_secs(60)))?;
            self.stream = Some(BufReader::new(stream));
        }
        let reader = self.stream.as_mut().expect("connected above");
        let body = body.unwrap_or(&[]);
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.addr);
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        let stream = reader.get_mut();
        stream.write_all(head.as_bytes())?;
        stream.write_all(body)?;
        let reply = read_reply(reader);
        if reply.is_err() {
            self.stream = None;
        }
        let reply = reply?;
        if reply.header("connection") == Some("close") {
            self.stream = None;
        }
        Ok(reply)
    }
}

fn read_reply(reader: &mut impl BufRead) -> io::Result<Reply> {
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "closed"));
    }
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| io::Error::other(format!("bad status line {line:?}")))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line)?;
        let trimmed = line.trim_end();
        if trimmed.is_empty() {
            break;
        }
        if let Some((name, value)) = trimmed.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    let find = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v): &(String, String)| v.clone())
    };
    let mut body = Vec::new();
    if let Some(length) = find("content-length") {
        let length: usize = length.parse().map_err(io::Error::other)?;
        body.resize(length, 0);
        reader.read_exact(&mut body)?;
    } else if find("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        loop {
            line.clear();
            reader.read_line(&mut line)?;
            let size = usize::from_str_radix(line.trim(), 16).map_err(io::Error::other)?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk)?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    }
    Ok(Reply {
        status,
        headers,
        body,
    })
}

/// Creates a game; answers (id, token, state).
pub fn create(http: &mut Http, body: serde_json::Value) -> (String, String, serde_json::Value) {
    let reply = http.post_json("/api/games", None, &body);
    assert_eq!(
        reply.status,
        201,
        "{:?}",
        String::from_utf8_lossy(&reply.body)
    );
    let state = reply.json();
    let id = state["id"].as_str().expect("an id").to_string();
    let token = state["token"].as_str().expect("a token").to_string();
    (id, token, state)
}

/// A Gomocup engine in `sh` that answers `START` with `OK` and every
/// request for a move with `on_move` (shell commands).
pub fn pbrain_script(name: &str, on_move: &str) -> ply_engine::EngineProgram {
    let dir = std::env::temp_dir().join(format!("ply-serve-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while read -r command rest; do\n  case \"$command\" in\n    START) echo OK ;;\n    \
         BEGIN|TURN|DONE) {on_move} ;;\n    END) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).expect("the script");
    ply_engine::EngineProgram {
        protocol: ply_engine::EngineProtocol::Pbrain,
        command: vec!["sh".into(), path.display().to_string()],
    }
}
