//! Decided positions and moves are reported decided, whatever the board
//! size and however the analysis searched: finished games and moves that
//! end the game are checked against a direct count of the discs on the
//! plain reference board, search proofs against plain minimax.

use crate::common;

use std::time::Duration;

use common::{Cell, Naive};
use ply_engine::{BotSpec, EngineConfig, Game, GameError, Notation, Outcome, Playable, Value};
use ply_othello::{with_geometry, ExactGeometry, Move, Othello, Size10, Size6, Size8, MAX_DEPTH};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const SIZES: [usize; 4] = [4, 6, 8, 10];

/// The analysis settings a user can ask for: default, a shallow depth, and
/// short and long time budgets.
fn configs() -> Vec<EngineConfig> {
    vec![
        EngineConfig::default(),
        EngineConfig {
            depth: Some(2),
            ..EngineConfig::default()
        },
        EngineConfig {
            move_time: Some(Duration::from_millis(20)),
            ..EngineConfig::default()
        },
        EngineConfig {
            move_time: Some(Duration::from_secs(30)),
            depth: Some(3),
            ..EngineConfig::default()
        },
    ]
}

/// Cheap settings for the big sparse boards (no 12-ply default search).
fn quick_configs() -> Vec<EngineConfig> {
    configs().into_iter().skip(1).collect()
}

fn game_of<G: ExactGeometry>(naive: &Naive) -> Othello<G> {
    Othello::<G>::new().parse_position(&naive.to_obf()).unwrap()
}

/// Whether the library's game of the reference position's size sees it ended.
fn ended(naive: &Naive) -> bool {
    with_geometry!(naive.n as u8, G => game_of::<G>(naive).result().is_some())
}

/// The analysis of the reference position on the game of its size.
fn analyze_naive(naive: &Naive, config: &EngineConfig) -> ply_engine::Analysis<Move> {
    with_geometry!(naive.n as u8, G => analyze(&game_of::<G>(naive), config))
}

fn finished(naive: &Naive) -> bool {
    naive.moves().is_empty() && naive.pass().moves().is_empty()
}

/// The final margin for the side to move, counted on the reference board.
fn counted_margin(naive: &Naive) -> i32 {
    let (me, them) = if naive.black_to_move {
        (Cell::Black, Cell::White)
    } else {
        (Cell::White, Cell::Black)
    };
    let diff = naive.count(me) - naive.count(them);
    diff.signum() * (diff.abs() + naive.count(Cell::Empty))
}

fn outcome_of(margin: i32) -> Outcome {
    match margin.signum() {
        1 => Outcome::Win,
        -1 => Outcome::Lose,
        _ => Outcome::Draw,
    }
}

fn analyze<G: ExactGeometry>(
    game: &Othello<G>,
    config: &EngineConfig,
) -> ply_engine::Analysis<Move> {
    game.analyzer(config).unwrap().analyze(game).unwrap()
}

/// A board with a few random discs, a random side to move.
fn sparse(n: usize, rng: &mut StdRng) -> Naive {
    let mut naive = Naive::new(n);
    for row in naive.cells.iter_mut() {
        row.fill(Cell::Empty);
    }
    for _ in 0..rng.gen_range(1..=5) {
        let (r, c) = (rng.gen_range(0..n), rng.gen_range(0..n));
        naive.cells[r][c] = if rng.gen_bool(0.5) {
            Cell::Black
        } else {
            Cell::White
        };
    }
    naive.black_to_move = rng.gen_bool(0.5);
    naive
}

/// Random moves from the start until the game ends.
fn random_finished_game(n: usize, rng: &mut StdRng) -> Naive {
    let mut naive = Naive::new(n);
    while !finished(&naive) {
        let moves = naive.moves();
        naive = if moves.is_empty() {
            naive.pass()
        } else {
            let (r, c) = moves[rng.gen_range(0..moves.len())];
            naive.play(r, c)
        };
    }
    naive
}

