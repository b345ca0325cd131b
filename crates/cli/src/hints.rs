//! Text forms of values and move reports, shared by `hint` and `solve`.

use ply_engine::{Outcome, Report, Value};

/// "win in 3", "draw", "lose in 4 (-6)", "unknown".
pub fn describe(value: &Value) -> String {
    value.describe()
}

/// Every move grouped winning / drawing / unknown / losing, best first, each
/// with its remoteness, final margin or search score in brackets.
pub fn format_report(report: &Report) -> String {
    let mut text = format!("Value: {}", describe(&report.value));
    if let Some(depth) = report.depth {
        text.push_str(&format!(" (searched {depth} plies)"));
    }
    text.push('\n');
    for (outcome, moves) in report.grouped() {
        let title = match outcome {
            Outcome::Win => "winning",
            Outcome::Draw => "drawing",
            Outcome::Unknown => "undecided",
            Outcome::Lose => "losing",
        };
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
        text.push_str(&format!("  {title:<9} {}\n", list.join(" ")));
    }
    text
}
