//! `ply gtp`: the Othello engine for GUIs and referees that speak the Go
//! Text Protocol (Quarry, GoGui, `gtp-rhino`'s peers). The protocol lives
//! in `ply_othello::gtp`; this hands each line of standard input to it and
//! writes the answers, flushed at once as the GUI waits.
//!
//! Standard input is read on a thread of its own, as for `ply nboard`: a
//! `quit` or the end of the input stops a running search at once (the
//! move found so far is still answered) and ends the program.

use std::time::Duration;

use ply_othello::gtp::{is_quit, Gtp};

use super::protocol_lines::read_lines_behind;
use crate::output::Output;

/// Longest line worth reading.
const MAX_LINE: usize = 4096;

#[derive(clap::Args, Debug)]
pub struct GtpArgs {
    /// Transposition table size in MiB (default 64; at most half the
    /// machine's memory).
    #[arg(long, value_name = "MB", default_value_t = crate::common::DEFAULT_HASH_MB,
          value_parser = crate::limits::parse_hash_mb, allow_negative_numbers = true)]
    pub hash: usize,
    /// Longest a move may take, in milliseconds (default 1000); the GUI's
    /// `time_settings` and `time_left` can only shorten it.
    #[arg(long, value_name = "MS", value_parser = crate::limits::parse_move_time_ms,
          allow_negative_numbers = true)]
    pub move_time: Option<u64>,
}

pub fn run(args: GtpArgs) -> anyhow::Result<()> {
    let move_time = Duration::from_millis(args.move_time.unwrap_or(1000));
    ply_engine::clear_interrupt();
    let mut engine = Gtp::new(move_time, args.hash);
    let mut out = Output::stdout();
    for line in read_lines_behind(MAX_LINE, is_quit) {
        let line = line?;
        // A new command: a search starts clear of an earlier interrupt
        // only while the input goes on.
        let Some(answer) = engine.handle(&line) else {
            continue;
        };
        write!(out, "{}", answer.text)?;
        out.flush()?;
        if answer.quit {
            break;
        }
    }
    Ok(())
}
