//! Self-play: a few random stones near the centre, then the engine at a
//! low depth with a few random moves, to the end of the game.

use std::time::Duration;

use ply_engine::Deadline;
use ply_gomoku::{Board, Engine, Evaluation, Move, Rule, Stone};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::games::{GameRecord, Outcome};

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// The rule.
    pub rule: Rule,
    /// Board side.
    pub size: usize,
    /// The engine's deepest iteration.
    pub depth: u32,
    /// The engine's time a move, in milliseconds (a cap; the depth
    /// usually stops it first).
    pub move_ms: u64,
    /// Chance that a move after the opening is a random cell next to a stone.
    pub random: f64,
    /// The evaluation the engine plays with.
    pub evaluation: Evaluation,
}

/// Game `index` of the run seeded `seed`: its own random stream, so a
/// game's opening and random moves depend on (seed, index) alone (the
/// engine's moves also on its timing, which the depth limit mostly
/// removes).
pub fn play_game(style: &SelfPlay, engine: &mut Engine, seed: u64, index: u64) -> GameRecord {
    let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index);
    let size = style.size;
    let mut board = match Board::new(size, size, 5, style.rule) {
        Ok(board) => board,
        Err(_) => {
            return GameRecord {
                outcome: Outcome::Draw,
                opening: 0,
                moves: Vec::new(),
            }
        }
    };
    engine.clear();
    engine.set_max_depth(style.depth);
    engine.set_evaluation(style.evaluation);
    let mut moves = Vec::new();
    let mut side = Stone::Black;
    // The opening: 2 to 5 random stones within 3 of the centre.
    let opening = rng.gen_range(2..=5);
    let centre = size / 2;
    let low = centre.saturating_sub(3);
    let high = (centre + 3).min(size - 1);
    while moves.len() < opening {
        let mv = Move::new(rng.gen_range(low..=high), rng.gen_range(low..=high));
        if board.is_legal(mv, side) && board.play(mv, side).is_ok() {
            moves.push(mv);
            side = side.opponent();
        }
    }
    while board.winner().is_none() && moves.len() < size * size {
        let mv = if rng.gen_bool(style.random) {
            random_near(&board, side, &mut rng)
        } else {
            let deadline = Deadline::after(Some(Duration::from_millis(style.move_ms)));
            engine
                .best_move(&board, side, deadline)
                .map(|info| info.best)
        };
        let Some(mv) = mv else { break };
        if board.play(mv, side).is_err() {
            break;
        }
        moves.push(mv);
        side = side.opponent();
    }
    let outcome = match board.winner() {
        Some(Stone::Black) => Outcome::Black,
        Some(Stone::White) => Outcome::White,
        None => Outcome::Draw,
    };
    GameRecord {
        outcome,
        opening,
        moves,
    }
}

/// A random cell `side` may play next to a stone (a king's move away).
fn random_near(board: &Board, side: Stone, rng: &mut StdRng) -> Option<Move> {
    let (w, h) = (board.width() as i64, board.height() as i64);
    let near = |mv: Move| {
        (-1..=1).any(|dy: i64| {
            (-1..=1).any(|dx: i64| {
                let (x, y) = (i64::from(mv.x) + dx, i64::from(mv.y) + dy);
                (0..w).contains(&x)
                    && (0..h).contains(&y)
                    && board.stone(Move::new(x as usize, y as usize)).is_some()
            })
        })
    };
    let cells: Vec<Move> = board.legal_cells(side).filter(|&mv| near(mv)).collect();
    if cells.is_empty() {
        return None;
    }
    Some(cells[rng.gen_range(0..cells.len())])
}
