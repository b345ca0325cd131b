//! Proves the value of an (m,n,k) game from the empty board and prints
//! the proof's size and time:
//! `cargo run --release -p ply-mnk --example prove -- ROWS COLS K [SECONDS]
//! [dfpn|dfs] [vcf]` (the method: df-pn unless `dfs`; `vcf`: the attacker's
//! search of continuous fours at each new attacker node).

use std::time::Duration;

use ply_mnk::Mnk;
use ply_mnk::{prove_with, ProofMethod, ProverBudget};

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let method = words
        .iter()
        .find_map(|w| ProofMethod::parse(w))
        .unwrap_or_default();
    let vcf = words.iter().any(|w| w == "vcf");
    let args: Vec<u8> = words
        .iter()
        .filter(|w| ProofMethod::parse(w).is_none() && *w != "vcf")
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
    let budget = ProverBudget {
        nodes: None,
        time: (seconds > 0).then(|| Duration::from_secs(seconds as u64)),
    };
    match prove_with(&game, budget, method, vcf) {
        Ok(proof) => println!(
            "({rows},{cols},{k}) {method}{}: {} for the first player, {} nodes, {:.3} s",
            if vcf { " + VCF" } else { "" },
            proof.value,
            proof.nodes,
            proof.elapsed.as_secs_f64()
        ),
        Err(stopped) => println!("({rows},{cols},{k}): {stopped}"),
    }
}
