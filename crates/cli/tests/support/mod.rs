//! Running the `ply` binary in tests.
// Each test binary uses part of this module.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of `ply` printed and how it ended.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `ply ARGS` with `input` on standard input (closed afterwards).
pub fn ply(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("input is written");
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
}
