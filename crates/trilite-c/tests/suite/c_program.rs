//! Compiles `tests/c/play_games.c` with the system C compiler against this
//! crate's static library and runs 1,000 games through `PlayTrilite`: the
//! C referee rejects any illegal answer, and here every game is replayed
//! against the solved table to check that the engine's moves are perfect.

use std::path::{Path, PathBuf};
use std::process::Command;

use ply_engine::{Game, Side};
use trilite::{solution, Trilite};

const CRATE: &str = env!("CARGO_MANIFEST_DIR");

/// The static library cargo built for this test: the library target is
/// compiled with all its crate types next to the test executable (the
/// `deps` directory). If it is not there (an unusual cargo layout), build it
/// into a private target directory.
fn static_library() -> PathBuf {
    let name = if cfg!(target_env = "msvc") {
        "ply_trilite_c.lib"
    } else {
        "libply_trilite_c.a"
    };
    let exe = std::env::current_exe().expect("the test knows its own path");
    let deps = exe.parent().expect("the test lives in a directory");
    for dir in [deps, deps.parent().unwrap_or(deps)] {
        let candidate = dir.join(name);
        if candidate.is_file() {
            return candidate;
        }
    }
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-build");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--lib",
            "-p",
            "ply-trilite-c",
            "--target-dir",
        ])
        .arg(&target)
        .current_dir(CRATE)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build of the static library failed");
    target.join("release").join(name)
}

/// The system libraries a Rust static library needs on this platform.
fn system_libraries() -> &'static [&'static str] {
    if cfg!(target_os = "macos") {
        &["-lSystem", "-lc", "-lm"]
    } else if cfg!(unix) {
        &[
            "-lgcc_s",
            "-lutil",
            "-lrt",
            "-lpthread",
            "-lm",
            "-ldl",
            "-lc",
        ]
    } else {
        &[]
    }
}

fn compile() -> PathBuf {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("play_games");
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let output = Command::new(&compiler)
        .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(Path::new(CRATE).join("include"))
        .arg(Path::new(CRATE).join("tests/c/play_games.c"))
        .arg(static_library())
        .args(system_libraries())
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the C compiler '{compiler}': {e}"));
    assert!(
        output.status.success(),
        "compiling play_games.c failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// One game as the C referee reports it.
struct Played {
    mode: String,
    /// Bit 0: the engine played player 1; bit 1: player 2; above: the ply
    /// at which it took over (mode `takeover`).
    seats: u32,
    winner: u32,
    moves: Vec<u8>,
}

fn parse(line: &str) -> Played {
    let mut words = line.split_whitespace().skip(1);
    let mut next = || words.next().expect("a full GAME line").to_string();
    let mode = next();
    let seats = next().parse().expect("seats");
    let winner = next().parse().expect("winner");
    let moves = words.map(|w| w.parse().expect("a square")).collect();
    Played {
        mode,
        seats,
        winner,
        moves,
    }
}

#[test]
fn c_program_plays_a_thousand_legal_and_perfect_games() {
    let program = compile();
    let output = Command::new(&program)
        .args(["1000", "2001"])
        .output()
        .expect("the C program runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "the C referee failed:\n{stdout}");
    let games: Vec<Played> = stdout
        .lines()
        .filter(|l| l.starts_with("GAME "))
        .map(parse)
        .collect();
    assert_eq!(games.len(), 1000);

    let table = solution();
    let mut engine_moves = 0;
    for (number, played) in games.iter().enumerate() {
        let honest = matches!(
            played.mode.as_str(),
            "self" | "engine-first" | "engine-second"
        );
        let mut game = Trilite::new();
        for (ply, &mv) in played.moves.iter().enumerate() {
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            assert!(
                legal.contains(&mv),
                "game {number} ply {ply}: {mv} is illegal"
            );
            let seat = match game.to_move() {
                Side::First => 1,
                Side::Second => 2,
            };
            if honest && played.seats & seat != 0 {
                engine_moves += 1;
                let analysis = table.analyze(&game).expect("reachable");
                assert!(
                    analysis.best_moves().contains(&mv),
                    "game {number} ply {ply}: the engine's {mv} is not a best move"
                );
            }
            game.play(mv);
        }
        let winner = match game.result() {
            Some(ply_engine::GameResult::Win(Side::First)) => 1,
            Some(ply_engine::GameResult::Win(Side::Second)) => 2,
            _ => 0,
        };
        assert_eq!(winner, played.winner, "game {number}: the referee's result");
        // The first player wins Trilite: perfect play as player 1 always
        // wins, and the engine never lost any game it moved first in.
        if honest && played.seats & 1 != 0 {
            assert_eq!(
                winner, 1,
                "game {number}: perfect play as player 1 did not win"
            );
        }
    }
    assert!(engine_moves > 3_000, "{engine_moves} engine moves checked");
}
