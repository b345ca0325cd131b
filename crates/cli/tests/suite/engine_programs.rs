//! Tournaments with outside engines: `ply nboard` and `ply gtp` (Othello)
//! and `ply gomocup` (Gomoku) as engine programs driven over their
//! protocols, beside faulty engines written here as shell scripts (ones
//! that answer a square they may not play, exit, never answer, or answer
//! an error), which lose with their reasons while the real engines' games
//! go on.

use crate::support;

use std::path::{Path, PathBuf};

use serde_json::Value;
use support::ply;

/// A fresh folder for this test's engines.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-engines-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A GTP engine in `sh` that answers every command but `genmove` with an
/// empty success, and `genmove` with `on_genmove` (shell commands).
fn gtp_script(dir: &Path, name: &str, on_genmove: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while read -r command rest; do\n  case \"$command\" in\n    genmove) {on_genmove} ;;\n    \
         name) printf '= {name}\\n\\n' ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).expect("script written");
    format!("gtp:sh {}", path.display())
}

/// `ply ARGS --json` (a tournament), which must succeed: its report.
fn tournament_json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let run = ply(&args, "");
    run.assert_ok();
    serde_json::from_str(&run.stdout).expect("JSON")
}

fn standing<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .find(|s| s["name"].as_str().is_some_and(|n| n.starts_with(name)))
        .unwrap_or_else(|| panic!("no standing for {name}: {report}"))
}

