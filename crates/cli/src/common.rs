//! Arguments shared by several commands, and turning them into engine settings.

use std::io::Write;

use ply_engine::{EngineConfig, GameKind, GameOptions, Session};

use ply_engine::echo;

/// Transposition table size when `--hash` is not given, in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// Engine settings every command that searches accepts. `--hash` and
/// `--seed` stay `None` unless given, so a command they do nothing for can
/// refuse them.
#[derive(clap::Args, Debug, Clone)]
pub struct EngineArgs {
    /// Transposition table size in MiB (default 64; at most half the
    /// machine's memory).
    #[arg(long = "hash", value_name = "MB",
          value_parser = crate::limits::parse_hash_mb, allow_negative_numbers = true)]
    pub hash_mb: Option<usize>,
    /// Seed for every random choice of the computer (default 0).
    #[arg(long, value_parser = crate::limits::parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Time budget in milliseconds of one search: a computer's move where
    /// the engine searches against the clock (Othello), or an analysis
    /// (`hint`, `solve`), which then shows what it proved in that time.
    #[arg(long = "move-time", value_name = "MS",
          value_parser = crate::limits::parse_move_time_ms, allow_negative_numbers = true)]
    pub move_time_ms: Option<u64>,
}

impl EngineArgs {
    pub fn config(&self, depth: Option<u32>) -> EngineConfig {
        EngineConfig {
            hash_mb: self.hash_mb.unwrap_or(DEFAULT_HASH_MB),
            depth,
            seed: self.seed.unwrap_or(0),
            move_time: self.move_time_ms.map(std::time::Duration::from_millis),
            threads: 1,
        }
    }
}

/// `--position`: where a game or analysis starts.
#[derive(clap::Args, Debug, Clone)]
pub struct PositionArgs {
    /// Start from this position, in the game's notation (`ply games` lists
    /// each game's with an example). Positions may start with '-' (an empty
    /// square), so hyphens are allowed.
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
        let mut session = new_session(kind, options)?;
        if let Some(position) = &self.position {
            if let Err(error) = session.set_position(position) {
                let notation = kind.position_notation();
                anyhow::bail!(
                    "bad --position '{}': {}; write {}, e.g. '{}'",
                    echo::shown(position),
                    echo::escaped(&crate::output::game_error(&error)),
                    notation.description,
                    notation.example
                );
            }
        }
        Ok(session)
    }
}

/// A session of `kind` at the start the options describe; an error quoting
/// an option's value shows it cut and escaped.
pub fn new_session(kind: &dyn GameKind, options: &GameOptions) -> anyhow::Result<Box<dyn Session>> {
    let session = kind.new_session(options).map_err(|error| {
        let mut message = crate::output::game_error(&error);
        for option in kind.options() {
            if let Some(value) = options.raw(option.name) {
                message = echo::quoting(&message, value);
            }
        }
        anyhow::anyhow!(message)
    })?;
    show_option_notes(kind, options);
    Ok(session)
}

/// How an option was read, when another reading was possible (Nim's
/// `--heaps 123`), as `note:` lines on stderr. A note that cannot be shown
/// changes nothing.
pub fn show_option_notes(kind: &dyn GameKind, options: &GameOptions) {
    let mut stderr = std::io::stderr().lock();
    for note in kind.option_notes(options) {
        let _ = writeln!(
            stderr,
            "note: --{}: {}",
            note.option,
            echo::escaped(&note.note)
        );
    }
}

/// Refuses `--depth` for a game whose analysis has no horizon (Nim's rule
/// gives exact values at once): there it would change nothing. Which games
/// those are shows in a one-ply analysis of the start, which reports no
/// depth when the depth was not used; it is quick for every game.
pub fn refuse_unused_depth(
    kind: &dyn GameKind,
    options: &GameOptions,
    depth: Option<u32>,
) -> anyhow::Result<()> {
    if depth.is_none() {
        return Ok(());
    }
    let probe = EngineConfig {
        hash_mb: 1,
        depth: Some(1),
        seed: 0,
        move_time: None,
        threads: 1,
    };
    if new_session(kind, options)?.analyze(&probe)?.depth.is_none() {
        anyhow::bail!(
            "--depth does nothing for {}: every position is solved exactly (drop --depth)",
            kind.name()
        );
    }
    Ok(())
}
