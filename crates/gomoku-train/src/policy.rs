//! The move-ordering policy's pipeline: every position the fit uses
//! labelled by the move a depth-limited search chooses (a moves file, one
//! line a game), then a softmax regression of that choice on each
//! candidate's policy features (`ply_gomoku::policy_candidates`), written
//! as the Rust table the engine compiles in.

use std::path::Path;

use ply_gomoku::{policy_candidates, Move, Rule, POLICY_FEATURES, POLICY_WEIGHTS};

use crate::games::{parse_move, read_word_lines, write_word_lines, GameRecord, GamesError};
use crate::label::{search_positions, Searching};
use crate::positions::for_each_position;

/// The move the search chose in every position of `games` the fit uses
/// (`None` when it had no answer): one list a game.
pub fn label_moves(
    games: &[GameRecord],
    search: Searching,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Vec<Option<Move>>> {
    search_positions(games, search, progress, |info| info.map(|i| i.best))
}

/// Writes a moves file: one line a game, a move or `-` a position.
pub fn write_moves(path: &Path, moves: &[Vec<Option<Move>>]) -> Result<(), GamesError> {
    write_word_lines(path, moves, |m| {
        m.map_or_else(|| "-".to_string(), |m| m.to_string())
    })
}

/// Reads a moves file.
pub fn read_moves(path: &Path) -> Result<Vec<Vec<Option<Move>>>, GamesError> {
    read_word_lines(path, "a move or -", |w| match w {
        "-" => Some(None),
        _ => parse_move(w).map(Some),
    })
}

/// One position of the policy's fit: its candidates' features, the one
/// the search chose, and the hand-made ordering's values for comparison.
#[derive(Clone, Debug)]
pub struct PolicySample {
    /// Each candidate's three weight indices.
    pub features: Vec<[u16; POLICY_FEATURES]>,
    /// The hand-made ordering's value of each candidate.
    pub hand_made: Vec<i32>,
    /// The index of the chosen candidate.
    pub chosen: usize,
    /// True for a position of a held-out game (every tenth).
    pub held_out: bool,
}

/// The positions of `games` with the search's move in `moves` among
/// their candidates (the others are skipped: a move outside the
/// candidates is a threat search's, which ordering does not see).
pub fn policy_samples(
    games: &[GameRecord],
    moves: &[Vec<Option<Move>>],
    rule: Rule,
    size: usize,
) -> Result<Vec<PolicySample>, String> {
    if games.len() != moves.len() {
        return Err(format!(
            "{} games but {} lines of moves",
            games.len(),
            moves.len()
        ));
    }
    let mut out = Vec::new();
    let mut next = vec![0usize; games.len()];
    let mut short = None;
    for_each_position(games, rule, size, |game, board, side| {
        let Some(&chosen) = moves[game].get(next[game]) else {
            short = Some(game);
            return;
        };
        next[game] += 1;
        let Some(chosen) = chosen else { return };
        let candidates = policy_candidates(board, side);
        let Some(index) = candidates.iter().position(|c| c.mv == chosen) else {
            return;
        };
        out.push(PolicySample {
            features: candidates.iter().map(|c| c.features).collect(),
            hand_made: candidates.iter().map(|c| c.hand_made).collect(),
            chosen: index,
            held_out: game % 10 == 9,
        });
    });
    if let Some(game) = short {
        return Err(format!(
            "game {} has more positions than its line of moves",
            game + 1
        ));
    }
    Ok(out)
}

/// What the policy's fit found.
#[derive(Clone, Debug)]
pub struct PolicyFit {
    /// The weights, in thousandths of a logit.
    pub weights: Vec<i32>,
    /// Training and held-out positions.
    pub counts: (usize, usize),
    /// Held-out mean log loss of the chosen move: uniform, the fit.
    pub held_out_loss: (f64, f64),
    /// Held-out share of positions whose chosen move ranks first: the
    /// hand-made ordering, the fit.
    pub held_out_first: (f64, f64),
    /// Held-out mean rank of the chosen move (0 first): the hand-made
    /// ordering, the fit.
    pub held_out_rank: (f64, f64),
}

/// Softmax regression of the chosen move on the candidates' features:
/// full-batch Adam on the mean log loss with an L2 penalty, `epochs`
/// passes of step `rate`.
pub fn fit_policy(
    samples: &[PolicySample],
    epochs: usize,
    rate: f64,
    l2: f64,
    report: &mut dyn FnMut(usize, f64),
) -> PolicyFit {
    let mut w = vec![0f64; POLICY_WEIGHTS];
    let mut m = vec![0f64; POLICY_WEIGHTS];
    let mut v = vec![0f64; POLICY_WEIGHTS];
    let training: Vec<&PolicySample> = samples.iter().filter(|s| !s.held_out).collect();
    let held_out: Vec<&PolicySample> = samples.iter().filter(|s| s.held_out).collect();
    let n = training.len().max(1) as f64;
    let mut grad = vec![0f64; POLICY_WEIGHTS];
    let mut logits = Vec::new();
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut loss = 0.0;
        for s in &training {
            softmax_into(&w, &s.features, &mut logits);
            loss -= logits[s.chosen].max(1e-300).ln();
            for (i, f) in s.features.iter().enumerate() {
                let g = logits[i] - if i == s.chosen { 1.0 } else { 0.0 };
                for &k in f {
                    grad[usize::from(k)] += g;
                }
            }
        }
        let (b1, b2) = (0.9f64, 0.999f64);
        for k in 0..POLICY_WEIGHTS {
            let g = grad[k] / n + 2.0 * l2 * w[k];
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            v[k] = b2 * v[k] + (1.0 - b2) * g * g;
            let mh = m[k] / (1.0 - b1.powi(epoch as i32));
            let vh = v[k] / (1.0 - b2.powi(epoch as i32));
            w[k] -= rate * mh / (vh.sqrt() + 1e-8);
        }
        if epoch % 50 == 0 || epoch == epochs {
            report(epoch, loss / n);
        }
    }
    let weights: Vec<i32> = w.iter().map(|x| (x * 1000.0).round() as i32).collect();
    let mut uniform = 0.0;
    let mut fitted = 0.0;
    let mut first = (0.0, 0.0);
    let mut rank = (0.0, 0.0);
    for s in &held_out {
        uniform += (s.features.len() as f64).ln();
        softmax_into(&w, &s.features, &mut logits);
        fitted -= logits[s.chosen].max(1e-300).ln();
        let policy: Vec<i32> = s
            .features
            .iter()
            .map(|f| f.iter().map(|&k| weights[usize::from(k)]).sum())
            .collect();
        let hand = rank_of(&s.hand_made, s.chosen);
        let fit = rank_of(&policy, s.chosen);
        first.0 += f64::from(u8::from(hand == 0));
        first.1 += f64::from(u8::from(fit == 0));
        rank.0 += hand as f64;
        rank.1 += fit as f64;
    }
    let h = held_out.len().max(1) as f64;
    PolicyFit {
        weights,
        counts: (training.len(), held_out.len()),
        held_out_loss: (uniform / h, fitted / h),
        held_out_first: (first.0 / h, first.1 / h),
        held_out_rank: (rank.0 / h, rank.1 / h),
    }
}

