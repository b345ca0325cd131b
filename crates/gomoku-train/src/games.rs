//! The games file: one game a line, `RESULT OPENING MOVE MOVE ...`, where
//! RESULT is `B` (black won), `W` (white won) or `D` (a draw), OPENING the
//! number of random stones the game opened with, and the moves in ply's
//! notation (`h8`), black first.

use std::path::Path;

use ply_gomoku::Move;
use thiserror::Error;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The first player won.
    Black,
    /// The second player won.
    White,
    /// Nobody won.
    Draw,
}

/// One self-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// How it ended.
    pub outcome: Outcome,
    /// The random stones it opened with.
    pub opening: usize,
    /// Every move, black first.
    pub moves: Vec<Move>,
}

/// Why a games file cannot be read.
#[derive(Debug, Error)]
pub enum GamesError {
    /// The file cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A line is not a game.
    #[error("{path}, line {line}: {reason}")]
    Syntax {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// A move in ply's notation: a column letter `a`-`z`, then the row from 1.
pub fn parse_move(text: &str) -> Option<Move> {
    let mut chars = text.chars();
    let column = chars.next()?;
    if !column.is_ascii_lowercase() {
        return None;
    }
    let row: usize = chars.as_str().parse().ok()?;
    if row == 0 {
        return None;
    }
    Some(Move::new(usize::from(column as u8 - b'a'), row - 1))
}

/// Writes `games` to `path` (replacing it).
pub fn write_games(path: &Path, games: &[GameRecord]) -> Result<(), GamesError> {
    let mut text = String::new();
    for game in games {
        text.push(match game.outcome {
            Outcome::Black => 'B',
            Outcome::White => 'W',
            Outcome::Draw => 'D',
        });
        text.push_str(&format!(" {}", game.opening));
        for mv in &game.moves {
            text.push_str(&format!(" {mv}"));
        }
        text.push('\n');
    }
    write_text(path, text)
}

/// Reads a games file.
pub fn read_games(path: &Path) -> Result<Vec<GameRecord>, GamesError> {
    let name = path.display().to_string();
    let text = read_text(path)?;
    let mut games = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let syntax = |reason: &str| GamesError::Syntax {
            path: name.clone(),
            line: index + 1,
            reason: reason.to_string(),
        };
        let mut words = line.split_whitespace();
        let Some(result) = words.next() else {
            continue;
        };
        let outcome = match result {
            "B" => Outcome::Black,
            "W" => Outcome::White,
            "D" => Outcome::Draw,
            _ => return Err(syntax("the result is not B, W or D")),
        };
        let opening = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| syntax("no count of opening stones"))?;
        let moves = words
            .map(|w| parse_move(w).ok_or_else(|| syntax(&format!("{w:?} is not a move"))))
            .collect::<Result<Vec<_>, _>>()?;
        games.push(GameRecord {
            outcome,
            opening,
            moves,
        });
    }
    Ok(games)
}

/// Writes a text file of the pipeline (replacing it).
fn write_text(path: &Path, text: String) -> Result<(), GamesError> {
    std::fs::write(path, text).map_err(|source| GamesError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Reads a text file of the pipeline.
fn read_text(path: &Path) -> Result<String, GamesError> {
    std::fs::read_to_string(path).map_err(|source| GamesError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Writes a file of one line a game, one word an item, as `word` spells it.
pub(crate) fn write_word_lines<T>(
    path: &Path,
    lines: &[Vec<T>],
    word: impl Fn(&T) -> String,
) -> Result<(), GamesError> {
    let text: String = lines
        .iter()
        .map(|line| {
            let words: Vec<String> = line.iter().map(&word).collect();
            words.join(" ") + "\n"
        })
        .collect();
    write_text(path, text)
}

/// Reads a file of one line a game, each word read by `parse`; a word it
/// refuses is a syntax error saying the word is not `expected`.
pub(crate) fn read_word_lines<T>(
    path: &Path,
    expected: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Vec<Vec<T>>, GamesError> {
    let text = read_text(path)?;
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            line.split_whitespace()
                .map(|w| {
                    parse(w).ok_or_else(|| GamesError::Syntax {
                        path: path.display().to_string(),
                        line: i + 1,
                        reason: format!("{w:?} is not {expected}"),
                    })
                })
                .collect()
        })
        .collect()
}
