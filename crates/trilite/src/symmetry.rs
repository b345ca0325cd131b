//! The eight symmetries of the 3x3 board, for canonical keys (the searcher
//! stores one entry per symmetry class) and symmetry tests.

use ply_engine::{Game, Symmetric};

use crate::board::{Trilite, MAX_MARKS};

/// Square permutations: identity, rotations, reflections (row-major squares).
const MAPS: [[u8; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [6, 3, 0, 7, 4, 1, 8, 5, 2],
    [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [2, 5, 8, 1, 4, 7, 0, 3, 6],
    [2, 1, 0, 5, 4, 3, 8, 7, 6],
    [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [0, 3, 6, 1, 4, 7, 2, 5, 8],
    [8, 5, 2, 7, 4, 1, 6, 3, 0],
];

/// The image of `game` under `map`, built on the stack: the searcher asks
/// for the canonical form at every node, so it must not allocate.
fn image(game: &Trilite, map: &[u8; 9]) -> Trilite {
    let moved = |side| {
        let marks = game.marks(side);
        let mut squares = [0u8; MAX_MARKS];
        for (image, &square) in squares.iter_mut().zip(marks) {
            *image = map[square as usize];
        }
        (squares, marks.len())
    };
    let (first, firsts) = moved(ply_engine::Side::First);
    let (second, seconds) = moved(ply_engine::Side::Second);
    Trilite::from_marks(&first[..firsts], &second[..seconds], game.to_move())
        .expect("a symmetry maps a valid position to a valid one")
        .with_ply(game.ply())
}

/// All eight images, the position itself first.
pub fn images(game: &Trilite) -> Vec<Trilite> {
    MAPS.iter().map(|map| image(game, map)).collect()
}

/// The image with the smallest key (the first such, in `MAPS` order).
pub fn canonical_image(game: &Trilite) -> Trilite {
    MAPS.iter()
        .map(|map| image(game, map))
        .min_by_key(|g| g.key())
        .expect("eight images")
}

impl Symmetric for Trilite {
    fn canonical(&self) -> (u64, u32) {
        let best = canonical_image(self);
        (best.hash(), best.key())
    }

    fn symmetric_images(&self, images_out: &mut Vec<Trilite>) {
        images_out.clear();
        images_out.extend(images(self).into_iter().skip(1));
    }
}
