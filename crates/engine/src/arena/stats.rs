//! How sure a match's result is: the score fraction (a win 1, a draw one
//! half, over the games played) with its 95% interval, and the Elo
//! difference each end of it means.
//!
//! The interval is Wilson's score interval (Wilson 1927) of a binomial
//! proportion, the score counting as the successes: unlike the plain
//! normal approximation it never leaves [0, 1] and does not shrink to a
//! point when every game ended the same way (20 wins out of 20 is 83.9% to
//! 100%, not 100% to 100%). Draws are counted as half a win each; the
//! binomial variance p(1 - p) is at least the variance of the games'
//! results when some are draws, so with draws the interval errs wide, never
//! narrow. The Elo difference of a score p is 400 log10(p / (1 - p)), the
//! logistic model's; a score of 0 or 1 means an unbounded difference
//! (infinite here, `null` in JSON).

use serde::{Serialize, Serializer};

use super::Tally;

/// The normal quantile of a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// A score fraction with its 95% interval and the Elo difference they mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ScoreStats {
    /// Games the score is over.
    pub games: u64,
    /// Points per game: a win 1, a draw one half.
    pub score: f64,
    /// The 95% Wilson interval of the score: its lower end.
    pub score_low: f64,
    /// Its upper end.
    pub score_high: f64,
    /// The Elo difference the score means (infinite, `null` in JSON, at a
    /// score of 0 or 1).
    #[serde(serialize_with = "finite_or_null")]
    pub elo: f64,
    /// The Elo difference at the interval's lower end.
    #[serde(serialize_with = "finite_or_null")]
    pub elo_low: f64,
    /// The Elo difference at the interval's upper end.
    #[serde(serialize_with = "finite_or_null")]
    pub elo_high: f64,
}

impl ScoreStats {
    /// The statistics of `tally`'s games; `None` when there were none.
    pub fn of(tally: Tally) -> Option<ScoreStats> {
        let games = tally.games();
        if games == 0 {
            return None;
        }
        let n = games as f64;
        let p = tally.points() / n;
        let (low, high) = wilson(p, n, Z_95);
        Some(ScoreStats {
            games,
            score: p,
            score_low: low,
            score_high: high,
            elo: elo_difference(p),
            elo_low: elo_difference(low),
            elo_high: elo_difference(high),
        })
    }
}

/// Wilson's interval of a proportion `p` observed over `n` trials, at the
/// normal quantile `z`.
pub fn wilson(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z2 / n;
    (
        ((centre - margin) / scale).clamp(0.0, 1.0),
        ((centre + margin) / scale).clamp(0.0, 1.0),
    )
}

/// The Elo difference a score fraction means under the logistic model:
/// 400 log10(p / (1 - p)); infinite at 0 and 1.
pub fn elo_difference(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (p / (1.0 - p)).log10()
    }
}

/// An infinite difference is `null` in JSON, which has no infinity.
fn finite_or_null<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.is_finite() {
        serializer.serialize_f64(*value)
    } else {
        serializer.serialize_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u64, draws: u64, losses: u64) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    /// 8 wins and 2 losses, by hand: p = 0.8, z^2 = 3.8415, z^2 / n =
    /// 0.38415; centre (0.8 + 0.19207) / 1.38415 = 0.71674, margin
    /// 1.95996 * sqrt(0.016 + 0.0096037) / 1.38415 = 0.22658: 0.4902 to
    /// 0.9433 (the textbook interval of 8 out of 10). Elo: 400 log10(4) =
    /// 240.8; the ends 400 log10(0.4902 / 0.5098) = -6.8 and 400
    /// log10(0.9433 / 0.0567) = 488.4.
    #[test]
    fn eight_wins_in_ten_by_hand() {
        let stats = ScoreStats::of(tally(8, 0, 2)).expect("games");
        assert_eq!(stats.games, 10);
        assert!(close(stats.score, 0.8, 1e-12), "{stats:?}");
        assert!(close(stats.score_low, 0.4902, 1e-4), "{stats:?}");
        assert!(close(stats.score_high, 0.9433, 1e-4), "{stats:?}");
        assert!(close(stats.elo, 240.82, 0.01), "{stats:?}");
        assert!(close(stats.elo_low, -6.8, 0.1), "{stats:?}");
        assert!(close(stats.elo_high, 488.4, 0.5), "{stats:?}");
    }

    /// Draws count half: 4 wins, 12 draws, 4 losses is an even score whose
    /// interval is symmetric about it; Elo 0.
    #[test]
    fn an_even_score_is_symmetric() {
        let stats = ScoreStats::of(tally(4, 12, 4)).expect("games");
        assert!(close(stats.score, 0.5, 1e-12));
        assert!(close(stats.score_low + stats.score_high, 1.0, 1e-12));
        assert!(close(stats.elo, 0.0, 1e-9));
        assert!(close(stats.elo_low, -stats.elo_high, 1e-9));
        // 20 trials at p = 0.5: 0.2993 to 0.7007.
        assert!(close(stats.score_low, 0.2993, 1e-4), "{stats:?}");
    }

    /// All wins: the interval stays off a point, its lower Elo finite;
    /// the score's own Elo is unbounded and written as null.
    #[test]
    fn a_clean_sweep_has_a_finite_lower_bound() {
        let stats = ScoreStats::of(tally(20, 0, 0)).expect("games");
        assert_eq!(stats.score_high, 1.0);
        assert!(close(stats.score_low, 0.8389, 1e-4), "{stats:?}");
        assert!(stats.elo_low.is_finite() && stats.elo_low > 250.0);
        assert_eq!(stats.elo, f64::INFINITY);
        let json = serde_json::to_value(stats).expect("JSON");
        assert!(
            json["elo"].is_null() && json["elo_high"].is_null(),
            "{json}"
        );
        assert!(json["elo_low"].is_number(), "{json}");
        assert_eq!(ScoreStats::of(Tally::default()), None);
        let lost = ScoreStats::of(tally(0, 0, 5)).expect("games");
        assert_eq!(lost.elo_low, f64::NEG_INFINITY);
        assert!(lost.elo_high.is_finite());
    }
}
