//! `ply nboard`: the Othello engine for NBoard and other GUIs that speak
//! the NBoard protocol. The protocol lives in `ply_othello::nboard`; this
//! hands each line of standard input to the engine and writes its answers,
//! flushed at once as the GUI waits; errors go to standard error.

use std::time::Duration;

use ply_othello::nboard::{NBoard, Output as Answer, MAX_LINE};

use super::protocol_lines::each_line;
use crate::output::{warn, Output};

#[derive(clap::Args, Debug)]
pub struct NboardArgs {
    /// Search threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub hash: u32,
    /// Longest a search may take, in milliseconds (default: no limit; the
    /// GUI's `set depth` bounds it).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub move_time: Option<u64>,
}

pub fn run(args: NboardArgs) -> anyhow::Result<()> {
    let threads = args.threads.map(usize::from).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(usize::from)
            .unwrap_or(1)
    });
    let mut engine = NBoard::new(
        args.hash as usize,
        threads,
        args.move_time.map(Duration::from_millis),
    );
    let mut out = Output::stdout();
    each_line(MAX_LINE, |line| {
        let mut failed = None;
        let go_on = engine.handle(line, &mut |answer| match answer {
            Answer::Line(text) => {
                if failed.is_none() {
                    failed = writeln!(out, "{text}").and_then(|()| out.flush()).err();
                }
            }
            Answer::Error(text) => warn(&text),
        });
        match failed {
            Some(e) => Err(e.into()),
            None => Ok(go_on),
        }
    })
}
