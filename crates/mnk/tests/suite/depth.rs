//! `--depth D` is the depth limit: a value is decided only by what
//! the search sees within D plies. Every depth-limited answer (the labels of
//! `solve`/`hint` and the computer's reported value) is checked here against
//! plain depth-limited minimax written below: no pruning, no table, no move
//! ordering, no early draws, the cut nodes undecided.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use ply_engine::{
    BotSpec, Deadline, EngineConfig, Game, GameResult, Knowledge, Notation, Outcome, Playable,
    Searcher, Value,
};
use ply_mnk::{Mnk, MnkKnowledge};

/// The value of `game` for the side to move in the tree cut `depth` plies
/// deep, for every depth from 0 to `max_depth` at once (`values[d]`).
///
/// A finished game is lost (its mover just completed a line) or drawn, with
/// nothing left to play. Otherwise a cut node is undecided; a node is a win
/// as soon as one move leads to a decided loss (the fastest such), and is a
/// draw or a loss only when every move is decided (the draw if there is one,
/// else the slowest loss).
fn reference(game: &mut Mnk, max_depth: u32) -> Vec<Value> {
    match game.result() {
        Some(GameResult::Draw) => return vec![Value::draw(Some(0)); max_depth as usize + 1],
        Some(GameResult::Win(side)) => {
            let value = if side == game.to_move() {
                Value::win(0)
            } else {
                Value::lose(0)
            };
            return vec![value; max_depth as usize + 1];
        }
        None => {}
    }
    let mut values = vec![Value::unknown()];
    if max_depth == 0 {
        return values;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let children: Vec<Vec<Value>> = moves
        .iter()
        .map(|&mv| {
            let undo = game.play(mv);
            let child = reference(game, max_depth - 1);
            game.undo(mv, undo);
            child
        })
        .collect();
    for depth in 1..=max_depth as usize {
        let below = children.iter().map(|c| c[depth - 1]);
        let fastest_win = below
            .clone()
            .filter(|v| v.outcome == Outcome::Lose)
            .filter_map(|v| v.remoteness)
            .min();
        let undecided = below.clone().any(|v| v.outcome == Outcome::Unknown);
        let draw = below
            .clone()
            .find(|v| v.outcome == Outcome::Draw)
            .and_then(|v| v.remoteness);
        let slowest_loss = below.filter_map(|v| v.remoteness).max();
        values.push(match (fastest_win, undecided, draw) {
            (Some(r), _, _) => Value::win(r + 1),
            (None, true, _) => Value::unknown(),
            (None, false, Some(r)) => Value::draw(Some(r + 1)),
            (None, false, None) => Value::lose(slowest_loss.expect("a decided move") + 1),
        });
    }
    values
}

/// What the checks met, so that no test passes by checking nothing.
#[derive(Default, Debug)]
struct Tally {
    /// Position or move values compared.
    compared: u64,
    /// Of those, decided ones.
    decided: u64,
    /// Undecided values whose exact value a deeper search decides.
    past_horizon: u64,
    /// Positions the dead-draw proof settles, searched with their draw
    /// beyond the horizon: the early draw must not decide them.
    dead_draws_cut: u64,
}

/// Checks every depth-limited answer for `game` at depths 1..=`max_depth`
/// against the reference; `exact` also compares it with the exact solve
/// (the reference at full depth).
fn check(
    game: &Mnk,
    max_depth: u32,
    searcher: &mut Searcher<Mnk, MnkKnowledge>,
    tally: &mut Tally,
) {
    let mut position = game.clone();
    let here = reference(&mut position, max_depth);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let children: Vec<Vec<Value>> = moves
        .iter()
        .map(|&mv| {
            let undo = position.play(mv);
            let child = reference(&mut position, max_depth.saturating_sub(1));
            position.undo(mv, undo);
            child
        })
        .collect();
    let text = game.format_position();
    let empties = game.empty_squares().count_ones();
    for depth in 1..=max_depth {
        let got = searcher.analyze_to_depth(game, depth);
        let expected = here[depth as usize];
        assert_eq!(got.value, expected, "{text} at depth {depth}");
        assert_within(&got.value, depth, &text);
        for (i, &(mv, value)) in got.moves.iter().enumerate() {
            assert_eq!(mv, moves[i], "{text}: moves in order");
            let expected = children[i][depth as usize - 1].as_move_value();
            let name = game.format_move(mv);
            assert_eq!(value, expected, "{text} then {name} at depth {depth}");
            assert_within(&value, depth - 1, &format!("{text} then {name}"));
            tally.compared += 1;
            if value.outcome != Outcome::Unknown {
                tally.decided += 1;
            } else if children[i]
                .last()
                .is_some_and(|v| v.outcome != Outcome::Unknown)
            {
                tally.past_horizon += 1;
            }
        }
        if game.result().is_none() && MnkKnowledge.is_dead_draw(game) && empties > depth {
            tally.dead_draws_cut += 1;
            assert_eq!(
                got.value,
                Value::unknown(),
                "{text}: a dead draw past depth {depth}"
            );
        }
        tally.compared += 1;
    }
}

/// A decided value's remoteness lies within the plies searched.
fn assert_within(value: &Value, depth: u32, text: &str) {
    if value.outcome != Outcome::Unknown {
        let r = value
            .remoteness
            .expect("a decided (m,n,k) value has a remoteness");
        assert!(r <= depth, "{text}: {value:?} decided past depth {depth}");
    }
}

/// Every position reachable from `start` (finished ones included).
fn reachable(start: &Mnk) -> Vec<Mnk> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let mut stack = vec![start.clone()];
    while let Some(game) = stack.pop() {
        if !seen.insert(game.key()) {
            continue;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let mut child = game.clone();
            child.play(mv);
            stack.push(child);
        }
        found.push(game);
    }
    found
}

