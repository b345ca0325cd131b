//! Leaf counting, the standard check of move generation.
//!
//! Any depth a user types is safe: memory grows with the length of the
//! lines actually played (one move buffer per ply reached), never with the
//! depth asked; a game that always ends answers for its whole tree (no line
//! is longer than its plies left, so deeper counts are 0); and a game that
//! can go on forever refuses depths past [`LOOPY_DEPTH_LIMIT`].

use thiserror::Error;

use crate::error::GameError;
use crate::game::Game;
use crate::knowledge::Knowledge;

/// The deepest perft of a game that can go on forever. Its tree never ends,
/// so a deeper count would only run for ages: with four moves a turn, 32
/// plies already pass the 2^64 leaves a count can hold.
pub const LOOPY_DEPTH_LIMIT: u32 = 32;

/// Why a perft was not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PerftError {
    #[error(
        "perft depth {depth} is too deep: this game can go on forever, so perft counts at most \
         {limit} plies (for example 'perft 6')"
    )]
    TooDeep { depth: u32, limit: u32 },
}

impl From<PerftError> for GameError {
    fn from(error: PerftError) -> Self {
        GameError::BadOption(error.to_string())
    }
}

/// Refuses depths past [`LOOPY_DEPTH_LIMIT`] for games that can go on
/// forever; games that always end take any depth.
pub fn check_depth<G: Game>(depth: u32) -> Result<(), PerftError> {
    if !G::ALWAYS_ENDS && depth > LOOPY_DEPTH_LIMIT {
        return Err(PerftError::TooDeep {
            depth,
            limit: LOOPY_DEPTH_LIMIT,
        });
    }
    Ok(())
}

/// Number of legal move sequences of exactly `depth` plies from `game` (a
/// game that ended earlier has no moves, so it adds nothing deeper: the
/// tic-tac-toe convention; Othello counts its own way). `knowledge` only
/// saves time: its bound on the plies left skips counts deeper than any line.
pub fn perft<G: Game, K: Knowledge<G>>(game: &G, knowledge: &K, depth: u32) -> u64 {
    if knowledge
        .max_remaining_plies(game)
        .is_some_and(|left| depth > left)
    {
        // Every line ends within `left` plies: no sequence is this long.
        return 0;
    }
    let mut position = game.clone();
    let mut buffers = Vec::new();
    count(&mut position, depth, 0, &mut buffers)
}

fn count<G: Game>(game: &mut G, depth: u32, level: usize, buffers: &mut Vec<Vec<G::Move>>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if buffers.len() <= level {
        buffers.push(Vec::new());
    }
    let mut moves = std::mem::take(&mut buffers[level]);
    game.generate_moves(&mut moves);
    let total = if depth == 1 {
        moves.len() as u64
    } else {
        let mut total = 0;
        for &mv in &moves {
            let undo = game.play(mv);
            total += count(game, depth - 1, level + 1, buffers);
            game.undo(mv, undo);
        }
        total
    };
    buffers[level] = moves;
    total
}
