//! From what a user asks `ply solve` (a game's registry name, its options
//! and a position) to a split, and the engine settings its tasks run
//! with: the front ends hand over the request as given, and only this
//! file knows which games split and how.

use ply_engine::{GameOptions, Notation, Side};

use crate::error::TaskError;
use crate::manifest::{Split, VERSION};
use crate::plan::mnk_root;
use crate::task::{EngineSettings, Mark};

/// The split depth when none is given: two plies.
pub const DEFAULT_SPLIT_DEPTH: u32 = 2;

/// The split of the solve `ply solve GAME [OPTIONS] [--position POS]`
/// asks for, `depth` plies deep.
pub fn solve_split(
    game: &str,
    options: &GameOptions,
    position: &str,
    depth: Option<u32>,
) -> Result<Split, TaskError> {
    let depth = depth.unwrap_or(DEFAULT_SPLIT_DEPTH);
    if depth == 0 {
        return Err(TaskError::Split("the split depth is at least 1".into()));
    }
    let bad = |e: ply_engine::GameError| TaskError::Split(e.to_string());
    match game {
        "othello" => {
            let size: u8 = options.get("size").map_err(bad)?.unwrap_or(8);
            let position = if position.trim().is_empty() {
                start_position(size)?
            } else {
                position.to_string()
            };
            Ok(Split::OthelloExact {
                size,
                position,
                depth,
            })
        }
        "mnk" | "tictactoe" => {
            let (rows, cols, k) = ply_mnk::shape(options).map_err(bad)?.unwrap_or((3, 3, 3));
            if ply_mnk::rule(options).map_err(bad)?.name() != "freestyle" {
                return Err(TaskError::Split(
                    "the proof search plays the freestyle rule only".into(),
                ));
            }
            let root = mnk_root(rows, cols, k, position)?;
            let mover = ply_engine::Game::to_move(&root);
            let empty = root.stones(Side::First) | root.stones(Side::Second) == 0;
            let mut attackers = vec![Mark::of(mover)];
            if !empty {
                attackers.push(Mark::of(mover.opponent()));
            }
            Ok(Split::MnkProof {
                rows,
                cols,
                k,
                position: root.format_position(),
                depth,
                attackers,
            })
        }
        other => Err(TaskError::Split(format!(
            "{other} has no split solve (othello exact margins and mnk proofs do)"
        ))),
    }
}

fn start_position(size: u8) -> Result<String, TaskError> {
    use ply_othello::{Othello, Size4, Size6, Size8};
    match size {
        4 => Ok(Othello::<Size4>::new().format_position()),
        6 => Ok(Othello::<Size6>::new().format_position()),
        8 => Ok(Othello::<Size8>::new().format_position()),
        _ => Err(TaskError::Split(format!(
            "the exact solver runs on 4x4, 6x6 and 8x8 boards, not {size}x{size}"
        ))),
    }
}

/// The settings a split's tasks run with: the engine's table of
/// `hash_mb` MiB when given, else a size that suits the split.
pub fn engine_settings(split: &Split, hash_mb: Option<usize>) -> EngineSettings {
    let (engine, default_hash, threads) = match split {
        Split::OthelloExact { size, .. } => (
            "ply-othello exact solver",
            if *size <= 4 { 16 } else { 256 },
            1,
        ),
        Split::MnkProof { .. } => ("ply-mnk df-pn prover", 0, 1),
        Split::TrainBatch { .. } => ("ply-othello-train generate", 0, 0),
        Split::TournamentBatch { .. } => ("ply tournament", 0, 0),
    };
    EngineSettings {
        engine: engine.to_string(),
        version: VERSION.to_string(),
        hash_mb: hash_mb.unwrap_or(default_hash),
        threads,
    }
}
