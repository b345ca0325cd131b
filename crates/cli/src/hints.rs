//! Text forms of values and move reports, shared by `hint` and `solve`.
//!
//! The four scores in words (`3 (COMPUTER WINS)`, `2 (DRAW)`,
//! `1 (UNDECIDED)`, `0 (HUMAN WINS)`), shown from the computer's side, are
//! worded as the (n,k)-tic-tac-toe request words them.

use std::time::Duration;

use ply_engine::{EngineConfig, Outcome, Report, TableStats, Value};

use crate::grammar::count;

/// "win in 3", "draw", "lose in 4 (-6)", "unknown".
pub fn describe(value: &Value) -> String {
    value.describe()
}

/// Why an analysis ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It finished its work (any unknowns lie beyond `--depth`).
    Finished,
    /// It had a time budget and no depth limit, so what it left unknown
    /// it could not prove within the budget.
    OutOfTime(Duration),
    /// The user pressed Ctrl-C.
    Interrupted,
}

impl Ending {
    /// How an analysis run with `config` ended after `elapsed`.
    pub fn of(interrupted: bool, config: &EngineConfig, elapsed: Duration) -> Ending {
        match config.move_time {
            _ if interrupted => Ending::Interrupted,
            Some(budget) if elapsed >= budget || config.depth.is_none() => {
                Ending::OutOfTime(budget)
            }
            _ => Ending::Finished,
        }
    }
}

/// The four-score of a move whose value for the computer is `outcome`,
/// with its words: "2 (DRAW)".
pub fn worded_four_score(outcome: Outcome) -> String {
    let name = match outcome {
        Outcome::Win => "COMPUTER WINS",
        Outcome::Draw => "DRAW",
        Outcome::Unknown => "UNDECIDED",
        Outcome::Lose => "HUMAN WINS",
    };
    format!("{} ({name})", outcome.four_score())
}

/// Whose side the four scores are read from in a hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scores {
    /// A game without the four scores, or no computer plays: no scores.
    None,
    /// The computer is the opponent of the player asking (the scale's
    /// human), so a move's score is its value for the opponent.
    ComputerOpposes,
}

/// Every move grouped win / draw / unknown / lose, best first, each with
/// its remoteness, final margin or search score in brackets.
pub fn format_report(report: &Report) -> String {
    format_report_scored(report, Scores::None)
}

/// [`format_report`], each group followed by the four-score of its moves
/// when `scores` asks for them.
pub fn format_report_scored(report: &Report, scores: Scores) -> String {
    let mut text = format!("Value: {}", describe(&report.value));
    match report.depth {
        // Stopped before its first iteration finished: nothing was searched through.
        Some(0) => text.push_str(" (stopped before the first ply was searched)"),
        Some(depth) => text.push_str(&format!(" (searched {})", count(depth, "ply", "plies"))),
        None => {}
    }
    text.push('\n');
    for (outcome, moves) in report.grouped() {
        let list: Vec<String> = moves
            .iter()
            .map(
                |m| match (m.value.remoteness, m.value.margin, m.value.heuristic) {
                    (_, Some(margin), _) => format!("{} ({margin:+})", m.mv),
                    (Some(r), None, _) => format!("{} ({r})", m.mv),
                    (None, None, Some(score)) => format!("{} (score {score:+})", m.mv),
                    _ => m.mv.clone(),
                },
            )
            .collect();
        text.push_str(&format!("  {:<8} ", outcome.as_str()));
        if scores == Scores::ComputerOpposes {
            // A column of its own, as wide as "score 3 (COMPUTER WINS)".
            let score = format!("score {}", worded_four_score(outcome.flip()));
            text.push_str(&format!("{score:<24} "));
        }
        text.push_str(&list.join(" "));
        text.push('\n');
    }
    text
}

/// `--stats`: the table's traffic, then the dictionary counts
/// (a collision is an insertion into a bucket already holding a position).
pub fn format_stats(stats: &TableStats, elapsed: Duration) -> String {
    format!(
        "Table: {} probes, {} hits, {} stores; {:.3} s\n{}",
        stats.probes,
        stats.hits,
        stats.stores,
        elapsed.as_secs_f64(),
        format_dictionary(stats),
    )
}

