//! `ply gomocup`: a Gomoku brain for the piskvork manager and other
//! Gomocup tools. The protocol lives in `ply_gomoku::protocol`; this hands
//! each line of standard input to the brain and writes its answers,
//! flushed at once as the manager waits.

use std::io::Write;

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
    /// Show the search's progress as it runs: a MESSAGE line (depth,
    /// score, nodes, time, principal variation) for each iteration that
    /// ends after 100 ms, before the answer's own.
    #[arg(long)]
    pub progress: bool,
}

pub fn run(args: GomocupArgs) -> anyhow::Result<()> {
    let mut out = Output::stdout();
    let mut brain = Brain::with_threads(usize::from(args.threads));
    if args.progress {
        // Best effort: a line that cannot be written now is no reason to
        // stop thinking; the answer's own write reports a closed output.
        brain.show_progress(Box::new(|line| {
            let mut stdout = std::io::stdout().lock();
            let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
        }));
    }
    each_line(MAX_LINE, |line| {
        let reply = brain.handle(line);
        for answer in &reply.lines {
            writeln!(out, "{answer}")?;
        }
        out.flush()?;
        Ok(!reply.quit)
    })
}
