//! `ply perft`: leaf counts of the game tree, the check of move generation.

use std::time::Instant;

use ply_engine::{GameKind, GameOptions};

use crate::common::PositionArgs;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// Worker threads (games that split the root moves use them).
    #[arg(long, default_value_t = 1, value_parser = crate::common::parse_jobs)]
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
    println!("perft {} = {leaves}", args.depth);
    println!(
        "{seconds:.3} s, {:.1} M leaves/s",
        leaves as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
