//! The prover (`ply_mnk::prove`) against the exact alpha-beta solver on
//! small boards, its relevance zones against the solver too, and the
//! literature's values on mid-size boards.
//!
//! The heavy proofs are ignored tests:
//! `cargo test --release -p ply-mnk --test suite -- --ignored proof::`.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use ply_engine::{Game, Notation, Outcome, Searcher, Side};
use ply_mnk::{prove, prove_with, ProofMethod, ProvedValue, Prover, ProverBudget};
use ply_mnk::{Mnk, MnkKnowledge};

fn board(rows: u8, cols: u8, k: u8) -> Mnk {
    Mnk::new(rows, cols, k).expect("a valid board")
}

fn proved(game: &Mnk) -> ProvedValue {
    let budget = ProverBudget {
        nodes: Some(50_000_000),
        time: None,
    };
    prove(game, budget)
        .expect("a proof within the budget")
        .value
}

/// The value by one method alone (`dfs_below` 0: df-pn all the way
/// down), from a prover per attacker.
fn value_by(game: &Mnk, method: ProofMethod, dfs_below: u32) -> ProvedValue {
    let mover = game.to_move();
    match game.status() {
        ply_mnk::Status::Won(side) if side == mover => ProvedValue::Win,
        ply_mnk::Status::Won(_) => ProvedValue::Loss,
        ply_mnk::Status::Drawn => ProvedValue::Draw,
        ply_mnk::Status::Playing => {
            let wins = |attacker: Side| {
                let mut prover = Prover::new(attacker);
                prover.method = method;
                prover.dfs_below = dfs_below;
                prover.attacker_wins(game).expect("no budget")
            };
            if wins(mover) {
                ProvedValue::Win
            } else if wins(mover.opponent()) {
                ProvedValue::Loss
            } else {
                ProvedValue::Draw
            }
        }
    }
}

fn solved(searcher: &mut Searcher<Mnk, MnkKnowledge>, game: &Mnk) -> ProvedValue {
    match searcher.solve(game).outcome {
        Outcome::Win => ProvedValue::Win,
        Outcome::Lose => ProvedValue::Loss,
        Outcome::Draw => ProvedValue::Draw,
        other => panic!("the solver gave {other:?}"),
    }
}

/// Random positions with at most `empty` empty squares, game not over.
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

/// Every board up to 5x4 (and 4x5) for every k, from the empty board.
#[test]
fn prover_agrees_with_alpha_beta_on_every_small_board() {
    let mut boards = 0;
    for rows in 1..=5u8 {
        for cols in 1..=5u8 {
            if rows * cols > 20 {
                continue;
            }
            for k in 1..=rows.max(cols) {
                let game = board(rows, cols, k);
                // A fresh table: its keys name the stones, not the board.
                let mut searcher = Searcher::<Mnk>::new(4).with_knowledge(MnkKnowledge);
                let expected = solved(&mut searcher, &game);
                assert_eq!(proved(&game), expected, "({rows},{cols},{k})");
                for method in [ProofMethod::DfPn, ProofMethod::Dfs] {
                    assert_eq!(
                        value_by(&game, method, 0),
                        expected,
                        "({rows},{cols},{k}) by {method:?}"
                    );
                }
                boards += 1;
            }
        }
    }
    assert!(boards > 60, "only {boards} boards");
}

