//! Seeded balanced openings on the wide board, for engine matches (as
//! Gomocup plays its matches from opening positions, each twice with
//! colours swapped): three to five stones on the 5 x 5 squares around the
//! centre, drawn again until the Gomoku evaluation ([`WideKnowledge`], the
//! pattern sums with the mover's tempo) finds the position near even.

use ply_engine::opening::{balanced_opening, OpeningRecipe};
use ply_engine::Knowledge;
use ply_gomoku::Move;

use crate::wide::{MnkWide, WideKnowledge};

/// Stones an opening places.
const PLIES: std::ops::RangeInclusive<u32> = 3..=5;

/// How far from the centre (in rows and in columns) an opening's stones
/// lie.
const REACH: i32 = 2;

/// The largest evaluation either way that counts as near even. Random
/// draws of three to five stones there range from about -160 to +100 on
/// 15 x 15 (evaluated from the side to move); about half are within 25.
const EVEN_WITHIN: i32 = 25;

/// The opening drawn from `seed` on `start`'s board.
pub fn opening(start: &MnkWide, seed: u64) -> Option<Vec<Move>> {
    let centre = (i32::from(start.cols()) / 2, i32::from(start.rows()) / 2);
    let near = |_: &MnkWide, mv: Move| {
        (i32::from(mv.x) - centre.0).abs() <= REACH && (i32::from(mv.y) - centre.1).abs() <= REACH
    };
    let evaluate = |game: &MnkWide| WideKnowledge.evaluate(game);
    balanced_opening(
        start,
        seed,
        &OpeningRecipe {
            plies: PLIES,
            candidate: &near,
            evaluate: &evaluate,
            even_within: EVEN_WITHIN,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_engine::Game;
    use ply_gomoku::Rule;

    fn board(rule: Rule) -> MnkWide {
        MnkWide::new(15, 15, 5, rule).expect("15 x 15")
    }

    #[test]
    fn openings_are_seeded_near_the_centre_and_near_even() {
        let start = board(Rule::Freestyle);
        let mut seen = Vec::new();
        for seed in 0..40 {
            let moves = opening(&start, seed).expect("an opening");
            assert_eq!(opening(&start, seed).as_ref(), Some(&moves), "seed {seed}");
            assert!(PLIES.contains(&(moves.len() as u32)), "{moves:?}");
            let mut game = start.clone();
            for &mv in &moves {
                assert!((i32::from(mv.x) - 7).abs() <= REACH, "{mv:?}");
                assert!((i32::from(mv.y) - 7).abs() <= REACH, "{mv:?}");
                let mut legal = Vec::new();
                game.generate_moves(&mut legal);
                assert!(legal.contains(&mv), "{mv:?} legal");
                game.play(mv);
            }
            assert!(game.result().is_none());
            let value = WideKnowledge.evaluate(&game);
            assert!(value.abs() <= EVEN_WITHIN, "seed {seed}: {value}");
            seen.push(moves);
        }
        seen.sort_by_key(|moves| format!("{moves:?}"));
        seen.dedup();
        assert!(seen.len() >= 38, "seeds give different openings");
    }

    #[test]
    fn renju_openings_are_legal_for_black() {
        let start = board(Rule::Renju);
        for seed in 0..10 {
            let moves = opening(&start, seed).expect("an opening");
            let mut game = start.clone();
            for mv in moves {
                let mut legal = Vec::new();
                game.generate_moves(&mut legal);
                assert!(legal.contains(&mv));
                game.play(mv);
            }
        }
    }
}
