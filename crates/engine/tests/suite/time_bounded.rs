//! Time-bounded analyses never contradict the exact solver, whatever point
//! the deadline cuts them at, and a searcher cut short stays exact after.
//! (The interrupt, being process-wide, has its own test binary.)

use crate::common;

use std::time::Duration;

use common::{assert_sound, same, Race};
use ply_engine::Outcome;
use ply_engine::{Deadline, Notation, Searcher};

const BUDGETS_MICROS: [u64; 7] = [0, 5, 20, 100, 500, 2_000, 10_000];

fn positions(target: u32, limit: u32) -> Vec<Race> {
    let start = Race::new(target, limit);
    let mut out = Vec::new();
    for total in (0..target).step_by(7) {
        for ply in [0, 1, limit / 2] {
            out.push(start.parse_position(&format!("{total}/{ply}")).unwrap());
        }
    }
    out
}

#[test]
fn a_time_limited_analysis_never_contradicts_the_exact_solver() {
    for (target, limit) in [(60, 90), (90, 40), (45, 200)] {
        let mut exact = Searcher::new(4);
        // One searcher for every budget: what a cut-short search leaves in
        // the table must never spoil a later answer.
        let mut timed = Searcher::new(4);
        for game in positions(target, limit) {
            let truth = exact.analyze(&game);
            for micros in BUDGETS_MICROS {
                let budget = Some(Duration::from_micros(micros));
                let got = timed.analyze_within(&game, None, Deadline::after(budget));
                let what = format!(
                    "{}/{} of {target}, {micros} us",
                    game.format_position(),
                    limit
                );
                assert_sound(&truth, &got, &what);
            }
            let again = timed.analyze(&game);
            assert_sound(&truth, &again, "exact after cut-short searches");
            assert!(again.depth.is_none() && same(truth.value, again.value));
        }
    }
}

#[test]
fn a_zero_budget_answers_at_once_and_a_large_one_exactly() {
    let game = Race::new(40, 60);
    let truth = Searcher::new(4).analyze(&game);
    let mut searcher = Searcher::new(4);
    let rushed = searcher.analyze_within(&game, None, Deadline::after(Some(Duration::ZERO)));
    assert_sound(&truth, &rushed, "zero budget");
    let ample = Some(Duration::from_secs(600));
    let full = searcher.analyze_within(&game, None, Deadline::after(ample));
    assert_eq!(full.depth, None, "everything decided: {full:?}");
    assert_sound(&truth, &full, "ample budget");
}

#[test]
fn a_depth_limit_within_a_budget_reports_the_depth_it_finished() {
    let game = Race::new(21, 40);
    let truth = Searcher::new(4).analyze(&game);
    let mut searcher = Searcher::new(4);
    let ample = Deadline::after(Some(Duration::from_secs(600)));
    for depth in 1..=6 {
        let got = searcher.analyze_within(&game, Some(depth), ample);
        assert_eq!(got.depth, Some(depth));
        assert_sound(&truth, &got, &format!("depth {depth}"));
        let plain = searcher.analyze_to_depth(&game, depth);
        for ((_, a), (_, b)) in got.moves.iter().zip(&plain.moves) {
            assert_eq!(a.outcome, b.outcome, "same labels as analyze_to_depth");
        }
    }
    // Depth 1 from the start decides nothing; a deeper one decides some.
    let shallow = searcher.analyze_within(&game, Some(1), ample);
    assert!(shallow
        .moves
        .iter()
        .all(|(_, v)| v.outcome == Outcome::Unknown));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any position, any budget up to a few milliseconds, any depth
        /// limit: the answer never contradicts the exact solver.
        #[test]
        fn any_budget_gives_a_sound_answer(
            total in 0u32..80,
            ply in 0u32..60,
            limit in 10u32..120,
            micros in 0u64..3_000,
            depth in proptest::option::of(1u32..12),
        ) {
            let game = Race::new(80, limit)
                .parse_position(&format!("{total}/{ply}"))
                .unwrap();
            let truth = Searcher::new(2).analyze(&game);
            let budget = Some(Duration::from_micros(micros));
            let got = Searcher::new(2).analyze_within(&game, depth, Deadline::after(budget));
            assert_sound(&truth, &got, &format!("{total}/{ply} limit {limit}, {micros} us, depth {depth:?}"));
        }
    }
}