/// The dictionary counts alone: configurations stored, collisions, the
/// size, and for the request's chained dictionary its chains.
pub fn format_dictionary(stats: &TableStats) -> String {
    let counts = format!(
        "{} stored, {} (insertions into an occupied bucket) in {}",
        count(stats.entries, "configuration", "configurations"),
        count(stats.collisions, "collision", "collisions"),
        count(stats.insertions, "insertion", "insertions"),
    );
    match stats.chains {
        None => format!(
            "Dictionary: {counts}; size {} of {} entries\n",
            count(stats.buckets, "bucket", "buckets"),
            stats.capacity / stats.buckets.max(1),
        ),
        Some(chains) => format!(
            "Dictionary (separate chaining): {counts}; size {} (prime); \
             longest chain {}, mean chain {:.2} over {}\n",
            count(stats.buckets, "bucket", "buckets"),
            chains.longest,
            chains.mean(stats.entries),
            count(chains.occupied, "occupied bucket", "occupied buckets"),
        ),
    }
}

/// What is still unknown and why, when the analysis stopped before
/// proving everything; `None` when there is nothing to add.
pub fn ending_note(report: &Report, ending: Ending) -> Option<String> {
    let unknown = report
        .moves
        .iter()
        .filter(|m| m.value.outcome == Outcome::Unknown)
        .count();
    if unknown == 0 && report.value.outcome != Outcome::Unknown {
        return None;
    }
    let still = if unknown == 0 {
        "the position's value is still unknown".to_string()
    } else {
        format!("{} still unknown", count(unknown as u64, "move", "moves"))
    };
    match ending {
        Ending::Finished => None,
        Ending::OutOfTime(budget) => Some(format!(
            "Within the time budget of {}: {still} (--move-time MS allows more).",
            seconds(budget)
        )),
        Ending::Interrupted => Some(format!("Stopped by Ctrl-C: {still}.")),
    }
}

