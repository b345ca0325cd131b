//! User text shown back in messages: cut when long, characters that could
//! act on a terminal escaped, so a message stays one readable line whatever
//! was typed. Every crate that repeats user input in a message uses this.

/// How many characters of user text a message shows before `...`.
pub const SHOWN_CHARS: usize = 40;

/// `text` as a message shows it: at most [`SHOWN_CHARS`] characters then
/// `...`, with control characters (newlines, escapes, NUL) written as Rust
/// escapes (`\n`, `\u{1b}`) instead of raw.
pub fn shown(text: &str) -> String {
    shown_within(text, SHOWN_CHARS)
}

/// [`shown`] with another length, for longer texts a message quotes (a
/// file name, a parser's complaint about a file).
pub fn shown_within(text: &str, max_chars: usize) -> String {
    // Counted as shown, escapes included, so the message stays short.
    let mut out = String::new();
    let mut count = 0;
    for c in text.chars() {
        if count >= max_chars {
            out.push_str("...");
            break;
        }
        let before = out.len();
        push_escaped(&mut out, c);
        count += out[before..].chars().count();
    }
    out
}

/// `text` with its control characters escaped and nothing cut: for
/// messages the games write, which may quote what the user typed.
pub fn escaped(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// A message someone else wrote (a game's error) that may quote `typed`,
/// what the user typed: every quotation of it is cut as [`shown`] cuts it,
/// and control characters are escaped.
pub fn quoting(message: &str, typed: &str) -> String {
    let message = if typed.chars().count() > SHOWN_CHARS {
        message.replace(typed, &shown(typed))
    } else {
        message.to_string()
    };
    escaped(&message)
}

/// Control characters and other non-printing ones (direction marks that
/// reorder a line) as Rust escapes; quotes and backslashes stay as typed.
fn push_escaped(out: &mut String, c: char) {
    let printable = !c.is_control() && c.escape_debug().count() == 1;
    if printable || matches!(c, '\'' | '"' | '\\') {
        out.push(c);
    } else {
        out.extend(c.escape_debug());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    #[test]
    fn short_text_is_shown_as_typed() {
        assert_eq!(shown("b2"), "b2");
        assert_eq!(shown("misère"), "misère");
    }

    #[test]
    fn long_text_is_cut() {
        let long = "x".repeat(100);
        assert_eq!(shown(&long), format!("{}...", "x".repeat(SHOWN_CHARS)));
        assert_eq!(shown(&"x".repeat(SHOWN_CHARS)), "x".repeat(SHOWN_CHARS));
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(shown("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
        assert_eq!(escaped("bad '\t'"), "bad '\\t'");
        assert_eq!(shown("a\u{202e}b"), "a\\u{202e}b");
    }

    #[test]
    fn quotations_of_long_input_are_cut() {
        let typed = "b".repeat(200);
        let message = format!("'{typed}' is not a square");
        assert_eq!(
            quoting(&message, &typed),
            format!("'{}...' is not a square", "b".repeat(SHOWN_CHARS))
        );
        assert_eq!(quoting("'x\ny' is bad", "x\ny"), "'x\\ny' is bad");
    }

    fn shown_text_is_one_clean_line(text: &str) -> Result<(), TestCaseError> {
        let out = shown(text);
        prop_assert!(!out.chars().any(char::is_control));
        // Each character escapes to at most 10 (`\u{10ffff}`), plus `...`.
        prop_assert!(out.chars().count() <= SHOWN_CHARS * 10 + 3);
        prop_assert!(!escaped(text).chars().any(char::is_control));
        let quoted = quoting(&format!("bad '{text}'"), text);
        prop_assert!(!quoted.chars().any(char::is_control));
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn shown_text_is_one_short_clean_line(text in any::<String>()) {
            shown_text_is_one_clean_line(&text)?;
        }
    }

    proptest! {
        // The long run: cargo test -p ply-engine --lib -- --ignored long_shown
        #![proptest_config(ProptestConfig::with_cases(100_000))]
        #[test]
        #[ignore]
        fn long_shown_text_is_one_short_clean_line(text in any::<String>()) {
            shown_text_is_one_clean_line(&text)?;
        }
    }
}
