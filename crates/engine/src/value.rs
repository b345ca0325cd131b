//! The value model: win / lose / draw / unknown with remoteness, from the
//! side to move.
//!
//! [`Outcome::four_score`] is the four-score scale (computer wins 3, draw 2,
//! undecided 1, human wins 0), from the (n,k)-tic-tac-toe request, where it
//! labels every move of the computer's.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The game-theoretic outcome of a position for the player to move, or of a
/// move for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player can force a win.
    Win,
    /// The opponent can force a win.
    Lose,
    /// Neither can force a win.
    Draw,
    /// A depth-limited search that did not decide.
    Unknown,
}

impl Outcome {
    /// The same outcome seen by the opponent: win and loss swap, draw and
    /// unknown stay.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Lose,
            Outcome::Lose => Outcome::Win,
            other => other,
        }
    }

    /// The outcome's word as every front end writes it (`win`, `lose`,
    /// `draw`, `unknown`), the same as its JSON form.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Lose => "lose",
            Outcome::Draw => "draw",
            Outcome::Unknown => "unknown",
        }
    }

    /// The outcome on the four-score scale, for the player the value
    /// belongs to: win 3, draw 2, undecided 1, loss 0.
    pub fn four_score(self) -> u8 {
        match self {
            Outcome::Win => 3,
            Outcome::Draw => 2,
            Outcome::Unknown => 1,
            Outcome::Lose => 0,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An outcome plus remoteness (plies to the end under perfect play: the
/// winner hurries, the loser holds out) and, for games scored by margin
/// (Othello), the final disc margin. `heuristic` holds a search score when
/// the outcome is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    /// Win, lose, draw or unknown, for the player the value belongs to.
    pub outcome: Outcome,
    /// Plies to the end under perfect play, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// The final margin for the player the value belongs to, in games
    /// scored by margin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<i32>,
    /// The search's score for the player the value belongs to, when the
    /// outcome is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<i32>,
}

impl Value {
    /// An outcome with this remoteness, no margin and no score.
    pub fn new(outcome: Outcome, remoteness: Option<u32>) -> Value {
        Value {
            outcome,
            remoteness,
            margin: None,
            heuristic: None,
        }
    }

    /// A win in `remoteness` plies.
    pub fn win(remoteness: u32) -> Value {
        Value::new(Outcome::Win, Some(remoteness))
    }

    /// A loss in `remoteness` plies.
    pub fn lose(remoteness: u32) -> Value {
        Value::new(Outcome::Lose, Some(remoteness))
    }

    /// A draw, with the plies to the end when they are known.
    pub fn draw(remoteness: Option<u32>) -> Value {
        Value::new(Outcome::Draw, remoteness)
    }

    /// An undecided value with no score.
    pub fn unknown() -> Value {
        Value::new(Outcome::Unknown, None)
    }

    /// The value of the move leading to a child whose value (for the
    /// opponent, to move there) is `self`: outcome flipped; remoteness is the
    /// child's (plies left after the move), as GamesCrafters reports it.
    pub fn as_move_value(self) -> Value {
        Value {
            outcome: self.outcome.flip(),
            remoteness: self.remoteness,
            margin: self.margin.map(|m| -m),
            heuristic: self.heuristic.map(|h| -h),
        }
    }

    /// Ranks values for the player they belong to: higher is better. Shortest
    /// win first, then larger margin; longest loss is the least bad.
    pub fn preference(&self) -> (i64, i64) {
        let r = self.remoteness.unwrap_or(0) as i64;
        let margin = self.margin.unwrap_or(0) as i64;
        match self.outcome {
            Outcome::Win => (3_000_000 + margin * 1000, -r),
            Outcome::Draw => (2_000_000, 0),
            Outcome::Unknown => (2_000_000 + self.heuristic.unwrap_or(0) as i64, 0),
            Outcome::Lose => (1_000_000 + margin * 1000, r),
        }
    }

    /// Short human text in the value vocabulary: "win in 3", "draw",
    /// "draw (1 ply to the end)", "lose in 4", "unknown"; a win whose
    /// remoteness a cut-short analysis could not prove is just "win".
    pub fn describe(&self) -> String {
        let mut s = match (self.outcome, self.remoteness) {
            (Outcome::Win, Some(r)) => format!("win in {r}"),
            (Outcome::Lose, Some(r)) => format!("lose in {r}"),
            (Outcome::Draw, Some(r)) => format!("draw ({} to the end)", plies(r)),
            (Outcome::Unknown, _) if self.heuristic.is_some() => {
                format!("unknown (score {:+})", self.heuristic.unwrap_or(0))
            }
            (o, _) => o.as_str().to_string(),
        };
        if let Some(m) = self.margin {
            s.push_str(&format!(" ({m:+})"));
        }
        s
    }
}

/// "1 ply", "2 plies": a count of plies in words.
pub fn plies(count: u32) -> String {
    if count == 1 {
        "1 ply".to_string()
    } else {
        format!("{count} plies")
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.preference().cmp(&other.preference()))
    }
}

/// Value of a position and of each legal move in it.
#[derive(Clone, Debug)]
pub struct Analysis<M> {
    /// The position's value for the side to move.
    pub value: Value,
    /// Each legal move with its value for the side that makes it.
    pub moves: Vec<(M, Value)>,
    /// The transposition table's counters after the search, when the
    /// search used one.
    pub stats: Option<crate::tt::TableStats>,
    /// The depth searched when the analysis was limited (by a depth, or by a
    /// time budget or interrupt that cut it short; 0 when no iteration
    /// finished); `None` for an exact analysis.
    pub depth: Option<u32>,
    /// The principal variation the search found from this position, best
    /// move first, as far as the search knows it; empty when the analyzer
    /// keeps none (a retrograde table, an exact listing).
    pub pv: Vec<M>,
}

impl<M: Copy> Analysis<M> {
    /// The moves whose value is best (ties kept, order preserved).
    pub fn best_moves(&self) -> Vec<M> {
        let best = self.moves.iter().map(|(_, v)| v.preference()).max();
        self.moves
            .iter()
            .filter(|(_, v)| Some(v.preference()) == best)
            .map(|(m, _)| *m)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_described_in_the_vocabulary() {
        assert_eq!(Value::win(3).describe(), "win in 3");
        assert_eq!(Value::lose(4).describe(), "lose in 4");
        assert_eq!(Value::draw(None).describe(), "draw");
        assert_eq!(Value::draw(Some(1)).describe(), "draw (1 ply to the end)");
        assert_eq!(Value::draw(Some(2)).describe(), "draw (2 plies to the end)");
        assert_eq!(Value::unknown().describe(), "unknown");
        assert_eq!(Value::new(Outcome::Win, None).describe(), "win");
        let words: Vec<&str> = [Outcome::Win, Outcome::Draw, Outcome::Lose, Outcome::Unknown]
            .iter()
            .map(|o| o.as_str())
            .collect();
        assert_eq!(words, ["win", "draw", "lose", "unknown"]);
        assert_eq!(
            serde_json::to_string(&Outcome::Lose).expect("json"),
            "\"lose\""
        );
        assert_eq!(plies(0), "0 plies");
    }
}
