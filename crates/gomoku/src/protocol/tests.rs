//! The protocol's tests: the brain driven line by line, no process.
use super::clock::FASTEST_MS;
use super::*;

fn answer(brain: &mut Brain, line: &str) -> Vec<String> {
    brain
        .handle(line)
        .lines
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect()
}

#[test]
fn a_short_session() {
    let mut brain = Brain::new();
    assert_eq!(answer(&mut brain, "TURN 1,1"), ["ERROR TURN before START"]);
    assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
    assert!(answer(&mut brain, "INFO timeout_turn 100").is_empty());
    let first = answer(&mut brain, "BEGIN");
    assert_eq!(first, ["7,7"], "an empty board is opened in the centre");
    assert!(answer(&mut brain, "TURN 7,7")[0].starts_with("ERROR"));
    let reply = answer(&mut brain, "TURN 8,8");
    assert_eq!(reply.len(), 1);
    assert!(parse_pair(&reply[0]).is_some(), "{reply:?}");
    assert_eq!(answer(&mut brain, "TAKEBACK 8,8"), ["OK"]);
    assert!(answer(&mut brain, "ABOUT")[0].starts_with("name=\"ply\""));
    assert!(answer(&mut brain, "frobnicate")[0].starts_with("UNKNOWN"));
    assert!(brain.handle("END").quit);
}

#[test]
fn board_takes_the_winning_cell() {
    let mut brain = Brain::new();
    assert_eq!(answer(&mut brain, "START 20"), ["OK"]);
    assert!(answer(&mut brain, "INFO timeout_turn 200").is_empty());
    for line in [
        "BOARD", "3,3,1", "4,3,1", "5,3,1", "6,3,1", "3,10,2", "4,10,2",
    ] {
        assert!(answer(&mut brain, line).is_empty(), "{line}");
    }
    for line in ["5,10,2", "6,10,2"] {
        assert!(answer(&mut brain, line).is_empty());
    }
    let reply = answer(&mut brain, "DONE");
    assert!(reply == ["7,3"] || reply == ["2,3"], "{reply:?}");
}

/// Issue 23, point 12: a huge turn time is a long think, never a
/// product that wraps around to a few milliseconds.
#[test]
fn huge_turn_times_think_long() {
    for value in [
        "4294967295",
        "2635249153387078803",
        "9223372036854775807",
        "18446744073709551615",
        "99999999999999999999",
    ] {
        let mut brain = Brain::new();
        let line = format!("INFO timeout_turn {value}");
        assert!(answer(&mut brain, &line).is_empty(), "{value}");
        let (budget, _) = brain.clock.budget();
        assert!(budget >= Duration::from_secs(3600), "{value}: {budget:?}");
        assert!(
            budget <= Duration::from_secs(24 * 3600),
            "{value}: {budget:?}"
        );
    }
}

/// Issue 23, point 12: squares in answers are `x,y` from 0.
#[test]
fn errors_name_squares_as_the_protocol_does() {
    let mut brain = Brain::new();
    assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
    assert!(answer(&mut brain, "INFO timeout_turn 100").is_empty());
    assert_eq!(answer(&mut brain, "BEGIN"), ["7,7"]);
    assert_eq!(
        answer(&mut brain, "TURN 7,7"),
        ["ERROR 7,7 is already taken"]
    );
    let off = answer(&mut brain, "TURN 300,7");
    assert_eq!(off.len(), 1);
    assert!(off[0].starts_with("ERROR 300,7 is off"), "{off:?}");
    for line in ["BOARD", "3,4,1", "3,4,2"] {
        assert!(answer(&mut brain, line).is_empty(), "{line}");
    }
    let reply = answer(&mut brain, "DONE");
    assert_eq!(reply[0], "ERROR 3,4 is already taken", "{reply:?}");
}

/// The cells of an answer line: `x,y` pairs separated by spaces.
fn cells(line: &str) -> Vec<(usize, usize)> {
    line.split_whitespace()
        .map(|cell| parse_pair(cell).unwrap_or_else(|| panic!("not x,y: {line}")))
        .collect()
}

