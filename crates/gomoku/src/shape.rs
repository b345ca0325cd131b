//! Cell shapes: what a stone on an empty cell would make along its four
//! lines together, for one colour.
//!
//! A line [`Level`] sees one direction; the threats that decide games are
//! combinations of directions on one cell: two fours at once (unstoppable
//! like an open four), a four with an open three (the four's block leaves
//! an open three, a win unless the defender has fours of his own), two
//! open threes. A cell's shape is a table look-up of its four level bytes,
//! read where the search needs it (kept per cell as stones come and go,
//! shapes slowed the search by a third for what they added).

use std::sync::OnceLock;

use crate::pattern::Level;

/// A cell's combined shape for one colour, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Shape {
    /// No live line through the cell.
    None = 0,
    /// Ones and at most one two.
    Weak,
    /// Two or more twos.
    TwoTwos,
    /// A three (one more stone makes a four), with at most a two.
    Three,
    /// A three with another three or two.
    ThreePlus,
    /// An open three (one more stone makes an open four), with at most a one.
    OpenThree,
    /// An open three with a three or a two.
    OpenThreePlus,
    /// Two open threes.
    DoubleOpenThree,
    /// A four, with at most a one.
    Four,
    /// A four with a three or a two.
    FourPlus,
    /// A four with an open three.
    FourThree,
    /// An open four, or two fours: two winning cells at once.
    FlexFour,
    /// Five: a win.
    Five,
}

/// Number of shapes.
pub(crate) const SHAPES: usize = 13;

impl Shape {
    const ALL: [Shape; SHAPES] = [
        Shape::None,
        Shape::Weak,
        Shape::TwoTwos,
        Shape::Three,
        Shape::ThreePlus,
        Shape::OpenThree,
        Shape::OpenThreePlus,
        Shape::DoubleOpenThree,
        Shape::Four,
        Shape::FourPlus,
        Shape::FourThree,
        Shape::FlexFour,
        Shape::Five,
    ];

    /// The shape of the four levels of a cell, plainly worked out.
    fn classify(levels: [u8; 4]) -> Shape {
        let count = |l: Level| levels.iter().filter(|&&x| x == l as u8).count();
        let at_least = |l: Level| levels.iter().filter(|&&x| x >= l as u8).count();
        if at_least(Level::Five) > 0 {
            Shape::Five
        } else if count(Level::OpenFour) > 0 || count(Level::Four) >= 2 {
            Shape::FlexFour
        } else if count(Level::Four) == 1 {
            if count(Level::OpenThree) > 0 {
                Shape::FourThree
            } else if at_least(Level::Two) >= 2 {
                Shape::FourPlus
            } else {
                Shape::Four
            }
        } else if count(Level::OpenThree) >= 2 {
            Shape::DoubleOpenThree
        } else if count(Level::OpenThree) == 1 {
            if at_least(Level::Two) >= 2 {
                Shape::OpenThreePlus
            } else {
                Shape::OpenThree
            }
        } else if count(Level::Three) > 0 {
            if at_least(Level::Two) >= 2 {
                Shape::ThreePlus
            } else {
                Shape::Three
            }
        } else if count(Level::Two) >= 2 {
            Shape::TwoTwos
        } else if at_least(Level::One) > 0 {
            Shape::Weak
        } else {
            Shape::None
        }
    }

    /// The shape of a cell's four level bytes (each below 8).
    #[inline]
    pub fn of(levels: [u8; 4]) -> Shape {
        let index = usize::from(levels[0])
            | usize::from(levels[1]) << 3
            | usize::from(levels[2]) << 6
            | usize::from(levels[3]) << 9;
        Shape::ALL[usize::from(table()[index])]
    }
}

/// The shape code (`Shape as u8`) of a cell's 12-bit levels index (the
/// learned evaluation's `levels_index`).
#[inline]
pub(crate) fn shape_code(index: usize) -> u8 {
    table()[index & 4095]
}

/// Every combination of four levels (3 bits each) to its shape.
fn table() -> &'static [u8; 4096] {
    static TABLE: OnceLock<Box<[u8; 4096]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u8; 4096]);
        for (index, entry) in table.iter_mut().enumerate() {
            let levels = [0, 3, 6, 9].map(|shift| ((index >> shift) & 7) as u8);
            *entry = Shape::classify(levels) as u8;
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_of_known_cells() {
        let l = |a: Level, b: Level| [a as u8, b as u8, 0, 0];
        assert_eq!(Shape::of(l(Level::Four, Level::Four)), Shape::FlexFour);
        assert_eq!(Shape::of(l(Level::OpenFour, Level::None)), Shape::FlexFour);
        assert_eq!(
            Shape::of(l(Level::Four, Level::OpenThree)),
            Shape::FourThree
        );
        assert_eq!(Shape::of(l(Level::Four, Level::Two)), Shape::FourPlus);
        assert_eq!(Shape::of(l(Level::Four, Level::One)), Shape::Four);
        assert_eq!(
            Shape::of(l(Level::OpenThree, Level::OpenThree)),
            Shape::DoubleOpenThree
        );
        assert_eq!(Shape::of(l(Level::Two, Level::Two)), Shape::TwoTwos);
        assert_eq!(Shape::of(l(Level::None, Level::None)), Shape::None);
        assert_eq!(Shape::of(l(Level::Five, Level::Four)), Shape::Five);
    }
}
