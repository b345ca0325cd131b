//! No source file uses the old names that only made sense to someone who
//! had read the original requests (`seed_score`, `SeedPlayer`, ...): each
//! feature is named for what it is, and the module doc of the module that
//! implements it says once which request it comes from. Every
//! `crates/*/src/**/*.rs` and `crates/serve/assets/*.js` is read; a hit
//! fails naming the file and the line.

use std::fs;
use std::path::{Path, PathBuf};

/// The old names, each with the name that replaced it (for the message).
const OLD_NAMES: &[(&str, &str)] = &[
    ("seed_score", "four_score"),
    ("request_scores", "shows_four_scores"),
    ("SeedPlayer", "DepthLimitedPlayer"),
    ("request_notation", "digit_rows_notation"),
    ("REQUEST_GAMES", "TRACED_GAMES"),
    ("max_levels", "the depth limit"),
    ("REQUEST_LINES", "SCAN_ORDER_LINES"),
    ("REQUEST_PREFERENCE", "PREFERRED_SQUARES"),
    ("request_move", "tic_tac_toe_rule_move"),
];

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the crates folder")
}

/// Every file under `dir` whose name ends in `ext`, recursively.
fn files_under(dir: &Path, ext: &str, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            files_under(&path, ext, found);
        } else if path.extension().is_some_and(|e| e == ext) {
            found.push(path);
        }
    }
}

/// The files read: each crate's `src/**/*.rs` and the page's scripts, as
/// paths relative to `crates/` with `/` separators.
fn sources(crates: &Path) -> Vec<(String, PathBuf)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(crates).expect("the crates folder") {
        let dir = entry.expect("a folder entry").path();
        files_under(&dir.join("src"), "rs", &mut found);
    }
    let assets = crates.join("serve/assets");
    for entry in fs::read_dir(&assets).expect("the page's assets") {
        let path = entry.expect("a folder entry").path();
        if path.extension().is_some_and(|e| e == "js") {
            found.push(path);
        }
    }
    let mut named: Vec<(String, PathBuf)> = found
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(crates).expect("under crates/");
            let name = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            (name, path)
        })
        .collect();
    named.sort();
    named
}

#[test]
fn no_source_uses_a_name_from_the_projects_history() {
    let crates = crates_dir();
    let files = sources(&crates);
    assert!(
        files.iter().any(|(name, _)| name == "engine/src/value.rs")
            && files.iter().any(|(name, _)| name.ends_with(".js")),
        "the walk found the sources: {files:?}"
    );
    let mut hits = Vec::new();
    for (name, path) in &files {
        let text = fs::read_to_string(path).expect("a readable source");
        for (number, line) in text.lines().enumerate() {
            for &(old, new) in OLD_NAMES {
                if !line.contains(old) {
                    continue;
                }
                hits.push(format!(
                    "crates/{name}:{}: `{old}` (now `{new}`): {}",
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(hits.is_empty(), "old names:\n{}", hits.join("\n"));
}
