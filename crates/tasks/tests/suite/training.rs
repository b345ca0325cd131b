//! Self-play batches through tasks equal the same jobs run in one
//! process (`ply-othello-train generate`), file for file.

use ply_tasks::{checksum, merge, run_all, Answer, RunOptions, Split};

use crate::support::{fresh_dir, split_into};

#[test]
fn a_training_batch_equals_the_single_process_run() {
    let (seed, jobs, games) = (7, 3, 4);
    let set = split_into("train", Split::TrainBatch { seed, jobs, games });
    assert_eq!(set.len(), jobs);
    run_all(&set, RunOptions::default(), |_| {}).unwrap();
    let merged = merge(&set, 1, 0).unwrap();
    let Answer::Data { files, positions } = merged.answer else {
        panic!("not data: {:?}", merged.answer);
    };
    assert_eq!(files, jobs);
    let single = fresh_dir("train-single");
    std::fs::create_dir_all(&single).unwrap();
    let mut total = 0;
    for job in 0..jobs {
        let style = ply_othello_train::Style::default();
        let expected = ply_othello_train::generate_job(seed, job, games, style);
        total += expected.len() as u64;
        let path = ply_othello_train::positions_path(&single, job, jobs);
        ply_othello_train::write_positions(&path, &expected).unwrap();
        let ours = ply_othello_train::positions_path(&set.dir().join("data"), job, jobs);
        assert_eq!(
            checksum(&std::fs::read(&ours).unwrap()),
            checksum(&std::fs::read(&path).unwrap()),
            "job {job}"
        );
    }
    assert_eq!(positions, total);
    // A damaged data file is refused by its task's name.
    let first = ply_othello_train::positions_path(&set.dir().join("data"), 0, jobs);
    let mut bytes = std::fs::read(&first).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&first, bytes).unwrap();
    let error = merge(&set, 0, 0).unwrap_err().to_string();
    assert!(error.contains("000000.json"), "{error}");
}
