//! An outside engine's process: its command line started as a child that
//! speaks in lines (the plumbing is `ply_pipes`).

use std::process::Command;
use std::time::Instant;

use ply_pipes::PipedChild;
pub use ply_pipes::Silence;

/// Longest line read from an engine; more is cut.
const MAX_LINE: usize = 64 * 1024;

/// A running engine.
pub struct EngineProcess(PipedChild);

impl EngineProcess {
    /// Starts `command` (the program, then its arguments).
    pub fn start(command: &[String]) -> Result<EngineProcess, String> {
        let (program, args) = command.split_first().ok_or("no command to start")?;
        let mut builder = Command::new(program);
        builder.args(args);
        PipedChild::spawn(builder, MAX_LINE)
            .map(EngineProcess)
            // The program as typed may be any length and hold any bytes:
            // shown escaped and cut, as every echo of user text.
            .map_err(|e| {
                format!(
                    "cannot start '{}': {e}",
                    ply_engine::echo::shown_within(program, 80)
                )
            })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Silence> {
        self.0.send(format!("{line}\n").as_bytes())
    }

    /// The next line of the engine's output, waiting until `deadline`.
    pub fn line_by(&mut self, deadline: Instant) -> Result<String, Silence> {
        self.0.line_by(deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_that_cannot_start_is_named_briefly() {
        let long = "a".repeat(5000);
        let Err(message) = EngineProcess::start(&[long]) else {
            panic!("no program has that name");
        };
        assert!(message.starts_with("cannot start 'aaa"), "{message}");
        assert!(message.len() < 300, "{} bytes: {message}", message.len());
        let Err(message) = EngineProcess::start(&["no-such-engine\u{1b}[31m".into()]) else {
            panic!("no program has that name");
        };
        assert!(!message.contains('\u{1b}'), "{message:?}");
    }
}
