//! `ply play mnk --opening swap2`: a person plays the swap2 opening
//! against the computer (or another person) through standard input: three
//! stones, then swap, one stone or two more, then the first player's
//! choice; the game goes on with the colours settled.

use crate::support::ply;

const GOMOKU: [&str; 6] = ["play", "mnk", "--size", "15", "--k", "5"];

fn play(players: &str, input: &str) -> String {
    let mut args = GOMOKU.to_vec();
    args.extend_from_slice(&[
        "--opening",
        "swap2",
        "--players",
        players,
        "--move-time",
        "200",
    ]);
    let run = ply(&args, input);
    run.assert_ok();
    run.stdout
}

/// The squares after "NAME places " on the line that has them.
fn placed(out: &str, name: &str) -> Vec<Vec<String>> {
    let prefix = format!("{name} places ");
    out.lines()
        .filter_map(|line| line.strip_prefix(&prefix))
        .map(|rest| rest.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn the_computer_opens_and_the_person_swaps() {
    let out = play("computer,human", "swap\n");
    let stones = placed(&out, "computer");
    assert_eq!(stones[0].len(), 3, "{out}");
    let mut distinct = stones[0].clone();
    distinct.dedup();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "three different squares: {out}");
    assert!(out.contains("human takes X."), "{out}");
    // Now the person is X and the computer, as O, moves next.
    let after = out.split("human takes X.").nth(1).expect("after the swap");
    assert!(after.contains("O plays "), "{out}");
    assert!(after.contains("X to move>"), "{out}");
}

#[test]
fn two_more_stones_leave_the_choice_to_the_computer() {
    let out = play("computer,human", "a1 o15\n");
    assert!(out.contains("human places a1 o15"), "{out}");
    // The computer takes X, or plays an O stone and takes O.
    let took_x = out.contains("computer takes X.");
    let took_o = out.contains("computer takes O.");
    assert!(took_x != took_o, "{out}");
    if took_o {
        let stones = placed(&out, "computer");
        assert_eq!(stones.len(), 2, "{out}");
        assert_eq!(stones[1].len(), 1, "{out}");
        // The person is X now and moves next.
        assert!(
            out.trim_end().ends_with("X to move> \nGame abandoned."),
            "{out}"
        );
    } else {
        // The person, O, moves next.
        assert!(out.contains("O to move>"), "{out}");
    }
}

#[test]
fn the_person_opens_and_refusals_keep_the_board() {
    // Two stones are refused, a taken square too (and none of its stones
    // stays), then three are placed; the computer answers.
    let out = play("human,computer", "h8 j9\nh8 h8 g7\nh8 j9 g7\n");
    assert!(out.contains("Refused: type three stones (X O X)."), "{out}");
    assert!(out.contains("Illegal:"), "{out}");
    assert_eq!(placed(&out, "human"), [["h8", "j9", "g7"]], "{out}");
    let answered = out.contains("computer takes X.")
        || out.contains("computer takes O.")
        || placed(&out, "computer")
            .first()
            .is_some_and(|s| s.len() == 2);
    assert!(answered, "{out}");
}

#[test]
fn two_people_settle_the_colours() {
    // A opens, B places two more, A plays an O stone and so takes O: the
    // seats change places and B, now X, moves next.
    let out = play("human,human", "h8 j9 g7\na1 o15\nk10\n");
    assert!(out.contains("human places k10"), "{out}");
    assert!(out.contains("human takes O."), "{out}");
    assert!(
        out.trim_end().ends_with("X to move> \nGame abandoned."),
        "{out}"
    );
    // Swap is no answer to the opening's three stones; quit ends it.
    let out = play("human,human", "swap\nquit\n");
    assert!(out.contains("Refused"), "{out}");
    assert!(out.contains("Game abandoned."), "{out}");
}

#[test]
fn swap2_wants_a_gomoku_board() {
    let run = ply(
        &[
            "play",
            "mnk",
            "--opening",
            "swap2",
            "--players",
            "human,computer",
        ],
        "",
    );
    run.assert_user_error("board larger than 8x8");
}

/// An engine program has no swap2 exchange to referee: refused before it
/// starts and before the opening is shown (it was refused only at its
/// first opening turn, after the board and the other seat's stones).
#[test]
fn an_engine_program_is_refused_before_the_opening_starts() {
    for players in [
        "pbrain:no-such-engine,computer",
        "computer,pbrain:no-such-engine",
    ] {
        let mut args = GOMOKU.to_vec();
        args.extend_from_slice(&["--opening", "swap2", "--players", players]);
        let run = ply(&args, "");
        run.assert_user_error("cannot play the colour opening (--opening)");
        assert!(run.stdout.is_empty(), "{players}: {}", run.stdout);
    }
}
