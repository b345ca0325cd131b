//! Round-robin tournaments between bots and contest entries, for any game,
//! through the type-erased `Session`: every pair plays N games, half with
//! each side first, scored as the Trilite request asks (1000 a win, 500 a
//! draw, minus 1 per millisecond of execution) with wins / draws / losses
//! and an Elo estimate.
//!
//! All of a player's time is charged, as the contest score deducts a point
//! per millisecond of the entry's execution: every call in full, the first of
//! each game included, and the building of its bot (a bot built before the
//! games, to check its spec, charges its player too: one-off work such as
//! Trilite's solved table, computed once per process, is charged to the
//! first player that needs it, in the order the players are listed). A
//! contest entry ([`entry`]) is charged its library's loading and every
//! call's execution as it measures them.
//!
//! Games run in parallel; each game gets a fresh session and fresh bots
//! with their own seeds, so a game's moves do not depend on which thread
//! plays it or when. Learners and contest entries are the exception: a
//! learner is one player that learns from every game it plays (and saves
//! its file as it goes), and an entry is one running program that keeps
//! its state between games, as a referee's loaded library would, so their
//! games are played one after another, in a fixed order, beside the
//! parallel games of the other pairs.
//!
//! Results are streamed into tallies; a record of every game is kept only
//! when asked for ([`run`]), within [`MAX_RECORDED_GAMES`], so a long
//! tournament ([`run_streamed`]) needs no more memory than a short one.
//! Every number in the configuration is bounded before anything is
//! allocated or spawned.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::config::{BotSpec, EngineConfig};
use crate::deadline::interrupted;
use crate::error::GameError;
use crate::game::Side;
use crate::opening;
use crate::options::GameOptions;
use crate::session::{GameKind, Session};

pub mod entry;
mod game;
mod results;
mod stats;

use entry::EntryHost;
use game::{play_game, Contender, Seating};
use results::Totals;
pub use results::{elo, Endings, Faults, Tally};
pub use stats::{elo_difference, wilson, ScoreStats, Z_95};

/// The ply limit of bot-against-bot games unless told otherwise: a game
/// still going after this many plies is a draw (Trilite and other games
/// that can go on forever need one).
pub const DEFAULT_MAX_PLIES: u32 = 300;
/// The largest ply limit accepted.
pub const MAX_PLY_LIMIT: u32 = 10_000;
/// The most players in one tournament.
pub const MAX_PLAYERS: usize = 64;
/// The most games each pair plays.
pub const MAX_GAMES_PER_PAIR: u32 = 1_000_000_000;
/// The most games whose records (moves and all) are kept, in all pairs.
pub const MAX_RECORDED_GAMES: u64 = 100_000;
/// The most plies the kept records may hold, counted as games times the
/// ply limit (about 4 bytes a ply: 120 MB at most).
pub const MAX_RECORDED_PLIES: u64 = 30_000_000;
/// The longest move time limit accepted: one hour.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(3600);
/// How long a contest entry may take over one call when no move time is
/// given: an entry still silent then is stopped and loses the game.
pub const DEFAULT_ENTRY_MOVE_TIME: Duration = Duration::from_secs(1);

/// The game time limit when contest entries play and none was given: the
/// contest draws a game whose players together think longer than this.
pub const DEFAULT_ENTRY_GAME_TIME: Duration = Duration::from_secs(60);

/// The longest game time limit.
pub const MAX_GAME_TIME: Duration = Duration::from_secs(24 * 3600);
/// Games played at once, at most this many per CPU.
pub const JOBS_PER_CPU: usize = 4;
/// The largest transposition table per bot, in MiB: every game of every
/// worker builds its own bots, two to a game.
pub const MAX_HASH_MB: usize = 512;
/// The most memory the bots' tables may take at once, in MiB: two bots in
/// each game played at once.
pub const MAX_TABLES_MB: usize = 1024;

/// The most seeded openings a tournament draws.
pub const MAX_OPENINGS: u32 = 10_000;

