//! Errors the engine reports to front ends.

use thiserror::Error;

/// Something a user asked for that the game cannot do; the message is shown as is.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum GameError {
    #[error("{0}")]
    IllegalMove(String),
    #[error("{0}")]
    BadPosition(String),
    #[error("{0}")]
    BadOption(String),
    #[error("{0}")]
    Unsupported(String),
    #[error("{0}")]
    Io(String),
}

/// Longest piece of user input echoed in a message before it is cut.
const ECHO_CHARS: usize = 40;

/// `text` as a message may echo it: control characters escaped (a file
/// name or a damaged file must not move the cursor or ring the bell) and
/// cut after 40 characters with `...`, so a message stays one short line.
pub fn echo(text: &str) -> String {
    echo_within(text, ECHO_CHARS)
}

/// [`echo`] with another length: for longer texts a message quotes, such
/// as a parser's complaint about a file.
pub fn echo_within(text: &str, max_chars: usize) -> String {
    let mut shown = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == max_chars {
            shown.push_str("...");
            break;
        }
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_escapes_control_characters_and_cuts_long_input() {
        assert_eq!(echo("t.json"), "t.json");
        assert_eq!(echo("a\u{1b}[2Jb\n"), "a\\u{1b}[2Jb\\n");
        let long = "x".repeat(100);
        assert_eq!(echo(&long), format!("{}...", "x".repeat(40)));
    }
}
