//! The bounds of every number a user gives, checked while the command line
//! is read, before anything is allocated or started. Each parser is a clap
//! value parser; its message names the limit (clap adds the option and the
//! value as typed).

/// Deepest `perft` and `--depth` accepted, in plies: more than any board
/// here can hold moves for in a search that ends (10x10 Othello has 96
/// squares, but a 64-ply tree of it is already far beyond any budget).
pub const MAX_DEPTH: u64 = 64;

/// Most games `play` runs in a row (`ply tournament` is for long series).
pub const MAX_PLAY_GAMES: u64 = 100_000;

/// Longest `--move-time`: one day, in milliseconds (a later instant could
/// overflow the clock arithmetic of a deadline).
pub const MAX_MOVE_TIME_MS: u64 = 24 * 60 * 60 * 1000;

/// Longest `--max-moves` for `play`, in plies.
pub const MAX_PLIES: u64 = 100_000;

/// `--hash` limit when the machine's memory cannot be read.
pub const FALLBACK_MAX_HASH_MB: u64 = 4096;

/// Threads per core `--jobs` may ask for.
pub const JOBS_PER_CORE: u64 = 4;

/// A whole number from `min` to `max`; `why` follows the maximum in the
/// message (its unit, and where the limit comes from).
fn whole_number(text: &str, min: u64, max: u64, why: &str) -> Result<u64, String> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("give a whole number from {min} to {max}"));
    }
    let negative = text.starts_with('-') && digits.bytes().any(|b| b != b'0');
    if negative {
        return Err(format!("must be at least {min}"));
    }
    match digits.parse::<u64>() {
        Ok(n) if n < min => Err(format!("must be at least {min}")),
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!("must be at most {max}{why}")),
    }
}

fn to_u32(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `--depth D`: plies, 1 to [`MAX_DEPTH`].
pub fn parse_depth(text: &str) -> Result<u32, String> {
    whole_number(text, 1, MAX_DEPTH, " plies").map(to_u32)
}

/// `perft DEPTH`: plies, 0 (the position itself) to [`MAX_DEPTH`].
pub fn parse_perft_depth(text: &str) -> Result<u32, String> {
    whole_number(text, 0, MAX_DEPTH, " plies").map(to_u32)
}

/// `play --games N`: 1 to [`MAX_PLAY_GAMES`].
pub fn parse_play_games(text: &str) -> Result<u32, String> {
    whole_number(
        text,
        1,
        MAX_PLAY_GAMES,
        " games in a row (ply tournament plays long series)",
    )
    .map(to_u32)
}

/// `play --max-moves PLIES`: 1 to [`MAX_PLIES`].
pub fn parse_max_plies(text: &str) -> Result<u32, String> {
    whole_number(text, 1, MAX_PLIES, " plies").map(to_u32)
}

/// `--move-time MS`: 1 ms to a day.
pub fn parse_move_time_ms(text: &str) -> Result<u64, String> {
    whole_number(text, 1, MAX_MOVE_TIME_MS, " ms (one day)")
}

/// `--seed S`: any 64-bit unsigned number.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    whole_number(text, 0, u64::MAX, "")
}

/// `--hash MB`: 1 MiB to half the machine's memory.
pub fn parse_hash_mb(text: &str) -> Result<usize, String> {
    let (max, why) = match memory_mib() {
        Some(total) => (
            (total / 2).max(1),
            format!(" MiB (half of this machine's {total} MiB of memory)"),
        ),
        None => (
            FALLBACK_MAX_HASH_MB,
            " MiB (this machine's memory is unknown)".to_string(),
        ),
    };
    whole_number(text, 1, max, &why).map(|mb| usize::try_from(mb).unwrap_or(usize::MAX))
}

/// The machine's cores (1 when it cannot tell): the default of every
/// thread and job count.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `--jobs N`: threads, 1 to [`JOBS_PER_CORE`] per core.
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    let cores = cores() as u64;
    let why = format!(
        " ({JOBS_PER_CORE} x the {cores} core{} of this machine)",
        if cores == 1 { "" } else { "s" }
    );
    whole_number(text, 1, JOBS_PER_CORE * cores, &why)
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// The machine's memory in MiB (`MemTotal` of `/proc/meminfo`), where known.
fn memory_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    mem_total_mib(&info)
}

