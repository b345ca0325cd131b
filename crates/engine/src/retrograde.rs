//! Strong solutions of games that can go on forever (Trilite), by
//! retrograde analysis over every position reachable from a start.
//!
//! Negamax cannot solve a game with cycles: a line of play may never end.
//! Instead, every reachable position is enumerated once, and values flow
//! backwards from the finished positions: a position with a move to a lost
//! child is won (one ply further than its nearest such child); a position
//! whose every move reaches a won child is lost (one ply further than its
//! farthest child). Processing positions in order of remoteness makes the
//! first label a position gets the right one. What is never labelled is a
//! draw: neither side can force a win, so perfect play goes on forever.
//!
//! `fixed_point` is a second, deliberately plain method (rounds of "label
//! what the previous round's labels decide") that tests compare against.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use crate::error::GameError;
use crate::game::{Game, GameResult};
use crate::player::Analyzer;
use crate::value::{Analysis, Outcome, Value};

/// A multiply-rotate hasher (FxHash): game keys are already well mixed
/// integers, and SipHash would dominate the solve time.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.add(u64::from(byte));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        // A product's low bits depend only on the input's low bits, and
        // the table indexes by low bits: bring the well-mixed high bits down.
        self.0.rotate_left(26)
    }
}

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The stored value of one position: outcome and remoteness in 4 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Label {
    outcome: Outcome,
    remoteness: u16,
}

impl Label {
    const DRAW: Label = Label {
        outcome: Outcome::Draw,
        remoteness: u16::MAX,
    };

    fn value(self) -> Value {
        match self.outcome {
            Outcome::Draw if self.remoteness == u16::MAX => Value::draw(None),
            outcome => Value::new(outcome, Some(u32::from(self.remoteness))),
        }
    }
}

/// Counts that describe a solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SolutionStats {
    pub positions: usize,
    /// Positions won for the side to move.
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// Positions where the game is already over.
    pub terminal: usize,
    /// Moves between reachable positions.
    pub edges: usize,
    pub max_remoteness: u32,
}

/// The value of every position reachable from a start.
pub struct Solution<G: Game> {
    index: FxMap<G::Key, u32>,
    labels: Vec<Label>,
    stats: SolutionStats,
}

impl<G: Game> Solution<G> {
    /// Enumerates the positions reachable from `start` and labels them all.
    /// Fails if there are more than `max_positions` (the game is too big to
    /// hold in memory this way).
    pub fn solve(start: &G, max_positions: usize) -> Result<Self, GameError> {
        let graph = Graph::enumerate(start, max_positions)?;
        let labels = graph.label();
        let mut stats = SolutionStats {
            positions: labels.len(),
            edges: graph.edges.len(),
            terminal: graph.terminal.iter().filter(|t| t.is_some()).count(),
            ..SolutionStats::default()
        };
        for label in &labels {
            match label.outcome {
                Outcome::Win => stats.wins += 1,
                Outcome::Lose => stats.losses += 1,
                _ => stats.draws += 1,
            }
            if label.outcome != Outcome::Draw {
                stats.max_remoteness = stats.max_remoteness.max(u32::from(label.remoteness));
            }
        }
        Ok(Solution {
            index: graph.index,
            labels,
            stats,
        })
    }

    /// The solution's counts: positions by value, terminal positions,
    /// moves, the longest remoteness.
    pub fn stats(&self) -> SolutionStats {
        self.stats
    }

    /// Number of reachable positions.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// True when no position is reachable (never, for a solved start).
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The value of a position for the side to move, if it is reachable.
    pub fn value(&self, game: &G) -> Option<Value> {
        self.value_of_key(&game.key())
    }

    /// The value stored under a position key.
    pub fn value_of_key(&self, key: &G::Key) -> Option<Value> {
        self.index
            .get(key)
            .map(|&i| self.labels[i as usize].value())
    }

