//! `ply task`: run, merge and watch the task sets `ply solve ... --split
//! DIR` writes, and write the files cluster schedulers take (Slurm job
//! arrays, Kubernetes Indexed Jobs). The work itself is `ply_tasks`'.

use std::path::{Path, PathBuf};
use std::time::Duration;

use ply_engine::with_commas;
use ply_tasks::{
    Answer, Bound, KubernetesOptions, MergeReport, Outcome, RunOptions, RunReport, SlurmOptions,
    Split, TaskSet,
};

use crate::output::Output;

#[derive(clap::Subcommand, Debug)]
pub enum TaskCommand {
    /// Run one task (INDEX, else SLURM_ARRAY_TASK_ID, else
    /// JOB_COMPLETION_INDEX), or, as one worker of any number sharing the
    /// folder, every task still needed in priority order until the value
    /// is decided; a task with an exact result, or a bound the value needs
    /// no narrower, is never run again.
    Run {
        /// The task set's folder.
        dir: PathBuf,
        /// The task's index (0 to tasks - 1).
        index: Option<String>,
        /// Stop a task after this many seconds (it then writes no result;
        /// Othello solves only).
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
        /// Run tasks even when the results so far decide the value without them.
        #[arg(long)]
        force: bool,
    },
    /// Check every file and compose the root's value from the results.
    Merge {
        /// The task set's folder.
        dir: PathBuf,
        /// Solve this many randomly chosen finished tasks again and compare.
        #[arg(long, value_name = "N", default_value_t = 0)]
        verify: usize,
        /// The seed of the choice of --verify (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Tasks done, nodes and time so far, and the projected time left.
    Status {
        /// The task set's folder.
        dir: PathBuf,
        /// Workers to project the time left on.
        #[arg(long, default_value_t = 1)]
        workers: u32,
    },
    /// Write a Slurm job array script for the set (DIR/slurm.sh).
    Slurm {
        /// The task set's folder.
        dir: PathBuf,
        /// Processors per task.
        #[arg(long, default_value_t = 1)]
        cpus: u32,
        /// Memory per task in MiB (default: the task's table and 512).
        #[arg(long, value_name = "MB")]
        mem: Option<u64>,
        /// Time limit per task, in Slurm's format (such as 2:00:00).
        #[arg(long)]
        time: Option<String>,
        /// The partition to run in.
        #[arg(long)]
        partition: Option<String>,
        /// At most this many tasks at once.
        #[arg(long, value_name = "N")]
        parallel: Option<u32>,
    },
    /// Write a Kubernetes Indexed Job manifest for the set (DIR/kubernetes.yaml).
    Kubernetes {
        /// The task set's folder (on a volume the pods mount at the same path).
        dir: PathBuf,
        /// The container image with ply in it.
        #[arg(long, default_value = "ply:latest")]
        image: String,
        /// The ply binary inside the image.
        #[arg(long, default_value = "ply")]
        ply: String,
        /// Pods at once.
        #[arg(long, default_value_t = 4)]
        parallelism: u32,
        /// The persistent volume claim holding the folder.
        #[arg(long, default_value = "ply-tasks")]
        claim: String,
        /// Processors per pod.
        #[arg(long, default_value_t = 1)]
        cpus: u32,
        /// Memory per pod in MiB (default: the task's table and 512).
        #[arg(long, value_name = "MB")]
        mem: Option<u64>,
    },
    /// Write a task set of self-play batches for the Othello evaluation's
    /// training (`ply-othello-train generate`), one job a task.
    Train {
        /// A new folder for the set.
        dir: PathBuf,
        /// Jobs (tasks).
        #[arg(long, default_value_t = 8)]
        jobs: u32,
        /// Games per job.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The run's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

pub fn run(command: TaskCommand) -> anyhow::Result<()> {
    let mut out = Output::stdout();
    match command {
        TaskCommand::Run {
            dir,
            index,
            time_limit,
            force,
        } => {
            let set = TaskSet::open(&dir)?;
            let time_limit = match time_limit {
                Some(s) if !(s > 0.0 && s < 1e9) => {
                    anyhow::bail!("--time-limit is a positive number of seconds")
                }
                s => s.map(Duration::from_secs_f64),
            };
            let options = RunOptions {
                time_limit,
                force,
                tournament: Some(crate::commands::tournament::batch),
            };
            let index = match index {
                Some(text) => Some(ply_tasks::parse_index("the task index", &text)?),
                None => ply_tasks::index_from_env()?,
            };
            match index {
                Some(index) => {
                    let index = set.check_index(index)?;
                    let report = ply_tasks::run_task(&set, index, options)?;
                    writeln!(out, "{}", report_line(&report))?;
                }
                None => {
                    let mut ran = 0;
                    let mut failed = None;
                    let reports = ply_tasks::run_all(&set, options, |report| {
                        if matches!(report, RunReport::Done(_)) {
                            ran += 1;
                            // Each line as its task ends; the first failed write is reported.
                            let written =
                                writeln!(out, "{}", report_line(report)).and_then(|()| out.flush());
                            if let (Err(e), None) = (written, &failed) {
                                failed = Some(e);
                            }
                        }
                    })?;
                    if let Some(error) = failed {
                        return Err(error.into());
                    }
                    let done = reports
                        .iter()
                        .filter(|r| !matches!(r, RunReport::NotNeeded(_)))
                        .count();
                    writeln!(
                        out,
                        "{ran} task(s) run; {done} of {} done, {} not needed",
                        set.len(),
                        set.len() as usize - done
                    )?;
                }
            }
        }
        TaskCommand::Merge {
            dir,
            verify,
            seed,
            json,
        } => {
            let set = TaskSet::open(&dir)?;
            let seed = seed.unwrap_or_else(clock_seed);
            let report = ply_tasks::merge(&set, verify, seed)?;
            if json {
                writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
            } else {
                write!(out, "{}", merge_text(&set, &report))?;
            }
        }
        TaskCommand::Status { dir, workers } => {
            let set = TaskSet::open(&dir)?;
            let progress = ply_tasks::status(&set)?;
            writeln!(
                out,
                "Tasks: {} of {} done, {} still needed",
                progress.done, progress.tasks, progress.needed
            )?;
            writeln!(
                out,
                "So far: {} nodes, {} of task time",
                with_commas(progress.nodes.into()),
                seconds(progress.millis)
            )?;
            match progress.projected_millis {
                Some(left) => writeln!(
                    out,
                    "Projected: {} left on {workers} worker(s) (the mean task time so far, times the tasks needed)",
                    seconds(left / u64::from(workers.max(1)))
                )?,
                None => writeln!(out, "Projected: no task done yet")?,
            }
            match &progress.answer {
                Some(answer) => writeln!(out, "Value: {}", answer_text(answer))?,
                None => writeln!(out, "Value: not decided yet")?,
            }
            for refused in &progress.refused {
                writeln!(out, "Refused: {refused}")?;
            }
        }
        TaskCommand::Slurm {
            dir,
            cpus,
            mem,
            time,
            partition,
            parallel,
        } => {
            let set = TaskSet::open(&dir)?;
            let options = SlurmOptions {
                ply: this_binary()?,
                cpus: cpus.max(1),
                mem_mb: mem.unwrap_or_else(|| ply_tasks::task_memory_mb(&set)),
                time,
                partition,
                parallel,
            };
            let script = ply_tasks::slurm_script(&set, &options)?;
            let path = write_beside(&dir, "slurm.sh", &script)?;
            writeln!(out, "Wrote {} ({} tasks)", path.display(), set.len())?;
            writeln!(out, "Submit: sbatch {}", path.display())?;
        }
        TaskCommand::Kubernetes {
            dir,
            image,
            ply,
            parallelism,
            claim,
            cpus,
            mem,
        } => {
            let set = TaskSet::open(&dir)?;
            let options = KubernetesOptions {
                image,
                ply,
                parallelism,
                claim,
                cpus: cpus.max(1),
                mem_mb: mem.unwrap_or_else(|| ply_tasks::task_memory_mb(&set)),
            };
            let manifest = ply_tasks::kubernetes_manifest(&set, &options)?;
            let path = write_beside(&dir, "kubernetes.yaml", &manifest)?;
            writeln!(out, "Wrote {} ({} tasks)", path.display(), set.len())?;
            writeln!(out, "Submit: kubectl apply -f {}", path.display())?;
        }
        TaskCommand::Train {
            dir,
            jobs,
            games,
            seed,
        } => {
            let split = Split::TrainBatch { seed, jobs, games };
            let engine = ply_tasks::engine_settings(&split, None);
            let set = TaskSet::create(&dir, split, engine)?;
            writeln!(out, "{}", written_text(&set))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// What `ply solve ... --split` prints.
pub fn written_text(set: &TaskSet) -> String {
    let first = set
        .manifest()
        .tasks
        .iter()
        .filter(|t| t.needed_first)
        .count();
    format!(
        "Wrote {} tasks to {} ({first} needed first). Run them with `ply task run {}` \
         (one, by index or the scheduler's variable, or all), or `ply task slurm` / \
         `ply task kubernetes`; then `ply task merge`.",
        set.len(),
        set.dir().display(),
        set.dir().display()
    )
}

fn report_line(report: &RunReport) -> String {
    match report {
        RunReport::Done(result) => {
            let what = match &result.outcome {
                Outcome::OthelloExact {
                    score,
                    best,
                    bound,
                    window,
                } => format!(
                    "margin {}{score:+} for the side to move{} (window {} to {})",
                    match bound {
                        Bound::Exact => "",
                        Bound::Lower => "at least ",
                        Bound::Upper => "at most ",
                    },
                    best.as_ref()
                        .map(|b| format!(" (best {b})"))
                        .unwrap_or_default(),
                    window[0],
                    window[1]
                ),
                Outcome::MnkProof { attacker_wins } => if *attacker_wins {
                    "the attacker wins"
                } else {
                    "the defender holds"
                }
                .to_string(),
                Outcome::TrainBatch {
                    file, positions, ..
                } => format!("{positions} positions in {file}"),
                Outcome::TournamentBatch { players } => players
                    .iter()
                    .map(|p| format!("{} {}-{}-{}", p.name, p.total[0], p.total[1], p.total[2]))
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            let again = match result.earlier.runs {
                0 => String::new(),
                n => format!(" (run {})", n + 1),
            };
            format!(
                "task {}: {what}; {} nodes, {}{again}",
                ply_tasks::task_name(result.index),
                with_commas(result.nodes.into()),
                seconds(result.millis)
            )
        }
        RunReport::AlreadyDone(i) => format!(
            "task {}: done already (not run again)",
            ply_tasks::task_name(*i)
        ),
        RunReport::Busy(i) => format!(
            "task {}: another worker is solving it (not run)",
            ply_tasks::task_name(*i)
        ),
        RunReport::NotNeeded(i) => format!(
            "task {}: not needed (the results so far decide the value without it; --force runs it)",
            ply_tasks::task_name(*i)
        ),
    }
}

fn answer_text(answer: &Answer) -> String {
    match answer {
        Answer::Margin { score, best } => format!(
            "{score:+} for the side to move (best: {})",
            if best.is_empty() {
                "none".to_string()
            } else {
                best.join(" ")
            }
        ),
        Answer::Proof { value } => format!("{value} for the side to move"),
        Answer::Data { files, positions } => {
            format!("{files} data files, {positions} positions, every checksum matches")
        }
        Answer::Standings { games, players } => {
            let mut text = format!("{games} games\n");
            text += "  player                          games   won  drawn  lost   as first    as second  faults  score, 95% interval        Elo\n";
            for p in players {
                let n = p.games() as f64;
                let score = (p.total[0] as f64 + 0.5 * p.total[1] as f64) / n.max(1.0);
                let (low, high) =
                    ply_engine::arena::wilson(score, n.max(1.0), ply_engine::arena::Z_95);
                let elo = ply_engine::arena::elo_difference(score);
                let wdl = |t: [u64; 3]| format!("{}-{}-{}", t[0], t[1], t[2]);
                text += &format!(
                    "  {:<30} {:>6} {:>5} {:>6} {:>5} {:>10} {:>12} {:>7}  {:>5.1}%, {:.1}% to {:.1}%  {:>+7.0}\n",
                    ply_engine::echo::shown(&p.name),
                    p.games(),
                    p.total[0],
                    p.total[1],
                    p.total[2],
                    wdl(p.as_first),
                    wdl(p.as_second),
                    p.faults,
                    100.0 * score,
                    100.0 * low,
                    100.0 * high,
                    elo
                );
            }
            text.trim_end().to_string()
        }
    }
}

fn merge_text(set: &TaskSet, report: &MergeReport) -> String {
    let mut text = format!(
        "Task set {}: {} tasks, {} done, {} not needed; {} nodes, {} of task time\n",
        set.dir().display(),
        report.tasks,
        report.done,
        report.not_needed,
        with_commas(report.nodes.into()),
        seconds(report.millis)
    );
    text += &format!("Value: {}\n", answer_text(&report.answer));
    if !report.verified.is_empty() {
        let names: Vec<String> = report
            .verified
            .iter()
            .map(|&i| ply_tasks::task_name(i))
            .collect();
        text += &format!("Verified: {} solved again, same results\n", names.join(" "));
    }
    text
}

fn seconds(millis: u64) -> String {
    format!("{:.1} s", millis as f64 / 1000.0)
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The absolute path of this `ply`, which the scheduler's tasks run.
fn this_binary() -> anyhow::Result<PathBuf> {
    let exe = std::env::current_exe()
        .map_err(|e| anyhow::anyhow!("cannot find the path of this ply: {e}"))?;
    Ok(exe.canonicalize().unwrap_or(exe))
}

fn write_beside(dir: &Path, name: &str, text: &str) -> anyhow::Result<PathBuf> {
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    #[cfg(unix)]
    if name.ends_with(".sh") {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755));
    }
    Ok(path)
}
