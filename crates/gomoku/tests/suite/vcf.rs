//! VCF puzzles on 15 x 15 freestyle, built here from seeded random
//! positions: every win the solver claims is replayed by a plain checker
//! (written below with no patterns, only counting stones in a row) as a
//! sequence of fours, each answered by the defender's only block, ending in
//! five; and on small positions the solver's "no VCF" and "VCF" answers are
//! compared with a brute-force search of every sequence of fours.

use std::time::{Duration, Instant};

use ply_engine::Deadline;
use ply_gomoku::{find_vcf, find_vct, Board, Move, Rule, Stone};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const N: usize = 15;

/// A plain grid: 0 empty, 1 black, 2 white.
#[derive(Clone)]
struct Grid([[u8; N]; N]);

impl Grid {
    fn at(&self, x: i32, y: i32) -> Option<u8> {
        let inside = (0..N as i32).contains(&x) && (0..N as i32).contains(&y);
        inside.then(|| self.0[y as usize][x as usize])
    }

    /// Five or more in a row through (x, y), by counting.
    fn five_through(&self, x: usize, y: usize) -> bool {
        let who = self.0[y][x];
        who != 0
            && [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
                let run = |s: i32| {
                    (1..N as i32)
                        .take_while(|&i| {
                            self.at(x as i32 + s * i * dx, y as i32 + s * i * dy) == Some(who)
                        })
                        .count()
                };
                1 + run(1) + run(-1) >= 5
            })
    }

    fn any_five(&self) -> bool {
        (0..N).any(|y| (0..N).any(|x| self.five_through(x, y)))
    }

    /// The empty cells where `who` would make five.
    fn five_cells(&mut self, who: u8) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for y in 0..N {
            for x in 0..N {
                if self.0[y][x] == 0 {
                    self.0[y][x] = who;
                    if self.five_through(x, y) {
                        cells.push((x, y));
                    }
                    self.0[y][x] = 0;
                }
            }
        }
        cells
    }

    fn board(&self) -> Board {
        let mut board = Board::new(N, N, 5, Rule::Freestyle).expect("15 x 15");
        for y in 0..N {
            for x in 0..N {
                let stone = match self.0[y][x] {
                    1 => Stone::Black,
                    2 => Stone::White,
                    _ => continue,
                };
                board.play(Move::new(x, y), stone).expect("an empty cell");
            }
        }
        board
    }
}

/// Checks `line` as a forced win by fours for `attacker` (to move): every
/// attacker move but the last threatens five; the defender, who never has a
/// five of his own to make, has one cell to block (and plays it) or none
/// that helps (two threats); the last attacker move makes five.
fn verify_vcf(grid: &Grid, attacker: u8, line: &[Move]) -> Result<(), String> {
    let mut grid = grid.clone();
    let defender = 3 - attacker;
    if line.len().is_multiple_of(2) {
        return Err(format!("a win ends with the attacker's move: {line:?}"));
    }
    for (i, mv) in line.iter().enumerate() {
        let (x, y) = (usize::from(mv.x), usize::from(mv.y));
        if x >= N || y >= N || grid.0[y][x] != 0 {
            return Err(format!("move {i} {mv} is not on an empty cell"));
        }
        let attacking = i % 2 == 0;
        if attacking {
            let threats = grid.five_cells(defender);
            grid.0[y][x] = attacker;
            if i + 1 == line.len() {
                return if grid.five_through(x, y) {
                    Ok(())
                } else {
                    Err(format!("the last move {mv} is not five"))
                };
            }
            // Short of five, the defender's five, if he has one, must be
            // blocked by this move.
            if !threats.is_empty() && threats != [(x, y)] {
                return Err(format!("move {i} {mv} leaves the defender a five"));
            }
            if grid.five_through(x, y) {
                return Err(format!("move {i} {mv} already wins: the line goes on"));
            }
            if grid.five_cells(attacker).is_empty() {
                return Err(format!("move {i} {mv} is not a four"));
            }
        } else {
            let fives = grid.five_cells(attacker);
            if !grid.five_cells(defender).is_empty() {
                return Err(format!("the defender could win at once before {mv}"));
            }
            if fives.len() == 1 && fives[0] != (x, y) {
                return Err(format!("{mv} is not the defender's only block"));
            }
            grid.0[y][x] = defender;
        }
    }
    Err("the line ended without five".into())
}

/// Brute force: does `attacker` (to move) win by at most `depth` fours?
/// Every empty cell is tried as a four; the same rules as the checker.
fn brute_vcf(grid: &mut Grid, attacker: u8, depth: u32) -> bool {
    let defender = 3 - attacker;
    if !grid.five_cells(attacker).is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let threats = grid.five_cells(defender);
    let moves: Vec<(usize, usize)> = match threats.len() {
        0 => (0..N)
            .flat_map(|y| (0..N).map(move |x| (x, y)))
            .filter(|&(x, y)| grid.0[y][x] == 0)
            .collect(),
        1 => threats,
        _ => return false,
    };
    for (x, y) in moves {
        grid.0[y][x] = attacker;
        let fives = grid.five_cells(attacker);
        let won = match fives.len() {
            0 => false,
            1 => {
                let (bx, by) = fives[0];
                grid.0[by][bx] = defender;
                let won = brute_vcf(grid, attacker, depth - 1);
                grid.0[by][bx] = 0;
                won
            }
            _ => true,
        };
        grid.0[y][x] = 0;
        if won {
            return true;
        }
    }
    false
}

