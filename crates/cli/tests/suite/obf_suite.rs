//! `ply solve othello --obf`: a small suite solved and checked against its
//! listed scores (FFO #1-#3, from the suite's published file), a wrong
//! listed score (exit 1), and bad files and ranges (exit 2, one line).

use crate::support;

use support::ply;

/// FFO #1-#3 (14 empties each), as the FFO suite publishes them.
const FFO_1_3: &str = include_str!("../../../othello/data/ffo-1-19.obf");

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-obf-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn first_lines(n: usize) -> String {
    FFO_1_3.lines().take(n).map(|l| format!("{l}\n")).collect()
}

#[test]
fn solves_a_suite_and_checks_its_scores() {
    let path = write("ffo-1-3.obf", &first_lines(3));
    for threads in ["1", "2"] {
        let run = ply(
            &[
                "solve",
                "othello",
                "--obf",
                path.to_str().unwrap(),
                "--threads",
                threads,
            ],
            "",
        );
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        let rows: Vec<&str> = run.stdout.lines().collect();
        // Header, column names, three positions numbered from the file name, total.
        assert_eq!(rows.len(), 6, "{}", run.stdout);
        for (row, (number, score)) in rows[2..5].iter().zip([(1, "+18"), (2, "+10"), (3, "+2")]) {
            let cells: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(cells[0], number.to_string(), "{row}");
            assert_eq!(cells[1], "14", "{row}");
            assert_eq!(cells[2], score, "{row}");
            assert_eq!(cells[3], score, "{row}");
        }
        assert!(
            rows[5].starts_with("total: 3 solved, 0 mismatches"),
            "{}",
            rows[5]
        );
    }
    // A range picks positions by number.
    let run = ply(
        &[
            "solve",
            "othello",
            "--obf",
            path.to_str().unwrap(),
            "--range",
            "2-3",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("total: 2 solved"), "{}", run.stdout);
}

#[test]
fn a_wrong_listed_score_exits_with_1() {
    let line = FFO_1_3.lines().next().unwrap().replace("+18", "+16");
    let path = write("wrong.obf", &format!("{line}\n"));
    let run = ply(&["solve", "othello", "--obf", path.to_str().unwrap()], "");
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("MISMATCH"), "{}", run.stdout);
    assert!(run.stdout.contains("1 mismatch "), "{}", run.stdout);
}

#[test]
fn bad_files_and_ranges_exit_with_2() {
    let good = write("good.obf", &first_lines(1));
    let bad = write("bad.obf", "XXXX X; a1:+2;\n");
    let missing = std::env::temp_dir().join("ply-no-such-suite.obf");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--obf", missing.to_str().unwrap()], "cannot read"),
        (vec!["--obf", bad.to_str().unwrap()], "line 1"),
        (
            vec!["--obf", good.to_str().unwrap(), "--range", "5-9"],
            "no position numbered 5-9",
        ),
        (
            vec!["--obf", good.to_str().unwrap(), "--range", "x"],
            "not a range",
        ),
        (
            vec!["--obf", good.to_str().unwrap(), "--threads", "0"],
            "--threads",
        ),
        (vec!["--range", "1-2"], "--obf"),
        (vec!["--obf", good.to_str().unwrap(), "--size", "6"], "8x8"),
    ];
    for (args, needle) in cases {
        let mut all = vec!["solve", "othello"];
        all.extend(args.iter());
        let run = ply(&all, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(
            run.stderr.trim().lines().count(),
            1,
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
    }
    let run = ply(&["solve", "nim", "--obf", good.to_str().unwrap()], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("Othello"), "{}", run.stderr);
}
