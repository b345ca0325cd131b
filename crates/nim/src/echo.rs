//! User input as a message may repeat it.

/// The most characters of user input a message repeats.
const SHOWN: usize = 40;

/// `text` with characters that are not printable (control and direction
/// marks, ...) escaped so they cannot act on the terminal, and cut after
/// about `SHOWN` characters.
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count >= SHOWN || out.len() >= 4 * SHOWN {
            out.push_str("...");
            break;
        }
        match c {
            '\'' | '"' | '\\' => out.push(c),
            _ => out.extend(c.escape_debug()),
        }
    }
    out
}