/// A random position in the central `span` x `span` square, without five.
fn random_grid(rng: &mut StdRng, span: usize, attackers: usize, defenders: usize) -> Grid {
    loop {
        let mut grid = Grid([[0; N]; N]);
        let low = (N - span) / 2;
        let mut place = |who: u8, count: usize, grid: &mut Grid| {
            let mut left = count;
            while left > 0 {
                let (x, y) = (
                    rng.gen_range(low..low + span),
                    rng.gen_range(low..low + span),
                );
                if grid.0[y][x] == 0 {
                    grid.0[y][x] = who;
                    left -= 1;
                }
            }
        };
        place(1, attackers, &mut grid);
        place(2, defenders, &mut grid);
        if !grid.any_five() {
            return grid;
        }
    }
}

fn unlimited() -> Deadline {
    Deadline::after(Some(Duration::from_secs(60)))
}

#[test]
fn every_vcf_found_is_a_forced_win_by_fours() {
    let mut rng = StdRng::seed_from_u64(15);
    let mut found = 0;
    let mut longest = 0;
    for _ in 0..300 {
        let grid = random_grid(&mut rng, 9, 16, 14);
        let board = grid.board();
        if let Some(line) = find_vcf(&board, Stone::Black, 20, unlimited()) {
            verify_vcf(&grid, 1, &line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
            found += 1;
            longest = longest.max(line.len().div_ceil(2));
        }
    }
    assert!(found >= 30, "the suite has puzzles: {found}");
    assert!(longest >= 4, "and some long ones: {longest} attacker moves");
}

#[test]
fn vcf_answers_agree_with_brute_force_on_small_positions() {
    let mut rng = StdRng::seed_from_u64(7);
    let (mut wins, mut none) = (0, 0);
    for _ in 0..80 {
        // Few stones keep the brute force (every empty cell as a four) small.
        let mut grid = random_grid(&mut rng, 7, 9, 8);
        let board = grid.board();
        for depth in 1..=3 {
            let solver = find_vcf(&board, Stone::Black, depth, unlimited());
            let brute = brute_vcf(&mut grid, 1, depth);
            assert_eq!(solver.is_some(), brute, "depth {depth}, line {solver:?}");
            if let Some(line) = solver {
                verify_vcf(&grid, 1, &line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
            }
        }
        if brute_vcf(&mut grid, 1, 3) {
            wins += 1;
        } else {
            none += 1;
        }
    }
    assert!(
        wins >= 5 && none >= 5,
        "both kinds tested: {wins} wins, {none} without"
    );
}

#[test]
fn a_five_move_vcf_is_found_in_under_a_tenth_of_a_second() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut puzzle = None;
    for _ in 0..3000 {
        let grid = random_grid(&mut rng, 9, 16, 14);
        let board = grid.board();
        // The shortest win, found by deepening: five fours, the fifth the
        // last threat before the five (or a double four).
        if find_vcf(&board, Stone::Black, 4, unlimited()).is_none() {
            if let Some(line) = find_vcf(&board, Stone::Black, 5, unlimited()) {
                puzzle = Some((grid, line));
                break;
            }
        }
    }
    let (grid, line) = puzzle.expect("a five-move VCF among the seeded positions");
    verify_vcf(&grid, 1, &line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
    let board = grid.board();
    let start = Instant::now();
    let again = find_vcf(&board, Stone::Black, 30, unlimited());
    let took = start.elapsed();
    let again = again.expect("found again");
    verify_vcf(&grid, 1, &again).unwrap_or_else(|e| panic!("{e}: {again:?}"));
    assert!(again.len() >= 9, "five fours and the five: {again:?}");
    eprintln!("five-move VCF ({} moves) found in {took:?}", again.len());
    assert!(took < Duration::from_millis(100), "took {took:?}");
}

#[test]
fn a_vct_starts_with_a_threat_and_ends_in_five() {
    // An open two on both lines crossing at the corner: two open threes
    // at once (h8), a win by threats but not by fours.
    let mut grid = Grid([[0; N]; N]);
    for (x, y) in [(8, 7), (9, 7), (7, 8), (7, 9)] {
        grid.0[y][x] = 1;
    }
    grid.0[0][0] = 2;
    grid.0[14][14] = 2;
    let board = grid.board();
    assert!(find_vcf(&board, Stone::Black, 20, unlimited()).is_none());
    let line = find_vct(&board, Stone::Black, 4, unlimited()).expect("a VCT");
    let (x, y) = (usize::from(line[0].x), usize::from(line[0].y));
    let mut replay = grid.clone();
    replay.0[y][x] = 1;
    assert!(!replay.five_through(x, y));
    let last = line[line.len() - 1];
    let mut end = grid.clone();
    for (i, mv) in line.iter().enumerate() {
        end.0[usize::from(mv.y)][usize::from(mv.x)] = if i % 2 == 0 { 1 } else { 2 };
    }
    assert!(
        end.five_through(usize::from(last.x), usize::from(last.y)),
        "{line:?}"
    );
}
