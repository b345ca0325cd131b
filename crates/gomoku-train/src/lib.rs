//! The training pipeline of the learned Gomoku evaluation
//! (`ply_gomoku::EvalWeights`): self-play games with randomness at a low
//! depth, written as text, then a logistic regression of each position's
//! outcome on its features (`ply_gomoku::features`); and of the search's
//! move-ordering policy (`ply_gomoku::policy_candidates`): the same games'
//! positions labelled by a search's chosen move, then a softmax
//! regression. The binary `ply-gomoku-train` drives both; see the
//! crate's README.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod duel;
mod fit;
mod games;
mod label;
mod policy;
mod positions;
mod selfplay;

pub use duel::{duel, speed, DuelScore};
pub use fit::{fit, labelled_samples, samples, score_scale, Fitted, Fitting, Sample};
pub use games::{parse_move, read_games, write_games, GameRecord, GamesError, Outcome};
pub use label::{label_games, read_labels, write_labels, SearchLabel, Searching};
pub use policy::{
    fit_policy, label_moves, policy_samples, read_moves, weights_source, write_moves, PolicyFit,
    PolicySample,
};
pub use selfplay::{play_game, SelfPlay};
