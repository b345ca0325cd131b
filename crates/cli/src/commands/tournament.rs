//! `ply tournament`: round robins between bots.

use ply_engine::{GameKind, GameOptions};

use crate::common::EngineArgs;

#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// Comma-separated bot specs (perfect, alphabeta:4, heuristic, random, ...).
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Games per pair, half with each side first.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Print the full results as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: TournamentArgs) -> anyhow::Result<()> {
    let _ = (kind, options, args);
    anyhow::bail!("tournaments are not implemented yet")
}
