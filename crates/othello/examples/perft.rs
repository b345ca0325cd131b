//! Times perft from the 8x8 start (or `--size N`):
//! `cargo run --release -p ply-othello --example perft -- 12 [--jobs N] [--size N]`.

use std::time::Instant;

use ply_othello::{perft_parallel, with_geometry, Othello, SIZES};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str, default: usize| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let depth = args.first().and_then(|d| d.parse().ok()).unwrap_or(10);
    let jobs = value("--jobs", 1);
    let size = value("--size", 8) as u8;
    if !SIZES.contains(&size) {
        eprintln!("bad size {size}");
        std::process::exit(2);
    }
    let start = Instant::now();
    let count = with_geometry!(size, G => perft_parallel(&Othello::<G>::new(), depth, jobs));
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft {depth} = {count} in {seconds:.3} s ({:.0} Mleaves/s)",
        count as f64 / seconds / 1e6
    );
}
