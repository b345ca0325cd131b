//! Ctrl-C (the process-wide interrupt) stops an analysis that has no time
//! limit, which then answers with what it proved, never contradicting the
//! exact solver. Alone in its test binary: the interrupt would stop the
//! searches of any test running beside it.

#[path = "suite/common/mod.rs"]
mod common;

use std::thread;
use std::time::Duration;

use common::{assert_sound, Race};
use ply_engine::{clear_interrupt, interrupt};
use ply_engine::{Deadline, Searcher};

#[test]
fn an_interrupt_stops_an_analysis_with_what_it_proved() {
    let game = Race::new(300, 500);
    // The plain solver has no deadline: the interrupt cannot touch it.
    let truth = Searcher::new(16).analyze(&game);
    let mut searcher = Searcher::new(16);
    for (delay_micros, depth) in [(0, None), (300, None), (3_000, None), (1_000, Some(40))] {
        clear_interrupt();
        let stopper = thread::spawn(move || {
            thread::sleep(Duration::from_micros(delay_micros));
            interrupt();
        });
        let got = searcher.analyze_within(&game, depth, Deadline::none());
        stopper.join().expect("the interrupting thread");
        let what = format!("interrupt after {delay_micros} us, depth {depth:?}");
        assert_sound(&truth, &got, &what);
    }
    clear_interrupt();
    // Interrupted searches left nothing wrong in the table.
    let after = searcher.analyze_within(&game, None, Deadline::none());
    assert_eq!(after.depth, None);
    assert_sound(&truth, &after, "after the interrupts");
}
