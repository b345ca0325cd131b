//! Plain alpha-beta on the crate's bitboard rules (which `perft.rs` checks
//! against the 2D-array board): no table, no ordering, no cutoff but
//! alpha-beta's own. The reference the fast exact solver is checked
//! against where plain minimax on the 2D array would be too slow (10 or
//! more empties).

use ply_othello::{final_margin, flips, moves, Bits, Geometry, Othello, Squares};

/// The exact final margin of `p` to move against `o` (empties to the
/// winner).
pub fn margin<G: Geometry>(p: G::B, o: G::B) -> i32 {
    let top = G::CELLS as i32 + 1;
    alpha_beta::<G>(p, o, -top, top)
}

/// [`margin`] of a game's position, for the side to move.
pub fn margin_of<G: Geometry>(game: &Othello<G>) -> i32 {
    let (p, o) = game.player_opponent();
    margin::<G>(p, o)
}

fn alpha_beta<G: Geometry>(p: G::B, o: G::B, alpha: i32, beta: i32) -> i32 {
    let legal = moves::<G>(p, o);
    if legal.is_empty() {
        if moves::<G>(o, p).is_empty() {
            return final_margin::<G>(p, o);
        }
        return -alpha_beta::<G>(o, p, -beta, -alpha);
    }
    let (mut alpha, mut best) = (alpha, i32::MIN);
    for x in Squares(legal) {
        let f = flips::<G>(x, p, o);
        let score = -alpha_beta::<G>(o ^ f, p ^ f ^ G::B::bit(x), -beta, -alpha);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// One disc of margin in [`margin_and_length`]'s scores: more than any
/// game's length in plies.
const DISC: i32 = 1024;

/// The exact margin of `p` to move against `o` and the game's length under
/// perfect play (plies, passes counted; the winner ends fastest, the loser
/// holds out longest; 0 for a draw).
///
/// One alpha-beta over a single score: `margin * DISC - length` for a
/// win, `margin * DISC + length` for a loss, 0 for a draw; a ply further
/// from the end moves a score one step towards 0 (`x - sign(x)`, monotone,
/// so the windows map through it: that step is above `a` exactly when the
/// child's score is above `a + sign(a)`).
pub fn margin_and_length<G: Geometry>(p: G::B, o: G::B) -> (i32, u32) {
    let top = (G::CELLS as i32 + 1) * DISC;
    let score = with_length::<G>(p, o, -top, top);
    let margin = (score + score.signum() * DISC / 2) / DISC;
    (margin, (score - margin * DISC).unsigned_abs())
}

/// One ply further from the end.
fn step(x: i32) -> i32 {
    x - x.signum()
}

/// The child's bound that a parent's bound `a` stands for.
fn widen(a: i32) -> i32 {
    a + a.signum()
}

fn with_length<G: Geometry>(p: G::B, o: G::B, alpha: i32, beta: i32) -> i32 {
    let legal = moves::<G>(p, o);
    if legal.is_empty() {
        if moves::<G>(o, p).is_empty() {
            return final_margin::<G>(p, o) * DISC;
        }
        return step(-with_length::<G>(o, p, -widen(beta), -widen(alpha)));
    }
    let (mut alpha, mut best) = (alpha, i32::MIN);
    for x in Squares(legal) {
        let f = flips::<G>(x, p, o);
        let child = with_length::<G>(o ^ f, p ^ f ^ G::B::bit(x), -widen(beta), -widen(alpha));
        let score = step(-child);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}
