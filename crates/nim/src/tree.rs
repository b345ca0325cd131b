//! The game tree of the Nim request: every node holds its position, its
//! children (one per legal move) and its mark; the tree is built
//! recursively from the bottom up and marked +1 / -1 level by level.
//!
//! The marking rules (level 0 is the root, where the human moves first):
//! - an empty position on an even level is +1, on an odd level -1;
//! - an inner node on an even level is -1 if a child is -1, else +1;
//! - an inner node on an odd level is +1 if a child is +1, else -1.
//!
//! So +1 is a win for the player who moves on odd levels (the computer) and
//! -1 a win for the player who moves on even levels. The rules say "any
//! node in the subtree below"; marks are computed bottom up from the
//! children, which is what makes the computer's rule "move to a +1 child"
//! play perfectly. In misère play the empty positions' marks are flipped,
//! since there the player who took the last object loses.

use std::collections::HashMap;

pub use crate::count::TreeSize;
use crate::game::NimMove;
use crate::notation::short_rows;

/// Largest tree `--tree` builds and prints node by node.
pub const TREE_LIMIT: u128 = 250_000;

/// One node of the tree.
#[derive(Clone, Debug)]
pub struct TreeNode {
    /// The position at this node.
    pub rows: Vec<u16>,
    /// The move from the parent that led here (none at the root).
    pub mv: Option<NimMove>,
    /// Depth below the root (the root is level 0).
    pub level: u32,
    /// +1: a win for the player moving on odd levels; -1: on even levels.
    pub mark: i8,
    /// The positions one move on, one node each.
    pub children: Vec<TreeNode>,
}

/// The mark of a node from its level and its (already marked) children.
pub fn mark_rule(level: u32, child_marks: &[i8], misere: bool) -> i8 {
    let even = level & 1 == 0;
    if child_marks.is_empty() {
        let mark = if even { 1 } else { -1 };
        return if misere { -mark } else { mark };
    }
    if even {
        if child_marks.contains(&-1) {
            -1
        } else {
            1
        }
    } else if child_marks.contains(&1) {
        1
    } else {
        -1
    }
}

/// Calls `f` with each child position of `rows` and the move reaching it.
fn for_each_child(rows: &[u16], mut f: impl FnMut(&[u16], NimMove)) {
    let mut child = rows.to_vec();
    for row in 0..rows.len() {
        for take in 1..=rows[row] {
            child[row] = rows[row] - take;
            f(
                &child,
                NimMove {
                    row: row as u8,
                    take,
                },
            );
        }
        child[row] = rows[row];
    }
}

impl TreeNode {
    /// Builds the tree below `rows`: children first, then this node's mark.
    pub fn build(rows: &[u16], misere: bool) -> TreeNode {
        Self::build_at(rows, None, 0, misere)
    }

    fn build_at(rows: &[u16], mv: Option<NimMove>, level: u32, misere: bool) -> TreeNode {
        let mut children = Vec::new();
        for_each_child(rows, |child, m| {
            children.push(Self::build_at(child, Some(m), level + 1, misere));
        });
        let marks: Vec<i8> = children.iter().map(|c| c.mark).collect();
        TreeNode {
            rows: rows.to_vec(),
            mv,
            level,
            mark: mark_rule(level, &marks, misere),
            children,
        }
    }

    /// The nodes and leaves of this tree.
    pub fn size(&self) -> TreeSize {
        let mut size = TreeSize {
            nodes: 1,
            leaves: self.children.is_empty() as u128,
        };
        for child in &self.children {
            let s = child.size();
            size.nodes += s.nodes;
            size.leaves += s.leaves;
        }
        size
    }

    /// Deepest level below this node.
    pub fn depth(&self) -> u32 {
        self.children
            .iter()
            .map(TreeNode::depth)
            .max()
            .unwrap_or(self.level)
    }

    /// The children the player to move here should choose: those marked for
    /// them (+1 on odd levels, -1 on even levels).
    pub fn good_children(&self) -> impl Iterator<Item = &TreeNode> {
        let wanted = if self.level % 2 == 1 { 1 } else { -1 };
        self.children.iter().filter(move |c| c.mark == wanted)
    }

    /// The tree indented two spaces per level, one node per line.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out);
        out
    }

    fn render_into(&self, out: &mut String) {
        let indent = "  ".repeat(self.level as usize);
        let how = match self.mv {
            Some(mv) => format!("  (after {}:{})", mv.row as usize + 1, mv.take),
            None => String::new(),
        };
        out.push_str(&format!(
            "{indent}level {}  {}  mark {:+}{how}\n",
            self.level,
            short_rows(&self.rows),
            self.mark
        ));
        for child in &self.children {
            child.render_into(out);
        }
    }

    /// The tree as a Graphviz digraph: +1 nodes green, -1 nodes red, edges
    /// labelled with their moves.
    pub fn to_dot(&self) -> String {
        let mut out = String::from(
            "digraph nim {\n  node [shape=box, style=\"rounded,filled\", fontname=\"monospace\"];\n",
        );
        let mut next = 0usize;
        self.dot_into(&mut out, &mut next);
        out.push_str("}\n");
        out
    }

    fn dot_into(&self, out: &mut String, next: &mut usize) -> usize {
        let id = *next;
        *next += 1;
        let colour = if self.mark > 0 { "#c8e6c9" } else { "#ffcdd2" };
        out.push_str(&format!(
            "  n{id} [label=\"{}\\nlevel {}  {:+}\", fillcolor=\"{colour}\"];\n",
            short_rows(&self.rows),
            self.level,
            self.mark
        ));
        for child in &self.children {
            let child_id = child.dot_into(out, next);
            if let Some(mv) = child.mv {
                out.push_str(&format!(
                    "  n{id} -> n{child_id} [label=\"{}:{}\"];\n",
                    mv.row as usize + 1,
                    mv.take
                ));
            }
        }
        id
    }
}

/// The mark the tree would give the root, computed over positions rather
/// than tree nodes (memoised on rows and level parity) so it works for trees
/// far too big to build.
pub fn root_mark(rows: &[u16], misere: bool) -> i8 {
    let mut memo = HashMap::new();
    mark_memo(rows, 0, misere, &mut memo)
}

fn mark_memo(
    rows: &[u16],
    level: u32,
    misere: bool,
    memo: &mut HashMap<(Vec<u16>, u32), i8>,
) -> i8 {
    let mut key = rows.to_vec();
    key.sort_unstable();
    let memo_key = (key, level % 2);
    if let Some(&m) = memo.get(&memo_key) {
        return m;
    }
    let mut marks = Vec::new();
    for_each_child(&memo_key.0, |child, _| {
        marks.push(mark_memo(child, level + 1, misere, memo));
    });
    let mark = mark_rule(level, &marks, misere);
    memo.insert(memo_key, mark);
    mark
}
