//! A fresh folder per test, and a split written into it.

use std::path::PathBuf;

use ply_tasks::{engine_settings, Split, TaskSet};

/// An empty folder of the system's temporary directory for `name`.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-tasks-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `split` written into a fresh folder, with a small table.
pub fn split_into(name: &str, split: Split) -> TaskSet {
    let engine = engine_settings(&split, Some(16));
    TaskSet::create(&fresh_dir(name), split, engine).expect("the split is written")
}

/// FFO #40 (20 empties, black to move): +38, best a2.
pub const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