/// Positions of random games from `start` with `empty` squares left, game
/// not over.
fn random_positions(start: &Mnk, empty: u32, count: usize, seed: u64) -> Vec<Mnk> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = start.clone();
        while game.empty_squares().count_ones() > empty && game.result().is_none() {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            game.play(*moves.choose(&mut rng).expect("a move"));
        }
        if game.result().is_none() {
            found.push(game);
        }
    }
    found
}

fn board(rows: u8, cols: u8, k: u8) -> Mnk {
    Mnk::new(rows, cols, k).expect("a valid board")
}

#[test]
fn every_reachable_tic_tac_toe_position_at_every_depth_matches_plain_minimax() {
    let positions = reachable(&Mnk::tic_tac_toe());
    assert_eq!(positions.len(), 5478, "the reachable positions");
    let mut tally = Tally::default();
    for game in &positions {
        // A fresh searcher per position: nothing carried over between them.
        let mut searcher = Searcher::<Mnk>::new(1).with_knowledge(MnkKnowledge);
        check(game, 9, &mut searcher, &mut tally);
    }
    assert!(tally.decided > 100_000, "{tally:?}");
    assert!(tally.past_horizon > 20_000, "{tally:?}");
    assert!(tally.dead_draws_cut > 200, "{tally:?}");
}

/// Board, empty squares, positions, depths checked.
type Sample = ((u8, u8, u8), u32, usize, u32);

fn check_random_positions(samples: &[Sample]) -> Tally {
    let mut tally = Tally::default();
    for &((rows, cols, k), empty, count, max_depth) in samples {
        let start = board(rows, cols, k);
        // One searcher for the whole board: answers must not depend on
        // what earlier searches left in the table.
        let mut searcher = Searcher::<Mnk>::new(2).with_knowledge(MnkKnowledge);
        let seed = u64::from(rows) * 1000 + u64::from(cols) * 100 + u64::from(k) * 10;
        for game in random_positions(&start, empty, count, seed + u64::from(empty)) {
            check(&game, max_depth, &mut searcher, &mut tally);
        }
    }
    tally
}

#[test]
fn random_4x4_and_5x5_positions_at_every_depth_match_plain_minimax() {
    let tally = check_random_positions(&[
        ((4, 4, 3), 8, 16, 8),
        ((4, 4, 4), 8, 16, 8),
        ((4, 4, 3), 10, 5, 5),
        ((4, 4, 4), 10, 5, 5),
        ((5, 5, 4), 8, 8, 8),
        ((5, 5, 4), 12, 3, 4),
        ((4, 5, 4), 8, 8, 8),
    ]);
    assert!(tally.decided > 500, "{tally:?}");
    assert!(tally.past_horizon > 500, "{tally:?}");
    assert!(tally.dead_draws_cut > 20, "{tally:?}");
}

/// More and larger positions: `cargo test --release -p ply-mnk --test
/// suite -- --ignored depth::`.
#[test]
#[ignore]
fn long_random_positions_at_every_depth_match_plain_minimax() {
    let tally = check_random_positions(&[
        ((4, 4, 3), 9, 100, 9),
        ((4, 4, 4), 9, 100, 9),
        ((4, 4, 3), 12, 20, 6),
        ((4, 4, 4), 12, 20, 6),
        ((5, 5, 4), 9, 50, 9),
        ((5, 5, 4), 14, 10, 5),
        ((4, 5, 4), 10, 40, 10),
        ((5, 5, 5), 11, 20, 7),
    ]);
    assert!(tally.decided > 10_000, "{tally:?}");
    assert!(tally.past_horizon > 5_000, "{tally:?}");
    assert!(tally.dead_draws_cut > 200, "{tally:?}");
}

