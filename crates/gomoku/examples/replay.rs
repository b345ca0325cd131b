//! Replays a game given as moves (`h8 i9 ...`, black first) and shows what
//! the engine thinks at every position: a debugging aid.
//!
//!     cargo run --release -p ply-gomoku --example replay -- MOVE_MS h8 i9 ...

use std::time::Duration;

use ply_engine::Deadline;
use ply_gomoku::{Board, Engine, Move, Rule, Stone};

fn parse(text: &str) -> Option<Move> {
    let mut chars = text.chars();
    let column = chars.next()?;
    let row: usize = chars.as_str().parse().ok()?;
    Some(Move::new(
        (column as u8).checked_sub(b'a')? as usize,
        row.checked_sub(1)?,
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let move_ms: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("15 x 15 is fine");
    let mut engine = Engine::new(32 << 20);
    let mut stone = Stone::Black;
    for text in &args[1.min(args.len())..] {
        let Some(mv) = parse(text) else {
            eprintln!("not a move: {text}");
            return;
        };
        let deadline = Deadline::after(Some(Duration::from_millis(move_ms)));
        if let Some(info) = engine.best_move(&board, stone, deadline) {
            let line: Vec<String> = info.principal.iter().map(|m| m.to_string()).collect();
            println!(
                "{:?} to move, played {mv}; engine {} {:?} depth {} nodes {} vcf {} pv {}",
                stone,
                info.best,
                info.score,
                info.depth,
                info.nodes,
                info.vcf,
                line.join(" ")
            );
        }
        if board.play(mv, stone).is_err() {
            eprintln!("illegal: {text}");
            return;
        }
        stone = stone.opponent();
    }
}
