//! The tree's node and leaf counts for any start (issue 12, point 10),
//! checked against counters written here: a plain walk over every move
//! sequence (no memo), a bottom-up table over positions with rows kept in
//! place, and the explicit tree where it fits; and the graph of distinct
//! positions against Bouton's rule and path counting.

use std::collections::HashSet;

use ply_engine::Outcome;

use ply_nim::Graph;
use ply_nim::TreeNode;
use ply_nim::{bouton_value, closed_form, count_tree, distinct_positions, Tally, TreeSize};

/// Every node of the tree visited one by one: (nodes, leaves).
fn brute_force(rows: &mut [u16]) -> (u128, u128) {
    let mut nodes = 1;
    let mut leaves = 0;
    let mut any = false;
    for row in 0..rows.len() {
        let count = rows[row];
        for left in 0..count {
            any = true;
            rows[row] = left;
            let (n, l) = brute_force(rows);
            nodes += n;
            leaves += l;
        }
        rows[row] = count;
    }
    if !any {
        leaves = 1;
    }
    (nodes, leaves)
}

/// Nodes and leaves of every position's subtree, in a table indexed by the
/// rows in place (mixed radix), filled from the empty position up; the
/// start's entry. `T` is the arithmetic: `Option<u128>` (None on overflow)
/// or `f64`.
fn table<T: Copy>(rows: &[u16], zero: T, one: T, add: impl Fn(T, T) -> T) -> (T, T) {
    let total: usize = rows.iter().map(|&r| usize::from(r) + 1).product();
    let mut strides = vec![1usize; rows.len()];
    for i in (0..rows.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * (usize::from(rows[i + 1]) + 1);
    }
    let mut nodes = vec![zero; total];
    let mut leaves = vec![zero; total];
    for index in 0..total {
        let (mut n, mut l) = (one, zero);
        let mut rest = index;
        let mut any = false;
        for &stride in &strides {
            let here = rest / stride;
            rest %= stride;
            for take in 1..=here {
                any = true;
                n = add(n, nodes[index - take * stride]);
                l = add(l, leaves[index - take * stride]);
            }
        }
        nodes[index] = n;
        leaves[index] = if any { l } else { one };
    }
    (nodes[total - 1], leaves[total - 1])
}

fn exact_table(rows: &[u16]) -> Option<TreeSize> {
    let add = |a: Option<u128>, b: Option<u128>| a?.checked_add(b?);
    match table(rows, Some(0), Some(1), add) {
        (Some(nodes), Some(leaves)) => Some(TreeSize { nodes, leaves }),
        _ => None,
    }
}

#[test]
fn counts_match_a_walk_over_every_node() {
    let mut starts: Vec<Vec<u16>> = Vec::new();
    for n in 0..5u16.pow(3) {
        starts.push(vec![n % 5, n / 5 % 5, n / 25]);
    }
    starts.extend([
        vec![1, 1, 1, 1, 1, 1, 1, 1],
        vec![2, 2, 2, 2],
        vec![12],
        vec![1, 2, 3, 4],
    ]);
    for mut rows in starts {
        let (nodes, leaves) = brute_force(&mut rows);
        assert_eq!(
            count_tree(&rows),
            Ok(TreeSize { nodes, leaves }),
            "{rows:?}"
        );
    }
}

#[test]
fn three_four_five_has_the_walked_number_of_nodes() {
    let (nodes, leaves) = brute_force(&mut [3, 4, 5]);
    assert_eq!((nodes, leaves), (1_038_768, 431_128));
    assert_eq!(count_tree(&[3, 4, 5]), Ok(TreeSize { nodes, leaves }));
}

#[test]
fn counts_match_the_built_tree_where_it_fits() {
    for n in 0..1000u16 {
        let rows = [n / 100, n / 10 % 10, n % 10];
        let Ok(size) = count_tree(&rows) else {
            panic!("{rows:?} fits in 128 bits");
        };
        if size.nodes <= 10_000 {
            assert_eq!(TreeNode::build(&rows, false).size(), size, "{rows:?}");
        }
    }
}

