//! `ply gomocup` driven as the piskvork manager drives a brain: a whole
//! game through the pipes against a simple opponent, with the manager's own
//! board and five-in-a-row check; and garbage on the protocol, which must
//! never stop the brain from answering.

use crate::support;

use std::process::Stdio;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const SIZE: usize = 15;
const TURN_MS: u64 = 300;

/// The manager's side of the pipes.
struct Manager(support::Piped);

impl Manager {
    fn start() -> Manager {
        Manager(support::Piped::start(&["gomocup"], Stdio::piped()))
    }

    fn send(&mut self, line: &str) {
        // The manager ends its lines with CR LF.
        self.0.write(format!("{line}\r\n").as_bytes());
    }

    /// The next answer that is not a MESSAGE or DEBUG line, within `limit`.
    fn answer(&mut self, limit: Duration) -> String {
        let end = Instant::now() + limit;
        loop {
            let line = self.0.next_line(end).expect("the brain answers in time");
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line;
            }
        }
    }
}

/// The manager's own board: `0` empty, `1` brain, `2` opponent.
struct Grid([[u8; SIZE]; SIZE]);

impl Grid {
    fn get(&self, x: i32, y: i32) -> Option<u8> {
        let inside = (0..SIZE as i32).contains(&x) && (0..SIZE as i32).contains(&y);
        inside.then(|| self.0[y as usize][x as usize])
    }

    /// Five or more in a row through (x, y) for its owner, counted plainly.
    fn five_through(&self, x: i32, y: i32) -> bool {
        let who = self.get(x, y).unwrap_or(0);
        who != 0
            && [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
                let run = |sign: i32| {
                    (1..SIZE as i32)
                        .take_while(|&i| {
                            self.get(x + sign * i * dx, y + sign * i * dy) == Some(who)
                        })
                        .count()
                };
                1 + run(1) + run(-1) >= 5
            })
    }

    /// The opponent: win at once, else block the brain's five, else a
    /// random empty cell next to a stone.
    fn opponent_move(&mut self, rng: &mut StdRng) -> (usize, usize) {
        let empties: Vec<(usize, usize)> = (0..SIZE)
            .flat_map(|y| (0..SIZE).map(move |x| (x, y)))
            .filter(|&(x, y)| self.0[y][x] == 0)
            .collect();
        for who in [2, 1] {
            for &(x, y) in &empties {
                self.0[y][x] = who;
                let five = self.five_through(x as i32, y as i32);
                self.0[y][x] = 0;
                if five {
                    return (x, y);
                }
            }
        }
        let near: Vec<(usize, usize)> = empties
            .iter()
            .copied()
            .filter(|&(x, y)| {
                (-1..=1).any(|dy| {
                    (-1..=1).any(|dx| {
                        self.get(x as i32 + dx, y as i32 + dy)
                            .is_some_and(|v| v != 0)
                    })
                })
            })
            .collect();
        let pool = if near.is_empty() { &empties } else { &near };
        pool[rng.gen_range(0..pool.len())]
    }
}

fn parse_move(text: &str) -> (usize, usize) {
    let (x, y) = text
        .split_once(',')
        .unwrap_or_else(|| panic!("a move is x,y, not {text:?}"));
    (
        x.trim().parse().expect("x is a number"),
        y.trim().parse().expect("y is a number"),
    )
}

