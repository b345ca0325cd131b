//! Renju's forbidden points, on positions built from the rules' own cases
//! (the Renju International Federation's: overline, double four, double
//! three, a three that is fake because its straight-four point is itself
//! forbidden, and the recursion behind it), each checked for black, for
//! white (who may play all of them) and against the same stones under the
//! other rules.

use ply_gomoku::{Board, FoulKind, GomokuError, Move, Rule, Stone};

/// A square in ply's notation (`h8`: column h, row 8 from the top).
fn square(name: &str) -> Move {
    let column = name.as_bytes()[0] - b'a';
    let row: usize = name[1..].parse().expect("a row number");
    Move::new(usize::from(column), row - 1)
}

/// A 15 x 15 board under `rule` with these stones.
fn board(rule: Rule, black: &[&str], white: &[&str]) -> Board {
    let mut board = Board::new(15, 15, 5, rule).expect("15 x 15, k = 5");
    for (stones, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for name in stones {
            board.play(square(name), stone).expect("an empty square");
        }
    }
    board
}

/// The reason black may not play `point`, or `None`; and checks that the
/// other answers agree: legality for black, white's freedom on the same
/// point with the colours swapped, and the other rules' indifference.
fn foul_text(black: &[&str], white: &[&str], point: &str) -> Option<String> {
    let renju = board(Rule::Renju, black, white);
    let mv = square(point);
    let foul = renju.foul(mv);
    assert_eq!(renju.is_legal(mv, Stone::Black), foul.is_none(), "{point}");
    match renju.check_move(mv, Stone::Black) {
        Err(GomokuError::Forbidden { mv: at, foul: why }) => {
            assert_eq!(at, mv);
            assert_eq!(Some(&why), foul.as_ref());
        }
        Ok(()) => assert!(foul.is_none()),
        Err(other) => panic!("{other}"),
    }
    // White has no forbidden points: the same shape in white is playable.
    let swapped = board(Rule::Renju, white, black);
    assert!(swapped.is_legal(mv, Stone::White), "white on {point}");
    assert!(renju.is_legal(mv, Stone::White), "white on {point}");
    for rule in [Rule::Freestyle, Rule::Exact, Rule::Caro] {
        assert!(
            board(rule, black, white).is_legal(mv, Stone::Black),
            "{rule:?}"
        );
    }
    foul.map(|f| f.to_string())
}

#[test]
fn a_double_three() {
    // h8 makes the split three h8 i8 . k8 and the split three h8 h9 . h11.
    let text = foul_text(&["i8", "k8", "h9", "h11"], &["a1", "c1", "e1", "g1"], "h8");
    assert_eq!(
        text.as_deref(),
        Some("a double three (h8-k8 row and h8-h11 column)")
    );
}

#[test]
fn a_three_blocked_on_one_side_is_no_three() {
    // d8 white: f8 g8 h8 can still become the straight four f8-i8, so it
    // is a three; with j8 white as well it can become no straight four.
    let black = ["f8", "g8", "h9", "h10"];
    assert!(foul_text(&black, &["d8"], "h8").is_some());
    assert_eq!(foul_text(&black, &["d8", "j8"], "h8"), None);
}

#[test]
fn four_three_is_allowed_and_four_four_is_not() {
    // e8 f8 g8 (d8 white) and h8 make a four; h9 h10 and h8 a three.
    assert_eq!(
        foul_text(&["e8", "f8", "g8", "h9", "h10"], &["d8"], "h8"),
        None
    );
    // h9 h10 h11 (h12 white) make the column a four too.
    assert_eq!(
        foul_text(
            &["e8", "f8", "g8", "h9", "h10", "h11"],
            &["d8", "h12"],
            "h8"
        )
        .as_deref(),
        Some("a double four (e8-h8 row and h8-h11 column)")
    );
}

#[test]
fn a_double_four_on_one_line() {
    // d8 . f8 g8 h8 . j8: e8 and i8 each make exactly five, with different
    // stones: two fours on the row.
    assert_eq!(
        foul_text(&["d8", "f8", "g8", "j8"], &[], "h8").as_deref(),
        Some("a double four (d8-h8 row and f8-j8 row)")
    );
    // A straight four (e8 . f8 g8 h8 .) is one four, not two.
    assert_eq!(foul_text(&["e8", "f8", "g8"], &[], "h8"), None);
}

#[test]
fn an_overline() {
    assert_eq!(
        foul_text(&["c8", "d8", "e8", "g8", "h8"], &[], "f8").as_deref(),
        Some("an overline (c8-h8 row)")
    );
}

#[test]
fn exactly_five_wins_whatever_else_the_move_makes() {
    // g8 completes c8-g8 and would also make six in the g column.
    let black = ["c8", "d8", "e8", "f8", "g4", "g5", "g6", "g9", "g10"];
    assert_eq!(foul_text(&black, &[], "g8"), None);
    let mut renju = board(Rule::Renju, &black, &[]);
    renju.play(square("g8"), Stone::Black).expect("empty");
    assert_eq!(renju.winner(), Some(Stone::Black));
}