/// `MemTotal:  16303572 kB` in MiB.
fn mem_total_mib(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line.split_whitespace().skip(1);
    let kib: u64 = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then_some(kib / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    #[test]
    fn numbers_in_range_are_taken() {
        assert_eq!(parse_depth("1"), Ok(1));
        assert_eq!(parse_depth("64"), Ok(64));
        assert_eq!(parse_perft_depth("0"), Ok(0));
        assert_eq!(parse_seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_move_time_ms("3000"), Ok(3000));
        assert_eq!(parse_jobs("1"), Ok(1));
        assert_eq!(parse_hash_mb("1"), Ok(1));
    }

    #[test]
    fn negative_numbers_must_be_at_least_the_minimum() {
        assert_eq!(parse_play_games("-3"), Err("must be at least 1".into()));
        assert_eq!(parse_play_games("0"), Err("must be at least 1".into()));
        assert_eq!(parse_seed("-1"), Err("must be at least 0".into()));
        assert_eq!(
            parse_play_games("-99999999999999999999999"),
            Err("must be at least 1".into())
        );
    }

    #[test]
    fn large_numbers_name_the_limit() {
        assert_eq!(
            parse_perft_depth("4294967295"),
            Err("must be at most 64 plies".into())
        );
        assert_eq!(
            parse_seed("18446744073709551616"),
            Err(format!("must be at most {}", u64::MAX))
        );
        let jobs = parse_jobs("100000").expect_err("too many threads");
        assert!(jobs.contains("core"), "{jobs}");
        let hash = parse_hash_mb("100000000000").expect_err("more than the memory");
        assert!(hash.contains("MiB"), "{hash}");
    }

    #[test]
    fn words_are_not_numbers() {
        for text in ["", "abc", "1.5", "1e9", "-", "+", " 3", "0x10"] {
            assert_eq!(
                parse_depth(text),
                Err("give a whole number from 1 to 64".into()),
                "{text:?}"
            );
        }
    }

    #[test]
    fn meminfo_is_read_in_mib() {
        let info = "MemTotal:       16303572 kB\nMemFree:  1 kB\n";
        assert_eq!(mem_total_mib(info), Some(15921));
        assert_eq!(mem_total_mib("MemFree: 1 kB"), None);
        assert_eq!(mem_total_mib("MemTotal: lots"), None);
    }

    /// Any text is a number in range or refused with a reason, for every parser.
    fn number_text_is_taken_or_refused(text: &str) -> Result<(), TestCaseError> {
        match parse_play_games(text) {
            Ok(n) => prop_assert!((1..=MAX_PLAY_GAMES).contains(&u64::from(n))),
            Err(reason) => prop_assert!(reason.starts_with("give") || reason.starts_with("must")),
        }
        match parse_perft_depth(text) {
            Ok(n) => prop_assert!(u64::from(n) <= MAX_DEPTH),
            Err(reason) => prop_assert!(reason.starts_with("give") || reason.starts_with("must")),
        }
        prop_assert!(
            parse_seed(text).is_ok() == text.trim_start_matches('+').parse::<u64>().is_ok()
        );
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn any_text_is_a_number_in_range_or_a_reason(text in any::<String>()) {
            number_text_is_taken_or_refused(&text)?;
        }

        #[test]
        fn any_integer_is_taken_exactly_when_in_range(n in any::<i128>()) {
            let taken = parse_depth(&n.to_string());
            if (1..=MAX_DEPTH as i128).contains(&n) {
                prop_assert_eq!(taken, Ok(n as u32));
            } else {
                prop_assert!(taken.is_err());
            }
        }
    }

    proptest! {
        // The long run: cargo test -p ply --bin ply -- --ignored long_
        #![proptest_config(ProptestConfig::with_cases(100_000))]
        #[test]
        #[ignore]
        fn long_any_text_is_a_number_in_range_or_a_reason(text in any::<String>()) {
            number_text_is_taken_or_refused(&text)?;
        }
    }
}
