//! A player that starts knowing only the rules and learns from the games it
//! takes part in, for every game whose positions fit in memory.
//!
//! It learns the value of afterstates (the position a move leads to, valued
//! for the player who made the move) by temporal-difference learning with a
//! minimax backup: after each game, walking back from the end, every
//! afterstate takes the value `-γ · max` of the afterstates the opponent
//! could reach from it (unknown ones count as 0, a finished game as +1, 0 or
//! -1 by the rules). The game is deterministic, so the backup replaces the
//! old value outright (learning rate 1). The discount γ < 1 makes it prefer
//! quick wins and slow losses, so once the table has converged its choice is
//! a best move in the solver's sense, remoteness included. Every move of the
//! game is learned from, the opponent's too. It moves greedily; ties are
//! broken towards the afterstate seen least often, which spreads its
//! exploration over moves it knows nothing about yet.
//!
//! The table is saved as JSON with a header naming the game and its
//! configuration, written to a temporary file and renamed over the old one,
//! so an interrupted save never leaves a damaged file. A save through a
//! symbolic link replaces the file it points to (the link stays a link)
//! and keeps the file's permissions; a read-only file is refused at open
//! rather than replaced by a writable one, and so is a file with more than
//! one name (a hard link), which the rename would separate from its other
//! names. It is saved after a
//! game unless the last save is too recent: saves may take at most a tenth
//! of the time (a file write per game would dominate quick bot-against-bot
//! runs with a big table), and once more when the learner is dropped, so
//! the file ends up holding every game played. One file belongs to one learner
//! at a time, in this process or any other: the learner holds an advisory
//! lock on it (which every learner takes) from its open to its drop, and a
//! second learner on the same file is refused, since two tables saved in
//! turn would each overwrite the other's games. The open makes a file not
//! there yet, empty, to have one to lock, and the drop removes it again if
//! no game was saved into it.
//! Files are read only when they are regular files of at most
//! [`MAX_FILE_BYTES`], so a named pipe or `/dev/zero` is refused up front.

use std::collections::HashMap;
use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::config::EngineConfig;
use crate::echo::{self, shown_within};
use crate::error::GameError;
use crate::game::{GameResult, Side};
use crate::player::{Choice, Player};
use crate::symmetry::Symmetric;

mod file;

use file::{cannot_save, read_file, shown, temp_path, HeldFile, Limited};

/// Discount per ply: a win now is worth more than a win later.
pub const DISCOUNT: f32 = 0.95;

/// The largest learner file read or written: 64 MiB, room for about a
/// million learned positions.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// After a save that took time t, the next waits until `SAVE_SPACING * t`
/// has passed, so saving takes at most about a tenth of the time (the last
/// games are saved when the learner is dropped).
const SAVE_SPACING: u32 = 10;

/// What the first line of defence against a foreign file checks.
const FORMAT: &str = "ply-learner";
const VERSION: u32 = 1;

/// Values closer than this are ties.
const TIE: f32 = 1e-6;

/// Identifies what a table was learned for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub format: String,
    pub version: u32,
    /// The game's name (compared without regard to case: files of older
    /// versions name it by its Rust type, "Mnk").
    pub game: String,
    /// The rule variant or board configuration the keys belong to.
    pub config: String,
}

/// One learned afterstate.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    value: f32,
    visits: u32,
}

#[derive(Serialize)]
struct FileOut<'a, K> {
    header: &'a Header,
    games: u64,
    /// `[key, value, visits]` triples (JSON maps need string keys).
    entries: Vec<(&'a K, f32, u32)>,
}

/// The whole file; the header was checked on its own first.
#[derive(Deserialize)]
struct FileIn<K> {
    games: u64,
    entries: Vec<(K, f32, u32)>,
}

#[derive(Deserialize)]
struct HeaderOnly {
    header: Header,
}

/// The name a person knows a game by, with its configuration.
fn describe(game: &str, config: &str) -> String {
    let name = match game.to_ascii_lowercase().as_str() {
        "mnk" if config == "3x3 k=3" => "tic-tac-toe".to_string(),
        "mnk" => "m,n,k".to_string(),
        other => other.to_string(),
    };
    if config.is_empty() {
        name
    } else {
        format!("{name} ({config})")
    }
}

/// Where a learner keeps its table, and how its saves went.
struct LearnerFile {
    /// The file as the user named it, for messages.
    path: PathBuf,
    /// Held (locked) for as long as the learner lives.
    held: HeldFile,
    /// Games or values the file does not hold yet.
    unsaved: bool,
    /// When the last save ended and how long it took.
    last_save: Option<(Instant, Duration)>,
    /// The last save failed and that was reported: later failures of the
    /// same file stay quiet instead of repeating it after every game.
    failing: bool,
}

