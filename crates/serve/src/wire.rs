//! The JSON shapes of the API. Reports of values are the engine's own
//! [`Report`], the shape of `ply solve --json` (DESIGN.md): `value`,
//! `remoteness` (null when unknown), `four_score`, and `margin` / `score`
//! when the game has them; boards are the session's [`BoardView`].

use ply_engine::{
    BoardView, Command, GameKind, GameOptions, OptionRole, OptionSpec, OptionValues, Preset,
    RecordFormat, Report, Value,
};
use serde::{Deserialize, Serialize};

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
    /// Moves to play from the start before anyone's turn, whichever seat
    /// made them: a game restored from a link.
    #[serde(default)]
    pub moves: Vec<String>,
    /// A whole game in one of the game's record formats (GGF), instead of
    /// `position` and `moves`.
    #[serde(default)]
    pub record: Option<RecordText>,
}

/// A game written in one of its record formats (`GET .../record`, and
/// `record` when creating a game).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RecordText {
    /// The format's name (`GGF`), one of the game's `records`.
    pub format: String,
    pub text: String,
}

/// `GET /api/games/{id}/record?format=NAME`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordQuery {
    pub format: String,
}

/// `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    #[serde(rename = "move")]
    pub mv: String,
}

/// `POST /api/games/{id}/line`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetLine {
    /// The moves from the game's start, whoever made them.
    pub moves: Vec<String>,
}

/// A move of the game so far, with its value when it was known.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedMove {
    #[serde(rename = "move")]
    pub mv: String,
    /// `X` or `O`: who made it.
    pub side: &'static str,
    #[serde(flatten, serialize_with = "ply_engine::wire_value_opt")]
    pub value: Option<Value>,
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
    /// The legal moves, the first [`MAX_LISTED`] when there are more.
    pub legal_moves: Vec<String>,
    /// How many legal moves there are, listed or not.
    pub total_legal_moves: usize,
    pub must_pass: bool,
    /// The moves `redo` plays again, the next first.
    pub redo_moves: Vec<String>,
    pub board: BoardView,
    /// The board as the terminal shows it.
    pub text: String,
    /// Every legal move's value, when asked with `?values=true`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<BoundedReport>,
}

/// The most moves one answer lists: a game's legal moves, or the moves of
/// an analysis (the best first, when there are more).
pub const MAX_LISTED: usize = 1000;

/// An analysis as the API answers it: the engine's [`Report`] with at most
/// [`MAX_LISTED`] moves, the best first when there were more, and the count
/// of all of them.
#[derive(Clone, Debug, Serialize)]
pub struct BoundedReport {
    #[serde(flatten)]
    pub report: Report,
    /// How many legal moves the position has, listed or not.
    pub total_moves: usize,
    /// Says that `moves` lists only the best, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_note: Option<String>,
}

impl BoundedReport {
    /// `report`, which lists at most [`MAX_LISTED`] of the position's
    /// `total_moves` moves (the best first when it lists fewer).
    pub fn of((report, total_moves): (Report, usize)) -> Self {
        let moves_note = (total_moves > report.moves.len()).then(|| {
            format!(
                "{} of {} moves listed, the best first",
                report.moves.len(),
                ply_engine::with_commas(total_moves as u128)
            )
        });
        BoundedReport {
            report,
            total_moves,
            moves_note,
        }
    }

    /// The value of `mv` if it is among the moves listed.
    pub fn value_of(&self, mv: &str) -> Option<Value> {
        self.report.value_of(mv)
    }
}

/// One game of `GET /api/games-list`.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    pub name: &'static str,
    /// Its name for people.
    pub title: &'static str,
    pub summary: &'static str,
    /// The rules in a few sentences.
    pub rules: &'static str,
    /// What a search score counts.
    pub score_unit: &'static str,
    /// The formats its whole games are written in, besides its moves.
    pub records: Vec<RecordFormat>,
    pub options: Vec<OptionInfo>,
    pub position: PositionInfo,
    /// The start board at the default options: the game's picture.
    pub picture: Option<BoardView>,
    /// Well-known games that are this one with some options set.
    pub presets: Vec<PresetInfo>,
    /// The outside engines the server's owner offers for it, by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub engines: Vec<String>,
}

/// A well-known game that is another with these options (Gomoku).
#[derive(Clone, Debug, Serialize)]
pub struct PresetInfo {
    pub title: &'static str,
    pub rules: &'static str,
    pub options: serde_json::Map<String, serde_json::Value>,
    pub picture: Option<BoardView>,
}

/// The start board of `kind` under `options`, if they make a game.
fn picture(kind: &dyn GameKind, options: &GameOptions) -> Option<BoardView> {
    kind.new_session(options)
        .ok()
        .map(|session| session.board())
}

impl PresetInfo {
    fn of(kind: &dyn GameKind, preset: Preset) -> Self {
        let options = preset
            .options
            .iter()
            .fold(GameOptions::new(), |o, (name, value)| {
                o.with_value(name, value)
            });
        PresetInfo {
            title: preset.title,
            rules: preset.rules,
            options: preset
                .options
                .iter()
                .map(|(name, value)| (name.to_string(), serde_json::Value::from(*value)))
                .collect(),
            picture: picture(kind, &options),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct OptionInfo {
    pub name: &'static str,
    /// True for an on/off option (`"misere": true`).
    pub flag: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_name: Option<&'static str>,
    pub help: &'static str,
    /// The commands the option acts on (`serve` for this page).
    pub commands: &'static [Command],
    /// What a front end does with it beyond passing it on.
    pub role: OptionRole,
    /// A few words for a form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<&'static str>,
    /// The values it takes: `{"kind": "number", "min", "max", "step"}`,
    /// `{"kind": "choice", "choices"}` or `{"kind": "text"}`.
    pub values: OptionValues,
}

impl From<OptionSpec> for OptionInfo {
    fn from(spec: OptionSpec) -> Self {
        OptionInfo {
            name: spec.name,
            flag: spec.value_name.is_none(),
            value_name: spec.value_name,
            help: spec.help,
            commands: spec.commands,
            role: spec.role,
            label: spec.label,
            values: spec.values,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct PositionInfo {
    pub description: &'static str,
    pub example: &'static str,
}

impl GameInfo {
    /// `kind` as the list shows it, with the outside `engines` it plays.
    pub fn of(kind: &dyn GameKind, engines: Vec<String>) -> Self {
        let notation = kind.position_notation();
        GameInfo {
            name: kind.name(),
            title: kind.title(),
            summary: kind.summary(),
            rules: kind.rules(),
            score_unit: kind.score_unit(),
            records: kind.record_formats(),
            options: kind.options().into_iter().map(OptionInfo::from).collect(),
            position: PositionInfo {
                description: notation.description,
                example: notation.example,
            },
            picture: picture(kind, &GameOptions::new()),
            presets: kind
                .presets()
                .into_iter()
                .map(|preset| PresetInfo::of(kind, preset))
                .collect(),
            engines,
        }
    }
}
