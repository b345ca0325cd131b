//! The game tree folded onto its distinct positions: each position once,
//! with its children and its mark, for starts whose tree is too big to
//! print node by node.
//!
//! A position is kept with its rows in place (0,2,3 and 2,0,3 are different
//! positions, as in the game tree). The mark is the tree's marking rule
//! applied to positions: an empty position is lost for the player to move
//! (won in misère play, where the opponent took the last object), and any
//! other is won exactly when some child is lost. In the tree a position can
//! sit on even and on odd levels, so the tree's +1 / -1 (which depend on
//! the level) become win / lose for the player to move there: a won
//! position is -1 on even levels and +1 on odd levels.

use crate::count::distinct_positions;
use crate::game::NimMove;
use crate::notation::short_rows;

/// Most distinct positions the graph holds and prints.
pub const GRAPH_LIMIT: u128 = 20_000;

/// Most edges (moves between distinct positions) the graph holds: a line
/// lists every child, so few long rows would print megabytes.
pub const EDGE_LIMIT: u128 = 250_000;

/// The graph's edges: each row's count `b` is reached in every combination
/// of the other rows and offers `b` moves, so the total is the positions
/// times half the objects. Saturates.
pub fn graph_edges(rows: &[u16]) -> u128 {
    let objects: u128 = rows.iter().map(|&r| u128::from(r)).sum();
    distinct_positions(rows).saturating_mul(objects) / 2
}

/// One distinct position of the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphVertex {
    /// The position: objects in each row.
    pub rows: Vec<u16>,
    /// Won for the player to move here.
    pub win: bool,
    /// Each move and the index (in `Graph::vertices`) of the position it
    /// leads to.
    pub children: Vec<(NimMove, usize)>,
}

/// Every position reachable from a start, each once, parents before their
/// children (most objects first).
#[derive(Clone, Debug)]
pub struct Graph {
    /// The distinct positions; the start is the first.
    pub vertices: Vec<GraphVertex>,
    /// Misère play (the last to take loses).
    pub misere: bool,
}

impl Graph {
    /// The graph below `rows`; `None` when it has more than `GRAPH_LIMIT`
    /// positions or `EDGE_LIMIT` edges.
    pub fn build(rows: &[u16], misere: bool) -> Option<Graph> {
        let total = distinct_positions(rows);
        if total > GRAPH_LIMIT || graph_edges(rows) > EDGE_LIMIT {
            return None;
        }
        let total = total as usize;
        // Mixed radix: position b has index Σ b_i * stride_i, so taking
        // objects always lowers the index and children come before parents.
        let mut strides = vec![1usize; rows.len()];
        for i in (0..rows.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * (usize::from(rows[i + 1]) + 1);
        }
        let rows_of = |mut index: usize| -> Vec<u16> {
            strides
                .iter()
                .map(|&stride| {
                    let row = index / stride;
                    index %= stride;
                    row as u16
                })
                .collect()
        };
        let mut win = vec![false; total];
        let mut children = vec![Vec::new(); total];
        for index in 0..total {
            let here = rows_of(index);
            let mut moves = Vec::new();
            for (row, (&count, &stride)) in here.iter().zip(&strides).enumerate() {
                for take in 1..=count {
                    let mv = NimMove {
                        row: row as u8,
                        take,
                    };
                    moves.push((mv, index - usize::from(take) * stride));
                }
            }
            win[index] = if moves.is_empty() {
                misere
            } else {
                moves.iter().any(|&(_, child)| !win[child])
            };
            children[index] = moves;
        }
        // Most objects first, then the top rows fullest: parents first.
        let mut order: Vec<usize> = (0..total).collect();
        let objects = |i: usize| rows_of(i).iter().map(|&r| u32::from(r)).sum::<u32>();
        order.sort_by_key(|&i| (std::cmp::Reverse(objects(i)), std::cmp::Reverse(i)));
        let mut slot = vec![0usize; total];
        for (at, &index) in order.iter().enumerate() {
            slot[index] = at;
        }
        let vertices = order
            .iter()
            .map(|&index| GraphVertex {
                rows: rows_of(index),
                win: win[index],
                children: children[index]
                    .iter()
                    .map(|&(mv, child)| (mv, slot[child]))
                    .collect(),
            })
            .collect();
        Some(Graph { vertices, misere })
    }

    /// The start.
    pub fn root(&self) -> &GraphVertex {
        &self.vertices[0]
    }

    /// Moves from `vertex` that leave the opponent lost.
    pub fn winning_moves<'a>(
        &'a self,
        vertex: &'a GraphVertex,
    ) -> impl Iterator<Item = NimMove> + 'a {
        vertex
            .children
            .iter()
            .filter(|&&(_, child)| !self.vertices[child].win)
            .map(|&(mv, _)| mv)
    }

    /// One line per position: the position, win or lose for the player to
    /// move, and its children, a winning move's child starred.
    pub fn render(&self) -> String {
        let width = self
            .vertices
            .iter()
            .map(|v| short_rows(&v.rows).len())
            .max()
            .unwrap_or(1);
        let mut out = String::new();
        for vertex in &self.vertices {
            let mark = if vertex.win { "win " } else { "lose" };
            out.push_str(&format!("{:<width$}  {mark}", short_rows(&vertex.rows)));
            if vertex.children.is_empty() {
                out.push_str("  (no move: the game is over)");
            } else {
                out.push_str("  ->");
                for &(_, child) in &vertex.children {
                    let child = &self.vertices[child];
                    out.push(' ');
                    out.push_str(&short_rows(&child.rows));
                    if !child.win {
                        out.push('*');
                    }
                }
            }
            out.push('\n');
        }
        out
    }

    /// The graph for Graphviz: won positions green, lost red, edges
    /// labelled with their moves.
    pub fn to_dot(&self) -> String {
        let mut out = String::from(
            "digraph nim {\n  node [shape=box, style=\"rounded,filled\", fontname=\"monospace\"];\n",
        );
        for (id, vertex) in self.vertices.iter().enumerate() {
            let (mark, colour) = if vertex.win {
                ("win", "#ffcdd2")
            } else {
                ("lose", "#c8e6c9")
            };
            out.push_str(&format!(
                "  n{id} [label=\"{}\\n{mark}\", fillcolor=\"{colour}\"];\n",
                short_rows(&vertex.rows)
            ));
        }
        for (id, vertex) in self.vertices.iter().enumerate() {
            for &(mv, child) in &vertex.children {
                out.push_str(&format!(
                    "  n{id} -> n{child} [label=\"{}:{}\"];\n",
                    mv.row as usize + 1,
                    mv.take
                ));
            }
        }
        out.push_str("}\n");
        out
    }
}
