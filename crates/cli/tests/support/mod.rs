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
}
