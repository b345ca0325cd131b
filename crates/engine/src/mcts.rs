//! Monte Carlo tree search (UCT) for `mcts:PLAYOUTS`: a bot that needs no
//! evaluation function, only the rules.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::config::EngineConfig;
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

/// UCT with a fixed number of playouts per move.
pub struct MctsPlayer {
    playouts: u32,
    rng: StdRng,
}

impl MctsPlayer {
    /// A player running `playouts` playouts (at least one) a move, seeded
    /// from the config.
    pub fn new(playouts: u32, config: &EngineConfig) -> Self {
        MctsPlayer {
            playouts: playouts.max(1),
            rng: StdRng::seed_from_u64(config.seed),
        }
    }

    fn playout<G: Game>(&mut self, game: &mut G, moves: &mut Vec<G::Move>) -> Option<GameResult> {
        for _ in 0..PLAYOUT_LIMIT {
            if let Some(result) = game.result() {
                return Some(result);
            }
            game.generate_moves(moves);
            let &mv = moves.choose(&mut self.rng)?;
            game.play(mv);
        }
        game.result()
    }
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
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut nodes = vec![Node {
            mv: None,
            mover: game.to_move().opponent(),
            visits: 0,
            reward: 0.0,
            children: Vec::new(),
            untried: moves.clone(),
        }];
        for _ in 0..self.playouts {
            let mut position = game.clone();
            let mut path = vec![0usize];
            let mut current = 0;
            while nodes[current].untried.is_empty() && !nodes[current].children.is_empty() {
                current = select(&nodes, current);
                position.play(nodes[current].mv.expect("children have moves"));
                path.push(current);
            }
            let untried = nodes[current].untried.len();
            if untried > 0 {
                let mv = nodes[current]
                    .untried
                    .swap_remove(self.rng.gen_range(0..untried));
                let mover = position.to_move();
                position.play(mv);
                position.generate_moves(&mut moves);
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
            }
            let result = self.playout(&mut position, &mut moves);
            for &i in &path {
                nodes[i].visits += 1;
                nodes[i].reward += reward(result, nodes[i].mover);
            }
        }
        let mv = nodes[0]
            .children
            .iter()
            .max_by_key(|&&i| nodes[i].visits)
            .and_then(|&i| nodes[i].mv)
            .expect("a position that is not over has a move");
        Choice { mv, value: None }
    }
}
