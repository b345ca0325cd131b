//! Arguments shared by several commands, and turning them into engine settings.

use ply_engine::EngineConfig;

/// Engine settings every command that searches accepts.
#[derive(clap::Args, Debug, Clone)]
pub struct EngineArgs {
    /// Transposition table size in MiB.
    #[arg(long = "hash", value_name = "MB", default_value_t = 64)]
    pub hash_mb: usize,
    /// Seed for every random choice.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

impl EngineArgs {
    pub fn config(&self, depth: Option<u32>) -> EngineConfig {
        EngineConfig {
            hash_mb: self.hash_mb,
            depth,
            seed: self.seed,
            move_time: None,
        }
    }
}
