//! Boards beyond 8 x 8 and the exact rule: the wide board agrees with the
//! 64-bit one where both play, the notation and rules hold on any size, and
//! `hint` and the computer keep within their time budgets on every board.

use std::time::{Duration, Instant};

use ply_engine::conformance::check_rules;
use ply_engine::{
    BotSpec, EngineConfig, Game, GameKind, GameOptions, GameResult, Outcome, Searcher, Session,
    Side,
};
use ply_gomoku::Rule;
use ply_mnk::{Mnk, MnkKnowledge, MnkWide, WideKnowledge, MNK};

fn session(options: &[(&str, &str)]) -> Box<dyn Session> {
    let mut opts = GameOptions::new();
    for (name, value) in options {
        opts = opts.with_value(name, value);
    }
    MNK.new_session(&opts).expect("a valid board")
}

/// Leaf counts of the wide board equal the 64-bit board's (an independent
/// implementation of the same rules) on small boards, early wins included.
#[test]
fn wide_perft_matches_the_bitboard() {
    for (rows, cols, k, depth) in [(3, 3, 3, 9), (4, 4, 3, 6), (3, 5, 3, 6), (2, 6, 2, 5)] {
        let narrow = Mnk::new(rows, cols, k).expect("fits 64 bits");
        let wide = MnkWide::new(rows, cols, k, Rule::Freestyle).expect("any size");
        for d in 0..=depth {
            assert_eq!(
                ply_engine::perft(&wide, &WideKnowledge, d),
                ply_engine::perft(&narrow, &MnkKnowledge, d),
                "{rows}x{cols} k={k} depth {d}"
            );
        }
    }
}

/// The generic exact solver on the wide board gives the known values.
#[test]
fn wide_solves_agree_with_the_bitboard() {
    for (rows, cols, k) in [(3, 3, 3), (4, 3, 3), (4, 4, 3), (3, 3, 2)] {
        let narrow = Searcher::new(8)
            .with_knowledge(MnkKnowledge)
            .solve(&Mnk::new(rows, cols, k).expect("fits"));
        let wide = Searcher::new(8)
            .with_knowledge(WideKnowledge)
            .solve(&MnkWide::new(rows, cols, k, Rule::Freestyle).unwrap());
        assert_eq!(wide.outcome, narrow.outcome, "{rows}x{cols} k={k}");
        assert_eq!(wide.remoteness, narrow.remoteness, "{rows}x{cols} k={k}");
    }
    // Tic-tac-toe is a draw.
    let ttt = Searcher::new(8)
        .with_knowledge(WideKnowledge)
        .solve(&MnkWide::new(3, 3, 3, Rule::Freestyle).unwrap());
    assert_eq!(ttt.outcome, Outcome::Draw);
}

#[test]
fn large_boards_take_letters_rows_and_cell_numbers() {
    let mut s = session(&[("size", "26"), ("k", "5")]);
    assert_eq!(s.position().len(), 26 * 26);
    assert_eq!(s.legal_moves().len(), 676);
    assert_eq!(s.play("z26").expect("the last square"), "z26");
    assert_eq!(s.play("1").expect("cell 1"), "a1");
    assert_eq!(s.play("27").expect("cell 27 is a2"), "a2");
    for bad in ["z27", "677", "0", "aa1", "", "h", "1a"] {
        assert!(s.play(bad).is_err(), "{bad:?} should be refused");
    }
    assert!(s.play("z26").is_err(), "occupied");
    let position = s.position();
    assert_eq!(position.chars().filter(|&c| c == 'X').count(), 2);
    let mut again = session(&[("size", "26"), ("k", "5")]);
    again.set_position(&position).expect("its own position");
    assert_eq!(again.position(), position);
    assert_eq!(again.to_move(), Side::Second);
    // The board shows 26 columns and 26 rows.
    let board = s.render(false);
    assert!(board.lines().next().expect("a header").ends_with("y z"));
    assert_eq!(board.lines().count(), 27);
    // A rows x cols board that is not square.
    let mut r = session(&[("rows", "3"), ("cols", "20"), ("k", "4")]);
    assert_eq!(r.play("t3").expect("last column, last row"), "t3");
    assert!(r.play("u1").is_err());
}

