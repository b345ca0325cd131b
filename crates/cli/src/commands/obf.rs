//! `ply solve othello --obf FILE [--range A-B] [--threads N]`: solves every
//! position of an OBF test suite exactly, checks each score against the
//! one the file lists, and prints a table with a total line. Exit code 1
//! when a score differs from the file's, 2 for a bad file or range.

use std::io::Read;
use std::path::Path;
use std::time::{Duration, Instant};

use ply_engine::{GameKind, GameOptions, SuitePosition, SuiteSettings};

use super::solve::SolveArgs;
use crate::interrupt;
use crate::output::{self, Output};

/// The table's size when `--hash` is not given: FFO #40-#59 fill it.
const DEFAULT_MB: usize = 256;

/// The largest OBF file read: suites are a few KB (FFO #1-#79 is 6 KB), so
/// this is ample, and it keeps a huge file from filling the memory.
const MAX_OBF_BYTES: u64 = 4 << 20;

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: &SolveArgs) -> anyhow::Result<()> {
    let Some(path) = &args.obf else {
        anyhow::bail!("--obf needs a file");
    };
    if args.position.position.is_some() || args.depth.is_some() || args.json || args.stats {
        anyhow::bail!("--position, --depth, --json and --stats do not apply with --obf");
    }
    if args.engine.seed.is_some() {
        anyhow::bail!("--seed does nothing for `ply solve`: an analysis makes no random choice");
    }
    let shown_path = ply_engine::echo::shown(&path.display().to_string());
    let threads = args.threads.unwrap_or_else(crate::limits::cores);
    let megabytes = args.engine.hash_mb.unwrap_or(DEFAULT_MB);
    let settings = SuiteSettings {
        hash_mb: megabytes,
        threads,
    };
    // Whether the game has suites at all comes first: the file is not read
    // for a game that could not solve it.
    if kind.suite_format().is_none() {
        let readers: Vec<String> = ply_registry::games()
            .into_iter()
            .filter_map(|g| {
                let format = g.suite_format()?;
                Some(format!(
                    "`ply solve {} --obf FILE` reads {format}",
                    g.name()
                ))
            })
            .collect();
        anyhow::bail!(
            "--obf reads test suites, and {} has none: {}",
            kind.name(),
            readers.join("; ")
        );
    }
    let text =
        read_suite(path).map_err(|why| anyhow::anyhow!("cannot read {shown_path}: {why}"))?;
    let mut suite = kind
        .suite_solver(options, &text, &path.display().to_string(), settings)
        .expect("the game has suites")
        .map_err(|e| match e {
            ply_engine::GameError::BadPosition(why) => anyhow::anyhow!("{shown_path}: {why}"),
            other => anyhow::anyhow!("{}", output::game_error(&other)),
        })?;
    let positions: Vec<SuitePosition> = suite.positions().to_vec();
    let (first, last) = (positions[0].number, positions[positions.len() - 1].number);
    let selected: Vec<usize> = match &args.range {
        None => (0..positions.len()).collect(),
        Some(range) => {
            let (a, b) = parse_range(range)?;
            let chosen: Vec<usize> = (0..positions.len())
                .filter(|&i| (a..=b).contains(&positions[i].number))
                .collect();
            if chosen.is_empty() {
                anyhow::bail!(
                    "no position numbered {a}-{b} in {shown_path} (it holds #{first}-#{last})"
                );
            }
            chosen
        }
    };

    let mut out = Output::stdout();
    writeln!(
        out,
        "{} position{} of {shown_path}, {threads} thread{}, {megabytes} MiB table",
        selected.len(),
        plural(selected.len()),
        plural(threads)
    )?;
    writeln!(
        out,
        "{:>4} {:>7} {:>6} {:>6} {:>5} {:>10} {:>15} {:>9} {:>15}",
        "#", "empties", "score", "listed", "best", "time", "nodes", "nodes/s", "searched"
    )?;
    out.flush()?;
    let analysis = interrupt::Analysis::start();
    let (mut total_time, mut total_nodes, mut total_searched) = (Duration::ZERO, 0u64, 0u64);
    let mut mismatches = Vec::new();
    let mut solved = 0;
    for &index in &selected {
        let position = &positions[index];
        let started = Instant::now();
        let answer = suite.solve(index);
        let elapsed = started.elapsed();
        let Some(answer) = answer.filter(|_| !analysis.interrupted()) else {
            writeln!(out, "interrupted at #{}", position.number)?;
            break;
        };
        solved += 1;
        total_time += elapsed;
        total_nodes += answer.nodes;
        total_searched += answer.searched;
        let verdict = match position.expected {
            Some(e) if e != answer.score => {
                mismatches.push(position.number);
                "  MISMATCH"
            }
            _ => "",
        };
        writeln!(
            out,
            "{:>4} {:>7} {:>+6} {:>6} {:>5} {:>8.3} s {:>15} {:>9} {:>15}{verdict}",
            position.number,
            position.empties,
            answer.score,
            position.expected.map_or("-".into(), |e| format!("{e:+}")),
            answer.best,
            elapsed.as_secs_f64(),
            thousands(answer.nodes),
            rate(answer.nodes, elapsed),
            thousands(answer.searched),
        )?;
        out.flush()?;
    }
    writeln!(
        out,
        "total: {solved} solved, {} mismatch{} in {:.3} s, {} nodes, {} nodes/s, {} searched",
        mismatches.len(),
        if mismatches.len() == 1 { "" } else { "es" },
        total_time.as_secs_f64(),
        thousands(total_nodes),
        rate(total_nodes, total_time),
        thousands(total_searched)
    )?;
    out.flush()?;
    if !mismatches.is_empty() {
        // Exit code 1 says "wrong result", apart from 2 for bad input.
        drop(analysis);
        std::process::exit(1);
    }
    Ok(())
}

/// The text of the OBF file at `path`: only a regular file of at most
/// [`MAX_OBF_BYTES`], as a device (`/dev/zero`) would be read until memory
/// runs out and a named pipe would block; the read stops past the bound
/// even if the file grows meanwhile.
fn read_suite(path: &Path) -> Result<String, String> {
    let too_big = || {
        format!(
            "it is larger than the limit of {} MiB for OBF files",
            MAX_OBF_BYTES >> 20
        )
    };
    let metadata = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err(format!(
            "it is {}, not a regular file",
            ply_engine::special_file_kind(&metadata)
        ));
    }
    if metadata.len() > MAX_OBF_BYTES {
        return Err(too_big());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_OBF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_OBF_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string())
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `A-B` or `N`: positions A to B, or N alone.
fn parse_range(text: &str) -> anyhow::Result<(usize, usize)> {
    let bad = || {
        anyhow::anyhow!(
            "--range '{}' is not a range of position numbers like 40-49 or 44",
            ply_engine::echo::shown(text)
        )
    };
    let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

fn thousands(n: u64) -> String {
    ply_engine::with_commas(u128::from(n))
}

/// Nodes per second, in millions.
fn rate(nodes: u64, time: Duration) -> String {
    let seconds = time.as_secs_f64();
    if seconds <= 0.0 {
        return "-".into();
    }
    format!("{:.1} M", nodes as f64 / seconds / 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_numbers() {
        assert_eq!(parse_range("40-49").unwrap(), (40, 49));
        assert_eq!(parse_range("44").unwrap(), (44, 44));
        assert!(parse_range("49-40").is_err());
        assert!(parse_range("a-b").is_err());
        assert!(parse_range("").is_err());
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(12), "12");
        assert_eq!(rate(2_000_000, Duration::from_secs(1)), "2.0 M");
    }
}
