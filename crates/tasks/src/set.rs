//! A task set on disk: the folder, its manifest, its task files and its
//! results, each checked against the manifest as it is read.

use std::path::{Path, PathBuf};

use crate::checksum::checksum;
use crate::error::TaskError;
use crate::files::{from_json, read, to_json, write_atomically, TEMP_PREFIX};
use crate::manifest::{Manifest, Split, TaskEntry, FORMAT, VERSION};
use crate::outcome::{SealedResult, TaskResult};
use crate::plan::Plan;
use crate::task::{task_name, EngineSettings, Task, Work};

/// An open task set.
pub struct TaskSet {
    dir: PathBuf,
    manifest: Manifest,
}

/// A result file merge could not accept, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The file's name in `results/`.
    pub name: String,
    /// Why.
    pub why: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "results/{}: {}", self.name, self.why)
    }
}

/// Every result of a set as read: the accepted ones by task index, and
/// the refused files.
pub struct Results {
    /// The accepted result of each task, if any.
    pub by_task: Vec<Option<TaskResult>>,
    /// Result files refused (damaged, foreign, of another version).
    pub refused: Vec<Refused>,
}

impl TaskSet {
    /// Splits: writes the task set of `split` into `dir` (which must be
    /// new or empty): the tasks in priority order, then the manifest.
    pub fn create(dir: &Path, split: Split, engine: EngineSettings) -> Result<TaskSet, TaskError> {
        if dir.exists() {
            let mut entries = std::fs::read_dir(dir).map_err(TaskError::io(dir))?;
            if entries.next().is_some() {
                return Err(TaskError::NotEmpty {
                    path: dir.to_path_buf(),
                });
            }
        }
        let plan = Plan::of(&split)?;
        let mut works: Vec<(u32, String, Option<i32>, bool, Work)> = Vec::new();
        match &split {
            Split::TrainBatch { seed, jobs, games } => {
                if *jobs == 0 || *games == 0 {
                    return Err(TaskError::Split("a batch needs jobs and games".into()));
                }
                for job in 0..*jobs {
                    let work = Work::TrainBatch {
                        seed: *seed,
                        job,
                        jobs: *jobs,
                        games: *games,
                    };
                    works.push((0, format!("job {job}"), None, true, work));
                }
            }
            Split::TournamentBatch {
                command,
                batches,
                seed,
            } => {
                if *batches == 0 {
                    return Err(TaskError::Split("a tournament needs batches".into()));
                }
                for batch in 0..*batches {
                    let work = Work::TournamentBatch {
                        command: command.clone(),
                        seed: seed.wrapping_add(u64::from(batch)),
                        batch,
                    };
                    works.push((0, format!("batch {batch}"), None, true, work));
                }
            }
            _ => {
                if plan.frontier.is_empty() {
                    return Err(TaskError::Split(
                        "every line ends before the split depth: solve it directly".into(),
                    ));
                }
                for (goal, tree) in plan.trees.iter().enumerate() {
                    let proof = matches!(split, Split::MnkProof { .. });
                    let (order, needed) = tree.priorities(&plan.frontier, proof);
                    for f in order {
                        let entry = &plan.frontier[f];
                        works.push((
                            goal as u32,
                            entry.position.clone(),
                            Some(entry.estimate),
                            needed[f] && goal == 0,
                            plan.work(&split, goal, f),
                        ));
                    }
                }
            }
        }
        let mut entries = Vec::with_capacity(works.len());
        let mut texts = Vec::with_capacity(works.len());
        let set_id = set_id(&split, &engine, works.iter().map(|w| &w.4));
        for (index, (goal, key, estimate, needed_first, work)) in works.into_iter().enumerate() {
            let index = index as u32;
            let task = Task {
                format: FORMAT,
                set_id: set_id.clone(),
                index,
                goal: goal_text(&work),
                work,
                engine: engine.clone(),
            };
            let text = to_json(&task);
            entries.push(TaskEntry {
                file: format!("tasks/{}.json", task_name(index)),
                checksum: checksum(text.as_bytes()),
                priority: index,
                needed_first,
                estimate,
                goal,
                key,
            });
            texts.push(text);
        }
        let manifest = Manifest {
            format: FORMAT,
            version: VERSION.to_string(),
            set_id,
            split,
            engine,
            task_count: entries.len() as u32,
            tasks: entries,
        };
        for sub in ["tasks", "results"] {
            let path = dir.join(sub);
            std::fs::create_dir_all(&path).map_err(TaskError::io(&path))?;
        }
        for (entry, text) in manifest.tasks.iter().zip(&texts) {
            write_atomically(&dir.join(&entry.file), text.as_bytes())?;
        }
        // The manifest last: a folder without one is not a set yet.
        write_atomically(&dir.join("manifest.json"), to_json(&manifest).as_bytes())?;
        Ok(TaskSet {
            dir: dir.to_path_buf(),
            manifest,
        })
    }

