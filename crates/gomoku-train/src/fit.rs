//! The fit: logistic regression of the side to move's result (1 a win,
//! 0 a loss, 1/2 a draw) on the position's features, full-batch Adam on
//! the mean log loss with an L2 penalty. Whole games are held out (every
//! tenth), since positions of one game are near copies of each other.

use ply_gomoku::{features, EvalWeights, Rule, Stone, LEARNED_WEIGHTS};

use crate::games::{GameRecord, Outcome};
use crate::label::SearchLabel;
use crate::positions::for_each_position;

/// One position: its features and the mover's result.
#[derive(Clone, Debug)]
pub struct Sample {
    /// `(feature, count)` pairs (see `ply_gomoku::features`).
    pub features: Vec<(u16, u16)>,
    /// 1 when the side to move went on to win, 0 a loss, 0.5 a draw.
    pub target: f32,
    /// True for a position of a held-out game.
    pub held_out: bool,
}

/// The settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct Fitting {
    /// Full passes over the training positions.
    pub epochs: usize,
    /// Adam's step size, in logits.
    pub rate: f64,
    /// The L2 penalty on each weight (in logits squared), per position.
    pub l2: f64,
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The weights, in thousandths of a logit.
    pub weights: EvalWeights,
    /// Training positions and held-out positions.
    pub counts: (usize, usize),
    /// Mean log loss on the held-out positions: the bias alone, the fit.
    pub held_out_loss: (f64, f64),
    /// Share of decided held-out positions whose winner the fit's sign names.
    pub held_out_accuracy: f64,
}

/// The side to move's result in `game`: 1 won, 0 lost, 1/2 a draw.
fn result_for(game: &GameRecord, side: Stone) -> f32 {
    match (game.outcome, side) {
        (Outcome::Draw, _) => 0.5,
        (Outcome::Black, Stone::Black) | (Outcome::White, Stone::White) => 1.0,
        _ => 0.0,
    }
}

/// The positions of `games` the fit uses (after the opening, nobody to
/// win at once), each labelled with the side to move's result; every
/// tenth game held out.
pub fn samples(games: &[GameRecord], rule: Rule, size: usize) -> Vec<Sample> {
    let mut out = Vec::new();
    for_each_position(games, rule, size, |index, board, side| {
        out.push(Sample {
            features: features(board, side),
            target: result_for(&games[index], side),
            held_out: index % 10 == 9,
        });
    });
    out
}

/// The hand-made evaluation's units a logit is worth on these games: the
/// scale that makes `logistic(score / scale)` of the search's scores fit
/// the games' results best (mean log loss over a geometric grid from 25
/// to 6,400 units; proved wins and losses left out).
pub fn score_scale(
    games: &[GameRecord],
    labels: &[Vec<SearchLabel>],
    rule: Rule,
    size: usize,
) -> f64 {
    let mut pairs = Vec::new();
    let mut next = vec![0usize; games.len()];
    for_each_position(games, rule, size, |index, _, side| {
        if let Some(&SearchLabel::Score(s)) = labels.get(index).and_then(|l| l.get(next[index])) {
            pairs.push((f64::from(s), f64::from(result_for(&games[index], side))));
        }
        next[index] += 1;
    });
    let loss = |scale: f64| -> f64 {
        pairs
            .iter()
            .map(|&(s, r)| log_loss(logistic(s / scale), r))
            .sum::<f64>()
            / pairs.len().max(1) as f64
    };
    (0..=48)
        .map(|i| 25.0 * 2f64.powf(f64::from(i) / 6.0))
        .min_by(|a, b| loss(*a).total_cmp(&loss(*b)))
        .unwrap_or(400.0)
}

