//! `ply perft`: leaf counts of the game tree, the check of move generation.

use std::time::Instant;

use ply_engine::{GameKind, GameOptions};

use crate::common::PositionArgs;
use crate::output::Output;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (0 to 64).
    #[arg(value_parser = crate::limits::parse_perft_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// Worker threads (games that split the root moves use them); at most
    /// 4 per core.
    #[arg(long, default_value_t = 1, value_parser = crate::limits::parse_jobs,
          allow_negative_numbers = true)]
    pub jobs: usize,
    #[command(flatten)]
    pub position: PositionArgs,
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: PerftArgs) -> anyhow::Result<()> {
    let session = args.position.session(kind, options)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.max(1))
        .build()?;
    let started = Instant::now();
    let depth = args.depth;
    let leaves = pool.install(move || session.perft(depth))?;
    let seconds = started.elapsed().as_secs_f64();
    let mut out = Output::stdout();
    writeln!(out, "perft {} = {leaves}", args.depth)?;
    writeln!(
        out,
        "{seconds:.3} s, {:.1} M leaves/s",
        leaves as f64 / seconds.max(1e-9) / 1e6
    )?;
    out.flush()?;
    Ok(())
}