fn play_one_game(brain_begins: bool, seed: u64) -> u8 {
    let mut manager = Manager::start();
    let mut rng = StdRng::seed_from_u64(seed);
    manager.send(&format!("START {SIZE}"));
    assert_eq!(manager.answer(Duration::from_secs(10)), "OK");
    for info in [
        format!("INFO timeout_turn {TURN_MS}"),
        "INFO timeout_match 900000".to_string(),
        "INFO time_left 900000".to_string(),
        "INFO max_memory 83886080".to_string(),
        "INFO game_type 1".to_string(),
        "INFO rule 0".to_string(),
    ] {
        manager.send(&info);
    }
    let mut grid = Grid([[0; SIZE]; SIZE]);
    let mut command = if brain_begins {
        "BEGIN".to_string()
    } else {
        let (x, y) = (SIZE / 2, SIZE / 2);
        grid.0[y][x] = 2;
        format!("TURN {x},{y}")
    };
    let winner = loop {
        let asked = Instant::now();
        manager.send(&command);
        // Some slack for a loaded test machine; the brain aims at 70%.
        let answer = manager.answer(Duration::from_millis(TURN_MS * 10));
        let took = asked.elapsed();
        assert!(
            took < Duration::from_millis(TURN_MS + 200),
            "answered {answer} after {took:?}"
        );
        let (x, y) = parse_move(&answer);
        assert!(x < SIZE && y < SIZE, "{answer} is on the board");
        assert_eq!(grid.0[y][x], 0, "{answer} is an empty cell");
        grid.0[y][x] = 1;
        if grid.five_through(x as i32, y as i32) {
            break 1;
        }
        if grid.0.iter().flatten().all(|&v| v != 0) {
            break 0;
        }
        let (ox, oy) = grid.opponent_move(&mut rng);
        grid.0[oy][ox] = 2;
        if grid.five_through(ox as i32, oy as i32) {
            break 2;
        }
        command = format!("TURN {ox},{oy}");
    };
    manager.send("END");
    let status = manager.0.exit_status(Duration::from_secs(30));
    assert!(status.success(), "END ends the brain cleanly: {status:?}");
    winner
}

#[test]
fn a_whole_game_through_the_protocol() {
    for (begins, seed) in [(true, 1), (false, 2)] {
        let winner = play_one_game(begins, seed);
        assert_eq!(winner, 1, "the brain beats a blocker that plays at random");
    }
}

#[test]
fn garbage_never_stops_the_brain() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut input: Vec<u8> = Vec::new();
    let malformed = [
        "START",
        "START -3",
        "START 99999999999999999999999",
        "START 1",
        "RECTSTART 7",
        "TURN 3,3",
        "START 15",
        "TURN",
        "TURN a,b",
        "TURN 15,0",
        "TURN 3,-1",
        "TURN 3,3,3",
        "TAKEBACK 9,9",
        "INFO timeout_turn fast",
        "INFO rule 4",
        "INFO max_memory -5",
        "INFO",
        "DONE",
        "BOARD",
        "1,1,1",
        "1,1,2",
        "x,y,z",
        "99,99,1",
        "4,4,7",
        "DONE",
        "PLAY 40,40",
        "INFO timeout_turn 50",
        "SWAP2BOARD",
        "1,1",
        "1,1",
        "DONE",
        "SWAP2BOARD",
        "a,b",
        "3,3,3",
        "DONE",
        "SWAP2BOARD",
        "7,7",
        "BEGIN",
        "SWAP2BOARD",
        "DONE",
        "\u{0}\u{7f}",
        "ABOUT ABOUT ABOUT",
    ];
    for line in malformed {
        input.extend_from_slice(line.as_bytes());
        input.extend_from_slice(b"\r\n");
    }
    for _ in 0..200 {
        let length = rng.gen_range(0..80);
        let mut line: Vec<u8> = (0..length).map(|_| rng.gen()).collect();
        line.retain(|&b| b != b'\n' && b != b'\r');
        input.extend_from_slice(&line);
        input.extend_from_slice(b"\n");
    }
    input.extend(std::iter::repeat_n(b'7', 200_000));
    input.extend_from_slice(b"\n\rINFO timeout_turn 100\r\nSTART 15\r\nBEGIN\r\nABOUT\r\nEND\r\n");
    let run = support::ply_bytes(&["gomocup"], &input);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("ERROR")), "{lines:?}");
    let tail: Vec<&str> = lines
        .iter()
        .rev()
        .filter(|l| !l.starts_with("MESSAGE"))
        .take(3)
        .copied()
        .collect();
    assert!(tail[0].starts_with("name=\"ply\""), "{tail:?}");
    assert_eq!(
        tail[1], "7,7",
        "after the garbage a new game opens in the centre"
    );
    assert_eq!(tail[2], "OK");
    // Every line is one of the protocol's answers.
    for line in &lines {
        let known = ["OK", "ERROR ", "UNKNOWN ", "MESSAGE ", "name="]
            .iter()
            .any(|p| line.starts_with(p))
            || *line == "SWAP"
            // A move, or swap2's stones: x,y cells separated by spaces.
            || line.split(' ').all(|cell| {
                cell.split_once(',')
                    .is_some_and(|(x, y)| x.parse::<usize>().is_ok() && y.parse::<usize>().is_ok())
            });
        assert!(known, "unexpected answer {line:?}");
    }
}

