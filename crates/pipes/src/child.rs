//! One child process and its two pipes.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::without_sigpipe;

/// Lines read ahead of the referee, at most: a child that floods its
/// output waits for the referee instead of filling ply's memory.
const LINES_AHEAD: usize = 256;

/// How long a child whose output closed may take to exit.
const EXIT_TIME: Duration = Duration::from_millis(500);

/// Why no line came.
#[derive(Debug)]
pub enum Silence {
    /// None by the deadline.
    TimedOut,
    /// The child closed its output; how it ended ("exited with status 3",
    /// "killed by signal 11 (SIGSEGV)").
    Ended(String),
}

/// A running child.
pub struct PipedChild {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl PipedChild {
    /// Starts `command` with piped input and output (its errors discarded),
    /// in a process group of its own; lines longer than `max_line` bytes
    /// are cut.
    pub fn spawn(mut command: Command, max_line: usize) -> std::io::Result<PipedChild> {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            // A group of its own: Ctrl-C at the terminal is the referee's
            // to handle, and stopping the group stops whatever it started.
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::other("its pipes could not be opened"));
        };
        let (sender, lines) = mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            loop {
                let mut bytes = Vec::new();
                match (&mut output)
                    .take(max_line as u64)
                    .read_until(b'\n', &mut bytes)
                {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&bytes);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if sender.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(PipedChild {
            child,
            input,
            lines,
        })
    }

    /// Writes `bytes` and flushes them; a child that has gone is `Ended`.
    pub fn send(&mut self, bytes: &[u8]) -> Result<(), Silence> {
        let input = &mut self.input;
        let sent = without_sigpipe(|| {
            input.write_all(bytes)?;
            input.flush()
        });
        sent.map_err(|_| Silence::Ended(self.ended()))
    }

    /// The next line of the child's output (without its line end), waiting
    /// until `deadline`.
    pub fn line_by(&mut self, deadline: Instant) -> Result<String, Silence> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Silence::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(Silence::Ended(self.ended())),
        }
    }

    /// How the child ended, once its output closed: waits a little for it
    /// to exit.
    pub fn ended(&mut self) -> String {
        let deadline = Instant::now() + EXIT_TIME;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(status)) => return describe(status),
                Ok(None) => std::thread::sleep(Duration::from_millis(2)),
                Err(_) => break,
            }
        }
        "closed its output".into()
    }
}

impl Drop for PipedChild {
    /// Stops the child (it may be looping) and every process it started
    /// (its process group: a child that forks), and reaps it.
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Ok(group) = i32::try_from(self.child.id()) {
            // SAFETY: kill only sends a signal; the group is the child's
            // own (started with process_group(0), so its id is the
            // child's), still reserved while the child is unreaped or any
            // member lives.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// "killed by signal 11 (SIGSEGV)", "exited with status 3".
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}{}", signal_name(signal));
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("ended ({status})"),
    }
}

/// The usual name of the signals a crashing child dies of.
#[cfg(unix)]
fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGSEGV => " (SIGSEGV)",
        libc::SIGABRT => " (SIGABRT)",
        libc::SIGBUS => " (SIGBUS)",
        libc::SIGFPE => " (SIGFPE)",
        libc::SIGILL => " (SIGILL)",
        libc::SIGTRAP => " (SIGTRAP)",
        libc::SIGKILL => " (SIGKILL)",
        libc::SIGTERM => " (SIGTERM)",
        libc::SIGSYS => " (SIGSYS)",
        libc::SIGXCPU => " (SIGXCPU)",
        _ => "",
    }
}
