//! `ply solve`: the value of a position and of every move.

use std::time::Instant;

use ply_engine::{GameKind, GameOptions, SolveOutput, SolveRequest, Stopped};

use crate::common::{self, EngineArgs, PositionArgs};
use crate::hints::{self, Ending};
use crate::output::Output;
use crate::{interrupt, progress};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Search this many plies only (1 to 64); moves not decided within them
    /// show as unknown.
    #[arg(long, value_parser = crate::limits::parse_depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Show transposition-table statistics.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Othello: solve every position of an OBF test suite (such as the FFO
    /// suite) exactly and check the scores it lists.
    #[arg(long, value_name = "FILE")]
    pub obf: Option<std::path::PathBuf>,
    /// With --obf: the positions to solve by number, `40-49` or `44`.
    #[arg(long, value_name = "A-B", requires = "obf")]
    pub range: Option<String>,
    /// Write a task set into this new folder instead of solving: the
    /// positions --split-depth plies below, each an independent task
    /// (`ply task run`, `ply task slurm`, `ply task merge`).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["obf", "depth", "json", "stats"])]
    pub split: Option<std::path::PathBuf>,
    /// With --split: plies from the position to the tasks (default 2).
    #[arg(long, value_name = "D", requires = "split", value_parser = crate::limits::parse_depth)]
    pub split_depth: Option<u32>,
    /// Threads for the exact solver (Othello; default: one per core): an
    /// analysis shares its moves among them, --obf each position's solve.
    #[arg(long, value_name = "N", conflicts_with = "split",
          value_parser = crate::limits::parse_jobs)]
    pub threads: Option<usize>,
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: SolveArgs) -> anyhow::Result<()> {
    if args.obf.is_some() {
        return super::obf::run(kind, options, &args);
    }
    let mut session = args.position.session(kind, options)?;
    let mut out = Output::stdout();
    if let Some(dir) = &args.split {
        let position = args.position.position.as_deref().unwrap_or_default();
        let split = ply_tasks::solve_split(kind.name(), options, position, args.split_depth)?;
        let engine = ply_tasks::engine_settings(&split, args.engine.hash_mb);
        let set = ply_tasks::TaskSet::create(dir, split, engine)?;
        writeln!(out, "{}", super::task::written_text(&set))?;
        out.flush()?;
        return Ok(());
    }
    common::refuse_unused_depth(kind, options, args.depth)?;
    if args.engine.seed.is_some() {
        anyhow::bail!("--seed does nothing for `ply solve`: an analysis makes no random choice");
    }
    if !kind.solver_has_table() {
        let unused = if args.stats {
            Some("--stats")
        } else {
            args.engine.hash_mb.map(|_| "--hash")
        };
        if let Some(option) = unused {
            anyhow::bail!(
                "{option} does nothing here: {}'s solver uses no transposition table",
                kind.name()
            );
        }
    }
    if args.threads.is_some() && !kind.solver_uses_threads() {
        anyhow::bail!(
            "--threads does nothing here: {}'s solver runs on one thread",
            kind.name()
        );
    }
    let mut config = args.engine.config(args.depth);
    config.threads = args.threads.unwrap_or_else(crate::limits::cores);
    let request = SolveRequest {
        config: config.clone(),
    };
    // A proof search stops at Ctrl-C and reports what it settled.
    let analysis = interrupt::Analysis::start();
    let special = session.special_solve(options, &request);
    drop(analysis);
    if let Some(special) = special {
        if args.stats || args.depth.is_some() {
            anyhow::bail!("--stats and --depth do not apply to this output");
        }
        match (special?, args.json) {
            (SolveOutput::Report(report), true) => {
                writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?
            }
            (SolveOutput::Report(report), false) => {
                write!(out, "{}", hints::format_report(&report))?
            }
            (SolveOutput::Proof(proof), true) => writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&crate::proof::report(kind.name(), &proof))?
            )?,
            (SolveOutput::Proof(proof), false) => write!(out, "{}", crate::proof::text(&proof))?,
            (SolveOutput::Listing(_), true) => {
                anyhow::bail!("--json does not apply to this output")
            }
            (SolveOutput::Listing(listing), false) => write!(out, "{}", listing.text)?,
        }
        out.flush()?;
        return Ok(());
    }
    let started = Instant::now();
    let (mut report, ending) = {
        let analysis = interrupt::Analysis::start();
        let report =
            progress::with_spinner("solving (Ctrl-C stops and shows what is proved)", || {
                kind.solve(session.as_mut(), &config)
            })?;
        let ending = Ending::of(analysis.interrupted(), &config, started.elapsed());
        (report, ending)
    };
    let elapsed = started.elapsed();
    let note = hints::ending_note(&report, ending);
    if args.json {
        // The engine's report is the JSON: the shape of the web API too.
        if !args.stats {
            report.stats = None;
        }
        // Why values are still unknown, when the analysis was cut short.
        report.stopped = match (ending, &note) {
            (_, None) | (Ending::Finished, _) => None,
            (Ending::OutOfTime(_), Some(_)) => Some(Stopped::TimeBudget),
            (Ending::Interrupted, Some(_)) => Some(Stopped::Interrupted),
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        out.flush()?;
        return Ok(());
    }
    writeln!(out, "{}", session.render(false))?;
    let position = session.position();
    let shown = if position.is_empty() {
        "(the start)"
    } else {
        position.as_str()
    };
    writeln!(
        out,
        "Position: {shown} ({} to move)",
        session.side_name(session.to_move())
    )?;
    write!(out, "{}", hints::format_report(&report))?;
    if let Some(note) = note {
        writeln!(out, "{note}")?;
    }
    if let Some(notes) = &report.notes {
        writeln!(out, "{notes}")?;
    }
    match (args.stats, report.stats) {
        (true, Some(stats)) => write!(out, "{}", hints::format_stats(&stats, elapsed))?,
        // The game has a table, but this solve's solver counted nothing
        // (Othello's exact solver): say so rather than fail after the work.
        (true, None) => writeln!(
            out,
            "Table statistics: none, this solve's solver keeps no counts"
        )?,
        _ => {}
    }
    out.flush()?;
    Ok(())
}
