//! Contest entries end to end: C entries compiled here with the system's C
//! compiler (`$CC`, else `cc`) as shared libraries play `ply tournament
//! trilite` as the Trilite request's referee would call them.
//!
//! The perfect entry is ply's own `libply_trilite_c` shared library
//! (`cargo build --release -p ply-trilite-c`, which `cargo test --release
//! --workspace` builds beside the `ply` binary). The others are written
//! here: a naive one (the first empty square) that also checks every call
//! it gets against the `PlayTrilite` interface's rules and answers an
//! impossible square if a call breaks them, one that crashes, one that
//! answers an occupied square, and one that never returns.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use support::ply;

/// Plays the first empty square, after checking the call: the player
/// number stays the same through a game, `newGame` is set exactly on a
/// game's first call, `opponentPreviousPlay` names the opponent's newest
/// (staying) mark or is -1 on the first move, both players' mark counts
/// fit the player to move, a player shows one disappearing mark exactly
/// when it holds three, and our own last move is still on the board. A
/// broken rule is answered with 100 + its number, a square that does not
/// exist, so the referee reports it as an illegal answer.
const NAIVE: &str = r#"
#include "trilite.h"
static int me = 0, my_last = -1;
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  int own_s = player == 1 ? kPlayer1Staying : kPlayer2Staying;
  int own_d = player == 1 ? kPlayer1Disappearing : kPlayer2Disappearing;
  int opp_s = player == 1 ? kPlayer2Staying : kPlayer1Staying;
  int opp_d = player == 1 ? kPlayer2Disappearing : kPlayer1Disappearing;
  int own = 0, opp = 0, own_dis = 0, opp_dis = 0, i;
  if (player != 1 && player != 2) return 101;
  for (i = 0; i < 9; i++) {
    if (b[i] == own_s || b[i] == own_d) own++;
    if (b[i] == opp_s || b[i] == opp_d) opp++;
    if (b[i] == own_d) own_dis++;
    if (b[i] == opp_d) opp_dis++;
    if (b[i] < kEmpty || b[i] > kPlayer2Disappearing) return 102;
  }
  int start = player == 1 ? (own == 0 && opp == 0) : (own == 0 && opp == 1);
  if (!!newGame != start) return 103;
  if (newGame) { me = player; my_last = -1; }
  if (player != me) return 104;
  if (player == 1 ? opp != own : !(opp == own + 1 || (opp == 3 && own == 3))) return 105;
  if (own_dis != (own == 3) || opp_dis != (opp == 3)) return 106;
  if (player == 1 && own == 0) { if (prev != kNoPosition) return 107; }
  else if (prev < 0 || prev > 8 || b[prev] != opp_s) return 108;
  if (my_last >= 0 && b[my_last] != own_s) return 109;
  for (i = 0; i < 9; i++)
    if (b[i] == kEmpty) { my_last = i; return (BoardPosition)i; }
  return kNoPosition;
}
"#;

const CRASH: &str = r#"
#include "trilite.h"
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  volatile int *nowhere = 0;
  *nowhere = player;
  return kCenter;
}
"#;

/// Always the centre: legal once, then its own mark is there. It writes
/// to its standard output too, which must not disturb the referee.
const ILLEGAL: &str = r#"
#include <unistd.h>
#include "trilite.h"
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  (void)!write(1, "move 0 0\n", 9);
  return kCenter;
}
"#;

const HANG: &str = r#"
#include "trilite.h"
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  volatile int spin = 1;
  while (spin) {}
  return kCenter;
}
"#;

const NO_SYMBOL: &str = r#"
int playTrilite(void) { return 4; }
"#;

/// A fresh directory for this test's libraries.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-c-entries-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Compiles `source` into `dir/NAME.so` with the `PlayTrilite` header.
fn compile(dir: &Path, name: &str, source: &str) -> PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, source).expect("the C source is written");
    let library = dir.join(format!("{name}.so"));
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("../trilite-c/include");
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&compiler)
        .args(["-shared", "-fPIC", "-O1", "-I"])
        .arg(&include)
        .arg("-o")
        .arg(&library)
        .arg(&c)
        .status()
        .unwrap_or_else(|e| panic!("the C compiler '{compiler}' runs: {e}"));
    assert!(status.success(), "{compiler} compiles {name}.c");
    library
}

