//! No crate of the workspace has a module circle: modules that reach each
//! other through `crate::` paths in a loop. A circle means no module of it
//! can be read, tested or moved without the others; the cure is to put what
//! they share in a module of its own.
//!
//! The graph is read from the source text: `mod name;` lines give each
//! crate's module tree, and every `crate::a::b` path (in `use` lines, braces
//! included, or inline) is an arrow to the longest module prefix it names.
//! Arrows to the crate root are left out: the root only hands names on.
//! `super::` paths are not read: a child leaning on its parent is the
//! ordinary shape of a folder module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Circles that stay, by crate and module path, each explained in the doc of
/// its modules. None today.
const EXPLAINED: &[(&str, &[&str])] = &[];

/// One crate's modules (paths like `exact::last`, the root being ``) and
/// the arrows between them.
struct ModuleGraph {
    arrows: BTreeMap<String, BTreeSet<String>>,
}

fn workspace_crates() -> Vec<(String, PathBuf)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for entry in fs::read_dir(&crates).expect("the crates folder") {
        let dir = entry.expect("a folder entry").path();
        for root in ["src/lib.rs", "src/main.rs"] {
            if dir.join(root).is_file() {
                let name = dir.file_name().unwrap().to_string_lossy().into_owned();
                found.push((name, dir.join(root)));
            }
        }
    }
    found.sort();
    found
}

/// The text with `//` comments removed (doc comments name paths too).
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Names of the out-of-line modules a file declares (`mod x;`).
fn declared_modules(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in code.lines() {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        while words
            .first()
            .is_some_and(|w| w.starts_with("pub") || w.starts_with("#["))
        {
            words.remove(0);
        }
        if let [keyword, name] = words[..] {
            if keyword == "mod" {
                if let Some(name) = name.strip_suffix(';') {
                    names.push(name.to_string());
                }
            }
        }
    }
    names
}

/// The file of child module `name` of the module in `file`.
fn child_file(file: &Path, name: &str) -> Option<PathBuf> {
    let stem = file.file_stem().unwrap().to_string_lossy();
    let dir = if matches!(stem.as_ref(), "lib" | "main" | "mod") {
        file.parent().unwrap().to_path_buf()
    } else {
        file.with_extension("")
    };
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
    .into_iter()
    .find(|candidate| candidate.is_file())
}

/// Every module of the crate rooted at `root`, with its code.
fn modules(root: &Path) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    let mut pending = vec![(String::new(), root.to_path_buf())];
    while let Some((path, file)) = pending.pop() {
        let code = without_comments(&fs::read_to_string(&file).expect("a source file"));
        for name in declared_modules(&code) {
            if let Some(child) = child_file(&file, &name) {
                let child_path = if path.is_empty() {
                    name
                } else {
                    format!("{path}::{name}")
                };
                pending.push((child_path, child));
            }
        }
        found.insert(path, code);
    }
    found
}

/// Reads a path tree after `crate::` (`a::b`, `a::{b, c::d}`, `{a, b}`),
/// pushing every full path, and returns the rest of the text.
fn read_tree<'a>(text: &'a str, prefix: &str, paths: &mut Vec<String>) -> &'a str {
    let text = text.trim_start();
    if let Some(mut rest) = text.strip_prefix('{') {
        loop {
            rest = read_tree(rest, prefix, paths).trim_start();
            match rest.chars().next() {
                Some(',') => rest = &rest[1..],
                Some('}') => return &rest[1..],
                _ => return rest,
            }
        }
    }
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    let name = &text[..end];
    let path = match (prefix.is_empty(), name) {
        (_, "self" | "" | "*") => prefix.to_string(),
        (true, _) => name.to_string(),
        (false, _) => format!("{prefix}::{name}"),
    };
    let rest = &text[end..];
    match rest.strip_prefix("::") {
        Some(rest) => read_tree(rest, &path, paths),
        None => {
            paths.push(path);
            rest
        }
    }
}