fn assert_finished_analysis(naive: &Naive, config: &EngineConfig) {
    assert!(ended(naive), "{}", naive.to_obf());
    let analysis = analyze_naive(naive, config);
    let margin = counted_margin(naive);
    assert_eq!(
        analysis.value,
        Value {
            outcome: outcome_of(margin),
            remoteness: Some(0),
            margin: Some(margin),
            heuristic: None,
        },
        "{} with {config:?}",
        naive.to_obf()
    );
    assert!(analysis.moves.is_empty(), "{}", naive.to_obf());
    assert_eq!(analysis.depth, None);
}

#[test]
fn finished_positions_have_their_counted_value_and_no_moves() {
    let mut rng = StdRng::seed_from_u64(8);
    for n in SIZES {
        let mut boards = Vec::new();
        // The empty board: nobody can move, a tie.
        boards.push(Naive::from_obf(&format!("{} X", "-".repeat(n * n))));
        // One disc each in opposite corners (a tie), with either to move.
        for side in ["X", "O"] {
            let mut cells = "-".repeat(n * n);
            cells.replace_range(0..1, "X");
            cells.replace_range(n * n - 1.., "O");
            boards.push(Naive::from_obf(&format!("{cells} {side}")));
        }
        // Only one colour on the board.
        let mut lonely = Naive::from_obf(&format!("{} O", "-".repeat(n * n)));
        lonely.cells[1][2] = Cell::Black;
        lonely.cells[n - 1][0] = Cell::Black;
        boards.push(lonely);
        for _ in 0..5 {
            boards.push(random_finished_game(n, &mut rng));
        }
        for naive in &boards {
            assert!(finished(naive), "{}", naive.to_obf());
            for config in configs() {
                assert_finished_analysis(naive, &config);
            }
        }
    }
}

#[test]
fn the_empty_board_is_a_tie() {
    for n in SIZES {
        let empty = Naive::from_obf(&format!("{} X", "-".repeat(n * n)));
        let analysis = analyze_naive(&empty, &EngineConfig::default());
        assert_eq!(analysis.value.outcome, Outcome::Draw);
        assert_eq!(analysis.value.margin, Some(0));
        assert!(analysis.moves.is_empty());
    }
}

#[test]
fn a_wipe_out_in_one_is_a_win_in_1_on_every_size() {
    // White on a1 takes black's only disc on b1 by playing c1.
    for n in SIZES {
        let mut naive = Naive::from_obf(&format!("{} O", "-".repeat(n * n)));
        naive.cells[0][0] = Cell::White;
        naive.cells[0][1] = Cell::Black;
        assert_eq!(naive.moves(), [(0, 2)]);
        let after = naive.play(0, 2);
        assert!(finished(&after));
        let cells = (n * n) as i32;
        assert_eq!(counted_margin(&after), -cells);
        for config in configs() {
            let analysis = analyze_naive(&naive, &config);
            assert_eq!(
                analysis.value,
                Value {
                    outcome: Outcome::Win,
                    remoteness: Some(1),
                    margin: Some(cells),
                    heuristic: None,
                },
                "{n}x{n} with {config:?}"
            );
            assert_eq!(analysis.moves.len(), 1);
            assert_eq!(analysis.moves[0].1.margin, Some(cells));
            assert_eq!(analysis.depth, None);
        }
    }
}

