//! Othello exact margins through tasks equal the single-process solve.

use ply_engine::{Game, Notation};
use ply_othello::{ExactGeometry, ExactSolver, Move, Othello, Size4, Size8};
use ply_tasks::{merge, run_all, run_task, status, Answer, RunOptions, RunReport, Split};

use crate::support::{split_into, FFO_40};

/// The single-process answer: the score and a best move.
fn single<G: ExactGeometry>(position: &str) -> (i32, String) {
    let game = Othello::<G>::new().parse_position(position).unwrap();
    let (p, o) = game.player_opponent();
    let solved = ExactSolver::new(64).solve_on::<G>(p, o);
    let best = solved
        .best
        .map_or("pass".into(), |s| game.format_move(Move(s as u8)));
    (solved.score, best)
}

/// Whether a pass is played within `plies` plies below `game`.
fn passes_within(game: &Othello<Size4>, plies: u32) -> bool {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    plies > 0
        && moves.iter().any(|&mv| {
            let mut next = game.clone();
            next.play(mv);
            mv.is_pass() || passes_within(&next, plies - 1)
        })
}

/// The first 4x4 position (depth first from the start, `plies` deep)
/// with a pass within three plies below it and no pass above it.
fn with_a_pass_below(game: &Othello<Size4>, plies: u32) -> Option<Othello<Size4>> {
    if plies == 0 {
        return (game.result().is_none() && passes_within(game, 3)).then(|| game.clone());
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.into_iter().filter(|mv| !mv.is_pass()).find_map(|mv| {
        let mut next = game.clone();
        next.play(mv);
        with_a_pass_below(&next, plies - 1)
    })
}

fn margin(answer: &Answer) -> (i32, Vec<String>) {
    match answer {
        Answer::Margin { score, best } => (*score, best.clone()),
        other => panic!("not a margin: {other:?}"),
    }
}

#[test]
fn ffo_40_through_tasks_equals_the_single_solve() {
    let (score, best) = single::<Size8>(FFO_40);
    assert_eq!((score, best.as_str()), (38, "a2"));
    let split = Split::OthelloExact {
        size: 8,
        position: FFO_40.into(),
        depth: 2,
    };
    let set = split_into("ffo40", split);
    assert!(set.len() > 20, "{} tasks", set.len());
    assert!(set.manifest().tasks[0].needed_first);
    // Needed tasks only, in priority order: the root is decided before
    // every task has run.
    let reports = run_all(&set, RunOptions::default(), |_| {}).unwrap();
    let skipped = reports
        .iter()
        .filter(|r| matches!(r, RunReport::NotNeeded(_)))
        .count();
    assert!(skipped > 0, "alpha-beta over the frontier skips tasks");
    let merged = merge(&set, 2, 1).unwrap();
    assert_eq!(merged.verified.len(), 2);
    let (merged_score, merged_best) = margin(&merged.answer);
    assert_eq!(merged_score, score);
    assert_eq!(merged_best.first().map(String::as_str), Some("a2"));
    assert_eq!(merged.done + merged.not_needed, set.len());
    // Every task run: the same value, and the single solve's best move
    // is among the moves proved best.
    let forced = RunOptions {
        force: true,
        ..RunOptions::default()
    };
    run_all(&set, forced, |_| {}).unwrap();
    let all = merge(&set, 0, 1).unwrap();
    assert_eq!(all.done, set.len());
    let (all_score, all_best) = margin(&all.answer);
    assert_eq!(all_score, score);
    assert!(all_best.contains(&best), "{all_best:?} lacks {best}");
    let progress = status(&set).unwrap();
    assert_eq!((progress.done, progress.needed), (set.len(), 0));
}

#[test]
fn four_by_four_from_the_start_through_tasks() {
    let start = Othello::<Size4>::new().format_position();
    let (score, _) = single::<Size4>(&start);
    assert_eq!(score, -10, "white wins 3-13 on 4x4");
    for depth in 1..=5 {
        let set = split_into(
            &format!("four-{depth}"),
            Split::OthelloExact {
                size: 4,
                position: start.clone(),
                depth,
            },
        );
        // Symmetry: the four first moves are one position.
        if depth == 1 {
            assert_eq!(set.len(), 1);
        }
        // Run in reverse priority order, one by one, as a scheduler might.
        for index in (0..set.len()).rev() {
            run_task(&set, index, RunOptions::default()).unwrap();
        }
        let (merged, _) = margin(&merge(&set, 1, depth as u64).unwrap().answer);
        assert_eq!(merged, score, "depth {depth}");
    }
}

#[test]
fn a_position_with_a_pass_below_it_splits() {
    let game = with_a_pass_below(&Othello::<Size4>::new(), 5).expect("one exists");
    let position = game.format_position();
    let (score, _) = single::<Size4>(&position);
    for depth in 1..=3 {
        let set = split_into(
            &format!("pass-{depth}"),
            Split::OthelloExact {
                size: 4,
                position: position.clone(),
                depth,
            },
        );
        run_all(&set, RunOptions::default(), |_| {}).unwrap();
        assert_eq!(margin(&merge(&set, 0, 0).unwrap().answer).0, score);
    }
}

/// Rewrites task `index`'s result with its score as a bound.
fn weaken(set: &ply_tasks::TaskSet, index: u32, bound: ply_tasks::Bound) {
    let path = set.result_path(index);
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut result: ply_tasks::TaskResult = serde_json::from_value(file["result"].clone()).unwrap();
    if let ply_tasks::Outcome::OthelloExact { bound: b, .. } = &mut result.outcome {
        *b = bound;
    }
    file["checksum"] =
        ply_tasks::checksum(serde_json::to_string(&result).unwrap().as_bytes()).into();
    file["result"] = serde_json::to_value(&result).unwrap();
    std::fs::write(&path, file.to_string()).unwrap();
}

#[test]
fn bounds_from_narrowed_windows_never_give_a_wrong_value() {
    // A task searched with a narrowed window proves only a bound when it
    // fails high or low; merge must compose the root from bounds without
    // ever claiming more than they prove.
    let start = Othello::<Size4>::new().format_position();
    let (score, _) = single::<Size4>(&start);
    let set = split_into(
        "bounds",
        Split::OthelloExact {
            size: 4,
            position: start,
            depth: 3,
        },
    );
    let forced = RunOptions {
        force: true,
        ..RunOptions::default()
    };
    run_all(&set, forced, |_| {}).unwrap();
    let exact: Vec<String> = (0..set.len())
        .map(|i| std::fs::read_to_string(set.result_path(i)).unwrap())
        .collect();
    let mut decided = 0;
    for trial in 0..64u32 {
        for i in 0..set.len() {
            std::fs::write(set.result_path(i), &exact[i as usize]).unwrap();
            // Each result kept exact, or turned into a lower or upper bound.
            match (trial.wrapping_mul(2_654_435_761) >> (i % 16 * 2)) % 3 {
                1 => weaken(&set, i, ply_tasks::Bound::Lower),
                2 => weaken(&set, i, ply_tasks::Bound::Upper),
                _ => {}
            }
        }
        match merge(&set, 0, 0) {
            Ok(report) => {
                assert_eq!(margin(&report.answer).0, score, "trial {trial}");
                decided += 1;
            }
            Err(error) => assert!(error.to_string().contains("needed"), "{error}"),
        }
    }
    assert!(decided > 0, "some mixes of bounds decide the root");
}

/// The windows results were searched in, as stored.
fn searched_windows(set: &ply_tasks::TaskSet) -> Vec<[i32; 2]> {
    let results = set.results().unwrap();
    results
        .by_task
        .iter()
        .flatten()
        .map(|r| match &r.outcome {
            ply_tasks::Outcome::OthelloExact { window, .. } => *window,
            other => panic!("not a margin: {other:?}"),
        })
        .collect()
}

#[test]
fn one_worker_searches_windows_that_never_need_widening() {
    // After the first task, each task is searched only in the window the
    // results so far need, and every result it gives stays enough.
    let set = split_into(
        "one-worker",
        Split::OthelloExact {
            size: 8,
            position: FFO_40.into(),
            depth: 2,
        },
    );
    let mut runs: Vec<ply_tasks::TaskResult> = Vec::new();
    run_all(&set, RunOptions::default(), |report| {
        if let RunReport::Done(result) = report {
            runs.push(result.clone());
        }
    })
    .unwrap();
    let windows = searched_windows(&set);
    assert_eq!(windows.len(), runs.len(), "no task ran twice");
    assert_eq!(windows[0], [-64, 64], "the first task's whole window");
    assert!(
        windows.iter().any(|w| *w != [-64, 64]),
        "later tasks search narrowed windows: {windows:?}"
    );
    let merged = merge(&set, 3, 7).unwrap();
    assert_eq!(margin(&merged.answer).0, 38);
    assert_eq!(merged.nodes, runs.iter().map(|r| r.nodes).sum::<u64>());
}

#[test]
fn two_workers_on_one_folder_give_the_single_answer() {
    let set = split_into(
        "two-workers",
        Split::OthelloExact {
            size: 8,
            position: FFO_40.into(),
            depth: 2,
        },
    );
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| run_all(&set, RunOptions::default(), |_| {}).unwrap());
        }
    });
    let merged = merge(&set, 2, 3).unwrap();
    assert_eq!(margin(&merged.answer), (38, vec!["a2".to_string()]));
}

