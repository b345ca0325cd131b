//! `ply nboard`: the Othello engine for NBoard and other GUIs that speak
//! the NBoard protocol. The protocol lives in `ply_othello::nboard`; this
//! hands each line of standard input to the engine and writes its answers,
//! flushed at once as the GUI waits; errors go to standard error.
//!
//! Standard input is read on a thread of its own, so a `quit` or the end
//! of the input reaches the engine while it searches: either stops the
//! search at once (the engine's interrupt; the move found so far is still
//! written) and ends the program once the lines before it are answered,
//! quickly as any search among them is cut short too. Every
//! other line waits its turn, so a `ping` sent during a search is answered
//! after the move, as the protocol requires.

use std::time::Duration;

use ply_othello::nboard::{
    is_quit, NBoard, Output as Answer, DEFAULT_DEPTH, DEFAULT_MOVE_TIME, MAX_DEPTH, MAX_LINE,
};

use super::protocol_lines::read_lines_behind;
use crate::output::{warn, Output};

#[derive(clap::Args, Debug)]
pub struct NboardArgs {
    /// Search threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Transposition table size in MiB (default 64; at most half the
    /// machine's memory).
    #[arg(long, value_name = "MB", default_value_t = crate::common::DEFAULT_HASH_MB,
          value_parser = crate::limits::parse_hash_mb, allow_negative_numbers = true)]
    pub hash: usize,
    /// Longest a search may take, in milliseconds (default 3000); the GUI's
    /// `set depth` is the deepest it goes within that time.
    #[arg(long, value_name = "MS", value_parser = crate::limits::parse_move_time_ms,
          allow_negative_numbers = true)]
    pub move_time: Option<u64>,
    /// The deepest midgame search in plies (1-60) until the GUI sends `set
    /// depth`; 60 leaves the move time as the only bound, as a match at
    /// a time per move wants (a manager such as `ply tournament` sends no
    /// `set depth`).
    #[arg(long, value_name = "PLIES", default_value_t = DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    pub depth: u32,
}

pub fn run(args: NboardArgs) -> anyhow::Result<()> {
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(crate::limits::cores);
    let move_time = args
        .move_time
        .map_or(DEFAULT_MOVE_TIME, Duration::from_millis);
    ply_engine::clear_interrupt();
    let mut engine = NBoard::new(args.hash, threads, Some(move_time)).with_depth(args.depth);
    let lines = read_lines_behind(MAX_LINE, is_quit);
    let mut out = Output::stdout();
    // Ends with the input (the reader drops its end) or at a quit. Lines
    // read before either are still answered, any search among them cut
    // short by the interrupt.
    for line in lines {
        let line = line?;
        let mut failed = None;
        let go_on = engine.handle(&line, &mut |answer| match answer {
            Answer::Line(text) => {
                if failed.is_none() {
                    failed = writeln!(out, "{text}").and_then(|()| out.flush()).err();
                }
            }
            Answer::Error(text) => warn(&text),
        });
        if let Some(e) = failed {
            return Err(e.into());
        }
        if !go_on {
            break;
        }
    }
    Ok(())
}
