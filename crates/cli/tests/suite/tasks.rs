//! `ply solve ... --split DIR` and `ply task`: split, run, merge through
//! the binary give the single-process answer; what a user can type wrong
//! is one line on stderr and exit code 2.

use std::path::{Path, PathBuf};

use crate::support::ply;

/// A fresh folder for `name` (removed if a former run left it).
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-cli-tasks-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs `ply ARGS` and returns its standard output, checking it succeeded.
pub fn ok(args: &[&str]) -> String {
    let run = ply(args, "");
    assert_eq!(run.code, 0, "ply {args:?}: {}", run.stderr);
    run.stdout
}

/// The value line of `ply task merge DIR`.
pub fn merged_value(dir: &Path) -> String {
    let out = ok(&["task", "merge", dir.to_str().unwrap(), "--verify", "1"]);
    out.lines()
        .find_map(|l| l.strip_prefix("Value: "))
        .unwrap_or_else(|| panic!("no value in {out}"))
        .to_string()
}

fn refused(args: &[&str], wanted: &str) {
    let run = ply(args, "");
    assert_eq!(run.code, 2, "ply {args:?}: {}", run.stdout);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains(wanted), "{} lacks {wanted}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn othello_and_mnk_through_tasks_equal_the_single_solve() {
    // 4x4 Othello: white wins by 10 (3-13 with the empties to the winner).
    let dir = fresh_dir("four");
    let d = dir.to_str().unwrap();
    ok(&[
        "solve",
        "othello",
        "--size",
        "4",
        "--split",
        d,
        "--split-depth",
        "3",
    ]);
    let status = ok(&["task", "status", d]);
    assert!(status.contains("Tasks: 0 of "), "{status}");
    // Each task by its index as a scheduler gives it, in reverse order.
    let count = std::fs::read_dir(dir.join("tasks")).unwrap().count();
    for index in (0..count).rev() {
        let mut command = crate::support::command(&["task", "run", d]);
        command.env("SLURM_ARRAY_TASK_ID", index.to_string());
        assert!(command.output().unwrap().status.success());
    }
    assert!(merged_value(&dir).starts_with("-10 for the side to move"));
    let again = ok(&["task", "run", d, "0"]);
    assert!(
        again.contains("done already") || again.contains("not needed"),
        "{again}"
    );

    // (6,6,5) is a draw, as the single proof says.
    let single = ok(&[
        "solve", "mnk", "--size", "6", "--k", "5", "--prove", "--json",
    ]);
    assert!(single.contains("\"draw\""), "{single}");
    let dir = fresh_dir("six-six-five");
    let d = dir.to_str().unwrap();
    ok(&[
        "solve",
        "mnk",
        "--size",
        "6",
        "--k",
        "5",
        "--split",
        d,
        "--split-depth",
        "2",
    ]);
    let mut command = crate::support::command(&["task", "run", d]);
    command.env("JOB_COMPLETION_INDEX", "0");
    assert!(command.output().unwrap().status.success());
    ok(&["task", "run", d]);
    assert_eq!(merged_value(&dir), "draw for the side to move");
    let status = ok(&["task", "status", d]);
    assert!(status.contains("Value: draw"), "{status}");
}

#[test]
fn mistakes_are_one_line_and_exit_2() {
    let dir = fresh_dir("mistakes");
    let d = dir.to_str().unwrap();
    refused(&["task", "run", d], "not a task set");
    refused(&["task", "merge", d], "not a task set");
    refused(&["task", "status", "/nonexistent/ply"], "not a task set");
    refused(&["solve", "nim", "--split", d], "no split solve");
    refused(
        &["solve", "othello", "--size", "10", "--split", d],
        "4x4, 6x6 and 8x8",
    );
    ok(&[
        "solve",
        "othello",
        "--size",
        "4",
        "--split",
        d,
        "--split-depth",
        "2",
    ]);
    refused(
        &["solve", "othello", "--size", "4", "--split", d],
        "not empty",
    );
    refused(&["task", "run", d, "12345"], "no task 12345");
    refused(&["task", "run", d, "-1"], "");
    refused(&["task", "run", d, "two"], "'two' is not a task index");
    let mut command = crate::support::command(&["task", "run", d]);
    command.env("SLURM_ARRAY_TASK_ID", "x1");
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("SLURM_ARRAY_TASK_ID"));
    refused(&["task", "merge", d], "needed task(s) have no result");
    // A full disk: one line, exit 2, and the tasks' results are written.
    let full = crate::support::ply_to_full_disk(&["task", "run", d], "");
    assert_eq!(full.code, 2, "{}", full.stderr);
    assert!(full.stderr.contains("cannot write"), "{}", full.stderr);
    ok(&["task", "run", d]);
    // A damaged result is named.
    let result = dir.join("results").join("000000.json");
    let text = std::fs::read_to_string(&result).unwrap();
    std::fs::write(&result, text.replace("\"nodes\": ", "\"nodes\": 9")).unwrap();
    refused(&["task", "merge", d], "results/000000.json: damaged");
    // A damaged manifest.
    std::fs::write(dir.join("manifest.json"), "{").unwrap();
    refused(&["task", "status", d], "manifest.json");
}

