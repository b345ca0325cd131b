//! The handlers of `/api`.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{ConnectInfo, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::Json;
use ply_engine::arena::entry::ProgramMatch;
use ply_engine::{
    echo, BotSpec, EngineConfig, GameKind, GameOptions, GameResult, PlayerSpec, Session, Value,
};
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::known;
use crate::state::{AppState, Entry, LiveGame, RunningProgram, Seat};
use crate::wire::{
    BoundedReport, CreateGame, GameInfo, GameState, PlayMove, PlayedMove, RecordQuery, RecordText,
    ResultView, SetLine, Turn, MAX_LISTED,
};

type Shared = State<Arc<AppState>>;
type ApiResult<T> = Result<T, ApiError>;

/// Longest text accepted for a move, a position, an option or a player.
const MAX_TEXT: usize = 512;
/// Strongest levels and bots the server plays, so a request cannot ask
/// for a search that ignores the clock and runs for hours.
const MAX_LEVEL: u32 = 20;
const MAX_ALPHABETA_DEPTH: u32 = 10;
const MAX_PLAYOUTS: u32 = 100_000;

/// The body as `T`, from JSON only.
fn json_body<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    limit: usize,
) -> ApiResult<T> {
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(limit),
        _ => ApiError::BadRequest("the body could not be read".into()),
    })?;
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !is_json {
        return Err(ApiError::UnsupportedMediaType);
    }
    serde_json::from_slice(&body).map_err(|error| {
        ApiError::BadRequest(format!(
            "bad JSON body: {}",
            echo::shown_within(&error.to_string(), 200)
        ))
    })
}

/// An empty body, or a JSON one (which these endpoints ignore).
fn empty_or_json(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    limit: usize,
) -> ApiResult<()> {
    match body {
        Ok(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => Ok(()),
        other => json_body::<serde_json::Value>(headers, other, limit).map(drop),
    }
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// The game named in the path, for a request that holds its token: how
/// every request on one game starts. A wrong token and an unknown game get
/// the same 404, so tokens cannot be probed.
pub struct Authorized {
    id: String,
    entry: Arc<Entry>,
}

impl FromRequestParts<Arc<AppState>> for Authorized {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<AppState>,
    ) -> Result<Self, Self::Rejection> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::NoSuchGame)?;
        let entry = state.authorized(&id, bearer(&parts.headers))?;
        Ok(Authorized { id, entry })
    }
}

fn short(text: &str, what: &str) -> ApiResult<()> {
    if text.len() > MAX_TEXT {
        return Err(ApiError::BadRequest(format!(
            "{what} is over {MAX_TEXT} characters"
        )));
    }
    Ok(())
}

