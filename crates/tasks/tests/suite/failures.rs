//! What goes wrong on a cluster: a task killed half-way, a task run
//! twice, a damaged result, a result from another set or version, a
//! task index out of range, a folder that is not a set.

use std::time::Duration;

use ply_tasks::{
    checksum, merge, parse_index, run_all, run_task, status, RunOptions, RunReport, Split,
    TaskError, TaskResult, TaskSet,
};

use crate::support::{fresh_dir, split_into, FFO_40};

fn ffo_40(name: &str, depth: u32) -> TaskSet {
    split_into(
        name,
        Split::OthelloExact {
            size: 8,
            position: FFO_40.into(),
            depth,
        },
    )
}

fn result_text(set: &TaskSet, index: u32) -> String {
    std::fs::read_to_string(set.result_path(index)).unwrap()
}

#[test]
fn a_killed_task_leaves_no_result_and_its_rerun_changes_nothing() {
    let set = ffo_40("killed", 1);
    // Killed by its deadline: an error, no result.
    let limit = RunOptions {
        time_limit: Some(Duration::from_millis(1)),
        force: false,
        tournament: None,
    };
    let error = run_task(&set, 0, limit).unwrap_err();
    assert!(matches!(error, TaskError::Stopped { .. }), "{error}");
    assert!(!set.result_path(0).exists());
    // Killed by the system: a temporary file left behind, never read.
    let leftover = set.dir().join("results").join(".tmp-000000.json.4242");
    std::fs::write(&leftover, "{\"result\": half").unwrap();
    let progress = status(&set).unwrap();
    assert_eq!(progress.done, 0);
    assert!(progress.refused.is_empty());
    // Run again: the same results as a set that was never interrupted.
    run_all(&set, RunOptions::default(), |_| {}).unwrap();
    let clean = ffo_40("killed-clean", 1);
    run_all(&clean, RunOptions::default(), |_| {}).unwrap();
    assert_eq!(
        merge(&set, 0, 0).unwrap().answer,
        merge(&clean, 0, 0).unwrap().answer
    );
    // A finished task is not redone, and its file is untouched.
    let before = result_text(&set, 0);
    assert_eq!(
        run_task(&set, 0, RunOptions::default()).unwrap(),
        RunReport::AlreadyDone(0)
    );
    let again = run_all(&set, RunOptions::default(), |_| {}).unwrap();
    assert!(again.iter().all(|r| !matches!(r, RunReport::Done(_))));
    assert_eq!(result_text(&set, 0), before);
}

#[test]
fn merge_refuses_damaged_foreign_and_out_of_version_results_by_name() {
    let set = ffo_40("refuse", 1);
    run_all(&set, RunOptions::default(), |_| {}).unwrap();
    merge(&set, 0, 0).unwrap();
    let good = result_text(&set, 1);

    // Damaged: a score edited by hand.
    let edited = good.replacen("\"score\": ", "\"score\": 1", 1);
    assert_ne!(edited, good);
    std::fs::write(set.result_path(1), &edited).unwrap();
    let error = merge(&set, 0, 0).unwrap_err().to_string();
    assert!(error.contains("results/000001.json: damaged"), "{error}");
    std::fs::write(set.result_path(1), &good).unwrap();

    // Damaged: cut short.
    std::fs::write(set.result_path(1), &good[..good.len() / 2]).unwrap();
    let error = merge(&set, 0, 0).unwrap_err().to_string();
    assert!(error.contains("results/000001.json: damaged"), "{error}");
    std::fs::write(set.result_path(1), &good).unwrap();

    // Foreign: the result of another set's task, under this set's name.
    let other = ffo_40("refuse-other", 2);
    run_task(
        &other,
        1,
        RunOptions {
            force: true,
            ..RunOptions::default()
        },
    )
    .unwrap();
    std::fs::copy(other.result_path(1), set.result_path(1)).unwrap();
    let error = merge(&set, 0, 0).unwrap_err().to_string();
    assert!(error.contains("results/000001.json: foreign"), "{error}");
    std::fs::write(set.result_path(1), &good).unwrap();

    // Foreign: this set's task 1 filed as task 2.
    let two = result_text(&set, 2);
    std::fs::write(set.result_path(2), &good).unwrap();
    let error = merge(&set, 0, 0).unwrap_err().to_string();
    assert!(error.contains("results/000002.json: foreign"), "{error}");
    std::fs::write(set.result_path(2), &two).unwrap();

    // A file that is no task's result.
    let stray = set.dir().join("results").join("999999.json");
    std::fs::write(&stray, &good).unwrap();
    let error = merge(&set, 0, 0).unwrap_err().to_string();
    assert!(error.contains("results/999999.json"), "{error}");
    std::fs::remove_file(&stray).unwrap();

    // Another version of ply, properly sealed.
    let mut file: serde_json::Value = serde_json::from_str(&good).unwrap();
    let mut result: TaskResult = serde_json::from_value(file["result"].clone()).unwrap();
    result.version = "0.0.1".into();
    let sealed = checksum(serde_json::to_string(&result).unwrap().as_bytes());
    file["result"] = serde_json::to_value(&result).unwrap();
    file["checksum"] = sealed.into();
    std::fs::write(set.result_path(1), file.to_string()).unwrap();
    let error = merge(&set, 0, 0).unwrap_err().to_string();
    assert!(
        error.contains("results/000001.json: wrong version"),
        "{error}"
    );
    std::fs::write(set.result_path(1), &good).unwrap();

    // A missing result that the root needs, by name.
    std::fs::remove_file(set.result_path(0)).unwrap();
    let error = merge(&set, 0, 0).unwrap_err().to_string();
    assert!(error.contains("000000"), "{error}");
}