#[test]
fn a_task_another_worker_solves_is_speculated_at_its_estimate() {
    // While "another worker" holds task 0 (the expected best line), a
    // worker searches the others assuming task 0 comes out at its
    // estimate: narrow windows, bounds where they hold; then task 0 is
    // released, and whatever the guess got wrong is searched again until
    // the root is decided, with the single solve's value.
    let set = split_into(
        "speculation",
        Split::OthelloExact {
            size: 8,
            position: FFO_40.into(),
            depth: 2,
        },
    );
    let held = set.claim(0).unwrap().expect("no one else holds it");
    assert!(
        set.claim(0).unwrap().is_none(),
        "a held claim excludes others"
    );
    assert!(matches!(
        run_task(&set, 0, RunOptions::default()).unwrap(),
        RunReport::Busy(0)
    ));
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| run_all(&set, RunOptions::default(), |_| {}).unwrap());
        // Let the worker search under the speculation, then let go.
        while set.results().unwrap().by_task.iter().flatten().count() < 3 {
            std::thread::sleep(std::time::Duration::from_millis(20));
            assert!(!worker.is_finished(), "the worker waits for task 0");
        }
        drop(held);
        worker.join().unwrap();
    });
    let windows = searched_windows(&set);
    assert!(
        windows.iter().any(|w| w[1] - w[0] < 40),
        "speculation narrows windows: {windows:?}"
    );
    let merged = merge(&set, 2, 5).unwrap();
    assert_eq!(margin(&merged.answer), (38, vec!["a2".to_string()]));
    // A task searched again keeps what its earlier runs cost.
    let results = set.results().unwrap();
    for result in results.by_task.iter().flatten() {
        assert_eq!(result.earlier.runs == 0, result.earlier.nodes == 0);
    }
}
