//! Checked writing to standard output. `write!`/`writeln!` on an [`Output`]
//! return a [`WriteError`], so every write is answered with `?` and a full
//! disk or a closed terminal ends the command with one line on stderr and
//! exit code 2 instead of a panic. (A closed pipe ends the program quietly
//! before any error: `main` restores SIGPIPE's default disposition.)

use std::fmt;
use std::io::{self, StdoutLock, Write};

use ply_engine::{GameError, OptionProblem};

/// A writer whose every write is checked.
pub struct Output<W: Write = StdoutLock<'static>> {
    inner: W,
}

/// A write to standard output failed.
#[derive(Debug)]
pub struct WriteError(io::Error);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

impl std::error::Error for WriteError {}

impl Output {
    /// Standard output, locked for the life of the command.
    pub fn stdout() -> Self {
        Output::new(io::stdout().lock())
    }
}

impl<W: Write> Output<W> {
    pub fn new(inner: W) -> Self {
        Output { inner }
    }

    /// What `write!` and `writeln!` call: the formatted text, checked.
    pub fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), WriteError> {
        self.inner.write_fmt(args).map_err(WriteError)
    }

    /// Sends buffered text on (a prompt, or the end of a command's output).
    pub fn flush(&mut self) -> Result<(), WriteError> {
        self.inner.flush().map_err(WriteError)
    }
}

/// An engine or game error worded for the terminal: options as the
/// `--flags` that set them. (The library words them without flag syntax,
/// and the web API as JSON fields.)
pub fn game_error(error: &GameError) -> String {
    match error {
        GameError::Option { option, problem } => match problem {
            OptionProblem::NotValid { value } => {
                format!("--{option}: '{value}' is not a valid value")
            }
            OptionProblem::OutOfRange {
                value,
                min,
                max,
                context,
            } => format!("--{option} must be between {min} and {max}{context}, got {value}"),
            OptionProblem::Invalid {
                value,
                why,
                example,
            } => match example {
                Some(example) => {
                    format!("--{option} '{value}': {why}, for example --{option} {example}")
                }
                None => format!("--{option} '{value}': {why}"),
            },
        },
        GameError::ConflictingOptions { options: (a, b) } => {
            format!("give either {} or {}, not both", flags(a), flags(b))
        }
        GameError::NeedsOption { option, why } => format!("{why}: give --{option}"),
        GameError::PositionNeedsOption { why, option, value } => {
            format!("{why}: add --{option} {value}")
        }
        other => other.to_string(),
    }
}

/// `rows/cols` as `--rows/--cols`.
fn flags(options: &str) -> String {
    options
        .split('/')
        .map(|name| format!("--{name}"))
        .collect::<Vec<_>>()
        .join("/")
}

/// An error of any cause worded for the terminal: each cause in turn,
/// game errors as [`game_error`] words them, joined by `: `.
pub fn error_message(error: &anyhow::Error) -> String {
    error
        .chain()
        .map(|cause| match cause.downcast_ref::<GameError>() {
            Some(game) => game_error(game),
            None => cause.to_string(),
        })
        .collect::<Vec<_>>()
        .join(": ")
}

/// A warning on stderr. If stderr itself is gone there is nowhere left to
/// warn, and the command goes on.
pub fn warn(message: &str) {
    let _ = writeln!(io::stderr(), "{message}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that refuses everything, like `/dev/full`.
    struct Full;

    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(28))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_write_is_an_error_naming_standard_output() {
        let mut out = Output::new(Full);
        let error = writeln!(out, "perft {} = {}", 9, 255_168).expect_err("the disk is full");
        assert!(error
            .to_string()
            .starts_with("cannot write to standard output"));
    }

    #[test]
    fn option_errors_name_the_flags() {
        let range = GameError::option(
            "k",
            OptionProblem::OutOfRange {
                value: 9,
                min: 1,
                max: 3,
                context: " on a 3x3 board".into(),
            },
        );
        assert_eq!(
            game_error(&range),
            "--k must be between 1 and 3 on a 3x3 board, got 9"
        );
        assert!(!range.to_string().contains("--"), "{range}");
        let both = GameError::ConflictingOptions {
            options: ("size".into(), "rows/cols".into()),
        };
        assert_eq!(
            game_error(&both),
            "give either --size or --rows/--cols, not both"
        );
        let depth = GameError::NeedsOption {
            option: "depth".into(),
            why: "this game can go on forever".into(),
        };
        assert_eq!(
            error_message(&anyhow::Error::new(depth)),
            "this game can go on forever: give --depth"
        );
        let context = anyhow::Error::new(GameError::option(
            "size",
            OptionProblem::NotValid { value: "x".into() },
        ))
        .context("cannot start");
        assert_eq!(
            error_message(&context),
            "cannot start: --size: 'x' is not a valid value"
        );
    }

    #[test]
    fn writes_reach_the_writer() {
        let mut out = Output::new(Vec::new());
        writeln!(out, "a {}", 1).expect("a vector takes anything");
        write!(out, "b").expect("a vector takes anything");
        out.flush().expect("nothing to flush");
        assert_eq!(out.inner, b"a 1\nb");
    }
}