#[test]
fn a_damaged_task_file_is_refused_by_name() {
    let set = ffo_40("task-file", 1);
    let path = set.dir().join("tasks").join("000003.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("X", "O")).unwrap();
    let error = run_task(&set, 3, RunOptions::default())
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("task 000003"), "{error}");
    assert!(merge(&set, 0, 0)
        .unwrap_err()
        .to_string()
        .contains("000003"));
}

#[test]
fn bad_folders_and_indices_are_errors() {
    let empty = fresh_dir("not-a-set");
    std::fs::create_dir_all(&empty).unwrap();
    let error = TaskSet::open(&empty).err().unwrap();
    assert!(matches!(error, TaskError::NotATaskSet { .. }), "{error}");
    let set = ffo_40("indices", 1);
    assert!(set.check_index(u64::from(set.len())).is_err());
    assert_eq!(set.check_index(0).unwrap(), 0);
    assert!(parse_index("SLURM_ARRAY_TASK_ID", "seven").is_err());
    assert_eq!(parse_index("JOB_COMPLETION_INDEX", " 12 ").unwrap(), 12);
    // Splitting into a set's folder again is refused.
    let split = set.manifest().split.clone();
    let engine = set.manifest().engine.clone();
    assert!(matches!(
        TaskSet::create(set.dir(), split, engine),
        Err(TaskError::NotEmpty { .. })
    ));
}

#[test]
fn a_manifest_edited_by_hand_is_refused() {
    let set = ffo_40("manifest", 1);
    run_all(&set, RunOptions::default(), |_| {}).unwrap();
    let path = set.dir().join("manifest.json");
    let text = std::fs::read_to_string(&path).unwrap();
    // Another identity: the task files name the old one.
    let id = &set.manifest().set_id;
    std::fs::write(&path, text.replace(id.as_str(), "0123456789abcdef")).unwrap();
    let edited = TaskSet::open(set.dir()).unwrap();
    let error = merge(&edited, 0, 0).unwrap_err().to_string();
    assert!(error.contains("task 000000"), "{error}");
    // Other engine settings: the id is not their checksum.
    std::fs::write(&path, text.replace("\"hash_mb\": 16", "\"hash_mb\": 17")).unwrap();
    let edited = TaskSet::open(set.dir()).unwrap();
    let error = merge(&edited, 0, 0).unwrap_err().to_string();
    assert!(error.contains("set id"), "{error}");
    // Another split depth: the frontier is not the tasks'.
    std::fs::write(&path, text.replace("\"depth\": 1", "\"depth\": 2")).unwrap();
    let edited = TaskSet::open(set.dir()).unwrap();
    assert!(merge(&edited, 0, 0).is_err());
    std::fs::write(&path, &text).unwrap();
    merge(&TaskSet::open(set.dir()).unwrap(), 0, 0).unwrap();
}

#[test]
fn a_tournament_batch_without_a_player_of_games_is_an_error() {
    // The library cannot play games itself: the front end gives it the
    // player (`ply task run` does); without one a batch is refused, not
    // skipped.
    let split = ply_tasks::Split::TournamentBatch {
        command: vec![
            "tictactoe".into(),
            "--players".into(),
            "perfect,random".into(),
        ],
        batches: 2,
        seed: 1,
    };
    let set = crate::support::split_into("batch-no-runner", split);
    assert_eq!(set.len(), 2);
    let error = run_task(&set, 0, RunOptions::default()).unwrap_err();
    assert!(error.to_string().contains("ply task run"), "{error}");
    assert!(!set.result_path(0).exists());
}