/// A game a learner can learn: its canonical keys are what the table holds
/// and what the file saves. Every game whose key can be serialised is one.
pub trait Learnable: Symmetric<Key: Serialize + DeserializeOwned> {}

impl<G: Symmetric<Key: Serialize + DeserializeOwned>> Learnable for G {}

/// The learning player. See the module documentation.
pub struct LearnerPlayer<G: Learnable> {
    file: Option<LearnerFile>,
    header: Header,
    table: HashMap<G::Key, Entry>,
    games: u64,
    rng: StdRng,
}

impl<G: Learnable> LearnerPlayer<G> {
    /// A learner for game `game` in configuration `config`, with the table in
    /// `path` (loaded if the file exists, created on the first save) or only
    /// in memory when there is no path. Fails if the file cannot be read or
    /// saved, or another learner (of this process or another) uses it.
    pub fn open(
        path: Option<&Path>,
        game: &str,
        config: &str,
        engine: &EngineConfig,
    ) -> Result<Self, GameError> {
        let header = Header {
            format: FORMAT.into(),
            version: VERSION,
            game: game.into(),
            config: config.into(),
        };
        let mut learner = LearnerPlayer {
            file: None,
            header,
            table: HashMap::new(),
            games: 0,
            rng: StdRng::seed_from_u64(engine.seed),
        };
        if let Some(path) = path {
            // What is wrong with the file is said first, even if another
            // learner holds it.
            let before = read_file(path)?;
            // An empty file may be one another learner just made to lock:
            // the lock says so first.
            let empty = |bytes: &Option<Vec<u8>>| bytes.as_ref().is_some_and(|b| b.is_empty());
            if let (Some(bytes), false) = (&before, empty(&before)) {
                learner.load(path, bytes)?;
            }
            let (held, now) = HeldFile::take(path)?;
            // Another learner may have saved between the read and the lock.
            if now != before || empty(&now) {
                learner.table.clear();
                learner.games = 0;
                if let Some(bytes) = &now {
                    learner.load(path, bytes)?;
                }
            }
            learner.file = Some(LearnerFile {
                path: path.to_path_buf(),
                held,
                unsaved: false,
                last_save: None,
                failing: false,
            });
        }
        Ok(learner)
    }

    fn load(&mut self, path: &Path, bytes: &[u8]) -> Result<(), GameError> {
        let damaged = |why: &str| {
            GameError::Io(format!(
                "the learner file {} is damaged or not a learner file ({}); \
                 move it away to start learning afresh",
                shown(path),
                shown_within(why, 120)
            ))
        };
        let found: HeaderOnly =
            serde_json::from_slice(bytes).map_err(|e| damaged(&e.to_string()))?;
        let found = found.header;
        if found.format != FORMAT {
            return Err(damaged(&format!("its format is '{}'", found.format)));
        }
        if found.version != VERSION {
            return Err(damaged(&format!(
                "version {} where {VERSION} was expected",
                found.version
            )));
        }
        if !found.game.eq_ignore_ascii_case(&self.header.game) || found.config != self.header.config
        {
            return Err(GameError::BadOption(format!(
                "the learner file {} was trained for {}, not for {}; give another file",
                shown(path),
                echo::shown(&describe(&found.game, &found.config)),
                describe(&self.header.game, &self.header.config)
            )));
        }
        let file: FileIn<G::Key> =
            serde_json::from_slice(bytes).map_err(|e| damaged(&e.to_string()))?;
        for (key, value, visits) in file.entries {
            if !value.is_finite() || value.abs() > 1.0 {
                return Err(damaged(&format!("value {value} is out of range")));
            }
            self.table.insert(key, Entry { value, visits });
        }
        self.games = file.games;
        Ok(())
    }

    /// Afterstates learned so far.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True before any afterstate has been learned.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Games learned from so far (including those in the loaded file).
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The value of the position `after` for `mover`, who just moved there:
    /// exact when the game is over, learned otherwise (0 when unknown).
    fn afterstate(&self, after: &G, mover: Side) -> (f32, u32) {
        if let Some(result) = after.result() {
            let value = match result {
                GameResult::Win(side) if side == mover => 1.0,
                GameResult::Win(_) => -1.0,
                GameResult::Draw => 0.0,
            };
            return (value, u32::MAX);
        }
        match self.table.get(&after.canonical().1) {
            Some(entry) => (entry.value, entry.visits),
            None => (0.0, 0),
        }
    }

