//! Counted nouns that read well: "1 ply", "2 plies".

/// `n` and the noun in the number that fits.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(count(1u32, "ply", "plies"), "1 ply");
        assert_eq!(count(0u32, "ply", "plies"), "0 plies");
        assert_eq!(count(300u32, "ply", "plies"), "300 plies");
    }
}