fn swap2(brain: &mut Brain, stones: &[(usize, usize)]) -> Vec<String> {
    assert!(answer(brain, "SWAP2BOARD").is_empty());
    for (x, y) in stones {
        assert!(answer(brain, &format!("{x},{y}")).is_empty());
    }
    answer(brain, "DONE")
}

fn fresh(turn_ms: u32) -> Brain {
    let mut brain = Brain::new();
    assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
    let line = format!("INFO timeout_turn {turn_ms}");
    assert!(answer(&mut brain, &line).is_empty());
    brain
}

/// Every swap2 stage answers legally: three distinct stones on the
/// empty board; then SWAP, one free cell or two; after five SWAP or
/// one; and the game goes on with `TURN` from the position chosen.
#[test]
fn swap2_answers_every_stage_legally() {
    let mut brain = fresh(300);
    let opening = swap2(&mut brain, &[]);
    assert_eq!(opening.len(), 1, "{opening:?}");
    let three = cells(&opening[0]);
    assert_eq!(three.len(), 3, "{opening:?}");
    assert!(three[0] != three[1] && three[1] != three[2] && three[0] != three[2]);
    assert!(three.iter().all(|&(x, y)| x < 15 && y < 15));

    let mut brain = fresh(300);
    let reply = swap2(&mut brain, &three);
    assert_eq!(reply.len(), 1, "{reply:?}");
    let mut stones = three.clone();
    if reply[0] != "SWAP" {
        let added = cells(&reply[0]);
        assert!(matches!(added.len(), 1 | 2), "{reply:?}");
        for cell in &added {
            assert!(!stones.contains(cell), "{reply:?} on {stones:?}");
            stones.push(*cell);
        }
    }
    // The opponent moves next after SWAP and after a white stone; the
    // brain's answer is a free cell.
    if stones.len() != 5 {
        let free = (0..15)
            .flat_map(|x| (0..15).map(move |y| (x, y)))
            .find(|c| !stones.contains(c))
            .expect("a free cell");
        let next = answer(&mut brain, &format!("TURN {},{}", free.0, free.1));
        let mv = cells(&next[0]);
        assert_eq!(mv.len(), 1, "{next:?}");
        assert!(!stones.contains(&mv[0]) && mv[0] != free, "{next:?}");
    }

    let five = [(7, 7), (8, 8), (6, 8), (9, 6), (5, 9)];
    let mut brain = fresh(300);
    let reply = swap2(&mut brain, &five);
    assert_eq!(reply.len(), 1, "{reply:?}");
    if reply[0] != "SWAP" {
        let mv = cells(&reply[0]);
        assert_eq!(mv.len(), 1, "{reply:?}");
        assert!(!five.contains(&mv[0]), "{reply:?}");
    }
}

/// The choice follows the evaluation: black's open three in the
/// centre against two white stones in corners is taken (SWAP); white
/// to move with two stones side by side in the centre against black's
/// three in corners is played.
#[test]
fn swap2_takes_the_better_colour() {
    let mut brain = fresh(300);
    let black_three = [(6, 7), (0, 0), (7, 7), (14, 14), (8, 7)];
    assert_eq!(swap2(&mut brain, &black_three), ["SWAP"]);
    let mut brain = fresh(300);
    let white_two = [(0, 0), (7, 7), (14, 0), (8, 7), (0, 14)];
    let reply = swap2(&mut brain, &white_two);
    assert_eq!(reply.len(), 1, "{reply:?}");
    let mv = cells(&reply[0]);
    assert_eq!(mv.len(), 1, "{reply:?}");
    assert!(!white_two.contains(&mv[0]), "{reply:?}");
    let mut brain = fresh(300);
    let errors = swap2(&mut brain, &[(7, 7), (8, 8)]);
    assert!(
        errors[0].starts_with("ERROR") && errors[0].contains("0, 3 or 5"),
        "{errors:?}"
    );
    let mut brain = fresh(300);
    let taken = swap2(&mut brain, &[(7, 7), (7, 7), (8, 8)]);
    assert_eq!(taken, ["ERROR 7,7 is already taken"]);
    let mut brain = fresh(300);
    assert!(answer(&mut brain, "SWAP2BOARD").is_empty());
    assert!(answer(&mut brain, "seven")[0].starts_with("ERROR"));
}

