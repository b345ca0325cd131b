//! Integer scores used inside searches, and their conversion to `Value`s.
//!
//! Scores are relative to the search root: a win reached at ply `p` from the
//! root scores `WIN - p`, so the fastest win and the slowest loss are
//! preferred by plain comparison. Transposition-table entries are stored
//! relative to their own node and converted on the way in and out.

use crate::game::{Game, GameResult};
use crate::value::{Outcome, Value};

pub const WIN: i32 = 1_000_000;
/// Scores beyond this magnitude are decided wins or losses.
pub const DECIDED: i32 = WIN - 10_000;
/// Bound for heuristic evaluations, kept well inside the decided range.
pub const HEURISTIC_LIMIT: i32 = 100_000;

/// Score of a finished position for the side to move, `ply` plies from the root.
pub fn terminal_score<G: Game>(game: &G, result: GameResult, ply: u32) -> i32 {
    match result {
        GameResult::Draw => 0,
        GameResult::Win(side) if side == game.to_move() => WIN - ply as i32,
        GameResult::Win(_) => -(WIN - ply as i32),
    }
}

/// Converts a root-relative score into one relative to a node `ply` deep.
pub fn to_node_relative(score: i32, ply: u32) -> i32 {
    if score > DECIDED {
        score + ply as i32
    } else if score < -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

/// Converts a node-relative score back to root-relative.
pub fn to_root_relative(score: i32, ply: u32) -> i32 {
    if score > DECIDED {
        score - ply as i32
    } else if score < -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

/// The value of an exact score measured from the node it belongs to.
pub fn exact_value(score: i32) -> Value {
    if score > DECIDED {
        Value::win((WIN - score) as u32)
    } else if score < -DECIDED {
        Value::lose((WIN + score) as u32)
    } else if score == 0 {
        Value::draw(None)
    } else {
        Value {
            heuristic: Some(score),
            ..Value::new(Outcome::Unknown, None)
        }
    }
}
