//! The GTP engine as a GUI drives it, through `Gtp::handle`: what the
//! protocol says each command answers, for the inputs a careless or
//! hostile GUI sends.

use std::time::Duration;

use ply_othello::gtp::Gtp;

/// The answer's text without the blank line that ends it.
fn answer(gtp: &mut Gtp, line: &str) -> String {
    let answer = gtp.handle(line).expect("a command");
    answer.text.trim_end().to_string()
}

#[test]
fn komi_takes_a_number_as_gtp_defines_it() {
    let mut gtp = Gtp::new(Duration::from_millis(10), 1);
    for komi in ["6.5", "0", "-7", "1e3"] {
        assert_eq!(answer(&mut gtp, &format!("komi {komi}")), "=", "{komi}");
    }
    for komi in ["abc", "NaN", "inf", "1e400"] {
        let text = answer(&mut gtp, &format!("komi {komi}"));
        assert!(text.starts_with("? syntax error"), "{komi}: {text}");
    }
    assert!(answer(&mut gtp, "komi").starts_with("? syntax error"));
}

/// A move time under the millisecond floor of a move's budget (the
/// library takes any `Duration`) plays at the floor instead of panicking.
#[test]
fn a_zero_move_time_still_answers_a_move() {
    let mut gtp = Gtp::new(Duration::ZERO, 1);
    let text = answer(&mut gtp, "genmove b");
    assert!(
        ["= d3", "= c4", "= f5", "= e6"].contains(&text.as_str()),
        "{text}"
    );
    answer(&mut gtp, "time_left w 0 0");
    assert!(answer(&mut gtp, "genmove w").starts_with("= "));
}