#[test]
fn black_wins_only_with_exactly_five_and_white_with_six() {
    for (stone, wins) in [(Stone::Black, None), (Stone::White, Some(Stone::White))] {
        let mut renju = Board::new(15, 15, 5, Rule::Renju).expect("15 x 15");
        for name in ["c8", "d8", "e8", "g8", "h8", "f8"] {
            renju.play(square(name), stone).expect("empty");
        }
        assert_eq!(renju.winner(), wins, "{stone:?}");
    }
}

/// The double three of `a_double_three` with its row three fake: the row's
/// only straight-four point, i8, is itself forbidden (an overline in the i
/// column).
#[test]
fn a_double_three_through_a_fake_three_is_allowed() {
    // Row: d8 white, f8 g8 h8, then i8 is the only point making a
    // straight four (f8-i8). Column: h8 h9 h10, a real three.
    let black = ["f8", "g8", "h9", "h10"];
    let white = ["d8"];
    assert_eq!(
        foul_text(&black, &white, "h8").as_deref(),
        Some("a double three (f8-h8 row and h8-h10 column)")
    );
    // i5 i6 i7 . i9 i10: i8 would make six in the column.
    let with_overline = [&black[..], &["i5", "i6", "i7", "i9", "i10"]].concat();
    let renju = board(Rule::Renju, &with_overline, &white);
    assert_eq!(
        renju.foul(square("i8")).map(|f| f.kind),
        Some(FoulKind::Overline)
    );
    assert_eq!(foul_text(&with_overline, &white, "h8"), None);
}

/// h8 is a double three only because k6 is forbidden: h8's row three
/// (f8 g8 h8) has one straight-four point, i8; i8 (with h8 down) makes that
/// four and two threes, the i column (i8 i9 i10) and the anti-diagonal
/// h9 i8 j7, a double three that makes i8 forbidden, unless the
/// anti-diagonal three is fake: its only straight-four point is k6, and k6
/// is forbidden when it makes an overline (h3 i4 j5 . l7 m8). So with the
/// overline stones k6 is forbidden, i8 allowed (a four-three), the row
/// three real and h8 forbidden; without them, h8 is allowed.
#[test]
fn a_point_forbidden_only_because_another_is() {
    let black = ["f8", "g8", "h9", "h10", "i9", "i10", "j7"];
    let white = ["d8", "f11"];
    let overline = ["h3", "i4", "j5", "l7", "m8"];
    let with_overline = [&black[..], &overline[..]].concat();
    assert_eq!(
        foul_text(&with_overline, &white, "h8").as_deref(),
        Some("a double three (f8-h8 row and h8-h10 column)")
    );
    assert_eq!(foul_text(&black, &white, "h8"), None);
    // The links of the chain, one at a time.
    let mut renju = board(Rule::Renju, &with_overline, &white);
    renju.play(square("h8"), Stone::Black).expect("empty");
    renju.play(square("i8"), Stone::Black).expect("empty");
    assert_eq!(
        renju.foul(square("k6")).map(|f| f.kind),
        Some(FoulKind::Overline)
    );
    let mut renju = board(Rule::Renju, &black, &white);
    renju.play(square("h8"), Stone::Black).expect("empty");
    assert_eq!(
        renju.foul(square("i8")).map(|f| f.kind),
        Some(FoulKind::DoubleThree)
    );
}

#[test]
fn renju_is_played_with_five() {
    assert_eq!(
        Board::new(15, 15, 4, Rule::Renju).map(|_| ()),
        Err(GomokuError::RenjuNeedsFive(4))
    );
}

mod prefilter {
    use super::*;
    use proptest::prelude::*;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The board skips the full check where its patterns say no foul is
        /// possible: on crowded random positions that shortcut must never
        /// hide one (`foul` always runs the full check).
        #[test]
        fn the_shortcut_never_misses_a_foul(seed in any::<u64>(), stones in 20usize..90) {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut renju = Board::new(11, 11, 5, Rule::Renju).expect("11 x 11");
            let mut cells: Vec<Move> = renju.empty_cells().collect();
            cells.shuffle(&mut rng);
            // Mostly black, so that black's shapes crowd the board.
            for (i, &mv) in cells.iter().take(stones).enumerate() {
                let stone = if i % 3 == 2 { Stone::White } else { Stone::Black };
                renju.play(mv, stone).expect("empty");
            }
            for mv in renju.empty_cells().collect::<Vec<_>>() {
                prop_assert_eq!(renju.is_legal(mv, Stone::Black), renju.foul(mv).is_none(), "{}", mv);
            }
        }
    }
}

/// A plain reading of the rules, written apart from the crate's: a grid,
/// runs counted stone by stone, a four as the stones a completion turns
/// into exactly five, a straight four as four stones with two completions.
mod reference {
    use super::*;
    use proptest::prelude::*;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use std::collections::BTreeSet;

    const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    /// The crate gives up checking below this many stones put down.
    const MAX_DEPTH: usize = 6;

    struct Grid {
        size: i32,
        cells: Vec<u8>,
    }

    type Cell = (i32, i32);