    /// Every position's key and value (tests compare methods with it).
    pub fn iter(&self) -> impl Iterator<Item = (G::Key, Value)> + '_ {
        self.index
            .iter()
            .map(|(key, &i)| (*key, self.labels[i as usize].value()))
    }

    /// The value of the position and of each of its moves, from the table.
    pub fn analyze(&self, game: &G) -> Result<Analysis<G::Move>, GameError> {
        let unreachable = || {
            GameError::Unsupported(
                "this position cannot be reached from the start, so it is not in the solved table"
                    .into(),
            )
        };
        let value = self.value(game).ok_or_else(unreachable)?;
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut child = game.clone();
        let mut results = Vec::with_capacity(moves.len());
        for mv in moves {
            let undo = child.play(mv);
            let value = self.value(&child).ok_or_else(unreachable)?;
            child.undo(mv, undo);
            results.push((mv, value.as_move_value()));
        }
        Ok(Analysis {
            pv: Vec::new(),
            value,
            moves: results,
            stats: None,
            depth: None,
        })
    }
}

/// The analyzer over a shared solution: perfect play by table look-up.
pub struct RetrogradeAnalyzer<G: Game> {
    solution: Arc<Solution<G>>,
}

impl<G: Game> RetrogradeAnalyzer<G> {
    /// An analyzer reading `solution`, which many analyzers may share.
    pub fn new(solution: Arc<Solution<G>>) -> Self {
        RetrogradeAnalyzer { solution }
    }
}

impl<G: Game> Analyzer<G> for RetrogradeAnalyzer<G> {
    fn analyze(&mut self, game: &G) -> Result<Analysis<G::Move>, GameError> {
        self.solution.analyze(game)
    }
}

/// The reachable positions and their moves, as compressed adjacency lists.
struct Graph<G: Game> {
    index: FxMap<G::Key, u32>,
    /// Moves of position `i` lead to `edges[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u32>,
    edges: Vec<u32>,
    /// The fixed value of each finished position.
    terminal: Vec<Option<Label>>,
}

impl<G: Game> Graph<G> {
    fn enumerate(start: &G, max_positions: usize) -> Result<Self, GameError> {
        let mut index = FxMap::default();
        let mut frontier = vec![start.clone()];
        index.insert(start.key(), 0u32);
        let mut offsets = vec![0u32];
        let mut edges = Vec::new();
        let mut terminal = Vec::new();
        let mut moves = Vec::new();
        // Breadth first: `frontier[i]` is position number `i`.
        let mut i = 0;
        while i < frontier.len() {
            let game = frontier[i].clone();
            terminal.push(game.result().map(|result| terminal_label(&game, result)));
            game.generate_moves(&mut moves);
            let mut child = game;
            for &mv in &moves {
                let undo = child.play(mv);
                let next = index.len() as u32;
                let id = *index.entry(child.key()).or_insert(next);
                if id == next {
                    if frontier.len() >= max_positions {
                        return Err(GameError::Unsupported(format!(
                            "more than {max_positions} positions are reachable: too many to solve by retrograde analysis"
                        )));
                    }
                    frontier.push(child.clone());
                }
                edges.push(id);
                child.undo(mv, undo);
            }
            offsets.push(edges.len() as u32);
            i += 1;
        }
        Ok(Graph {
            index,
            offsets,
            edges,
            terminal,
        })
    }

