//! The exact solver (`ply_othello::exact`) against independent truths:
//! plain minimax on a 2D-array board for positions with few empties, plain
//! alpha-beta on the bitboard rules (`common::plain`) for more (on every
//! size), the 4x4 solution and the FFO suite's published scores; the same
//! scores with one thread and two.

use crate::common;

use common::plain;
use ply_engine::{Game, Notation};
use ply_othello::Bits;
use ply_othello::{
    ExactGeometry, ExactSolver, Geometry, Othello, Size10, Size4, Size6, Size8, ValueRequest,
};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as usize
    }
}

/// A random game played until `empties` squares are left (`None` if it
/// ended first).
fn random_position<G: Geometry>(rng: &mut Rng, empties: u32) -> Option<Othello<G>> {
    let mut game = Othello::<G>::new();
    let mut moves = Vec::new();
    while game.empties() > empties {
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        game.play(moves[rng.next() % moves.len()]);
    }
    Some(game)
}

fn positions<G: Geometry>(seed: u64, empties: u32, count: usize) -> Vec<Othello<G>> {
    let mut rng = Rng(seed);
    let mut found = Vec::new();
    while found.len() < count {
        if let Some(game) = random_position::<G>(&mut rng, empties) {
            found.push(game);
        }
    }
    found
}

fn bitboards(game: &Othello<Size8>) -> (u64, u64) {
    game.player_opponent()
}

#[test]
fn agrees_with_plain_minimax_on_few_empties() {
    for empties in 1..=9 {
        for game in positions::<Size8>(empties as u64 * 7919 + 1, empties, 12) {
            let naive = common::Naive::from_obf(&game.format_position());
            let (p, o) = bitboards(&game);
            // A tiny table, shared by every position, so entries collide.
            let mut solver = ExactSolver::new(1);
            let solved = solver.solve(p, o);
            assert_eq!(solved.score, naive.minimax(), "{}", game.format_position());
        }
    }
}

/// The plain references agree with each other: alpha-beta on bitboards
/// (margin, and margin with length) and minimax on the 2D array.
#[test]
fn the_plain_references_agree() {
    for empties in [1, 3, 5, 7, 9] {
        for game in positions::<Size8>(empties as u64 * 4099 + 3, empties, 8) {
            let (p, o) = bitboards(&game);
            let naive = common::Naive::from_obf(&game.format_position());
            let (margin, length) = naive.minimax_with_length();
            assert_eq!(plain::margin::<Size8>(p, o), margin);
            let (m, l) = plain::margin_and_length::<Size8>(p, o);
            assert_eq!((m, if m == 0 { 0 } else { l }), (margin, length));
        }
    }
}

#[test]
fn agrees_with_plain_alpha_beta_with_one_thread_and_two() {
    // One solver per thread count, each shared by every position.
    let mut solvers = [1, 2].map(|threads| (threads, ExactSolver::new(4).with_threads(threads)));
    for empties in [10, 12, 14] {
        for game in positions::<Size8>(empties as u64 * 31 + 5, empties, 10) {
            let (p, o) = bitboards(&game);
            let expected = plain::margin::<Size8>(p, o);
            let shown = game.format_position();
            for (threads, solver) in &mut solvers {
                let solved = solver.solve(p, o);
                assert_eq!(solved.score, expected, "{shown} with {threads}");
                // The best move reaches that score.
                if let Some(x) = solved.best {
                    let f = ply_othello::flips::<Size8>(x, p, o);
                    assert_ne!(f, 0);
                    let child = plain::margin::<Size8>(o ^ f, p | f | 1 << x);
                    assert_eq!(-child, expected, "{shown}: best move {x} with {threads}");
                }
            }
        }
    }
}

