//! Leaf counting, the standard check of move generation.

use crate::game::Game;

/// Number of legal move sequences of exactly `depth` plies from `game` (a
/// game that ended earlier has no moves, so it adds nothing deeper: the
/// tic-tac-toe convention; Othello counts its own way).
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    let mut position = game.clone();
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    count(&mut position, depth, &mut buffers)
}

fn count<G: Game>(game: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mine, rest) = buffers.split_first_mut().expect("one buffer per ply");
    game.generate_moves(mine);
    if depth == 1 {
        return mine.len() as u64;
    }
    let mut total = 0;
    for &mv in mine.iter() {
        let undo = game.play(mv);
        total += count(game, depth - 1, rest);
        game.undo(mv, undo);
    }
    total
}
