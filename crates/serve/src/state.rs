//! The live games and the limits that keep one client from starving the
//! others: at most `max_games` games (the longest idle is expired to make
//! room), at most `max_searches` searches at once, each with a time limit.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ply_engine::{GameKind, PlayerSpec, Session, Value};
use rand::RngCore;

use crate::engines::OutsideEngines;
use crate::error::ApiError;
use crate::fair::{FairSlots, SlotPermit};
use crate::wire::BoundedReport;

/// The server's bounds on work and memory.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Live games kept; creating one more expires the longest idle.
    pub max_games: usize,
    /// Live games one client address may hold; past it, creating one more
    /// is refused (429) and no other game is expired for it.
    pub max_games_per_client: usize,
    /// Connections served at once; more wait to be accepted.
    pub max_connections: usize,
    /// How long a client has to send a request's headers, from the
    /// connection's start or the previous answer; then it is closed.
    pub header_timeout: Duration,
    /// Longest request URI, in bytes (a longer one is answered 414).
    pub uri_bytes: usize,
    /// Largest request header block, in bytes (a larger one is 431).
    pub header_bytes: usize,
    /// Searches (computer moves, analyses) running at once.
    pub max_searches: usize,
    /// Searches one client address may run at once; the clients waiting
    /// for a slot take turns.
    pub max_searches_per_client: usize,
    /// Connections one client address may hold open; one more is closed
    /// at once.
    pub max_connections_per_client: usize,
    /// How long a request waits for a search slot before a 503.
    pub queue_wait: Duration,
    /// Time limit of a computer's move.
    pub move_time: Duration,
    /// Time limit of an analysis (`?values=true`, `/api/solve`).
    pub analysis_time: Duration,
    /// Transposition table of one search, in MiB.
    pub hash_mb: usize,
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// A game still going after this many plies is drawn (Trilite can
    /// cycle forever).
    pub max_plies: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_games: 256,
            max_games_per_client: 32,
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
            uri_bytes: 8 * 1024,
            header_bytes: 16 * 1024,
            max_searches: 4,
            max_searches_per_client: 2,
            max_connections_per_client: 32,
            queue_wait: Duration::from_secs(10),
            move_time: Duration::from_secs(1),
            analysis_time: Duration::from_secs(1),
            hash_mb: 8,
            body_bytes: 4096,
            max_plies: ply_engine::arena::DEFAULT_MAX_PLIES as usize,
        }
    }
}

/// Who plays a side: a person or a bot the game's session makes fresh for
/// each of its moves and ends after it (a bot keeps no memory between
/// requests, so an idle game holds no search tables).
#[derive(Clone, Debug)]
pub struct Seat {
    pub spec: PlayerSpec,
    /// As the client wrote it, canonical.
    pub name: String,
}

/// One game in progress.
pub struct LiveGame {
    pub kind: &'static dyn GameKind,
    pub options: serde_json::Map<String, serde_json::Value>,
    pub seats: [Seat; 2],
    pub session: Box<dyn Session>,
    pub start_position: String,
    /// The value of each move played, when it was known (the bot said, or
    /// the position before it had been analysed).
    pub values: Vec<Option<Value>>,
    /// The last analysis and the number of moves played when it was made.
    pub analysis: Option<(usize, BoundedReport)>,
    /// Seed of the bots' random choices.
    pub seed: u64,
    /// The moves taken back, the last taken back last, with their values:
    /// what `redo` replays, whichever seat made them.
    pub undone: Vec<(String, Option<Value>)>,
    /// Each seat's outside engine, once started (a process of its own,
    /// stopped when the game goes), and the moves it has been told: the
    /// game's line after its last move.
    pub programs: [Option<RunningProgram>; 2],
}

impl Drop for LiveGame {
    /// A game that goes stops its engines off the request threads: an
    /// engine is given a moment to leave when told the match is over.
    fn drop(&mut self) {
        let programs = std::mem::take(&mut self.programs);
        if programs.iter().any(Option::is_some) {
            std::thread::spawn(move || drop(programs));
        }
    }
}

/// An outside engine playing a seat.
pub struct RunningProgram {
    pub entry: Box<dyn ply_engine::arena::entry::Entry>,
    /// The moves of the game after the engine's last move; `None` before
    /// its first.
    pub seen: Option<Vec<String>>,
}

/// A live game with its secret and when (in use ticks) it was last used.
pub struct Entry {
    token: String,
    /// The address of the client that created it, for its quota.
    client: IpAddr,
    last_used: AtomicU64,
    pub game: Arc<tokio::sync::Mutex<LiveGame>>,
}

