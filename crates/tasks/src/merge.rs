//! Merging: every file checked against the manifest, the root's value
//! composed from the results, and optionally a random sample of finished
//! tasks solved again to catch a faulty machine.

use rand::seq::index::sample;
use rand::SeedableRng;

use crate::checksum::checksum;
use crate::compose::{Answer, Composition};
use crate::error::TaskError;
use crate::manifest::Split;
use crate::outcome::{Outcome, TaskResult};
use crate::run::compute;
use crate::set::{set_id, TaskSet};
use crate::task::task_name;

/// What merge found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MergeReport {
    /// The root's value.
    pub answer: Answer,
    /// Tasks in the set.
    pub tasks: u32,
    /// Tasks with a result.
    pub done: u32,
    /// Tasks without a result that the root's value does not need.
    pub not_needed: u32,
    /// Positions searched by all the results (and the runs they replaced).
    pub nodes: u64,
    /// Their summed wall-clock time in milliseconds (one worker's time).
    pub millis: u64,
    /// The tasks solved again by `--verify`, each with the same result.
    pub verified: Vec<u32>,
}

/// How many names an error lists before "and N more".
const NAMES_SHOWN: usize = 12;

fn list(names: &[String]) -> String {
    let mut text = names
        .iter()
        .take(NAMES_SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > NAMES_SHOWN {
        text += &format!(" and {} more", names.len() - NAMES_SHOWN);
    }
    text
}

/// Checks the set and composes the root's value; solves `verify`
/// randomly chosen finished tasks again (drawn with `seed`).
pub fn merge(set: &TaskSet, verify: usize, seed: u64) -> Result<MergeReport, TaskError> {
    // Every task file must be the one the manifest lists, and the set's
    // identity the checksum of what was split and of every task.
    let mut works = Vec::with_capacity(set.len() as usize);
    for index in 0..set.len() {
        works.push(set.task(index)?.work);
    }
    let manifest = set.manifest();
    if set_id(&manifest.split, &manifest.engine, works.iter()) != manifest.set_id {
        return Err(TaskError::Manifest {
            path: set.dir().join("manifest.json"),
            why: "its set id is not the checksum of its split, settings and tasks".into(),
        });
    }
    let results = set.results()?;
    if !results.refused.is_empty() {
        let names: Vec<String> = results.refused.iter().map(|r| r.to_string()).collect();
        return Err(TaskError::Merge(format!(
            "{} result file(s) refused: {}",
            names.len(),
            list(&names)
        )));
    }
    // A training batch's data file must be the one its result describes.
    for result in results.by_task.iter().flatten() {
        if let Outcome::TrainBatch {
            file,
            checksum: sum,
            ..
        } = &result.outcome
        {
            let path = set.dir().join(file);
            let found = std::fs::read(&path).map(|b| checksum(&b)).ok();
            if found.as_deref() != Some(sum.as_str()) {
                return Err(TaskError::Result {
                    name: format!("{}.json", task_name(result.index)),
                    why: format!("its data file {file} is missing or does not match its checksum"),
                });
            }
        }
    }
    let composition = Composition::of(set)?;
    let Some(answer) = composition.answer() else {
        let needed: Vec<String> = composition
            .needed()
            .iter()
            .enumerate()
            .filter(|(_, &n)| n)
            .map(|(i, _)| task_name(i as u32))
            .collect();
        // Batches have no root to decide: each one is simply needed.
        let why = match manifest.split {
            Split::TrainBatch { .. } | Split::TournamentBatch { .. } => format!(
                "the set is not finished: {} needed task(s) have no result (run them)",
                needed.len()
            ),
            Split::OthelloExact { .. } | Split::MnkProof { .. } => format!(
                "the results do not decide the root yet: {} needed task(s) have no result, \
                 or only a bound the root needs narrower (run them again)",
                needed.len()
            ),
        };
        return Err(TaskError::Merge(format!("{why}: {}", list(&needed))));
    };
    let done: Vec<u32> = (0..set.len())
        .filter(|&i| results.by_task[i as usize].is_some())
        .collect();
    // Games played against the clock come out differently each time: a
    // tournament batch is not replayed to check it.
    let replayable: Vec<u32> = done
        .iter()
        .copied()
        .filter(|&i| {
            !matches!(
                results.by_task[i as usize].as_ref().map(|r| &r.outcome),
                Some(Outcome::TournamentBatch { .. })
            )
        })
        .collect();
    let mut verified = Vec::new();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let picks = sample(&mut rng, replayable.len(), verify.min(replayable.len()));
    for pick in picks.iter() {
        let index = replayable[pick];
        let task = set.task(index)?;
        let stored = results.by_task[index as usize]
            .as_ref()
            .expect("picked among done tasks");
        // Solved again in the window it was solved in.
        let window = match &stored.outcome {
            Outcome::OthelloExact { window, .. } => Some(*window),
            _ => None,
        };
        let again = compute(
            set.dir(),
            &task.work,
            &task.engine,
            ply_engine::Deadline::none(),
            window,
            None,
        )?
        .map(|(outcome, _)| outcome);
        if !again.as_ref().is_some_and(|a| same(a, &stored.outcome)) {
            return Err(TaskError::Result {
                name: format!("{}.json", task_name(index)),
                why: format!(
                    "solved again it gives {again:?}, the result (from host '{}') says {:?}",
                    stored.host, stored.outcome
                ),
            });
        }
        verified.push(index);
    }
    verified.sort_unstable();
    let finished = results.by_task.iter().flatten();
    Ok(MergeReport {
        answer,
        tasks: set.len(),
        done: done.len() as u32,
        not_needed: set.len() - done.len() as u32,
        nodes: finished.clone().map(TaskResult::total_nodes).sum(),
        millis: finished.map(TaskResult::total_millis).sum(),
        verified,
    })
}

/// Whether two outcomes prove the same (a best move may differ between
/// moves of equal score).
fn same(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (
            Outcome::OthelloExact {
                score: s, bound: x, ..
            },
            Outcome::OthelloExact {
                score: t, bound: y, ..
            },
        ) => s == t && x == y,
        _ => a == b,
    }
}
