//! The menu (`ply` alone) driven through standard input: who moves first
//! against which computer (issue 12, point 8), the sides two people choose,
//! and Nim played as five traced games (point 11).

use crate::support;

use support::ply;

/// The menu with `answers` typed, checked to end cleanly.
fn menu(answers: &str) -> String {
    let run = ply(&[], answers);
    run.assert_ok();
    run.stdout
}

/// The rule-based player moving first: no line to complete
/// or block before its third turn, so the centre, then the first free of
/// b1, a2, c2, b3 (its `getMake2`: boxes 5, 2, 4, 6, 8).
#[test]
fn you_can_move_second_against_the_rule_based_player() {
    let out = menu("tictactoe\n2\n3\na1\n");
    assert!(out.contains("you play O"), "{out}");
    let centre = out.find("X plays b2").expect("the centre first");
    let reply = out.find("O to move> a1").expect("the person plays O");
    let edge = out.find("X plays b1").expect("then the first free edge");
    assert!(centre < reply && reply < edge, "{out}");
    assert!(out.contains("Game abandoned."), "{out}");
}

#[test]
fn you_can_move_first_against_the_rule_based_player() {
    // The person takes the centre; the rule-based O takes b1, the first
    // free of its preferred edges.
    let out = menu("1\n1\n3\nb2\n");
    let mine = out.find("X to move> b2").expect("the person plays X");
    let edge = out.find("O plays b1").expect("the rule-based reply");
    assert!(mine < edge, "{out}");
}

#[test]
fn the_default_answers_are_you_first_against_the_strongest() {
    let out = menu("1\n\n\nb2\n");
    assert!(out.contains("Who plays? [1] \n"), "{out}");
    assert!(out.contains("X to move> b2"), "{out}");
    // The perfect reply to the centre is a corner.
    let reply = out.split("O plays ").nth(1).expect("O replies");
    assert!(
        ["a1", "c1", "a3", "c3"]
            .iter()
            .any(|c| reply.starts_with(c)),
        "{out}"
    );
}

#[test]
fn a_level_is_asked_for_and_checked() {
    let out = menu("1\n2\n4\n0\n65\nx\n1\n");
    assert_eq!(out.matches("is not one of the choices").count(), 3, "{out}");
    assert!(out.contains("Level (1 to 64): 1\n"), "{out}");
    assert!(out.contains("X plays "), "{out}");
}

#[test]
fn a_computer_that_cannot_play_the_game_is_refused_and_asked_again() {
    let out = menu("othello\n1\n2\n3\nq\n");
    assert!(
        out.contains("Not available here: perfect play needs at most"),
        "{out}"
    );
    assert_eq!(out.matches("Which computer? [1] ").count(), 2, "{out}");
    assert!(out.contains("black (X) to move> q"), "{out}");
}

#[test]
fn two_people_choose_their_sides() {
    let out = menu("othello\n3\n2\nq\n");
    assert!(
        out.contains("person B plays black (X) and moves first; person A plays white (O)."),
        "{out}"
    );
    // In tic-tac-toe person A takes O; X (person B) wins down column a.
    let out = menu("1\n3\n2\na1\nb1\na2\nb2\na3\n");
    assert!(out.contains("person B wins as X."), "{out}");
}

#[test]
fn the_computer_can_play_itself() {
    let out = menu("1\n4\n\n");
    assert!(out.contains("The game is a draw."), "{out}");
}

/// The rows of a trace's board, `board is (23)`: three rows of 0-9 in
/// digit-rows notation, leading zeros dropped.
fn board(line: &str) -> Option<[u16; 3]> {
    let digits = line.strip_prefix("board is (")?.split(')').next()?;
    let padded = format!("{digits:0>3}");
    let mut rows = [0u16; 3];
    for (row, c) in rows.iter_mut().zip(padded.chars()) {
        *row = c.to_digit(10)? as u16;
    }
    Some(rows)
}

/// What a trace line says was taken: (row, count), from the trace's words.
fn taken(line: &str) -> Option<(usize, u16)> {
    let what = line.split(" removes ").nth(1)?;
    let row = ["top row", "middle row", "bottom row"]
        .iter()
        .position(|name| what.contains(name))?;
    let count = what
        .split('(')
        .nth(1)?
        .split([')', ' '])
        .next()?
        .parse()
        .ok()?;
    Some((row, count))
}