/// The probabilities of the candidates under weights `w`, into `out`.
fn softmax_into(w: &[f64], features: &[[u16; POLICY_FEATURES]], out: &mut Vec<f64>) {
    out.clear();
    out.extend(
        features
            .iter()
            .map(|f| f.iter().map(|&k| w[usize::from(k)]).sum::<f64>()),
    );
    let top = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for x in out.iter_mut() {
        *x = (*x - top).exp();
        total += *x;
    }
    out.iter_mut().for_each(|x| *x /= total);
}

/// How many candidates an ordering by `values` puts strictly before
/// `chosen`, ties counted half (so an ordering that cannot tell the
/// moves apart is not credited with the first place).
fn rank_of(values: &[i32], chosen: usize) -> usize {
    let mine = values[chosen];
    let above = values.iter().filter(|&&x| x > mine).count();
    let level = values.iter().filter(|&&x| x == mine).count() - 1;
    above + level.div_ceil(2)
}

/// The weights as the Rust array `policy_weights.rs` holds.
pub fn weights_source(weights: &[i32]) -> String {
    let mut text = String::from(
        "// Written by `ply-gomoku-train fit-policy`; see crates/gomoku-train/README.md.\n[\n",
    );
    for row in weights.chunks(12) {
        let words: Vec<String> = row.iter().map(|w| w.to_string()).collect();
        text.push_str("    ");
        text.push_str(&words.join(", "));
        text.push_str(",\n");
    }
    text.push_str("]\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_are_not_a_first_place() {
        assert_eq!(rank_of(&[5, 5, 5], 0), 1);
        assert_eq!(rank_of(&[9, 5, 1], 0), 0);
        assert_eq!(rank_of(&[9, 5, 1], 2), 2);
    }

    #[test]
    fn the_fit_learns_a_feature_that_names_the_choice() {
        // The chosen candidate always has feature 3, the others 4 or 5.
        let sample = |held_out| PolicySample {
            features: vec![[4, 5, 6, 7, 8], [3, 5, 6, 7, 8], [5, 4, 6, 7, 8]],
            hand_made: vec![1, 1, 1],
            chosen: 1,
            held_out,
        };
        let samples: Vec<PolicySample> = (0..20).map(|i| sample(i % 10 == 9)).collect();
        let fit = fit_policy(&samples, 200, 0.05, 0.0, &mut |_, _| {});
        assert_eq!(fit.held_out_first, (0.0, 1.0));
        assert!(fit.held_out_loss.1 < fit.held_out_loss.0 / 4.0);
        assert!(fit.weights[3] > fit.weights[4]);
    }
}
