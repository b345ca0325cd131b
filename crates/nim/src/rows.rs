//! Reading the rows of a Nim position from text (`--heaps`, positions).
//!
//! With commas, each field is a row: `1,2,3`; one trailing comma is
//! allowed, so `65535,` is a single row. Without commas, fields separated
//! by spaces are rows: `1 2 3`. A lone run of digits is read by its
//! length, so that no text has two readings:
//! - one digit is one row (`7`);
//! - exactly three digits are three rows of 0-9, digit-rows notation
//!   (`123` is 1,2,3, `345` is 3,4,5); write `123,` for one row of 123;
//! - any other length is one row (`12`, `65535`); write `1,2` for two rows;
//! - other than three digits with a leading zero (`05`, `0123`) is refused
//!   as ambiguous;
//! - more digits than the most rows a position may have can only be one
//!   row (and are refused when that row is too big).
//!
//! When digits could have been read the other way, `RowsText::note` says
//! which reading was taken. The number of rows and each row's size are
//! checked before anything is stored.

use thiserror::Error;

use crate::game::{MAX_COUNT, MAX_ROWS};
use ply_engine::echo::shown;

/// Rows read from text, and how they were read when it could have been
/// otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowsText {
    /// The objects in each row.
    pub rows: Vec<u16>,
    /// Set when a run of digits had another plausible reading: which one
    /// was taken and how to write the other.
    pub note: Option<String>,
}

/// Why text is not a list of rows. Input is repeated as typed (cut and
/// escaped).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RowsError {
    /// No rows given.
    #[error("give the rows, for example 1,2,3")]
    Empty,
    /// A row left out between separators.
    #[error("row {row} is missing (write 0 for an empty row)")]
    Missing {
        /// The missing row (1-based).
        row: usize,
    },
    /// A field that is not a number.
    #[error("'{field}' is not a number of objects")]
    NotANumber {
        /// The field as typed.
        field: String,
    },
    /// A negative number of objects.
    #[error("a row holds at least 0 objects, not {field}")]
    Negative {
        /// The field as typed.
        field: String,
    },
    /// More objects than a row holds.
    #[error("a row holds at most {MAX_COUNT} objects, not {field}{hint}")]
    TooBig {
        /// The field as typed.
        field: String,
        /// Empty, or how to write the digits as one row per digit.
        hint: String,
    },
    /// More rows than a position holds.
    #[error("at most {MAX_ROWS} rows, not {count}")]
    TooMany {
        /// The rows given.
        count: usize,
    },
    /// A run of digits that reads as one row per digit or as one row.
    #[error(
        "'{digits}' could be one row per digit or one row: write {listed} for rows, \
         or {single} for one row"
    )]
    Ambiguous {
        /// The digits as typed.
        digits: String,
        /// The rows-per-digit reading, written unambiguously.
        listed: String,
        /// The one-row reading, written unambiguously.
        single: String,
    },
}

/// Reads rows; see the module documentation for the forms.
pub fn read_rows(text: &str) -> Result<RowsText, RowsError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(RowsError::Empty);
    }
    if text.contains(',') {
        let body = text.strip_suffix(',').unwrap_or(text);
        return listed(body.split(',')).map(without_note);
    }
    if text.contains(char::is_whitespace) {
        return listed(text.split_whitespace()).map(without_note);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return row(text).map(|r| without_note(vec![r]));
    }
    let per_digit = || {
        text.bytes()
            .map(|b| (b - b'0').to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    match text.len() {
        1 => row(text).map(|r| without_note(vec![r])),
        3 => Ok(RowsText {
            rows: text.bytes().map(|b| u16::from(b - b'0')).collect(),
            note: (!text.starts_with('0')).then(|| {
                format!(
                    "read {text} as three rows {} (one digit a row, as digit-rows notation \
                     writes positions); write {text}, for one row of {text}",
                    per_digit()
                )
            }),
        }),
        // More digits than rows allowed: the number is the only reading.
        length if length > MAX_ROWS => row(text).map(|r| without_note(vec![r])),
        _ if text.starts_with('0') => Err(RowsError::Ambiguous {
            digits: shown(text),
            listed: per_digit(),
            single: match text.trim_start_matches('0') {
                "" => "0".into(),
                number => shown(number),
            },
        }),
        _ => match row(text) {
            Ok(r) => Ok(RowsText {
                rows: vec![r],
                note: Some(format!(
                    "read {text} as one row of {text}; write {} for one row per digit",
                    per_digit()
                )),
            }),
            Err(RowsError::TooBig { field, .. }) => Err(RowsError::TooBig {
                field,
                hint: format!(" (for one row per digit write {})", per_digit()),
            }),
            Err(e) => Err(e),
        },
    }
}

fn without_note(rows: Vec<u16>) -> RowsText {
    RowsText { rows, note: None }
}

/// Rows given one per field; the count is checked before any is stored.
fn listed<'a>(fields: impl Iterator<Item = &'a str> + Clone) -> Result<Vec<u16>, RowsError> {
    let count = fields.clone().count();
    if count > MAX_ROWS {
        return Err(RowsError::TooMany { count });
    }
    fields
        .enumerate()
        .map(|(i, field)| match field.trim() {
            "" => Err(RowsError::Missing { row: i + 1 }),
            field => row(field),
        })
        .collect()
}

/// One row's count: digits (a `+` allowed), at most `MAX_COUNT`.
fn row(field: &str) -> Result<u16, RowsError> {
    let digits = field.strip_prefix(['+', '-']).unwrap_or(field);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(RowsError::NotANumber {
            field: shown(field),
        });
    }
    if field.starts_with('-') && digits.bytes().any(|b| b != b'0') {
        return Err(RowsError::Negative {
            field: shown(field),
        });
    }
    digits
        .parse::<u32>()
        .ok()
        .and_then(|n| u16::try_from(n).ok())
        .filter(|&n| u32::from(n) <= u32::from(MAX_COUNT))
        .ok_or_else(|| RowsError::TooBig {
            field: shown(field),
            hint: String::new(),
        })
}