/// The positions of `games`, each labelled with a blend of the side to
/// move's result (`blend`) and its search label (`1 - blend`): a proved
/// win 1, a proved loss 0, a score `s` `logistic(s / scale)`.
pub fn labelled_samples(
    games: &[GameRecord],
    labels: &[Vec<SearchLabel>],
    rule: Rule,
    size: usize,
    blend: f64,
    scale: f64,
) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    let mut next = vec![0usize; games.len()];
    let mut missing = None;
    for_each_position(games, rule, size, |index, board, side| {
        let Some(&label) = labels.get(index).and_then(|l| l.get(next[index])) else {
            missing.get_or_insert(index);
            return;
        };
        next[index] += 1;
        let searched = match label {
            SearchLabel::Win => 1.0,
            SearchLabel::Loss => 0.0,
            SearchLabel::Score(s) => logistic(f64::from(s) / scale),
        };
        let target = blend * f64::from(result_for(&games[index], side)) + (1.0 - blend) * searched;
        out.push(Sample {
            features: features(board, side),
            target: target as f32,
            held_out: index % 10 == 9,
        });
    });
    if let Some(game) = missing {
        return Err(format!(
            "the labels do not match the games: game {} has more positions than labels",
            game + 1
        ));
    }
    if let Some(game) = (0..games.len()).find(|&g| labels.get(g).map_or(0, Vec::len) != next[g]) {
        return Err(format!(
            "the labels do not match the games: game {} has fewer positions than labels",
            game + 1
        ));
    }
    Ok(out)
}

fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn log_loss(p: f64, target: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(target * p.ln() + (1.0 - target) * (1.0 - p).ln())
}

fn predict(weights: &[f64], features: &[(u16, u16)]) -> f64 {
    features
        .iter()
        .map(|&(i, n)| weights[usize::from(i)] * f64::from(n))
        .sum()
}

/// Fits the weights of `rule` on `samples`, reporting each hundredth
/// epoch to `progress`.
pub fn fit(
    samples: &[Sample],
    rule: Rule,
    settings: Fitting,
    progress: &mut dyn FnMut(usize, f64),
) -> Fitted {
    let train: Vec<&Sample> = samples.iter().filter(|s| !s.held_out).collect();
    let test: Vec<&Sample> = samples.iter().filter(|s| s.held_out).collect();
    let n = train.len().max(1) as f64;
    let mut w = vec![0.0f64; LEARNED_WEIGHTS];
    let (mut m, mut v) = (vec![0.0f64; LEARNED_WEIGHTS], vec![0.0f64; LEARNED_WEIGHTS]);
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let mut gradient = vec![0.0f64; LEARNED_WEIGHTS];
    for epoch in 1..=settings.epochs {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        let mut loss = 0.0;
        for sample in &train {
            let p = logistic(predict(&w, &sample.features));
            let target = f64::from(sample.target);
            loss += log_loss(p, target);
            let error = p - target;
            for &(i, count) in &sample.features {
                gradient[usize::from(i)] += error * f64::from(count);
            }
        }
        for i in 0..LEARNED_WEIGHTS {
            let g = gradient[i] / n + settings.l2 * w[i];
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
            w[i] -= settings.rate * m_hat / (v_hat.sqrt() + eps);
        }
        if epoch % 100 == 0 || epoch == settings.epochs {
            progress(epoch, loss / n);
        }
    }
    let values: Vec<i32> = w.iter().map(|&x| (x * 1000.0).round() as i32).collect();
    let weights =
        EvalWeights::from_values(rule, &values).unwrap_or_else(|| EvalWeights::zeros(rule));
    // Held-out figures, with the weights as shipped (rounded, clamped).
    let shipped: Vec<f64> = weights
        .values()
        .iter()
        .map(|&x| f64::from(x) / 1000.0)
        .collect();
    let base_rate = {
        let wins: f64 = train.iter().map(|s| f64::from(s.target)).sum();
        (wins / n).clamp(1e-6, 1.0 - 1e-6)
    };
    let (mut bias_loss, mut fit_loss, mut right, mut decided) = (0.0, 0.0, 0usize, 0usize);
    for sample in &test {
        let target = f64::from(sample.target);
        let z = predict(&shipped, &sample.features);
        bias_loss += log_loss(base_rate, target);
        fit_loss += log_loss(logistic(z), target);
        if target != 0.5 {
            decided += 1;
            if (z > 0.0) == (target > 0.5) {
                right += 1;
            }
        }
    }
    let t = test.len().max(1) as f64;
    Fitted {
        weights,
        counts: (train.len(), test.len()),
        held_out_loss: (bias_loss / t, fit_loss / t),
        held_out_accuracy: right as f64 / decided.max(1) as f64,
    }
}
