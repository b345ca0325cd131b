//! Progress of a set at any moment: tasks done, nodes and time so far,
//! and the time the needed tasks left should take.

use crate::compose::{Answer, Composition};
use crate::error::TaskError;
use crate::set::{Refused, TaskSet};

/// A set's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Tasks in the set.
    pub tasks: u32,
    /// Tasks with a valid result.
    pub done: u32,
    /// Tasks without one that the root's value still needs.
    pub needed: u32,
    /// Positions searched so far.
    pub nodes: u64,
    /// Summed wall-clock milliseconds of the finished tasks.
    pub millis: u64,
    /// The needed tasks' projected time on one worker (the mean time of
    /// the tasks done, times the tasks needed), once any is done.
    pub projected_millis: Option<u64>,
    /// The root's value, once decided.
    pub answer: Option<Answer>,
    /// Result files that merge would refuse.
    pub refused: Vec<Refused>,
}

/// The progress of `set`.
pub fn status(set: &TaskSet) -> Result<Progress, TaskError> {
    let results = set.results()?;
    let composition = Composition::of(set)?;
    let finished: Vec<_> = results.by_task.iter().flatten().collect();
    let done = finished.len() as u32;
    let nodes = finished.iter().map(|r| r.total_nodes()).sum();
    let millis: u64 = finished.iter().map(|r| r.total_millis()).sum();
    let needed = composition.needed().iter().filter(|&&n| n).count() as u32;
    let projected_millis = (done > 0).then(|| millis / u64::from(done) * u64::from(needed));
    Ok(Progress {
        tasks: set.len(),
        done,
        needed,
        nodes,
        millis,
        projected_millis,
        answer: composition.answer(),
        refused: results.refused,
    })
}
