//! Round-robin tournaments between bots, for any game, through the
//! type-erased `Session`: every pair plays N games, half with each side
//! first, scored as the Trilite request asks (1000 a win, 500 a draw, minus
//! 1 per millisecond of thinking) with wins / draws / losses and an Elo
//! estimate. Games run in parallel; each game gets a fresh session and
//! fresh bots with their own seeds, so a game's moves do not depend on
//! which thread plays it or when.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::config::{BotSpec, EngineConfig};
use crate::error::GameError;
use crate::game::GameResult;
use crate::options::GameOptions;
use crate::session::GameKind;

/// How a tournament is run.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub players: Vec<BotSpec>,
    /// Games each pair plays; the first player alternates.
    pub games_per_pair: u32,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// A move taking longer than this ends the game as a draw.
    pub move_time: Option<Duration>,
    /// Games played at once.
    pub jobs: usize,
    /// Settings for every bot; each bot's seed is derived from `seed`.
    pub engine: EngineConfig,
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
    /// A bot failed to move (an error or an illegal move): it loses.
    BotError,
}

/// One game of the tournament.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// Indices into the player list: who moved first and second.
    pub first: usize,
    pub second: usize,
    /// The winner's index, none for a draw.
    pub winner: Option<usize>,
    pub ending: Ending,
    pub plies: u32,
    /// Thinking time of the first and the second player, in milliseconds.
    pub thinking_ms: [f64; 2],
    pub moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    fn add(&mut self, points: Points) {
        match points {
            Points::Win => self.wins += 1,
            Points::Draw => self.draws += 1,
            Points::Loss => self.losses += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points with a win 1 and a draw one half.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}-{}", self.wins, self.draws, self.losses)
    }
}

#[derive(Clone, Copy)]
enum Points {
    Win,
    Draw,
    Loss,
}

/// One player's line of the table.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    pub player: usize,
    pub name: String,
    /// 1000 per win + 500 per draw - thinking milliseconds.
    pub score: f64,
    pub total: Tally,
    pub as_first: Tally,
    pub as_second: Tally,
    pub thinking_ms: f64,
    /// Relative Elo (the players' mean is 0).
    pub elo: f64,
}

/// Everything a tournament produced.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentReport {
    pub game: String,
    pub players: Vec<String>,
    pub games_per_pair: u32,
    pub max_plies: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_time_ms: Option<f64>,
    /// Best score first.
    pub standings: Vec<Standing>,
    /// `crosstable[i][j]`: player i's results against player j.
    pub crosstable: Vec<Vec<Tally>>,
    pub games: Vec<GameRecord>,
    pub wall_ms: f64,
}

