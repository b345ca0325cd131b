//! The score of a finished game: the disc margin, the empty squares going
//! to the winner (the convention of Edax and the FFO suite). Every search
//! scores its ends with it.

use crate::bitboard::{Bits, Geometry};

/// The final margin of `p` against `o`, empties to the winner.
#[inline]
pub fn final_margin<G: Geometry>(p: G::B, o: G::B) -> i32 {
    let mine = p.count() as i32;
    let theirs = o.count() as i32;
    let empty = G::CELLS as i32 - mine - theirs;
    let diff = mine - theirs;
    if diff > 0 {
        diff + empty
    } else if diff < 0 {
        diff - empty
    } else {
        0
    }
}
