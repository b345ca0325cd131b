//! `ply gomocup`: a Gomoku brain for the piskvork manager and other
//! Gomocup tools. The protocol lives in `ply_gomoku::protocol`; this hands
//! each line of standard input to the brain and writes its answers,
//! flushed at once as the manager waits.

use ply_gomoku::protocol::{Brain, MAX_LINE};

use super::protocol_lines::each_line;
use crate::output::Output;

/// `ply gomocup`'s options.
#[derive(clap::Args, Debug)]
pub struct GomocupArgs {
    /// Search threads (lazy SMP, 1 to 64) until the manager's `INFO
    /// thread_num` says otherwise.
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=ply_gomoku::MAX_THREADS as i64))]
    pub threads: u16,
}

pub fn run(args: GomocupArgs) -> anyhow::Result<()> {
    let mut out = Output::stdout();
    let mut brain = Brain::with_threads(usize::from(args.threads));
    each_line(MAX_LINE, |line| {
        let reply = brain.handle(line);
        for answer in &reply.lines {
            writeln!(out, "{answer}")?;
        }
        out.flush()?;
        Ok(!reply.quit)
    })
}
