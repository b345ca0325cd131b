//! The tree's marks, the memoised search and Bouton's rule agree, in normal
//! and misère play; and the tree from 1,2,3 is the Nim request's.

use ply_engine::{EngineConfig, Game, Outcome, Playable, Searcher};

use ply_nim::{bouton_best_move, bouton_move_value, bouton_value, count_tree, root_mark, TreeNode};
use ply_nim::{MemoSolver, Nim, NimKnowledge};
use proptest::prelude::*;

/// All 1,000 positions of three rows of 0-9.
fn three_rows() -> impl Iterator<Item = [u16; 3]> {
    (0..1000u16).map(|n| [n / 100, n / 10 % 10, n % 10])
}

#[test]
fn tree_from_123_has_447_nodes_and_182_leaves() {
    let tree = TreeNode::build(&[1, 2, 3], false);
    let size = tree.size();
    assert_eq!((size.nodes, size.leaves), (447, 182));
    assert_eq!(count_tree(&[1, 2, 3]), Ok(size));
    // 1 XOR 2 XOR 3 = 0: the player to move at the root (the human) loses,
    // which the marks (for the computer, moving on odd levels) show as +1.
    assert_eq!(tree.mark, 1);
    assert_eq!(tree.depth(), 6);
    assert_eq!(tree.good_children().count(), 0);
}

#[test]
fn tree_marks_follow_the_level_rules() {
    fn check(node: &TreeNode) {
        let even = node.level & 1 == 0;
        if node.children.is_empty() {
            assert!(node.rows.iter().all(|&r| r == 0));
            assert_eq!(node.mark, if even { 1 } else { -1 });
        } else if even {
            let any_minus = node.children.iter().any(|c| c.mark == -1);
            assert_eq!(node.mark, if any_minus { -1 } else { 1 });
        } else {
            let any_plus = node.children.iter().any(|c| c.mark == 1);
            assert_eq!(node.mark, if any_plus { 1 } else { -1 });
        }
        assert!(node.children.iter().all(|c| c.level == node.level + 1));
        node.children.iter().for_each(check);
    }
    let tree = TreeNode::build(&[1, 2, 3], false);
    check(&tree);
    // The Nim request's example: after the player moves 1,2,3 -> 1,2,1 the only
    // +1 move for the computer is to 1,0,1.
    let after = tree
        .children
        .iter()
        .find(|c| c.rows == [1, 2, 1])
        .expect("1,2,1 is a child");
    let plus: Vec<&Vec<u16>> = after.good_children().map(|c| &c.rows).collect();
    assert_eq!(plus, vec![&vec![1, 0, 1]]);
}

#[test]
fn tree_memo_and_bouton_agree_on_all_three_row_positions() {
    for misere in [false, true] {
        let mut memo = MemoSolver::new(misere);
        for rows in three_rows() {
            let exact = memo.value(&rows);
            let closed = bouton_value(&rows, misere);
            assert_eq!(exact, closed, "{rows:?} misère {misere}");
            // The root mark is +1 exactly when the player to move loses.
            let mark = root_mark(&rows, misere);
            assert_eq!(mark == 1, exact.outcome == Outcome::Lose, "{rows:?}");
            // Build the real tree where it is small enough.
            if count_tree(&rows).is_ok_and(|s| s.nodes <= 20_000) {
                assert_eq!(TreeNode::build(&rows, misere).mark, mark, "{rows:?}");
            }
        }
    }
}

#[test]
fn four_rows_agree_with_memo() {
    for misere in [false, true] {
        let mut memo = MemoSolver::new(misere);
        for n in 0..6u16.pow(4) {
            let rows = [n % 6, n / 6 % 6, n / 36 % 6, n / 216];
            assert_eq!(memo.value(&rows), bouton_value(&rows, misere), "{rows:?}");
        }
    }
}

#[test]
fn generic_solver_agrees_with_bouton_move_by_move() {
    for misere in [false, true] {
        let mut searcher = Searcher::<Nim>::new(8).with_knowledge(NimKnowledge);
        let mut analyzer = Nim::standard().analyzer(&EngineConfig::default()).unwrap();
        for rows in [[1u16, 2, 3], [3, 4, 5], [2, 2, 7], [0, 5, 5], [1, 1, 1]] {
            let nim = Nim::new(&rows, misere);
            let slow = searcher.analyze(&nim);
            let fast = analyzer.analyze(&nim).unwrap();
            assert_eq!(slow.value, fast.value, "{rows:?}");
            assert_eq!(slow.moves, fast.moves, "{rows:?}");
        }
    }
}

fn analyze_eight_big_rows() {
    let nim = Nim::new(&[65_535, 65_534, 40_000, 12_345, 1, 65_535, 7, 300], false);
    let mut analyzer = nim.analyzer(&EngineConfig::default()).unwrap();
    let analysis = analyzer.analyze(&nim).unwrap();
    let objects: u32 = nim.rows().iter().map(|&r| r as u32).sum();
    assert_eq!(analysis.moves.len() as u32, objects);
    assert_eq!(analysis.value.outcome, Outcome::Win);
}

#[test]
fn eight_rows_of_65535_are_analysed() {
    analyze_eight_big_rows();
}

/// Timing, out of the default suite: `cargo test --release -p ply-nim
/// --test suite -- --ignored solving::eight_rows_of_65535_are_instant`.
#[test]
#[ignore = "wall-clock check; see its doc comment for the command"]
fn eight_rows_of_65535_are_instant() {
    let started = std::time::Instant::now();
    analyze_eight_big_rows();
    let elapsed = started.elapsed();
    assert!(elapsed.as_secs_f64() < 2.0, "{elapsed:?}");
}

proptest! {
    #[test]
    fn bouton_is_consistent_on_many_big_rows(
        rows in prop::collection::vec(0u16..=u16::MAX, 1..12),
        small in prop::collection::vec(0u16..4, 0..4),
        misere in any::<bool>(),
    ) {
        // Mix big rows with small ones so misère endgames come up.
        let mut rows = rows;
        rows.extend(small);
        let value = bouton_value(&rows, misere);
        let nim = Nim::new(&rows, misere);
        // The position's value is its best move's, one ply further: checked
        // on the winning moves and on single-object moves (all moves would
        // be too many), and no move beats it.
        let best = bouton_best_move(&nim).expect("a move");
        let best_value = bouton_move_value(&nim, best);
        prop_assert_eq!(best_value.outcome, value.outcome);
        prop_assert_eq!(best_value.remoteness.map(|r| r + 1), value.remoteness);
        let mut moves = Vec::new();
        nim.generate_moves(&mut moves);
        for mv in moves.iter().filter(|m| m.take == 1 || m.take as usize == rows[m.row as usize] as usize) {
            prop_assert!(bouton_move_value(&nim, *mv) <= best_value);
        }
        // Bouton's rule itself.
        let xor = rows.iter().fold(0, |x, &r| x ^ r);
        let lost = if misere && rows.iter().all(|&r| r <= 1) {
            rows.iter().filter(|&&r| r == 1).count() % 2 == 1
        } else {
            xor == 0
        };
        prop_assert_eq!(value.outcome == Outcome::Lose, lost);
    }

    #[test]
    fn bouton_matches_memo_on_random_small_positions(
        rows in prop::collection::vec(0u16..5, 1..6),
        misere in any::<bool>(),
    ) {
        let mut memo = MemoSolver::new(misere);
        prop_assert_eq!(memo.value(&rows), bouton_value(&rows, misere));
    }
}
