//! Learner files with arbitrary contents: opening one never panics, and
//! either loads a table or says in one clean line what is wrong with it.

use std::fs;
use std::path::{Path, PathBuf};

use ply_engine::LearnerPlayer;
use ply_engine::{EngineConfig, Game, GameResult, Player, Side, Symmetric};
use proptest::prelude::*;

/// A pile of counters; a move takes 1 to 3; whoever takes the last wins.
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
        self.left -= mv;
        self.ply += 1;
    }
    fn undo(&mut self, mv: u32, _: ()) {
        self.left += mv;
        self.ply -= 1;
    }
    fn hash(&self) -> u64 {
        u64::from(self.left)
    }
    fn recompute_hash(&self) -> u64 {
        u64::from(self.left)
    }
    fn key(&self) -> u32 {
        self.left
    }
    fn ply(&self) -> u32 {
        self.ply
    }
}

impl Symmetric for Pile {}

/// A folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-learner-files-{}-{test}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Opens a learner on a file holding `bytes`: a table, or a clean error.
fn opens_or_explains(path: &Path, bytes: &[u8]) {
    fs::write(path, bytes).expect("written");
    match LearnerPlayer::<Pile>::open(Some(path), "pile", "", &EngineConfig::default()) {
        Ok(learner) => assert!(learner.len() <= bytes.len()),
        Err(error) => {
            let message = error.to_string();
            assert!(!message.chars().any(char::is_control), "{message:?}");
            assert!(message.len() < 600, "{message}");
            assert!(message.contains("learner file"), "{message}");
        }
    }
}

/// A file with a right header and arbitrary entries.
fn with_entries(games: &str, entries: &str) -> Vec<u8> {
    format!(
        r#"{{"header":{{"format":"ply-learner","version":1,"game":"pile","config":""}},"games":{games},"entries":{entries}}}"#
    )
    .into_bytes()
}

fn json_number() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|x| x.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        "-?[0-9]{0,30}(\\.[0-9]{0,5})?(e-?[0-9]{1,4})?",
        Just("null".to_string()),
        Just("\"1\"".to_string()),
    ]
}

fn entries() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (json_number(), json_number(), json_number())
            .prop_map(|(k, v, n)| format!("[{k},{v},{n}]")),
        0..8,
    )
    .prop_map(|entries| format!("[{}]", entries.join(",")))
}

fn header_field() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("ply-learner".to_string()),
        Just("pile".to_string()),
        any::<String>(),
    ]
}

fn check_bytes(dir: &Path, bytes: &[u8]) {
    opens_or_explains(&dir.join("any.json"), bytes);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_load_or_explain(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check_bytes(&scratch("bytes"), &bytes);
    }

    #[test]
    fn arbitrary_entries_load_or_explain(games in json_number(), entries in entries()) {
        check_bytes(&scratch("entries"), &with_entries(&games, &entries));
    }

    #[test]
    fn arbitrary_headers_load_or_explain(
        format in header_field(),
        game in header_field(),
        config in any::<String>(),
        version in any::<i64>(),
    ) {
        let text = serde_json::json!({
            "header": {"format": format, "version": version, "game": game, "config": config},
            "games": 1,
            "entries": [[3, 0.5, 1]],
        });
        check_bytes(&scratch("headers"), text.to_string().as_bytes());
    }

    #[test]
    fn cut_files_load_or_explain(cut in 0usize..200) {
        let whole = with_entries("12", "[[1,0.9,3],[2,-0.5,1],[5,0,0]]");
        check_bytes(&scratch("cut"), &whole[..cut.min(whole.len())]);
    }
}

#[test]
fn a_good_file_loads_and_bad_values_are_named() {
    let dir = scratch("named");
    let path = dir.join("good.json");
    fs::write(&path, with_entries("12", "[[1,0.9,3],[2,-0.5,1]]")).expect("written");
    let learner = LearnerPlayer::<Pile>::open(Some(&path), "pile", "", &EngineConfig::default())
        .expect("loads");
    assert_eq!((learner.games(), learner.len()), (12, 2));
    drop(learner);
    fs::write(&path, with_entries("1", "[[1,7.5,3]]")).expect("written");
    let error = LearnerPlayer::<Pile>::open(Some(&path), "pile", "", &EngineConfig::default())
        .err()
        .expect("refused");
    assert!(
        error.to_string().contains("value 7.5 is out of range"),
        "{error}"
    );
    fs::write(
        &path,
        b"{\"header\":{\"format\":\"\\u001b[2J\",\"version\":1,\"game\":\"pile\",\"config\":\"\"}}",
    )
    .expect("written");
    let error = LearnerPlayer::<Pile>::open(Some(&path), "pile", "", &EngineConfig::default())
        .err()
        .expect("refused");
    assert!(error.to_string().contains("'\\u{1b}[2J'"), "{error}");
    fs::remove_dir_all(&dir).ok();
}

