//! The pipeline end to end on a tiny run: the binary's steps, their
//! resumability, the labels against a plain exhaustive negamax, and the
//! fit's effect on the training error.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ply_othello::pattern::Weights;
use ply_othello_train as train;

const BIN: &str = env!("CARGO_BIN_EXE_ply-othello-train");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-othello-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(["--threads", "2"])
        .args(args)
        .output()
        .expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn generate(dir: &Path, job: &str) -> String {
    let d = dir.to_str().expect("a UTF-8 path");
    ok(&[
        "generate", "--job", job, "--jobs", "2", "--games", "4", "--seed", "7", "--out", d,
    ])
}

fn label(dir: &Path, job: &str) -> String {
    let d = dir.to_str().expect("a UTF-8 path");
    ok(&[
        "label",
        "--job",
        job,
        "--jobs",
        "2",
        "--data",
        d,
        "--exact",
        "10",
        "--near-empties",
        "14",
        "--near-depth",
        "3",
        "--depth",
        "2",
    ])
}

#[test]
fn a_tiny_run_resumes_redoes_what_is_missing_and_refuses_damaged_files() {
    let dir = scratch("resume");
    let d = dir.to_str().expect("a UTF-8 path");
    for job in ["0", "1"] {
        generate(&dir, job);
        label(&dir, job);
    }
    let labels1 = train::labels_path(&dir, 1, 2);
    let positions0 = train::positions_path(&dir, 0, 2);
    let first_labels = std::fs::read(&labels1).expect("labels of job 1");
    let first_positions = std::fs::read(&positions0).expect("positions of job 0");
    assert!(train::read_labels(&labels1).expect("readable").len() > 50);

    // A rerun does nothing.
    assert!(generate(&dir, "0").contains("done already"));
    assert!(label(&dir, "1").contains("done already"));
    assert_eq!(
        std::fs::read(&positions0).expect("still there"),
        first_positions
    );

    // A removed output is redone, the same bytes (the run is reproducible).
    std::fs::remove_file(&labels1).expect("removed");
    assert!(!label(&dir, "1").contains("done already"));
    assert_eq!(std::fs::read(&labels1).expect("redone"), first_labels);
    std::fs::remove_file(&positions0).expect("removed");
    assert!(!generate(&dir, "0").contains("done already"));
    assert_eq!(std::fs::read(&positions0).expect("redone"), first_positions);

    // Fit and measure run on what is there.
    let weights = dir.join("w.bin");
    let w = weights.to_str().expect("a UTF-8 path");
    let fitted = ok(&["fit", "--data", d, "--out", w, "--epochs", "3"]);
    assert!(fitted.contains("FNV-1a 64"), "{fitted}");
    let bytes = std::fs::read(&weights).expect("weights written");
    Weights::from_bytes(&bytes).expect("a valid weights file");
    let sum = std::fs::read_to_string(dir.join("w.bin.fnv1a")).expect("checksum beside");
    assert!(sum.starts_with(&format!("{:016x}", train::fnv1a(&bytes))));
    let set = dir.join("set.bin");
    let s = set.to_str().expect("a UTF-8 path");
    let table = ok(&[
        "measure",
        "--set",
        s,
        "--games",
        "3",
        "--empties",
        "4,8",
        "--weights",
        "shipped",
        w,
    ]);
    assert!(
        table.contains("| 4 | ") && table.contains("| 8 | "),
        "{table}"
    );
    // Calibration on the same solved positions: phases 0 and 1 reported,
    // their error no worse, a valid file written.
    let calibrated = dir.join("c.bin");
    let c = calibrated.to_str().expect("a UTF-8 path");
    let report = ok(&["calibrate", "--set", s, "--weights", w, "--out", c]);
    for phase in ["| 0 | 1-4 |", "| 1 | 5-8 |"] {
        let row = report
            .lines()
            .find(|l| l.starts_with(phase))
            .unwrap_or_else(|| panic!("{phase} missing: {report}"));
        let cells: Vec<f64> = row
            .split('|')
            .filter_map(|c| c.trim().parse().ok())
            .collect();
        let (before, after) = (cells[cells.len() - 2], cells[cells.len() - 1]);
        assert!(after <= before, "{row}");
    }
    Weights::from_bytes(&std::fs::read(&calibrated).expect("calibrated written"))
        .expect("a valid weights file");

    // A truncated file is refused with its name; so is one with a flipped byte.
    let labels0 = train::labels_path(&dir, 0, 2);
    let good = std::fs::read(&labels0).expect("labels of job 0");
    std::fs::write(&labels0, &good[..good.len() - 5]).expect("truncated");
    for args in [
        vec!["label", "--job", "0", "--jobs", "2", "--data", d],
        vec!["fit", "--data", d, "--out", w],
    ] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} accepted a truncated file");
        assert!(err.contains("labels-0000-of-0002.bin"), "{err}");
    }
    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    std::fs::write(&labels0, &flipped).expect("damaged");
    let err = train::read_labels(&labels0).expect_err("a flipped byte is seen");
    assert!(err.to_string().contains("labels-0000-of-0002.bin"), "{err}");
    let mut cut = first_positions.clone();
    cut.truncate(30);
    std::fs::write(&positions0, &cut).expect("truncated");
    let out = run(&[
        "generate", "--job", "0", "--jobs", "2", "--games", "4", "--seed", "7", "--out", d,
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("positions-0000-of-0002.bin"));
    let _ = std::fs::remove_dir_all(&dir);
}

// An independent reference: move generation by walking rays square by
// square, and a plain exhaustive negamax (no pruning).
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

