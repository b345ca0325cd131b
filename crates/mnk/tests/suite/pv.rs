//! The principal variation of the generic searcher's analyses, checked
//! against plain minimax written below (no table, no pruning, no
//! symmetry): on every reachable tic-tac-toe position, the exact
//! analysis's line is legal move by move and every move on it is a best
//! move of the position it is played in (its first a best move of the
//! analysis too); depth-limited lines are legal and start with a best move.

use std::collections::{HashMap, HashSet};

use ply_engine::{Analysis, Game, GameResult, Outcome, Searcher, Value};
use ply_mnk::{Mnk, MnkKnowledge};

/// The exact value of `game` for its mover, by plain minimax (memoised on
/// the position only, which the value depends on alone).
fn minimax(game: &Mnk, memo: &mut HashMap<u64, Value>) -> Value {
    if let Some(&value) = memo.get(&game.hash()) {
        return value;
    }
    let value = match game.result() {
        Some(GameResult::Draw) => Value::draw(Some(0)),
        Some(GameResult::Win(side)) if side == game.to_move() => Value::win(0),
        Some(GameResult::Win(_)) => Value::lose(0),
        None => {
            let best = best_move_value(game, memo);
            Value {
                remoteness: best.remoteness.map(|r| r + 1),
                ..best
            }
        }
    };
    memo.insert(game.hash(), value);
    value
}

/// The value of `mv` for the side making it.
fn move_value(game: &Mnk, mv: u8, memo: &mut HashMap<u64, Value>) -> Value {
    let mut child = game.clone();
    child.play(mv);
    minimax(&child, memo).as_move_value()
}

fn best_move_value(game: &Mnk, memo: &mut HashMap<u64, Value>) -> Value {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| move_value(game, mv, memo))
        .max_by_key(|v| v.preference())
        .expect("a game not over has a move")
}

/// Only the outcome and a decided game's remoteness: draws' lengths are
/// the knowledge's business.
fn rank(value: Value) -> (Outcome, Option<u32>) {
    match value.outcome {
        Outcome::Draw => (Outcome::Draw, None),
        outcome => (outcome, value.remoteness),
    }
}

/// Replays `analysis.pv` from `game`: every move legal where it comes, the
/// game not over before the last. Answers the positions before each move.
fn replay(game: &Mnk, analysis: &Analysis<u8>, what: &str) -> Vec<Mnk> {
    let mut position = game.clone();
    let mut before = Vec::new();
    for &mv in &analysis.pv {
        assert!(position.result().is_none(), "{what}: line past the end");
        let mut legal = Vec::new();
        position.generate_moves(&mut legal);
        assert!(legal.contains(&mv), "{what}: {mv} not legal on the line");
        before.push(position.clone());
        position.play(mv);
    }
    before
}

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

#[test]
fn every_exact_tic_tac_toe_line_is_legal_and_plays_best_moves() {
    let mut memo = HashMap::new();
    // One searcher throughout, as a session keeps one: its table holds
    // entries of earlier positions and of symmetric images.
    let mut searcher = Searcher::<Mnk>::new(1).with_knowledge(MnkKnowledge);
    let (mut positions, mut plies) = (0, 0);
    for game in reachable(&Mnk::tic_tac_toe()) {
        if game.result().is_some() {
            continue;
        }
        let analysis = searcher.analyze(&game);
        let what = format!("{game:?}");
        assert!(!analysis.pv.is_empty(), "{what}: no line");
        assert!(
            analysis.best_moves().contains(&analysis.pv[0]),
            "{what}: the line starts with {} (best: {:?})",
            analysis.pv[0],
            analysis.best_moves()
        );
        for (position, &mv) in replay(&game, &analysis, &what).iter().zip(&analysis.pv) {
            let best = best_move_value(position, &mut memo);
            let played = move_value(position, mv, &mut memo);
            assert_eq!(
                rank(played),
                rank(best),
                "{what}: {mv} on the line is not a best move of {position:?}"
            );
        }
        positions += 1;
        plies += analysis.pv.len();
    }
    assert_eq!(positions, 4520, "the positions not over");
    // The lines are read off the table and end where it has no entry (a
    // dead draw is proved without one), but decided lines run on.
    assert!(
        plies > positions * 5 / 4,
        "{plies} plies over {positions} lines"
    );
}

#[test]
fn depth_limited_lines_are_legal_and_start_with_a_best_move() {
    let mut searcher = Searcher::<Mnk>::new(1).with_knowledge(MnkKnowledge);
    let mut decided_lines = 0;
    for (rows, cols, k) in [(3, 3, 3), (4, 4, 3), (4, 4, 4), (5, 5, 4)] {
        let game = Mnk::new(rows, cols, k).expect("a board");
        for depth in 1..=7 {
            let analysis = searcher.analyze_to_depth(&game, depth);
            let what = format!("{rows}x{cols} k={k} depth {depth}");
            assert!(!analysis.pv.is_empty(), "{what}: no line");
            assert!(
                analysis.best_moves().contains(&analysis.pv[0]),
                "{what}: the line starts with a move that is not best"
            );
            replay(&game, &analysis, &what);
            assert!(
                analysis.pv.len() <= depth as usize,
                "{what}: past the horizon"
            );
            // A win decided within the horizon is played out to its end.
            if let (Outcome::Win, Some(plies)) = (analysis.value.outcome, analysis.value.remoteness)
            {
                assert_eq!(
                    analysis.pv.len(),
                    plies as usize,
                    "{what}: {:?}",
                    analysis.pv
                );
                decided_lines += 1;
            }
        }
    }
    assert!(decided_lines >= 2, "{decided_lines} decided lines");
}

#[test]
fn heuristic_lines_are_legal() {
    let mut searcher = Searcher::<Mnk>::new(1).with_knowledge(MnkKnowledge);
    let game = Mnk::new(6, 6, 4).expect("a board");
    let mut longest = 0;
    for depth in 1..=4 {
        let scores = searcher.heuristic_scores(&game, depth);
        let &(first, _) = scores.iter().max_by_key(|(_, s)| *s).expect("moves");
        let line = searcher.line_after(first);
        let analysis = Analysis {
            value: Value::unknown(),
            moves: Vec::new(),
            stats: None,
            depth: Some(depth),
            pv: line,
        };
        replay(&game, &analysis, &format!("depth {depth}"));
        assert_eq!(analysis.pv[0], first);
        assert!(analysis.pv.len() <= depth as usize);
        longest = longest.max(analysis.pv.len());
    }
    assert_eq!(longest, 4, "the deepest search's line reaches its horizon");
}
