//! Running tasks: one by index (from the command line or the scheduler's
//! own variable), or every task not done yet in priority order. A result
//! is written only when the task finished, through a temporary file and a
//! rename: a task killed half-way leaves no result and is simply run
//! again, and a task with a valid result is never run again.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_engine::{Deadline, Game, Notation};
use ply_mnk::Prover;
use ply_othello::{ExactGeometry, ExactSolver, Move, Othello, Size4, Size6, Size8};

use crate::checksum::checksum;
use crate::compose::{Composition, Window};
use crate::error::TaskError;
use crate::manifest::{FORMAT, VERSION};
use crate::outcome::{Bound, EarlierRuns, Outcome, PlayerTally, TaskResult};
use crate::plan::mnk_root;
use crate::set::TaskSet;
use crate::task::{task_name, EngineSettings, Work};

/// The scheduler variables a task index is read from, in order: Slurm's
/// job arrays, then Kubernetes' Indexed Jobs.
pub const INDEX_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// Plays one tournament batch: the round robin `ply tournament` plays
/// with these arguments (after `ply tournament`) from this seed, and its
/// standings (or why it could not play). The front end that knows the
/// games and players gives it.
pub type TournamentRunner = fn(command: &[String], seed: u64) -> Result<Vec<PlayerTally>, String>;

/// How to run.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunOptions {
    /// Plays tournament batches (without it they cannot run).
    pub tournament: Option<TournamentRunner>,
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
    /// It has a valid result already that the root needs no narrower:
    /// not run again.
    AlreadyDone(u32),
    /// The results so far decide the root without it: not run.
    NotNeeded(u32),
    /// Another worker is solving it now: not run.
    Busy(u32),
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

/// Runs task `index` unless it is done, not needed or being solved by
/// another worker. A task whose result is a bound the root now needs
/// narrower runs again, in the narrower window. The window is what the
/// results so far need: a task run this way never needs running again
/// (what the results prove only grows, and the windows only shrink).
pub fn run_task(set: &TaskSet, index: u32, options: RunOptions) -> Result<RunReport, TaskError> {
    let composition = Composition::of(set)?;
    let done = composition.is_done(index);
    let needed = composition.is_needed(index);
    if done && !needed {
        return Ok(RunReport::AlreadyDone(index));
    }
    if !needed && !options.force {
        return Ok(RunReport::NotNeeded(index));
    }
    let Some(claim) = set.claim(index)? else {
        return Ok(RunReport::Busy(index));
    };
    // No speculation: what this one run proves stays enough, so a
    // scheduler's single pass over the tasks decides the root.
    let window = match composition.window(index, None) {
        Window::Search(window) => Some(window),
        Window::Wait | Window::NotNeeded => None,
    };
    let result = execute(set, index, options, window)?;
    drop(claim);
    Ok(RunReport::Done(result))
}

/// How long a worker with nothing to do waits before looking again,
/// while other workers solve the tasks it might need.
const POLL: Duration = Duration::from_millis(200);

/// Runs tasks until the root is decided (with `force`, until every task
/// has a result), needed tasks first in priority order, reporting each:
/// one worker of a pool. Workers sharing the folder (on several cores or
/// machines) each claim the task they solve; a task another worker
/// solves is assumed to come out at its estimate (see
/// `Composition::window`), and a task needed only if that guess is wrong
/// waits for it. Stops at the first error. Returns one report per task:
/// what this call ran, and what it found done or not needed.
pub fn run_all(
    set: &TaskSet,
    options: RunOptions,
    mut each: impl FnMut(&RunReport),
) -> Result<Vec<RunReport>, TaskError> {
    let mut ran: Vec<Option<TaskResult>> = vec![None; set.len() as usize];
    loop {
        let composition = Composition::of(set)?;
        let needed = composition.needed();
        let mut waiting = false;
        let mut picked = None;
        for index in 0..set.len() {
            let wanted = needed[index as usize] || (options.force && !composition.is_done(index));
            if !wanted {
                continue;
            }
            let Some(claim) = set.claim(index)? else {
                waiting = true;
                continue;
            };
            // Only tasks before it in priority order are speculated on:
            // the first (the expected best line) gets its whole window,
            // as the first move of a principal-variation search does.
            let running = |i: u32| i < index && set.is_running(i);
            match composition.window(index, Some(&running)) {
                Window::Wait => waiting = true,
                Window::Search(window) => {
                    picked = Some((index, claim, Some(window)));
                    break;
                }
                Window::NotNeeded => {
                    picked = Some((index, claim, None));
                    break;
                }
            }
        }
        match picked {
            Some((index, claim, window)) => {
                // A task searched because it was needed is dropped as soon
                // as the other workers' results decide without it.
                let result = match window {
                    Some(_) => execute_while_needed(set, index, options, window)?,
                    None => Some(execute(set, index, options, window)?),
                };
                drop(claim);
                if let Some(result) = result {
                    let report = RunReport::Done(result.clone());
                    each(&report);
                    ran[index as usize] = Some(result);
                }
            }
            None if waiting => std::thread::sleep(POLL),
            None => break,
        }
    }
    let composition = Composition::of(set)?;
    Ok(ran
        .into_iter()
        .enumerate()
        .map(|(index, result)| match result {
            Some(result) => RunReport::Done(result),
            None if composition.is_done(index as u32) => RunReport::AlreadyDone(index as u32),
            None => RunReport::NotNeeded(index as u32),
        })
        .collect())
}