#[test]
fn moves_that_end_the_game_are_exact_on_every_size() {
    let mut rng = StdRng::seed_from_u64(88);
    for n in SIZES {
        let mut checked = 0;
        let mut winning = 0;
        let mut attempts = 0;
        while checked < 12 && attempts < 100_000 {
            attempts += 1;
            let naive = sparse(n, &mut rng);
            if finished(&naive) {
                continue;
            }
            let ending: Vec<((usize, usize), i32)> = naive
                .moves()
                .into_iter()
                .filter_map(|(r, c)| {
                    let child = naive.play(r, c);
                    finished(&child).then(|| ((r, c), -counted_margin(&child)))
                })
                .collect();
            if ending.is_empty() {
                continue;
            }
            checked += 1;
            for config in quick_configs() {
                let analysis = analyze_naive(&naive, &config);
                for &((r, c), margin) in &ending {
                    let mv = Move((r * n + c) as u8);
                    let value = analysis
                        .moves
                        .iter()
                        .find(|(m, _)| *m == mv)
                        .map(|(_, v)| *v)
                        .expect("the move is listed");
                    assert_eq!(value.outcome, outcome_of(margin), "{}", naive.to_obf());
                    assert_eq!(value.margin, Some(margin), "{}", naive.to_obf());
                    assert_eq!(value.remoteness, Some(0));
                }
                if ending.iter().any(|&(_, m)| m > 0) {
                    assert_eq!(
                        analysis.value.outcome,
                        Outcome::Win,
                        "{} with {config:?}",
                        naive.to_obf()
                    );
                }
            }
            winning += usize::from(ending.iter().any(|&(_, m)| m > 0));
        }
        assert_eq!(checked, 12, "{n}x{n}: too few positions found");
        assert!(winning > 0, "{n}x{n}: no winning game-ending move found");
    }
}

/// Every decided value of a depth-limited analysis on 4x4 agrees with plain
/// minimax: proofs are sound, exact margins right.
#[test]
fn depth_limited_verdicts_agree_with_plain_minimax() {
    let mut rng = StdRng::seed_from_u64(888);
    let mut decided = 0;
    for i in 0..60 {
        let naive = if i % 2 == 0 {
            sparse(4, &mut rng)
        } else {
            let mut naive = Naive::new(4);
            for _ in 0..rng.gen_range(0..6) {
                let moves = naive.moves();
                if moves.is_empty() {
                    break;
                }
                let (r, c) = moves[rng.gen_range(0..moves.len())];
                naive = naive.play(r, c);
            }
            naive
        };
        let truth = Truth::of(&naive);
        for depth in [1, 2, 3] {
            let config = EngineConfig {
                depth: Some(depth),
                ..EngineConfig::default()
            };
            let analysis = analyze_naive(&naive, &config);
            truth.check(&naive, &analysis);
            decided += analysis
                .moves
                .iter()
                .filter(|(_, v)| v.outcome != Outcome::Unknown)
                .count();
        }
    }
    assert!(decided > 20, "{decided}");
}

/// Plain minimax's margins for a position and after each of its moves.
struct Truth {
    margin: i32,
    moves: Vec<(Move, i32)>,
}

impl Truth {
    fn of(naive: &Naive) -> Truth {
        let n = naive.n;
        let mut moves: Vec<(Move, i32)> = naive
            .moves()
            .into_iter()
            .map(|(r, c)| (Move((r * n + c) as u8), -naive.play(r, c).minimax()))
            .collect();
        if moves.is_empty() && !finished(naive) {
            moves.push((Move::PASS, -naive.pass().minimax()));
        }
        let margin = match moves.iter().map(|m| m.1).max() {
            Some(best) => best,
            None => counted_margin(naive),
        };
        Truth { margin, moves }
    }

    fn check(&self, naive: &Naive, analysis: &ply_engine::Analysis<Move>) {
        let cells = (naive.n * naive.n) as i32;
        let position = naive.to_obf();
        if analysis.value.outcome != Outcome::Unknown {
            assert_eq!(
                analysis.value.outcome,
                outcome_of(self.margin),
                "{position}"
            );
        }
        if let Some(margin) = analysis.value.margin {
            assert_eq!(margin, self.margin, "{position}");
        }
        assert_eq!(analysis.moves.len(), self.moves.len(), "{position}");
        for &(mv, value) in &analysis.moves {
            let margin = self
                .moves
                .iter()
                .find(|m| m.0 == mv)
                .map(|m| m.1)
                .expect("a legal move");
            match value.outcome {
                Outcome::Unknown => {
                    let score = value.heuristic.expect("an estimate");
                    assert!(score.abs() <= cells, "estimate {score} on {cells} squares");
                }
                outcome => assert_eq!(outcome, outcome_of(margin), "{position}"),
            }
            if let Some(m) = value.margin {
                assert_eq!(m, margin, "{position}");
            }
        }
    }
}

