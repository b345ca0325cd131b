//! The files the schedulers clusters already run take: a Slurm job array
//! script and a Kubernetes Indexed Job. Each array element runs `ply task
//! run DIR`, which reads its index from the scheduler's variable. ply
//! runs no scheduler of its own.

use std::path::{Path, PathBuf};

use crate::error::TaskError;
use crate::set::TaskSet;

/// What a Slurm array asks for.
#[derive(Clone, Debug)]
pub struct SlurmOptions {
    /// The `ply` binary the tasks run (an absolute path).
    pub ply: PathBuf,
    /// Processors per task.
    pub cpus: u32,
    /// Memory per task in MiB.
    pub mem_mb: u64,
    /// The time limit per task (Slurm's format, such as `2:00:00`).
    pub time: Option<String>,
    /// The partition.
    pub partition: Option<String>,
    /// At most this many tasks at once (`--array=0-N%M`).
    pub parallel: Option<u32>,
}

/// What a Kubernetes Indexed Job asks for.
#[derive(Clone, Debug)]
pub struct KubernetesOptions {
    /// The container image with `ply` in it.
    pub image: String,
    /// The `ply` binary's path inside the image.
    pub ply: String,
    /// Pods at once.
    pub parallelism: u32,
    /// The persistent volume claim holding the set's folder, mounted at
    /// the same path.
    pub claim: String,
    /// Processors per pod.
    pub cpus: u32,
    /// Memory per pod in MiB.
    pub mem_mb: u64,
}

/// The memory a task of `set` needs, in MiB: its table and room for the
/// rest.
pub fn task_memory_mb(set: &TaskSet) -> u64 {
    set.manifest().engine.hash_mb as u64 + 512
}

fn absolute(dir: &Path) -> Result<PathBuf, TaskError> {
    dir.canonicalize().map_err(TaskError::io(dir))
}

/// A word for a shell, quoted.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The job's name: the set's identity.
fn job_name(set: &TaskSet) -> String {
    let id = &set.manifest().set_id;
    format!("ply-{}", &id[..id.len().min(8)])
}

/// The `sbatch` array script of `set`; its log folder is made.
pub fn slurm_script(set: &TaskSet, options: &SlurmOptions) -> Result<String, TaskError> {
    let dir = absolute(set.dir())?;
    let logs = dir.join("logs");
    std::fs::create_dir_all(&logs).map_err(TaskError::io(&logs))?;
    let last = set.len().saturating_sub(1);
    let throttle = options
        .parallel
        .map(|m| format!("%{m}"))
        .unwrap_or_default();
    let mut text = String::from("#!/bin/bash\n");
    text += &format!(
        "# The task set {} ({} tasks), one array element a task; written by `ply task slurm`.\n",
        dir.display(),
        set.len()
    );
    text += &format!("#SBATCH --job-name={}\n", job_name(set));
    text += &format!("#SBATCH --array=0-{last}{throttle}\n");
    text += "#SBATCH --ntasks=1\n";
    text += &format!("#SBATCH --cpus-per-task={}\n", options.cpus);
    text += &format!("#SBATCH --mem={}M\n", options.mem_mb);
    text += &format!("#SBATCH --output={}/slurm-%A_%a.out\n", logs.display());
    if let Some(time) = &options.time {
        text += &format!("#SBATCH --time={time}\n");
    }
    if let Some(partition) = &options.partition {
        text += &format!("#SBATCH --partition={partition}\n");
    }
    text += "set -euo pipefail\n";
    text += "# The task index comes from SLURM_ARRAY_TASK_ID.\n";
    text += &format!(
        "exec {} task run {}\n",
        quoted(&options.ply.to_string_lossy()),
        quoted(&dir.to_string_lossy())
    );
    Ok(text)
}

/// The Kubernetes Indexed Job manifest of `set` (YAML).
pub fn kubernetes_manifest(
    set: &TaskSet,
    options: &KubernetesOptions,
) -> Result<String, TaskError> {
    let dir = absolute(set.dir())?;
    let dir = dir.to_string_lossy();
    let q = |s: &str| serde_json::to_string(s).expect("strings serialise");
    Ok(format!(
        "# The task set {dir} ({n} tasks) as an Indexed Job: each pod runs one task,\n\
         # its index from JOB_COMPLETION_INDEX; written by `ply task kubernetes`.\n\
         apiVersion: batch/v1\n\
         kind: Job\n\
         metadata:\n\
         \x20 name: {name}\n\
         spec:\n\
         \x20 completionMode: Indexed\n\
         \x20 completions: {n}\n\
         \x20 parallelism: {parallelism}\n\
         \x20 backoffLimit: {backoff}\n\
         \x20 template:\n\
         \x20   spec:\n\
         \x20     restartPolicy: Never\n\
         \x20     containers:\n\
         \x20       - name: task\n\
         \x20         image: {image}\n\
         \x20         command: [{ply}, \"task\", \"run\", {dirq}]\n\
         \x20         resources:\n\
         \x20           requests:\n\
         \x20             cpu: \"{cpus}\"\n\
         \x20             memory: \"{mem}Mi\"\n\
         \x20           limits:\n\
         \x20             memory: \"{mem}Mi\"\n\
         \x20         volumeMounts:\n\
         \x20           - name: tasks\n\
         \x20             mountPath: {dirq}\n\
         \x20     volumes:\n\
         \x20       - name: tasks\n\
         \x20         persistentVolumeClaim:\n\
         \x20           claimName: {claim}\n",
        n = set.len(),
        name = job_name(set),
        parallelism = options.parallelism.max(1),
        backoff = set.len().max(1) * 2,
        image = q(&options.image),
        ply = q(&options.ply),
        dirq = q(&dir),
        cpus = options.cpus,
        mem = options.mem_mb,
        claim = q(&options.claim),
    ))
}