#[test]
fn the_issue_examples_decide_nothing_past_the_horizon() {
    // `ply solve mnk --position=-X-----OX --depth 3` showed a1 `drawing (5)`.
    let game = Mnk::tic_tac_toe()
        .parse_position("-X-----OX")
        .expect("a position");
    let analysis = Searcher::<Mnk>::new(1)
        .with_knowledge(MnkKnowledge)
        .analyze_to_depth(&game, 3);
    let a1 = analysis.moves.iter().find(|(mv, _)| *mv == 0).expect("a1");
    assert_eq!(a1.1, Value::unknown());
    let mut searcher = Searcher::new(1).with_knowledge(MnkKnowledge);
    check(&game, 9, &mut searcher, &mut Tally::default());
    // 6x6 k=5 at depth 2 reported `draw (32 to the end)`: the early draw
    // of a pairing proof, 32 plies away. Along random games, positions the
    // proof settles with 28 or more empty squares decide nothing at 1 to 3
    // plies, as plain minimax says.
    let start = board(6, 6, 5);
    let mut searcher = Searcher::new(4).with_knowledge(MnkKnowledge);
    let mut tally = Tally::default();
    let mut rng = StdRng::seed_from_u64(3);
    let mut met = 0;
    while met < 3 {
        let mut game = start.clone();
        while game.empty_squares().count_ones() >= 28 {
            if MnkKnowledge.is_dead_draw(&game) {
                met += 1;
                check(&game, 3, &mut searcher, &mut tally);
                break;
            }
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            game.play(*moves.choose(&mut rng).expect("a move"));
        }
    }
    check(&start, 3, &mut searcher, &mut tally);
    assert_eq!(tally.decided, 0, "{tally:?}");
    assert!(tally.dead_draws_cut >= 9, "{tally:?}");
}

/// The same labels come from the time-bounded analysis `hint` and `solve`
/// run when a depth is given.
#[test]
fn hint_and_solve_with_a_depth_give_the_same_values() {
    for (start, empty, max_depth) in [
        (Mnk::tic_tac_toe(), 7, 7),
        (board(4, 4, 3), 10, 5),
        (board(5, 5, 4), 12, 4),
    ] {
        for game in random_positions(&start, empty, 8, 5) {
            let mut position = game.clone();
            let here = reference(&mut position, max_depth);
            for depth in 1..=max_depth {
                let got = Searcher::<Mnk>::new(1)
                    .with_knowledge(MnkKnowledge)
                    .analyze_within(&game, Some(depth), Deadline::none());
                let plain = Searcher::<Mnk>::new(1)
                    .with_knowledge(MnkKnowledge)
                    .analyze_to_depth(&game, depth);
                assert_eq!(got.value, here[depth as usize], "{game:?} depth {depth}");
                assert_eq!(got.moves, plain.moves, "{game:?} depth {depth}");
                // It stops early once every move is decided.
                assert!(got.depth.is_some_and(|d| d <= depth), "{got:?}");
            }
        }
    }
}

/// The depth-limited computer reports, for the move it plays, the
/// reference value, and plays a move of the best score on the four-score
/// scale (computer wins 3, draw 2, undecided 1, human wins 0).
#[test]
fn the_computer_at_a_depth_reports_the_reference_value() {
    let mut checked = 0;
    for (start, empty, depths) in [
        (Mnk::tic_tac_toe(), 8, 1..=8),
        (board(4, 4, 3), 9, 1..=5),
        (board(6, 6, 5), 36, 1..=3),
    ] {
        let count = if empty == 36 { 1 } else { 15 };
        for game in random_positions(&start, empty, count, 17) {
            for depth in depths.clone() {
                let config = EngineConfig {
                    depth: Some(depth),
                    hash_mb: 2,
                    ..EngineConfig::default()
                };
                let mut computer = game
                    .player(&BotSpec::Computer(None), &config)
                    .expect("the computer");
                let choice = computer.choose(&game);
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                let mut values = Vec::new();
                for &mv in &moves {
                    let mut child = game.clone();
                    child.play(mv);
                    let below = reference(&mut child, depth - 1);
                    values.push((mv, below[depth as usize - 1].as_move_value()));
                }
                let (_, truth) = values
                    .iter()
                    .find(|(mv, _)| *mv == choice.mv)
                    .expect("a legal move");
                assert_eq!(choice.value, Some(*truth), "{game:?} depth {depth}");
                let best = values
                    .iter()
                    .map(|(_, v)| v.outcome.four_score())
                    .max()
                    .expect("moves");
                assert_eq!(truth.outcome.four_score(), best, "{game:?} depth {depth}");
                if empty == 36 {
                    assert_eq!(
                        choice.value,
                        Some(Value::unknown()),
                        "6x6 k=5 at depth {depth}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "{checked}");
}
