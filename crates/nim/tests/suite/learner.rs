//! The learner: it learns Nim from nothing, saves and reloads its table,
//! refuses damaged or foreign files, and trains fast on tic-tac-toe.

use std::path::{Path, PathBuf};
use std::time::Instant;

use ply_engine::{
    Bot, BotSpec, EngineConfig, GameError, GameKind, GameOptions, GameResult, Session, Side,
};
use ply_nim::NIM;

fn config(seed: u64) -> EngineConfig {
    EngineConfig {
        seed,
        ..EngineConfig::default()
    }
}

fn nim(heaps: &str, misere: bool) -> Box<dyn Session> {
    let mut options = GameOptions::new().with_value("heaps", heaps);
    if misere {
        options = options.with_flag("misere");
    }
    NIM.new_session(&options).unwrap()
}

/// Plays `games` games from the session's start, the learner in `seat` (or
/// both seats in turn), and lets it learn from each. Returns its wins.
fn train(
    session: &mut dyn Session,
    learner: &mut Bot,
    opponent: &mut Bot,
    games: u32,
    seat: Option<Side>,
) -> u32 {
    let mut wins = 0;
    for game in 0..games {
        let seat = seat.unwrap_or(if game % 2 == 0 {
            Side::First
        } else {
            Side::Second
        });
        session.restart();
        while session.result().is_none() {
            if session.to_move() == seat {
                session.bot_move(learner).unwrap();
            } else {
                session.bot_move(opponent).unwrap();
            }
        }
        wins += (session.result() == Some(GameResult::Win(seat))) as u32;
        session.game_over(learner, seat).unwrap();
    }
    wins
}

/// Every position reachable from `session`'s start that is not over.
fn reachable(session: &dyn Session) -> Vec<String> {
    let mut found = vec![];
    let mut stack = vec![session.boxed_clone()];
    while let Some(s) = stack.pop() {
        if s.result().is_some() || found.contains(&s.position()) {
            continue;
        }
        found.push(s.position());
        for mv in s.legal_moves() {
            let mut child = s.boxed_clone();
            child.play(&mv).unwrap();
            stack.push(child);
        }
    }
    found
}

