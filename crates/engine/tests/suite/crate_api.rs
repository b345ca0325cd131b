//! Every library keeps its modules private and exports a documented API
//! from its `lib.rs`: a `pub mod` is allowed only for the namespaces named
//! here (each with its reason in that `lib.rs`), every library warns on
//! missing docs (clippy's `-D warnings` makes it an error), and a library
//! without `unsafe` forbids it.

use std::fs;
use std::path::Path;

/// The public modules each library keeps, and why.
const NAMESPACES: &[(&str, &str)] = &[
    ("engine", "arena"),       // the tournament referee and its entry hosts
    ("engine", "conformance"), // the harness every game's tests run
    ("engine", "echo"),        // quoting user text in messages
    ("othello", "gtp"),        // the Go Text Protocol the cli drives
    ("othello", "nboard"),     // the NBoard protocol the cli drives
    ("othello", "pattern"),    // the trained evaluation's features and file format
    ("gomoku", "protocol"),    // the Gomocup protocol the cli drives
];

fn libraries() -> Vec<(String, String)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for entry in fs::read_dir(&crates).expect("the crates folder") {
        let dir = entry.expect("an entry").path();
        let lib = dir.join("src/lib.rs");
        if let Ok(text) = fs::read_to_string(&lib) {
            let name = dir
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            found.push((name, text));
        }
    }
    found.sort();
    found
}

/// The `src` files of a crate hold `unsafe` code (beyond the lint's name).
fn has_unsafe(crate_name: &str) -> bool {
    fn walk(dir: &Path) -> bool {
        fs::read_dir(dir).expect("a source folder").any(|entry| {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                return walk(&path);
            }
            fs::read_to_string(&path).is_ok_and(|text| {
                text.lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .any(|l| {
                        l.contains("unsafe {")
                            || l.contains("unsafe impl")
                            || l.contains("unsafe extern")
                            || l.contains("unsafe fn")
                    })
            })
        })
    }
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(crate_name)
            .join("src"),
    )
}

#[test]
fn libraries_export_a_curated_documented_api() {
    let libraries = libraries();
    assert!(libraries.len() >= 10, "found {}", libraries.len());
    let mut problems = Vec::new();
    for (name, text) in &libraries {
        for line in text.lines() {
            if let Some(module) = line.strip_prefix("pub mod ") {
                let module = module.trim_end_matches(';');
                if !NAMESPACES.contains(&(name.as_str(), module)) {
                    problems.push(format!(
                        "{name}: `pub mod {module}` (export its items instead)"
                    ));
                }
            }
        }
        if !text.contains("#![warn(missing_docs)]") {
            problems.push(format!("{name}: no #![warn(missing_docs)]"));
        }
        if !has_unsafe(name) && !text.contains("#![forbid(unsafe_code)]") {
            problems.push(format!("{name}: has no unsafe but does not forbid it"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