    /// The value of `position` for the player to move: the best afterstate
    /// they can reach (0 if they have no move, which only a finished game has).
    fn best_reply(&self, position: &G) -> f32 {
        let mover = position.to_move();
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let mut child = position.clone();
        let mut best: Option<f32> = None;
        for mv in moves {
            let undo = child.play(mv);
            let (value, _) = self.afterstate(&child, mover);
            child.undo(mv, undo);
            best = Some(best.map_or(value, |b| b.max(value)));
        }
        best.unwrap_or(0.0)
    }

    /// One backup of the afterstate `after`.
    fn learn_position(&mut self, after: &G) {
        if after.result().is_some() {
            return;
        }
        let target = -DISCOUNT * self.best_reply(after);
        let key = after.canonical().1;
        let entry = self.table.entry(key).or_insert(Entry {
            value: f32::NAN,
            visits: 0,
        });
        entry.value = target;
        entry.visits = entry.visits.saturating_add(1);
    }

    /// Writes the table to `file` through a temporary file, locked before it
    /// is renamed over the old one (so the lock never lapses) and given the
    /// old one's permissions; returns the new file, open and locked.
    fn write(&self, file: &LearnerFile) -> Result<fs::File, GameError> {
        let (path, target) = (&file.path, &file.held.target);
        let temp = temp_path(target);
        let permissions = file.held.permissions();
        let table = FileOut {
            header: &self.header,
            games: self.games,
            entries: self
                .table
                .iter()
                .map(|(k, e)| (k, e.value, e.visits))
                .collect(),
        };
        let result = (|| {
            let new = fs::File::create(&temp)?;
            if let Some(permissions) = permissions {
                new.set_permissions(permissions)?;
            }
            new.try_lock().map_err(std::io::Error::other)?;
            let mut out = Limited {
                inner: BufWriter::new(&new),
                written: 0,
            };
            serde_json::to_writer(&mut out, &table).map_err(std::io::Error::other)?;
            out.flush()?;
            drop(out);
            fs::rename(&temp, target)?;
            Ok(new)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&temp);
        }
        result.map_err(|e: std::io::Error| cannot_save(path, &e))
    }

    /// Saves unsaved games now; a failure is returned only if the previous
    /// save of this file succeeded (it was reported before otherwise).
    fn flush(&mut self) -> Result<(), GameError> {
        let Some(file) = &self.file else {
            return Ok(());
        };
        if !file.unsaved {
            return Ok(());
        }
        let started = Instant::now();
        let result = self.write(file);
        let file = self.file.as_mut().expect("checked above");
        file.last_save = Some((Instant::now(), started.elapsed()));
        match result {
            Ok(new) => {
                file.held.replaced_by(new);
                file.unsaved = false;
                file.failing = false;
                Ok(())
            }
            Err(_) if file.failing => Ok(()),
            Err(e) => {
                file.failing = true;
                Err(e)
            }
        }
    }
}

impl<G: Learnable> Player<G> for LearnerPlayer<G> {
    fn choose(&mut self, game: &G) -> Choice<G::Move> {
        let mover = game.to_move();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut child = game.clone();
        let scored: Vec<(G::Move, f32, u32)> = moves
            .iter()
            .map(|&mv| {
                let undo = child.play(mv);
                let (value, visits) = self.afterstate(&child, mover);
                child.undo(mv, undo);
                (mv, value, visits)
            })
            .collect();
        let best = scored.iter().map(|s| s.1).fold(f32::NEG_INFINITY, f32::max);
        let tied: Vec<&(G::Move, f32, u32)> = scored.iter().filter(|s| s.1 >= best - TIE).collect();
        let fewest = tied.iter().map(|s| s.2).min().unwrap_or(0);
        let least_seen: Vec<G::Move> = tied.iter().filter(|s| s.2 == fewest).map(|s| s.0).collect();
        let mv = *least_seen.choose(&mut self.rng).expect("a move exists");
        Choice { mv, value: None }
    }

    fn game_over(&mut self, positions: &[G], _result: Option<GameResult>, _seat: Side) {
        // From the end backwards, so each backup sees the fresh values of
        // the positions after it.
        for after in positions.iter().skip(1).rev() {
            self.learn_position(after);
        }
        self.games += 1;
        if let Some(file) = &mut self.file {
            file.unsaved = true;
        }
    }

