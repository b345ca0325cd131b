//! A real scheduler end to end: a one-node Slurm cluster on this machine
//! (`scripts/slurm-local.sh`, which installs Debian's slurm-wlm and munge
//! when missing) runs a task set as a job array through `sbatch --wait`,
//! and merge gives the single-process answer. When Slurm cannot start,
//! the test fails with the script's message: it never skips.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tasks::fresh_dir;

fn start_cluster() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/slurm-local.sh");
    let output = Command::new("bash")
        .arg(&script)
        .output()
        .expect("bash runs");
    assert!(
        output.status.success(),
        "{} could not start a Slurm cluster: {}{}",
        script.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn sbatch_wait(script: &Path) {
    let output = Command::new("sbatch")
        .arg("--wait")
        .arg(script)
        .output()
        .expect("sbatch runs");
    assert!(
        output.status.success(),
        "sbatch --wait {}: {}{}",
        script.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs `ply ARGS` (the copy at `ply`) and returns its output, checking it succeeded.
fn run(ply: &Path, args: &[&str]) -> String {
    let output = Command::new(ply).args(args).output().expect("ply runs");
    assert!(
        output.status.success(),
        "ply {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn value(ply: &Path, dir: &str) -> String {
    let out = run(ply, &["task", "merge", dir]);
    out.lines()
        .find_map(|l| l.strip_prefix("Value: "))
        .unwrap_or_else(|| panic!("no value in {out}"))
        .to_string()
}

/// A copy of the binary under test: the array's jobs run after this
/// returns, and a shared target directory's `ply` may be rebuilt meanwhile.
fn private_ply(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let ply = dir.join("ply");
    std::fs::copy(env!("CARGO_BIN_EXE_ply"), &ply).expect("the binary copies");
    ply
}

#[test]
fn a_slurm_job_array_runs_a_task_set_and_merge_gives_the_single_answer() {
    start_cluster();
    let bin = fresh_dir("slurm-bin");
    let ply = private_ply(&bin);
    // (6,6,5): a draw, by the single proof.
    let dir = fresh_dir("slurm-mnk");
    let d = dir.to_str().unwrap();
    run(
        &ply,
        &[
            "solve",
            "mnk",
            "--size",
            "6",
            "--k",
            "5",
            "--split",
            d,
            "--split-depth",
            "1",
        ],
    );
    let written = run(&ply, &["task", "slurm", d, "--mem", "256"]);
    assert!(written.contains("slurm.sh"), "{written}");
    sbatch_wait(&dir.join("slurm.sh"));
    assert_eq!(value(&ply, d), "draw for the side to move");
    // 4x4 Othello: -10, white wins.
    let dir = fresh_dir("slurm-othello");
    let d = dir.to_str().unwrap();
    run(
        &ply,
        &[
            "solve",
            "othello",
            "--size",
            "4",
            "--split",
            d,
            "--split-depth",
            "2",
        ],
    );
    run(&ply, &["task", "slurm", d, "--mem", "256"]);
    sbatch_wait(&dir.join("slurm.sh"));
    assert!(value(&ply, d).starts_with("-10 for the side to move"));
    // Every array element left its log, and every result was written
    // there or found not needed.
    let tasks = std::fs::read_dir(dir.join("tasks")).unwrap().count();
    assert_eq!(std::fs::read_dir(dir.join("logs")).unwrap().count(), tasks);
}