/// The search explains itself before the move: one `MESSAGE` with the
/// depth, the score, the nodes and the principal variation (a legal
/// line from the position, the move first), the move the last line.
#[test]
fn the_message_line_has_the_principal_variation() {
    let mut brain = fresh(300);
    for line in [
        "BOARD", "7,7,1", "8,7,1", "9,7,1", "0,0,2", "14,0,2", "0,14,2",
    ] {
        assert!(brain.handle(line).lines.is_empty(), "{line}");
    }
    let reply = brain.handle("DONE").lines;
    assert_eq!(reply.len(), 2, "{reply:?}");
    let message = &reply[0];
    assert!(message.starts_with("MESSAGE depth "), "{message}");
    for word in [" score win in ", " nodes ", " pv "] {
        assert!(message.contains(word), "{message}");
    }
    let pv = cells(message.split(" pv ").nth(1).expect("a pv"));
    let mv = cells(&reply[1]);
    assert_eq!(pv.first(), mv.first(), "{reply:?}");
    let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("board");
    for (x, y) in [(7, 7), (8, 7), (9, 7)] {
        board.play(Move::new(x, y), Stone::Black).expect("free");
    }
    for (x, y) in [(0, 0), (14, 0), (0, 14)] {
        board.play(Move::new(x, y), Stone::White).expect("free");
    }
    let mut side = Stone::Black;
    for &(x, y) in &pv {
        assert!(board.winner().is_none(), "{pv:?}");
        board.play(Move::new(x, y), side).expect("a legal line");
        side = side.opponent();
    }
    assert_eq!(board.winner(), Some(Stone::Black), "{pv:?}");
}

/// The turn is used but for its margin, and a match clock's time is
/// shared out: a tenth of what is left at most, never all of it.
#[test]
fn budgets_follow_the_limits() {
    let mut brain = fresh(1000);
    let (hard, soft) = brain.clock.budget();
    assert_eq!(hard, Duration::from_millis(1000 - 30 - 50));
    assert!(soft < hard && soft >= hard / 2, "{soft:?}");
    for line in ["INFO timeout_match 60000", "INFO time_left 5000"] {
        assert!(answer(&mut brain, line).is_empty());
    }
    let (hard, soft) = brain.clock.budget();
    assert!(
        hard <= Duration::from_millis(500) && soft <= hard / 2,
        "{hard:?} {soft:?}"
    );
    assert!(answer(&mut brain, "INFO time_left 100").is_empty());
    let (hard, _) = brain.clock.budget();
    assert!(hard <= Duration::from_millis(10), "{hard:?}");
    assert!(answer(&mut brain, "INFO timeout_turn 0").is_empty());
    assert!(brain.clock.budget().0 <= Duration::from_millis(FASTEST_MS));
}

/// With a progress sink the search's iterations are shown as they end,
/// deeper each time, each with a legal line; the answer is unchanged:
/// its own MESSAGE, then the move last. Two seconds: only iterations
/// ending after 100 ms are shown, and on a machine busy with other tests
/// a shorter turn may complete none after that.
#[test]
fn progress_lines_come_while_the_search_runs() {
    use std::sync::{Arc, Mutex};
    let shown = Arc::new(Mutex::new(Vec::<String>::new()));
    let mut brain = fresh(2000);
    let sink = Arc::clone(&shown);
    brain.show_progress(Box::new(move |line| {
        sink.lock().expect("the lines").push(line.to_string());
    }));
    for line in ["BOARD", "7,7,1", "8,8,2", "6,8,1", "8,6,2"] {
        assert!(brain.handle(line).lines.is_empty(), "{line}");
    }
    let reply = brain.handle("DONE").lines;
    assert_eq!(reply.len(), 2, "{reply:?}");
    assert!(reply[0].starts_with("MESSAGE depth "));
    assert!(parse_pair(&reply[1]).is_some(), "{reply:?}");
    let shown = shown.lock().expect("the lines").clone();
    assert!(
        !shown.is_empty(),
        "a 2 s search shows its iterations: {reply:?}"
    );
    let depths: Vec<u32> = shown
        .iter()
        .map(|line| {
            assert!(
                line.starts_with("MESSAGE depth ") && line.contains(" pv "),
                "{line}"
            );
            line["MESSAGE depth ".len()..]
                .split(' ')
                .next()
                .and_then(|d| d.parse().ok())
                .expect("a depth")
        })
        .collect();
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    for line in &shown {
        let pv = cells(line.split(" pv ").nth(1).expect("a pv"));
        let taken = [(7, 7), (8, 8), (6, 8), (8, 6)];
        assert!(pv.iter().all(|c| !taken.contains(c)), "{line}");
    }
}