/// Plays `moves` alternately from the empty board of the options.
fn play_out(options: &[(&str, &str)], moves: &[&str]) -> Box<dyn Session> {
    let mut s = session(options);
    for mv in moves {
        s.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    s
}

#[test]
fn an_overline_wins_only_under_freestyle() {
    // X: a1 b1 c1 e1 f1 then d1, six in a row; O plays far away.
    let moves = [
        "a1", "a5", "b1", "b5", "c1", "c5", "e1", "e6", "f1", "f7", "d1",
    ];
    for size in ["8", "12"] {
        let free = play_out(&[("size", size), ("k", "5")], &moves);
        assert_eq!(free.result(), Some(GameResult::Win(Side::First)), "{size}");
        let exact = play_out(&[("size", size), ("k", "5"), ("rule", "exact")], &moves);
        assert_eq!(exact.result(), None, "{size}: six is not five");
    }
    // Exactly five wins under both rules.
    let five = ["a1", "a5", "b1", "b5", "c1", "c5", "d1", "d6", "e1"];
    let exact = play_out(&[("size", "12"), ("k", "5"), ("rule", "exact")], &five);
    assert_eq!(exact.result(), Some(GameResult::Win(Side::First)));
    // A position with a six is not over under the exact rule.
    let mut s = session(&[("size", "9"), ("k", "5"), ("rule", "exact")]);
    let mut cells = vec!['-'; 81];
    cells[..6].fill('X');
    for c in 0..5 {
        cells[40 + 2 * c] = 'O';
    }
    s.set_position(&cells.iter().collect::<String>())
        .expect("legal");
    assert_eq!(s.result(), None);
    assert_eq!(s.to_move(), Side::Second);
}

#[test]
fn impossible_positions_are_refused() {
    let mut s = session(&[("size", "10"), ("k", "5")]);
    let mut cells = vec!['-'; 100];
    cells[0] = 'O';
    let text: String = cells.iter().collect();
    assert!(s.set_position(&text).is_err(), "O cannot move first");
    assert!(s.set_position("XO").is_err(), "wrong length");
    let mut both = vec!['-'; 100];
    for c in 0..5 {
        both[c] = 'X';
        both[20 + c] = 'O';
    }
    assert!(s.set_position(&both.iter().collect::<String>()).is_err());
}

/// An analysis of `session` within `budget`, timed.
fn timed_hint(s: &mut Box<dyn Session>, budget: Duration) -> Duration {
    let config = EngineConfig {
        move_time: Some(budget),
        ..EngineConfig::default()
    };
    let clock = Instant::now();
    let report = s.analyze(&config).expect("an analysis");
    let took = clock.elapsed();
    for m in &report.moves {
        if m.value.outcome == Outcome::Unknown {
            assert!(
                m.value.heuristic.is_some(),
                "{}: unknown without a score",
                m.mv
            );
        }
    }
    took
}

/// `hint` answers within its budget on every board size, in the opening
/// and in the middle of a game.
#[test]
fn hint_answers_within_its_budget_on_every_board() {
    let budget = Duration::from_millis(400);
    for size in 1..=26u8 {
        let k = size.min(5).to_string();
        let size_text = size.to_string();
        let mut s = session(&[("size", &size_text), ("k", &k)]);
        for _ in 0..2 {
            let took = timed_hint(&mut s, budget);
            assert!(took <= budget, "{size}x{size}: hint took {took:?}");
            // A few moves on: the middle of the board first.
            for _ in 0..(usize::from(size) * usize::from(size) / 4).min(12) {
                if s.result().is_some() {
                    break;
                }
                let moves = s.legal_moves();
                let mv = moves[moves.len() / 2].clone();
                s.play(&mv).expect("legal");
            }
            if s.result().is_some() {
                break;
            }
        }
    }
}

/// A whole game between two computers on `size` x `size`, k = 5: every move
/// within `budget` (`None`: the default move time, which is then checked).
fn whole_game(size: u8, budget: Option<Duration>) {
    let size_text = size.to_string();
    let mut s = session(&[("size", &size_text), ("k", "5")]);
    let config = EngineConfig {
        move_time: budget,
        ..EngineConfig::default()
    };
    let limit = budget.unwrap_or(ply_mnk::WIDE_MOVE_TIME);
    let mut bots = [
        s.new_bot(&BotSpec::Computer(None), &config).expect("a bot"),
        s.new_bot(&BotSpec::Computer(None), &config).expect("a bot"),
    ];
    let mut slowest = Duration::ZERO;
    let mut plies = 0;
    while s.result().is_none() {
        let side = s.to_move().index();
        let clock = Instant::now();
        s.bot_move(&mut bots[side]).expect("a legal move");
        let took = clock.elapsed();
        slowest = slowest.max(took);
        plies += 1;
        assert!(
            took < limit,
            "{size}x{size} ply {plies}: {took:?} > {limit:?}"
        );
    }
    eprintln!("{size}x{size}: {plies} plies, slowest move {slowest:?} (limit {limit:?})");
}

#[test]
fn the_computer_answers_every_move_of_a_15x15_game_in_time() {
    whole_game(15, Some(Duration::from_millis(150)));
}

/// The default move time, on 15 x 15 and 19 x 19 (a few minutes):
/// `cargo test --release -p ply-mnk --test suite -- --ignored --nocapture wide::default_move_time`
#[test]
#[ignore]
fn default_move_time_holds_on_15x15_and_19x19() {
    whole_game(15, None);
    whole_game(19, None);
}

/// The threat solvers' verdicts on a position built to have them: X's open
/// three j8-j10 against O's k8-k10, X to move. Extending to an open four
/// (j7 or j11) wins two plies later; any move far away lets O make his
/// open four and lose in three.
#[test]
fn hint_proves_threat_wins_and_losses() {
    let mut s = play_out(
        &[("size", "19"), ("k", "5")],
        &["j10", "k10", "j9", "k9", "j8", "k8"],
    );
    let config = EngineConfig {
        move_time: Some(Duration::from_secs(2)),
        ..EngineConfig::default()
    };
    let report = s.analyze(&config).expect("an analysis");
    let value_of = |mv: &str| {
        report
            .moves
            .iter()
            .find(|m| m.mv == mv)
            .unwrap_or_else(|| panic!("{mv} listed"))
            .value
    };
    for win in ["j7", "j11"] {
        assert_eq!(value_of(win).outcome, Outcome::Win, "{win}");
        assert_eq!(value_of(win).remoteness, Some(2), "{win}");
    }
    for far in ["a1", "s19", "a19"] {
        assert_eq!(value_of(far).outcome, Outcome::Lose, "{far}");
        assert_eq!(value_of(far).remoteness, Some(3), "{far}");
    }
    assert_eq!(report.value.outcome, Outcome::Win);
    assert_eq!(report.value.remoteness, Some(3));
    assert!(
        report
            .moves
            .iter()
            .filter(|m| m.value.outcome == Outcome::Unknown)
            .all(|m| m.value.heuristic.is_some()),
        "undecided moves carry a score"
    );
}

/// Boards up to 8 x 8 under freestyle keep the 64-bit board (its
/// boxed-grid rendering), larger ones and the exact rule use the wide one.
#[test]
fn the_board_is_chosen_once_by_size_and_rule() {
    assert!(session(&[("size", "8"), ("k", "5")])
        .render(false)
        .contains('|'));
    assert!(!session(&[("size", "9"), ("k", "5")])
        .render(false)
        .contains('|'));
    assert!(!session(&[("size", "3"), ("rule", "exact")])
        .render(false)
        .contains('|'));
    assert!(!session(&[("rows", "2"), ("cols", "9"), ("k", "2")])
        .render(false)
        .contains('|'));
}

/// The generic bots play the wide board too (tournaments and learners).
#[test]
fn generic_bots_play_large_boards() {
    let mut s = session(&[("size", "12"), ("k", "5")]);
    let config = EngineConfig::default();
    let mut bots = [
        s.new_bot(&BotSpec::Random, &config).expect("random"),
        s.new_bot(&BotSpec::AlphaBeta(1), &config)
            .expect("alphabeta"),
    ];
    while s.result().is_none() {
        let side = s.to_move().index();
        s.bot_move(&mut bots[side]).expect("a legal move");
    }
    assert!(
        s.new_bot(&BotSpec::Perfect, &config).is_err(),
        "no perfect play on 12x12"
    );
    let small = MnkWide::new(3, 3, 3, Rule::Exact).expect("3x3");
    assert!(small.result().is_none());
}

/// The engine's conformance harness on the wide board: random games on
/// boards of several sizes and `k`, under every rule (renju on k = 5).
#[test]
fn conformance_on_many_boards_and_every_rule() {
    for (rows, cols, k) in [
        (1, 1, 1),
        (1, 5, 2),
        (3, 3, 3),
        (5, 6, 4),
        (9, 9, 5),
        (15, 15, 5),
        (20, 26, 6),
    ] {
        for rule in Rule::ALL {
            if rule == Rule::Renju && k != 5 {
                continue;
            }
            let start = MnkWide::new(rows, cols, k, rule).expect("a valid board");
            check_rules(&start, 12, 120, u64::from(rows) * 100 + u64::from(cols));
        }
    }
}