/// "3 s", "0.5 s", "1.25 s".
fn seconds(duration: Duration) -> String {
    let text = format!("{:.3}", duration.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_engine::MoveValue;

    fn report(moves: &[(&str, Value)], depth: Option<u32>) -> Report {
        Report {
            game: "tictactoe",
            position: String::new(),
            to_move: ply_engine::Side::First,
            to_move_name: "X".into(),
            notes: None,
            stopped: None,
            value: Value::unknown(),
            moves: moves
                .iter()
                .map(|(mv, value)| MoveValue {
                    mv: mv.to_string(),
                    value: *value,
                })
                .collect(),
            depth,
            pv: Vec::new(),
            stats: None,
        }
    }

    #[test]
    fn an_analysis_stopped_before_its_first_ply_says_so() {
        let text = format_report(&report(&[("a1", Value::unknown())], Some(0)));
        assert!(text.contains("stopped before the first ply"), "{text}");
        assert!(!text.contains("searched 0"), "{text}");
    }

    #[test]
    fn groups_use_the_value_vocabulary() {
        let text = format_report(&report(
            &[
                ("a1", Value::win(3)),
                ("b1", Value::draw(None)),
                ("c1", Value::unknown()),
                ("a2", Value::lose(2)),
            ],
            Some(1),
        ));
        assert!(text.contains("(searched 1 ply)"), "{text}");
        for line in [
            "  win      a1 (3)",
            "  draw     b1",
            "  unknown  c1",
            "  lose     a2 (2)",
        ] {
            assert!(text.contains(line), "{line:?} in {text}");
        }
        for old in ["winning", "drawing", "undecided", "losing"] {
            assert!(!text.contains(old), "{old} in {text}");
        }
    }

    #[test]
    fn hints_show_the_four_score_from_the_computer_side() {
        let moves = [
            ("a1", Value::win(3)),
            ("b1", Value::draw(Some(4))),
            ("c1", Value::unknown()),
            ("a2", Value::lose(2)),
        ];
        let text = format_report_scored(&report(&moves, Some(2)), Scores::ComputerOpposes);
        // The asker's win is the human's: a 0.
        for line in [
            "  win      score 0 (HUMAN WINS)     a1 (3)\n",
            "  draw     score 2 (DRAW)           b1 (4)\n",
            "  unknown  score 1 (UNDECIDED)      c1\n",
            "  lose     score 3 (COMPUTER WINS)  a2 (2)\n",
        ] {
            assert!(text.contains(line), "{line:?} in {text}");
        }
        let plain = format_report(&report(&moves, Some(2)));
        assert!(!plain.contains("score"), "{plain}");
        assert_eq!(worded_four_score(Outcome::Win), "3 (COMPUTER WINS)");
    }

    #[test]
    fn stats_give_the_dictionary_counts() {
        let stats = TableStats {
            probes: 10,
            hits: 4,
            stores: 7,
            insertions: 6,
            collisions: 1,
            entries: 5,
            buckets: 8,
            capacity: 16,
            chains: None,
        };
        let text = format_stats(&stats, Duration::from_millis(12));
        assert_eq!(
            text,
            "Table: 10 probes, 4 hits, 7 stores; 0.012 s\n\
             Dictionary: 5 configurations stored, 1 collision (insertions into an \
             occupied bucket) in 6 insertions; size 8 buckets of 2 entries\n"
        );
    }

    #[test]
    fn stats_give_the_chains_of_the_chained_dictionary() {
        let stats = TableStats {
            probes: 10,
            hits: 4,
            stores: 7,
            insertions: 6,
            collisions: 2,
            entries: 6,
            buckets: 7001,
            capacity: 6,
            chains: Some(ply_engine::ChainStats {
                longest: 3,
                occupied: 4,
            }),
        };
        assert_eq!(
            format_dictionary(&stats),
            "Dictionary (separate chaining): 6 configurations stored, 2 collisions \
             (insertions into an occupied bucket) in 6 insertions; size 7001 buckets \
             (prime); longest chain 3, mean chain 1.50 over 4 occupied buckets\n"
        );
    }

    #[test]
    fn the_note_says_what_is_unknown_and_why() {
        let partial = report(&[("a1", Value::win(3)), ("b1", Value::unknown())], None);
        assert_eq!(ending_note(&partial, Ending::Finished), None);
        assert_eq!(
            ending_note(&partial, Ending::OutOfTime(Duration::from_secs(3))).as_deref(),
            Some(
                "Within the time budget of 3 s: 1 move still unknown (--move-time MS allows more)."
            )
        );
        assert_eq!(
            ending_note(&partial, Ending::Interrupted).as_deref(),
            Some("Stopped by Ctrl-C: 1 move still unknown.")
        );
        let mut proved = report(&[("a1", Value::win(3))], None);
        proved.value = Value::win(3);
        assert_eq!(ending_note(&proved, Ending::Interrupted), None);
    }

    #[test]
    fn the_ending_follows_the_budget_the_depth_and_ctrl_c() {
        let second = Duration::from_secs(1);
        let timed = EngineConfig {
            move_time: Some(second),
            ..EngineConfig::default()
        };
        let deep = EngineConfig {
            depth: Some(3),
            ..timed.clone()
        };
        let short = Duration::from_millis(10);
        assert_eq!(Ending::of(true, &timed, short), Ending::Interrupted);
        assert_eq!(Ending::of(false, &timed, short), Ending::OutOfTime(second));
        assert_eq!(Ending::of(false, &deep, short), Ending::Finished);
        assert_eq!(Ending::of(false, &deep, second), Ending::OutOfTime(second));
        assert_eq!(
            Ending::of(false, &EngineConfig::default(), second),
            Ending::Finished
        );
    }

    #[test]
    fn seconds_read_plainly() {
        assert_eq!(seconds(Duration::from_secs(3)), "3 s");
        assert_eq!(seconds(Duration::from_millis(1250)), "1.25 s");
        assert_eq!(seconds(Duration::from_millis(500)), "0.5 s");
    }
}