/// `INFO thread_num` sets the search's threads, within 1 to the most,
/// and keeps them when the table is rebuilt for a new size.
#[test]
fn thread_num_sets_the_threads() {
    let mut brain = Brain::with_threads(3);
    assert_eq!(brain.engine.threads(), 3);
    assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
    for (value, threads) in [
        ("2", 2),
        ("0", 1),
        ("100000", MAX_THREADS),
        ("1", 1),
        ("2", 2),
    ] {
        let line = format!("INFO thread_num {value}");
        assert!(answer(&mut brain, &line).is_empty(), "{line}");
        assert_eq!(brain.engine.threads(), threads, "{line}");
    }
    assert!(answer(&mut brain, "INFO max_memory 30000000").is_empty());
    assert!(answer(&mut brain, "INFO timeout_turn 200").is_empty());
    assert_eq!(answer(&mut brain, "BEGIN"), ["7,7"]);
    let reply = answer(&mut brain, "TURN 8,8");
    assert!(parse_pair(&reply[0]).is_some(), "{reply:?}");
    assert_eq!(brain.engine.threads(), 2);
}

/// `max_memory` is held from the first search: the INFO lines come
/// after START, so START builds no table of the default size, and the
/// table searched with is at most a third of the limit.
#[test]
fn the_table_keeps_within_max_memory() {
    let mut brain = Brain::new();
    assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
    assert!(
        brain.engine.table_bytes() <= 1 << 20,
        "nothing large at START"
    );
    for line in ["INFO max_memory 20000000", "INFO timeout_turn 100"] {
        assert!(answer(&mut brain, line).is_empty());
    }
    assert_eq!(answer(&mut brain, "BEGIN"), ["7,7"]);
    let bytes = brain.engine.table_bytes();
    assert!((1 << 20..=20_000_000 / 3).contains(&bytes), "{bytes}");
    // A smaller limit mid-game frees the table at once.
    assert!(answer(&mut brain, "INFO max_memory 3000000").is_empty());
    assert!(brain.engine.table_bytes() <= 1_000_000);
    assert_eq!(answer(&mut brain, "TURN 8,8").len(), 1);
    assert!(brain.engine.table_bytes() <= 1_000_000);
    // No limit (0): the default table, 64 MiB, at the next game.
    assert!(answer(&mut brain, "INFO max_memory 0").is_empty());
    assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
    assert_eq!(answer(&mut brain, "BEGIN"), ["7,7"]);
    assert_eq!(brain.engine.table_bytes(), DEFAULT_TABLE);
}

/// Issue 23, point 12: a position with five in a row is over.
#[test]
fn a_board_with_five_in_a_row_is_an_error() {
    for field in [1, 2] {
        let mut brain = Brain::new();
        assert_eq!(answer(&mut brain, "START 15"), ["OK"]);
        assert!(answer(&mut brain, "INFO timeout_turn 100").is_empty());
        assert!(answer(&mut brain, "BOARD").is_empty());
        for x in 0..5 {
            assert!(answer(&mut brain, &format!("{x},0,{field}")).is_empty());
        }
        for x in 0..4 {
            assert!(answer(&mut brain, &format!("{x},5,{}", 3 - field)).is_empty());
        }
        let reply = answer(&mut brain, "DONE");
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert!(reply[0].starts_with("ERROR"), "{reply:?}");
        assert!(reply[0].contains("five in a row"), "{reply:?}");
    }
}
