//! Errors the API answers with: a status and a one-line JSON message.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use ply_engine::GameError;
use thiserror::Error;

/// Everything a request can fail with. Each answer is a 4xx (or a 503 when
/// the server is at a limit) with `{"error": "...", "kind": "..."}`; nothing
/// a client sends reaches a 500.
#[derive(Debug, Error)]
pub enum ApiError {
    /// Malformed input: bad JSON, an unknown game, option or player.
    #[error("{0}")]
    BadRequest(String),
    /// A game the caller cannot see: unknown id, or a token that is not its.
    #[error("no such game")]
    NoSuchGame,
    /// A path the API does not have.
    #[error("not found")]
    NotFound,
    /// The game refused: an illegal move, a bad position or option.
    #[error("{0}")]
    Game(#[from] GameError),
    /// The game is busy with another request (the computer is thinking).
    #[error("the game is busy: the computer is still thinking")]
    Busy,
    /// A method the path does not take.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// A bug: a search panicked. Never caused by what a client sends.
    #[error("internal error")]
    Internal,
    /// The body is not JSON (`Content-Type: application/json`).
    #[error("the body must be JSON (Content-Type: application/json)")]
    UnsupportedMediaType,
    /// The body is over the limit.
    #[error("the body is over the limit of {0} bytes")]
    TooLarge(usize),
    /// The request's URI is over the limit.
    #[error("the URI is over the limit of {0} bytes")]
    UriTooLong(usize),
    /// The request's headers are over the limit.
    #[error("the headers are over the limit of {0} bytes")]
    HeadersTooLarge(usize),
    /// The client already holds its quota of live games.
    #[error("this address already has {0} live games, the most it may hold; finish or leave some (they expire when idle longest)")]
    TooManyGames(usize),
    /// A move posted for a seat the computer plays.
    #[error("it is the computer's turn: ask it to move (POST /api/games/ID/computer)")]
    NotYourTurn,
    /// Every search slot stayed taken, or the game table is full of games
    /// that are all busy.
    #[error("{0}")]
    Overloaded(String),
}

impl ApiError {
    fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NoSuchGame | ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Game(GameError::IllegalMove { .. }) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Game(_) => StatusCode::BAD_REQUEST,
            ApiError::Busy | ApiError::NotYourTurn => StatusCode::CONFLICT,
            ApiError::TooManyGames(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            ApiError::HeadersTooLarge(_) => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Overloaded(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// A word a script can branch on.
    fn kind(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::NoSuchGame => "no_such_game",
            ApiError::NotFound => "not_found",
            ApiError::Game(GameError::IllegalMove { .. }) => "illegal_move",
            ApiError::Game(GameError::BadPosition(_)) => "bad_position",
            ApiError::Game(
                GameError::BadOption(_)
                | GameError::Option { .. }
                | GameError::ConflictingOptions { .. },
            ) => "bad_option",
            ApiError::Game(GameError::PositionNeedsOption { .. }) => "bad_position",
            ApiError::Game(_) => "unsupported",
            ApiError::Busy => "busy",
            ApiError::NotYourTurn => "not_your_turn",
            ApiError::TooManyGames(_) => "too_many_games",
            ApiError::UriTooLong(_) => "uri_too_long",
            ApiError::HeadersTooLarge(_) => "headers_too_large",
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::Internal => "internal",
            ApiError::UnsupportedMediaType => "unsupported_media_type",
            ApiError::TooLarge(_) => "too_large",
            ApiError::Overloaded(_) => "overloaded",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = ply_engine::echo::escaped(&self.to_string());
        let mut body = serde_json::json!({ "error": message, "kind": self.kind() });
        // The option an error is about, by its name in `options`, for a
        // script or the page to point at.
        let option = match &self {
            ApiError::Game(
                GameError::Option { option, .. }
                | GameError::NeedsOption { option, .. }
                | GameError::PositionNeedsOption { option, .. },
            ) => Some(option.clone()),
            _ => None,
        };
        if let Some(option) = option {
            body["option"] = serde_json::Value::String(option);
        }
        // A refused move: which move and what kind of problem.
        if let ApiError::Game(GameError::IllegalMove { mv, problem, .. }) = &self {
            if let Some(mv) = mv {
                body["move"] = serde_json::Value::String(ply_engine::echo::escaped(mv));
            }
            body["problem"] = serde_json::to_value(problem).unwrap_or_default();
        }
        (self.status(), axum::Json(body)).into_response()
    }
}
