//! A quick match at a fixed depth between the two evaluations, from the
//! self-play openings, each opening played with colours swapped: a cheap
//! first look before a timed match.

use std::time::Duration;

use ply_engine::Deadline;
use ply_gomoku::{Board, Engine, EvalWeights, Evaluation, Move, Rule, Stone};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Wins, draws and losses of the learned evaluation, and its wins as
/// black and as white.
#[derive(Clone, Copy, Debug, Default)]
pub struct DuelScore {
    /// Games the learned evaluation won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games it lost.
    pub losses: u32,
    /// Its wins as black (first player).
    pub wins_as_black: u32,
}

/// `openings` random openings (3 stones within 3 of the centre, drawn
/// from `seed`), each played twice, the learned evaluation black then
/// white, both engines to `depth` plies within `move_ms`.
/// `weights` are the learned side's (default: the shipped ones).
pub fn duel(
    rule: Rule,
    weights: Option<&'static EvalWeights>,
    openings: u32,
    seed: u64,
    depth: u32,
    move_ms: u64,
) -> DuelScore {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut score = DuelScore::default();
    let mut engines = [Engine::new(1 << 24), Engine::new(1 << 24)];
    engines[0].set_evaluation(Evaluation::Learned);
    engines[1].set_evaluation(Evaluation::Patterns);
    for engine in &mut engines {
        engine.set_max_depth(depth);
    }
    for _ in 0..openings {
        let mut opening = Vec::new();
        while opening.len() < 3 {
            let mv = Move::new(rng.gen_range(4..=10), rng.gen_range(4..=10));
            if !opening.contains(&mv) {
                opening.push(mv);
            }
        }
        for learned_black in [true, false] {
            let Ok(mut board) = Board::new(15, 15, 5, rule) else {
                return score;
            };
            if let Some(weights) = weights {
                board.use_weights(weights);
            }
            let mut side = Stone::Black;
            for &mv in &opening {
                if board.play(mv, side).is_err() {
                    break;
                }
                side = side.opponent();
            }
            for engine in &mut engines {
                engine.clear();
            }
            while board.winner().is_none() && board.empty_cells().next().is_some() {
                let learned_moves = (side == Stone::Black) == learned_black;
                let engine = &mut engines[usize::from(!learned_moves)];
                let deadline = Deadline::after(Some(Duration::from_millis(move_ms)));
                let Some(info) = engine.best_move(&board, side, deadline) else {
                    break;
                };
                if board.play(info.best, side).is_err() {
                    break;
                }
                side = side.opponent();
            }
            match board.winner() {
                None => score.draws += 1,
                Some(winner) => {
                    if (winner == Stone::Black) == learned_black {
                        score.wins += 1;
                        if learned_black {
                            score.wins_as_black += 1;
                        }
                    } else {
                        score.losses += 1;
                    }
                }
            }
        }
    }
    score
}

/// Searches three quiet 15 x 15 freestyle openings for `move_ms` each
/// with `evaluation`: the nodes, the seconds and the depths reached.
pub fn speed(evaluation: Evaluation, move_ms: u64) -> (u64, f64, Vec<u32>) {
    let openings: [&[(usize, usize)]; 3] = [
        &[(7, 7), (8, 8), (6, 8), (8, 6)],
        &[(7, 7), (8, 7), (7, 8), (6, 6), (8, 9), (9, 8), (6, 9)],
        &[
            (7, 7),
            (7, 8),
            (8, 6),
            (9, 5),
            (6, 8),
            (8, 8),
            (6, 6),
            (5, 5),
            (9, 9),
            (6, 7),
        ],
    ];
    let (mut nodes, mut seconds, mut depths) = (0, 0.0, Vec::new());
    for opening in openings {
        let Ok(mut board) = Board::new(15, 15, 5, Rule::Freestyle) else {
            continue;
        };
        let mut side = Stone::Black;
        for &(x, y) in opening {
            if board.play(Move::new(x, y), side).is_err() {
                break;
            }
            side = side.opponent();
        }
        let mut engine = Engine::new(1 << 24);
        engine.set_evaluation(evaluation);
        let deadline = Deadline::after(Some(Duration::from_millis(move_ms)));
        if let Some(info) = engine.best_move(&board, side, deadline) {
            nodes += info.nodes;
            seconds += info.elapsed.as_secs_f64();
            depths.push(info.depth);
        }
    }
    (nodes, seconds, depths)
}