#[test]
fn counts_match_a_table_over_positions_in_place() {
    let mut starts: Vec<Vec<u16>> = (0..1000u16)
        .map(|n| vec![n / 100, n / 10 % 10, n % 10])
        .collect();
    starts.extend([
        vec![9, 9, 9],
        vec![2, 3, 4, 5, 6, 7],
        vec![127],
        vec![1; 16],
        vec![2; 10],
        vec![3; 9],
        vec![40, 40, 40],
        vec![20, 30, 40],
        vec![12, 12, 12, 12],
        vec![64, 63],
        vec![4, 5, 6, 7, 8],
    ]);
    for rows in starts {
        // The table has a cell per position; keep it small.
        assert!(distinct_positions(&rows) <= 2_000_000, "{rows:?}");
        let counted = count_tree(&rows);
        match exact_table(&rows) {
            Some(size) => {
                assert_eq!(counted, Ok(size), "{rows:?}");
                assert_eq!(closed_form::<u128>(&rows, Tally::Nodes), Some(size.nodes));
                assert_eq!(closed_form::<u128>(&rows, Tally::Leaves), Some(size.leaves));
            }
            None => {
                // Too many for 128 bits: refused, with the table's size.
                let refused = counted.expect_err("overflow refused");
                let (estimate, _) = table(&rows, 0.0, 1.0, |a: f64, b: f64| a + b);
                let error = (refused.log10_nodes - estimate.log10()).abs();
                assert!(!refused.lower_bound, "{rows:?}");
                assert!(error < 1e-9, "{rows:?}: {refused:?} vs {estimate:e}");
            }
        }
    }
}

#[test]
fn starts_of_128_objects_or_more_are_refused_with_a_lower_bound() {
    // 2^128 nodes at least: one row alone has 2^objects.
    let refused = count_tree(&[100, 28]).expect_err("too many");
    assert!(refused.lower_bound);
    assert_eq!(refused.objects, 128);
    assert!(refused.to_string().contains("at least 2^128"), "{refused}");
    let refused = count_tree(&[65_535; 32]).expect_err("too many");
    assert!(
        refused.to_string().contains("at least 2^2097120"),
        "{refused}"
    );
}

/// Paths from the root of the graph, each ending anywhere: one per tree node.
fn paths(graph: &Graph) -> (u128, u128) {
    let mut from = vec![(0u128, 0u128); graph.vertices.len()];
    // Children come after parents: fill from the last.
    for (i, vertex) in graph.vertices.iter().enumerate().rev() {
        let (mut nodes, mut leaves) = (1, 0);
        for &(_, child) in &vertex.children {
            assert!(child > i, "children after parents");
            nodes += from[child].0;
            leaves += from[child].1;
        }
        if vertex.children.is_empty() {
            leaves = 1;
        }
        from[i] = (nodes, leaves);
    }
    from[0]
}

#[test]
fn the_graph_holds_each_position_once_with_bouton_marks() {
    for misere in [false, true] {
        for rows in [
            vec![3u16, 4, 5],
            vec![1, 2, 3],
            vec![9, 9, 9],
            vec![2, 0, 7, 1],
        ] {
            let graph = Graph::build(&rows, misere).expect("small");
            assert_eq!(graph.vertices.len() as u128, distinct_positions(&rows));
            assert_eq!(graph.root().rows, rows);
            let unique: HashSet<&Vec<u16>> = graph.vertices.iter().map(|v| &v.rows).collect();
            assert_eq!(unique.len(), graph.vertices.len(), "{rows:?}");
            for vertex in &graph.vertices {
                let lost = bouton_value(&vertex.rows, misere).outcome == Outcome::Lose;
                assert_eq!(vertex.win, !lost, "{:?} misère {misere}", vertex.rows);
                let objects: u16 = vertex.rows.iter().sum();
                assert_eq!(vertex.children.len(), usize::from(objects));
                for &(mv, child) in &vertex.children {
                    let mut after = vertex.rows.clone();
                    after[usize::from(mv.row)] -= mv.take;
                    assert_eq!(graph.vertices[child].rows, after);
                }
            }
            let moves: usize = graph.vertices.iter().map(|v| v.children.len()).sum();
            assert_eq!(moves as u128, ply_nim::graph_edges(&rows), "{rows:?}");
            let (nodes, leaves) = paths(&graph);
            assert_eq!(
                count_tree(&rows),
                Ok(TreeSize { nodes, leaves }),
                "{rows:?}"
            );
        }
    }
}

#[test]
fn graphs_past_the_limit_are_not_built() {
    assert!(Graph::build(&[1, 2, 3, 4, 5, 6, 7, 8, 9], false).is_none());
    assert!(Graph::build(&[65_535; 32], false).is_none());
    // 141 x 141 positions would fit, but not their 560,000 moves.
    assert!(Graph::build(&[140, 140], false).is_none());
    assert!(Graph::build(&[60, 60], false).is_some());
}
