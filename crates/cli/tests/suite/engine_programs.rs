//! `ply tournament othello` with outside engines: `ply nboard` and `ply
//! gtp` as engine programs driven over their protocols, beside faulty
//! engines written here as shell scripts (one answers a square it may not
//! play, one exits, one never answers), which lose with their reasons
//! while the real engines' games go on.

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
    let run = ply(
        &[
            "tournament",
            "othello",
            "--players",
            &players,
            "--games",
            "2",
            "--move-time",
            "400",
            "--json",
        ],
        "",
    );
    run.assert_ok();
    let report: Value = serde_json::from_str(&run.stdout).expect("JSON");
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
