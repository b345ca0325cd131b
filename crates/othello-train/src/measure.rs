//! The error table: mean absolute error in discs against exact scores at
//! given empties, on positions of games no training job plays (their own
//! seed), each solved exactly.

use rayon::prelude::*;

use ply_othello::pattern::Weights;

use crate::files::Labelled;
use crate::label::{exact_scores, label_positions, Labelling};
use crate::selfplay::{game_seed, play_game, Style};

/// The job number the measuring games use in [`game_seed`] (no training
/// run has that many jobs).
const MEASURE_JOB: u32 = u32::MAX;

/// From each of `games` games of seed `seed`, the position with exactly
/// `e` empties for every `e` of `empties` (when the game has one with a
/// move), labelled with its exact score.
pub fn measuring_set(seed: u64, games: u64, empties: &[u32], style: Style) -> Vec<Labelled> {
    let positions: Vec<(u64, u64)> = (0..games)
        .into_par_iter()
        .flat_map_iter(|g| {
            let game = play_game(game_seed(seed, MEASURE_JOB, g), style);
            empties
                .iter()
                .filter_map(|&e| {
                    game.iter()
                        .copied()
                        .find(|&(p, o)| (!(p | o)).count_ones() == e)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let scores = exact_scores(&positions);
    positions
        .into_iter()
        .zip(scores)
        .map(|((p, o), s)| Labelled {
            p,
            o,
            score: (s * 100) as i16,
            kind: 0,
        })
        .collect()
}

/// One weights' errors at one number of empties, in discs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Errors {
    /// The mean absolute error.
    pub absolute: f64,
    /// The mean signed error (evaluation less exact score): how far the
    /// weights lean towards the side to move.
    pub signed: f64,
}

/// One row of the table: empties, positions, and each weights' errors.
pub fn error_table(
    set: &[Labelled],
    empties: &[u32],
    weights: &[&Weights],
) -> Vec<(u32, usize, Vec<Errors>)> {
    empties
        .iter()
        .map(|&e| {
            let at: Vec<&Labelled> = set
                .iter()
                .filter(|l| (!(l.p | l.o)).count_ones() == e)
                .collect();
            let errors = weights
                .iter()
                .map(|w| {
                    let n = at.len().max(1) as f64;
                    let differences: Vec<f64> = at
                        .iter()
                        .map(|l| f64::from(w.evaluate(l.p, l.o) - i32::from(l.score)) / 100.0)
                        .collect();
                    Errors {
                        absolute: differences.iter().map(|d| d.abs()).sum::<f64>() / n,
                        signed: differences.iter().sum::<f64>() / n,
                    }
                })
                .collect();
            (e, at.len(), errors)
        })
        .collect()
}

/// Per empties of `empties`, the mean absolute error in discs of the
/// labeller's search at `depth` (never exact) on `set`.
pub fn search_errors(set: &[Labelled], empties: &[u32], depth: u32) -> Vec<f64> {
    let how = Labelling {
        exact_empties: 0,
        near_empties: 0,
        near_depth: depth,
        depth,
    };
    empties
        .iter()
        .map(|&e| {
            let at: Vec<&Labelled> = set
                .iter()
                .filter(|l| (!(l.p | l.o)).count_ones() == e)
                .collect();
            let positions: Vec<(u64, u64)> = at.iter().map(|l| (l.p, l.o)).collect();
            let searched = label_positions(&positions, how);
            at.iter()
                .zip(searched)
                .map(|(l, s)| (f64::from(s.score - l.score) / 100.0).abs())
                .sum::<f64>()
                / at.len().max(1) as f64
        })
        .collect()
}
