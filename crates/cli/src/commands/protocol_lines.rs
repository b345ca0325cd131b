//! Standard input for the engine protocols (`ply gomocup`, `ply nboard`,
//! `ply gtp`):
//! line by line, any bytes (invalid UTF-8 is replaced), a line longer than
//! the protocol's limit cut and the rest of it skipped in bounded pieces,
//! and CR LF, LF or a lone CR all ending a line, as GUIs and managers send.

use std::io::{BufRead, Read};
use std::sync::mpsc;

/// Hands every line of standard input to `handle` until the input ends or
/// `handle` answers `false` (the protocol's quit).
pub fn each_line(
    max_line: usize,
    mut handle: impl FnMut(&str) -> anyhow::Result<bool>,
) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let read = Read::take(&mut input, max_line as u64 + 1).read_until(b'\n', &mut bytes)?;
        if read == 0 {
            return Ok(());
        }
        if bytes.last() != Some(&b'\n') && bytes.len() > max_line {
            skip_rest_of_line(&mut input)?;
        }
        let line = String::from_utf8_lossy(&bytes);
        for part in line.split(['\r', '\n']) {
            if !handle(part)? {
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

/// Standard input's lines, read on a thread of its own that interrupts the
/// engine's search when a line `is_quit` or the input ends, so either
/// reaches the engine while it searches; a read error is the last item.
pub fn read_lines_behind(
    max_line: usize,
    is_quit: fn(&str) -> bool,
) -> mpsc::Receiver<anyhow::Result<String>> {
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        let read = each_line(max_line, |line| {
            let quit = is_quit(line);
            if quit {
                ply_engine::interrupt();
            }
            // The engine has ended when nobody receives: stop reading.
            Ok(sender.send(Ok(line.to_string())).is_ok() && !quit)
        });
        if let Err(e) = read {
            let _ = sender.send(Err(e));
        }
        // The end of the input (or a quit): no search should go on.
        ply_engine::interrupt();
    });
    lines
}
