//! Solves 6x6 Othello exactly, from the start or after the moves given:
//! `cargo run --release -p ply-othello --example six -- [--threads N]
//! [--hash MB] [MOVES...]` (moves as `c2 b2 ...`, `pass` for a pass).
//! Prints the score for the side to move and as a final count, a principal
//! variation, the nodes and the time. From the start (32 empties) the known
//! answer (Feinstein, 1993) is black -4: white wins 20-16.

use std::time::Instant;

use ply_engine::{Game, Notation};
use ply_othello::{ExactSolver, Move, Othello, Size6};

fn main() {
    let mut threads = 1;
    let mut megabytes = 1024;
    let mut moves = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--threads" => threads = args.next().and_then(|a| a.parse().ok()).unwrap_or(1),
            "--hash" => megabytes = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024),
            _ => moves.push(arg),
        }
    }
    let mut game = Othello::<Size6>::new();
    for text in &moves {
        match game.parse_move(text) {
            Ok(mv) => {
                game.play(mv);
            }
            Err(e) => {
                let mut legal = Vec::new();
                game.generate_moves(&mut legal);
                let legal: Vec<String> = legal.iter().map(|&m| game.format_move(m)).collect();
                eprintln!("{text}: {e} (legal: {})", legal.join(" "));
                std::process::exit(2);
            }
        }
    }
    let (p, o) = game.player_opponent();
    let mut solver = ExactSolver::new(megabytes).with_threads(threads);
    let start = Instant::now();
    let solved = solver.solve_on::<Size6>(p, o);
    let seconds = start.elapsed().as_secs_f64();
    let line = solver.principal_variation_on::<Size6>(p, o);
    let mut shown = Vec::new();
    let mut walk = game.clone();
    for x in line {
        let mv = x.map_or(Move::PASS, |x| Move(x as u8));
        shown.push(walk.format_move(mv));
        walk.play(mv);
    }
    let (black, white) = walk.board().final_score();
    println!(
        "6x6 after [{}] ({} empties, {} to move): {:+} for the side to move; \
         perfect play ends black {black} - white {white}",
        moves.join(" "),
        game.empties(),
        game.side_name(game.to_move()),
        solved.score
    );
    println!("position: {}", game.format_position());
    println!("principal variation: {}", shown.join(" "));
    println!(
        "{threads} thread(s), {megabytes} MiB: {:.1} M nodes in {seconds:.2} s ({:.1} M nodes/s)",
        solved.nodes as f64 / 1e6,
        solved.nodes as f64 / seconds.max(1e-9) / 1e6
    );
}
