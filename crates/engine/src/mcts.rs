//! Monte Carlo tree search (UCT) for `mcts:PLAYOUTS`: a bot that needs no
//! evaluation function, only the rules.
//!
//! Its tree is bounded in memory: nodes and the moves they have not tried
//! yet take at most the config's table size (`--hash`, in MiB); once the
//! tree is that big, playouts go on from its leaves without adding nodes.
//! With a move time in the config, the search also stops at that deadline
//! (the playouts run so far choose the move).

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::config::EngineConfig;
use crate::deadline::Deadline;
use crate::game::{Game, GameResult, Side};
use crate::player::{Choice, Player};

/// Plies after which a random playout is scored as a draw (loopy games).
const PLAYOUT_LIMIT: u32 = 400;
/// UCT exploration constant.
const EXPLORATION: f64 = 1.4;

struct Node<M> {
    /// The move that led here (none at the root).
    mv: Option<M>,
    /// The side that made `mv`; rewards are counted for it.
    mover: Side,
    visits: u32,
    /// Sum of results for `mover`: 1 win, 0.5 draw, 0 loss.
    reward: f64,
    children: Vec<usize>,
    untried: Vec<M>,
}

/// UCT with a fixed number of playouts per move, within a memory budget
/// and, when the config has one, a move time.
pub struct MctsPlayer {
    playouts: u32,
    rng: StdRng,
    budget_bytes: usize,
    move_time: Option<std::time::Duration>,
    /// Nodes and bytes of the last search's tree.
    last_tree: (usize, usize),
}

impl MctsPlayer {
    /// A player running `playouts` playouts (at least one) a move, seeded
    /// from the config, its tree within the config's table size (one MiB
    /// at least) and each move within the config's move time, if any.
    pub fn new(playouts: u32, config: &EngineConfig) -> Self {
        MctsPlayer {
            playouts: playouts.max(1),
            rng: StdRng::seed_from_u64(config.seed),
            budget_bytes: config.hash_mb.max(1).saturating_mul(1 << 20),
            move_time: config.move_time,
            last_tree: (0, 0),
        }
    }

    /// The bytes a search's tree may take: nodes and their untried moves.
    pub fn budget_bytes(&self) -> usize {
        self.budget_bytes
    }

    /// The nodes a tree of moves of type `M` holds at most: the budget
    /// divided by the size of a node without moves.
    pub fn node_cap<M>(&self) -> usize {
        self.budget_bytes / std::mem::size_of::<Node<M>>()
    }

    /// The nodes and bytes of the last search's tree (zero before any).
    pub fn last_tree(&self) -> (usize, usize) {
        self.last_tree
    }

    /// A random game from `game`, or `None` when the deadline stopped it.
    fn playout<G: Game>(
        &mut self,
        game: &mut G,
        moves: &mut Vec<G::Move>,
        deadline: &Deadline,
    ) -> Option<Option<GameResult>> {
        for _ in 0..PLAYOUT_LIMIT {
            if let Some(result) = game.result() {
                return Some(Some(result));
            }
            if deadline.is_limited() && deadline.expired() {
                return None;
            }
            game.generate_moves(moves);
            let Some(&mv) = moves.choose(&mut self.rng) else {
                return Some(None);
            };
            game.play(mv);
        }
        Some(game.result())
    }
}

/// The bytes a node with `untried` moves of type `M` takes in the tree
/// (its slot in its parent's children counted too).
fn node_bytes<M>(untried: usize) -> usize {
    std::mem::size_of::<Node<M>>()
        + std::mem::size_of::<usize>()
        + untried.saturating_mul(std::mem::size_of::<M>())
}

fn reward(result: Option<GameResult>, side: Side) -> f64 {
    match result {
        Some(GameResult::Win(winner)) if winner == side => 1.0,
        Some(GameResult::Win(_)) => 0.0,
        _ => 0.5,
    }
}

/// The child of `parent` with the best upper confidence bound.
fn select<M>(nodes: &[Node<M>], parent: usize) -> usize {
    let log_visits = (nodes[parent].visits.max(1) as f64).ln();
    let ucb = |i: usize| {
        let node = &nodes[i];
        let visits = node.visits.max(1) as f64;
        node.reward / visits + EXPLORATION * (log_visits / visits).sqrt()
    };
    *nodes[parent]
        .children
        .iter()
        .max_by(|&&a, &&b| ucb(a).total_cmp(&ucb(b)))
        .expect("a fully expanded node has children")
}

impl<G: Game> Player<G> for MctsPlayer {
    fn choose(&mut self, game: &G) -> Choice<G::Move> {
        let deadline = Deadline::after(self.move_time);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut used = node_bytes::<G::Move>(moves.len());
        let mut full = false;
        let mut nodes = vec![Node {
            mv: None,
            mover: game.to_move().opponent(),
            visits: 0,
            reward: 0.0,
            children: Vec::new(),
            untried: moves.clone(),
        }];
        for _ in 0..self.playouts {
            if deadline.is_limited() && deadline.expired() {
                break;
            }
            let mut position = game.clone();
            let mut path = vec![0usize];
            let mut current = 0;
            while nodes[current].untried.is_empty() && !nodes[current].children.is_empty() {
                current = select(&nodes, current);
                position.play(nodes[current].mv.expect("children have moves"));
                path.push(current);
            }
            let untried = nodes[current].untried.len();
            // A full tree adds no nodes (the root always gets one child, so
            // that the search has a move to answer).
            if untried > 0 && (!full || nodes.len() == 1) {
                let mv = nodes[current]
                    .untried
                    .swap_remove(self.rng.gen_range(0..untried));
                let mover = position.to_move();
                position.play(mv);
                position.generate_moves(&mut moves);
                let cost = node_bytes::<G::Move>(moves.len());
                if used.saturating_add(cost) <= self.budget_bytes || nodes.len() == 1 {
                    used = used.saturating_add(cost);
                    let child = nodes.len();
                    nodes.push(Node {
                        mv: Some(mv),
                        mover,
                        visits: 0,
                        reward: 0.0,
                        children: Vec::new(),
                        untried: moves.clone(),
                    });
                    nodes[current].children.push(child);
                    path.push(child);
                } else {
                    // No room for it: the move goes back untried, and the
                    // tree is full from now on.
                    nodes[current].untried.push(mv);
                    full = true;
                    position = game.clone();
                    for &i in &path[1..] {
                        position.play(nodes[i].mv.expect("children have moves"));
                    }
                }
            }
            let Some(result) = self.playout(&mut position, &mut moves, &deadline) else {
                break;
            };
            for &i in &path {
                nodes[i].visits += 1;
                nodes[i].reward += reward(result, nodes[i].mover);
            }
        }
        self.last_tree = (nodes.len(), used);
        let best = nodes[0]
            .children
            .iter()
            .max_by_key(|&&i| nodes[i].visits)
            .and_then(|&i| nodes[i].mv);
        let mv = match best {
            Some(mv) => mv,
            None => *nodes[0]
                .untried
                .first()
                .expect("a position that is not over has a move"),
        };
        Choice { mv, value: None }
    }
}
