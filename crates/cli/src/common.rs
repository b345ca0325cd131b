//! Arguments shared by several commands, and turning them into engine settings.

use anyhow::Context;
use ply_engine::{EngineConfig, GameKind, GameOptions, Session};

/// Engine settings every command that searches accepts.
#[derive(clap::Args, Debug, Clone)]
pub struct EngineArgs {
    /// Transposition table size in MiB.
    #[arg(long = "hash", value_name = "MB", default_value_t = 64,
          value_parser = crate::common::parse_hash_mb)]
    pub hash_mb: usize,
    /// Seed for every random choice.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Thinking time per move in milliseconds, for engines that search
    /// against the clock (Othello); others use their depth.
    #[arg(long = "move-time", value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub move_time_ms: Option<u64>,
}

impl EngineArgs {
    pub fn config(&self, depth: Option<u32>) -> EngineConfig {
        EngineConfig {
            hash_mb: self.hash_mb,
            depth,
            seed: self.seed,
            move_time: self.move_time_ms.map(std::time::Duration::from_millis),
        }
    }
}

/// `--position`: where a game or analysis starts.
#[derive(clap::Args, Debug, Clone)]
pub struct PositionArgs {
    /// Start from this position (the game's notation; see `ply games`).
    /// Positions may start with '-' (an empty square), so hyphens are allowed.
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub position: Option<String>,
}

impl PositionArgs {
    /// A session of `kind` at the start or at `--position`.
    pub fn session(
        &self,
        kind: &dyn GameKind,
        options: &GameOptions,
    ) -> anyhow::Result<Box<dyn Session>> {
        let mut session = kind.new_session(options)?;
        for note in kind.option_notes(options) {
            eprintln!("note: {note}");
        }
        if let Some(position) = &self.position {
            session
                .set_position(position)
                .with_context(|| format!("bad --position '{position}'"))?;
        }
        Ok(session)
    }
}

/// Largest `--hash` accepted, in MiB; the table takes less if the system
/// refuses that much.
const MAX_HASH_MB: usize = 32_768;

/// `--hash MB`: a whole number of MiB from 1 to `MAX_HASH_MB`.
pub fn parse_hash_mb(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Ok(mb),
        _ => Err(format!(
            "give a whole number of MiB from 1 to {MAX_HASH_MB}"
        )),
    }
}

/// `--jobs N`: how many threads, at least one.
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("give a number of threads, at least 1".into()),
    }
}