/// The same on 6x6 late positions, against the exact solver (itself checked
/// against plain minimax in `solve.rs`), under depth and time limits.
#[test]
fn limited_verdicts_on_6x6_agree_with_the_solver() {
    let mut rng = StdRng::seed_from_u64(8888);
    for _ in 0..12 {
        let mut game = Othello::<Size6>::new();
        let mut moves = Vec::new();
        while game.empties() > 14 && game.result().is_none() {
            game.generate_moves(&mut moves);
            game.play(moves[rng.gen_range(0..moves.len())]);
        }
        if game.result().is_some() {
            continue;
        }
        for config in quick_configs() {
            let analysis = analyze(&game, &config);
            for &(mv, value) in &analysis.moves {
                let mut child = game.clone();
                child.play(mv);
                let margin = -common::plain::margin_of(&child);
                if value.outcome != Outcome::Unknown {
                    assert_eq!(
                        value.outcome,
                        outcome_of(margin),
                        "{}",
                        game.format_position()
                    );
                }
                if let Some(m) = value.margin {
                    assert_eq!(m, margin, "{}", game.format_position());
                }
                if let Some(score) = value.heuristic {
                    assert!(score.abs() <= 36, "{score}");
                }
            }
        }
    }
}

#[test]
fn estimates_are_disc_margins_within_the_board() {
    for n in [6u8, 8, 10] {
        let config = EngineConfig {
            depth: Some(3),
            ..EngineConfig::default()
        };
        let analysis = with_geometry!(n, G => analyze(&Othello::<G>::new(), &config));
        let cells = i32::from(n) * i32::from(n);
        assert_eq!(analysis.value.outcome, Outcome::Unknown);
        for value in std::iter::once(analysis.value).chain(analysis.moves.iter().map(|m| m.1)) {
            let score = value.heuristic.expect("an estimate");
            assert!(score.abs() <= cells, "{score}");
        }
    }
}

/// A time budget large enough to solve a 14-empty endgame gives the exact
/// values the untimed solve gives (the analysis ends long before it).
#[test]
fn a_time_budget_solves_what_it_can() {
    let line = include_str!("../../data/ffo-1-19.obf")
        .lines()
        .next()
        .unwrap();
    let game = Othello::<Size8>::new().parse_position(line).unwrap();
    assert_eq!(game.empties(), 14);
    let exact = analyze(&game, &EngineConfig::default());
    let timed = analyze(
        &game,
        &EngineConfig {
            move_time: Some(Duration::from_secs(60)),
            ..EngineConfig::default()
        },
    );
    assert_eq!(timed.value, exact.value);
    let sorted = |a: &ply_engine::Analysis<Move>| {
        let mut moves = a.moves.clone();
        moves.sort_by_key(|m| m.0 .0);
        moves
    };
    assert_eq!(sorted(&timed), sorted(&exact));
    assert_eq!(exact.value.margin, Some(18));
}

