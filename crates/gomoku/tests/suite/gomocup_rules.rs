//! `ply gomocup`'s brain under each `INFO rule`: whole games between two
//! brains refereed by a board of that rule (every move legal, black never
//! on a forbidden point under renju), and the positions each rule refuses.

use ply_gomoku::protocol::Brain;
use ply_gomoku::{Board, Move, Rule, Stone};

/// The lines a brain answers, without its `MESSAGE` lines.
fn answer(brain: &mut Brain, line: &str) -> Vec<String> {
    brain
        .handle(line)
        .lines
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect()
}

fn parse_move(reply: &[String]) -> Move {
    assert_eq!(reply.len(), 1, "{reply:?}");
    let (x, y) = reply[0].split_once(',').expect("x,y");
    Move::new(x.parse().expect("x"), y.parse().expect("y"))
}

fn brain(rule: u32) -> Brain {
    let mut brain = Brain::new();
    assert!(answer(&mut brain, &format!("INFO rule {rule}")).is_empty());
    assert!(answer(&mut brain, "INFO timeout_turn 60").is_empty());
    assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
    brain
}

/// A game between two brains under `INFO rule {number}`, refereed by a
/// board of `rule`: returns the winner (or `None` after `plies`).
fn refereed_game(number: u32, rule: Rule, plies: usize) -> Option<Stone> {
    let mut black = brain(number);
    let mut white = brain(number);
    let mut referee = Board::new(15, 15, 5, rule).expect("15 x 15");
    let mut mv = parse_move(&answer(&mut black, "BEGIN"));
    let mut stone = Stone::Black;
    for ply in 0..plies {
        assert!(
            referee.is_legal(mv, stone),
            "rule {number} ply {ply}: {mv} for {stone:?}: {:?}",
            referee.foul(mv)
        );
        referee.play(mv, stone).expect("legal");
        if referee.winner().is_some() || referee.is_full() {
            break;
        }
        let next = if stone == Stone::Black {
            &mut white
        } else {
            &mut black
        };
        mv = parse_move(&answer(next, &format!("TURN {},{}", mv.x, mv.y)));
        stone = stone.opponent();
    }
    referee.winner()
}

#[test]
fn whole_games_under_every_rule() {
    for (number, rule) in [
        (4, Rule::Renju),
        (8, Rule::Caro),
        (1, Rule::Exact),
        (0, Rule::Freestyle),
    ] {
        refereed_game(number, rule, 80);
    }
}

/// Black (the opponent) threatens five on f13, so the brain (white) must
/// block there; black's i8 k8 h9 h11 make h8 a double three.
fn a_forbidden_turn(rule: u32) -> Vec<String> {
    let mut brain = brain(rule);
    assert!(answer(&mut brain, "BOARD").is_empty());
    for (x, y, field) in [
        (8, 7, 2),
        (10, 7, 2),
        (7, 8, 2),
        (7, 10, 2),
        (1, 12, 2),
        (2, 12, 2),
        (3, 12, 2),
        (4, 12, 2),
        (0, 12, 1),
        (14, 0, 1),
        (14, 2, 1),
        (14, 4, 1),
        (14, 6, 1),
        (14, 8, 1),
        (14, 10, 1),
    ] {
        assert!(answer(&mut brain, &format!("{x},{y},{field}")).is_empty());
    }
    assert_eq!(answer(&mut brain, "DONE"), ["5,12"], "the forced block");
    answer(&mut brain, "TURN 7,7")
}

#[test]
fn a_turn_on_a_forbidden_point_is_refused_under_renju_only() {
    assert_eq!(
        a_forbidden_turn(4),
        ["ERROR 7,7 is forbidden for black under renju: a double three (7,7-10,7 row and 7,7-7,10 column)"]
    );
    for rule in [0, 1, 8] {
        let reply = a_forbidden_turn(rule);
        assert!(!reply[0].starts_with("ERROR"), "rule {rule}: {reply:?}");
    }
}

/// A position where the opponent (field 2) has `theirs` and we have
/// `ours`, answered under `INFO rule {rule}`.
fn board_reply(rule: u32, ours: &[(u32, u32)], theirs: &[(u32, u32)]) -> Vec<String> {
    let mut brain = brain(rule);
    assert!(answer(&mut brain, "BOARD").is_empty());
    for (cells, field) in [(ours, 1), (theirs, 2)] {
        for (x, y) in cells {
            assert!(answer(&mut brain, &format!("{x},{y},{field}")).is_empty());
        }
    }
    answer(&mut brain, "DONE")
}

#[test]
fn each_rule_judges_a_board_by_its_own_lines() {
    // The opponent's d8-h8 between two of our stones: over, except caro.
    let ours = [(2, 7), (8, 7), (0, 0), (0, 2), (0, 4)];
    let theirs = [(3, 7), (4, 7), (5, 7), (6, 7), (7, 7)];
    for rule in [0, 1, 4] {
        let reply = board_reply(rule, &ours, &theirs);
        assert!(
            reply[0].starts_with("ERROR the game is over"),
            "rule {rule}: {reply:?}"
        );
    }
    let reply = board_reply(8, &ours, &theirs);
    assert!(!reply[0].starts_with("ERROR"), "{reply:?}");
    // Six in a row: a win freestyle and caro, none with exactly five, and
    // under renju a forbidden point black played (the opponent, who began).
    let ours = [(0, 0), (0, 2), (0, 4), (0, 6), (0, 8)];
    let theirs = [(3, 7), (4, 7), (5, 7), (6, 7), (7, 7), (8, 7)];
    for rule in [0, 8] {
        let reply = board_reply(rule, &ours, &theirs);
        assert!(
            reply[0].starts_with("ERROR the game is over"),
            "rule {rule}: {reply:?}"
        );
    }
    let reply = board_reply(1, &ours, &theirs);
    assert!(!reply[0].starts_with("ERROR"), "{reply:?}");
    let reply = board_reply(4, &ours, &theirs);
    assert!(reply[0].starts_with("ERROR black has six"), "{reply:?}");
}

#[test]
fn exactly_five_caro_is_refused_and_played_as_caro() {
    let mut brain = Brain::new();
    let reply = answer(&mut brain, "INFO rule 9");
    assert!(
        reply[0].starts_with("ERROR caro with exactly five"),
        "{reply:?}"
    );
    assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
}
