//! `ply bench`: a game's benchmark (the figures the issues name).

use ply_engine::{GameKind, GameOptions};

use crate::common::EngineArgs;
use crate::output::Output;

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: BenchArgs) -> anyhow::Result<()> {
    let report = kind.bench(options, &args.engine.config(None))?;
    let mut out = Output::stdout();
    write!(out, "{report}")?;
    out.flush()?;
    Ok(())
}
