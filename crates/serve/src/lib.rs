//! `ply serve`: the browser front end. A JSON API over the engine's
//! type-erased sessions, and a single-page app (hand-written HTML, CSS and
//! JavaScript compiled into the binary) that draws every game in SVG.
//!
//! Every request is bounded: URIs, headers and bodies by size, the time to
//! send headers, connections by count, games by count per client address
//! (then refused) and in all (the longest idle is expired), searches by a time limit each and by a semaphore on
//! how many run at once, off the request threads (`spawn_blocking`), so
//! one client cannot starve the others. A game is read or changed only
//! with the secret token its creation answered; to anyone else it does not
//! exist (404).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod api;
mod assets;
mod connections;
mod engines;
mod error;
mod fair;
mod known;
mod state;
mod wire;

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Request};
use axum::routing::{get, post};
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use ply_engine::GameKind;
use thiserror::Error;
use tokio::sync::Semaphore;

pub use engines::{HostOf, OutsideEngines, ProtocolsOf};
pub use state::Limits;

use connections::ConnectionShare;
use state::AppState;

/// Why the server could not run.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The address could not be bound (in use, or not ours).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// What the system answered.
        source: std::io::Error,
    },
    /// The runtime or the listener failed.
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
}

/// The routes: the page, its assets and the API.
fn router(state: Arc<AppState>) -> Router {
    let body_limit = state.limits.body_bytes;
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{file}", get(assets::file))
        .route("/api/games-list", get(api::games_list))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::get_game))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/computer", post(api::computer))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/redo", post(api::redo))
        .route("/api/games/{id}/line", post(api::line))
        .route("/api/games/{id}/record", get(api::record))
        .route("/api/solve", get(api::solve))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            api::bounded_head,
        ))
        .with_state(state)
}

/// Serves on `listener` until `shutdown` completes, then lets the requests
/// in flight finish. At most `max_connections` connections are served at
/// once (more wait in the listen queue), and each must send a request's
/// headers within `header_timeout` or be closed, so half-sent requests
/// cannot hold every file descriptor.
async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = state.limits.clone();
    let app = router(state);
    let connections = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let per_client = Arc::new(std::sync::Mutex::new(HashMap::new()));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit.map_err(std::io::Error::other)?,
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors, or a connection reset before it was
                // taken: wait a moment rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // One address may hold only its share of the connections: past
        // it, the new one is closed at once, so one client cannot fill
        // the connection cap and make every other client wait.
        let Some(share) =
            ConnectionShare::take(&per_client, peer.ip(), limits.max_connections_per_client)
        else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            let mut app = app.clone();
            async move { tower_service::Service::call(&mut app, request).await }
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop((share, permit));
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// A server running on its own runtime, for the binary and for tests.
pub struct Server {
    runtime: tokio::runtime::Runtime,
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port) and starts serving `games`.
    pub fn start(
        addr: SocketAddr,
        games: Vec<&'static dyn GameKind>,
        limits: Limits,
    ) -> Result<Server, ServeError> {
        Self::start_with_engines(addr, games, limits, OutsideEngines::none())
    }

    /// [`start`](Self::start), offering the outside `engines` the owner
    /// named as players of the games that play them.
    pub fn start_with_engines(
        addr: SocketAddr,
        games: Vec<&'static dyn GameKind>,
        limits: Limits,
        engines: OutsideEngines,
    ) -> Result<Server, ServeError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name("ply-serve")
            .build()?;
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(addr))
            .map_err(|source| ServeError::Bind { addr, source })?;
        let addr = listener.local_addr()?;
        let state = Arc::new(AppState::new(games, limits, engines));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = runtime.spawn(serve(listener, state, async {
            let _ = stopped.await;
        }));
        Ok(Server {
            runtime,
            addr,
            stop: Some(stop),
            task: Some(task),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until Ctrl-C, then stops cleanly: no new connections, the
    /// requests in flight answered.
    pub fn run_until_ctrl_c(mut self) -> Result<(), ServeError> {
        let (Some(mut task), Some(stop)) = (self.task.take(), self.stop.take()) else {
            return Ok(());
        };
        let result = self.runtime.block_on(async move {
            tokio::select! {
                signal = tokio::signal::ctrl_c() => signal?,
                ended = &mut task => return ended.map_err(std::io::Error::other)?,
            }
            let _ = stop.send(());
            task.await.map_err(std::io::Error::other)?
        });
        self.shut_down();
        Ok(result?)
    }

    /// Stops accepting, lets requests in flight finish, and ends.
    pub fn stop(mut self) -> Result<(), ServeError> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            self.runtime
                .block_on(task)
                .map_err(std::io::Error::other)??;
        }
        self.shut_down();
        Ok(())
    }

    fn shut_down(self) {
        // A search still running gets its time limit to end, no more.
        self.runtime.shutdown_timeout(Duration::from_secs(3));
    }
}
