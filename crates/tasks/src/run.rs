//! Running tasks: one by index (from the command line or the scheduler's
//! own variable), or every task not done yet in priority order. A result
//! is written only when the task finished, through a temporary file and a
//! rename: a task killed half-way leaves no result and is simply run
//! again, and a task with a valid result is never run again.

use std::path::Path;
use std::time::{Duration, Instant};

use ply_engine::{Deadline, Game, Notation};
use ply_mnk::Prover;
use ply_othello::{ExactGeometry, ExactSolver, Move, Othello, Size4, Size6, Size8};

use crate::checksum::checksum;
use crate::compose::Composition;
use crate::error::TaskError;
use crate::manifest::{FORMAT, VERSION};
use crate::outcome::{Bound, Outcome, TaskResult};
use crate::plan::mnk_root;
use crate::set::TaskSet;
use crate::task::{task_name, EngineSettings, Work};

/// The scheduler variables a task index is read from, in order: Slurm's
/// job arrays, then Kubernetes' Indexed Jobs.
pub const INDEX_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// How to run.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunOptions {
    /// Stop a task after this long (it then writes no result); Othello
    /// solves only.
    pub time_limit: Option<Duration>,
    /// Run a task even when the results so far decide the root without it.
    pub force: bool,
}

/// What happened to one task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunReport {
    /// It ran and wrote this result.
    Done(TaskResult),
    /// It has a valid result already: not run again.
    AlreadyDone(u32),
    /// The results so far decide the root without it: not run.
    NotNeeded(u32),
}

/// The task index the scheduler gives, if any: the first of
/// [`INDEX_VARIABLES`] that is set.
pub fn index_from_env() -> Result<Option<u64>, TaskError> {
    for name in INDEX_VARIABLES {
        if let Ok(text) = std::env::var(name) {
            return parse_index(name, &text).map(Some);
        }
    }
    Ok(None)
}

/// A task index typed or passed in a variable called `source`.
pub fn parse_index(source: &str, text: &str) -> Result<u64, TaskError> {
    text.trim().parse().map_err(|_| TaskError::BadIndex {
        source_name: source.to_string(),
        text: ply_engine::echo::shown(text),
    })
}

/// Runs task `index` unless it is done or not needed.
pub fn run_task(set: &TaskSet, index: u32, options: RunOptions) -> Result<RunReport, TaskError> {
    if set.result(index)?.is_some() {
        return Ok(RunReport::AlreadyDone(index));
    }
    if !options.force && !Composition::of(set)?.is_needed(index) {
        return Ok(RunReport::NotNeeded(index));
    }
    execute(set, index, options).map(RunReport::Done)
}

/// Runs every task that is not done and still needed, in priority order,
/// reporting each; stops at the first error.
pub fn run_all(
    set: &TaskSet,
    options: RunOptions,
    mut each: impl FnMut(&RunReport),
) -> Result<Vec<RunReport>, TaskError> {
    let mut composition = Composition::of(set)?;
    let mut needed = composition.needed();
    let mut reports = Vec::new();
    for index in 0..set.len() {
        let report = if composition.is_done(index) {
            RunReport::AlreadyDone(index)
        } else if !options.force && !needed[index as usize] {
            RunReport::NotNeeded(index)
        } else {
            // Another worker may have finished it meanwhile.
            match set.result(index)? {
                Some(_) => RunReport::AlreadyDone(index),
                None => {
                    let result = execute(set, index, options)?;
                    composition.record(index, &result.outcome);
                    needed = composition.needed();
                    RunReport::Done(result)
                }
            }
        };
        each(&report);
        reports.push(report);
    }
    Ok(reports)
}

