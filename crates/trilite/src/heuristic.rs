//! Trilite's rules of thumb: the horizon evaluation of depth-limited bots
//! and move ordering. Search speed and bot strength only; the perfect
//! player reads the solved table instead.

use ply_engine::{Game, Knowledge, Side};

use crate::board::{has_line, Trilite, LINES};

/// Score of a win on the mover's next move, well inside the heuristic range.
const WIN_NEXT: i32 = 5_000;
/// Score of a threat the mover cannot parry.
const LOST_NEXT: i32 = -4_000;
/// Static worth of squares by the number of lines through them.
const SQUARE_WORTH: [i32; 9] = [3, 2, 3, 2, 4, 2, 3, 2, 3];

/// Squares among `targets` that complete a line with `staying`.
fn completing(staying: u16, targets: u16) -> u16 {
    let mut found = 0;
    let mut rest = targets;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        if has_line(staying | bit) {
            found |= bit;
        }
        rest &= rest - 1;
    }
    found
}

/// Evaluation from the side to move: a win next move, an unstoppable
/// threat, else open lines built from marks that will still be there after
/// each player's next removal, and the centre.
pub fn evaluate(game: &Trilite) -> i32 {
    if game.winner().is_some() {
        return 0;
    }
    let me = game.to_move();
    let them = me.opponent();
    let empty = game.empty();
    let mine = game.staying(me);
    if completing(mine, empty) != 0 {
        return WIN_NEXT;
    }
    // My move frees my vanishing square for them, and I may not block it.
    let freed = game.vanishing(me).map_or(0, |sq| 1u16 << sq);
    let theirs = game.staying(them);
    let threats = completing(theirs, empty | freed);
    if threats & freed != 0 || threats.count_ones() >= 2 {
        return LOST_NEXT;
    }
    let mut score = if threats != 0 { -40 } else { 0 };
    for &line in &LINES {
        let (m, t) = ((line & mine).count_ones(), (line & theirs).count_ones());
        match (m, t) {
            (0, 0) => {}
            (m, 0) => score += 10 * (m * m) as i32,
            (0, t) => score -= 10 * (t * t) as i32,
            _ => {}
        }
    }
    for side in [me, them] {
        let sign = if side == me { 1 } else { -1 };
        let held = game.staying(side);
        for (square, worth) in SQUARE_WORTH.iter().enumerate() {
            if held & (1 << square) != 0 {
                score += sign * worth;
            }
        }
    }
    score
}

/// Moves that win at once first, then the squares on most lines.
pub fn order_moves(game: &Trilite, moves: &mut [u8]) {
    let mine = game.staying(game.to_move());
    moves.sort_by_key(|&sq| {
        let wins = has_line(mine | 1 << sq);
        std::cmp::Reverse((wins, SQUARE_WORTH[sq as usize]))
    });
}

/// Squares on which `side`, moving next from this board, would complete a line.
pub fn winning_squares(game: &Trilite, side: Side) -> u16 {
    completing(game.staying(side), game.empty())
}

/// Trilite's search knowledge: the ordering and evaluation above.
#[derive(Clone, Copy, Debug, Default)]
pub struct TriliteKnowledge;

impl Knowledge<Trilite> for TriliteKnowledge {
    fn order_moves(&self, game: &Trilite, moves: &mut [u8]) {
        order_moves(game, moves);
    }

    fn evaluate(&self, game: &Trilite) -> i32 {
        evaluate(game)
    }
}
