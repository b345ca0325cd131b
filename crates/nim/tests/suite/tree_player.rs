//! The Nim request's computer plays from the marked tree: it moves to a
//! child the marks say wins, as the request's example does (from 121 to
//! 101), agrees with Bouton's rule on every position of 1,2,3 and 3,4,5,
//! and falls back to Bouton's rule past the tree's limit.

use ply_engine::{Game, Notation, Outcome, Player};
use ply_nim::{bouton_best_move, bouton_value, Nim, TreePlayer};

#[test]
fn the_requests_example_moves_from_121_to_101() {
    let position = Nim::new(&[1, 2, 1], false);
    let choice = TreePlayer.choose(&position);
    let mut next = position.clone();
    next.play(choice.mv);
    assert_eq!(
        next.rows(),
        &[1, 0, 1],
        "{}",
        position.format_move(choice.mv)
    );
    assert_eq!(choice.value.map(|v| v.outcome), Some(Outcome::Win));
}

/// Every position reachable from `start`, the start included.
fn reachable(start: &Nim) -> Vec<Nim> {
    let mut all = vec![start.clone()];
    let mut i = 0;
    while i < all.len() {
        let mut moves = Vec::new();
        all[i].generate_moves(&mut moves);
        for mv in moves {
            let mut next = all[i].clone();
            next.play(mv);
            if !all
                .iter()
                .any(|p| p.rows() == next.rows() && p.to_move() == next.to_move())
            {
                all.push(next);
            }
        }
        i += 1;
    }
    all
}

#[test]
fn the_tree_wins_wherever_bouton_says_the_position_is_won() {
    for misere in [false, true] {
        for start in [[1u16, 2, 3], [3, 4, 5]] {
            for position in reachable(&Nim::new(&start, misere)) {
                if position.result().is_some() {
                    continue;
                }
                let choice = TreePlayer.choose(&position);
                let mut next = position.clone();
                next.play(choice.mv);
                let won = bouton_value(position.rows(), misere).outcome == Outcome::Win;
                let leaves_a_loss = next.result().is_some()
                    || bouton_value(next.rows(), misere).outcome == Outcome::Lose;
                if won {
                    assert!(
                        leaves_a_loss || (misere && next.result().is_some()),
                        "{:?} misere {misere}: {:?}",
                        position.rows(),
                        next.rows()
                    );
                    assert_eq!(choice.value.map(|v| v.outcome), Some(Outcome::Win));
                }
            }
        }
    }
}

#[test]
fn past_the_trees_limit_bouton_chooses() {
    let big = Nim::new(&[65535, 65535, 3], false);
    let choice = TreePlayer.choose(&big);
    assert_eq!(Some(choice.mv), bouton_best_move(&big));
    let mut next = big.clone();
    next.play(choice.mv);
    assert_eq!(bouton_value(next.rows(), false).outcome, Outcome::Lose);
}