/// ply's own perfect library, copied into `dir` as `perfect.so`. Cargo
/// builds it beside the `ply` binary (the `ply-trilite-c` library target
/// is compiled with all its crate types); in an unusual layout it is built
/// into a private target directory.
fn perfect(dir: &Path) -> PathBuf {
    let name = "libply_trilite_c.so";
    let binaries = Path::new(env!("CARGO_BIN_EXE_ply"))
        .parent()
        .expect("the binary's directory");
    let built = [binaries.to_path_buf(), binaries.join("deps")]
        .into_iter()
        .map(|dir| dir.join(name))
        .find(|path| path.is_file())
        .unwrap_or_else(|| {
            let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-entry");
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let status = Command::new(cargo)
                .args(["build", "--release", "--lib", "-p", "ply-trilite-c"])
                .arg("--target-dir")
                .arg(&target)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .status()
                .expect("cargo runs");
            assert!(status.success(), "cargo build -p ply-trilite-c failed");
            target.join("release").join(name)
        });
    let library = dir.join("perfect.so");
    std::fs::copy(&built, &library).expect("the library is copied");
    library
}

fn text(path: &Path) -> String {
    path.display().to_string()
}

fn json(args: &[&str]) -> Value {
    let run = ply(args, "");
    run.assert_ok();
    serde_json::from_str(&run.stdout).expect("valid JSON")
}

/// The `--json` report of two games per pair of a Trilite tournament
/// between `players` (comma separated), each move within `move_time_ms`
/// (the tournament's default when `None`).
fn tournament(players: &str, move_time_ms: Option<&str>) -> Value {
    let mut args = vec![
        "tournament",
        "trilite",
        "--players",
        players,
        "--games",
        "2",
    ];
    if let Some(ms) = move_time_ms {
        args.extend(["--move-time", ms]);
    }
    args.push("--json");
    json(&args)
}

fn standing<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name} has a standing"))
}

fn f64_of(value: &Value) -> f64 {
    value.as_f64().expect("a number")
}

