//! `ply gomocup`: a Gomoku brain for the piskvork manager and other
//! Gomocup tools. The protocol lives in `ply_gomoku::protocol`; this reads
//! standard input line by line (any bytes: invalid UTF-8 is replaced, a
//! line longer than the protocol's limit is cut), hands each line to the
//! brain and writes its answers, flushed at once as the manager waits.

use std::io::{BufRead, Read};

use ply_gomoku::protocol::{Brain, MAX_LINE};

use crate::output::Output;

pub fn run() -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = Output::stdout();
    let mut brain = Brain::new();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // Read at most a little more than a useful line; the rest of an
        // endless line is skipped in bounded pieces.
        let read = Read::take(&mut input, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes)?;
        if read == 0 {
            return Ok(());
        }
        if bytes.last() != Some(&b'\n') && bytes.len() > MAX_LINE {
            skip_rest_of_line(&mut input)?;
        }
        let line = String::from_utf8_lossy(&bytes);
        // A manager ends lines with CR LF; a lone CR also ends a line.
        for part in line.split(['\r', '\n']) {
            let reply = brain.handle(part);
            for answer in &reply.lines {
                writeln!(out, "{answer}")?;
            }
            out.flush()?;
            if reply.quit {
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