    /// Saves the table unless the last save is too recent (see
    /// `SAVE_SPACING`); the games after it are saved by a later call or
    /// when the learner is dropped. A failing file is reported once, not
    /// after every game.
    fn save(&mut self) -> Result<(), GameError> {
        let due = self.file.as_ref().is_some_and(|f| match f.last_save {
            Some((ended, took)) => ended.elapsed() >= took * SAVE_SPACING,
            None => true,
        });
        if due {
            self.flush()
        } else {
            Ok(())
        }
    }
}

impl<G: Learnable> Drop for LearnerPlayer<G> {
    /// Saves the games since the last save. There is no caller left to
    /// return a failure to, so it is reported on stderr (once: not if the
    /// same file's failure was reported already).
    fn drop(&mut self) {
        if let Err(e) = self.flush() {
            eprintln!("warning: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// A pile of `left` counters; a move takes 1 to 3; whoever takes the
    /// last wins. Lost exactly when `left` is a multiple of 4.
    #[derive(Clone, Debug)]
    struct Pile {
        left: u32,
        ply: u32,
    }

    impl Game for Pile {
        type Move = u32;
        type Undo = ();
        type Key = u32;

        fn to_move(&self) -> Side {
            Side::after_plies(self.ply)
        }
        fn result(&self) -> Option<GameResult> {
            (self.left == 0).then(|| GameResult::Win(self.to_move().opponent()))
        }
        fn generate_moves(&self, moves: &mut Vec<u32>) {
            moves.clear();
            moves.extend((1..=3).filter(|&t| t <= self.left));
        }
        fn play(&mut self, mv: u32) {
            debug_assert!((1..=3).contains(&mv) && mv <= self.left, "take {mv}");
            self.left -= mv;
            self.ply += 1;
        }
        fn undo(&mut self, mv: u32, _: ()) {
            debug_assert!(self.ply > 0 && (1..=3).contains(&mv), "undo of take {mv}");
            self.left += mv;
            self.ply -= 1;
        }
        fn hash(&self) -> u64 {
            self.left as u64
        }
        fn recompute_hash(&self) -> u64 {
            self.left as u64
        }
        fn key(&self) -> u32 {
            self.left
        }
        fn ply(&self) -> u32 {
            self.ply
        }
    }

    impl Symmetric for Pile {}

    fn play_out(learner: &mut LearnerPlayer<Pile>, start: u32, rng: &mut StdRng) -> Vec<Pile> {
        let mut game = Pile {
            left: start,
            ply: 0,
        };
        let mut positions = vec![game.clone()];
        while game.result().is_none() {
            // The learner plays first; the second player moves at random.
            let mv = if game.to_move() == Side::First {
                learner.choose(&game).mv
            } else {
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                *moves.choose(rng).expect("a move")
            };
            game.play(mv);
            positions.push(game.clone());
        }
        positions
    }

    #[test]
    fn learns_to_leave_multiples_of_four() {
        let mut learner =
            LearnerPlayer::<Pile>::open(None, "pile", "", &EngineConfig::default()).unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..300 {
            let positions = play_out(&mut learner, 21, &mut rng);
            learner.game_over(&positions, positions.last().unwrap().result(), Side::First);
        }
        for left in (1..=21).filter(|l| l % 4 != 0) {
            let game = Pile { left, ply: 0 };
            assert_eq!(learner.choose(&game).mv, left % 4, "pile of {left}");
        }
        assert_eq!(learner.games(), 300);
    }

    /// A fresh folder for one test's files.
    fn scratch(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("ply-learner-unit-{}-{test}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn saved_games(file: &Path) -> u64 {
        let text = fs::read_to_string(file).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        json["games"].as_u64().unwrap()
    }

    #[test]
    fn refuses_tables_of_another_configuration() {
        let dir = scratch("config");
        let file = dir.join("pile.json");
        let config = EngineConfig::default();
        let mut learner = LearnerPlayer::<Pile>::open(Some(&file), "pile", "a", &config).unwrap();
        let mut rng = StdRng::seed_from_u64(2);
        let positions = play_out(&mut learner, 9, &mut rng);
        learner.game_over(&positions, None, Side::First);
        learner.save().unwrap();
        let learned = learner.len();
        drop(learner);
        let again = LearnerPlayer::<Pile>::open(Some(&file), "pile", "a", &config).unwrap();
        assert_eq!(again.len(), learned);
        assert_eq!(again.games(), 1);
        drop(again);
        let error = LearnerPlayer::<Pile>::open(Some(&file), "pile", "b", &config)
            .err()
            .expect("another configuration");
        assert!(
            error
                .to_string()
                .contains("trained for pile (a), not for pile (b)"),
            "{error}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn games_are_named_as_people_know_them() {
        assert_eq!(describe("Mnk", "3x3 k=3"), "tic-tac-toe (3x3 k=3)");
        assert_eq!(describe("mnk", "4x4 k=3"), "m,n,k (4x4 k=3)");
        assert_eq!(describe("trilite", ""), "trilite");
    }

    #[test]
    fn files_of_older_versions_naming_the_rust_type_still_load() {
        let dir = scratch("legacy");
        let file = dir.join("old.json");
        fs::write(
            &file,
            r#"{"header":{"format":"ply-learner","version":1,"game":"Pile","config":""},
                "games":7,"entries":[[5,0.5,2]]}"#,
        )
        .unwrap();
        let config = EngineConfig::default();
        let learner = LearnerPlayer::<Pile>::open(Some(&file), "pile", "", &config).unwrap();
        assert_eq!((learner.games(), learner.len()), (7, 1));
        drop(learner);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_file_has_one_learner_at_a_time() {
        let dir = scratch("claim");
        let file = dir.join("shared.json");
        let config = EngineConfig::default();
        let first = LearnerPlayer::<Pile>::open(Some(&file), "pile", "", &config).unwrap();
        // Another spelling of the same file is the same file.
        let other_spelling = dir.join(".").join("shared.json");
        let error = LearnerPlayer::<Pile>::open(Some(&other_spelling), "pile", "", &config)
            .err()
            .expect("a second learner on the file");
        assert!(
            error
                .to_string()
                .contains("already used by another learner"),
            "{error}"
        );
        drop(first);
        LearnerPlayer::<Pile>::open(Some(&file), "pile", "", &config).expect("free again");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_file_holds_every_game_once_the_learner_is_dropped() {
        let dir = scratch("count");
        let file = dir.join("count.json");
        let config = EngineConfig::default();
        let mut learner = LearnerPlayer::<Pile>::open(Some(&file), "pile", "", &config).unwrap();
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..25 {
            let positions = play_out(&mut learner, 10, &mut rng);
            learner.game_over(&positions, positions.last().unwrap().result(), Side::First);
            learner.save().unwrap();
        }
        // The first game is saved at once, later ones as saving keeps
        // within its share of the time, and the rest on the drop.
        assert!((1..=25).contains(&saved_games(&file)));
        drop(learner);
        assert_eq!(saved_games(&file), 25);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failing_save_is_reported_once() {
        let dir = scratch("failing");
        let file = dir.join("gone.json");
        let config = EngineConfig::default();
        let mut learner = LearnerPlayer::<Pile>::open(Some(&file), "pile", "", &config).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        let mut rng = StdRng::seed_from_u64(4);
        let mut failures = 0;
        for _ in 0..3 {
            let positions = play_out(&mut learner, 6, &mut rng);
            learner.game_over(&positions, None, Side::First);
            failures += usize::from(learner.flush().is_err());
        }
        assert_eq!(failures, 1);
    }

    #[test]
    fn only_regular_files_of_bounded_size_are_read() {
        let config = EngineConfig::default();
        let open = |path: &Path| {
            LearnerPlayer::<Pile>::open(Some(path), "pile", "", &config)
                .err()
                .expect("refused")
                .to_string()
        };
        let dir = scratch("special");
        assert!(open(&dir).contains("it is a folder"), "{}", open(&dir));
        #[cfg(unix)]
        {
            let zero = open(Path::new("/dev/zero"));
            assert!(zero.contains("it is a device"), "{zero}");
            let fifo = dir.join("pipe");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                let error = open(&fifo);
                assert!(error.contains("it is a named pipe"), "{error}");
            }
        }
        let big = dir.join("big.json");
        let file = fs::File::create(&big).unwrap();
        file.set_len(MAX_FILE_BYTES + 1).unwrap();
        let error = open(&big);
        assert!(error.contains("limit of 64 MiB"), "{error}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_table_too_big_for_a_file_is_not_written() {
        let dir = scratch("limit");
        let path = dir.join("t.json");
        let mut out = Limited {
            inner: Vec::new(),
            written: MAX_FILE_BYTES - 2,
        };
        assert!(out.write_all(b"ab").is_ok());
        let error = out.write_all(b"c").unwrap_err();
        assert!(cannot_save(&path, &error).to_string().contains("64 MiB"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
