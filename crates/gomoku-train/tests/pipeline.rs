//! The pipeline end to end on a few quick games: self-play, the games
//! file, the positions and a fit whose weights file reads back.

use ply_gomoku::{Engine, EvalWeights, Evaluation, Rule};
use ply_gomoku_train::{
    fit, parse_move, play_game, read_games, samples, write_games, Fitting, Outcome, SelfPlay,
};

#[test]
fn moves_parse_and_bad_ones_are_refused() {
    let h8 = parse_move("h8").expect("a move");
    assert_eq!((h8.x, h8.y), (7, 7));
    for bad in ["", "8h", "h0", "H8", "h", "h8x"] {
        assert_eq!(parse_move(bad), None, "{bad:?}");
    }
}

#[test]
fn self_play_games_round_trip_and_fit() {
    let style = SelfPlay {
        rule: Rule::Freestyle,
        size: 15,
        depth: 1,
        move_ms: 20,
        random: 0.05,
        evaluation: Evaluation::Patterns,
    };
    let mut engine = Engine::new(1 << 20);
    let games: Vec<_> = (0..12)
        .map(|i| play_game(&style, &mut engine, 5, i))
        .collect();
    assert!(games.iter().all(|g| g.moves.len() > g.opening));
    assert!(games.iter().any(|g| g.outcome != Outcome::Draw));
    let dir = std::env::temp_dir().join(format!("ply-gomoku-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("games.txt");
    write_games(&path, &games).expect("written");
    assert_eq!(read_games(&path).expect("read back"), games);
    std::fs::write(&path, "B 3 h8 i9 zz\n").expect("written");
    assert!(read_games(&path).is_err(), "a bad move is refused");
    std::fs::remove_dir_all(&dir).ok();

    let positions = samples(&games, Rule::Freestyle, 15);
    assert!(positions.len() > 50, "{} positions", positions.len());
    assert!(positions.iter().any(|s| s.held_out));
    let fitted = fit(
        &positions,
        Rule::Freestyle,
        Fitting {
            epochs: 50,
            rate: 0.02,
            l2: 1e-4,
        },
        &mut |_, _| {},
    );
    let bytes = fitted.weights.to_bytes();
    assert_eq!(
        EvalWeights::from_bytes(&bytes).expect("the file reads back"),
        fitted.weights
    );
}