/// The most games played at once on this machine.
pub fn max_jobs() -> usize {
    JOBS_PER_CPU * std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How a tournament is run.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The players, bots and contest entries, in the order they are
    /// listed (the order one-off work is charged in).
    pub players: Vec<BotSpec>,
    /// Games each pair plays; the first player alternates.
    pub games_per_pair: u32,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// A bot's move taking longer than this ends the game as a draw; a
    /// contest entry silent this long is stopped and loses (see
    /// [`ArenaConfig::entry_move_time`]).
    pub move_time: Option<Duration>,
    /// A game whose two players' time together (everything charged to
    /// them) passes this is a draw (see [`ArenaConfig::game_time`]).
    pub game_time: Option<Duration>,
    /// Games played at once.
    pub jobs: usize,
    /// Settings for every bot; each bot's seed is derived from `seed`.
    pub engine: EngineConfig,
    /// Seeded balanced openings (drawn from `engine.seed`): game `g` of
    /// every pair starts from opening `(g / 2) mod N`, so each is played
    /// twice in a row with colours swapped. `None`: every game from the
    /// start.
    pub openings: Option<u32>,
}

impl ArenaConfig {
    /// Games in the whole round robin.
    pub fn total_games(&self) -> u64 {
        let n = self.players.len() as u64;
        n * n.saturating_sub(1) / 2 * u64::from(self.games_per_pair)
    }

    /// How long a contest entry may take over one call: the move time, or
    /// [`DEFAULT_ENTRY_MOVE_TIME`]. (A bot cannot be stopped mid-move, so
    /// only an entry needs a limit always.)
    pub fn entry_move_time(&self) -> Duration {
        self.move_time.unwrap_or(DEFAULT_ENTRY_MOVE_TIME)
    }

    /// The game time limit: the one given, or [`DEFAULT_ENTRY_GAME_TIME`]
    /// when contest entries play; none for bots alone.
    pub fn game_time(&self) -> Option<Duration> {
        self.game_time
            .or_else(|| self.has_entries().then_some(DEFAULT_ENTRY_GAME_TIME))
    }

    fn has_entries(&self) -> bool {
        self.players
            .iter()
            .any(|p| matches!(p, BotSpec::Entry(_) | BotSpec::Program(_)))
    }

