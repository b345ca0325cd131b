//! `ply nboard`: the Othello engine for NBoard and other GUIs that speak
//! the NBoard protocol. The protocol lives in `ply_othello::nboard`; this
//! reads standard input line by line (any bytes: invalid UTF-8 is replaced,
//! an endless line is cut), hands each line to the engine and writes its
//! answers, flushed at once as the GUI waits; errors go to standard error.

use std::io::{BufRead, Read};
use std::time::Duration;

use ply_othello::nboard::{NBoard, Output as Answer, MAX_LINE};

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
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = Output::stdout();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let read = Read::take(&mut input, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes)?;
        if read == 0 {
            return Ok(());
        }
        if bytes.last() != Some(&b'\n') && bytes.len() > MAX_LINE {
            skip_rest_of_line(&mut input)?;
        }
        let line = String::from_utf8_lossy(&bytes);
        for part in line.split(['\r', '\n']) {
            let mut failed = None;
            let go_on = engine.handle(part, &mut |answer| match answer {
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
                return Ok(());
            }
        }
    }
}

fn skip_rest_of_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
}