impl Entry {
    /// The game, unless a request on it is still running (409 busy).
    pub fn lock(&self) -> Result<tokio::sync::MutexGuard<'_, LiveGame>, ApiError> {
        self.game.try_lock().map_err(|_| ApiError::Busy)
    }
}

/// Everything the handlers share.
pub struct AppState {
    pub games: Vec<&'static dyn GameKind>,
    /// The outside engines the owner named.
    pub engines: OutsideEngines,
    pub limits: Limits,
    live: Mutex<HashMap<String, Arc<Entry>>>,
    searches: Arc<FairSlots>,
    /// A counter ticked on every use of a game: the order of uses, exact
    /// even for uses within one clock tick.
    uses: AtomicU64,
}

/// 128 random bits from the operating system, in hex.
fn secret(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    rand::rngs::OsRng.fill_bytes(&mut buffer);
    buffer.iter().map(|b| format!("{b:02x}")).collect()
}

/// Equal without leaking how much matched through timing.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl AppState {
    pub fn new(games: Vec<&'static dyn GameKind>, limits: Limits, engines: OutsideEngines) -> Self {
        AppState {
            games,
            engines,
            searches: FairSlots::new(limits.max_searches, limits.max_searches_per_client),
            limits,
            live: Mutex::new(HashMap::new()),
            uses: AtomicU64::new(0),
        }
    }

    pub fn find_game(&self, name: &str) -> Option<&'static dyn GameKind> {
        self.games
            .iter()
            .copied()
            .find(|g| g.name().eq_ignore_ascii_case(name))
    }

    /// The next tick of the use counter: later uses get larger ticks.
    fn now(&self) -> u64 {
        self.uses.fetch_add(1, Ordering::Relaxed)
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Entry>>> {
        // The map is only inserted into and removed from: a panic elsewhere
        // cannot leave it half changed.
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stores a new game of `client`; answers its id and token. A client
    /// at its quota is refused (no game is expired for it); otherwise, when
    /// the table is full, the game idle longest goes; a game busy with a
    /// search stays.
    pub fn insert(&self, game: LiveGame, client: IpAddr) -> Result<(String, String), ApiError> {
        let id = secret(16);
        let token = secret(32);
        let entry = Arc::new(Entry {
            token: token.clone(),
            client,
            last_used: AtomicU64::new(self.now()),
            game: Arc::new(tokio::sync::Mutex::new(game)),
        });
        let mut table = self.table();
        self.within_quota(&table, client)?;
        while table.len() >= self.limits.max_games {
            let idle = table
                .iter()
                .filter(|(_, e)| e.game.try_lock().is_ok())
                .min_by_key(|(_, e)| e.last_used.load(Ordering::Relaxed))
                .map(|(id, _)| id.clone());
            match idle {
                Some(oldest) => {
                    table.remove(&oldest);
                }
                None => {
                    return Err(ApiError::Overloaded(
                        "every game slot is busy; try again shortly".into(),
                    ))
                }
            }
        }
        table.insert(id.clone(), entry);
        Ok((id, token))
    }

    /// Refuses `client` when it holds its quota of games already (checked
    /// again when the game is stored).
    pub fn check_quota(&self, client: IpAddr) -> Result<(), ApiError> {
        self.within_quota(&self.table(), client)
    }

    /// Refuses `client` when `table` holds its quota of games.
    fn within_quota(
        &self,
        table: &HashMap<String, Arc<Entry>>,
        client: IpAddr,
    ) -> Result<(), ApiError> {
        let quota = self.limits.max_games_per_client;
        if table.values().filter(|e| e.client == client).count() >= quota {
            return Err(ApiError::TooManyGames(quota));
        }
        Ok(())
    }

    /// The game `id` if `token` is its secret; any other case is "no such
    /// game", so a client learns nothing about games not its own.
    pub fn authorized(&self, id: &str, token: Option<&str>) -> Result<Arc<Entry>, ApiError> {
        let entry = self.table().get(id).cloned().ok_or(ApiError::NoSuchGame)?;
        match token {
            Some(token) if same_secret(token, &entry.token) => {
                entry.last_used.store(self.now(), Ordering::Relaxed);
                Ok(entry)
            }
            _ => Err(ApiError::NoSuchGame),
        }
    }

    /// A search slot for `client`, waiting at most `queue_wait` for its
    /// turn.
    pub async fn search_slot(&self, client: IpAddr) -> Result<SlotPermit, ApiError> {
        self.searches
            .acquire(client, self.limits.queue_wait)
            .await
            .ok_or_else(|| {
                ApiError::Overloaded("every search slot stayed busy; try again shortly".into())
            })
    }
}
