//! Proves the value of an (m,n,k) game from the empty board and prints
//! the proof's size and time:
//! `cargo run --release -p ply-mnk --example prove -- ROWS COLS K [SECONDS]`.

use std::time::Duration;

use ply_mnk::proof::{prove, Budget};
use ply_mnk::Mnk;

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let (rows, cols, k) = match args[..] {
        [r, c, k, ..] => (r, c, k),
        _ => {
            eprintln!("usage: prove ROWS COLS K [SECONDS]");
            std::process::exit(2);
        }
    };
    let seconds = args.get(3).copied().unwrap_or(0);
    let game = match Mnk::new(rows, cols, k) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let budget = Budget {
        nodes: None,
        time: (seconds > 0).then(|| Duration::from_secs(seconds as u64)),
    };
    match prove(&game, budget) {
        Ok(proof) => println!(
            "({rows},{cols},{k}): {} for the first player, {} nodes, {:.3} s",
            proof.value,
            proof.nodes,
            proof.elapsed.as_secs_f64()
        ),
        Err(stopped) => println!("({rows},{cols},{k}): {stopped}"),
    }
}
