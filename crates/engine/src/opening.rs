//! Seeded balanced openings for engine matches: a few random plies from
//! the start, drawn again until the game's own quick evaluation finds the
//! position near even. An opening is a sequence of moves from the start,
//! so every player can be told it: a bot and an engine that takes a
//! position see the position, a GTP engine (which cannot set one) is
//! played the moves.
//!
//! The same seed gives the same openings on every machine: the draws come
//! from a seeded `StdRng` and the test is a static evaluation, never a
//! search against the clock.

use std::ops::RangeInclusive;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::game::Game;

/// An opening rule in which the players settle their colours after the
/// first stones, rather than the first mover keeping the first colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourOpening {
    /// Swap2: the first player places three stones (first colour, second,
    /// first); the second takes the first colour ([`OpeningChoice::Swap`]),
    /// takes the second and plays a stone, or places two more (second
    /// colour, first) and the first player chooses between taking the
    /// first colour and playing the second.
    Swap2,
}

/// A player's answer in a colour-settling opening ([`ColourOpening`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningChoice<M> {
    /// Place these stones, in turn from the side to move: the opening's
    /// three, the two more of swap2, or one stone of the colour to move
    /// (taking that colour).
    Stones(Vec<M>),
    /// Take the colour that does not move next (swap2's "swap": black).
    Swap,
}

/// The most draws looked at for one opening: the most even of them is
/// taken when none is within the bound.
pub const OPENING_TRIES: u32 = 200;

/// How a game draws its openings ([`balanced_opening`]).
pub struct OpeningRecipe<'a, G: Game> {
    /// How many plies an opening has (drawn uniformly from the range).
    pub plies: RangeInclusive<u32>,
    /// The moves an opening may play in a position: those kept by this
    /// test among the legal ones (for Gomoku, the squares near the
    /// centre); all of them when it keeps none.
    pub candidate: &'a dyn Fn(&G, G::Move) -> bool,
    /// The quick evaluation, from the side to move (the game's
    /// `Knowledge::evaluate`, or its own).
    pub evaluate: &'a dyn Fn(&G) -> i32,
    /// The largest evaluation, either way, that counts as near even.
    pub even_within: i32,
}

/// A seeded opening from `start`: the moves of the first draw whose
/// position the recipe's evaluation finds within its bound of even, or
/// the most even of [`OPENING_TRIES`] draws. Draws that end the game are
/// never taken. `None` only when no draw stays in play.
pub fn balanced_opening<G: Game>(
    start: &G,
    seed: u64,
    recipe: &OpeningRecipe<'_, G>,
) -> Option<Vec<G::Move>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut best: Option<(i32, Vec<G::Move>)> = None;
    let mut legal = Vec::new();
    for _ in 0..OPENING_TRIES {
        let plies = rng.gen_range(recipe.plies.clone());
        let mut game = start.clone();
        let mut moves = Vec::with_capacity(plies as usize);
        let mut in_play = true;
        for _ in 0..plies {
            if game.result().is_some() {
                in_play = false;
                break;
            }
            legal.clear();
            game.generate_moves(&mut legal);
            let near: Vec<G::Move> = legal
                .iter()
                .copied()
                .filter(|&mv| (recipe.candidate)(&game, mv))
                .collect();
            let pool = if near.is_empty() { &legal } else { &near };
            let Some(&mv) = pool.choose(&mut rng) else {
                in_play = false;
                break;
            };
            game.play(mv);
            moves.push(mv);
        }
        if !in_play || game.result().is_some() {
            continue;
        }
        let off = (recipe.evaluate)(&game).saturating_abs();
        if off <= recipe.even_within {
            return Some(moves);
        }
        if best.as_ref().is_none_or(|(held, _)| off < *held) {
            best = Some((off, moves));
        }
    }
    best.map(|(_, moves)| moves)
}

/// The seed of opening `index` of a tournament seeded `seed`.
pub fn opening_seed(seed: u64, index: u32) -> u64 {
    let mut z = seed ^ (u64::from(index) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