/// Display names: the specs, numbered where one appears twice.
fn names(players: &[BotSpec]) -> Vec<String> {
    players
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let name = spec.to_string();
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
fn seed(base: u64, game: usize, seat: usize) -> u64 {
    let mut z = base
        ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (seat as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Runs the round robin. `progress(done, total)` is called after each game
/// (from worker threads). Fails before any game if a player cannot play this
/// game or the settings make no sense.
pub fn run(
    kind: &dyn GameKind,
    options: &GameOptions,
    config: &ArenaConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<TournamentReport, GameError> {
    if config.players.len() < 2 {
        return Err(GameError::BadOption(
            "a tournament needs at least two players".into(),
        ));
    }
    if config.games_per_pair == 0 {
        return Err(GameError::BadOption("--games must be at least 1".into()));
    }
    // Build every bot once up front: bad specs fail here, and one-off work
    // shared through the process (a solved table) is not charged to a game.
    let session = kind.new_session(options)?;
    for spec in &config.players {
        session.new_bot(spec, &config.engine)?;
    }

    let n = config.players.len();
    let mut schedule = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            for g in 0..config.games_per_pair {
                let (first, second) = if g % 2 == 0 { (i, j) } else { (j, i) };
                schedule.push((first, second));
            }
        }
    }
    let total = schedule.len();
    let done = AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs.max(1))
        .build()
        .map_err(|e| GameError::Unsupported(format!("cannot start worker threads: {e}")))?;
    let started = Instant::now();
    let games: Vec<GameRecord> = pool.install(|| {
        schedule
            .par_iter()
            .enumerate()
            .map(|(index, &(first, second))| {
                let record = play_game(kind, options, config, index, first, second);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                record
            })
            .collect::<Result<Vec<_>, GameError>>()
    })?;
    let wall_ms = started.elapsed().as_secs_f64() * 1e3;
    Ok(report(kind.name(), config, games, wall_ms))
}

/// Plays one game between players `first` and `second`.
fn play_game(
    kind: &dyn GameKind,
    options: &GameOptions,
    config: &ArenaConfig,
    index: usize,
    first: usize,
    second: usize,
) -> Result<GameRecord, GameError> {
    let mut session = kind.new_session(options)?;
    let seats = [first, second];
    let mut bots = Vec::with_capacity(2);
    for (seat, &player) in seats.iter().enumerate() {
        let engine = EngineConfig {
            seed: seed(config.engine.seed, index, seat),
            ..config.engine.clone()
        };
        bots.push(session.new_bot(&config.players[player], &engine)?);
    }
    let mut thinking = [Duration::ZERO; 2];
    let mut plies = 0;
    let mut error = None;
    let (winner, ending) = loop {
        if let Some(result) = session.result() {
            let winner = match result {
                GameResult::Win(side) => Some(seats[side.index()]),
                GameResult::Draw => None,
            };
            break (winner, Ending::Rules);
        }
        if plies >= config.max_plies {
            break (None, Ending::MaxMoves);
        }
        let seat = session.to_move().index();
        let clock = Instant::now();
        let moved = session.bot_move(&mut bots[seat]);
        let took = clock.elapsed();
        thinking[seat] += took;
        if let Err(e) = moved {
            error = Some(e.to_string());
            break (Some(seats[1 - seat]), Ending::BotError);
        }
        plies += 1;
        if config.move_time.is_some_and(|limit| took > limit) {
            break (None, Ending::MoveTime);
        }
    };
    Ok(GameRecord {
        first,
        second,
        winner,
        ending,
        plies,
        thinking_ms: thinking.map(|t| t.as_secs_f64() * 1e3),
        moves: session.moves_played(),
        error,
    })
}

/// Tallies, scores, Elo and the ranking.
fn report(
    game: &str,
    config: &ArenaConfig,
    games: Vec<GameRecord>,
    wall_ms: f64,
) -> TournamentReport {
    let n = config.players.len();
    let names = names(&config.players);
    let mut crosstable = vec![vec![Tally::default(); n]; n];
    let mut as_first = vec![Tally::default(); n];
    let mut as_second = vec![Tally::default(); n];
    let mut thinking = vec![0.0; n];
    for record in &games {
        for (seat, (me, them)) in [(record.first, record.second), (record.second, record.first)]
            .into_iter()
            .enumerate()
        {
            let points = match record.winner {
                None => Points::Draw,
                Some(w) if w == me => Points::Win,
                Some(_) => Points::Loss,
            };
            crosstable[me][them].add(points);
            if seat == 0 {
                as_first[me].add(points);
            } else {
                as_second[me].add(points);
            }
            thinking[me] += record.thinking_ms[seat];
        }
    }
    let elo = elo(&crosstable);
    let mut standings: Vec<Standing> = (0..n)
        .map(|i| {
            let total = Tally {
                wins: as_first[i].wins + as_second[i].wins,
                draws: as_first[i].draws + as_second[i].draws,
                losses: as_first[i].losses + as_second[i].losses,
            };
            Standing {
                player: i,
                name: names[i].clone(),
                score: 1000.0 * f64::from(total.wins) + 500.0 * f64::from(total.draws)
                    - thinking[i],
                total,
                as_first: as_first[i],
                as_second: as_second[i],
                thinking_ms: thinking[i],
                elo: elo[i],
            }
        })
        .collect();
    standings.sort_by(|a, b| b.score.total_cmp(&a.score));
    TournamentReport {
        game: game.to_string(),
        players: names,
        games_per_pair: config.games_per_pair,
        max_plies: config.max_plies,
        move_time_ms: config.move_time.map(|t| t.as_secs_f64() * 1e3),
        standings,
        crosstable,
        games,
        wall_ms,
    }
}

/// Bradley-Terry ratings by minorisation-maximisation (Hunter 2004), draws
/// counting half a win each. One virtual draw per pair keeps a player who
/// never lost (or never won) at a finite rating. Returned as Elo with the
/// players' mean at 0.
pub fn elo(crosstable: &[Vec<Tally>]) -> Vec<f64> {
    let n = crosstable.len();
    let games = |i: usize, j: usize| f64::from(crosstable[i][j].games());
    let played = |i: usize, j: usize| i != j && games(i, j) > 0.0;
    let pair_games = |i: usize, j: usize| games(i, j) + if played(i, j) { 1.0 } else { 0.0 };
    let points: Vec<f64> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| played(i, j))
                .map(|j| crosstable[i][j].points() + 0.5)
                .sum()
        })
        .collect();
    let mut strength = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next: Vec<f64> = (0..n)
            .map(|i| {
                let denominator: f64 = (0..n)
                    .filter(|&j| played(i, j))
                    .map(|j| pair_games(i, j) / (strength[i] + strength[j]))
                    .sum();
                if denominator > 0.0 {
                    points[i] / denominator
                } else {
                    strength[i]
                }
            })
            .collect();
        let log_mean = next.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
        for s in &mut next {
            *s /= log_mean.exp();
        }
        let change = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-12 {
            break;
        }
    }
    strength.iter().map(|s| 400.0 * s.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_orders_players_and_stays_finite() {
        let none = Tally::default();
        // A beats B 90-10, B beats C 90-10, A beats C 100-0.
        let table = vec![
            vec![none, tally(90, 0, 10), tally(100, 0, 0)],
            vec![tally(10, 0, 90), none, tally(90, 0, 10)],
            vec![tally(0, 0, 100), tally(10, 0, 90), none],
        ];
        let elo = elo(&table);
        assert!(elo[0] > elo[1] && elo[1] > elo[2], "{elo:?}");
        assert!(elo.iter().all(|e| e.is_finite()));
        assert!(elo.iter().sum::<f64>().abs() < 1e-6, "mean zero: {elo:?}");
        // 90% against each other is about 380 Elo.
        assert!((elo[0] - elo[1] - 380.0).abs() < 80.0, "{elo:?}");
    }

    #[test]
    fn equal_players_are_rated_equal() {
        let none = Tally::default();
        let even = tally(10, 20, 10);
        let elo = elo(&[vec![none, even], vec![even, none]]);
        assert!(elo[0].abs() < 1e-6 && elo[1].abs() < 1e-6, "{elo:?}");
    }

    #[test]
    fn duplicate_names_are_numbered_and_seeds_differ() {
        let names = names(&[BotSpec::Random, BotSpec::Perfect, BotSpec::Random]);
        assert_eq!(names, ["random", "perfect", "random#2"]);
        assert_ne!(seed(0, 1, 0), seed(0, 1, 1));
        assert_ne!(seed(0, 1, 0), seed(0, 2, 0));
    }
}
