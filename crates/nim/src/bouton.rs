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
//!   `row XOR total`, or emptying or leaving one in misère endgames), and
//!   each is checked in O(1), so a position's value costs O(rows).

use ply_engine::{Game, Value};

use crate::game::{Nim, NimMove, MAX_ROWS};

/// What the rule needs to know about a position, kept so that the effect of
/// changing one row is O(1).
#[derive(Clone, Copy, Debug)]
struct Summary {
    xor: u16,
    sum: u32,
    /// Rows holding two or more (misère play changes below that).
    big: u32,
}

impl Summary {
    fn of(rows: &[u16]) -> Summary {
        rows.iter().fold(
            Summary {
                xor: 0,
                sum: 0,
                big: 0,
            },
            |s, &r| Summary {
                xor: s.xor ^ r,
                sum: s.sum + r as u32,
                big: s.big + (r >= 2) as u32,
            },
        )
    }

    /// The summary after one row changes from `from` to `to`.
    fn with_row(self, from: u16, to: u16) -> Summary {
        Summary {
            xor: self.xor ^ from ^ to,
            sum: self.sum - from as u32 + to as u32,
            big: self.big - (from >= 2) as u32 + (to >= 2) as u32,
        }
    }

    fn is_lost(self, misere: bool) -> bool {
        if misere && self.big == 0 {
            self.sum % 2 == 1
        } else {
            self.xor == 0
        }
    }

    /// Remoteness of a position known to be lost for the player to move.
    fn lost_remoteness(self, misere: bool) -> u32 {
        if misere && self.big > 0 {
            self.sum - 1
        } else {
            self.sum
        }
    }
}

/// True when the player to move loses with perfect play (a P-position).
/// The empty position is lost in normal play and won in misère play.
pub fn bouton_is_lost(rows: &[u16], misere: bool) -> bool {
    Summary::of(rows).is_lost(misere)
}

/// The winning move that leaves the shortest lost position, with that
/// position's remoteness. Only three values of each row can leave a lost
/// position: `row XOR total`, or 0 or 1 in misère endgames.
fn fastest_win(rows: &[u16], summary: Summary, misere: bool) -> Option<(NimMove, u32)> {
    let mut best: Option<(NimMove, u32)> = None;
    for (row, &count) in rows.iter().enumerate() {
        for target in [summary.xor ^ count, 0, 1] {
            if target >= count {
                continue;
            }
            let child = summary.with_row(count, target);
            if !child.is_lost(misere) {
                continue;
            }
            let remoteness = child.lost_remoteness(misere);
            if best.is_none_or(|(_, r)| remoteness < r) {
                let mv = NimMove {
                    row: row as u8,
                    take: count - target,
                };
                best = Some((mv, remoteness));
            }
        }
    }
    best
}

fn value_of(rows: &[u16], summary: Summary, misere: bool) -> Value {
    if summary.sum == 0 {
        return if misere {
            Value::win(0)
        } else {
            Value::lose(0)
        };
    }
    if summary.is_lost(misere) {
        return Value::lose(summary.lost_remoteness(misere));
    }
    let (_, shortest) =
        fastest_win(rows, summary, misere).expect("a position that is not lost has a winning move");
    Value::win(shortest + 1)
}

/// The value of a position for the player to move.
pub fn bouton_value(rows: &[u16], misere: bool) -> Value {
    value_of(rows, Summary::of(rows), misere)
}

/// The value of playing `mv` in `nim`, for the player making it.
pub fn bouton_move_value(nim: &Nim, mv: NimMove) -> Value {
    let rows = nim.rows();
    let mut child = [0u16; MAX_ROWS];
    child[..rows.len()].copy_from_slice(rows);
    let row = mv.row as usize;
    child[row] -= mv.take;
    bouton_value(&child[..rows.len()], nim.misere()).as_move_value()
}

/// A best move: the fastest win if there is one, else the longest loss.
pub fn bouton_best_move(nim: &Nim) -> Option<NimMove> {
    let rows = nim.rows();
    let summary = Summary::of(rows);
    if summary.sum == 0 {
        return None;
    }
    if let Some((mv, _)) = fastest_win(rows, summary, nim.misere()) {
        return Some(mv);
    }
    // Lost: the longest loss is one ply shorter than this position's; taking
    // a single object almost always reaches it, so try those first.
    let target = value_of(rows, summary, nim.misere())
        .remoteness
        .unwrap_or(0);
    let mut moves = Vec::new();
    nim.generate_moves(&mut moves);
    moves.sort_by_key(|m| m.take);
    let mut best: Option<(NimMove, u32)> = None;
    for mv in moves {
        let r = bouton_move_value(nim, mv).remoteness.unwrap_or(0);
        if r + 1 == target {
            return Some(mv);
        }
        if best.is_none_or(|(_, b)| r > b) {
            best = Some((mv, r));
        }
    }
    best.map(|(mv, _)| mv)
}