    /// Refuses settings outside the limits above, before any work.
    fn check(&self, record: bool) -> Result<(), GameError> {
        let bad = |text: String| Err(GameError::BadOption(text));
        let players = self.players.len();
        if players < 2 {
            return bad("a tournament needs at least 2 players".into());
        }
        if players > MAX_PLAYERS {
            return bad(format!(
                "a tournament has at most {MAX_PLAYERS} players, not {players}"
            ));
        }
        if !(1..=MAX_GAMES_PER_PAIR).contains(&self.games_per_pair) {
            return bad(format!(
                "each pair plays 1 to {MAX_GAMES_PER_PAIR} games, not {}",
                self.games_per_pair
            ));
        }
        if !(1..=MAX_PLY_LIMIT).contains(&self.max_plies) {
            return bad(format!(
                "the ply limit is 1 to {MAX_PLY_LIMIT} plies, not {}",
                self.max_plies
            ));
        }
        if self.move_time.is_some_and(|t| t > MAX_MOVE_TIME) {
            return bad(format!(
                "the move time limit is at most {} ms (one hour)",
                MAX_MOVE_TIME.as_millis()
            ));
        }
        if self.game_time.is_some_and(|t| t > MAX_GAME_TIME) {
            return bad(format!(
                "the game time limit is at most {} ms (one day)",
                MAX_GAME_TIME.as_millis()
            ));
        }
        if self
            .openings
            .is_some_and(|n| !(1..=MAX_OPENINGS).contains(&n))
        {
            return bad(format!(
                "a tournament draws 1 to {MAX_OPENINGS} openings, not {}",
                self.openings.unwrap_or(0)
            ));
        }
        if let Some(openings) = self.openings {
            let round = 2 * u64::from(openings);
            if u64::from(self.games_per_pair) % round != 0 {
                return bad(format!(
                    "with {openings} openings each pair plays a multiple of {round} games \
                     (each opening once with each colour), not {}",
                    self.games_per_pair
                ));
            }
        }
        let max_jobs = max_jobs();
        if !(1..=max_jobs).contains(&self.jobs) {
            return bad(format!(
                "1 to {max_jobs} games at once ({JOBS_PER_CPU} per CPU), not {}",
                self.jobs
            ));
        }
        if !(1..=MAX_HASH_MB).contains(&self.engine.hash_mb) {
            return bad(format!(
                "a bot's table is 1 to {MAX_HASH_MB} MiB in a tournament, not {}",
                self.engine.hash_mb
            ));
        }
        let tables = 2 * self.jobs * self.engine.hash_mb;
        if tables > MAX_TABLES_MB {
            return bad(format!(
                "the bots' tables would take {tables} MiB (2 bots x {} games at once x {} MiB): \
                 at most {MAX_TABLES_MB} MiB in all",
                self.jobs, self.engine.hash_mb
            ));
        }
        let total = self.total_games();
        if record && total > MAX_RECORDED_GAMES {
            return bad(format!(
                "at most {MAX_RECORDED_GAMES} games can be recorded one by one, not {total}"
            ));
        }
        if record && total * u64::from(self.max_plies) > MAX_RECORDED_PLIES {
            return bad(format!(
                "at most {MAX_RECORDED_PLIES} plies can be recorded (games times the ply limit), \
                 not {total} x {}",
                self.max_plies
            ));
        }
        Ok(())
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// The rules ended it (a win or a drawn end position).
    Rules,
    /// Drawn at the ply limit.
    MaxMoves,
    /// Drawn because a move took longer than the limit.
    MoveTime,
    /// Drawn because the players' time together passed the game's limit.
    GameTime,
    /// A bot failed to move (an error or an illegal move): it loses.
    BotError,
    /// A contest entry's process died during its call: it loses.
    Crashed,
    /// A contest entry gave no answer within the move time limit and was
    /// stopped: it loses.
    TimedOut,
    /// A contest entry answered a move it may not play: it loses.
    IllegalAnswer,
}

impl Ending {
    /// True when a player lost by failing to move.
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Ending::BotError | Ending::Crashed | Ending::TimedOut | Ending::IllegalAnswer
        )
    }
}

/// One game of the tournament.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// Indices into the player list: who moved first and second.
    pub first: usize,
    /// The index of who moved second.
    pub second: usize,
    /// The winner's index, none for a draw.
    pub winner: Option<usize>,
    /// Why the game ended.
    pub ending: Ending,
    /// The opening it started from (an index into the report's openings),
    /// when the tournament has openings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening: Option<usize>,
    /// Plies played (after the opening).
    pub plies: u32,
    /// Time charged to the first and the second player, in milliseconds:
    /// every call, and the building of a bot made for this game.
    pub thinking_ms: [f64; 2],
    /// The moves, when records are kept.
    pub moves: Vec<String>,
    /// Why the loser failed to move, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One player's line of the table.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    /// The player's index in the player list.
    pub player: usize,
    /// The player's display name: its spec (an entry's path as typed),
    /// numbered where the same one plays twice.
    pub name: String,
    /// 1000 per win + 500 per draw - milliseconds charged.
    pub score: f64,
    /// Results of all the player's games.
    pub total: Tally,
    /// Results of the games it moved first in.
    pub as_first: Tally,
    /// Results of the games it moved second in.
    pub as_second: Tally,
    /// All the time charged: every call of every game, and building or
    /// loading the player (`setup_ms` and each game's fresh bot).
    pub thinking_ms: f64,
    /// Of `thinking_ms`, building the player before the games (a bot's
    /// one-off work, an entry's loading).
    pub setup_ms: f64,
    /// Games lost by failing to move, by how.
    pub faults: Faults,
    /// Relative Elo (the players' mean is 0).
    pub elo: f64,
    /// The score fraction over all its games, its 95% interval and the
    /// Elo difference against its opponents together (none before a game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<ScoreStats>,
}

