//! `ply train`: trains a learner bot and prints its learning curve.

use ply_engine::{GameKind, GameOptions};

use crate::common::EngineArgs;

#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Number of training games.
    #[arg(long, default_value_t = 1000)]
    pub games: u32,
    /// The opponent: random, perfect or self.
    #[arg(long, default_value = "random")]
    pub against: String,
    #[command(flatten)]
    pub engine: EngineArgs,
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: TrainArgs) -> anyhow::Result<()> {
    let _ = (kind, options, args);
    anyhow::bail!("training is not implemented yet")
}
