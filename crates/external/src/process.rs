//! An outside engine's process: started in a process group of its own,
//! its output read line by line on a thread so the referee can wait for a
//! line with a time limit, and stopped with everything it started.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest line read from an engine; more is cut.
const MAX_LINE: u64 = 64 * 1024;

/// How long a process whose output closed may take to exit.
const EXIT_TIME: Duration = Duration::from_millis(500);

/// Why no line came.
#[derive(Debug)]
pub enum Silence {
    /// None within the time limit.
    TimedOut,
    /// The engine closed its output; how it ended.
    Ended(String),
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command` (the program, then its arguments).
    pub fn start(command: &[String]) -> Result<EngineProcess, String> {
        let (program, args) = command.split_first().ok_or("no command to start")?;
        let mut builder = Command::new(program);
        builder
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            // A group of its own: Ctrl-C is the referee's to handle, and
            // stopping the group stops whatever the engine started.
            use std::os::unix::process::CommandExt;
            builder.process_group(0);
        }
        let mut child = builder
            .spawn()
            .map_err(|e| format!("cannot start '{program}': {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("cannot talk to its process".into());
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            loop {
                let mut bytes = Vec::new();
                match (&mut output).take(MAX_LINE).read_until(b'\n', &mut bytes) {
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
        Ok(EngineProcess {
            child,
            input,
            lines,
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Silence> {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        let sent = without_sigpipe(|| {
            self.input.write_all(&bytes)?;
            self.input.flush()
        });
        sent.map_err(|_| Silence::Ended(self.ended()))
    }

    /// The next line of the engine's output, waiting until `deadline`.
    pub fn line_by(&mut self, deadline: Instant) -> Result<String, Silence> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Silence::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(Silence::Ended(self.ended())),
        }
    }

    /// Waits up to `time` for the process to exit; true when it did.
    pub fn wait_exit(&mut self, time: Duration) -> bool {
        let deadline = Instant::now() + time;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) => return true,
                Ok(None) => std::thread::sleep(Duration::from_millis(2)),
                Err(_) => return false,
            }
        }
        false
    }

    /// How the process ended, once its output closed.
    fn ended(&mut self) -> String {
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

impl Drop for EngineProcess {
    /// Stops the engine and every process it started (its group).
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Ok(group) = i32::try_from(self.child.id()) {
            // SAFETY: kill only sends a signal; the group is the engine's
            // own (started with process_group(0), so its id is the
            // engine's), reserved while the engine is unreaped.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `write` with SIGPIPE blocked on this thread, so a write to an
/// engine that has exited fails (EPIPE) instead of ending ply (which
/// restores SIGPIPE's default, to end quietly when its own output is
/// closed); a SIGPIPE the write raised is taken before unblocking.
#[cfg(unix)]
fn without_sigpipe(write: impl FnOnce() -> std::io::Result<()>) -> std::io::Result<()> {
    // SAFETY: the sets are initialised by sigemptyset before use and only
    // passed by pointer to the calls that read or fill them; the mask
    // changed is this thread's alone and is restored before returning.
    unsafe {
        let mut pipe: libc::sigset_t = std::mem::zeroed();
        let mut before: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pipe);
        libc::sigaddset(&mut pipe, libc::SIGPIPE);
        libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, &mut before);
        let result = write();
        if result
            .as_ref()
            .is_err_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
        {
            let now = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            libc::sigtimedwait(&pipe, std::ptr::null_mut(), &now);
        }
        libc::pthread_sigmask(libc::SIG_SETMASK, &before, std::ptr::null_mut());
        result
    }
}

#[cfg(not(unix))]
fn without_sigpipe(write: impl FnOnce() -> std::io::Result<()>) -> std::io::Result<()> {
    write()
}

/// "exited with status 3", "killed by signal 9".
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("was killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("ended ({status})"),
    }
}
