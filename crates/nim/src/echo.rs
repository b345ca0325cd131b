//! User input as a message may repeat it.

/// The most characters of user input a message repeats.
const SHOWN: usize = 40;

/// `text` with characters that are not printable (control and direction
/// marks, ...) escaped so they cannot act on the terminal, and cut after
/// about `SHOWN` characters as shown.
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    let mut length = 0;
    for c in text.chars() {
        if length >= SHOWN {
            out.push_str("...");
            break;
        }
        let before = out.len();
        match c {
            '\'' | '"' | '\\' => out.push(c),
            _ => out.extend(c.escape_debug()),
        }
        length += out[before..].chars().count();
    }
    out
}
