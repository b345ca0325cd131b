//! The single-page app, compiled into the binary.

use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

use crate::error::ApiError;

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const VALUES: &str = include_str!("../assets/values.js");
const BOARD: &str = include_str!("../assets/board.js");
const HISTORY: &str = include_str!("../assets/history.js");
const STYLE: &str = include_str!("../assets/style.css");
const ICON: &str = include_str!("../assets/icon.svg");

/// `GET /`.
pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/{file}`.
pub async fn file(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (body, kind) = match name.as_str() {
        "app.js" => (SCRIPT, "text/javascript; charset=utf-8"),
        "values.js" => (VALUES, "text/javascript; charset=utf-8"),
        "board.js" => (BOARD, "text/javascript; charset=utf-8"),
        "history.js" => (HISTORY, "text/javascript; charset=utf-8"),
        "style.css" => (STYLE, "text/css; charset=utf-8"),
        "icon.svg" => (ICON, "image/svg+xml"),
        _ => return Err(ApiError::NotFound),
    };
    Ok((
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response())
}
