//! `ply gomocup`: a Gomoku brain for the piskvork manager and other
//! Gomocup tools. The protocol lives in `ply_gomoku::protocol`; this hands
//! each line of standard input to the brain and writes its answers,
//! flushed at once as the manager waits.

use ply_gomoku::protocol::{Brain, MAX_LINE};

use super::protocol_lines::each_line;
use crate::output::Output;

pub fn run() -> anyhow::Result<()> {
    let mut out = Output::stdout();
    let mut brain = Brain::new();
    each_line(MAX_LINE, |line| {
        let reply = brain.handle(line);
        for answer in &reply.lines {
            writeln!(out, "{answer}")?;
        }
        out.flush()?;
        Ok(!reply.quit)
    })
}