    fn children(&self, i: usize) -> &[u32] {
        &self.edges[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// Retrograde labelling, breadth first from the finished positions.
    fn label(&self) -> Vec<Label> {
        let n = self.terminal.len();
        // Parents as compressed lists (one entry per move, repeats kept so
        // that the countdown below matches the number of moves).
        let mut parent_offsets = vec![0u32; n + 1];
        for &child in &self.edges {
            parent_offsets[child as usize + 1] += 1;
        }
        for i in 0..n {
            parent_offsets[i + 1] += parent_offsets[i];
        }
        let mut fill = parent_offsets.clone();
        let mut parents = vec![0u32; self.edges.len()];
        for parent in 0..n {
            for &child in self.children(parent) {
                parents[fill[child as usize] as usize] = parent as u32;
                fill[child as usize] += 1;
            }
        }

        let mut labels: Vec<Option<Label>> = self.terminal.clone();
        // Moves of each position not yet known to lead to a won child.
        let mut unrefuted: Vec<u32> = (0..n).map(|i| self.children(i).len() as u32).collect();
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&i| labels[i as usize].is_some_and(|l| l.outcome != Outcome::Draw))
            .collect();
        let mut head = 0;
        while head < queue.len() {
            let child = queue[head] as usize;
            head += 1;
            let label = labels[child].expect("queued positions are labelled");
            let remoteness = label.remoteness + 1;
            let range = parent_offsets[child] as usize..parent_offsets[child + 1] as usize;
            for &parent in &parents[range] {
                let parent = parent as usize;
                if labels[parent].is_some() {
                    continue;
                }
                match label.outcome {
                    Outcome::Lose => {
                        labels[parent] = Some(Label {
                            outcome: Outcome::Win,
                            remoteness,
                        });
                        queue.push(parent as u32);
                    }
                    _ => {
                        unrefuted[parent] -= 1;
                        if unrefuted[parent] == 0 {
                            labels[parent] = Some(Label {
                                outcome: Outcome::Lose,
                                remoteness,
                            });
                            queue.push(parent as u32);
                        }
                    }
                }
            }
        }
        labels
            .into_iter()
            .map(|l| l.unwrap_or(Label::DRAW))
            .collect()
    }
}

/// The label of a finished position for the side to move.
fn terminal_label<G: Game>(game: &G, result: GameResult) -> Label {
    let outcome = match result {
        GameResult::Win(side) if side == game.to_move() => Outcome::Win,
        GameResult::Win(_) => Outcome::Lose,
        GameResult::Draw => Outcome::Draw,
    };
    Label {
        outcome,
        remoteness: 0,
    }
}

/// The second method: enumerate depth first into a plain `HashMap`, then
/// repeat rounds in which every unlabelled position is labelled from the
/// previous round's labels of its children (a win if one child is lost, a
/// loss if all are won), round `n` giving remoteness `n`, until a round
/// changes nothing. Slow and simple on purpose; tests check that it agrees
/// with `Solution` on every position.
pub fn fixed_point<G: Game>(start: &G) -> HashMap<G::Key, Value> {
    let mut ids: HashMap<G::Key, usize> = HashMap::new();
    let mut positions = vec![start.clone()];
    ids.insert(start.key(), 0);
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut stack = vec![0usize];
    let mut pending: Vec<Option<Vec<usize>>> = vec![None];
    while let Some(i) = stack.pop() {
        if pending[i].is_some() {
            continue;
        }
        let mut moves = Vec::new();
        positions[i].generate_moves(&mut moves);
        let mut kids = Vec::new();
        for mv in moves {
            let mut child = positions[i].clone();
            child.play(mv);
            let id = *ids.entry(child.key()).or_insert_with(|| {
                positions.push(child.clone());
                pending.push(None);
                positions.len() - 1
            });
            kids.push(id);
            stack.push(id);
        }
        pending[i] = Some(kids);
    }
    children.extend(pending.into_iter().map(|k| k.unwrap_or_default()));

    let mut values: Vec<Option<Value>> = positions
        .iter()
        .map(|game| {
            game.result().map(|result| match result {
                GameResult::Win(side) if side == game.to_move() => Value::win(0),
                GameResult::Win(_) => Value::lose(0),
                GameResult::Draw => Value::draw(Some(0)),
            })
        })
        .collect();
    let mut round = 1;
    loop {
        let previous = values.clone();
        let mut changed = false;
        for (i, kids) in children.iter().enumerate() {
            if previous[i].is_some() || kids.is_empty() {
                continue;
            }
            let outcome = |k: &usize| previous[*k].map(|v| v.outcome);
            if kids.iter().any(|k| outcome(k) == Some(Outcome::Lose)) {
                values[i] = Some(Value::win(round));
                changed = true;
            } else if kids.iter().all(|k| outcome(k) == Some(Outcome::Win)) {
                values[i] = Some(Value::lose(round));
                changed = true;
            }
        }
        if !changed {
            break;
        }
        round += 1;
    }
    ids.into_iter()
        .map(|(key, i)| (key, values[i].unwrap_or(Value::draw(None))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;

    /// A game on a small directed graph, the same for both sides: a move
    /// follows an edge and passes the turn; reaching a node without edges
    /// wins for the player who moved there. Node 0 has a pass (a loop) and
    /// an edge into a trap, so it is a draw; the rest are wins and losses at
    /// known distances.
    const EDGES: [&[u8]; 11] = [
        &[0, 2],          // 0: pass forever, or walk into the trap: draw
        &[],              // 1: unused
        &[3],             // 2: the mover reaches 3 and wins: win in 1
        &[],              // 3: finished
        &[5],             // 4: forced into 5, where the opponent wins: lose in 2
        &[4, 6],          // 5: the mover reaches 6 and wins: win in 1
        &[],              // 6: finished
        &[2, 4],          // 7: into 4 (opponent loses in 2): win in 3
        &[2, 5],          // 8: both children win for the opponent: lose in 2
        &[8, 0],          // 9: into 8: win in 3, though 0 would draw
        &[0, 4, 7, 8, 9], // 10: the start: win in 3
    ];

    #[derive(Clone, Debug)]
    struct Walk {
        node: u8,
        side: Side,
        ply: u32,
    }

    impl Game for Walk {
        type Move = u8;
        type Undo = u8;
        type Key = (u8, u8);
        const ALWAYS_ENDS: bool = false;

        fn to_move(&self) -> Side {
            self.side
        }
        fn result(&self) -> Option<GameResult> {
            EDGES[self.node as usize]
                .is_empty()
                .then_some(GameResult::Win(self.side.opponent()))
        }
        fn generate_moves(&self, moves: &mut Vec<u8>) {
            moves.clear();
            moves.extend_from_slice(EDGES[self.node as usize]);
        }
        fn play(&mut self, mv: u8) -> u8 {
            debug_assert!(EDGES[self.node as usize].contains(&mv), "no edge to {mv}");
            let from = self.node;
            self.node = mv;
            self.side = self.side.opponent();
            self.ply += 1;
            from
        }
        fn undo(&mut self, mv: u8, from: u8) {
            debug_assert_eq!(self.node, mv, "undo of a move that is not the last one");
            self.node = from;
            self.side = self.side.opponent();
            self.ply -= 1;
        }
        fn hash(&self) -> u64 {
            self.recompute_hash()
        }
        fn recompute_hash(&self) -> u64 {
            u64::from(self.node) * 2 + self.side.index() as u64
        }
        fn key(&self) -> (u8, u8) {
            (self.node, self.side.index() as u8)
        }
        fn ply(&self) -> u32 {
            self.ply
        }
    }

    fn at(node: u8, side: Side) -> Walk {
        Walk { node, side, ply: 0 }
    }

    #[test]
    fn labels_wins_losses_and_draws_with_remoteness() {
        let start = at(10, Side::First);
        let solution = Solution::solve(&start, 100).expect("small");
        let expected = [
            (0, Value::draw(None)),
            (2, Value::win(1)),
            (3, Value::lose(0)),
            (4, Value::lose(2)),
            (5, Value::win(1)),
            (6, Value::lose(0)),
            (7, Value::win(3)),
            (8, Value::lose(2)),
            (9, Value::win(3)),
        ];
        for (node, value) in expected {
            for side in Side::BOTH {
                let position = at(node, side);
                if let Some(found) = solution.value(&position) {
                    assert_eq!(found, value, "node {node}, {side:?} to move");
                }
            }
        }
        assert_eq!(solution.value(&start), Some(Value::win(3)));
        assert_eq!(solution.value(&at(1, Side::First)), None, "unreachable");
        let analysis = solution.analyze(&start).expect("reachable");
        assert_eq!(analysis.best_moves(), vec![4, 8]);
        let plain = fixed_point(&start);
        assert_eq!(plain.len(), solution.len());
        for (key, value) in solution.iter() {
            assert_eq!(plain.get(&key), Some(&value), "{key:?}");
        }
    }

    #[test]
    fn refuses_more_positions_than_allowed() {
        assert!(Solution::solve(&at(10, Side::First), 5).is_err());
    }
}