#[test]
fn scheduler_files_name_this_binary_and_every_task() {
    let dir = fresh_dir("scheduler-files");
    let d = dir.to_str().unwrap();
    ok(&["solve", "mnk", "--size", "4", "--k", "4", "--split", d]);
    let count = std::fs::read_dir(dir.join("tasks")).unwrap().count();
    ok(&["task", "slurm", d, "--parallel", "2"]);
    let script = std::fs::read_to_string(dir.join("slurm.sh")).unwrap();
    assert!(script.starts_with("#!/bin/bash\n"));
    assert!(script.contains(&format!("#SBATCH --array=0-{}%2\n", count - 1)));
    let binary = Path::new(env!("CARGO_BIN_EXE_ply")).canonicalize().unwrap();
    assert!(
        script.contains(&format!("'{}' task run", binary.display())),
        "{script}"
    );
    ok(&["task", "kubernetes", d]);
    let yaml = std::fs::read_to_string(dir.join("kubernetes.yaml")).unwrap();
    assert!(yaml.contains("completionMode: Indexed"));
    assert!(yaml.contains(&format!("completions: {count}")));
}

/// Each player's `[won, drawn, lost]` from `ply tournament ... --json`.
fn standings_of_json(text: &str) -> Vec<(String, [u64; 3])> {
    let report: serde_json::Value = serde_json::from_str(text).expect("the report is JSON");
    report["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| {
            let t = &s["total"];
            let n = |k: &str| t[k].as_u64().expect("a count");
            (
                s["name"].as_str().expect("a name").to_string(),
                [n("wins"), n("draws"), n("losses")],
            )
        })
        .collect()
}

#[test]
fn a_tournament_in_batches_sums_to_the_batches_played_alone() {
    // Three batches of the same round robin, seeds 5, 6 and 7: through
    // tasks the standings are the sums of the three tournaments played
    // directly with those seeds.
    let dir = fresh_dir("tournament");
    let d = dir.to_str().unwrap();
    let round = [
        "tictactoe",
        "--players",
        "perfect,alphabeta:2,random",
        "--games",
        "4",
        "--jobs",
        "1",
    ];
    let mut split = vec!["tournament"];
    split.extend(round);
    split.extend(["--seed", "5", "--split", d, "--batches", "3"]);
    let written = ok(&split);
    assert!(written.contains("3 tournament batches"), "{written}");
    let mut expected: Vec<(String, [u64; 3])> = Vec::new();
    for seed in ["5", "6", "7"] {
        let mut alone = vec!["tournament"];
        alone.extend(round);
        alone.extend(["--seed", seed, "--json"]);
        for (name, wdl) in standings_of_json(&ok(&alone)) {
            match expected.iter_mut().find(|(n, _)| *n == name) {
                Some((_, sum)) => (0..3).for_each(|i| sum[i] += wdl[i]),
                None => expected.push((name, wdl)),
            }
        }
    }
    // Merged before its batches ran: told so in a tournament's words.
    let early = ply(&["task", "merge", d], "");
    assert_eq!(early.code, 2, "{}", early.stdout);
    assert!(
        early
            .stderr
            .contains("the set is not finished: 3 needed task(s)")
            && !early.stderr.contains("root"),
        "{}",
        early.stderr
    );
    ok(&["task", "run", d, "1"]);
    ok(&["task", "run", d]);
    let merged = ok(&["task", "merge", d]);
    assert!(merged.contains("Value: 36 games"), "{merged}");
    for (name, [w, dr, l]) in &expected {
        let line = merged
            .lines()
            .find(|line| line.split_whitespace().next() == Some(name.as_str()))
            .unwrap_or_else(|| panic!("no line for {name} in {merged}"));
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            fields[1..5],
            [
                (w + dr + l).to_string(),
                w.to_string(),
                dr.to_string(),
                l.to_string()
            ],
            "{name}: {line}"
        );
    }
    // A batch is never replayed to verify it (its games depend on time).
    let verified = ok(&["task", "merge", d, "--verify", "2"]);
    assert!(!verified.contains("Verified"), "{verified}");
}
