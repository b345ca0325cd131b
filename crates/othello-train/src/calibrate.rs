//! Calibration: each phase's scalar offsets (its bias, and its weight for
//! an odd number of empties) moved so that the evaluation's median error
//! against exact scores is zero at either parity, the pattern weights
//! kept. The fit trains the phases beyond `--exact` empties on search
//! labels, whose leaves lean as the evaluation does, and a phase of four
//! empties learned one bias for both parities: the weights leaned towards
//! the side to move at even empties and away from it at odd ones. The
//! median (not the mean) because the error table reports mean absolute
//! errors, which the median minimises.

use ply_othello::pattern::{phase_of, Weights, BIAS, PARITY, PHASES};

use crate::files::Labelled;
use crate::fit::mean_error;

/// What calibration did to one phase.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhaseShift {
    /// The phase.
    pub phase: usize,
    /// Positions with an even and an odd number of empties.
    pub positions: (usize, usize),
    /// The median error (evaluation less exact score) in discs before, at
    /// even and at odd empties.
    pub median_error: (f64, f64),
    /// The mean absolute error in discs, before and after.
    pub absolute_error: (f64, f64),
}

fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if !values.len().is_multiple_of(2) {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

fn empties(l: &Labelled) -> u32 {
    (!(l.p | l.o)).count_ones()
}

/// `weights` with the offsets of every phase that `set` (exactly labelled
/// positions) has positions of set from them; the other phases as they
/// were.
pub fn calibrate(weights: &Weights, set: &[Labelled]) -> (Weights, Vec<PhaseShift>) {
    let mut out = weights.clone();
    let mut shifts = Vec::new();
    for phase in 0..PHASES {
        let at: Vec<Labelled> = set
            .iter()
            .copied()
            .filter(|l| phase_of(empties(l)) == phase)
            .collect();
        if at.is_empty() {
            continue;
        }
        // Each position's error, by the parity of its empties.
        let (mut even, mut odd) = (Vec::new(), Vec::new());
        for l in &at {
            let error = f64::from(weights.evaluate(l.p, l.o) - i32::from(l.score)) / 100.0;
            if empties(l).is_multiple_of(2) {
                even.push(error);
            } else {
                odd.push(error);
            }
        }
        let positions = (even.len(), odd.len());
        let even_median = median(&mut even);
        let odd_median = median(&mut odd);
        let cents = |discs: f64| (discs * 100.0).round() as i32;
        let w = out.phase_mut(phase);
        let set_to = |slot: &mut i16, value: i32| {
            *slot = value.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16;
        };
        let bias = i32::from(w[BIAS]) - cents(even_median);
        let parity = i32::from(w[PARITY]) - cents(odd_median - even_median);
        set_to(&mut w[BIAS], bias);
        set_to(&mut w[PARITY], parity);
        shifts.push(PhaseShift {
            phase,
            positions,
            median_error: (even_median, odd_median),
            absolute_error: (mean_error(weights, &at), mean_error(&out, &at)),
        });
    }
    (out, shifts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::{game_seed, play_game, Style};
    use ply_othello::pattern::PHASE_WIDTH;

    /// Labels that lean by parity (+3 discs at even empties, -2 at odd,
    /// against all-zero weights) are matched exactly after calibration,
    /// in the phases the set covers; the others stay zero.
    #[test]
    fn calibration_removes_a_lean_by_parity() {
        let set: Vec<Labelled> = (0..40)
            .flat_map(|g| play_game(game_seed(3, 0, g), Style::default()))
            .filter(|&(p, o)| (!(p | o)).count_ones() <= 12)
            .map(|(p, o)| Labelled {
                p,
                o,
                score: if (!(p | o)).count_ones() % 2 == 0 {
                    300
                } else {
                    -200
                },
                kind: 0,
            })
            .collect();
        let zeros = Weights::zeros();
        let (calibrated, shifts) = calibrate(&zeros, &set);
        assert_eq!(shifts.len(), (12 / PHASE_WIDTH) as usize);
        for s in &shifts {
            assert_eq!(s.median_error, (-3.0, 2.0), "phase {}", s.phase);
            assert!(s.absolute_error.0 > 2.0 && s.absolute_error.1 == 0.0);
        }
        for l in &set {
            assert_eq!(calibrated.evaluate(l.p, l.o), i32::from(l.score));
        }
        assert_eq!(calibrated.phase(3), zeros.phase(3));
    }
}
