//! Ctrl-C (the process-wide interrupt) during an analysis without a time
//! limit: it answers with what it proved, never contradicting the exact
//! solver, and leaves nothing wrong behind. Alone in its test binary: the
//! interrupt would stop the searches of any test running beside it.

use std::thread;
use std::time::Duration;

use ply_engine::{clear_interrupt, interrupt};
use ply_engine::{Deadline, Outcome, Searcher};
use ply_mnk::{Mnk, MnkKnowledge};

#[test]
fn an_interrupted_analysis_keeps_only_proved_values() {
    for (rows, cols, k) in [(4, 4, 3), (4, 4, 4), (3, 5, 3)] {
        let game = Mnk::new(rows, cols, k).expect("a board");
        let truth = Searcher::<Mnk>::new(8)
            .with_knowledge(MnkKnowledge)
            .analyze(&game);
        let mut searcher = Searcher::<Mnk>::new(8).with_knowledge(MnkKnowledge);
        for delay_micros in [0, 200, 2_000] {
            clear_interrupt();
            let stopper = thread::spawn(move || {
                thread::sleep(Duration::from_micros(delay_micros));
                interrupt();
            });
            let got = searcher.analyze_within(&game, None, Deadline::none());
            stopper.join().expect("the interrupting thread");
            assert_eq!(got.moves.len(), truth.moves.len());
            for ((mv, t), (mv2, g)) in truth.moves.iter().zip(&got.moves) {
                assert_eq!(mv, mv2, "the move set changed");
                if g.outcome != Outcome::Unknown {
                    assert_eq!(g.outcome, t.outcome, "{rows}x{cols} k={k} move {mv}");
                    if g.outcome != Outcome::Draw {
                        assert_eq!(g.remoteness, t.remoteness, "{rows}x{cols} k={k} move {mv}");
                    }
                }
            }
            if got.value.outcome != Outcome::Unknown {
                assert_eq!(got.value.outcome, truth.value.outcome);
            }
        }
        clear_interrupt();
        let after = searcher.analyze_within(&game, None, Deadline::none());
        assert_eq!(after.depth, None, "exact once no interrupt stops it");
        assert_eq!(after.value.outcome, truth.value.outcome);
        for ((_, t), (_, a)) in truth.moves.iter().zip(&after.moves) {
            assert_eq!((t.outcome, t.remoteness), (a.outcome, a.remoteness));
        }
    }
}
