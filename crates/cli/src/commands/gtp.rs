//! `ply gtp`: the Othello engine for GUIs and referees that speak the Go
//! Text Protocol (Quarry, GoGui, `gtp-rhino`'s peers). The protocol lives
//! in `ply_othello::gtp`; this hands each line of standard input to it and
//! writes the answers, flushed at once as the GUI waits.
//!
//! Standard input is read on a thread of its own, as for `ply nboard`: a
//! `quit` or the end of the input stops a running search at once (the
//! move found so far is still answered) and ends the program.

use std::sync::mpsc;
use std::time::Duration;

use ply_othello::gtp::{is_quit, Gtp};

use super::protocol_lines::each_line;
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
    for line in read_lines_behind() {
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

/// Standard input's lines, read on a thread that interrupts the engine's
/// search when a `quit` or the end of the input arrives; a read error is
/// the last item.
fn read_lines_behind() -> mpsc::Receiver<anyhow::Result<String>> {
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        let read = each_line(MAX_LINE, |line| {
            let quit = is_quit(line);
            if quit {
                ply_engine::interrupt();
            }
            Ok(sender.send(Ok(line.to_string())).is_ok() && !quit)
        });
        if let Err(e) = read {
            let _ = sender.send(Err(e));
        }
        ply_engine::interrupt();
    });
    lines
}