/// A game through the pipes under each `INFO rule`: the brain's every move
/// is legal on a referee board of that rule (under renju, as black, never a
/// forbidden point), against an opponent playing legal moves at random.
#[test]
fn games_under_every_info_rule() {
    use ply_gomoku::{Board, Move, Rule, Stone};
    for (number, rule) in [
        (4, Rule::Renju),
        (8, Rule::Caro),
        (1, Rule::Exact),
        (0, Rule::Freestyle),
    ] {
        let mut rng = StdRng::seed_from_u64(number);
        let mut manager = Manager::start();
        manager.send(&format!("INFO rule {number}"));
        manager.send("INFO timeout_turn 100");
        manager.send("START 15");
        assert_eq!(manager.answer(Duration::from_secs(10)), "OK");
        let mut referee = Board::new(SIZE, SIZE, 5, rule).expect("15 x 15");
        manager.send("BEGIN");
        for _ in 0..40 {
            let (x, y) = parse_move(&manager.answer(Duration::from_secs(5)));
            let mv = Move::new(x, y);
            assert!(
                referee.is_legal(mv, Stone::Black),
                "rule {number}: {mv}: {:?}",
                referee.foul(mv)
            );
            referee.play(mv, Stone::Black).expect("legal");
            if referee.winner().is_some() {
                break;
            }
            let near: Vec<Move> = referee
                .legal_cells(Stone::White)
                .filter(|m| m.x.abs_diff(mv.x) <= 2 && m.y.abs_diff(mv.y) <= 2)
                .collect();
            let Some(&reply) = near.get(rng.gen_range(0..near.len().max(1))) else {
                break;
            };
            referee.play(reply, Stone::White).expect("legal");
            if referee.winner().is_some() {
                break;
            }
            manager.send(&format!("TURN {},{}", reply.x, reply.y));
        }
        manager.send("END");
    }
}

/// Under renju the opponent, black, may not play a forbidden point: the
/// brain answers `ERROR` with the lines that make it.
#[test]
fn a_forbidden_turn_is_an_error_under_renju() {
    let mut manager = Manager::start();
    manager.send("INFO rule 4");
    manager.send("START 15");
    assert_eq!(manager.answer(Duration::from_secs(10)), "OK");
    // Black (the opponent) has i8 k8 h9 h11 and a four the brain must block.
    manager.send("BOARD");
    for line in [
        "8,7,2", "10,7,2", "7,8,2", "7,10,2", "1,12,2", "2,12,2", "3,12,2", "4,12,2", "0,12,1",
        "14,0,1", "14,2,1", "14,4,1", "14,6,1", "14,8,1", "14,10,1",
    ] {
        manager.send(line);
    }
    manager.send("DONE");
    assert_eq!(manager.answer(Duration::from_secs(10)), "5,12");
    manager.send("TURN 7,7");
    assert_eq!(
        manager.answer(Duration::from_secs(10)),
        "ERROR 7,7 is forbidden for black under renju: a double three (7,7-10,7 row and 7,7-7,10 column)"
    );
    manager.send("END");
}
