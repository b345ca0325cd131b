//! The brain's clock: the time for one move from what the manager said
//! (`INFO timeout_turn`, `timeout_match`, `time_left`).

use std::time::Duration;

/// The longest think, whatever `timeout_turn` says: a day, as the longest
/// `--move-time` elsewhere in ply.
const MAX_TURN: Duration = Duration::from_secs(24 * 60 * 60);
/// The time kept back from `timeout_turn` for the answer to travel and a
/// busy machine's scheduling, besides a twentieth of the turn.
const TURN_MARGIN_MS: u64 = 30;
/// The think when `timeout_turn` is 0, "as fast as possible".
pub(super) const FASTEST_MS: u64 = 20;
/// Under a match clock a move takes at most this share of what is left...
const MATCH_SHARE_HARD: u64 = 10;
/// ... and starts no new iteration after this share (doubled when sharp).
const MATCH_SHARE_SOFT: u64 = 30;

/// The time limits the manager gave, in milliseconds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clock {
    /// `INFO timeout_turn`: the limit on one move (0: as fast as possible).
    pub timeout_turn: u64,
    /// `INFO timeout_match`: the limit on the whole match (0: none).
    pub timeout_match: u64,
    /// `INFO time_left`: what is left of the match's time.
    pub time_left: Option<u64>,
}

impl Default for Clock {
    /// piskvork's defaults: 30 s a turn, no match limit.
    fn default() -> Clock {
        Clock {
            timeout_turn: 30_000,
            timeout_match: 0,
            time_left: None,
        }
    }
}

impl Clock {
    /// The time for this move, from the limits the manager gave: the
    /// hard limit (the answer is sent within it) and the soft one (no new
    /// iteration starts after it, doubled in a sharp position; see
    /// [`crate::search::Engine::best_move_timed`]).
    pub fn budget(&self) -> (Duration, Duration) {
        // Saturating: a huge turn time is a long think, and a product that
        // wrapped around would make it a few milliseconds.
        let mut hard = if self.timeout_turn == 0 {
            FASTEST_MS
        } else {
            let margin = TURN_MARGIN_MS.saturating_add(self.timeout_turn / 20);
            self.timeout_turn.saturating_sub(margin).max(5)
        };
        // 70% of it, in a wider type: `hard * 7` overflows near the top.
        let mut soft = (u128::from(hard) * 7 / 10) as u64;
        if let Some(left) = self.time_left {
            if self.timeout_match > 0 {
                // What the match clock allows: a share of what is left,
                // more for a sharp move, never the last of it.
                let usable = left.saturating_sub(TURN_MARGIN_MS + left / 20);
                hard = hard.min((usable / MATCH_SHARE_HARD).max(5));
                soft = soft.min((usable / MATCH_SHARE_SOFT).max(2));
            }
        }
        (
            Duration::from_millis(hard).min(MAX_TURN),
            Duration::from_millis(soft).min(MAX_TURN),
        )
    }
}