/// Every `crate::` path in `code`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            rest = after;
            continue;
        }
        rest = read_tree(after, "", &mut paths);
    }
    paths
}

impl ModuleGraph {
    fn of_crate(root: &Path) -> Self {
        let modules = modules(root);
        let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, code) in &modules {
            let targets = arrows.entry(from.clone()).or_default();
            for path in crate_paths(code) {
                let mut target = path.as_str();
                while !modules.contains_key(target) {
                    target = target.rsplit_once("::").map_or("", |(head, _)| head);
                }
                if !target.is_empty() && target != from {
                    targets.insert(target.to_string());
                }
            }
        }
        ModuleGraph { arrows }
    }

    /// The circles: strongly connected sets of two modules or more (Tarjan).
    fn circles(&self) -> Vec<BTreeSet<String>> {
        struct Walk<'g> {
            graph: &'g ModuleGraph,
            index: BTreeMap<&'g str, usize>,
            low: BTreeMap<&'g str, usize>,
            stack: Vec<&'g str>,
            circles: Vec<BTreeSet<String>>,
        }
        impl<'g> Walk<'g> {
            fn visit(&mut self, module: &'g str) {
                let number = self.index.len();
                self.index.insert(module, number);
                self.low.insert(module, number);
                self.stack.push(module);
                for next in &self.graph.arrows[module] {
                    if !self.index.contains_key(next.as_str()) {
                        self.visit(next);
                        let low = self.low[module].min(self.low[next.as_str()]);
                        self.low.insert(module, low);
                    } else if self.stack.contains(&next.as_str()) {
                        let low = self.low[module].min(self.index[next.as_str()]);
                        self.low.insert(module, low);
                    }
                }
                if self.low[module] == self.index[module] {
                    let mut circle = BTreeSet::new();
                    while let Some(top) = self.stack.pop() {
                        circle.insert(top.to_string());
                        if top == module {
                            break;
                        }
                    }
                    if circle.len() > 1 {
                        self.circles.push(circle);
                    }
                }
            }
        }
        let mut walk = Walk {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            circles: Vec::new(),
        };
        for module in self.arrows.keys() {
            if !walk.index.contains_key(module.as_str()) {
                walk.visit(module);
            }
        }
        walk.circles
    }
}

#[test]
fn the_reader_sees_paths_in_braces_and_inline() {
    let code = "use crate::a::{b::C, d, self};\nlet x = crate::e::f(crate::g);";
    assert_eq!(crate_paths(code), ["a::b::C", "a::d", "a", "e::f", "g"]);
    assert_eq!(
        declared_modules("pub mod a;\n#[cfg(test)] mod b;\nmod c {"),
        ["a", "b"]
    );
}

#[test]
fn the_search_finds_a_circle() {
    let arrows = [
        ("a", &["b"][..]),
        ("b", &["c"]),
        ("c", &["a"]),
        ("d", &["a"]),
    ];
    let graph = ModuleGraph {
        arrows: arrows
            .iter()
            .map(|(from, to)| (from.to_string(), to.iter().map(|t| t.to_string()).collect()))
            .collect(),
    };
    let expected: BTreeSet<String> = ["a", "b", "c"].map(String::from).into();
    assert_eq!(graph.circles(), [expected]);
}

#[test]
fn no_crate_has_a_module_circle() {
    let crates = workspace_crates();
    assert!(crates.len() >= 8, "found only {crates:?}");
    let mut unexplained = Vec::new();
    for (name, root) in &crates {
        for circle in ModuleGraph::of_crate(root).circles() {
            let explained = EXPLAINED.iter().any(|(krate, modules)| {
                krate == name
                    && modules
                        .iter()
                        .copied()
                        .eq(circle.iter().map(String::as_str))
            });
            if !explained {
                unexplained.push(format!("{name}: {circle:?}"));
            }
        }
    }
    assert!(
        unexplained.is_empty(),
        "module circles:\n{}",
        unexplained.join("\n")
    );
}
