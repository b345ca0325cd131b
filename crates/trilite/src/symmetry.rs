//! The eight symmetries of the 3x3 board, for canonical keys (the searcher
//! stores one entry per symmetry class) and symmetry tests.

use ply_engine::{Game, Symmetric};

use crate::board::Trilite;

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

fn image(game: &Trilite, map: &[u8; 9]) -> Trilite {
    let moved = |side| -> Vec<u8> {
        game.marks(side)
            .iter()
            .map(|&sq| map[sq as usize])
            .collect()
    };
    let first = moved(ply_engine::Side::First);
    let second = moved(ply_engine::Side::Second);
    Trilite::from_marks(&first, &second, game.to_move())
        .expect("a symmetry maps a valid position to a valid one")
        .with_ply(game.ply())
}

/// All eight images, the position itself first.
pub fn images(game: &Trilite) -> Vec<Trilite> {
    MAPS.iter().map(|map| image(game, map)).collect()
}

/// The image with the smallest key.
pub fn canonical_image(game: &Trilite) -> Trilite {
    images(game)
        .into_iter()
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