#[test]
fn c_entries_play_a_tournament_and_faulty_ones_lose_with_reasons() {
    let dir = workdir("tournament");
    let perfect = text(&perfect(&dir));
    let naive = text(&compile(&dir, "naive", NAIVE));
    let crash = text(&compile(&dir, "crash", CRASH));
    let illegal = text(&compile(&dir, "illegal", ILLEGAL));
    // The same library twice: two entries, two processes.
    let players = [&perfect, &perfect, &naive, &crash, &illegal, "perfect"].join(",");
    // The perfect library's first call solves the game: about 90 ms
    // alone, several times that on a busy machine; nothing here hangs.
    let report = tournament(&players, Some("20000"));
    let twin = format!("{perfect}#2");
    let names = [
        perfect.as_str(),
        twin.as_str(),
        &naive,
        &crash,
        &illegal,
        "perfect",
    ];
    assert_eq!(report["players"], serde_json::json!(names));
    assert_eq!(report["games_played"], 30);
    assert_eq!(report["entry_move_time_ms"], 20000.0);
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), 30);

    let perfects = [0, 1, 5];
    for game in games {
        let (first, second) = (
            game["first"].as_u64().unwrap(),
            game["second"].as_u64().unwrap(),
        );
        let seats = [first as usize, second as usize];
        let ending = game["ending"].as_str().unwrap();
        let error = game["error"].as_str().unwrap_or("");
        let loser = |player: usize| {
            let other = seats[usize::from(seats[0] == player)];
            assert_eq!(game["winner"], other as u64, "{game}");
        };
        if seats.contains(&3) {
            // The crashing entry loses every game, and each next game
            // starts it afresh.
            loser(3);
            assert_eq!(ending, "crashed", "{game}");
            assert!(
                error.starts_with(&format!("{crash} crashed: killed by signal 11 (SIGSEGV)")),
                "{game}"
            );
        } else if seats.contains(&4) {
            loser(4);
            assert_eq!(ending, "illegal-answer", "{game}");
            assert!(
                error.starts_with(&format!(
                    "{illegal} answered 4 (b2), a square that is not empty"
                )),
                "{game}"
            );
        } else if perfects.contains(&seats[0]) && perfects.contains(&seats[1]) {
            // Trilite is a first-player win in 13 plies (`ply solve trilite`).
            assert_eq!(game["winner"], first, "{game}");
            assert_eq!(game["plies"], 13, "{game}");
            assert_eq!(ending, "rules", "{game}");
        } else {
            // A perfect player against the naive one never loses, and the
            // naive one found every call as the contest referee makes it.
            assert!(seats.contains(&2), "{game}");
            assert_ne!(game["winner"], 2, "{game}");
            assert_ne!(ending, "illegal-answer", "the naive entry's checks: {game}");
        }
    }

    for s in report["standings"].as_array().unwrap() {
        let (w, d) = (f64_of(&s["total"]["wins"]), f64_of(&s["total"]["draws"]));
        let expected = 1000.0 * w + 500.0 * d - f64_of(&s["thinking_ms"]);
        assert!((f64_of(&s["score"]) - expected).abs() < 1e-6, "{s}");
        // Every game's charge adds up to the player's, with its setup.
        let player = s["player"].as_u64().unwrap();
        let charged: f64 = games
            .iter()
            .map(|g| {
                let seat = [&g["first"], &g["second"]]
                    .iter()
                    .position(|p| **p == player);
                seat.map_or(0.0, |seat| f64_of(&g["thinking_ms"][seat]))
            })
            .sum();
        let total = charged + f64_of(&s["setup_ms"]);
        assert!((f64_of(&s["thinking_ms"]) - total).abs() < 1e-6, "{s}");
    }
    // The perfect library solves the game on its first call (tens of ms),
    // once in each of its two processes, and that call is charged; so is
    // the built-in perfect player's solve, when it is built.
    for name in [&perfect, &twin] {
        let s = standing(&report, name);
        assert!(f64_of(&s["thinking_ms"]) > 10.0, "{s}");
        assert_eq!(s["total"]["losses"], 2, "{s}");
    }
    assert!(f64_of(&standing(&report, "perfect")["setup_ms"]) > 10.0);
    let naive_ms = f64_of(&standing(&report, &naive)["thinking_ms"]);
    assert!(naive_ms < f64_of(&standing(&report, &perfect)["thinking_ms"]));

    let faults = &standing(&report, &crash)["faults"];
    assert_eq!(faults["crashed"], 10, "{faults}");
    assert!(faults["first"].as_str().unwrap().contains("SIGSEGV"));
    // It beat the crashing one twice.
    let faults = &standing(&report, &illegal)["faults"];
    assert_eq!(faults["illegal_answer"], 8, "{faults}");
    assert_eq!(standing(&report, &naive)["faults"]["illegal_answer"], 0);
    assert_eq!(report["endings"]["crashed"], 10);
    assert_eq!(report["endings"]["illegal_answer"], 8);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_entry_that_hangs_is_stopped_at_the_move_time_and_loses() {
    let dir = workdir("hang");
    let hang = text(&compile(&dir, "hang", HANG));
    let naive = text(&compile(&dir, "naive", NAIVE));
    let players = format!("{hang},{naive}");
    let args = [
        "tournament",
        "trilite",
        "--players",
        &players,
        "--games",
        "2",
        "--move-time",
        "200",
    ];
    let report = json(&[&args[..], &["--json"]].concat());
    for game in report["games"].as_array().unwrap() {
        assert_eq!(game["ending"], "timed-out", "{game}");
        assert_eq!(game["winner"], 1, "{game}");
        let error = game["error"].as_str().unwrap();
        assert_eq!(
            error,
            format!("{hang} gave no answer within 200 ms and was stopped")
        );
    }
    // Each game's wait is charged to the entry that hung.
    let charged = f64_of(&standing(&report, &hang)["thinking_ms"]);
    assert!((400.0..3000.0).contains(&charged), "{charged}");

    let run = ply(&args, "");
    run.assert_ok();
    let out = &run.stdout;
    assert!(
        out.contains("a C entry or engine program silent for 200 ms is stopped and loses"),
        "{out}"
    );
    assert!(
        out.contains(
            "time ms: the thinking charged, all of it: every call in full, the first of each game \
             included"
        ),
        "{out}"
    );
    assert!(out.contains("lost by failing to move"), "{out}");
    assert!(
        out.contains(&format!("  {hang}: 2 games (2 no answer in time)")),
        "{out}"
    );
    assert!(out.contains("2 lost by no answer in time"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_entry_host_answers_the_referee_calls() {
    let dir = workdir("host");
    let naive = text(&compile(&dir, "naive", NAIVE));
    // Player 1's first call, on the empty board; then its second, after it
    // took a1 and player 2 took b1: the first empty square each time.
    // Then an empty board without newGame: the entry's check answers 103.
    // Each call carries its number, and each answer the number back.
    let calls = "play 11 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 1\n\
                 play 22 0 2 -1 -1 -1 -1 -1 -1 -1 1 1 0\n\
                 play 33 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 0\n";
    let run = ply(&["entry-host", "trilite", &naive], calls);
    run.assert_ok();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert_eq!(lines, ["ready", "move 11 0", "move 22 2", "move 33 103"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn entries_that_cannot_play_are_refused_before_any_game() {
    let dir = workdir("refused");
    let naive = text(&compile(&dir, "naive", NAIVE));
    let nameless = text(&compile(&dir, "nameless", NO_SYMBOL));
    let missing = text(&dir.join("missing.so"));
    let source = format!("c:{}", text(&dir.join("naive.c")));
    for (players, fragment) in [
        (format!("{missing},random"), "cannot open it"),
        (format!("random,{nameless}"), "has no PlayTrilite function"),
        (format!("{source},random"), "cannot load it"),
    ] {
        let run = ply(&["tournament", "trilite", "--players", &players], "");
        run.assert_user_error(fragment);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
    }
    ply(
        &[
            "tournament",
            "tictactoe",
            "--players",
            &format!("{naive},random"),
        ],
        "",
    )
    .assert_user_error("contest entries play only Trilite");
    ply(
        &["play", "trilite", "--players", &format!("{naive},human")],
        "",
    )
    .assert_user_error("plays only in a tournament");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Thinks 600 ms a call, then writes its own reply, claiming a tenth of a
/// millisecond, to the host's protocol descriptor (fd 3: the host's copy
/// of its standard output), a copy of which it keeps, having pointed fd 3
/// itself at /dev/null so that the host's true replies go nowhere.
const FORGER: &str = r#"
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "trilite.h"
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  struct timespec nap = {0, 600000000};
  char line[64];
  static int protocol = -1;
  int i, square = kNoPosition, null;
  if (protocol < 0) {
    protocol = dup(3);
    null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 3);
  }
  for (i = 0; i < 9; i++) if (b[i] == kEmpty) { square = i; break; }
  nanosleep(&nap, 0);
  snprintf(line, sizeof line, "move %d 100000\n", square);
  (void)!write(protocol, line, strlen(line));
  return (BoardPosition)square;
}
"#;

#[test]
fn an_entry_cannot_forge_its_reply_to_be_charged_less() {
    let dir = workdir("forger");
    let forger = text(&compile(&dir, "forger", FORGER));
    let naive = text(&compile(&dir, "naive", NAIVE));
    let players = format!("{forger},{naive}");
    let report = tournament(&players, Some("5000"));
    // Whatever the forged line says, every call it made cost it its 600 ms.
    for game in report["games"].as_array().unwrap() {
        let seat = usize::from(game["second"] == 0);
        let charged = f64_of(&game["thinking_ms"][seat]);
        assert!(charged >= 590.0, "{game}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Forks a child at each new game that writes its process id to PIDS
/// (before the call returns) and waits forever.
const FORKER: &str = r#"
#include <stdio.h>
#include <unistd.h>
#include "trilite.h"
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  int i, written[2];
  char byte;
  if (newGame && pipe(written) == 0) {
    if (fork() == 0) {
      FILE *pids = fopen(PIDS, "a");
      if (pids) { fprintf(pids, "%d\n", (int)getpid()); fclose(pids); }
      (void)!write(written[1], "x", 1);
      for (;;) pause();
    }
    /* The child's pid is in the file before the call returns. */
    (void)!read(written[0], &byte, 1);
    close(written[0]);
    close(written[1]);
  }
  for (i = 0; i < 9; i++) if (b[i] == kEmpty) return (BoardPosition)i;
  return kNoPosition;
}
"#;

/// True while process `pid` runs (a zombie is over).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|s| !s.trim_start().starts_with('Z'))
    })
}

#[test]
fn processes_an_entry_forks_do_not_outlive_the_tournament() {
    let dir = workdir("forker");
    let pids = dir.join("pids");
    let source = FORKER.replace("PIDS", &format!("{:?}", text(&pids)));
    let forker = text(&compile(&dir, "forker", &source));
    let naive = text(&compile(&dir, "naive", NAIVE));
    let players = format!("{forker},{naive}");
    tournament(&players, None);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let forked = loop {
        let text = std::fs::read_to_string(&pids).unwrap_or_default();
        if text.lines().count() >= 2 || std::time::Instant::now() > deadline {
            break text;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let forked: Vec<&str> = forked.lines().collect();
    assert_eq!(forked.len(), 2, "one child a game: {forked:?}");
    std::thread::sleep(std::time::Duration::from_millis(200));
    let left: Vec<&str> = forked.iter().copied().filter(|pid| alive(pid)).collect();
    for pid in &left {
        let _ = Command::new("kill").args(["-9", pid]).status();
    }
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Takes 4 GB, 64 MiB at a time, each block written to: it crashes when
/// an allocation fails (writing where the block would have been).
const GLUTTON: &str = r#"
#include <stdlib.h>
#include <string.h>
#include "trilite.h"
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  size_t block = (size_t)64 << 20;
  int i;
  for (i = 0; i < 64; i++) {
    char *p = malloc(block);
    memset(p, 1, block);
  }
  for (i = 0; i < 9; i++) if (b[i] == kEmpty) return (BoardPosition)i;
  return kNoPosition;
}
"#;

/// Recurses without end.
const DEEP: &str = r#"
#include "trilite.h"
static int down(volatile int n) {
  volatile char frame[512];
  frame[0] = (char)n;
  return down(n + 1) + frame[0];
}
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  return (BoardPosition)down(player);
}
"#;

#[test]
fn an_entry_taking_too_much_memory_or_stack_loses_with_the_reason() {
    let dir = workdir("limits");
    let glutton = text(&compile(&dir, "glutton", GLUTTON));
    let deep = text(&compile(&dir, "deep", DEEP));
    let naive = text(&compile(&dir, "naive", NAIVE));
    let players = format!("{glutton},{deep},{naive}");
    let report = tournament(&players, Some("20000"));
    for game in report["games"].as_array().unwrap() {
        let error = game["error"].as_str().unwrap_or("");
        assert_eq!(game["ending"], "crashed", "{game}");
        let loser = if game["winner"] == game["first"] {
            &game["second"]
        } else {
            &game["first"]
        };
        if *loser == 0 {
            assert!(
                error.starts_with(&format!(
                    "{glutton} crashed: ran out of memory (its limit is 1024 MiB;"
                )),
                "{game}"
            );
        } else {
            assert_eq!(*loser, 1, "{game}");
            assert!(
                error.starts_with(&format!("{deep} crashed: overflowed its stack")),
                "{game}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Answers, and has a child end its host a millisecond later: between two
/// calls, while the opponent thinks.
const HOST_KILLER: &str = r#"
#include <signal.h>
#include <unistd.h>
#include "trilite.h"
BoardPosition PlayTrilite(const Board b, BoardPosition prev, int player, Boolean newGame) {
  int i;
  pid_t host = getpid();
  if (fork() == 0) { usleep(1000); kill(host, SIGKILL); _exit(0); }
  for (i = 0; i < 9; i++) if (b[i] == kEmpty) return (BoardPosition)i;
  return kNoPosition;
}
"#;

#[test]
fn an_entry_that_ends_its_host_between_calls_loses_and_the_tournament_goes_on() {
    let dir = workdir("host-killer");
    let killer = text(&compile(&dir, "killer", HOST_KILLER));
    // The opponent thinks long enough for the host to be gone when the
    // referee writes its next call (which once ended ply by SIGPIPE).
    let report = tournament(&format!("{killer},mcts:100000"), None);
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), 2, "{report}");
    let s = standing(&report, &killer);
    assert_eq!(s["faults"]["crashed"], 2, "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}