    impl Grid {
        fn at(&self, (x, y): Cell) -> Option<u8> {
            let inside = (0..self.size).contains(&x) && (0..self.size).contains(&y);
            inside.then(|| self.cells[(y * self.size + x) as usize])
        }

        fn set(&mut self, (x, y): Cell, what: u8) {
            self.cells[(y * self.size + x) as usize] = what;
        }

        /// The black run through `cell` along `d`, as its cells.
        fn run(&self, cell: Cell, (dx, dy): (i32, i32)) -> Vec<Cell> {
            let mut cells = vec![cell];
            for sign in [-1, 1] {
                let mut i = 1;
                while self.at((cell.0 + sign * i * dx, cell.1 + sign * i * dy)) == Some(1) {
                    cells.push((cell.0 + sign * i * dx, cell.1 + sign * i * dy));
                    i += 1;
                }
            }
            cells
        }

        /// Empty cells on the line through `cell` within `reach`.
        fn line(&self, cell: Cell, (dx, dy): (i32, i32), reach: i32) -> Vec<Cell> {
            (-reach..=reach)
                .map(|i| (cell.0 + i * dx, cell.1 + i * dy))
                .filter(|&c| self.at(c) == Some(0))
                .collect()
        }

        /// With black on `p`: each completion on the line that makes
        /// exactly five through `p`, with the four stones it completes.
        fn completions(&mut self, p: Cell, d: (i32, i32)) -> Vec<(Cell, BTreeSet<Cell>)> {
            let mut found = Vec::new();
            for q in self.line(p, d, 4) {
                self.set(q, 1);
                let run = self.run(q, d);
                if run.len() == 5 && run.contains(&p) {
                    found.push((q, run.into_iter().filter(|&c| c != q).collect()));
                }
                self.set(q, 0);
            }
            found
        }

        fn fours(&mut self, p: Cell, d: (i32, i32)) -> usize {
            let sets: BTreeSet<BTreeSet<Cell>> =
                self.completions(p, d).into_iter().map(|(_, s)| s).collect();
            sets.len()
        }

        /// With black on `p`: does black on `q` make a straight four
        /// through both?
        fn straight_four_with(&mut self, p: Cell, q: Cell, d: (i32, i32)) -> bool {
            self.set(q, 1);
            let completions = self.completions(p, d);
            self.set(q, 0);
            completions.iter().any(|(r, stones)| {
                stones.contains(&q) && completions.iter().any(|(r2, s2)| r2 != r && s2 == stones)
            })
        }

        /// The foul of black on the empty `p`, `depth` stones put down.
        fn foul(&mut self, p: Cell, depth: usize) -> Option<FoulKind> {
            self.set(p, 1);
            let verdict = self.judge(p, depth);
            self.set(p, 0);
            verdict
        }

        fn judge(&mut self, p: Cell, depth: usize) -> Option<FoulKind> {
            let runs: Vec<usize> = DIRECTIONS.iter().map(|&d| self.run(p, d).len()).collect();
            if runs.contains(&5) {
                return None;
            }
            if runs.iter().any(|&r| r > 5) {
                return Some(FoulKind::Overline);
            }
            let fours: Vec<usize> = DIRECTIONS.iter().map(|&d| self.fours(p, d)).collect();
            if fours.iter().sum::<usize>() >= 2 {
                return Some(FoulKind::DoubleFour);
            }
            let mut threes = 0;
            for (i, &d) in DIRECTIONS.iter().enumerate() {
                if fours[i] > 0 {
                    continue;
                }
                let points: Vec<Cell> = self
                    .line(p, d, 4)
                    .into_iter()
                    .filter(|&q| self.straight_four_with(p, q, d))
                    .collect();
                if points.is_empty() {
                    continue;
                }
                let real = points
                    .into_iter()
                    .any(|q| depth + 1 >= MAX_DEPTH || self.foul(q, depth + 1).is_none());
                threes += usize::from(real);
            }
            (threes >= 2).then_some(FoulKind::DoubleThree)
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Crowded random positions, mostly black: every empty point's
        /// verdict, the crate's against this plain one.
        #[test]
        fn the_board_agrees_with_a_plain_reading(seed in any::<u64>(), stones in 15usize..70) {
            let mut rng = StdRng::seed_from_u64(seed);
            let size = 11;
            let mut renju = Board::new(size, size, 5, Rule::Renju).expect("11 x 11");
            let mut grid = Grid { size: size as i32, cells: vec![0; size * size] };
            let mut cells: Vec<Move> = renju.empty_cells().collect();
            cells.shuffle(&mut rng);
            for (i, &mv) in cells.iter().take(stones).enumerate() {
                let (stone, what) = if i % 3 == 2 { (Stone::White, 2) } else { (Stone::Black, 1) };
                renju.play(mv, stone).expect("empty");
                grid.set((i32::from(mv.x), i32::from(mv.y)), what);
            }
            for mv in renju.empty_cells().collect::<Vec<_>>() {
                let plain = grid.foul((i32::from(mv.x), i32::from(mv.y)), 0);
                prop_assert_eq!(renju.foul(mv).map(|f| f.kind), plain, "{}", mv);
            }
        }
    }
}
