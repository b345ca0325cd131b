//! The top of the game tree, from the root down to the split's frontier:
//! built once when the set is split (to write the tasks and order them)
//! and again, identically, by `run`, `status` and `merge` (to compose the
//! root's value from the results).
//!
//! Positions are identified by their canonical form under the board's
//! symmetries, so the tree is a graph: transpositions and mirror images
//! share one node, and the frontier holds each position once.
//!
//! Values are from one fixed side's view (the root's side to move for
//! Othello margins; the attacker for a proof, 1 = the attacker wins), so
//! a node is a max or a min node. Each node's value is known as an
//! interval: a leaf whose task has no result yet spans the whole range,
//! and intervals rise to the root by max and min. The root is decided
//! when its interval is one point, which may happen before every task is
//! done (an alpha-beta cutoff: once one move refutes a node, its brothers
//! are not needed). A leaf is *relevant* while some value it could take
//! would still change the root's interval; a task that is not relevant is
//! never needed.

use std::collections::{HashMap, HashSet};

use ply_engine::{Game, Notation, Symmetric};

/// An interval of values, both ends included.
pub(crate) type Interval = (i32, i32);

/// What a walk down the tree marking windows carries.
struct Walk<'a> {
    intervals: &'a [Interval],
    windows: &'a mut [Option<Interval>],
    visited: &'a mut HashSet<(usize, i32, i32)>,
}

/// A node of the top tree.
pub(crate) enum Node {
    /// A position inside the frontier: its moves (as text) and the nodes
    /// they lead to, and whether the fixed side moves here.
    Inner {
        max: bool,
        children: Vec<(String, usize)>,
    },
    /// A finished game (its value).
    Known(i32),
    /// A frontier position: its index in the frontier.
    Leaf(usize),
}

/// A frontier position.
pub(crate) struct Frontier {
    /// The canonical position's text.
    pub(crate) position: String,
    /// Whether its side to move is not the fixed side (its own value is
    /// then negated into the fixed side's view).
    pub(crate) flip: bool,
    /// A cheap estimate of its value, from the fixed side's view.
    pub(crate) estimate: i32,
}

/// The tree: nodes numbered so that children come before their parents.
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) root: usize,
    /// Every value lies in this range.
    pub(crate) range: Interval,
}

/// How a game's positions are valued at the top of the tree.
pub(crate) struct Valuation<'a, G> {
    /// Plies from the root to the frontier.
    pub(crate) depth: u32,
    /// The range of values.
    pub(crate) range: Interval,
    /// Whether the fixed side moves in this position.
    pub(crate) is_max: &'a dyn Fn(&G) -> bool,
    /// The value of a finished game, `None` while it goes on.
    pub(crate) finished: &'a dyn Fn(&G) -> Option<i32>,
    /// A cheap estimate of an unfinished position's value.
    pub(crate) estimate: &'a dyn Fn(&G) -> i32,
}

/// The position's canonical image under the board's symmetries.
pub(crate) fn canonical<G: Symmetric>(game: &G) -> G {
    let key = game.canonical().1;
    if game.key() == key {
        return game.clone();
    }
    let mut images = Vec::new();
    game.symmetric_images(&mut images);
    images
        .into_iter()
        .find(|image| image.key() == key)
        .expect("the canonical key is one image's key")
}

/// Builds the tree below `root` and its frontier (in the order first met).
pub(crate) fn build<G: Symmetric + Notation>(
    root: &G,
    valuation: &Valuation<'_, G>,
) -> (Tree, Vec<Frontier>) {
    let mut builder = Builder {
        valuation,
        nodes: Vec::new(),
        seen: HashMap::new(),
        frontier: Vec::new(),
    };
    let root = builder.node(root, 0);
    let tree = Tree {
        nodes: builder.nodes,
        root,
        range: valuation.range,
    };
    (tree, builder.frontier)
}

struct Builder<'v, 'a, G: Game> {
    valuation: &'v Valuation<'a, G>,
    nodes: Vec<Node>,
    seen: HashMap<G::Key, usize>,
    frontier: Vec<Frontier>,
}

