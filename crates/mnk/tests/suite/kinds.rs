//! The registry entries as the front ends see them: options, sessions,
//! bots and the benchmark.

use ply_engine::{
    BotSpec, EngineConfig, GameError, GameKind, GameOptions, GameResult, Outcome, Side,
};
use ply_mnk::{MNK, TICTACTOE};

fn mnk(options: &[(&str, &str)]) -> Result<Box<dyn ply_engine::Session>, GameError> {
    let options = options.iter().fold(GameOptions::new(), |o, (name, value)| {
        o.with_value(name, value)
    });
    MNK.new_session(&options)
}

#[test]
fn tictactoe_session_plays_and_explains() {
    let mut session = TICTACTOE
        .new_session(&GameOptions::new())
        .expect("a session");
    assert_eq!(session.position(), "---------");
    assert_eq!(session.legal_moves().len(), 9);
    assert_eq!(session.play("5"), Ok("b2".to_string()));
    assert_eq!(session.to_move(), Side::Second);
    assert_eq!(session.side_name(Side::Second), "O");
    assert_eq!(
        session.play("b2"),
        Err(GameError::illegal(
            Some("b2"),
            ply_engine::MoveProblem::Occupied,
            "b2 is occupied"
        ))
    );
    assert!(session.play("e5").is_err());
    assert!(session.play("nonsense").is_err());
    let report = session.analyze(&EngineConfig::default()).expect("a report");
    assert_eq!(report.value.outcome, Outcome::Draw);
    assert_eq!(report.moves.len(), 8);
    // Edges lose against a centre opening; corners draw.
    for m in &report.moves {
        let expected = if ["a1", "c1", "a3", "c3"].contains(&m.mv.as_str()) {
            Outcome::Draw
        } else {
            Outcome::Lose
        };
        assert_eq!(m.value.outcome, expected, "{}", m.mv);
    }
    assert!(session.undo());
    assert_eq!(session.position(), "---------");
    assert!(session.set_position("XXXOO----").is_ok());
    assert_eq!(session.result(), Some(GameResult::Win(Side::First)));
    assert!(session.set_position("XXXOOO---").is_err());
}

#[test]
fn mnk_options_shape_the_board() {
    assert_eq!(mnk(&[]).expect("default").position().len(), 9);
    let session = mnk(&[("size", "4"), ("k", "3")]).expect("4x4");
    assert_eq!(session.position().len(), 16);
    let session = mnk(&[("rows", "5"), ("cols", "6"), ("k", "4")]).expect("5x6");
    assert_eq!(session.position().len(), 30);
    assert!(session.render(false).lines().next().unwrap().contains('f'));
    let session = mnk(&[("rows", "2")]).expect("2x3");
    assert_eq!(session.position().len(), 6);
    let session = mnk(&[("size", "8"), ("k", "5")]).expect("8x8");
    assert_eq!(session.legal_moves().len(), 64);
}

#[test]
fn mnk_options_are_checked() {
    let message = |options: &[(&str, &str)]| match mnk(options) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{options:?} should be refused"),
    };
    assert!(message(&[("size", "4"), ("rows", "3")]).contains("not both"));
    assert!(message(&[("size", "27")]).contains("between 1 and 26"));
    assert!(message(&[("rows", "0")]).contains("between 1 and 26"));
    // The library names the option plainly; only the terminal writes --rule.
    assert!(message(&[("size", "9"), ("rule", "overline")]).contains("option 'rule'"));
    assert!(message(&[("size", "9"), ("k", "10")]).contains("option 'k'"));
    assert!(message(&[("k", "4")]).contains("option 'k'"));
    for options in [
        &[("size", "9"), ("rule", "overline")][..],
        &[("size", "27")][..],
        &[("k", "4")][..],
    ] {
        assert!(!message(options).contains("--"), "{options:?}");
    }
    assert!(message(&[("k", "x")]).contains("not a valid value"));
    // A number past any side, negative or beyond a byte, is told the
    // range as 27 is (it was "not a valid value").
    assert!(message(&[("size", "-3")]).contains("between 1 and 26, got -3"));
    assert!(message(&[("size", "256")]).contains("between 1 and 26, got 256"));
    assert!(message(&[("cols", "300")]).contains("between 1 and 26, got 300"));
    let k = message(&[("k", "-1")]);
    assert!(k.contains("between 1 and 3 on a 3x3 board, got -1"), "{k}");
    assert!(message(&[("k", "1000")]).contains("got 1000"));
}

#[test]
fn options_leave_the_command_line_its_own() {
    let reserved = [
        "depth", "hash", "seed", "players", "games", "position", "json", "stats", "jobs",
    ];
    for kind in [&MNK as &dyn GameKind, &TICTACTOE] {
        for option in kind.options() {
            assert!(!reserved.contains(&option.name), "{}", option.name);
        }
    }
    assert!(TICTACTOE.options().is_empty());
}

#[test]
fn bots_play_through_sessions() {
    let config = EngineConfig {
        hash_mb: 4,
        ..EngineConfig::default()
    };
    let mut session = TICTACTOE
        .new_session(&GameOptions::new())
        .expect("a session");
    let mut computer = session
        .new_bot(&BotSpec::Computer(None), &config)
        .expect("a bot");
    let mut heuristic = session
        .new_bot(&BotSpec::Heuristic, &config)
        .expect("a bot");
    while session.result().is_none() {
        let bot = match session.to_move() {
            Side::First => &mut heuristic,
            Side::Second => &mut computer,
        };
        let report = session.bot_move(bot).expect("a move");
        assert!(!report.mv.is_empty());
    }
    assert_ne!(session.result(), Some(GameResult::Win(Side::First)));
}

#[test]
fn depth_limited_computer_on_a_big_board_answers() {
    let config = EngineConfig {
        hash_mb: 4,
        depth: Some(3),
        ..EngineConfig::default()
    };
    let mut session = mnk(&[("size", "8"), ("k", "5")]).expect("8x8");
    let mut computer = session
        .new_bot(&BotSpec::Computer(None), &config)
        .expect("a bot");
    let report = session.bot_move(&mut computer).expect("a move");
    assert_eq!(report.side, Side::First);
    let default = EngineConfig {
        hash_mb: 4,
        ..EngineConfig::default()
    };
    let mut strongest = session
        .new_bot(&BotSpec::Computer(None), &default)
        .expect("a bot");
    session.bot_move(&mut strongest).expect("a move");
    assert_eq!(session.moves_played().len(), 2);
}

#[test]
fn bench_reports_the_board_asked_for() {
    let options = GameOptions::new().with_value("size", "3");
    let report = MNK
        .bench(&options, &EngineConfig::default())
        .expect("a report");
    assert!(report.contains("3,3,3"), "{report}");
    assert!(report.contains("draw"), "{report}");
    let report = TICTACTOE
        .bench(&GameOptions::new(), &EngineConfig::default())
        .expect("a report");
    assert!(report.contains("3,3,3"));
}