#[test]
fn depth_beyond_the_limit_is_refused_with_the_limit() {
    let game = Othello::<Size8>::new();
    let deep = EngineConfig {
        depth: Some(30),
        ..EngineConfig::default()
    };
    let error = game.analyzer(&deep).err().expect("refused");
    assert!(matches!(error, GameError::BadOption(_)));
    assert!(
        error.to_string().contains(&MAX_DEPTH.to_string()),
        "{error}"
    );
    assert!(game.player(&BotSpec::Computer(None), &deep).is_err());
    let default = EngineConfig::default();
    for spec in [
        BotSpec::AlphaBeta(MAX_DEPTH + 1),
        BotSpec::Computer(Some(MAX_DEPTH + 1)),
    ] {
        let error = game.player(&spec, &default).err().expect("refused");
        assert!(
            error.to_string().contains(&MAX_DEPTH.to_string()),
            "{error}"
        );
    }
    let limit = EngineConfig {
        depth: Some(MAX_DEPTH),
        ..EngineConfig::default()
    };
    assert!(game.analyzer(&limit).is_ok());
    assert!(game
        .player(&BotSpec::AlphaBeta(MAX_DEPTH), &default)
        .is_ok());
}

/// The exact margin for the side to move when every line ends within
/// `plies` moves (passes free, as in the search), by plain minimax.
fn margin_within(naive: &Naive, plies: u32) -> Option<i32> {
    let moves = naive.moves();
    if moves.is_empty() {
        let passed = naive.pass();
        if passed.moves().is_empty() {
            return Some(counted_margin(naive));
        }
        return margin_within(&passed, plies).map(|m| -m);
    }
    if plies == 0 {
        return None;
    }
    let mut best = i32::MIN;
    for (r, c) in moves {
        best = best.max(-margin_within(&naive.play(r, c), plies - 1)?);
    }
    Some(best)
}

/// A move whose every line ends within the search's horizon is reported
/// with its exact margin, on every size, and never as undecided.
#[test]
fn moves_searched_to_the_end_are_exact() {
    let mut rng = StdRng::seed_from_u64(88888);
    for n in SIZES {
        let mut found = 0;
        let mut attempts = 0;
        while found < 10 && attempts < 20_000 {
            attempts += 1;
            let naive = sparse(n, &mut rng);
            if finished(&naive) {
                continue;
            }
            let depth = 4;
            let within: Vec<(Move, i32)> = naive
                .moves()
                .into_iter()
                .filter_map(|(r, c)| {
                    let child = naive.play(r, c);
                    if finished(&child) {
                        return None;
                    }
                    let m = margin_within(&child, depth - 1)?;
                    Some((Move((r * n + c) as u8), -m))
                })
                .collect();
            if within.is_empty() {
                continue;
            }
            found += 1;
            let config = EngineConfig {
                depth: Some(depth),
                ..EngineConfig::default()
            };
            let analysis = analyze_naive(&naive, &config);
            for (mv, margin) in within {
                let value = analysis
                    .moves
                    .iter()
                    .find(|(m, _)| *m == mv)
                    .map(|(_, v)| *v)
                    .expect("listed");
                assert_eq!(value.margin, Some(margin), "{} {mv:?}", naive.to_obf());
                assert_eq!(value.outcome, outcome_of(margin));
            }
        }
        assert_eq!(found, 10, "{n}x{n}: too few positions");
    }
}

/// How long the deepest `--depth` takes (prints, asserts nothing on time):
/// `cargo test --release -p ply-othello --test suite -- --ignored --nocapture decided::deepest`.
#[test]
#[ignore]
fn deepest_search_times() {
    fn deepest<G: ExactGeometry>(plies: u32) {
        let size = G::SIZE;
        let mut game = Othello::<G>::new();
        let mut rng = StdRng::seed_from_u64(u64::from(plies));
        let mut moves = Vec::new();
        for _ in 0..plies {
            game.generate_moves(&mut moves);
            game.play(moves[rng.gen_range(0..moves.len())]);
        }
        for depth in [12, MAX_DEPTH] {
            let config = EngineConfig {
                depth: Some(depth),
                ..EngineConfig::default()
            };
            let t = std::time::Instant::now();
            let analysis = analyze(&game, &config);
            eprintln!(
                "{size}x{size} after {plies} random plies, depth {depth}: {:?}, value {}",
                t.elapsed(),
                analysis.value.describe()
            );
        }
    }
    deepest::<Size8>(20);
    deepest::<Size10>(0);
}