/// One pair's match: the first player's results against the second.
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// The index of the player the results are of.
    pub player: usize,
    /// The index of its opponent.
    pub opponent: usize,
    /// `player`'s wins, draws and losses against `opponent`.
    pub results: Tally,
    /// Of `results`, the games `player` moved first in.
    pub as_first: Tally,
    /// Of `results`, the games `player` moved second in (`opponent` first).
    pub as_second: Tally,
    /// `player`'s score fraction, its 95% interval and the Elo difference
    /// over `opponent` (none before a game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<ScoreStats>,
}

/// Everything a tournament produced.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentReport {
    /// The game's name as the registry lists it.
    pub game: String,
    /// The players' display names, in the order they were listed.
    pub players: Vec<String>,
    /// Games each pair plays.
    pub games_per_pair: u32,
    /// The ply limit: a game still going after it is a draw.
    pub max_plies: u32,
    /// The move time limit, when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_time_ms: Option<f64>,
    /// How long a contest entry may take over one call, when entries play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry_move_time_ms: Option<f64>,
    /// The game time limit, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_time_ms: Option<f64>,
    /// Games in the round robin.
    pub games_scheduled: u64,
    /// Games played (fewer than scheduled only when interrupted).
    pub games_played: u64,
    /// True when an interrupt stopped the tournament before every game was
    /// played.
    pub interrupted: bool,
    /// Best score first.
    pub standings: Vec<Standing>,
    /// `crosstable[i][j]`: player i's results against player j.
    pub crosstable: Vec<Vec<Tally>>,
    /// Every pair's match, in schedule order, with its statistics.
    pub pairs: Vec<PairResult>,
    /// The seeded openings, each a sequence of moves from the start, when
    /// the tournament has them: game `g` of each pair starts from opening
    /// `(g / 2) mod N`, played twice with colours swapped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub openings: Vec<Vec<String>>,
    /// How many games ended each way.
    pub endings: Endings,
    /// The first bot error in schedule order, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_error: Option<String>,
    /// Learners that could not save, once each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// Every game in schedule order; empty unless records were asked for.
    pub games: Vec<GameRecord>,
    /// Wall-clock time of the games, in milliseconds.
    pub wall_ms: f64,
}

/// Display names: the specs, numbered where one appears twice.
fn names(players: &[BotSpec]) -> Vec<String> {
    players
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            // An entry is known by its path as typed.
            let name = match spec {
                BotSpec::Entry(path) => path.display().to_string(),
                _ => spec.to_string(),
            };
            let before = players[..i].iter().filter(|s| *s == spec).count();
            if before == 0 {
                name
            } else {
                format!("{name}#{}", before + 1)
            }
        })
        .collect()
}