/// The fast solver on board `G` against plain alpha-beta and plain
/// minimax, on random positions with `empties` empties, one thread
/// and two, a small shared table (entries collide) and a best move that
/// reaches the score.
fn agrees_on<G: ExactGeometry>(empties: &[u32], count: usize) {
    // One solver per thread count, each shared by every position.
    let mut solvers = [1, 2].map(|threads| (threads, ExactSolver::new(1).with_threads(threads)));
    for &e in empties {
        for game in positions::<G>(u64::from(e) * 131 + G::SIZE as u64, e, count) {
            let (p, o) = game.player_opponent();
            let expected = plain::margin::<G>(p, o);
            let shown = game.format_position();
            if e <= 9 {
                let naive = common::Naive::from_obf(&shown);
                assert_eq!(naive.minimax(), expected, "{shown}: the references");
            }
            for (threads, solver) in &mut solvers {
                let solved = solver.solve_on::<G>(p, o);
                assert_eq!(solved.score, expected, "{shown} with {threads}");
                if let Some(x) = solved.best {
                    let f = ply_othello::flips::<G>(x, p, o);
                    assert!(!f.is_empty(), "{shown}: best move {x} is legal");
                    let child = plain::margin::<G>(o ^ f, p | f | G::B::bit(x));
                    assert_eq!(-child, expected, "{shown}: best move {x} with {threads}");
                }
            }
        }
    }
}

/// The windowed solve on board `G` against plain alpha-beta: inside
/// each window the score is exact, at or beyond an end it is a true
/// bound on that side; null windows, narrow and wide ones, each with a
/// table warmed by the windows before it.
fn windows_agree_on<G: ExactGeometry>(empties: &[u32], count: usize) {
    let mut solver = ExactSolver::new(1);
    let cells = G::CELLS as i32;
    for &e in empties {
        for game in positions::<G>(u64::from(e) * 977 + G::SIZE as u64, e, count) {
            let (p, o) = game.player_opponent();
            let exact = plain::margin::<G>(p, o);
            let shown = game.format_position();
            let windows = [
                (exact - 1, exact + 1),
                (exact, exact + 1),
                (exact - 1, exact),
                (exact - 7, exact - 2),
                (exact + 2, exact + 9),
                (exact - 20, exact + 20),
                (-cells - 1, cells + 1),
                (-cells - 1, exact - 4),
                (exact + 4, cells + 1),
            ];
            for (alpha, beta) in windows {
                let score = solver.solve_window_on::<G>(p, o, alpha, beta).score;
                let ok = if score <= alpha {
                    exact <= score
                } else if score >= beta {
                    exact >= score
                } else {
                    exact == score
                };
                assert!(
                    ok,
                    "{shown}: window ({alpha}, {beta}) gave {score}, exact {exact}"
                );
            }
        }
    }
}

#[test]
fn windowed_solves_bound_the_exact_score() {
    windows_agree_on::<Size4>(&[4, 8, 11], 8);
    windows_agree_on::<Size6>(&[6, 10, 14], 6);
    windows_agree_on::<Size8>(&[8, 11, 14], 4);
}

#[test]
fn agrees_with_plain_alpha_beta_on_4x4() {
    agrees_on::<Size4>(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 12);
}

#[test]
fn agrees_with_plain_alpha_beta_on_6x6() {
    agrees_on::<Size6>(&[1, 3, 5, 7, 9, 12, 14, 16], 10);
}

#[test]
fn agrees_with_plain_alpha_beta_on_10x10() {
    agrees_on::<Size10>(&[1, 2, 3, 5, 7, 9, 11, 13], 6);
}

/// The OBF text of `p` (as black, to move) against `o` on board `G`.
fn obf_of<G: Geometry>(p: G::B, o: G::B) -> String {
    let board: String = (0..G::CELLS)
        .map(|s| match (p.has(s), o.has(s)) {
            (true, _) => 'X',
            (_, true) => 'O',
            _ => '-',
        })
        .collect();
    format!("{board} X")
}

