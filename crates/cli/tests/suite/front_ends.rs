//! The front ends see every game through the typed seam: no front-end
//! source file (the command line, the web server and its page) spells a
//! registered game's name or a declared option's name as a literal, nor
//! tests a name or a help text. What is special to one game reaches them
//! as declared options, board styles and typed hooks.

use std::path::{Path, PathBuf};

/// Every source file of the front ends.
fn front_end_files() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["cli/src", "serve/src", "serve/assets"] {
        collect(&crates.join(dir), &mut files);
    }
    assert!(files.len() > 20, "found only {files:?}");
    files
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            collect(&path, files);
        } else if path
            .extension()
            .is_some_and(|e| e == "rs" || e == "js" || e == "html")
        {
            files.push(path);
        }
    }
}

/// The code of a line, without a trailing `//` comment (or the whole line
/// when it is a comment).
fn code(line: &str) -> &str {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") || trimmed.starts_with('*') || trimmed.starts_with("/*") {
        return "";
    }
    match line.find(" //") {
        Some(at) => &line[..at],
        None => line,
    }
}

/// The literals that would tie a front end to one game: its name and the
/// names of its options, quoted as Rust and JavaScript quote them.
fn forbidden() -> Vec<String> {
    let mut names = Vec::new();
    for kind in ply_registry::games() {
        names.push(kind.name().to_string());
        names.extend(kind.options().iter().map(|o| o.name.to_string()));
    }
    names.sort();
    names.dedup();
    names
        .iter()
        .flat_map(|n| [format!("\"{n}\""), format!("'{n}'"), format!("`{n}`")])
        .chain(
            // Tests on a name or a help text, whatever the name.
            [
                ".name() ==",
                ".name() !=",
                "help.starts",
                "startsWith(\"solve",
            ]
            .into_iter()
            .map(String::from),
        )
        .collect()
}

#[test]
fn no_front_end_file_spells_a_game_or_an_option_name() {
    let forbidden = forbidden();
    let mut found = Vec::new();
    for file in front_end_files() {
        let text = std::fs::read_to_string(&file).expect("readable");
        // A file's unit tests (at its end) may use any game as sample data.
        let shipped = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (number, line) in shipped.lines().enumerate() {
            let code = code(line);
            // A board view's declared style ("grid", "heaps", "text") may
            // share a word with an option; the page reads the style.
            if code.contains("board.kind ===") {
                continue;
            }
            for needle in &forbidden {
                if code.contains(needle.as_str()) {
                    found.push(format!(
                        "{}:{}: {needle} in {}",
                        file.display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "front ends naming games or options:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_what_it_looks_for() {
    let forbidden = forbidden();
    for line in [
        r#"    if kind.name() != "othello" {"#,
        r#"        .find(|o| o.name == "trace")"#,
        r#"    if (option.help.startsWith("solve")) continue;"#,
    ] {
        assert!(
            forbidden.iter().any(|n| code(line).contains(n.as_str())),
            "{line}"
        );
    }
    assert_eq!(code(r#"    // "othello" in a comment"#), "");
}
