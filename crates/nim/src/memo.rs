//! Plain memoised search over positions: the slow, obviously correct
//! reference that Bouton's rule and the tree marks are checked against.

use std::collections::HashMap;

use ply_engine::Value;

/// Values of positions (rows sorted, since order does not matter), for the
/// player to move, with remoteness.
#[derive(Debug, Default)]
pub struct MemoSolver {
    misere: bool,
    table: HashMap<Vec<u16>, Value>,
}

impl MemoSolver {
    /// An empty solver for normal or misère play.
    pub fn new(misere: bool) -> Self {
        MemoSolver {
            misere,
            table: HashMap::new(),
        }
    }

    /// Positions solved so far.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True before any position is solved.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The value of `rows` for the player to move: a win if some move leaves
    /// the opponent lost (fastest such win), else a loss (slowest).
    pub fn value(&mut self, rows: &[u16]) -> Value {
        let mut key = rows.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.table.get(&key) {
            return v;
        }
        let v = if key.iter().all(|&r| r == 0) {
            if self.misere {
                Value::win(0)
            } else {
                Value::lose(0)
            }
        } else {
            let mut best_win: Option<u32> = None;
            let mut longest_loss = 0;
            let mut child = key.clone();
            for row in 0..key.len() {
                for left in 0..key[row] {
                    child[row] = left;
                    let c = self.value(&child);
                    let r = c.remoteness.unwrap_or(0);
                    if c.outcome == ply_engine::Outcome::Lose {
                        best_win = Some(best_win.map_or(r, |b| b.min(r)));
                    } else {
                        longest_loss = longest_loss.max(r);
                    }
                }
                child[row] = key[row];
            }
            match best_win {
                Some(r) => Value::win(r + 1),
                None => Value::lose(longest_loss + 1),
            }
        };
        self.table.insert(key, v);
        v
    }
}
