//! Times the per-move analysis (`ply solve`, `hint`) of an empty board:
//! `cargo run --release -p ply-mnk --example analyze_board -- ROWS COLS K`
//! (HASH_MB in the environment sets the table size).

use std::time::Instant;

use ply_engine::{Notation, Searcher};
use ply_mnk::{Mnk, MnkKnowledge};

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [rows, cols, k] = args[..] else {
        eprintln!("usage: analyze_board ROWS COLS K");
        return;
    };
    let start = match Mnk::new(rows, cols, k) {
        Ok(start) => start,
        Err(e) => return eprintln!("{e}"),
    };
    let hash_mb = std::env::var("HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    let mut searcher = Searcher::<Mnk>::new(hash_mb).with_knowledge(MnkKnowledge);
    let clock = Instant::now();
    let analysis = searcher.analyze(&start);
    println!(
        "{rows},{cols},{k}: {} in {:.3} s, {} nodes",
        analysis.value.describe(),
        clock.elapsed().as_secs_f64(),
        searcher.nodes()
    );
    for (mv, value) in analysis.moves {
        print!("{}={} ", start.format_move(mv), value.describe());
    }
    println!();
}
