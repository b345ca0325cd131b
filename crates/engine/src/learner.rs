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
//! configuration, after every game that changed it, written to a temporary
//! file and renamed over the old one, so an interrupted save never leaves a
//! damaged file.

use std::collections::HashMap;
use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::bots::{Choice, Player};
use crate::config::EngineConfig;
use crate::error::GameError;
use crate::game::{Game, GameResult, Side};

/// Discount per ply: a win now is worth more than a win later.
pub const DISCOUNT: f32 = 0.95;

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
    /// The game's name.
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

/// The learning player. See the module documentation.
pub struct LearnerPlayer<G: Game> {
    path: Option<PathBuf>,
    header: Header,
    table: HashMap<G::Key, Entry>,
    games: u64,
    rng: StdRng,
    /// A value was learned or changed since the last save.
    changed: bool,
}

impl<G: Game> LearnerPlayer<G> {
    /// A learner for game `game` in configuration `config`, with the table in
    /// `path` (loaded if the file exists, created on the first save) or only
    /// in memory when there is no path.
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
            path: path.map(Path::to_path_buf),
            header,
            table: HashMap::new(),
            games: 0,
            rng: StdRng::seed_from_u64(engine.seed),
            changed: false,
        };
        if let Some(path) = path {
            match fs::read(path) {
                Ok(bytes) => learner.load(path, &bytes)?,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    // Say now, not after the first game, if it cannot be saved.
                    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
                    if folder.is_some_and(|f| !f.is_dir()) {
                        return Err(GameError::Io(format!(
                            "cannot save the learner file {}: its folder does not exist",
                            path.display()
                        )));
                    }
                }
                Err(e) => {
                    return Err(GameError::Io(format!(
                        "cannot read the learner file {}: {e}",
                        path.display()
                    )))
                }
            }
        }
        Ok(learner)
    }

    fn load(&mut self, path: &Path, bytes: &[u8]) -> Result<(), GameError> {
        let shown = path.display();
        let damaged = |why: String| {
            GameError::Io(format!(
                "the learner file {shown} is damaged or not a learner file ({why}); \
                 move it away to start learning afresh"
            ))
        };
        let found: HeaderOnly =
            serde_json::from_slice(bytes).map_err(|e| damaged(e.to_string()))?;
        let found = found.header;
        if found.format != FORMAT {
            return Err(damaged(format!("its format is '{}'", found.format)));
        }
        if found.version != VERSION {
            return Err(damaged(format!(
                "version {} where {VERSION} was expected",
                found.version
            )));
        }
        if found.game != self.header.game || found.config != self.header.config {
            return Err(GameError::BadOption(format!(
                "the learner file {shown} was trained for {} ({}), not for {} ({}); \
                 give another file",
                found.game,
                describe_config(&found.config),
                self.header.game,
                describe_config(&self.header.config)
            )));
        }
        let file: FileIn<G::Key> =
            serde_json::from_slice(bytes).map_err(|e| damaged(e.to_string()))?;
        for (key, value, visits) in file.entries {
            if !value.is_finite() || value.abs() > 1.0 {
                return Err(damaged(format!("value {value} is out of range")));
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
        if entry.value != target {
            self.changed = true;
        }
        entry.value = target;
        entry.visits = entry.visits.saturating_add(1);
    }

    fn write(&self, path: &Path) -> Result<(), GameError> {
        let io = |e: std::io::Error| {
            GameError::Io(format!(
                "cannot save the learner file {}: {e}",
                path.display()
            ))
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "learner".into());
        let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let file = FileOut {
            header: &self.header,
            games: self.games,
            entries: self
                .table
                .iter()
                .map(|(k, e)| (k, e.value, e.visits))
                .collect(),
        };
        let result = (|| {
            let mut out = BufWriter::new(fs::File::create(&temp)?);
            serde_json::to_writer(&mut out, &file).map_err(std::io::Error::other)?;
            out.flush()?;
            drop(out);
            fs::rename(&temp, path)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&temp);
        }
        result.map_err(io)
    }
}

fn describe_config(config: &str) -> &str {
    if config.is_empty() {
        "default configuration"
    } else {
        config
    }
}

impl<G: Game> Player<G> for LearnerPlayer<G> {
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
    }

    /// Writes the table after every game that learned or changed a value.
    /// Visit counts alone (they only steer tie-breaks) wait for the next
    /// such game, which spares a converged learner a file write per game.
    fn save(&mut self) -> Result<(), GameError> {
        match &self.path {
            Some(path) if self.changed => {
                self.write(path)?;
                self.changed = false;
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            self.left -= mv;
            self.ply += 1;
        }
        fn undo(&mut self, mv: u32, _: ()) {
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

    #[test]
    fn refuses_tables_of_another_configuration() {
        let dir = std::env::temp_dir().join(format!("ply-learner-unit-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("pile.json");
        let config = EngineConfig::default();
        let mut learner = LearnerPlayer::<Pile>::open(Some(&file), "pile", "a", &config).unwrap();
        let mut rng = StdRng::seed_from_u64(2);
        let positions = play_out(&mut learner, 9, &mut rng);
        learner.game_over(&positions, None, Side::First);
        learner.save().unwrap();
        let again = LearnerPlayer::<Pile>::open(Some(&file), "pile", "a", &config).unwrap();
        assert_eq!(again.len(), learner.len());
        assert_eq!(again.games(), 1);
        let error = LearnerPlayer::<Pile>::open(Some(&file), "pile", "b", &config)
            .err()
            .expect("another configuration");
        assert!(
            error.to_string().contains("trained for pile (a)"),
            "{error}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