    /// Opens the set in `dir` and checks its manifest.
    pub fn open(dir: &Path) -> Result<TaskSet, TaskError> {
        let path = dir.join("manifest.json");
        if !path.is_file() {
            return Err(TaskError::NotATaskSet {
                path: dir.to_path_buf(),
            });
        }
        let manifest: Manifest = from_json(&path, &read(&path)?, "task set manifest")?;
        if manifest.format != FORMAT || manifest.version != VERSION {
            return Err(TaskError::Version {
                path,
                found: format!("format {} of ply {}", manifest.format, manifest.version),
                expected: format!("format {FORMAT} of ply {VERSION}"),
            });
        }
        let damaged = |why: String| TaskError::Manifest {
            path: path.clone(),
            why,
        };
        if manifest.task_count as usize != manifest.tasks.len() {
            return Err(damaged(format!(
                "task_count says {} but {} tasks are listed",
                manifest.task_count,
                manifest.tasks.len()
            )));
        }
        for (i, entry) in manifest.tasks.iter().enumerate() {
            if entry.file != format!("tasks/{}.json", task_name(i as u32)) {
                return Err(damaged(format!("task {i} is listed as {}", entry.file)));
            }
        }
        Ok(TaskSet {
            dir: dir.to_path_buf(),
            manifest,
        })
    }

    /// The set's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// Tasks in the set.
    pub fn len(&self) -> u32 {
        self.manifest.task_count
    }

    /// Whether the set has no task.
    pub fn is_empty(&self) -> bool {
        self.manifest.task_count == 0
    }

    /// Checks `index` names a task.
    pub fn check_index(&self, index: u64) -> Result<u32, TaskError> {
        if index < u64::from(self.len()) {
            Ok(index as u32)
        } else {
            Err(TaskError::NoSuchTask {
                index,
                count: self.len(),
            })
        }
    }

    /// Reads task `index` and checks it is the file the manifest lists.
    pub fn task(&self, index: u32) -> Result<Task, TaskError> {
        let entry = &self.manifest.tasks[index as usize];
        let path = self.dir.join(&entry.file);
        let bytes = read(&path)?;
        let name = task_name(index);
        if checksum(&bytes) != entry.checksum {
            return Err(TaskError::Task {
                name,
                why: format!("{} does not match its checksum in the manifest", entry.file),
            });
        }
        let task: Task = from_json(&path, &bytes, "task")?;
        if task.index != index || task.set_id != self.manifest.set_id {
            return Err(TaskError::Task {
                name,
                why: "the file belongs to another task or set".into(),
            });
        }
        Ok(task)
    }

    /// The result file of task `index`.
    pub fn result_path(&self, index: u32) -> PathBuf {
        self.dir
            .join("results")
            .join(format!("{}.json", task_name(index)))
    }

