//! The arena with contest entries, on Trilite, through scripted entries
//! (no processes): how each is called, how its faults end games, and what
//! is charged to it.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ply_engine::arena::entry::{
    Entry, EntryAnswer, EntryFault, EntryHost, FaultKind, StartedEntry,
};
use ply_engine::arena::{self, ArenaConfig, Ending};
use ply_engine::{BotSpec, EngineConfig, GameError, GameOptions, Session};
use ply_trilite::TRILITE;

/// Each call an entry got: (its name, new_game, plies played before it).
type Calls = Arc<Mutex<Vec<(String, bool, usize)>>>;

/// Entries named by their behaviour: `first` plays the first legal move;
/// `crash`, `hang` and `illegal` fail on every call in their own way;
/// `refused` cannot be started.
struct Scripted {
    calls: Calls,
}

/// What each call of a scripted entry is charged.
const CALL: Duration = Duration::from_millis(3);
/// What starting one is charged.
const SETUP: Duration = Duration::from_millis(7);

impl EntryHost for Scripted {
    fn start(&self, path: &Path) -> Result<StartedEntry, GameError> {
        let name = path.display().to_string();
        if name == "refused" {
            return Err(GameError::BadOption(
                "C entry 'refused': cannot load it".into(),
            ));
        }
        Ok(StartedEntry {
            entry: Box::new(ScriptedEntry {
                name,
                calls: Arc::clone(&self.calls),
            }),
            setup: SETUP,
        })
    }

    /// Scripted entries play in the referee's own process.
    fn serve(&self, _path: &Path) -> Result<(), GameError> {
        Err(GameError::Unsupported(
            "scripted entries need no host process".into(),
        ))
    }
}

struct ScriptedEntry {
    name: String,
    calls: Calls,
}

impl Entry for ScriptedEntry {
    fn play(
        &mut self,
        session: &dyn Session,
        new_game: bool,
        limit: Duration,
    ) -> Result<EntryAnswer, EntryFault> {
        let played = session.moves_played();
        self.calls
            .lock()
            .unwrap()
            .push((self.name.clone(), new_game, played.len()));
        let fault = |kind, reason: &str, took| {
            Err(EntryFault {
                kind,
                reason: reason.into(),
                took,
            })
        };
        match self.name.as_str() {
            "crash" => fault(FaultKind::Crashed, "crashed: killed by signal 11", CALL),
            "hang" => fault(FaultKind::TimedOut, "gave no answer", limit),
            // Answers, but is charged 40 ms a call.
            "slow" => Ok(EntryAnswer {
                mv: session.legal_moves()[0].clone(),
                took: Duration::from_millis(40),
            }),
            // A square already taken, or one that does not exist.
            "illegal" => Ok(EntryAnswer {
                mv: played.first().cloned().unwrap_or_else(|| "d4".into()),
                took: CALL,
            }),
            _ => Ok(EntryAnswer {
                mv: session.legal_moves()[0].clone(),
                took: CALL,
            }),
        }
    }
}

fn config(players: &[&str]) -> ArenaConfig {
    ArenaConfig {
        players: players
            .iter()
            .map(|p| match *p {
                "random" => BotSpec::Random,
                entry => BotSpec::Entry(entry.into()),
            })
            .collect(),
        games_per_pair: 4,
        max_plies: 300,
        move_time: Some(Duration::from_millis(50)),
        game_time: None,
        jobs: 1,
        engine: EngineConfig {
            hash_mb: 4,
            ..EngineConfig::default()
        },
        openings: None,
    }
}

