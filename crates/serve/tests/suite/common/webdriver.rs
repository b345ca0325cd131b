//! A small W3C WebDriver client over [`super::Http`]: chromedriver
//! driving headless Chromium from the distribution's packages. A missing
//! browser or driver fails the test; nothing is skipped.

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};

use super::Http;

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// The key W3C WebDriver names element references with.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub struct Browser {
    driver: Child,
    http: Http,
    session: String,
    profile: PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a fresh profile.
    pub fn start() -> Browser {
        // A fresh machine has only the Rust toolchain: the project's own
        // script installs the browser (and fails loudly when it cannot).
        if [CHROMIUM, CHROMEDRIVER]
            .iter()
            .any(|p| !Path::new(p).exists())
        {
            let script =
                Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/install-browser.sh");
            let status = Command::new("bash").arg(&script).status();
            assert!(
                matches!(status, Ok(s) if s.success()),
                "{CHROMIUM} or {CHROMEDRIVER} is missing and {} could not install \
                 Debian's chromium and chromium-driver: {status:?}",
                script.display()
            );
        }
        for program in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(program).exists(),
                "{program} is missing after the install"
            );
        }
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("an address");
        let mut http = Http::new(addr);
        let started = Instant::now();
        loop {
            if let Ok(reply) = http.request("GET", "/status", &[], None) {
                if reply.json()["value"]["ready"] == json!(true) {
                    break;
                }
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not become ready"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile =
            std::env::temp_dir().join(format!("ply-chromium-{}-{}", std::process::id(), port));
        let _ = std::fs::remove_dir_all(&profile);
        let args = [
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            "--window-size=1280,900".into(),
            format!("--user-data-dir={}", profile.display()),
        ];
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args}
        }}});
        let body = capabilities.to_string();
        let reply = http
            .request(
                "POST",
                "/session",
                &[("Content-Type", "application/json")],
                Some(body.as_bytes()),
            )
            .expect("chromedriver answers");
        let answer = reply.json();
        let session = answer["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no browser session: {answer}"))
            .to_string();
        Browser {
            driver,
            http,
            session,
            profile,
        }
    }

    fn command(&mut self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let body = body.map(|b| b.to_string());
        let mut headers = Vec::new();
        if body.is_some() {
            headers.push(("Content-Type", "application/json"));
        }
        let reply = self
            .http
            .request(method, &path, &headers, body.as_deref().map(str::as_bytes))
            .expect("chromedriver answers");
        let answer = reply.json();
        assert!(
            reply.status < 400,
            "WebDriver {method} {path} failed: {answer}"
        );
        answer["value"].clone()
    }

    pub fn goto(&mut self, url: &str) {
        self.command("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and
    /// answers what it returns.
    pub fn script(&mut self, script: &str, args: Value) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Waits until `condition` (a JavaScript expression) is true.
    pub fn wait_for(&mut self, condition: &str, timeout: Duration) {
        let started = Instant::now();
        let script = format!("return !!({condition});");
        while self.script(&script, json!([])) != json!(true) {
            assert!(
                started.elapsed() < timeout,
                "timed out waiting for {condition}"
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    pub fn find(&mut self, css: &str) -> String {
        let value = self.command(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        value[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {value}"))
            .to_string()
    }

    pub fn click(&mut self, css: &str) {
        let element = self.find(css);
        self.command(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    pub fn type_into(&mut self, css: &str, text: &str) {
        let element = self.find(css);
        self.command(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        );
        self.command(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// Sends keys to the element at `css` (focusing it), as a person
    /// typing: WebDriver's key codes such as `\u{E007}` (Enter) included.
    pub fn keys(&mut self, css: &str, text: &str) {
        let element = self.find(css);
        self.command(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": text })),
        );
    }

    pub fn text(&mut self, css: &str) -> String {
        let element = self.find(css);
        self.command("GET", &format!("/element/{element}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Chooses `value` in the `<select>` at `css` by clicking its option.
    pub fn choose(&mut self, css: &str, value: &str) {
        self.click(&format!("{css} option[value=\"{value}\"]"));
    }

    pub fn screenshot(&mut self, path: &Path) {
        let data = self.command("GET", "/screenshot", None);
        let png = base64::engine::general_purpose::STANDARD
            .decode(data.as_str().expect("base64 text"))
            .expect("a PNG in base64");
        std::fs::write(path, png).expect("the screenshot is written");
    }

    pub fn set_window(&mut self, width: u32, height: u32) {
        self.command(
            "POST",
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = self.http.request("DELETE", &path, &[], None);
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