/// The options a client gave as JSON, checked against the game's.
fn game_options(
    kind: &dyn GameKind,
    given: &serde_json::Map<String, serde_json::Value>,
) -> ApiResult<GameOptions> {
    let specs = kind.options();
    let mut options = GameOptions::new();
    for (name, value) in given {
        let Some(spec) = specs.iter().find(|s| s.name == name) else {
            let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
            return Err(ApiError::BadRequest(format!(
                "{} has no option '{}' (it has: {})",
                kind.name(),
                echo::shown(name),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        };
        options = match (spec.value_name, value) {
            (None, serde_json::Value::Bool(true)) => options.with_flag(name),
            (None, serde_json::Value::Bool(false)) => options,
            (None, _) => {
                return Err(ApiError::BadRequest(format!(
                    "option '{name}' is on or off: true or false"
                )))
            }
            (Some(_), serde_json::Value::String(text)) => {
                short(text, "an option")?;
                options.with_value(name, text)
            }
            (Some(_), serde_json::Value::Number(number)) => {
                options.with_value(name, &number.to_string())
            }
            (Some(_), _) => {
                return Err(ApiError::BadRequest(format!(
                    "option '{name}' takes a number or a string"
                )))
            }
        };
    }
    Ok(options)
}

/// A player the server will run: an outside engine the owner named, by its
/// name; learners are refused (they read and write files), and so are
/// programs and libraries a client names; bots whose search ignores the
/// clock are capped.
fn seat(state: &AppState, text: &str) -> ApiResult<Seat> {
    short(text, "a player")?;
    if let Some(program) = state.engines.program(text) {
        return Ok(Seat {
            spec: PlayerSpec::Bot(BotSpec::Program(program.clone())),
            name: text.to_string(),
        });
    }
    let spec: PlayerSpec = text.parse().map_err(ApiError::Game)?;
    let refuse = |why: String| Err(ApiError::BadRequest(why));
    match &spec {
        PlayerSpec::Bot(BotSpec::Program(_) | BotSpec::Entry(_)) => {
            return refuse(
                "the server runs no program a client names: choose an engine its owner \
                 offers by name (GET /api/games-list, each game's engines)"
                    .into(),
            )
        }
        PlayerSpec::Bot(BotSpec::Learner(_)) => {
            return refuse("learner bots are not offered by the server (they use files)".into())
        }
        PlayerSpec::Bot(BotSpec::Computer(Some(level))) if *level > MAX_LEVEL => {
            return refuse(format!("computer levels go up to {MAX_LEVEL} here"))
        }
        PlayerSpec::Bot(BotSpec::AlphaBeta(depth)) if *depth > MAX_ALPHABETA_DEPTH => {
            return refuse(format!(
                "alphabeta depths go up to {MAX_ALPHABETA_DEPTH} here"
            ))
        }
        PlayerSpec::Bot(BotSpec::Mcts(playouts)) if *playouts > MAX_PLAYOUTS => {
            return refuse(format!("mcts playouts go up to {MAX_PLAYOUTS} here"))
        }
        _ => {}
    }
    Ok(Seat {
        name: spec.to_string(),
        spec,
    })
}

/// The engine settings of one search.
fn search_config(state: &AppState, time: Duration, seed: u64) -> EngineConfig {
    EngineConfig {
        hash_mb: state.limits.hash_mb,
        depth: None,
        seed,
        move_time: Some(time),
        threads: 1,
    }
}

/// Runs a search (or any work that may take long) off the request
/// threads, in one of `client`'s fair share of the search slots.
async fn search<T: Send + 'static>(
    state: &AppState,
    client: IpAddr,
    work: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    let permit = state.search_slot(client).await?;
    // Set when this request is dropped (its client closed the connection)
    // or done: the search then stops at its next look at the clock.
    let stop = StopOnDrop(Arc::new(AtomicBool::new(false)));
    let flag = stop.0.clone();
    let result = tokio::task::spawn_blocking(move || {
        let scope = ply_engine::cancel_scope(flag);
        let result = work();
        drop((scope, permit));
        result
    })
    .await;
    drop(stop);
    result.map_err(|_| ApiError::Internal)
}

/// Sets its flag when dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn result_view(live: &LiveGame, max_plies: usize) -> Option<ResultView> {
    let session = live.session.as_ref();
    match session.result() {
        Some(GameResult::Win(side)) => Some(ResultView {
            winner: Some(side.letter()),
            move_limit: false,
            text: format!("{} wins", session.side_name(side)),
        }),
        Some(GameResult::Draw) => Some(ResultView {
            winner: None,
            move_limit: false,
            text: "The game is a draw".into(),
        }),
        None if live.values.len() >= max_plies => Some(ResultView {
            winner: None,
            move_limit: true,
            text: format!("Drawn by the move limit of {max_plies} plies"),
        }),
        None => None,
    }
}

fn game_state(id: &str, live: &LiveGame, state: &AppState, values: bool) -> GameState {
    let session = live.session.as_ref();
    let result = result_view(live, state.limits.max_plies);
    let to_move = session.to_move();
    let turn = match (&result, &live.seats[to_move.index()].spec) {
        (Some(_), _) => Turn::Over,
        (None, PlayerSpec::Human) => Turn::Human,
        (None, PlayerSpec::Bot(_)) => Turn::Computer,
    };
    // Replay the moves to learn who made each (Othello's passes keep turns
    // from simply alternating).
    let mut replay = live.session.boxed_clone();
    replay.restart();
    let moves = session
        .moves_played()
        .into_iter()
        .zip(&live.values)
        .map(|(mv, value)| {
            let side = replay.to_move().letter();
            let _ = replay.play(&mv);
            PlayedMove {
                mv,
                side,
                value: *value,
            }
        })
        .collect();
    let position = session.position();
    let analysis = match (&live.analysis, values) {
        (Some((ply, report)), true) if *ply == live.values.len() => Some(report.clone()),
        _ => None,
    };
    let (legal_moves, total_legal_moves) = if result.is_some() {
        (Vec::new(), 0)
    } else {
        session.legal_moves_listed(MAX_LISTED)
    };
    GameState {
        id: id.to_string(),
        token: None,
        game: live.kind.name(),
        options: live.options.clone(),
        players: [live.seats[0].name.clone(), live.seats[1].name.clone()],
        side_names: [
            session.side_name(ply_engine::Side::First),
            session.side_name(ply_engine::Side::Second),
        ],
        start_position: live.start_position.clone(),
        board: session.board(),
        position,
        to_move: to_move.letter(),
        to_move_name: session.side_name(to_move),
        legal_moves,
        total_legal_moves,
        must_pass: result.is_none() && session.must_pass(),
        redo_moves: live.undone.iter().rev().map(|(mv, _)| mv.clone()).collect(),
        turn,
        result,
        moves,
        text: session.render(false),
        analysis,
    }
}

/// `GET /api/games-list`.
pub async fn games_list(State(state): Shared) -> Json<Vec<GameInfo>> {
    Json(
        state
            .games
            .iter()
            .map(|g| GameInfo::of(*g, state.engines.names_for(*g)))
            .collect(),
    )
}

/// `POST /api/games`.
pub async fn create(
    State(state): Shared,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<(StatusCode, Json<GameState>)> {
    let request: CreateGame = json_body(&headers, body, state.limits.body_bytes)?;
    short(&request.game, "the game's name")?;
    let kind = state.find_game(&request.game).ok_or_else(|| {
        let names: Vec<&str> = state.games.iter().map(|g| g.name()).collect();
        ApiError::BadRequest(format!(
            "no game is called '{}' (the games: {})",
            echo::shown(&request.game),
            names.join(", ")
        ))
    })?;
    let options = game_options(kind, &request.options)?;
    let players = request
        .players
        .unwrap_or_else(|| vec!["human".into(), "computer".into()]);
    let [first, second] = players.as_slice() else {
        return Err(ApiError::BadRequest(format!(
            "players needs exactly two players, first mover first (got {})",
            players.len()
        )));
    };
    let seats = [seat(&state, first)?, seat(&state, second)?];
    for seat in &seats {
        if let PlayerSpec::Bot(BotSpec::Program(program)) = &seat.spec {
            if !state.engines.plays(kind, program) {
                return Err(ApiError::BadRequest(format!(
                    "the engine {} does not play {}",
                    seat.name,
                    kind.name()
                )));
            }
        }
    }
    let host = state.engines.host(kind);
    let program_time = state.limits.move_time;
    if let Some(position) = &request.position {
        short(position, "the position")?;
    }
    for mv in &request.moves {
        short(mv, "a move")?;
    }
    let (position, moves) = match &request.record {
        None => (request.position.clone(), request.moves.clone()),
        Some(_) if request.position.is_some() || !request.moves.is_empty() => {
            return Err(ApiError::BadRequest(
                "give a record, or a position and moves, not both".into(),
            ))
        }
        Some(record) => {
            short(&record.format, "a record's format")?;
            let read = kind.read_record(&record.format, &options, &record.text)?;
            (read.start, read.moves)
        }
    };
    let seed = rand::random::<u64>();
    let config = search_config(&state, state.limits.move_time, seed);
    let work_seats = seats.clone();
    state.check_quota(client.ip())?;
    // Building sessions and trying the bots can take time and allocate
    // search tables: off the request threads, in the client's search share.
    let built = search(&state, client.ip(), move || -> ApiResult<_> {
        let mut session = kind.new_session(&options)?;
        if let Some(position) = &position {
            session.set_position(position).map_err(|error| {
                let notation = kind.position_notation();
                ApiError::Game(ply_engine::GameError::BadPosition(format!(
                    "bad position '{}': {error}; write {}, e.g. '{}'",
                    echo::shown(position),
                    notation.description,
                    notation.example
                )))
            })?;
        }
        // Each bot is tried here (a spec the game cannot play is refused
        // now) and made afresh for each of its moves.
        let mut programs = [None, None];
        for (seat, program) in work_seats.iter().zip(&mut programs) {
            match (&seat.spec, host) {
                // An outside engine starts now, in a process of its own: one
                // that cannot play this game is refused with its reason.
                (PlayerSpec::Bot(BotSpec::Program(spec)), Some(host)) => {
                    let setting = ProgramMatch {
                        options: &options,
                        move_time: program_time,
                        game_time: None,
                    };
                    let started = host.start_program(spec, &setting)?;
                    *program = Some(RunningProgram {
                        entry: started.entry,
                        seen: None,
                    });
                }
                (PlayerSpec::Bot(spec), _) => {
                    let bot = session.new_bot(spec, &config)?;
                    session.drop_bot(bot);
                }
                (PlayerSpec::Human, _) => {}
            }
        }
        let start = session.position();
        let values = replay(session.as_mut(), &moves)?;
        Ok((session, start, values, programs))
    })
    .await??;
    let (session, start_position, values, programs) = built;
    let live = LiveGame {
        kind,
        options: request.options,
        seats,
        start_position,
        session,
        values,
        analysis: None,
        seed,
        undone: Vec::new(),
        programs,
    };
    let mut view = game_state("", &live, &state, false);
    let (id, token) = state.insert(live, client.ip())?;
    view.id = id;
    view.token = Some(token);
    Ok((StatusCode::CREATED, Json(view)))
}

/// Plays `moves` from the session's start (a game restored from a link):
/// each move's value is unknown, but the one that ended the game.
fn replay(session: &mut dyn Session, moves: &[String]) -> ApiResult<Vec<Option<Value>>> {
    let mut values = Vec::with_capacity(moves.len());
    for (number, mv) in moves.iter().enumerate() {
        let mover = session.to_move();
        session.play(mv).map_err(|error| {
            ApiError::BadRequest(format!(
                "move {} of the moves given: {}",
                number + 1,
                echo::quoting(&error.to_string(), mv)
            ))
        })?;
        values.push(known::ending_value(session, mover));
    }
    Ok(values)
}

/// The longest analysis a client may ask for, in analysis times: "think
/// longer" holds a search slot for at most this many.
const MAX_THINK: u32 = 10;

/// `?values=true`, and `&think=N` for an analysis N times as long.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateQuery {
    #[serde(default)]
    values: bool,
    /// Analyse again for this many analysis times (1 to [`MAX_THINK`]).
    #[serde(default)]
    think: Option<u32>,
}

fn query<T>(query: Result<Query<T>, QueryRejection>) -> ApiResult<T> {
    query.map(|Query(q)| q).map_err(|rejection| {
        ApiError::BadRequest(format!(
            "bad query: {}",
            echo::shown_within(&rejection.body_text(), 200)
        ))
    })
}

/// `GET /api/games/{id}`.
pub async fn get_game(
    State(state): Shared,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Authorized { id, entry }: Authorized,
    values: Result<Query<StateQuery>, QueryRejection>,
) -> ApiResult<Json<GameState>> {
    let asked = query(values)?;
    let values = asked.values || asked.think.is_some();
    let client = client.ip();
    match asked.think {
        Some(times @ 1..=MAX_THINK) => {
            analyse(
                &state,
                &entry,
                client,
                state.limits.analysis_time * times,
                true,
            )
            .await?
        }
        Some(_) => {
            return Err(ApiError::BadRequest(format!(
                "think takes 1 to {MAX_THINK} (times the analysis time)"
            )))
        }
        None if values => {
            analyse(&state, &entry, client, state.limits.analysis_time, false).await?
        }
        None => {}
    }
    let live = entry.lock()?;
    Ok(Json(game_state(&id, &live, &state, values)))
}

/// Analyses the game's position for `time` unless the last analysis is of
/// it (or `again`, to think longer), in `client`'s search share; the
/// search runs on a copy, so the game stays readable meanwhile.
async fn analyse(
    state: &Arc<AppState>,
    game: &Entry,
    client: IpAddr,
    time: Duration,
    again: bool,
) -> ApiResult<()> {
    let (mut copy, ply, seed, kind) = {
        let live = game.lock()?;
        let ply = live.values.len();
        if !again && live.analysis.as_ref().is_some_and(|(at, _)| *at == ply) {
            return Ok(());
        }
        (live.session.boxed_clone(), ply, live.seed, live.kind)
    };
    let config = search_config(state, time, seed);
    let report = search(state, client, move || {
        kind.solve_listed(copy.as_mut(), &config, MAX_LISTED)
            .map(BoundedReport::of)
    })
    .await??;
    let mut live = game.lock()?;
    if live.values.len() == ply {
        // The move that led here gets the value seen from its mover when
        // it had none (the computer's moves, moves made with values off).
        if let Some(slot @ None) = ply.checked_sub(1).and_then(|i| live.values.get_mut(i)) {
            *slot = Some(known::from_next_position(report.report.value));
        }
        live.analysis = Some((ply, report));
    }
    Ok(())
}

fn check_not_over(live: &LiveGame, state: &AppState) -> ApiResult<()> {
    match result_view(live, state.limits.max_plies) {
        Some(result) => Err(ApiError::Game(ply_engine::GameError::game_over(format!(
            "the game is over: {}",
            result.text
        )))),
        None => Ok(()),
    }
}

/// `POST /api/games/{id}/moves`.
pub async fn play(
    State(state): Shared,
    Authorized { id, entry }: Authorized,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<GameState>> {
    let request: PlayMove = json_body(&headers, body, state.limits.body_bytes)?;
    short(&request.mv, "the move")?;
    let mut live = entry.lock()?;
    check_not_over(&live, &state)?;
    if matches!(
        live.seats[live.session.to_move().index()].spec,
        PlayerSpec::Bot(_)
    ) {
        return Err(ApiError::NotYourTurn);
    }
    let ply = live.values.len();
    let mover = live.session.to_move();
    let canonical = live.session.play(&request.mv).map_err(|error| {
        let why = echo::quoting(&error.to_string(), &request.mv);
        let problem = match error {
            ply_engine::GameError::IllegalMove { problem, .. } => problem,
            _ => ply_engine::MoveProblem::NotAMove,
        };
        ApiError::Game(ply_engine::GameError::illegal(
            Some(&echo::shown(&request.mv)),
            problem,
            why,
        ))
    })?;
    let value = match &live.analysis {
        Some((at, report)) if *at == ply => report.value_of(&canonical),
        _ => None,
    }
    .or_else(|| known::ending_value(live.session.as_ref(), mover));
    live.values.push(value);
    // Playing the move taken back last keeps the rest for redo.
    if live.undone.last().is_some_and(|(mv, _)| *mv == canonical) {
        live.undone.pop();
    } else {
        live.undone.clear();
    }
    Ok(Json(game_state(&id, &live, &state, false)))
}

/// `POST /api/games/{id}/computer`: the bot whose turn it is moves (the
/// game's default computer when a person is to move).
pub async fn computer(
    State(state): Shared,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Authorized { id, entry }: Authorized,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<GameState>> {
    empty_or_json(&headers, body, state.limits.body_bytes)?;
    let mut live = entry
        .game
        .clone()
        .try_lock_owned()
        .map_err(|_| ApiError::Busy)?;
    check_not_over(&live, &state)?;
    let spec = match &live.seats[live.session.to_move().index()].spec {
        PlayerSpec::Bot(spec) => spec.clone(),
        PlayerSpec::Human => BotSpec::Computer(None),
    };
    let ply = live.values.len();
    let config = search_config(
        &state,
        state.limits.move_time,
        live.seed.wrapping_add(ply as u64),
    );
    // The game stays locked while its bot thinks: other requests on it get
    // 409 busy, requests on other games go on.
    let limit = state.limits.move_time;
    let mut live = search(&state, client.ip(), move || -> ApiResult<_> {
        let seat = live.session.to_move().index();
        let game: &mut LiveGame = &mut live;
        let moved = if let Some(program) = game.programs[seat].as_mut() {
            program_move(
                game.session.as_mut(),
                program,
                &game.seats[seat].name,
                limit,
            )
        } else {
            let session = live.session.as_mut();
            let mut bot = session.new_bot(&spec, &config)?;
            let moved = session.bot_move(&mut bot);
            session.drop_bot(bot);
            moved.map_err(ApiError::Game)
        };
        let moved = moved?;
        // The bot's own value, else the analysis of the position it moved
        // in (a game between computers watched with values on).
        let analysed = match &live.analysis {
            Some((at, report)) if *at == ply => report.value_of(&moved.mv),
            _ => None,
        };
        let value = moved
            .value
            .or(analysed)
            .or_else(|| known::ending_value(live.session.as_ref(), moved.side));
        live.values.push(value);
        live.undone.clear();
        Ok(live)
    })
    .await??;
    let view = game_state(&id, &live, &state, false);
    live.analysis = None;
    Ok(Json(view))
}

/// An outside engine's move in `session`: it is told the game (afresh
/// unless the game is its last move's line plus one move), answers within
/// `limit`, and its move is played. A fault or an illegal answer is the
/// request's error, naming the engine.
fn program_move(
    session: &mut dyn Session,
    program: &mut RunningProgram,
    name: &str,
    limit: Duration,
) -> ApiResult<ply_engine::MoveReport> {
    let played = session.moves_played();
    // Told only the last move when the game is its last move's line plus
    // one; else (and after a fault or a refused answer, which leave `seen`
    // taken) told the game afresh.
    let new_game = !program
        .seen
        .take()
        .is_some_and(|seen| played.len() == seen.len() + 1 && played.starts_with(&seen));
    let answer = program
        .entry
        .play(&*session, new_game, limit)
        .map_err(|fault| {
            ApiError::Game(ply_engine::GameError::Unsupported(format!(
                "the engine {name} {}",
                fault.reason
            )))
        })?;
    let side = session.to_move();
    let mv = session.play(&answer.mv).map_err(|error| {
        ApiError::Game(ply_engine::GameError::Unsupported(format!(
            "the engine {name} answered '{}': {error}",
            echo::shown_within(&answer.mv, 40)
        )))
    })?;
    let mut seen = played;
    seen.push(mv.clone());
    program.seen = Some(seen);
    Ok(ply_engine::MoveReport {
        mv,
        side,
        value: None,
    })
}

/// `POST /api/games/{id}/undo`: takes back the last move.
pub async fn undo(
    State(state): Shared,
    Authorized { id, entry }: Authorized,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<GameState>> {
    empty_or_json(&headers, body, state.limits.body_bytes)?;
    let mut live = entry.lock()?;
    let last = live.session.moves_played().pop();
    if !live.session.undo() {
        return Err(ApiError::Game(ply_engine::GameError::illegal(
            None,
            ply_engine::MoveProblem::Forbidden,
            "nothing to undo: this is the start",
        )));
    }
    let value = live.values.pop().flatten();
    if let Some(mv) = last {
        live.undone.push((mv, value));
    }
    live.analysis = None;
    Ok(Json(game_state(&id, &live, &state, false)))
}

/// `POST /api/games/{id}/redo`: plays again the move taken back last,
/// whoever made it (the only way a computer's move is played other than
/// by the computer).
pub async fn redo(
    State(state): Shared,
    Authorized { id, entry }: Authorized,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<GameState>> {
    empty_or_json(&headers, body, state.limits.body_bytes)?;
    let mut live = entry.lock()?;
    let Some((mv, value)) = live.undone.pop() else {
        return Err(ApiError::Game(ply_engine::GameError::illegal(
            None,
            ply_engine::MoveProblem::Forbidden,
            "nothing to redo: no move was taken back",
        )));
    };
    let mover = live.session.to_move();
    live.session.play(&mv)?;
    let value = value.or_else(|| known::ending_value(live.session.as_ref(), mover));
    live.values.push(value);
    live.analysis = None;
    Ok(Json(game_state(&id, &live, &state, false)))
}

/// `GET /api/games/{id}/record?format=NAME`: the game from its start, in
/// one of its record formats (GGF for Othello).
pub async fn record(
    Authorized { entry, .. }: Authorized,
    format: Result<Query<RecordQuery>, QueryRejection>,
) -> ApiResult<Json<RecordText>> {
    let format = query(format)?.format;
    short(&format, "a record's format")?;
    let live = entry.lock()?;
    let options = game_options(live.kind, &live.options)?;
    let text = live.kind.write_record(
        &format,
        &options,
        &live.start_position,
        &live.session.moves_played(),
    )?;
    Ok(Json(RecordText { format, text }))
}

/// `POST /api/games/{id}/line`: the game becomes its start with these
/// moves, whoever made them (a line of the page's move tree). The values
/// of the moves where the new line agrees with the old are kept; a line
/// with an illegal move is refused and the game stays as it was.
pub async fn line(
    State(state): Shared,
    Authorized { id, entry }: Authorized,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<GameState>> {
    let request: SetLine = json_body(&headers, body, state.limits.body_bytes)?;
    for mv in &request.moves {
        short(mv, "a move")?;
    }
    let mut live = entry.lock()?;
    let mut session = live.session.boxed_clone();
    session.restart();
    let replayed = replay(session.as_mut(), &request.moves)?;
    let old = live.session.moves_played();
    let agree = old
        .iter()
        .zip(session.moves_played())
        .take_while(|(a, b)| **a == *b)
        .count();
    let values = live.values[..agree]
        .iter()
        .copied()
        .chain(replayed.into_iter().skip(agree))
        .collect();
    live.session = session;
    live.values = values;
    live.undone.clear();
    live.analysis = None;
    Ok(Json(game_state(&id, &live, &state, false)))
}

/// `GET /api/solve?game=...&position=...&OPTION=...`: the report of
/// `ply solve --json`, within the analysis time limit.
pub async fn solve(
    State(state): Shared,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    params: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult<Json<BoundedReport>> {
    let mut params = query(params)?;
    let name = params
        .remove("game")
        .ok_or_else(|| ApiError::BadRequest("name a game: ?game=NAME".into()))?;
    short(&name, "the game's name")?;
    let kind = state.find_game(&name).ok_or_else(|| {
        ApiError::BadRequest(format!("no game is called '{}'", echo::shown(&name)))
    })?;
    let position = params.remove("position");
    let mut given = serde_json::Map::new();
    for (key, value) in params {
        short(&value, "an option")?;
        let flag = kind
            .options()
            .iter()
            .any(|s| s.name == key && s.value_name.is_none());
        let value = match (flag, value.as_str()) {
            (true, "" | "true" | "1") => serde_json::Value::Bool(true),
            (true, "false" | "0") => serde_json::Value::Bool(false),
            _ => serde_json::Value::String(value),
        };
        given.insert(key, value);
    }
    let options = game_options(kind, &given)?;
    if let Some(position) = &position {
        short(position, "the position")?;
    }
    let config = search_config(&state, state.limits.analysis_time, 0);
    // Building the session is work too (a large game's setup): in the slot.
    let report = search(&state, client.ip(), move || {
        let mut session = kind.new_session(&options)?;
        if let Some(position) = &position {
            session.set_position(position)?;
        }
        kind.solve_listed(session.as_mut(), &config, MAX_LISTED)
            .map(BoundedReport::of)
    })
    .await??;
    Ok(Json(report))
}

/// Every request first: a URI or a header block over the limits is
/// answered 414 or 431 with the JSON error, before any route reads it.
pub async fn bounded_head(
    State(state): Shared,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let limits = &state.limits;
    let uri = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    if uri > limits.uri_bytes {
        return ApiError::UriTooLong(limits.uri_bytes).into_response();
    }
    // As sent: "name: value" and the line end.
    let headers: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if headers > limits.header_bytes {
        return ApiError::HeadersTooLarge(limits.header_bytes).into_response();
    }
    next.run(request).await
}

/// Any path the API does not have.
pub async fn not_found() -> ApiError {
    ApiError::NotFound
}

/// A known path with a method it does not take.
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}
