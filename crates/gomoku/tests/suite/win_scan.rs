//! Every rule's win detection against a plain, slow scan written here:
//! walk each line of the board cell by cell, measure every run of one
//! colour and look at the two cells just beyond it. Random games under
//! random rules, sizes and `k`: after every move the board's winner, and
//! the cells where each colour would win at once, must be what the scan
//! says.

use ply_gomoku::{Board, Move, Rule, Stone};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// The stone on (x, y), `None` off the board or on an empty cell.
fn at(board: &Board, x: i32, y: i32) -> Option<Stone> {
    if x < 0 || y < 0 || x as usize >= board.width() || y as usize >= board.height() {
        return None;
    }
    board.stone(Move::new(x as usize, y as usize))
}

/// The run through (x, y) along (dx, dy): its length and whether an
/// opponent's stone lies just beyond each end.
fn run_and_ends(board: &Board, x: usize, y: usize, dx: i32, dy: i32) -> (usize, [bool; 2]) {
    let (x, y) = (x as i32, y as i32);
    let stone = at(board, x, y);
    let mut back = 0;
    while at(board, x - (back + 1) * dx, y - (back + 1) * dy) == stone {
        back += 1;
    }
    let mut ahead = 0;
    while at(board, x + (ahead + 1) * dx, y + (ahead + 1) * dy) == stone {
        ahead += 1;
    }
    let opponent = stone.map(Stone::opponent);
    let before = at(board, x - (back + 1) * dx, y - (back + 1) * dy);
    let after = at(board, x + (ahead + 1) * dx, y + (ahead + 1) * dy);
    let blocked = |s: Option<Stone>| s.is_some() && s == opponent;
    (
        (back + ahead + 1) as usize,
        [blocked(before), blocked(after)],
    )
}

/// Under caro: does the run through (x, y) along (dx, dy) win? More than
/// `k`, or exactly `k` without an opponent's stone at both ends.
pub fn caro_wins(board: &Board, x: usize, y: usize, dx: i32, dy: i32, k: usize) -> bool {
    let (length, ends) = run_and_ends(board, x, y, dx, dy);
    length > k || (length == k && ends != [true, true])
}

/// Does the stone on (x, y) make a winning line under `rule`?
fn wins_through(board: &Board, x: usize, y: usize, k: usize, rule: Rule) -> bool {
    let Some(stone) = board.stone(Move::new(x, y)) else {
        return false;
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
        let (length, ends) = run_and_ends(board, x, y, dx, dy);
        match (rule, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => length >= k,
            (Rule::Exact, _) | (Rule::Renju, Stone::Black) => length == k,
            (Rule::Caro, _) => length > k || (length == k && ends != [true, true]),
        }
    })
}

/// The cells where `stone` would win at once, by playing each and scanning.
fn scanned_winning_cells(board: &Board, stone: Stone, k: usize, rule: Rule) -> Vec<Move> {
    let mut copy = board.clone();
    let empty: Vec<Move> = board.empty_cells().collect();
    empty
        .into_iter()
        .filter(|&mv| {
            copy.play(mv, stone).expect("empty");
            let wins = wins_through(&copy, mv.x.into(), mv.y.into(), k, rule);
            copy.undo().expect("just played");
            wins
        })
        .collect()
}

fn rule_strategy() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Exact),
        Just(Rule::Renju),
        Just(Rule::Caro)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn win_detection_agrees_with_a_line_scan(
        rule in rule_strategy(),
        width in 5usize..=11,
        height in 5usize..=11,
        k in 3usize..=6,
        seed in any::<u64>(),
    ) {
        let k = if rule == Rule::Renju { 5 } else { k };
        let mut board = Board::new(width, height, k, rule).expect("a valid board");
        let mut cells: Vec<Move> = board.empty_cells().collect();
        cells.shuffle(&mut StdRng::seed_from_u64(seed));
        let mut stone = Stone::Black;
        let mut expected = None;
        for mv in cells {
            for colour in [Stone::Black, Stone::White] {
                let mut fast = board.winning_cells(colour);
                fast.sort();
                let mut slow = scanned_winning_cells(&board, colour, k, rule);
                slow.sort();
                prop_assert_eq!(fast, slow, "{:?} {:?} k={} on\n{:?}", rule, colour, k, board);
            }
            board.play(mv, stone).expect("an empty cell");
            if expected.is_none() && wins_through(&board, mv.x.into(), mv.y.into(), k, rule) {
                expected = Some(stone);
            }
            prop_assert_eq!(board.winner(), expected, "{:?} k={} after {}", rule, k, mv);
            if expected.is_some() {
                break;
            }
            stone = stone.opponent();
        }
        prop_assert!(board.check_consistency());
    }
}
