//! How the depth-limited computer picks among labelled moves, on every
//! board: the best on the four-score scale (win 3, draw 2, undecided 1,
//! loss 0), then the quickest win, the slowest loss, and among undecided
//! moves the best evaluated; ties at random.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use ply_engine::{Analysis, Choice, Game, Knowledge, Outcome, Value};

/// The move the depth-limited computer plays from `analysis` of `game`
/// (every move labelled), with its value.
pub(crate) fn choose<G: Game, K: Knowledge<G>>(
    game: &G,
    analysis: &Analysis<G::Move>,
    knowledge: &K,
    rng: &mut StdRng,
) -> Choice<G::Move> {
    let rank = |mv: G::Move, value: &Value| -> (u8, i64) {
        let remoteness = i64::from(value.remoteness.unwrap_or(0));
        let tie = match value.outcome {
            Outcome::Win => -remoteness,
            Outcome::Lose => remoteness,
            Outcome::Draw => 0,
            Outcome::Unknown => {
                let mut child = game.clone();
                child.play(mv);
                -i64::from(knowledge.evaluate(&child))
            }
        };
        (value.outcome.four_score(), tie)
    };
    let ranked: Vec<((u8, i64), G::Move, Value)> = analysis
        .moves
        .iter()
        .map(|&(mv, value)| (rank(mv, &value), mv, value))
        .collect();
    let best = ranked.iter().map(|r| r.0).max().expect("a move exists");
    let choices: Vec<&((u8, i64), G::Move, Value)> =
        ranked.iter().filter(|r| r.0 == best).collect();
    let &&(_, mv, value) = choices.choose(rng).expect("a move exists");
    Choice {
        mv,
        value: Some(value),
    }
}