#[test]
fn entries_are_called_as_a_referee_calls_them_and_faults_lose() {
    let calls = Calls::default();
    let host = Scripted {
        calls: Arc::clone(&calls),
    };
    let players = ["first", "first", "crash", "hang", "illegal", "random"];
    let report = arena::run_with_entries(
        &TRILITE,
        &GameOptions::new(),
        &config(&players),
        &host,
        true,
        &|_, _| {},
    )
    .expect("runs");
    assert_eq!(report.games.len(), 15 * 4);
    assert_eq!(report.entry_move_time_ms, Some(50.0));
    assert_eq!(report.players[1], "first#2");

    // An entry's first call of each game has new_game, and only that one:
    // with one call per ply, a call is new exactly when the entry has not
    // played yet in this game (fewer than two plies before it).
    let calls = calls.lock().unwrap();
    for (name, new_game, plies) in calls.iter() {
        assert_eq!(*new_game, *plies < 2, "{name} after {plies} plies");
    }

    // Every faulty entry fails on its first call, so in a game with one
    // the first of them to move loses, and says why.
    let faulty = |player: usize| (2..=4).contains(&player);
    for game in &report.games {
        let seats = [game.first, game.second];
        match seats.iter().position(|&p| faulty(p)) {
            Some(seat) => {
                let loser = seats[seat];
                assert_eq!(game.winner, Some(seats[1 - seat]), "{game:?}");
                let expected = match loser {
                    2 => Ending::Crashed,
                    3 => Ending::TimedOut,
                    _ => Ending::IllegalAnswer,
                };
                assert_eq!(game.ending, expected, "{game:?}");
                let error = game.error.as_deref().expect("a reason");
                assert!(error.starts_with(players[loser]), "{error}");
            }
            None => assert!(!game.ending.is_fault(), "{game:?}"),
        }
    }
    let standing = |name: &str| {
        report
            .standings
            .iter()
            .find(|s| s.name == name)
            .expect("a standing")
    };
    // Crash loses its 12 games against players that do not fail, and the
    // 4 of its 8 against the other faulty ones where it moves first.
    assert_eq!(standing("crash").faults.endings.crashed, 16);
    assert_eq!(standing("first").faults.games(), 0);
    let hang = standing("hang");
    assert!(hang
        .faults
        .first
        .as_deref()
        .unwrap()
        .contains("gave no answer"));

    // Everything charged adds up: each call's time, the time waited for a
    // silent entry, and starting each entry once.
    for s in &report.standings {
        let games: f64 = report
            .games
            .iter()
            .flat_map(|g| {
                [g.first, g.second]
                    .into_iter()
                    .zip(g.thinking_ms)
                    .filter(|(p, _)| *p == s.player)
                    .map(|(_, ms)| ms)
            })
            .sum();
        assert!((s.thinking_ms - games - s.setup_ms).abs() < 1e-9, "{s:?}");
        let score = 1000.0 * s.total.wins as f64 + 500.0 * s.total.draws as f64 - s.thinking_ms;
        assert!((s.score - score).abs() < 1e-9, "{s:?}");
        if s.name != "random" {
            assert!((s.setup_ms - 7.0).abs() < 1e-9, "{s:?}");
        }
    }
    let hang_games = report
        .games
        .iter()
        .filter(|g| g.ending == Ending::TimedOut)
        .count();
    assert!((hang.thinking_ms - 7.0 - 50.0 * hang_games as f64).abs() < 1e-6);
}

#[test]
fn an_entry_that_cannot_start_is_refused_before_any_game() {
    let host = Scripted {
        calls: Calls::default(),
    };
    let error = arena::run_with_entries(
        &TRILITE,
        &GameOptions::new(),
        &config(&["first", "refused"]),
        &host,
        false,
        &|_, _| {},
    )
    .expect_err("refused");
    assert!(error.to_string().contains("cannot load it"), "{error}");
    // Without a host, an entry is refused too.
    let error = arena::run(
        &TRILITE,
        &GameOptions::new(),
        &config(&["first", "random"]),
        &|_, _| {},
    )
    .expect_err("refused");
    assert!(error.to_string().contains("contest entries"), "{error}");
}

#[test]
fn a_game_over_its_time_limit_is_drawn_and_its_time_charged() {
    let host = Scripted {
        calls: Calls::default(),
    };
    let mut config = config(&["slow", "first"]);
    config.game_time = Some(Duration::from_millis(100));
    let report = arena::run_with_entries(
        &TRILITE,
        &GameOptions::new(),
        &config,
        &host,
        true,
        &|_, _| {},
    )
    .expect("runs");
    assert_eq!(report.game_time_ms, Some(100.0));
    assert_eq!(report.endings.game_time, 4, "{:?}", report.endings);
    for game in &report.games {
        assert_eq!(game.ending, Ending::GameTime, "{game:?}");
        assert_eq!(game.winner, None);
        // Slow's three calls (120 ms) pass the limit, charged in full.
        let slow = if game.first == 0 { 0 } else { 1 };
        assert!(game.thinking_ms[slow] >= 120.0, "{game:?}");
        assert!(game.plies <= 6, "{game:?}");
    }
    // Drawn games are worth 500 points, less the time charged.
    let slow = report
        .standings
        .iter()
        .find(|s| s.name == "slow")
        .expect("slow");
    assert_eq!(slow.total.draws, 4);
    assert!((slow.score - (4.0 * 500.0 - slow.thinking_ms)).abs() < 1e-9);
}

#[test]
fn entries_have_a_game_time_limit_by_default_and_bots_alone_none() {
    let with_entry = config(&["first", "random"]);
    assert_eq!(with_entry.game_time(), Some(arena::DEFAULT_ENTRY_GAME_TIME));
    assert_eq!(config(&["random", "random"]).game_time(), None);
}
