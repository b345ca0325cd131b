//! The JSON shapes of the API. The value fields follow `ply solve --json`
//! (DESIGN.md): `value`, `remoteness` (null when unknown), `seed_score`,
//! and `margin` / `score` when the game has them.

use ply_engine::{GameKind, OptionSpec, Outcome, Report, Session, Value};
use serde::{Deserialize, Serialize};

use crate::board::Board;

/// A value as every front end prints it.
#[derive(Clone, Debug, Serialize)]
pub struct ValueView {
    pub value: Outcome,
    pub remoteness: Option<u32>,
    /// Request 000's scale: win 3, draw 2, unknown 1, lose 0.
    pub seed_score: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
}

impl From<Value> for ValueView {
    fn from(value: Value) -> Self {
        ValueView {
            value: value.outcome,
            remoteness: value.remoteness,
            seed_score: value.outcome.seed_score(),
            margin: value.margin,
            score: value.heuristic,
        }
    }
}

/// A legal move and its value for the player who makes it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    #[serde(rename = "move")]
    pub mv: String,
    #[serde(flatten)]
    pub value: ValueView,
}

/// The answer of `GET /api/solve` and of `?values=true`: the shape of
/// `ply solve --json`.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    pub game: &'static str,
    pub position: String,
    pub to_move: &'static str,
    pub to_move_name: String,
    #[serde(flatten)]
    pub value: ValueView,
    pub moves: Vec<MoveView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

impl SolveReport {
    pub fn new(kind: &dyn GameKind, session: &dyn Session, report: &Report) -> Self {
        SolveReport {
            game: kind.name(),
            position: session.position(),
            to_move: session.to_move().letter(),
            to_move_name: session.side_name(session.to_move()),
            value: report.value.into(),
            moves: report
                .moves
                .iter()
                .map(|m| MoveView {
                    mv: m.mv.clone(),
                    value: m.value.into(),
                })
                .collect(),
            depth: report.depth,
            notes: kind.solve_notes(session, report),
        }
    }
}

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    pub game: String,
    #[serde(default)]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// First mover first; default `["human", "computer"]`.
    #[serde(default)]
    pub players: Option<Vec<String>>,
    /// Start from this position, in the game's notation.
    #[serde(default)]
    pub position: Option<String>,
}

/// `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    #[serde(rename = "move")]
    pub mv: String,
}

/// A move of the game so far, with its value when it was known.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedMove {
    #[serde(rename = "move")]
    pub mv: String,
    /// `X` or `O`: who made it.
    pub side: &'static str,
    #[serde(flatten)]
    pub value: Option<ValueView>,
}

/// How the game ended.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `X`, `O`, or null for a draw.
    pub winner: Option<&'static str>,
    /// True when the game was drawn by the move limit.
    pub move_limit: bool,
    /// One line for people: "X wins", "The game is a draw".
    pub text: String,
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Turn {
    Human,
    Computer,
    Over,
}

/// A game as every answer about it shows it.
#[derive(Clone, Debug, Serialize)]
pub struct GameState {
    pub id: String,
    /// Only in the answer that created the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    pub game: &'static str,
    pub options: serde_json::Map<String, serde_json::Value>,
    pub players: [String; 2],
    pub side_names: [String; 2],
    pub start_position: String,
    pub position: String,
    pub to_move: &'static str,
    pub to_move_name: String,
    pub turn: Turn,
    pub result: Option<ResultView>,
    pub moves: Vec<PlayedMove>,
    pub legal_moves: Vec<String>,
    pub must_pass: bool,
    pub board: Board,
    /// The board as the terminal shows it.
    pub text: String,
    /// Every legal move's value, when asked with `?values=true`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<SolveReport>,
}

/// One game of `GET /api/games-list`.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub options: Vec<OptionInfo>,
    pub position: PositionInfo,
}

#[derive(Clone, Debug, Serialize)]
pub struct OptionInfo {
    pub name: &'static str,
    /// True for an on/off option (`"misere": true`).
    pub flag: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_name: Option<&'static str>,
    pub help: &'static str,
}

impl From<OptionSpec> for OptionInfo {
    fn from(spec: OptionSpec) -> Self {
        OptionInfo {
            name: spec.name,
            flag: spec.value_name.is_none(),
            value_name: spec.value_name,
            help: spec.help,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct PositionInfo {
    pub description: &'static str,
    pub example: &'static str,
}

impl GameInfo {
    pub fn of(kind: &dyn GameKind) -> Self {
        let notation = kind.position_notation();
        GameInfo {
            name: kind.name(),
            summary: kind.summary(),
            options: kind.options().into_iter().map(OptionInfo::from).collect(),
            position: PositionInfo {
                description: notation.description,
                example: notation.example,
            },
        }
    }
}
