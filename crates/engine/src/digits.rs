//! Numbers as people read them in reports.

/// "12,345" for 12345.
pub fn with_commas(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::with_commas;

    #[test]
    fn groups_of_three_from_the_right() {
        assert_eq!(with_commas(0), "0");
        assert_eq!(with_commas(12), "12");
        assert_eq!(with_commas(1234567), "1,234,567");
        assert_eq!(
            with_commas(u128::MAX).replace(',', ""),
            u128::MAX.to_string()
        );
    }
}