/// How often a worker looks whether the task it searches is still needed.
const WATCH: Duration = Duration::from_millis(500);

/// [`execute`], stopped (no result, `None`) once the results other
/// workers write make the task no longer needed.
fn execute_while_needed(
    set: &TaskSet,
    index: u32,
    options: RunOptions,
    window: Option<[i32; 2]>,
) -> Result<Option<TaskResult>, TaskError> {
    let dropped = Arc::new(AtomicBool::new(false));
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                // Woken early when the task ends.
                std::thread::park_timeout(WATCH);
                if finished.load(Ordering::Relaxed) {
                    return;
                }
                let needed = Composition::of(set).map_or(true, |c| c.is_needed(index));
                if !needed && !finished.load(Ordering::Relaxed) {
                    dropped.store(true, Ordering::Relaxed);
                    return;
                }
            }
        });
        let result = {
            let _watched = ply_engine::cancel_scope(Arc::clone(&dropped));
            execute(set, index, options, window)
        };
        finished.store(true, Ordering::Relaxed);
        watcher.thread().unpark();
        match result {
            Err(TaskError::Stopped { .. }) if dropped.load(Ordering::Relaxed) => Ok(None),
            other => other.map(Some),
        }
    })
}

/// Runs task `index` and writes its result; returns it.
fn execute(
    set: &TaskSet,
    index: u32,
    options: RunOptions,
    window: Option<[i32; 2]>,
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
    let earlier = set
        .result(index)?
        .map_or_else(EarlierRuns::default, |old| EarlierRuns {
            runs: old.earlier.runs + 1,
            nodes: old.total_nodes(),
            millis: old.total_millis(),
        });
    let started = Instant::now();
    let deadline = Deadline::after(options.time_limit);
    let stopped = || TaskError::Stopped {
        name: task_name(index),
        seconds: started.elapsed().as_secs_f64(),
    };
    let (outcome, nodes) = compute(
        set.dir(),
        &task.work,
        &task.engine,
        deadline,
        window,
        options.tournament,
    )?
    .ok_or_else(stopped)?;
    let result = TaskResult {
        format: FORMAT,
        set_id: task.set_id,
        index,
        task_checksum,
        outcome,
        nodes,
        millis: started.elapsed().as_millis() as u64,
        earlier,
        version: VERSION.to_string(),
        host: host_name(),
    };
    set.write_result(result.clone())?;
    Ok(result)
}

/// What `work` proves and its nodes; `None` when it stopped at the
/// deadline. An Othello margin is searched in `window` narrowed to the
/// task's own (the task's when `None`).
pub(crate) fn compute(
    dir: &Path,
    work: &Work,
    engine: &EngineSettings,
    deadline: Deadline,
    window: Option<[i32; 2]>,
    tournament: Option<TournamentRunner>,
) -> Result<Option<(Outcome, u64)>, TaskError> {
    match work {
        Work::OthelloExact {
            size,
            position,
            window: widest,
        } => {
            let [a, b] = window.unwrap_or(*widest);
            let window = [a.max(widest[0]), b.min(widest[1])];
            match size {
                4 => exact::<Size4>(position, engine, deadline, window),
                6 => exact::<Size6>(position, engine, deadline, window),
                8 => exact::<Size8>(position, engine, deadline, window),
                _ => Err(TaskError::Work(format!(
                    "no exact solver for {size}x{size}"
                ))),
            }
        }
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
        Work::TournamentBatch { command, seed, .. } => {
            let play = tournament.ok_or_else(|| {
                TaskError::Work("tournament batches are run by `ply task run`".into())
            })?;
            let players = play(command, *seed).map_err(TaskError::Work)?;
            let games = players.iter().map(PlayerTally::games).sum::<u64>() / 2;
            Ok(Some((Outcome::TournamentBatch { players }, games)))
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
    window: [i32; 2],
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
    let solved = solver.solve_window_on::<G>(p, o, window[0], window[1]);
    if solver.aborted() {
        return Ok(None);
    }
    let bound = if solved.score <= window[0] {
        Bound::Upper
    } else if solved.score >= window[1] {
        Bound::Lower
    } else {
        Bound::Exact
    };
    let best = match solved.best {
        _ if bound == Bound::Upper => None,
        Some(square) => Some(game.format_move(Move(square as u8))),
        None if game.result().is_none() => Some("pass".to_string()),
        None => None,
    };
    Ok(Some((
        Outcome::OthelloExact {
            score: solved.score,
            bound,
            best,
            window,
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