/// Random positions on boards up to 5x5, from both sides' view.
#[test]
fn prover_agrees_with_alpha_beta_on_random_positions() {
    let boards = [
        ((3, 3, 3), 8, 40),
        ((4, 4, 3), 12, 60),
        ((4, 4, 4), 14, 60),
        ((5, 4, 4), 16, 60),
        ((4, 5, 3), 15, 60),
        ((5, 5, 4), 17, 60),
        ((5, 5, 3), 18, 40),
        ((3, 6, 3), 14, 60),
    ];
    let mut seen = [0usize; 3];
    for ((rows, cols, k), empty, count) in boards {
        let start = board(rows, cols, k);
        let mut searcher = Searcher::<Mnk>::new(16).with_knowledge(MnkKnowledge);
        for game in random_positions(
            &start,
            empty,
            count,
            rows as u64 * 17 + cols as u64 + k as u64,
        ) {
            let expected = solved(&mut searcher, &game);
            seen[expected as usize] += 1;
            assert_eq!(
                proved(&game),
                expected,
                "({rows},{cols},{k}) {}",
                game.format_position()
            );
            for method in [ProofMethod::DfPn, ProofMethod::Dfs] {
                assert_eq!(
                    value_by(&game, method, 0),
                    expected,
                    "({rows},{cols},{k}) {} by {method:?}",
                    game.format_position()
                );
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 20), "values met: {seen:?}");
}

/// The attacker's search of continuous fours changes no answer.
#[test]
fn threat_search_agrees_with_alpha_beta() {
    let mut checked = 0;
    for ((rows, cols, k), empty) in [
        ((5, 5, 4), 17),
        ((4, 5, 3), 14),
        ((5, 5, 5), 16),
        ((6, 3, 3), 13),
    ] {
        let start = board(rows, cols, k);
        let mut searcher = Searcher::<Mnk>::new(16).with_knowledge(MnkKnowledge);
        for game in random_positions(&start, empty, 50, rows as u64 + 3 * k as u64) {
            for attacker in Side::BOTH {
                let mut prover = Prover::new(attacker);
                prover.use_vcf = true;
                prover.dfs_below = 0;
                if checked % 2 == 1 {
                    prover.method = ProofMethod::Dfs;
                }
                let wins = prover.attacker_wins(&game).expect("no budget");
                assert_eq!(
                    wins,
                    attacker_wins(&mut searcher, &game, attacker),
                    "({rows},{cols},{k}) {} for {attacker:?}",
                    game.format_position()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 400);
}

/// Whether `attacker` wins `game` by the exact solver.
fn attacker_wins(searcher: &mut Searcher<Mnk, MnkKnowledge>, game: &Mnk, attacker: Side) -> bool {
    match game.status() {
        ply_mnk::Status::Won(side) => side == attacker,
        ply_mnk::Status::Drawn => false,
        ply_mnk::Status::Playing => {
            let value = solved(searcher, game);
            if game.to_move() == attacker {
                value == ProvedValue::Win
            } else {
                value == ProvedValue::Loss
            }
        }
    }
}

/// `game` with the attacker's stones on `squares` and as many defender
/// stones on random other squares, played in turn (so the side to move
/// ends as it began, unless the game ends first).
fn grow(game: &Mnk, attacker: Side, squares: &[u8], rng: &mut StdRng) -> Mnk {
    let mut grown = game.clone();
    let (mut mine, mut theirs) = (0, 0);
    while grown.result().is_none() {
        if grown.to_move() == attacker {
            let Some(&sq) = squares.get(mine) else { break };
            mine += 1;
            grown.play(sq);
        } else {
            if theirs == squares.len() {
                break;
            }
            theirs += 1;
            let mut moves = Vec::new();
            grown.generate_moves(&mut moves);
            moves.retain(|m| !squares.contains(m));
            let Some(&reply) = moves.choose(rng) else {
                break;
            };
            grown.play(reply);
        }
    }
    grown
}

/// The zone's promise, checked by the exact solver: attacker stones added
/// outside the zone (with as many defender stones anywhere, so the side to
/// move stays the same) never give the attacker a win.
#[test]
fn relevance_zones_keep_their_promise() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut checked = 0;
    let mut small = 0;
    for (rows, cols, k) in [
        (4, 4, 4),
        (5, 4, 4),
        (5, 5, 4),
        (4, 5, 3),
        (5, 5, 5),
        (3, 6, 4),
    ] {
        let start = board(rows, cols, k);
        let mut searcher = Searcher::<Mnk>::new(16).with_knowledge(MnkKnowledge);
        for game in random_positions(&start, 16, 60, rows as u64 * 3 + cols as u64 + k as u64) {
            for (attacker, method) in Side::BOTH
                .into_iter()
                .flat_map(|side| [(side, ProofMethod::DfPn), (side, ProofMethod::Dfs)])
            {
                let mut prover = Prover::new(attacker);
                prover.method = method;
                prover.dfs_below = 0;
                let Some(Some(zone)) = prover.defender_zone(&game) else {
                    continue;
                };
                assert!(!attacker_wins(&mut searcher, &game, attacker));
                let outside = game.empty_squares() & !zone;
                if outside == 0 {
                    continue;
                }
                if outside.count_ones() * 2 > game.empty_squares().count_ones() {
                    small += 1;
                }
                let outside: Vec<u8> = (0..64).filter(|i| outside >> i & 1 == 1).collect();
                for _ in 0..4 {
                    let mut chosen = outside.clone();
                    chosen.shuffle(&mut rng);
                    chosen.truncate(rng.gen_range(1..=4usize).min(outside.len()));
                    let grown = grow(&game, attacker, &chosen, &mut rng);
                    let over = grown.result().is_some();
                    if !over && grown.to_move() != game.to_move() {
                        continue;
                    }
                    assert!(
                        !attacker_wins(&mut searcher, &grown, attacker),
                        "{method:?} zone of {} for {attacker:?} broken by {}",
                        game.format_position(),
                        grown.format_position()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 300, "only {checked} grown positions checked");
    assert!(small > 20, "only {small} zones smaller than half the board");
}

/// df-pn with a table far too small for the search (entries thinned
/// again and again) and with the plain search below a few empty squares
/// still gives alpha-beta's answers.
#[test]
fn small_tables_and_the_hybrid_keep_the_answers() {
    let mut checked = 0;
    for ((rows, cols, k), empty) in [((5, 5, 4), 18), ((4, 5, 3), 15), ((5, 4, 4), 16)] {
        let start = board(rows, cols, k);
        let mut searcher = Searcher::<Mnk>::new(16).with_knowledge(MnkKnowledge);
        for game in random_positions(&start, empty, 30, rows as u64 * 7 + k as u64) {
            for attacker in Side::BOTH {
                let expected = attacker_wins(&mut searcher, &game, attacker);
                for (entries, dfs_below) in [(64, 0), (1 << 20, 8)] {
                    let mut prover = Prover::new(attacker);
                    prover.set_table_entries(entries);
                    prover.dfs_below = dfs_below;
                    assert_eq!(
                        prover.attacker_wins(&game),
                        Some(expected),
                        "({rows},{cols},{k}) {} for {attacker:?}, {entries} entries",
                        game.format_position()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 300);
}

/// Quick literature values: (6,6,4) and (7,5,4) are first-player wins,
/// (6,6,5) a draw; with the small ones the solver's table already holds.
#[test]
fn known_values_of_mid_size_boards() {
    for ((rows, cols, k), value) in [
        ((3, 3, 3), ProvedValue::Draw),
        ((4, 4, 3), ProvedValue::Win),
        ((5, 5, 4), ProvedValue::Draw),
        ((6, 5, 4), ProvedValue::Win),
        ((6, 6, 4), ProvedValue::Win),
        ((7, 5, 4), ProvedValue::Win),
        ((5, 7, 4), ProvedValue::Win),
        ((6, 6, 5), ProvedValue::Draw),
        ((7, 6, 5), ProvedValue::Draw),
    ] {
        assert_eq!(proved(&board(rows, cols, k)), value, "({rows},{cols},{k})");
    }
}

fn timed_proof(rows: u8, cols: u8, k: u8, limit: Duration, method: ProofMethod) -> ProvedValue {
    let budget = ProverBudget {
        nodes: None,
        time: Some(limit),
    };
    let proof = prove_with(&board(rows, cols, k), budget, method, false)
        .expect("a proof within the time limit");
    eprintln!(
        "({rows},{cols},{k}) by {method}: {} in {:.2} s, {} nodes",
        proof.value,
        proof.elapsed.as_secs_f64(),
        proof.nodes
    );
    proof.value
}

/// (8,4,4) is a draw: `cargo test --release -p ply-mnk --test suite --
/// --ignored proof::eight_by_four`.
#[test]
#[ignore]
fn eight_by_four_k4_is_a_draw() {
    assert_eq!(
        timed_proof(8, 4, 4, Duration::from_secs(600), ProofMethod::DfPn),
        ProvedValue::Draw
    );
}

/// (7,7,5) is a draw (Hsu et al. 2020): `cargo test --release -p ply-mnk
/// --test suite -- --ignored proof::seven_by_seven`.
#[test]
#[ignore]
fn seven_by_seven_k5_is_a_draw() {
    assert_eq!(
        timed_proof(7, 7, 5, Duration::from_secs(600), ProofMethod::DfPn),
        ProvedValue::Draw
    );
}

/// The same two by the plain depth-first search, for comparison:
/// `cargo test --release -p ply-mnk --test suite -- --ignored proof::by_dfs`.
#[test]
#[ignore]
fn eight_by_four_and_seven_by_seven_by_dfs() {
    for (rows, cols, k) in [(8, 4, 4), (7, 7, 5)] {
        assert_eq!(
            timed_proof(rows, cols, k, Duration::from_secs(600), ProofMethod::Dfs),
            ProvedValue::Draw
        );
    }
}