/// A well-mixed seed per game and seat (SplitMix64 of the inputs).
fn seed(base: u64, game: u64, seat: usize) -> u64 {
    let mut z = base
        ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (seat as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Runs the round robin and keeps a record of every game (at most
/// [`MAX_RECORDED_GAMES`]). `progress(done, total)` is called after each
/// game (from worker threads). Fails before any game if a player cannot
/// play this game or the settings are out of bounds.
pub fn run(
    kind: &dyn GameKind,
    options: &GameOptions,
    config: &ArenaConfig,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<TournamentReport, GameError> {
    run_with(kind, options, config, None, true, progress)
}

/// [`run`] keeping only the tallies: any number of games in bounded memory.
pub fn run_streamed(
    kind: &dyn GameKind,
    options: &GameOptions,
    config: &ArenaConfig,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<TournamentReport, GameError> {
    run_with(kind, options, config, None, false, progress)
}

/// [`run`] (records kept when `keep`) or [`run_streamed`] with contest
/// entries among the players, started by `host`. Each entry is started
/// once before any game (a library that cannot play is refused then) and
/// plays all its games in turn.
pub fn run_with_entries(
    kind: &dyn GameKind,
    options: &GameOptions,
    config: &ArenaConfig,
    host: &dyn EntryHost,
    keep: bool,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<TournamentReport, GameError> {
    run_with(kind, options, config, Some(host), keep, progress)
}

/// A pair of players and its place in the schedule.
#[derive(Clone, Copy)]
struct Pair {
    /// Position among all pairs: game `g` of pair `p` is game number
    /// `p * games_per_pair + g` (its seeds come from that number).
    number: u64,
    players: (usize, usize),
}

impl Pair {
    /// Who moves first and second in the pair's game `g`.
    fn seats(&self, g: u32) -> [usize; 2] {
        let (i, j) = self.players;
        if g % 2 == 1 {
            [j, i]
        } else {
            [i, j]
        }
    }
}

fn run_with(
    kind: &dyn GameKind,
    options: &GameOptions,
    config: &ArenaConfig,
    host: Option<&dyn EntryHost>,
    keep: bool,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<TournamentReport, GameError> {
    config.check(keep)?;
    let n = config.players.len();
    let names = names(&config.players);
    // Learners and entries are one player for the whole tournament.
    let is_kept = |player: usize| {
        matches!(
            config.players[player],
            BotSpec::Learner(_) | BotSpec::Entry(_) | BotSpec::Program(_)
        )
    };
    // Build every bot once up front (bad specs fail here) and start every
    // entry (a library that cannot play is refused here). Learners and
    // entries are kept (a file two learners name is refused here). The
    // time each takes is charged to its player.
    // The kept bots live in this session, which plays every game in turn.
    let mut session = kind.new_session(options)?;
    let openings = draw_openings(session.as_ref(), config)?;
    let mut kept: Vec<Option<Contender>> = Vec::with_capacity(n);
    let mut setup = Vec::with_capacity(n);
    for (player, spec) in config.players.iter().enumerate() {
        if let BotSpec::Entry(_) | BotSpec::Program(_) = spec {
            let host = host.ok_or_else(|| {
                GameError::Unsupported(format!(
                    "player '{}': this game has no contest entries or engine programs",
                    names[player]
                ))
            })?;
            let started = match spec {
                BotSpec::Entry(path) => host.start(path)?,
                BotSpec::Program(program) => host.start_program(
                    program,
                    &entry::ProgramMatch {
                        options,
                        move_time: config.entry_move_time(),
                        game_time: config.game_time(),
                    },
                )?,
                _ => unreachable!("matched above"),
            };
            setup.push(started.setup);
            kept.push(Some(Contender::Entry(started.entry)));
            continue;
        }
        let engine = EngineConfig {
            seed: seed(config.engine.seed, u64::MAX - player as u64, 0),
            ..config.engine.clone()
        };
        let clock = Instant::now();
        let bot = session.new_bot(spec, &engine)?;
        setup.push(clock.elapsed());
        if is_kept(player) {
            kept.push(Some(Contender::Bot(bot)));
        } else {
            session.drop_bot(bot);
            kept.push(None);
        }
    }

    let mut pairs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            pairs.push(Pair {
                number: pairs.len() as u64,
                players: (i, j),
            });
        }
    }
    let (in_turn, independent): (Vec<Pair>, Vec<Pair>) = pairs
        .into_iter()
        .partition(|p| is_kept(p.players.0) || is_kept(p.players.1));
    let per_pair = config.games_per_pair;
    let total = config.total_games();
    let done = AtomicU64::new(0);
    let step = || progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs)
        .build()
        .map_err(|e| GameError::Unsupported(format!("cannot start worker threads: {e}")))?;
    let started = Instant::now();
    let lane = Lane {
        config,
        names: &names,
        keep,
        openings: &openings,
    };
    let (with_kept, others) = pool.install(|| {
        rayon::join(
            || lane.games_in_turn(session.as_mut(), &in_turn, &mut kept, &step),
            || {
                let games = independent.len() as u64 * u64::from(per_pair);
                (0..games)
                    .into_par_iter()
                    .try_fold(
                        || Totals::new(n),
                        |mut totals, k| {
                            if interrupted() {
                                return Ok::<Totals, GameError>(totals);
                            }
                            let pair = independent[(k / u64::from(per_pair)) as usize];
                            let g = (k % u64::from(per_pair)) as u32;
                            let index = pair.number * u64::from(per_pair) + u64::from(g);
                            let seats = pair.seats(g);
                            let mut session = kind.new_session(options)?;
                            let opening = lane.open(session.as_mut(), g)?;
                            let (first, built_first) =
                                lane.fresh(session.as_mut(), index, seats, 0)?;
                            let (second, built_second) =
                                lane.fresh(session.as_mut(), index, seats, 1)?;
                            let mut players = [first, second];
                            let [a, b] = &mut players;
                            let seating = Seating {
                                seats,
                                names: &names,
                                charged: [built_first, built_second],
                            };
                            let mut record =
                                play_game(session.as_mut(), [a, b], config, seating, keep);
                            record.opening = opening;
                            // A game the interrupt cut short is abandoned:
                            // its bots played their last moves unthinking.
                            if interrupted() {
                                return Ok(totals);
                            }
                            totals.add(index, record, keep);
                            step();
                            Ok(totals)
                        },
                    )
                    .try_reduce(|| Totals::new(n), |a, b| Ok(a.merge(b)))
            },
        )
    });
    // The learners save what is left of their games now, and the entries'
    // programs end, before the report.
    drop(kept);
    drop(session);
    let mut totals = with_kept?.merge(others?);
    totals.records.sort_by_key(|(index, _)| *index);
    let wall_ms = started.elapsed().as_secs_f64() * 1e3;
    let setup_ms: Vec<f64> = setup.iter().map(|t| t.as_secs_f64() * 1e3).collect();
    let mut report = report(kind.name(), config, totals, &setup_ms, total, wall_ms);
    report.openings = openings;
    Ok(report)
}

/// The tournament's openings, drawn from its seed, when it has them.
fn draw_openings(
    session: &dyn Session,
    config: &ArenaConfig,
) -> Result<Vec<Vec<String>>, GameError> {
    let Some(count) = config.openings else {
        return Ok(Vec::new());
    };
    (0..count)
        .map(|index| {
            session
                .opening(opening::opening_seed(config.engine.seed, index))
                .ok_or_else(|| {
                    GameError::Unsupported(
                        "this game has no seeded openings: play without them".into(),
                    )
                })
        })
        .collect()
}

/// What every game of a tournament shares.
struct Lane<'a> {
    config: &'a ArenaConfig,
    names: &'a [String],
    keep: bool,
    openings: &'a [Vec<String>],
}

impl Lane<'_> {
    /// Plays the opening of a pair's game `g` in `session` (at its start),
    /// when the tournament has openings, and says which it was.
    fn open(&self, session: &mut dyn Session, g: u32) -> Result<Option<usize>, GameError> {
        if self.openings.is_empty() {
            return Ok(None);
        }
        let index = (g / 2) as usize % self.openings.len();
        for mv in &self.openings[index] {
            session.play(mv)?;
        }
        Ok(Some(index))
    }

    /// A new bot for `seat` of game `index`, seeded for that game and
    /// seat, and the time building it took (charged to that seat).
    fn fresh(
        &self,
        session: &mut dyn Session,
        index: u64,
        seats: [usize; 2],
        seat: usize,
    ) -> Result<(Contender, Duration), GameError> {
        let engine = EngineConfig {
            seed: seed(self.config.engine.seed, index, seat),
            ..self.config.engine.clone()
        };
        let clock = Instant::now();
        let bot = session.new_bot(&self.config.players[seats[seat]], &engine)?;
        Ok((Contender::Bot(bot), clock.elapsed()))
    }

    /// The games of every pair with a learner or an entry, one after
    /// another: round by round (each pair's game `g` before any pair's game
    /// `g + 1`), so each such player meets its opponents evenly as it
    /// learns or keeps its state. Each learner learns and saves after each
    /// of its games.
    fn games_in_turn(
        &self,
        session: &mut dyn Session,
        pairs: &[Pair],
        kept: &mut [Option<Contender>],
        step: &(dyn Fn() + Sync),
    ) -> Result<Totals, GameError> {
        let config = self.config;
        let mut totals = Totals::new(config.players.len());
        for g in 0..config.games_per_pair {
            for pair in pairs {
                if interrupted() {
                    return Ok(totals);
                }
                let index = pair.number * u64::from(config.games_per_pair) + u64::from(g);
                let seats = pair.seats(g);
                session.restart();
                let opening = self.open(session, g)?;
                // A seat's player: the kept one, or a fresh bot for this game.
                let mut player =
                    |session: &mut dyn Session, seat: usize| match kept[seats[seat]].take() {
                        Some(kept) => Ok((kept, Duration::ZERO)),
                        None => self.fresh(session, index, seats, seat),
                    };
                let (first, built_first) = player(session, 0)?;
                let (second, built_second) = player(session, 1)?;
                let mut players = [first, second];
                let [a, b] = &mut players;
                let seating = Seating {
                    seats,
                    names: self.names,
                    charged: [built_first, built_second],
                };
                let mut record = play_game(session, [a, b], config, seating, self.keep);
                record.opening = opening;
                // A game the interrupt cut short is abandoned, unlearned.
                let abandoned = interrupted();
                for (seat, (&number, mut player)) in seats.iter().zip(players).enumerate() {
                    match config.players[number] {
                        BotSpec::Learner(_) => {
                            if let (Contender::Bot(bot), false) = (&mut player, abandoned) {
                                if let Err(e) = session.game_over(bot, Side::BOTH[seat]) {
                                    totals.warnings.push(e.to_string());
                                }
                            }
                            kept[number] = Some(player);
                        }
                        BotSpec::Entry(_) | BotSpec::Program(_) => kept[number] = Some(player),
                        // A fresh bot ends with its game.
                        _ => {
                            if let Contender::Bot(bot) = player {
                                session.drop_bot(bot);
                            }
                        }
                    }
                }
                if abandoned {
                    return Ok(totals);
                }
                totals.add(index, record, self.keep);
                step();
            }
        }
        Ok(totals)
    }
}

/// Scores, Elo and the ranking.
fn report(
    game: &str,
    config: &ArenaConfig,
    totals: Totals,
    setup_ms: &[f64],
    scheduled: u64,
    wall_ms: f64,
) -> TournamentReport {
    let n = config.players.len();
    let names = names(&config.players);
    let elo = elo(&totals.crosstable);
    let mut standings: Vec<Standing> = (0..n)
        .map(|i| {
            let mut total = totals.as_first[i];
            total.merge(totals.as_second[i]);
            let charged = totals.thinking[i] + setup_ms[i];
            Standing {
                player: i,
                name: names[i].clone(),
                score: 1000.0 * total.wins as f64 + 500.0 * total.draws as f64 - charged,
                total,
                as_first: totals.as_first[i],
                as_second: totals.as_second[i],
                thinking_ms: charged,
                setup_ms: setup_ms[i],
                faults: totals.faults[i].clone(),
                elo: elo[i],
                stats: ScoreStats::of(total),
            }
        })
        .collect();
    standings.sort_by(|a, b| b.score.total_cmp(&a.score));
    let pairs = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .map(|(player, opponent)| {
            let results = totals.crosstable[player][opponent];
            let as_first = totals.first_against[player][opponent];
            // The opponent's results moving first, seen from `player`.
            let theirs = totals.first_against[opponent][player];
            PairResult {
                player,
                opponent,
                results,
                as_first,
                as_second: Tally {
                    wins: theirs.losses,
                    draws: theirs.draws,
                    losses: theirs.wins,
                },
                stats: ScoreStats::of(results),
            }
        })
        .collect();
    TournamentReport {
        game: game.to_string(),
        players: names,
        games_per_pair: config.games_per_pair,
        max_plies: config.max_plies,
        move_time_ms: config.move_time.map(|t| t.as_secs_f64() * 1e3),
        entry_move_time_ms: config
            .has_entries()
            .then(|| config.entry_move_time().as_secs_f64() * 1e3),
        game_time_ms: config.game_time().map(|t| t.as_secs_f64() * 1e3),
        games_scheduled: scheduled,
        games_played: totals.played,
        openings: Vec::new(),
        interrupted: totals.played < scheduled,
        standings,
        crosstable: totals.crosstable,
        pairs,
        endings: totals.endings,
        first_error: totals.first_error.map(|(_, e)| e),
        warnings: totals.warnings,
        games: totals.records.into_iter().map(|(_, r)| r).collect(),
        wall_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(players: usize, games_per_pair: u32) -> ArenaConfig {
        ArenaConfig {
            players: vec![BotSpec::Random; players],
            games_per_pair,
            max_plies: DEFAULT_MAX_PLIES,
            move_time: None,
            game_time: None,
            jobs: 1,
            engine: EngineConfig {
                hash_mb: 4,
                ..EngineConfig::default()
            },
            openings: None,
        }
    }

    fn refused(config: &ArenaConfig, record: bool) -> String {
        config.check(record).expect_err("refused").to_string()
    }

    #[test]
    fn every_setting_is_bounded_before_any_work() {
        assert!(config(2, 2).check(true).is_ok());
        assert!(refused(&config(1, 2), false).contains("at least 2 players"));
        assert!(refused(&config(65, 2), false).contains("at most 64 players"));
        assert!(refused(&config(2, u32::MAX - 1), false).contains("1 to 1000000000 games"));
        // Streamed, the most games per pair is fine however many players.
        assert!(config(MAX_PLAYERS, MAX_GAMES_PER_PAIR).check(false).is_ok());
        assert_eq!(
            config(MAX_PLAYERS, MAX_GAMES_PER_PAIR).total_games(),
            2016 * u64::from(MAX_GAMES_PER_PAIR)
        );
        // Recorded, the games and their plies are bounded.
        assert!(refused(&config(2, 200_000), true).contains("at most 100000 games"));
        let mut long = config(2, 10_000);
        long.max_plies = MAX_PLY_LIMIT;
        assert!(refused(&long, true).contains("at most 30000000 plies"));
        assert!(long.check(false).is_ok());
        let mut endless = config(2, 2);
        endless.max_plies = MAX_PLY_LIMIT + 1;
        assert!(refused(&endless, false).contains("1 to 10000 plies"));
        let mut slow = config(2, 2);
        slow.move_time = Some(MAX_MOVE_TIME + Duration::from_millis(1));
        assert!(refused(&slow, false).contains("one hour"));
        let mut uneven = config(2, 6);
        uneven.openings = Some(2);
        assert!(refused(&uneven, false).contains("a multiple of 4 games"));
        uneven.games_per_pair = 8;
        assert!(uneven.check(false).is_ok());
        let mut crowded = config(2, 2);
        crowded.jobs = max_jobs() + 1;
        assert!(refused(&crowded, false).contains("per CPU"));
        let mut greedy = config(2, 2);
        greedy.engine.hash_mb = MAX_HASH_MB + 1;
        assert!(refused(&greedy, false).contains("MiB in a tournament"));
        greedy.engine.hash_mb = MAX_HASH_MB;
        greedy.jobs = 2.min(max_jobs());
        if greedy.jobs == 2 {
            assert!(refused(&greedy, false).contains("at most 1024 MiB in all"));
        }
    }

    #[test]
    fn each_side_of_a_pair_moves_first_in_turn() {
        let pair = Pair {
            number: 0,
            players: (3, 5),
        };
        assert_eq!(pair.seats(0), [3, 5]);
        assert_eq!(pair.seats(1), [5, 3]);
        assert_eq!(pair.seats(2), [3, 5]);
    }

    #[test]
    fn duplicate_names_are_numbered_and_seeds_differ() {
        let names = names(&[BotSpec::Random, BotSpec::Perfect, BotSpec::Random]);
        assert_eq!(names, ["random", "perfect", "random#2"]);
        let entry = BotSpec::Entry("./e.so".into());
        assert_eq!(
            super::names(&[entry.clone(), entry]),
            ["./e.so", "./e.so#2"]
        );
        assert_ne!(seed(0, 1, 0), seed(0, 1, 1));
        assert_ne!(seed(0, 1, 0), seed(0, 2, 0));
    }
}