/// Positions where the learner's choice is not a best move, asked in the
/// session that keeps the learner (set back to its start after).
fn mistakes(session: &mut dyn Session, learner: &mut Bot) -> Vec<String> {
    let mut wrong = vec![];
    let start = session.position();
    for position in reachable(session) {
        session.set_position(&position).unwrap();
        let report = session.analyze(&EngineConfig::default()).unwrap();
        let top = report.moves.iter().map(|m| m.value.preference()).max();
        let choice = session.bot_move(learner).unwrap().mv;
        let chosen = report.moves.iter().find(|m| m.mv == choice).unwrap();
        if Some(chosen.value.preference()) != top {
            wrong.push(format!("{position}: {choice}"));
        }
    }
    session.set_position(&start).unwrap();
    wrong
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-nim-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn learns_best_moves_from_123_against_random() {
    for misere in [false, true] {
        for seed in 0..3 {
            let mut session = nim("1,2,3", misere);
            let mut learner = session
                .new_bot(&BotSpec::Learner(None), &config(seed))
                .unwrap();
            let mut random = session
                .new_bot(&BotSpec::Random, &config(seed + 100))
                .unwrap();
            assert!(
                !mistakes(session.as_mut(), &mut learner).is_empty(),
                "an untrained learner should not be perfect"
            );
            train(session.as_mut(), &mut learner, &mut random, 300, None);
            let wrong = mistakes(session.as_mut(), &mut learner);
            assert!(wrong.is_empty(), "misère {misere} seed {seed}: {wrong:?}");
        }
    }
}

#[test]
fn beats_random_every_game_from_345_moving_first() {
    let mut session = nim("3,4,5", false);
    let mut learner = session
        .new_bot(&BotSpec::Learner(None), &config(1))
        .unwrap();
    let mut random = session.new_bot(&BotSpec::Random, &config(2)).unwrap();
    train(session.as_mut(), &mut learner, &mut random, 1000, None);
    let wins = train(
        session.as_mut(),
        &mut learner,
        &mut random,
        500,
        Some(Side::First),
    );
    assert_eq!(wins, 500);
    assert!(mistakes(session.as_mut(), &mut learner).is_empty());
}

#[test]
fn saves_after_each_game_and_reloads() {
    let dir = temp_dir("save");
    let file = dir.join("nim.json");
    let spec = BotSpec::Learner(Some(file.clone()));
    let mut session = nim("3,4,5", false);
    let mut learner = session.new_bot(&spec, &config(3)).unwrap();
    let mut random = session.new_bot(&BotSpec::Random, &config(4)).unwrap();
    train(session.as_mut(), &mut learner, &mut random, 1, None);
    let after_one = std::fs::read_to_string(&file).unwrap();
    assert!(after_one.contains("\"ply-learner\"") && after_one.contains("\"nim\""));
    train(session.as_mut(), &mut learner, &mut random, 299, None);
    // The last games are saved when the session drops the learner.
    session.drop_bot(learner);
    assert_ne!(std::fs::read_to_string(&file).unwrap(), after_one);
    // Atomic saves leave no temporary file behind.
    assert_eq!(files_in(&dir), vec!["nim.json"]);

    // A fresh bot from the file plays as well as the trained one.
    let mut reloaded = session.new_bot(&spec, &config(5)).unwrap();
    assert!(mistakes(session.as_mut(), &mut reloaded).is_empty());
    let wins = train(
        session.as_mut(),
        &mut reloaded,
        &mut random,
        100,
        Some(Side::First),
    );
    assert_eq!(wins, 100);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn open_error(session: &mut dyn Session, file: &Path) -> String {
    match session.new_bot(&BotSpec::Learner(Some(file.to_path_buf())), &config(0)) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{} was accepted", file.display()),
    }
}

#[test]
fn damaged_and_foreign_files_are_refused_not_reset() {
    let dir = temp_dir("bad");
    let mut normal = nim("1,2,3", false);
    let mut misere = nim("1,2,3", true);

    for (name, bytes) in [
        ("empty", &b""[..]),
        ("garbage", b"\x00\xffnot json"),
        ("truncated", b"{\"header\":{\"format\":\"ply-learner\",\"version\":1,\"game\":\"nim\",\"config\":\"normal\"},\"games\":1,\"entries\":[[{\"rows\""),
        ("other-format", b"{\"header\":{\"format\":\"spreadsheet\",\"version\":1,\"game\":\"nim\",\"config\":\"normal\"}}"),
        ("bad-value", b"{\"header\":{\"format\":\"ply-learner\",\"version\":1,\"game\":\"nim\",\"config\":\"normal\"},\"games\":1,\"entries\":[]}"),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, bytes).unwrap();
        if name == "bad-value" {
            // A well-formed empty table is fine.
            assert!(normal
                .new_bot(&BotSpec::Learner(Some(file.clone())), &config(0))
                .is_ok());
            continue;
        }
        let error = open_error(normal.as_mut(), &file);
        assert!(error.contains("damaged"), "{name}: {error}");
        // Never silently reset: the file is untouched.
        assert_eq!(std::fs::read(&file).unwrap(), bytes, "{name}");
    }

    // A table learned in normal play is refused in misère play.
    let file = dir.join("normal.json");
    let mut session = normal.boxed_clone();
    let mut learner = session
        .new_bot(&BotSpec::Learner(Some(file.clone())), &config(0))
        .unwrap();
    let mut random = session.new_bot(&BotSpec::Random, &config(1)).unwrap();
    train(session.as_mut(), &mut learner, &mut random, 3, None);
    let error = open_error(misere.as_mut(), &file);
    assert!(error.contains("trained for nim (normal)"), "{error}");

    // And a tic-tac-toe table is refused by Nim.
    let mut ttt = ply_mnk::TICTACTOE.new_session(&GameOptions::new()).unwrap();
    let ttt_file = dir.join("ttt.json");
    let mut ttt_session = ttt.boxed_clone();
    let mut ttt_learner = ttt_session
        .new_bot(&BotSpec::Learner(Some(ttt_file.clone())), &config(0))
        .unwrap();
    let mut ttt_random = ttt_session.new_bot(&BotSpec::Random, &config(1)).unwrap();
    train(
        ttt_session.as_mut(),
        &mut ttt_learner,
        &mut ttt_random,
        2,
        None,
    );
    let error = open_error(normal.as_mut(), &ttt_file);
    assert!(error.contains("not for nim"), "{error}");
    // Nim's table is not a tic-tac-toe table either.
    let error = open_error(ttt.as_mut(), &file);
    assert!(error.contains("trained for nim"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unwritable_file_is_an_error() {
    let mut session = nim("1,2,3", false);
    let missing = PathBuf::from("/nonexistent-ply-dir/sub/t.json");
    let error = open_error(session.as_mut(), &missing);
    assert!(error.contains("folder does not exist"), "{error}");

    // A folder that disappears after the learner was made: the save fails
    // with an error rather than silently.
    let dir = temp_dir("vanish");
    let file = dir.join("t.json");
    let mut play = session.boxed_clone();
    let mut learner = play
        .new_bot(&BotSpec::Learner(Some(file)), &config(0))
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    while play.result().is_none() {
        play.bot_move(&mut learner).unwrap();
    }
    let error = play.game_over(&mut learner, Side::First).unwrap_err();
    assert!(matches!(error, GameError::Io(_)), "{error:?}");
}

/// With a file: it is rewritten only after games that changed the table,
/// so a converged learner does not wait on the disk every game. Trained,
/// it wins nearly every game against random play.
#[test]
fn ten_thousand_games_of_tictactoe_teach_the_learner() {
    ten_thousand_games_of_tictactoe("ttt");
}

/// Timing, out of the default suite: `cargo test --release -p ply-nim
/// --test suite -- --ignored learner::ten_thousand_games_of_tictactoe_take_seconds`.
#[test]
#[ignore = "wall-clock check; see its doc comment for the command"]
fn ten_thousand_games_of_tictactoe_take_seconds() {
    let started = Instant::now();
    ten_thousand_games_of_tictactoe("ttt-timed");
    let elapsed = started.elapsed();
    assert!(elapsed.as_secs_f64() < 10.0, "{elapsed:?}");
}

fn ten_thousand_games_of_tictactoe(name: &str) {
    let dir = temp_dir(name);
    let mut session = ply_mnk::TICTACTOE.new_session(&GameOptions::new()).unwrap();
    let spec = BotSpec::Learner(Some(dir.join("ttt.json")));
    let mut learner = session.new_bot(&spec, &config(7)).unwrap();
    let mut random = session.new_bot(&BotSpec::Random, &config(8)).unwrap();
    train(session.as_mut(), &mut learner, &mut random, 10_000, None);
    // Trained, it wins nearly every game against random play moving first.
    let wins = train(
        session.as_mut(),
        &mut learner,
        &mut random,
        200,
        Some(Side::First),
    );
    assert!(wins >= 180, "{wins} wins of 200");
    std::fs::remove_dir_all(&dir).unwrap();
}
