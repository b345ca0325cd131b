//! The transposition table is sized to the work: a small game's solve
//! touches a small table whatever `--hash` allows (it used to clear 64 MiB
//! before solving tic-tac-toe in under 4 ms).

use ply_engine::{Outcome, Searcher};
use ply_mnk::{Mnk, MnkKnowledge};

#[test]
fn tic_tac_toe_solves_in_a_small_table() {
    let mut searcher = Searcher::<Mnk>::new(64).with_knowledge(MnkKnowledge);
    let analysis = searcher.analyze(&Mnk::tic_tac_toe());
    assert_eq!(analysis.value.outcome, Outcome::Draw);
    let stats = searcher.stats();
    // A few thousand positions at most; 64 MiB would be over a million entries.
    assert!(stats.capacity <= 1 << 14, "{stats:?}");
    assert!(stats.stores > 0);
}