/// The long run:
/// `cargo test -p ply-engine --test suite -- --ignored learner_files::learner_files_long`.
#[test]
#[ignore]
fn learner_files_long() {
    let dir = scratch("long");
    let config = ProptestConfig::with_cases(50_000);
    let mut runner = proptest::test_runner::TestRunner::new(config.clone());
    runner
        .run(&prop::collection::vec(any::<u8>(), 0..2000), |bytes| {
            check_bytes(&dir, &bytes);
            Ok(())
        })
        .expect("arbitrary bytes");
    let mut runner = proptest::test_runner::TestRunner::new(config);
    runner
        .run(&(json_number(), entries()), |(games, entries)| {
            check_bytes(&dir, &with_entries(&games, &entries));
            Ok(())
        })
        .expect("arbitrary entries");
    fs::remove_dir_all(&dir).ok();
}

/// Opens a learner on `path`: the table, or the error's message.
fn open(path: &Path) -> Result<LearnerPlayer<Pile>, String> {
    LearnerPlayer::<Pile>::open(Some(path), "pile", "", &EngineConfig::default())
        .map_err(|e| e.to_string())
}

/// Plays one game of a pile of 5 (each takes 1 then 2 then 2) and saves it.
fn play_one(learner: &mut LearnerPlayer<Pile>) {
    let mut game = Pile { left: 5, ply: 0 };
    let mut positions = vec![game.clone()];
    for take in [1, 2, 2] {
        game.play(take);
        positions.push(game.clone());
    }
    learner.game_over(&positions, game.result(), Side::First);
    learner.save().expect("saved");
}

fn saved_games(path: &Path) -> u64 {
    let text = fs::read_to_string(path).expect("readable");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    json["games"].as_u64().expect("a count")
}

/// Another holder of the file's lock (another process, as far as the lock
/// can tell: another open file) keeps a learner out, and a learner keeps
/// the lock through its saves, which replace the file.
#[test]
fn a_learner_file_has_one_holder_across_processes() {
    let dir = scratch("locked");
    let path = dir.join("held.json");
    fs::write(&path, with_entries("12", "[[1,0.9,3]]")).expect("written");
    let other = fs::File::open(&path).expect("opens");
    other.try_lock().expect("free at first");
    let error = open(&path).err().expect("refused while another holds it");
    assert!(error.contains("already used by another learner"), "{error}");
    assert!(error.contains("held.json"), "{error}");
    drop(other);
    let mut learner = open(&path).expect("free again");
    for _ in 0..2 {
        let probe = fs::File::open(&path).expect("opens");
        assert!(probe.try_lock().is_err(), "the learner holds the lock");
        play_one(&mut learner);
    }
    drop(learner);
    let probe = fs::File::open(&path).expect("opens");
    probe.try_lock().expect("released with the learner");
    fs::remove_dir_all(&dir).ok();
}

/// A save through a symbolic link replaces the file it points to (even
/// one not made yet), and the link stays a link.
#[cfg(unix)]
#[test]
fn a_save_through_a_link_keeps_the_link() {
    let dir = scratch("symlink");
    let target = dir.join("real.json");
    let link = dir.join("link.json");
    fs::write(&target, with_entries("12", "[[1,0.9,3]]")).expect("written");
    std::os::unix::fs::symlink("real.json", &link).expect("linked");
    let mut learner = open(&link).expect("opens through the link");
    play_one(&mut learner);
    drop(learner);
    assert!(fs::symlink_metadata(&link)
        .expect("there")
        .file_type()
        .is_symlink());
    assert_eq!(saved_games(&target), 13);
    // A link to a file not made yet: the save makes the file.
    let later = dir.join("later.json");
    let dangling = dir.join("dangling.json");
    std::os::unix::fs::symlink(&later, &dangling).expect("linked");
    let mut learner = open(&dangling).expect("opens");
    play_one(&mut learner);
    drop(learner);
    assert!(fs::symlink_metadata(&dangling)
        .expect("there")
        .file_type()
        .is_symlink());
    assert_eq!(saved_games(&later), 1);
    fs::remove_dir_all(&dir).ok();
}

/// A save keeps the file's permissions; a read-only file is refused at
/// open, not replaced by a writable one.
#[cfg(unix)]
#[test]
fn a_save_keeps_the_mode_and_a_read_only_file_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    let path = dir.join("private.json");
    fs::write(&path, with_entries("12", "[[1,0.9,3]]")).expect("written");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).expect("chmod");
    let mut learner = open(&path).expect("opens");
    play_one(&mut learner);
    drop(learner);
    let mode = fs::metadata(&path).expect("there").permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "{mode:o}");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).expect("chmod");
    let error = open(&path).err().expect("a read-only file is refused");
    assert!(error.contains("private.json"), "{error}");
    assert!(error.contains("read-only"), "{error}");
    assert_eq!(saved_games(&path), 13);
    fs::remove_dir_all(&dir).ok();
}

/// A file with a second name (a hard link) is refused: a save replaces
/// the file, which would leave the other name with the old table.
#[cfg(unix)]
#[test]
fn a_file_with_two_names_is_refused() {
    let dir = scratch("hardlink");
    let path = dir.join("one.json");
    let other = dir.join("two.json");
    fs::write(&path, with_entries("12", "[[1,0.9,3]]")).expect("written");
    fs::hard_link(&path, &other).expect("linked");
    let error = open(&path).err().expect("refused");
    assert!(error.contains("one.json"), "{error}");
    assert!(error.contains("hard link"), "{error}");
    fs::remove_file(&other).expect("removed");
    open(&path).expect("one name again");
    fs::remove_dir_all(&dir).ok();
}
