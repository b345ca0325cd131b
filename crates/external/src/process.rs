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
            .map_err(|e| format!("cannot start '{program}': {e}"))
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
