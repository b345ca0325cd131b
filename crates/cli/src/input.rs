//! Reading the lines a person types: a read that fails is named as reading,
//! and a line that is not UTF-8 is refused as that line, not the session.

use std::fmt;
use std::io::{self, BufRead};

/// One line of input.
pub enum Line {
    /// The text, without its line ending.
    Text(String),
    /// Bytes that are not UTF-8: refuse the line and ask again.
    NotText,
    /// End of input.
    End,
}

/// Reading standard input itself failed.
#[derive(Debug)]
pub struct ReadError(io::Error);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read standard input: {}", self.0)
    }
}

impl std::error::Error for ReadError {}

/// What a refused non-UTF-8 line is answered with.
pub const NOT_TEXT: &str = "that line is not valid text (UTF-8)";

/// Reads the next line as bytes and turns it into text.
pub fn read_line(input: &mut dyn BufRead) -> Result<Line, ReadError> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes).map_err(ReadError)? == 0 {
        return Ok(Line::End);
    }
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    Ok(String::from_utf8(bytes).map_or(Line::NotText, Line::Text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::collection::vec;
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut reader = input;
        let mut seen = Vec::new();
        loop {
            match read_line(&mut reader).expect("a slice reads") {
                Line::Text(text) => seen.push(text),
                Line::NotText => seen.push("<not text>".into()),
                Line::End => return seen,
            }
        }
    }

    #[test]
    fn a_bad_line_is_refused_and_reading_goes_on() {
        assert_eq!(lines(b"b2\r\n\xff\xfe\nquit"), ["b2", "<not text>", "quit"]);
    }

    #[test]
    fn end_of_input_is_the_end() {
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n"), [""]);
    }

    /// Every line ending gives one line, and an unended last line one more.
    fn bytes_read_as_lines(input: &[u8]) -> Result<(), TestCaseError> {
        let seen = lines(input);
        let newlines = input.iter().filter(|b| **b == b'\n').count();
        let unended = input.last().is_some_and(|b| *b != b'\n');
        prop_assert_eq!(seen.len(), newlines + usize::from(unended));
        for line in seen {
            prop_assert!(!line.contains('\n'));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn any_bytes_read_as_lines_or_refusals(input in vec(any::<u8>(), 0..200)) {
            bytes_read_as_lines(&input)?;
        }
    }

    proptest! {
        // The long run: cargo test -p ply --bin ply -- --ignored long_
        #![proptest_config(ProptestConfig::with_cases(100_000))]
        #[test]
        #[ignore]
        fn long_any_bytes_read_as_lines_or_refusals(input in vec(any::<u8>(), 0..2000)) {
            bytes_read_as_lines(&input)?;
        }
    }
}
