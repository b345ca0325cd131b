//! How `ply solve` words a proof search's answer ([`ProofReport`]): lines
//! for people, or the shared report shape for `--json`.

use ply_engine::{Outcome, ProofBudget, ProofReport, ProofStop, Report, Stopped};

/// The proof's size and time in words.
fn cost(proof: &ProofReport) -> String {
    format!(
        "{} nodes in {:.3} s ({})",
        ply_engine::with_commas(u128::from(proof.nodes)),
        proof.elapsed.as_secs_f64(),
        proof.method,
    )
}

/// What the proof settled short of a value: "X cannot force a win".
fn settled(proof: &ProofReport) -> Vec<String> {
    proof
        .cannot_win
        .iter()
        .map(|side| format!("{} cannot force a win", side.letter()))
        .collect()
}

/// The answer as printed lines.
pub fn text(proof: &ProofReport) -> String {
    let mover = proof.to_move;
    let place = if proof.position.is_empty() {
        "from the start".to_string()
    } else {
        format!("position {}", proof.position)
    };
    let value = match proof.value.outcome {
        Outcome::Win => Some(format!("{} wins", mover.letter())),
        Outcome::Lose => Some(format!("{} wins", mover.opponent().letter())),
        Outcome::Draw => Some("draw".to_string()),
        Outcome::Unknown => None,
    };
    let board = &proof.variant;
    match value {
        Some(value) => format!(
            "{board} {place}: {value} with best play, proved ({} to move)\nProof: {}\n",
            mover.letter(),
            cost(proof)
        ),
        None => {
            let budget = match proof.budget {
                ProofBudget::MoveTime => "move time",
                ProofBudget::ProofTime => "proof-time limit",
            };
            let more = format!("a longer {budget} allows more");
            let why = match proof.stopped {
                Some(ProofStop::Nodes(n)) => format!("no proof within {n} nodes; {more}"),
                Some(ProofStop::Time(t)) => {
                    format!("no proof within {:.1} s; {more}", t.as_secs_f64())
                }
                Some(ProofStop::Interrupted) => "stopped by Ctrl-C".to_string(),
                None => format!("no proof; {more}"),
            };
            let settled = settled(proof);
            let proved = if settled.is_empty() {
                String::new()
            } else {
                format!("Proved so far: {}.\n", settled.join("; "))
            };
            format!(
                "{board} {place}: unknown ({} to move, heuristic score {}): {why}\n\
                 {proved}Searched: {}\n",
                mover.letter(),
                proof.value.heuristic.unwrap_or_default(),
                cost(proof)
            )
        }
    }
}

/// The answer in the shared report shape (`--json`): the position's value
/// and no moves, with the proof's cost in the notes.
pub fn report(game: &'static str, proof: &ProofReport) -> Report {
    let mut notes = format!(
        "{}: proof search, {}; it values the position, not each move",
        proof.variant,
        cost(proof)
    );
    let settled = settled(proof);
    if proof.value.outcome == Outcome::Unknown && !settled.is_empty() {
        notes.push_str(&format!("; proved: {}", settled.join(", ")));
    }
    Report {
        game,
        position: proof.position.clone(),
        to_move: proof.to_move,
        to_move_name: proof.to_move_name.clone(),
        value: proof.value,
        moves: Vec::new(),
        depth: None,
        pv: Vec::new(),
        notes: Some(notes),
        stats: None,
        stopped: proof.stopped.map(|stopped| match stopped {
            ProofStop::Interrupted => Stopped::Interrupted,
            ProofStop::Nodes(_) | ProofStop::Time(_) => Stopped::TimeBudget,
        }),
    }
}