#[test]
fn outside_engines_play_and_faulty_ones_lose_with_their_reasons() {
    let dir = workdir("faulty");
    let ply_program = env!("CARGO_BIN_EXE_ply");
    let nboard = format!("nboard:{ply_program} nboard --threads 1 --hash 8 --move-time 20");
    let gtp = format!("gtp:{ply_program} gtp --hash 8 --move-time 20");
    let illegal = gtp_script(&dir, "illegal", "printf '= a1\\n\\n'");
    let crash = gtp_script(&dir, "crash", "exit 3");
    let silent = gtp_script(&dir, "silent", "sleep 30");
    let players = [nboard, gtp, illegal, crash, silent].join(",");
    let report = tournament_json(&[
        "tournament",
        "othello",
        "--players",
        &players,
        "--games",
        "2",
        "--move-time",
        "400",
    ]);
    assert_eq!(report["games"].as_array().expect("games").len(), 20);
    // The two real engines never fail; each wins every game against a
    // faulty one.
    for real in ["nboard:", "gtp:/"] {
        let s = standing(&report, real);
        assert_eq!(s["faults"]["crashed"], 0, "{s}");
        assert_eq!(s["faults"]["timed_out"], 0, "{s}");
        assert_eq!(s["faults"]["illegal_answer"], 0, "{s}");
        assert!(s["total"]["wins"].as_u64().expect("wins") >= 6, "{s}");
    }
    for (name, kind, reason) in [
        (
            "gtp:sh",
            "illegal_answer",
            "answered a1, a move it may not play",
        ),
        ("gtp:sh", "crashed", "crashed: exited with status 3"),
        ("gtp:sh", "timed_out", "gave no answer within 400 ms"),
    ] {
        let faulty: Vec<&Value> = report["standings"]
            .as_array()
            .expect("standings")
            .iter()
            .filter(|s| s["name"].as_str().is_some_and(|n| n.starts_with(name)))
            .filter(|s| s["faults"][kind].as_u64().unwrap_or(0) > 0)
            .collect();
        assert_eq!(faulty.len(), 1, "one player loses by {kind}: {report}");
        let first = faulty[0]["faults"]["first"].as_str().expect("a reason");
        assert!(first.contains(reason), "{first}");
        // Lost every game against the real engines at least.
        assert!(
            faulty[0]["total"]["losses"].as_u64() >= Some(4),
            "{}",
            faulty[0]
        );
    }
    // The real engines' games against each other ended by the rules.
    let real_pair = report["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter(|g| g["first"].as_u64() < Some(2) && g["second"].as_u64() < Some(2))
        .count();
    assert_eq!(real_pair, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engines_that_cannot_start_or_speak_are_refused_before_any_game() {
    let dir = workdir("refused");
    let mute = dir.join("mute.sh");
    std::fs::write(&mute, "exit 0\n").expect("written");
    for (players, says) in [
        ("gtp:/no/such/engine,random".to_string(), "cannot start"),
        (format!("gtp:sh {},random", mute.display()), "as it started"),
        ("nboard:,random".to_string(), "needs the command"),
        ("./entry.so,random".to_string(), "play only Trilite"),
    ] {
        ply(&["tournament", "othello", "--players", &players], "").assert_user_error(says);
    }
    // Games without engine programs say so.
    ply(&["play", "nim", "--players", "human,gtp:sh"], "").assert_user_error("no engine programs");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engine_programs_play_at_the_terminal_and_a_faulty_one_loses_there() {
    let dir = workdir("play");
    let ply_program = env!("CARGO_BIN_EXE_ply");
    let gtp = format!("gtp:{ply_program} gtp --hash 8 --move-time 20");
    let nboard = format!("nboard:{ply_program} nboard --threads 1 --hash 8 --move-time 20");
    let players = format!("{gtp},{nboard}");
    let run = ply(&["play", "othello", "--players", &players], "");
    run.assert_ok();
    assert!(
        run.stdout.contains(" wins as ") || run.stdout.contains("The game is a draw"),
        "{}",
        run.stdout
    );
    // A person against an engine that answers an occupied square.
    let illegal = gtp_script(&dir, "illegal", "printf '= d4\\n\\n'");
    let players = format!("human,{illegal}");
    let run = ply(&["play", "othello", "--players", &players], "d3\n");
    run.assert_ok();
    assert!(
        run.stdout.contains("answered d4, a move it may not play")
            && run.stdout.contains("and loses"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A GTP engine left to its own clock (`ply gtp` thinks up to a second a
/// move) is told the tournament's move time at each new game
/// (`time_settings`), so it keeps to it: it lost every game on time. An
/// engine without the command still plays.
#[test]
fn gtp_engines_are_told_the_move_time() {
    let dir = workdir("gtp-time");
    let gtp = format!("gtp:{} gtp --hash 8", env!("CARGO_BIN_EXE_ply"));
    // An engine that answers time_settings with GTP's error, and passes.
    let no_time = dir.join("no-time.sh");
    std::fs::write(
        &no_time,
        "while read -r command rest; do\n  case \"$command\" in\n    \
         time_settings) printf '? unknown command\\n\\n' ;;\n    \
         genmove) printf '= pass\\n\\n' ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n",
    )
    .expect("written");
    let refuses = format!("gtp:sh {}", no_time.display());
    let players = format!("{gtp},random,{refuses}");
    let report = tournament_json(&[
        "tournament",
        "othello",
        "--players",
        &players,
        "--games",
        "2",
        "--move-time",
        "300",
        "--max-moves",
        "8",
        "--jobs",
        "1",
    ]);
    let s = standing(&report, "gtp:/");
    assert_eq!(s["faults"]["timed_out"], 0, "{s}");
    assert_eq!(s["faults"]["crashed"], 0, "{s}");
    // The engine without time_settings was not faulted for lacking it:
    // its games end by its own illegal pass.
    let s = standing(&report, "gtp:sh");
    assert_eq!(s["faults"]["crashed"], 0, "{s}");
    assert!(s["faults"]["illegal_answer"].as_u64() > Some(0), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Gomocup engine in `sh` that answers `START` with `OK`, `ABOUT` with
/// its name, each request for a move (`BEGIN`, `TURN`, `DONE` after a
/// `BOARD`) with `on_move` (shell commands), ignores the rest and leaves
/// at `END`.
fn pbrain_script(dir: &Path, name: &str, on_move: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while read -r command rest; do\n  case \"$command\" in\n    START) echo OK ;;\n    ABOUT) echo 'name=\"{name}\"' ;;\n    \
         BEGIN|TURN|DONE) {on_move} ;;\n    END) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).expect("script written");
    format!("pbrain:sh {}", path.display())
}

#[test]
fn gomocup_engines_play_gomoku_and_faulty_ones_lose_with_their_reasons() {
    let dir = workdir("pbrain");
    let brain = format!("pbrain:{} gomocup", env!("CARGO_BIN_EXE_ply"));
    // Chatter before the answer is skipped; the second 7,7 is occupied.
    let occupied = pbrain_script(&dir, "occupied", "echo 'MESSAGE thinking'; echo 7,7");
    let crash = pbrain_script(&dir, "crash", "exit 3");
    let hang = pbrain_script(&dir, "hang", "sleep 30");
    let error = pbrain_script(&dir, "error", "echo 'ERROR no idea'");
    let off_board = pbrain_script(&dir, "off", "echo 15,3");
    let players = [
        brain,
        occupied,
        crash,
        hang,
        "random".to_string(),
        error,
        off_board,
    ]
    .join(",");
    let report = tournament_json(&[
        "tournament",
        "mnk",
        "--size",
        "15",
        "--k",
        "5",
        "--players",
        &players,
        "--games",
        "2",
        "--move-time",
        "500",
    ]);
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), 42);
    // ply's brain never fails and wins every game it plays: against the
    // faulty engines by their faults, against random by five in a row.
    let real = standing(&report, "pbrain:/");
    assert_eq!(real["faults"]["crashed"], 0, "{real}");
    assert_eq!(real["faults"]["timed_out"], 0, "{real}");
    assert_eq!(real["faults"]["illegal_answer"], 0, "{real}");
    assert_eq!(real["total"]["wins"], 12, "{real}");
    let against_random: Vec<&Value> = games
        .iter()
        .filter(|g| {
            let seats = [g["first"].as_u64(), g["second"].as_u64()];
            seats.contains(&Some(0)) && seats.contains(&Some(4))
        })
        .collect();
    assert_eq!(against_random.len(), 2);
    for game in against_random {
        assert_eq!(game["ending"], "rules", "{game}");
        assert_eq!(game["winner"], 0, "{game}");
    }
    for (player, kind, reason) in [
        (
            1,
            "illegal_answer",
            "answered h8, a move it may not play: h8 is occupied",
        ),
        (2, "crashed", "crashed: exited with status 3"),
        (3, "timed_out", "gave no answer within 500 ms"),
        (
            5,
            "timed_out",
            "gave no answer within 500 ms and was stopped; it had said 'ERROR no idea'",
        ),
        (6, "illegal_answer", "answered 15,3, off the 15 x 15 board"),
    ] {
        let name = report["players"][player].as_str().expect("a name");
        let s = standing(&report, name);
        // Every game it lost to a real player it lost by its fault.
        assert!(s["faults"][kind].as_u64() >= Some(2), "{kind}: {s}");
        let first = s["faults"]["first"].as_str().expect("a reason");
        assert!(first.contains(reason), "{first}");
        assert!(first.starts_with(name), "{first}");
        // It can win only against the other faulty engines.
        assert_eq!(s["total"]["wins"].as_u64().map(|w| w <= 8), Some(true));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Told `INFO rule 4`, ply's brain plays renju as black and as white
/// (told the position by `BOARD`), and wins both games by the rules.
#[test]
fn a_gomocup_engine_plays_the_session_rule() {
    let brain = format!("pbrain:{} gomocup", env!("CARGO_BIN_EXE_ply"));
    let players = format!("{brain},random");
    let report = tournament_json(&[
        "tournament",
        "mnk",
        "--size",
        "15",
        "--k",
        "5",
        "--rule",
        "renju",
        "--players",
        &players,
        "--games",
        "2",
        "--move-time",
        "500",
    ]);
    for game in report["games"].as_array().expect("games") {
        assert_eq!(game["ending"], "rules", "{game}");
        assert_eq!(game["winner"], 0, "{game}");
    }
}

/// What the referee says, as the engine reads it: ply's brain behind a
/// `tee` that keeps every line, in one game as first player and one as
/// second, under the exact rule.
#[test]
fn the_referee_speaks_the_gomocup_protocol() {
    let dir = workdir("pbrain-log");
    let log = dir.join("log.txt");
    let wrapper = dir.join("logged.sh");
    std::fs::write(
        &wrapper,
        format!("tee -a \"$1\" | {} gomocup\n", env!("CARGO_BIN_EXE_ply")),
    )
    .expect("written");
    let players = format!("pbrain:sh {} {},random", wrapper.display(), log.display());
    let report = tournament_json(&[
        "tournament",
        "mnk",
        "--size",
        "15",
        "--k",
        "5",
        "--rule",
        "exact",
        "--players",
        &players,
        "--games",
        "2",
        "--move-time",
        "500",
    ]);
    let text = std::fs::read_to_string(&log).expect("the log");
    let lines: Vec<&str> = text.lines().collect();
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), 2);
    for game in games {
        assert_eq!(game["winner"], 0, "{game}");
    }
    // Each game: START, then the match's INFO (the rule's Gomocup bit).
    assert_eq!(
        lines.iter().filter(|l| **l == "START 15").count(),
        2,
        "{text}"
    );
    for info in [
        "INFO timeout_turn 500",
        "INFO timeout_match 60000",
        "INFO max_memory 367001600",
        "INFO rule 1",
    ] {
        assert_eq!(
            lines.iter().filter(|l| **l == info).count(),
            2,
            "{info}: {text}"
        );
    }
    assert!(lines.iter().any(|l| l.starts_with("INFO time_left ")));
    // Moving first: BEGIN. Moving second: the board, random's first stone
    // with the opponent's field 2, then DONE.
    assert_eq!(lines.iter().filter(|l| **l == "BEGIN").count(), 1, "{text}");
    let board = lines.iter().position(|l| *l == "BOARD").expect("a BOARD");
    let random_first = games[1]["moves"][0].as_str().expect("a move");
    let column = random_first.as_bytes()[0] - b'a';
    let row: u32 = random_first[1..].parse().expect("a row");
    assert_eq!(
        lines[board + 1],
        format!("{column},{},2", row - 1),
        "{text}"
    );
    assert_eq!(lines[board + 2], "DONE", "{text}");
    // Every other move of random's reached the brain as a TURN.
    let random_moves: usize = games
        .iter()
        .map(|g| g["moves"].as_array().expect("moves").len() / 2)
        .sum();
    let turns = lines.iter().filter(|l| l.starts_with("TURN ")).count();
    assert_eq!(turns, random_moves - 1, "{text}");
    // The tournament's end is the engine's.
    assert_eq!(lines.last(), Some(&"END"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine that makes its tables when told `INFO max_memory` (here a
/// 1.5 s pause, as a large table takes to clear) is not charged that time
/// on its first move: the referee waits for its `ABOUT` before the clock
/// starts. One that never answers `ABOUT` still plays every move; its
/// set-up then falls in its first move, as the protocol leaves it.
#[test]
fn a_gomocup_engines_set_up_is_not_charged_to_its_first_move() {
    let dir = workdir("pbrain-setup");
    let ply = env!("CARGO_BIN_EXE_ply");
    let slow = dir.join("slow.sh");
    std::fs::write(
        &slow,
        format!(
            "while read -r line; do\n  case \"$line\" in \"INFO max_memory\"*) sleep 1.5 ;; esac\n  \
             printf '%s\\n' \"$line\"\ndone | {ply} gomocup\n"
        ),
    )
    .expect("written");
    let mute = dir.join("mute.sh");
    std::fs::write(
        &mute,
        format!("grep --line-buffered -v '^ABOUT' | {ply} gomocup\n"),
    )
    .expect("written");
    for engine in [&slow, &mute] {
        wins_both_games_against_random(engine);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The shell engine `script` (wrapping ply's brain) plays random twice at
/// 800 ms a move on 15 x 15 and wins both games by the rules.
fn wins_both_games_against_random(script: &Path) {
    let players = format!("pbrain:sh {},random", script.display());
    let report = tournament_json(&[
        "tournament",
        "mnk",
        "--size",
        "15",
        "--k",
        "5",
        "--players",
        &players,
        "--games",
        "2",
        "--move-time",
        "800",
    ]);
    for game in report["games"].as_array().expect("games") {
        assert_eq!(game["ending"], "rules", "{}: {game}", script.display());
        assert_eq!(game["winner"], 0, "{}: {game}", script.display());
    }
}

/// An `ERROR` said of another line before the move (as Rapfi answers an
/// `INFO` it read while still finishing its last move) is passed over:
/// the move that follows is played, and the engine wins as it would.
#[test]
fn an_error_before_the_move_is_passed_over() {
    let dir = workdir("pbrain-error");
    let chatty = dir.join("chatty.sh");
    std::fs::write(
        &chatty,
        format!(
            "{} gomocup | while read -r line; do\n  case \"$line\" in [0-9]*,[0-9]*) \
             echo 'ERROR Unknown command: TIME_LEFT' ;; esac\n  printf '%s\\n' \"$line\"\ndone\n",
            env!("CARGO_BIN_EXE_ply")
        ),
    )
    .expect("written");
    wins_both_games_against_random(&chatty);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gomocup_engines_need_a_square_board_with_five_in_a_row() {
    let brain = format!("pbrain:{} gomocup", env!("CARGO_BIN_EXE_ply"));
    let players = format!("{brain},random");
    for (options, says) in [
        (
            &["--rows", "15", "--cols", "12", "--k", "5"][..],
            "square boards",
        ),
        (&["--size", "15", "--k", "4"][..], "five in a row"),
    ] {
        let mut args = vec!["tournament", "mnk"];
        args.extend_from_slice(options);
        args.extend_from_slice(&["--players", &players]);
        ply(&args, "").assert_user_error(says);
    }
    let gtp = format!("gtp:{} gtp,random", env!("CARGO_BIN_EXE_ply"));
    ply(
        &[
            "tournament",
            "mnk",
            "--size",
            "15",
            "--k",
            "5",
            "--players",
            &gtp,
        ],
        "",
    )
    .assert_user_error("Gomocup engines: pbrain:COMMAND");
    let pbrain = format!("{brain},random");
    ply(&["tournament", "othello", "--players", &pbrain], "")
        .assert_user_error("Gomocup engines play Gomoku");
}

/// From seeded openings every engine is told the opening: a Gomocup engine
/// as a `BOARD` of its stones (never `BEGIN`), a GTP engine as moves from
/// the start, an NBoard engine in its game record; none of them faults.
#[test]
fn engines_are_told_the_openings() {
    let dir = workdir("openings");
    let log = dir.join("log.txt");
    let wrapper = dir.join("logged.sh");
    std::fs::write(
        &wrapper,
        format!("tee -a \"$1\" | {} gomocup\n", env!("CARGO_BIN_EXE_ply")),
    )
    .expect("written");
    let players = format!("pbrain:sh {} {},random", wrapper.display(), log.display());
    let gomoku = [
        "tournament",
        "mnk",
        "--size",
        "15",
        "--k",
        "5",
        "--players",
        &players,
        "--openings",
        "1",
        "--seed",
        "3",
        "--move-time",
        "500",
    ];
    let report = tournament_json(&gomoku);
    let opening: Vec<String> = report["openings"][0]
        .as_array()
        .expect("an opening")
        .iter()
        .map(|m| m.as_str().expect("a move").to_string())
        .collect();
    let text = std::fs::read_to_string(&log).expect("the log");
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.contains(&"BEGIN"), "{text}");
    let boards: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == "BOARD").collect();
    assert_eq!(boards.len(), 2, "{text}");
    for at in boards {
        for (i, mv) in opening.iter().enumerate() {
            let column = mv.as_bytes()[0] - b'a';
            let row: u32 = mv[1..].parse().expect("a row");
            let square = format!("{column},{},", row - 1);
            assert!(lines[at + 1 + i].starts_with(&square), "{mv}: {text}");
        }
    }
    for game in report["games"].as_array().expect("games") {
        assert_eq!(game["ending"], "rules", "{game}");
        assert_eq!(game["winner"], 0, "{game}");
    }
    let ply_program = env!("CARGO_BIN_EXE_ply");
    let players = format!(
        "gtp:{ply_program} gtp --hash 8 --move-time 20,\
         nboard:{ply_program} nboard --threads 1 --hash 8 --move-time 20"
    );
    let othello = [
        "tournament",
        "othello",
        "--players",
        &players,
        "--openings",
        "1",
        "--move-time",
        "500",
    ];
    let report = tournament_json(&othello);
    let opening = &report["openings"][0];
    for game in report["games"].as_array().expect("games") {
        assert_eq!(game["ending"], "rules", "{game}");
        let moves = game["moves"].as_array().expect("moves");
        let first = &moves[..opening.as_array().expect("moves").len()];
        assert_eq!(first, opening.as_array().expect("moves").as_slice());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