    /// Task `index`'s result, checked: `Ok(None)` when it has none.
    pub fn result(&self, index: u32) -> Result<Option<TaskResult>, TaskError> {
        let path = self.result_path(index);
        if !path.exists() {
            return Ok(None);
        }
        let name = format!("{}.json", task_name(index));
        self.checked(&path, &name, Some(index))
            .map(Some)
            .map_err(|why| TaskError::Result { name, why })
    }

    /// Every file in `results/`, checked; temporary files of killed
    /// tasks are ignored.
    pub fn results(&self) -> Result<Results, TaskError> {
        let dir = self.dir.join("results");
        let mut by_task = vec![None; self.len() as usize];
        let mut refused = Vec::new();
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .map_err(TaskError::io(&dir))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with(TEMP_PREFIX))
            .collect();
        names.sort();
        for name in names {
            let index = name
                .strip_suffix(".json")
                .filter(|stem| stem.len() == 6 && stem.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|stem| stem.parse::<u32>().ok());
            let Some(index) = index.filter(|&i| i < self.len()) else {
                refused.push(Refused {
                    name,
                    why: "not a result of any task of this set".into(),
                });
                continue;
            };
            match self.checked(&dir.join(&name), &name, Some(index)) {
                Ok(result) => by_task[index as usize] = Some(result),
                Err(why) => refused.push(Refused { name, why }),
            }
        }
        Ok(Results { by_task, refused })
    }

    /// Reads and checks one result file; the reason in words when refused.
    fn checked(&self, path: &Path, name: &str, index: Option<u32>) -> Result<TaskResult, String> {
        let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
        let sealed: SealedResult = serde_json::from_slice(&bytes)
            .map_err(|e| format!("damaged: not a result file ({e})"))?;
        if !sealed.intact() {
            return Err("damaged: its content does not match its checksum".into());
        }
        let result = sealed.result;
        if result.set_id != self.manifest.set_id {
            return Err(format!(
                "foreign: it belongs to task set {}, not to this one ({})",
                result.set_id, self.manifest.set_id
            ));
        }
        if index.is_some_and(|i| i != result.index) {
            return Err(format!(
                "foreign: it is the result of task {}, filed as {name}",
                task_name(result.index)
            ));
        }
        if result.format != FORMAT || result.version != VERSION {
            return Err(format!(
                "wrong version: written by ply {} (format {}), the set is ply {VERSION} (format {FORMAT})",
                result.version, result.format
            ));
        }
        let entry = &self.manifest.tasks[result.index as usize];
        if result.task_checksum != entry.checksum {
            return Err(format!(
                "inconsistent: it was run from a task file with checksum {}, the manifest lists {}",
                result.task_checksum, entry.checksum
            ));
        }
        Ok(result)
    }

    /// Writes a result atomically.
    pub(crate) fn write_result(&self, result: TaskResult) -> Result<(), TaskError> {
        let path = self.result_path(result.index);
        write_atomically(&path, to_json(&SealedResult::seal(result)).as_bytes())
    }
}

/// What a task proves, in words (the task file says it).
fn goal_text(work: &Work) -> String {
    match work {
        Work::OthelloExact { window, .. } => format!(
            "the exact final disc margin for the side to move, window [{}, {}]",
            window[0], window[1]
        ),
        Work::MnkProof { attacker, .. } => {
            format!("whether {attacker:?} forces a line (true) or the other side holds (false)")
        }
        Work::TrainBatch { job, jobs, .. } => {
            format!("the distinct positions of self-play job {job} of {jobs}")
        }
        Work::TournamentBatch { batch, seed, .. } => {
            format!("the standings of tournament batch {batch} (seed {seed})")
        }
    }
}

/// A set's identity: the checksum of what was split, the engine settings
/// and every task's work, in order.
pub(crate) fn set_id<'a>(
    split: &Split,
    engine: &EngineSettings,
    works: impl Iterator<Item = &'a Work>,
) -> String {
    let mut all = to_json(split) + &to_json(engine);
    for work in works {
        all += &to_json(work);
    }
    checksum(all.as_bytes())
}