/// Runs task `index` and writes its result; returns it.
pub(crate) fn execute(
    set: &TaskSet,
    index: u32,
    options: RunOptions,
) -> Result<TaskResult, TaskError> {
    let task = set.task(index)?;
    if options.time_limit.is_some() && !matches!(task.work, Work::OthelloExact { .. }) {
        return Err(TaskError::Task {
            name: task_name(index),
            why: "a time limit stops Othello solves only (the proof search and the \
                  self-play take no deadline from outside): use the scheduler's limit"
                .into(),
        });
    }
    let task_checksum = set.manifest().tasks[index as usize].checksum.clone();
    let started = Instant::now();
    let deadline = Deadline::after(options.time_limit);
    let stopped = || TaskError::Stopped {
        name: task_name(index),
        seconds: started.elapsed().as_secs_f64(),
    };
    let (outcome, nodes) =
        compute(set.dir(), &task.work, &task.engine, deadline)?.ok_or_else(stopped)?;
    let result = TaskResult {
        format: FORMAT,
        set_id: task.set_id,
        index,
        task_checksum,
        outcome,
        nodes,
        millis: started.elapsed().as_millis() as u64,
        version: VERSION.to_string(),
        host: host_name(),
    };
    set.write_result(result.clone())?;
    Ok(result)
}

/// What `work` proves and its nodes; `None` when it stopped at the
/// deadline.
pub(crate) fn compute(
    dir: &Path,
    work: &Work,
    engine: &EngineSettings,
    deadline: Deadline,
) -> Result<Option<(Outcome, u64)>, TaskError> {
    match work {
        Work::OthelloExact { size, position, .. } => match size {
            4 => exact::<Size4>(position, engine, deadline),
            6 => exact::<Size6>(position, engine, deadline),
            8 => exact::<Size8>(position, engine, deadline),
            _ => Err(TaskError::Work(format!(
                "no exact solver for {size}x{size}"
            ))),
        },
        Work::MnkProof {
            rows,
            cols,
            k,
            position,
            attacker,
        } => {
            let game = mnk_root(*rows, *cols, *k, position)?;
            let mut prover = Prover::new(attacker.side());
            let Some(wins) = prover.attacker_wins(&game) else {
                return Ok(None);
            };
            Ok(Some((
                Outcome::MnkProof {
                    attacker_wins: wins,
                },
                prover.nodes,
            )))
        }
        Work::TrainBatch {
            seed,
            job,
            jobs,
            games,
        } => {
            let data = dir.join("data");
            std::fs::create_dir_all(&data).map_err(TaskError::io(&data))?;
            let path = ply_othello_train::positions_path(&data, *job, *jobs);
            let style = ply_othello_train::Style::default();
            let positions = ply_othello_train::generate_job(*seed, *job, *games, style);
            ply_othello_train::write_positions(&path, &positions)
                .map_err(|e| TaskError::Work(e.to_string()))?;
            let bytes = std::fs::read(&path).map_err(TaskError::io(&path))?;
            let file = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned();
            Ok(Some((
                Outcome::TrainBatch {
                    file,
                    positions: positions.len() as u64,
                    checksum: checksum(&bytes),
                },
                *games,
            )))
        }
    }
}

fn exact<G: ExactGeometry>(
    position: &str,
    engine: &EngineSettings,
    deadline: Deadline,
) -> Result<Option<(Outcome, u64)>, TaskError> {
    let game = Othello::<G>::new()
        .parse_position(position)
        .map_err(|e| TaskError::Work(e.to_string()))?;
    let (p, o) = game.player_opponent();
    let hash = if engine.hash_mb == 0 {
        64
    } else {
        engine.hash_mb
    };
    let mut solver = ExactSolver::new(hash).with_threads(engine.threads);
    solver.set_deadline(deadline);
    let solved = solver.solve_on::<G>(p, o);
    if solver.aborted() {
        return Ok(None);
    }
    let best = match solved.best {
        Some(square) => Some(game.format_move(Move(square as u8))),
        None if game.result().is_none() => Some("pass".to_string()),
        None => None,
    };
    Ok(Some((
        Outcome::OthelloExact {
            score: solved.score,
            bound: Bound::Exact,
            best,
        },
        solved.nodes,
    )))
}

fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .or_else(|_| std::env::var("HOSTNAME"))
        .unwrap_or_default()
}
