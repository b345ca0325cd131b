//! Running the `ply` binary in tests.
// Each test binary uses part of this module.
#![allow(dead_code)]

pub mod othello_board;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// What a run of `ply` printed and how it ended.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `ply ARGS` with `input` on standard input (closed afterwards).
pub fn ply(args: &[&str], input: &str) -> Run {
    ply_bytes(args, input.as_bytes())
}

/// Runs `ply ARGS` with `input`, which need not be text, on standard input.
pub fn ply_bytes(args: &[&str], input: &[u8]) -> Run {
    ply_to(args, input, Stdio::piped())
}

/// Runs `ply ARGS` with standard output on `/dev/full`, where every write
/// fails with "no space left on device".
pub fn ply_to_full_disk(args: &[&str], input: &str) -> Run {
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    ply_to(args, input.as_bytes(), Stdio::from(full))
}

/// The command `ply ARGS`, ready to spawn.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
    command.args(args).env("NO_COLOR", "1");
    command
}

fn ply_to(args: &[&str], input: &[u8], stdout: Stdio) -> Run {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    // A command may end before reading its input; a broken pipe here is fine.
    let _ = child.stdin.take().expect("stdin is piped").write_all(input);
    let output = child.wait_with_output().expect("ply finishes");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

impl Run {
    /// Asserts a clean user error: exit 2, one line on stderr, no panic.
    pub fn assert_user_error(&self, fragment: &str) {
        assert_eq!(self.code, 2, "exit code; stderr: {}", self.stderr);
        assert!(!self.stderr.contains("panicked"), "panic: {}", self.stderr);
        assert_eq!(
            self.stderr.lines().count(),
            1,
            "one line on stderr: {}",
            self.stderr
        );
        assert!(
            self.stderr
                .to_lowercase()
                .contains(&fragment.to_lowercase()),
            "stderr lacks '{fragment}': {}",
            self.stderr
        );
    }

    pub fn assert_ok(&self) {
        assert_eq!(
            self.code, 0,
            "exit code; stdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        assert!(!self.stderr.contains("panicked"), "panic: {}", self.stderr);
    }

    /// Asserts success with `text` in the output.
    pub fn assert_says(&self, text: &str) {
        self.assert_ok();
        assert!(self.stdout.contains(text), "{}", self.stdout);
    }
}

/// `ply ARGS` running with pipes, as a GUI or a tournament manager drives
/// an engine protocol: lines written to its standard input, its standard
/// output read line by line on a thread of its own so a silent engine
/// times out instead of hanging the test.
pub struct Piped {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Piped {
    /// Starts `ply ARGS`; its standard error goes to `stderr`.
    pub fn start(args: &[&str], stderr: Stdio) -> Piped {
        let mut child = command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("ply starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Piped {
            child,
            stdin: Some(stdin),
            lines,
        }
    }

    /// Writes `bytes` as they are and flushes them.
    pub fn write(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("the input is still open");
        stdin.write_all(bytes).expect("ply reads its input");
        stdin.flush().expect("ply reads its input");
    }

    /// Closes `ply`'s standard input: the end of its input.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line of output, or `None` when none comes by `end`.
    pub fn next_line(&mut self, end: Instant) -> Option<String> {
        let left = end.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left).ok()
    }

    /// How `ply` ended, waiting for it up to `limit`.
    pub fn exit_status(&mut self, limit: Duration) -> ExitStatus {
        let end = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait works") {
                return status;
            }
            assert!(Instant::now() < end, "ply did not end in {limit:?}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}