/// The exact value of every move as analysis asks for it (the root
/// solved first, each move's position then solved with the root's bound
/// as its floor, margin and game length, one table for all) on board `G`,
/// against plain minimax up to 9 empties and plain alpha-beta with lengths
/// beyond; and the same moves solved at once on two threads
/// (`values_on`, which shares them out), with and without the floors.
fn every_move_agrees_on<G: ExactGeometry>(empties: &[u32], count: usize) {
    let mut solver = ExactSolver::new(1);
    let mut parallel = ExactSolver::new(1).with_threads(2);
    for &e in empties {
        for game in positions::<G>(u64::from(e) * 977 + G::SIZE as u64, e, count) {
            let (p, o) = game.player_opponent();
            let shown = game.format_position();
            let root = solver.value_on::<G>(p, o, None, true);
            let legal = ply_othello::moves::<G>(p, o);
            let children: Vec<(G::B, G::B)> = if legal.is_empty() {
                vec![(o, p)]
            } else {
                ply_othello::Squares(legal)
                    .map(|x| {
                        let f = ply_othello::flips::<G>(x, p, o);
                        (o ^ f, p ^ f ^ G::B::bit(x))
                    })
                    .collect()
            };
            let mut requests = Vec::new();
            let mut expected_values = Vec::new();
            for (cp, co) in children.into_iter().chain([(p, o)]) {
                let floor = (cp, co) != (p, o) && !legal.is_empty();
                let value = solver.value_on::<G>(cp, co, floor.then_some(-root.margin), true);
                let expected = if e <= 9 {
                    common::Naive::from_obf(&obf_of::<G>(cp, co)).minimax_with_length()
                } else {
                    let (m, l) = plain::margin_and_length::<G>(cp, co);
                    (m, if m == 0 { 0 } else { l })
                };
                assert_eq!(
                    (value.margin, value.length.unwrap_or(0)),
                    expected,
                    "{shown}: a move's position {cp:?} {co:?}"
                );
                assert_eq!(value.length.is_none(), value.margin == 0, "{shown}");
                for floor in [floor.then_some(-root.margin), None] {
                    requests.push(ValueRequest {
                        p: cp,
                        o: co,
                        floor,
                        with_length: true,
                    });
                    expected_values.push((value.margin, value.length));
                }
            }
            let values = parallel.values_on::<G>(&requests);
            assert!(!parallel.aborted(), "{shown}");
            let found: Vec<_> = values
                .iter()
                .map(|v| v.map(|v| (v.margin, v.length)))
                .collect();
            let expected: Vec<_> = expected_values.into_iter().map(Some).collect();
            assert_eq!(found, expected, "{shown}: on two threads");
        }
    }
}

#[test]
fn every_move_margin_and_length_agree_on_4x4() {
    every_move_agrees_on::<Size4>(&[3, 5, 7, 9, 10, 11], 12);
}

#[test]
fn every_move_margin_and_length_agree_on_6x6() {
    every_move_agrees_on::<Size6>(&[5, 8, 10, 12, 14], 10);
}

#[test]
fn every_move_margin_and_length_agree_on_8x8() {
    every_move_agrees_on::<Size8>(&[4, 8, 10, 12, 14], 10);
}

#[test]
fn every_move_margin_and_length_agree_on_10x10() {
    every_move_agrees_on::<Size10>(&[4, 8, 10, 12], 5);
}

/// 4x4 Othello from the start: white wins 3-13 (with the empties to the
/// winner: black's margin is -10), as plain minimax finds.
#[test]
fn solves_4x4_from_the_start() {
    let start = Othello::<Size4>::new();
    let (p, o) = start.player_opponent();
    for threads in [1, 2] {
        let solved = ExactSolver::new(1)
            .with_threads(threads)
            .solve_on::<Size4>(p, o);
        assert_eq!(solved.score, -10, "with {threads}");
    }
    assert_eq!(common::Naive::new(4).minimax(), -10);
}