fn ray_flips(p: u64, o: u64, square: u32) -> u64 {
    if (p | o) >> square & 1 == 1 {
        return 0;
    }
    let (row, col) = (square as i32 / 8, square as i32 % 8);
    let mut all = 0;
    for (dr, dc) in DIRECTIONS {
        let (mut r, mut c, mut line) = (row + dr, col + dc, 0u64);
        while (0..8).contains(&r) && (0..8).contains(&c) && o >> (r * 8 + c) & 1 == 1 {
            line |= 1 << (r * 8 + c);
            r += dr;
            c += dc;
        }
        if (0..8).contains(&r) && (0..8).contains(&c) && p >> (r * 8 + c) & 1 == 1 {
            all |= line;
        }
    }
    all
}

fn negamax(p: u64, o: u64, passed: bool) -> i32 {
    let mut best = None;
    for square in 0..64 {
        let f = ray_flips(p, o, square);
        if f != 0 {
            let score = -negamax(o ^ f, p | f | 1 << square, false);
            best = Some(best.map_or(score, |b: i32| b.max(score)));
        }
    }
    match best {
        Some(b) => b,
        None if passed => {
            // Game over: the empties go to the winner.
            let (mine, theirs) = (p.count_ones() as i32, o.count_ones() as i32);
            let empties = 64 - mine - theirs;
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => mine - theirs + empties,
                std::cmp::Ordering::Less => mine - theirs - empties,
                std::cmp::Ordering::Equal => 0,
            }
        }
        None => -negamax(o, p, true),
    }
}

#[test]
fn labels_at_few_empties_are_the_exact_scores_of_a_plain_negamax() {
    let positions: Vec<(u64, u64)> = (0..40)
        .flat_map(|g| train::play_game(train::game_seed(3, 0, g), train::Style::default()))
        .filter(|&(p, o)| (!(p | o)).count_ones() <= 7)
        .collect();
    assert!(positions.len() > 150, "{}", positions.len());
    let how = train::Labelling {
        exact_empties: 7,
        near_empties: 0,
        near_depth: 2,
        depth: 2,
    };
    for l in train::label_positions(&positions, how) {
        assert_eq!(l.kind, 0);
        assert_eq!(
            i32::from(l.score),
            100 * negamax(l.p, l.o, false),
            "{:x} {:x}",
            l.p,
            l.o
        );
    }
}

/// The exact scores of the positions at 12 empties or fewer of `games`
/// self-play games of `seed`.
fn exact_labels(games: u64, seed: u64) -> Vec<train::Labelled> {
    let positions: Vec<(u64, u64)> = (0..games)
        .flat_map(|g| train::play_game(train::game_seed(seed, 0, g), train::Style::default()))
        .filter(|&(p, o)| (!(p | o)).count_ones() <= 12)
        .collect();
    let how = train::Labelling {
        exact_empties: 12,
        near_empties: 0,
        near_depth: 2,
        depth: 2,
    };
    train::label_positions(&positions, how)
}

#[test]
fn fitting_reduces_the_training_error() {
    let labels = exact_labels(60, 5);
    let zeros = Weights::zeros();
    let fitting = train::Fitting {
        epochs: 10,
        ..train::Fitting::default()
    };
    let (held, train_set): (Vec<_>, Vec<_>) =
        labels.iter().partition(|l| train::held_out(l.p, l.o));
    let (fitted, reports) = train::fit(&train_set, &held, &zeros, fitting, true);
    let before = train::mean_error(&zeros, &train_set);
    let after = train::mean_error(&fitted, &train_set);
    assert!(
        after < 0.7 * before,
        "training error {before:.2} -> {after:.2}"
    );
    for r in reports.iter().filter(|r| r.train > 0) {
        assert!(
            r.train_error.1 < r.train_error.0,
            "phase {}: {:?}",
            r.phase,
            r.train_error
        );
    }
}

/// `beyond` 8 fits only the phases beyond 8 empties, `up_to` 8 only those
/// of 1-8: the others keep the start's weights (zeros here). Each phase
/// maps to whether it must have been fitted.
#[test]
fn only_the_phases_asked_for_are_fitted() {
    let labels = exact_labels(30, 6);
    let zeros = Weights::zeros();
    let phase = |empties: u32| ply_othello::pattern::phase_of(empties);
    let cases = [
        (8, u32::MAX, [(4, false), (8, false), (12, true)]),
        (0, 8, [(4, true), (8, true), (12, false)]),
    ];
    for (beyond, up_to, expected) in cases {
        let fitting = train::Fitting {
            epochs: 5,
            beyond,
            up_to,
            ..train::Fitting::default()
        };
        let (fitted, reports) = train::fit(&labels, &[], &zeros, fitting, true);
        for (empties, fitted_expected) in expected {
            let p = phase(empties);
            assert_eq!(
                fitted.phase(p) != zeros.phase(p),
                fitted_expected,
                "beyond {beyond}, up to {up_to}: the phase of {empties} empties"
            );
            assert_eq!(reports[p].kept, fitted_expected, "{empties} empties");
        }
    }
}

#[test]
fn a_duel_is_even_against_itself_and_the_shipped_weights_beat_zeros() {
    let shipped = ply_othello::pattern::embedded().expect("the shipped weights");
    let (won, _, lost) = train::duel(shipped, shipped, 20, 2, 1);
    assert_eq!(won, lost, "each opening is played from both sides");
    let (won, drawn, lost) = train::duel(shipped, &Weights::zeros(), 20, 2, 1);
    assert!(won > 3 * lost, "{won} won, {drawn} drawn, {lost} lost");
}
