//! Bouton's rule, with remoteness in closed form, for normal and misère play.
//!
//! Normal play: the player to move loses exactly when the XOR of the rows is
//! 0. Misère play: the same, except when every row holds at most one object,
//! where the player to move loses exactly when an odd number of rows is left.
//!
//! Remoteness (plies to the end when the winner hurries and the loser holds
//! out) has a closed form too, found by exhaustive search and checked
//! against it in the tests for every position of up to four small rows:
//! - a lost position lasts as long as there are objects (the loser takes
//!   one at a time and the winner can always answer), one ply less in misère
//!   play when some row holds two or more (the winner leaves the last object
//!   to the loser instead of taking it);
//! - a won position lasts one ply more than the shortest lost position the
//!   winner can move to; only a few moves per row can reach one (to
//!   `row XOR total`, or emptying or leaving one in misère endgames), so
//!   the search over them is O(rows²).

use ply_engine::{Game, Value};

use crate::game::{Nim, NimMove};

fn xor(rows: &[u16]) -> u16 {
    rows.iter().fold(0, |x, &r| x ^ r)
}

fn sum(rows: &[u16]) -> u32 {
    rows.iter().map(|&r| r as u32).sum()
}

/// True when the player to move loses with perfect play (a P-position).
/// The empty position is lost in normal play and won in misère play.
pub fn is_lost(rows: &[u16], misere: bool) -> bool {
    let all_small = rows.iter().all(|&r| r <= 1);
    if misere && all_small {
        sum(rows) % 2 == 1
    } else {
        xor(rows) == 0
    }
}

/// Remoteness of a position known to be lost for the player to move.
fn lost_remoteness(rows: &[u16], misere: bool) -> u32 {
    let total = sum(rows);
    if misere && rows.iter().any(|&r| r >= 2) {
        total - 1
    } else {
        total
    }
}

/// The targets a winning move might set row `row` to: the only row values
/// that can leave a lost position.
fn winning_targets(rows: &[u16], row: usize) -> impl Iterator<Item = u16> {
    let count = rows[row];
    let target = xor(rows) ^ count;
    [target, 0, 1].into_iter().filter(move |&t| t < count)
}

/// Every winning move with the remoteness of the lost position it leaves.
fn winning_moves(rows: &[u16], misere: bool) -> Vec<(NimMove, u32)> {
    let mut child = rows.to_vec();
    let mut found: Vec<(NimMove, u32)> = Vec::new();
    for row in 0..rows.len() {
        for target in winning_targets(rows, row) {
            child[row] = target;
            if is_lost(&child, misere) {
                let mv = NimMove {
                    row: row as u8,
                    take: rows[row] - target,
                };
                if !found.iter().any(|(m, _)| *m == mv) {
                    found.push((mv, lost_remoteness(&child, misere)));
                }
            }
            child[row] = rows[row];
        }
    }
    found
}

/// The value of a position for the player to move.
pub fn value(rows: &[u16], misere: bool) -> Value {
    if sum(rows) == 0 {
        return if misere {
            Value::win(0)
        } else {
            Value::lose(0)
        };
    }
    if is_lost(rows, misere) {
        return Value::lose(lost_remoteness(rows, misere));
    }
    let shortest = winning_moves(rows, misere)
        .into_iter()
        .map(|(_, r)| r)
        .min()
        .expect("a position that is not lost has a winning move");
    Value::win(shortest + 1)
}

/// The value of playing `mv` in `nim`, for the player making it.
pub fn move_value(nim: &Nim, mv: NimMove) -> Value {
    let mut child = nim.clone();
    child.play(mv);
    value(child.rows(), nim.misere()).as_move_value()
}

/// A best move: the fastest win if there is one, else the longest loss.
pub fn best_move(nim: &Nim) -> Option<NimMove> {
    let rows = nim.rows();
    if sum(rows) == 0 {
        return None;
    }
    if let Some((mv, _)) = winning_moves(rows, nim.misere())
        .into_iter()
        .min_by_key(|&(_, r)| r)
    {
        return Some(mv);
    }
    // Lost: the longest loss is one ply shorter than this position's; taking
    // a single object almost always reaches it, so try those first.
    let target = value(rows, nim.misere()).remoteness.unwrap_or(0);
    let mut moves = Vec::new();
    nim.generate_moves(&mut moves);
    moves.sort_by_key(|m| m.take);
    let mut best: Option<(NimMove, u32)> = None;
    for mv in moves {
        let r = move_value(nim, mv).remoteness.unwrap_or(0);
        if r + 1 == target {
            return Some(mv);
        }
        if best.is_none_or(|(_, b)| r > b) {
            best = Some((mv, r));
        }
    }
    best.map(|(mv, _)| mv)
}