impl<G: Symmetric + Notation> Builder<'_, '_, G> {
    fn node(&mut self, game: &G, ply: u32) -> usize {
        let key = game.canonical().1;
        if let Some(&id) = self.seen.get(&key) {
            return id;
        }
        let node = if let Some(value) = (self.valuation.finished)(game) {
            Node::Known(value)
        } else if ply >= self.valuation.depth {
            let image = canonical(game);
            let max = (self.valuation.is_max)(game);
            self.frontier.push(Frontier {
                position: image.format_position(),
                flip: !max,
                estimate: (self.valuation.estimate)(game),
            });
            Node::Leaf(self.frontier.len() - 1)
        } else {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            let mut children = Vec::with_capacity(moves.len());
            let mut next = game.clone();
            for mv in moves {
                let text = game.format_move(mv);
                let undo = next.play(mv);
                let child = self.node(&next, ply + 1);
                next.undo(mv, undo);
                children.push((text, child));
            }
            Node::Inner {
                max: (self.valuation.is_max)(game),
                children,
            }
        };
        self.nodes.push(node);
        let id = self.nodes.len() - 1;
        self.seen.insert(key, id);
        id
    }
}

impl Tree {
    /// Every node's interval, given each frontier position's (`None`:
    /// not known yet, the whole range).
    pub(crate) fn intervals(&self, leaf: &dyn Fn(usize) -> Option<Interval>) -> Vec<Interval> {
        let mut out: Vec<Interval> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let interval = match node {
                Node::Known(v) => (*v, *v),
                Node::Leaf(f) => leaf(*f).unwrap_or(self.range),
                Node::Inner { max, children } => {
                    let each = children.iter().map(|&(_, c)| out[c]);
                    if *max {
                        each.fold((i32::MIN, i32::MIN), |a, b| (a.0.max(b.0), a.1.max(b.1)))
                    } else {
                        each.fold((i32::MAX, i32::MAX), |a, b| (a.0.min(b.0), a.1.min(b.1)))
                    }
                }
            };
            out.push(interval);
        }
        out
    }

    /// The frontier positions whose values could still change the
    /// root's interval (alpha-beta windows passed down the tree).
    pub(crate) fn relevant(&self, intervals: &[Interval], frontier: usize) -> Vec<bool> {
        self.windows(intervals, frontier)
            .iter()
            .map(Option::is_some)
            .collect()
    }

    /// For each frontier position whose value could still change the
    /// root's interval, the open window `(a, b)` in which it matters:
    /// a value at most `a` (or at least `b`) changes nothing above, so an
    /// upper bound `a` (a lower bound `b`) is as good as the exact value.
    /// A position reached by several paths gets the union of their
    /// windows.
    pub(crate) fn windows(&self, intervals: &[Interval], frontier: usize) -> Vec<Option<Interval>> {
        let mut windows = vec![None; frontier];
        let mut visited = HashSet::new();
        let (lo, hi) = (self.range.0 - 1, self.range.1 + 1);
        let mut walk = Walk {
            intervals,
            windows: &mut windows,
            visited: &mut visited,
        };
        self.mark_windows(self.root, (lo, hi), &mut walk);
        windows
    }

    /// Marks the leaves below `node` that matter inside the open window
    /// `(a, b)`: values at most `a`, or at least `b`, change nothing above.
    fn mark_windows(&self, node: usize, (a, b): Interval, walk: &mut Walk<'_>) {
        let (lo, hi) = walk.intervals[node];
        if lo == hi || hi <= a || lo >= b || !walk.visited.insert((node, a, b)) {
            return;
        }
        match &self.nodes[node] {
            Node::Known(_) => {}
            Node::Leaf(f) => {
                walk.windows[*f] = Some(match walk.windows[*f] {
                    Some((x, y)) => (x.min(a), y.max(b)),
                    None => (a, b),
                });
            }
            Node::Inner { max, children } => {
                for (i, &(_, child)) in children.iter().enumerate() {
                    let others = children
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, &(_, c))| walk.intervals[c]);
                    let window = if *max {
                        (others.map(|iv| iv.0).fold(a, i32::max), b)
                    } else {
                        (a, others.map(|iv| iv.1).fold(b, i32::min))
                    };
                    if window.0 < window.1 {
                        self.mark_windows(child, window, walk);
                    }
                }
            }
        }
    }

    /// The root's moves that are proved best: their value is the root's
    /// (when the root is decided), in move order.
    pub(crate) fn best_moves(&self, intervals: &[Interval]) -> Vec<String> {
        let (lo, hi) = intervals[self.root];
        let Node::Inner { max, children } = &self.nodes[self.root] else {
            return Vec::new();
        };
        if lo != hi {
            return Vec::new();
        }
        children
            .iter()
            .filter(|&&(_, c)| {
                let (clo, chi) = intervals[c];
                if *max {
                    clo >= lo
                } else {
                    chi <= hi
                }
            })
            .map(|(text, _)| text.clone())
            .collect()
    }

    /// The frontier in the order to run it, and which positions are
    /// needed first: the minimal tree that decides the root if the
    /// estimates are right. For margins (`proof` false), at a node on the
    /// expected line every move, at a node the expected refutation cuts
    /// that refutation only. For a proof the attacker is expected to fail
    /// (the value to prove is a draw, as on the boards still open): every
    /// attacker move, and one defender reply, the best estimated.
    pub(crate) fn priorities(&self, frontier: &[Frontier], proof: bool) -> (Vec<usize>, Vec<bool>) {
        let estimates = self.estimates(frontier);
        let sorted = |node: usize| -> Vec<usize> {
            let Node::Inner { max, children } = &self.nodes[node] else {
                return Vec::new();
            };
            let mut ids: Vec<usize> = children.iter().map(|&(_, c)| c).collect();
            // Best first for the side to move; stable, so ties keep move order.
            if *max {
                ids.sort_by_key(|&c| std::cmp::Reverse(estimates[c]));
            } else {
                ids.sort_by_key(|&c| estimates[c]);
            }
            ids
        };
        // Depth-first rank, best moves first.
        let mut rank = vec![usize::MAX; frontier.len()];
        let mut next = 0;
        let mut stack = vec![self.root];
        let mut seen = HashSet::new();
        while let Some(node) = stack.pop() {
            if !seen.insert(node) {
                continue;
            }
            if let Node::Leaf(f) = self.nodes[node] {
                rank[f] = next;
                next += 1;
            }
            stack.extend(sorted(node).into_iter().rev());
        }
        // The minimal tree: 0 = on the expected line, 1 = a cut node
        // (one move needed), 2 = an all node (every move needed).
        let mut needed = vec![false; frontier.len()];
        let mut stack = vec![(self.root, 0u8)];
        let mut seen = HashSet::new();
        while let Some((node, kind)) = stack.pop() {
            if !seen.insert((node, kind)) {
                continue;
            }
            if let Node::Leaf(f) = self.nodes[node] {
                needed[f] = true;
            }
            if proof {
                let max = matches!(self.nodes[node], Node::Inner { max: true, .. });
                for (i, child) in sorted(node).into_iter().enumerate() {
                    if max || i == 0 {
                        stack.push((child, 0));
                    }
                }
                continue;
            }
            for (i, child) in sorted(node).into_iter().enumerate() {
                match (kind, i) {
                    (0, 0) => stack.push((child, 0)),
                    (0, _) | (2, _) => stack.push((child, 1)),
                    (1, 0) => stack.push((child, 2)),
                    _ => {}
                }
            }
        }
        let mut order: Vec<usize> = (0..frontier.len()).collect();
        order.sort_by_key(|&f| (!needed[f], rank[f]));
        (order, needed)
    }

    /// Every node's estimate, by minimax over the frontier's estimates.
    fn estimates(&self, frontier: &[Frontier]) -> Vec<i32> {
        let mut out: Vec<i32> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let value = match node {
                Node::Known(v) => *v,
                Node::Leaf(f) => frontier[*f].estimate,
                Node::Inner {
                    max: true,
                    children,
                } => children.iter().map(|&(_, c)| out[c]).max().unwrap_or(0),
                Node::Inner { children, .. } => {
                    children.iter().map(|&(_, c)| out[c]).min().unwrap_or(0)
                }
            };
            out.push(value);
        }
        out
    }
}