/// One solver solving several sizes in turn forgets the other size's table
/// (the same pair of sets is another position there), and makes its table
/// again for the wider sets of 10x10.
#[test]
fn one_solver_moves_between_sizes() {
    let mut solver = ExactSolver::new(1);
    for round in 0..2 {
        for game in positions::<Size6>(77 + round, 10, 3) {
            let (p, o) = game.player_opponent();
            let expected = plain::margin::<Size6>(p, o);
            assert_eq!(solver.solve_on::<Size6>(p, o).score, expected);
        }
        for game in positions::<Size8>(99 + round, 10, 3) {
            let (p, o) = game.player_opponent();
            let expected = plain::margin::<Size8>(p, o);
            assert_eq!(solver.solve(p, o).score, expected);
        }
        for game in positions::<Size10>(55 + round, 10, 2) {
            let (p, o) = game.player_opponent();
            let expected = plain::margin::<Size10>(p, o);
            assert_eq!(solver.solve_on::<Size10>(p, o).score, expected);
        }
    }
}

/// 6x6 Othello from the start: black -4, white wins 20-16 (Feinstein,
/// 1993), on one thread; prints the principal variation, nodes and time.
/// `cargo test --release -p ply-othello --test suite -- --ignored
/// --nocapture exact::solves_6x6_from_the_start` (about a minute on the
/// 2-core machine; `cargo run --release -p ply-othello --example six --
/// --threads 2` for two threads).
#[test]
#[ignore]
fn solves_6x6_from_the_start() {
    let start = Othello::<Size6>::new();
    let (p, o) = start.player_opponent();
    let mut solver = ExactSolver::new(1024);
    let clock = std::time::Instant::now();
    let solved = solver.solve_on::<Size6>(p, o);
    let seconds = clock.elapsed().as_secs_f64();
    assert_eq!(solved.score, -4, "black loses by 4: white wins 20-16");
    let mut game = start.clone();
    let mut line = Vec::new();
    for x in solver.principal_variation_on::<Size6>(p, o) {
        let mv = x.map_or(ply_othello::Move::PASS, |x| ply_othello::Move(x as u8));
        line.push(game.format_move(mv));
        game.play(mv);
    }
    assert!(game.result().is_some(), "the variation ends the game");
    assert_eq!(game.board().final_score(), (16, 20), "{}", line.join(" "));
    eprintln!(
        "6x6 from the start: {:+} for black in {seconds:.1} s, {:.1} M nodes; {}",
        solved.score,
        solved.nodes as f64 / 1e6,
        line.join(" ")
    );
}

fn ffo(text: &str) -> Vec<(Othello<Size8>, i32)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let game = Othello::<Size8>::new().parse_position(line).unwrap();
            let first = line.split_whitespace().nth(2).unwrap();
            let score = first
                .trim_end_matches(';')
                .split(':')
                .nth(1)
                .unwrap()
                .parse()
                .unwrap();
            (game, score)
        })
        .collect()
}

#[test]
fn solves_ffo_1_to_19_with_one_thread_and_two() {
    for (i, (game, expected)) in ffo(include_str!("../../data/ffo-1-19.obf"))
        .into_iter()
        .enumerate()
    {
        let (p, o) = bitboards(&game);
        for threads in [1, 2] {
            let solved = ExactSolver::new(8).with_threads(threads).solve(p, o);
            assert_eq!(solved.score, expected, "FFO #{} with {threads}", i + 1);
        }
    }
}

/// `cargo test --release -p ply-othello --test suite -- --ignored exact::`: FFO
/// #40-#44 (20-23 empties) with one thread and two.
#[test]
#[ignore]
fn solves_ffo_40_to_44_with_one_thread_and_two() {
    for (i, (game, expected)) in ffo(include_str!("../../data/ffo-40-59.obf"))
        .into_iter()
        .enumerate()
        .take(5)
    {
        let (p, o) = bitboards(&game);
        for threads in [1, 2] {
            let solved = ExactSolver::new(64).with_threads(threads).solve(p, o);
            assert_eq!(solved.score, expected, "FFO #{} with {threads}", i + 40);
        }
    }
}