/// Nim from the menu is the traced program: five games from 123, the
/// person first against the perfect computer, every move traced; the
/// trace is read back here and each line's board follows from the move it
/// describes.
#[test]
fn nim_in_the_menu_is_five_traced_games() {
    let cycle = "1:1\n2:1\n3:1\n2:2\n3:2\n3:3\n";
    let out = menu(&format!("nim\n\n\n\n{}", cycle.repeat(80)));
    assert_eq!(
        out.matches("board is (123)    initial board").count(),
        5,
        "{out}"
    );
    assert!(out.contains("Game 5 of 5"), "{out}");
    // 1,2,3 is lost for the player to move: the computer wins all five.
    assert_eq!(out.matches("\ncomputer wins ").count(), 5, "{out}");
    assert!(
        out.contains("Score after 5 games: human (player 1) 0 - computer (player 2) 5"),
        "{out}"
    );
    let mut rows = [1u16, 2, 3];
    let mut moves = 0;
    for line in out.lines() {
        if line.starts_with("board is (123)") {
            rows = [1, 2, 3];
            continue;
        }
        let Some((row, count)) = taken(line) else {
            continue;
        };
        moves += 1;
        let entire = line.contains("removes entire");
        assert_eq!(entire, rows[row] == count, "{line}");
        rows[row] -= count;
        if line.starts_with("computer wins") {
            assert_eq!(rows, [0, 0, 0], "{line}");
        } else {
            assert_eq!(board(line), Some(rows), "{line}");
        }
        let mover = if moves % 2 == 1 { "player" } else { "computer" };
        assert!(line.contains(&format!("  {mover} removes ")), "{line}");
        if line.starts_with("computer wins") {
            moves = 0;
        }
    }
}

#[test]
fn nim_in_the_menu_takes_any_start_but_an_empty_one() {
    let out = menu("nim\n000\n3,4,5\n2\n\n");
    assert!(
        out.contains("Refused: --heaps '000': every row is empty"),
        "{out}"
    );
    assert!(out.contains("board is (345)    initial board"), "{out}");
    // 3,4,5 is won for the player to move: the computer, moving first,
    // takes 2 from the top row (3 xor 4 xor 5 = 2).
    assert!(
        out.contains("board is (145)    computer removes two (2) items from top row"),
        "{out}"
    );
}

/// The (n,k) game in the menu asks, as its original program did, for the
/// board size n, for k and for the depth limit; an impossible k is refused
/// and asked again, and the computer then searches to that depth only
/// (on 5 x 5 with k = 4, three plies decide nothing: "UNDECIDED").
#[test]
fn the_nk_game_in_the_menu_asks_for_n_k_and_the_depth() {
    let out = menu("mnk\n5\n9\n5\n4\n3\n1\n1\nc3\n");
    assert!(
        out.contains("Refused: --k must be between 1 and 5"),
        "{out}"
    );
    assert!(out.contains("Depth limit"), "{out}");
    assert!(
        out.contains("    a   b   c   d   e\n"),
        "a 5 x 5 board: {out}"
    );
    assert!(!out.contains("   f"), "no sixth column: {out}");
    assert!(
        out.contains("O plays") && out.contains("score 1 (UNDECIDED)"),
        "{out}"
    );
    // Enter keeps every default: tic-tac-toe's 3 x 3 with no depth limit,
    // where the strongest computer proves its values.
    let defaults = menu("mnk\n\n\n\n1\n1\nb2\n");
    assert!(defaults.contains("    a   b   c\n"), "{defaults}");
    assert!(
        defaults.contains("O plays") && defaults.contains("(DRAW)"),
        "{defaults}"
    );
}

/// The menu offers the learning player (the Nim request's game "is
/// amenable to learning"): it plays, in memory, from its first game on.
#[test]
fn the_menu_offers_the_learning_player() {
    let out = menu("nim\n\n\n5\n1:1\n");
    assert!(out.contains("5) a learner"), "{out}");
    assert!(out.contains("computer removes"), "the learner moved: {out}");
}
