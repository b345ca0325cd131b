//! What an alpha-beta score says about a position's true score.

/// How a stored search score relates to the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the true score (it fell inside the window).
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// The bound a search with window (`original_alpha`, `beta`) proved
    /// when it returned `best`.
    pub fn of(best: i32, original_alpha: i32, beta: i32) -> Bound {
        if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}
