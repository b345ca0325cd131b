//! Exact values: 4x4 Othello solved from the start, the analyzer against
//! plain minimax, and the conformance harness.

use crate::common;

use ply_engine::conformance::{check_rules, check_values};
use ply_engine::{EngineConfig, Game, Notation, Outcome, Playable, Side};
use ply_othello::{with_geometry, Move, Othello, Size4, Size8};

#[test]
fn four_by_four_is_a_win_for_white() {
    let start = Othello::<Size4>::new();
    let naive = common::Naive::new(4).minimax();
    let margin = common::plain::margin_of(&start);
    assert_eq!(margin, naive, "solver and plain minimax agree");
    let analysis = start
        .analyzer(&EngineConfig::default())
        .unwrap()
        .analyze(&start)
        .unwrap();
    assert_eq!(
        analysis.value.outcome,
        Outcome::Lose,
        "black, to move first, loses"
    );
    assert_eq!(analysis.value.margin, Some(margin));
    // The final score under perfect play, white's discs last.
    let white = (16 - margin) / 2;
    let black = 16 - white;
    eprintln!(
        "4x4 Othello: white wins {white}-{black} (margin {margin}) in {:?} plies",
        analysis.value.remoteness
    );
    assert!(margin < 0);
    assert_eq!(analysis.moves.len(), 4);
    // Perfect play from both sides reaches that score.
    let config = EngineConfig::default();
    let mut black_player = start
        .player(&ply_engine::BotSpec::Perfect, &config)
        .unwrap();
    let mut white_player = start
        .player(&ply_engine::BotSpec::Perfect, &config)
        .unwrap();
    let mut game = start.clone();
    let mut plies = 0;
    while game.result().is_none() {
        let choice = match game.to_move() {
            Side::First => black_player.choose(&game),
            Side::Second => white_player.choose(&game),
        };
        game.play(choice.mv);
        plies += 1;
    }
    assert_eq!(game.board().final_score(), (black as u32, white as u32));
    let raw_black = game.board().count(ply_othello::Tile::Black);
    let raw_white = game.board().count(ply_othello::Tile::White);
    eprintln!(
        "4x4 perfect play ends with {raw_black} black and {raw_white} white discs on the board"
    );
    assert!(raw_white > raw_black);
    assert!(plies <= analysis.value.remoteness.unwrap() + 2);
}

#[test]
fn conformance_of_the_rules() {
    for size in [4u8, 6, 8, 10] {
        with_geometry!(size, G => check_rules(&Othello::<G>::new(), 30, 200, u64::from(size)));
    }
}

#[test]
fn analyzer_values_are_consistent() {
    let start = Othello::<Size4>::new();
    let mut analyzer = start.analyzer(&EngineConfig::default()).unwrap();
    check_values(&start, analyzer.as_mut(), 20, 20, 7);
    // Late 8x8 positions, solved exactly.
    for (i, line) in include_str!("../../data/ffo-1-19.obf")
        .lines()
        .take(3)
        .enumerate()
    {
        let mut game = Othello::<Size8>::new().parse_position(line).unwrap();
        play_forward(&mut game, 4);
        let mut analyzer = game.analyzer(&EngineConfig::default()).unwrap();
        check_values(&game, analyzer.as_mut(), 2, 4, i as u64);
    }
}

/// Plays `plies` moves of the computer (fewer if the game ends).
fn play_forward(game: &mut Othello<Size8>, plies: u32) {
    let config = EngineConfig::default();
    let mut player = game
        .player(&ply_engine::BotSpec::Computer(None), &config)
        .unwrap();
    for _ in 0..plies {
        if game.result().is_some() {
            break;
        }
        let mv = player.choose(game).mv;
        game.play(mv);
    }
}

#[test]
fn exact_values_match_plain_minimax() {
    for line in include_str!("../../data/ffo-1-19.obf").lines() {
        let mut game = Othello::<Size8>::new().parse_position(line).unwrap();
        // Down to nine empties, where plain minimax is quick.
        let plies = game.empties().saturating_sub(9);
        play_forward(&mut game, plies);
        let naive = common::Naive::from_obf(&game.format_position());
        let expected = naive.minimax();
        assert_eq!(
            common::plain::margin_of(&game),
            expected,
            "{}",
            game.format_position()
        );
        if game.result().is_some() {
            continue;
        }
        let analysis = game
            .analyzer(&EngineConfig::default())
            .unwrap()
            .analyze(&game)
            .unwrap();
        assert_eq!(analysis.value.margin, Some(expected));
        for &(mv, value) in &analysis.moves {
            let child = match mv.square() {
                Some(s) => naive.play(s as usize / 8, s as usize % 8),
                None => naive.pass(),
            };
            assert_eq!(
                value.margin,
                Some(-child.minimax()),
                "move {}",
                game.format_move(mv)
            );
        }
    }
}

#[test]
fn depth_limited_analysis_is_unknown() {
    let start = Othello::<Size8>::new();
    let config = EngineConfig {
        depth: Some(4),
        ..EngineConfig::default()
    };
    let analysis = start.analyzer(&config).unwrap().analyze(&start).unwrap();
    assert_eq!(analysis.value.outcome, Outcome::Unknown);
    assert!(analysis.value.heuristic.is_some());
    assert_eq!(analysis.moves.len(), 4);
    assert_eq!(analysis.depth, Some(4));
    // By symmetry the four opening moves are worth the same.
    let scores: Vec<_> = analysis.moves.iter().map(|(_, v)| v.heuristic).collect();
    assert!(scores.iter().all(|s| *s == scores[0]), "{scores:?}");
    // A pass position is analysed too.
    let game = start
        .parse_position(&format!("XO{} O", "-".repeat(62)))
        .unwrap();
    let analysis = game.analyzer(&config).unwrap().analyze(&game).unwrap();
    assert_eq!(analysis.moves.len(), 1);
    assert_eq!(analysis.moves[0].0, Move::PASS);
}

/// The midgame engine searched deep enough to reach the end of every line
/// (multi-ProbCut on, as in play: it never cuts with more plies than
/// empties) scores the exact margin and says so, for the position and,
/// scoring every move, for each move; a search that stops short says
/// neither.
#[test]
fn midgame_search_to_the_end_is_exact() {
    use ply_othello::{Limits, MidgameEngine, DISC, EVERY_MOVE};
    let to_the_end = Limits {
        exact_empties: Some(0),
        ..Limits::depth(60)
    };
    let mut checked = 0;
    for line in include_str!("../../data/ffo-1-19.obf").lines().take(8) {
        let mut game = Othello::<Size8>::new().parse_position(line).unwrap();
        let plies = game.empties().saturating_sub(10);
        play_forward(&mut game, plies);
        let position = game.format_position();
        let margin = common::plain::margin_of(&game);
        let (p, o) = game.player_opponent();
        let mut engine = MidgameEngine::<Size8>::new(4, 1);
        let played = engine.think(p, o, to_the_end, 1, &mut |_| {});
        assert!(played.exact, "{position}");
        assert_eq!(played.score, margin * DISC, "{position}");

        let mut engine = MidgameEngine::<Size8>::new(4, 1);
        let every = engine.think(p, o, to_the_end, EVERY_MOVE, &mut |_| {});
        assert!(every.exact, "{position}");
        assert_eq!(every.score, margin * DISC, "{position}");
        checked += every.moves.len();
        for &(square, score) in &every.moves {
            let mut child = game.clone();
            child.play(Move(square as u8));
            let m = -common::plain::margin_of(&child);
            assert_eq!(score, m * DISC, "{position} {square}");
            assert!(every.ended.contains(&square), "{position} {square}");
        }

        // Two plies from ten empties end no line: nothing is final.
        let short = Limits {
            exact_empties: Some(0),
            ..Limits::depth(2)
        };
        let shallow = MidgameEngine::<Size8>::new(4, 1).think(p, o, short, EVERY_MOVE, &mut |_| {});
        assert!(!shallow.exact, "{position}");
        assert!(shallow.ended.is_empty(), "{position}");
    }
    assert!(checked > 8, "{checked} moves checked");
}

/// Replays an analysis's principal variation on `game`: every move legal,
/// the first a best move; returns the position it leads to.
fn replay_pv<G: ply_othello::Geometry>(
    game: &Othello<G>,
    analysis: &ply_engine::Analysis<Move>,
) -> Othello<G> {
    assert!(!analysis.pv.is_empty(), "{}", game.format_position());
    assert!(
        analysis.best_moves().contains(&analysis.pv[0]),
        "{}: the line starts with a best move",
        game.format_position()
    );
    let mut line = game.clone();
    let mut legal = Vec::new();
    for &mv in &analysis.pv {
        line.generate_moves(&mut legal);
        assert!(
            legal.contains(&mv),
            "{}: {} is legal",
            line.format_position(),
            line.format_move(mv)
        );
        line.play(mv);
    }
    line
}

/// The final margin of a finished game for `side`.
fn margin_for<G: ply_othello::Geometry>(game: &Othello<G>, side: Side) -> i32 {
    let (black, white) = game.board().final_score();
    let margin = black as i32 - white as i32;
    if side == Side::First {
        margin
    } else {
        -margin
    }
}

#[test]
fn exact_analyses_carry_a_principal_variation_to_the_end() {
    let config = EngineConfig::default();
    // 8x8 endgames (the fast solver's line) and 4x4 from the start.
    let mut games: Vec<Othello<Size8>> = Vec::new();
    for line in include_str!("../../data/ffo-1-19.obf").lines().take(6) {
        let mut game = Othello::<Size8>::new().parse_position(line).unwrap();
        let plies = game.empties().saturating_sub(12);
        play_forward(&mut game, plies);
        if game.result().is_none() {
            games.push(game);
        }
    }
    assert!(!games.is_empty());
    for game in &games {
        let analysis = game.analyzer(&config).unwrap().analyze(game).unwrap();
        assert!(analysis.value.margin.is_some(), "exact");
        let end = replay_pv(game, &analysis);
        assert!(
            end.result().is_some(),
            "{}: the line ends the game",
            game.format_position()
        );
        assert_eq!(
            Some(margin_for(&end, game.to_move())),
            analysis.value.margin
        );
    }
    let start = Othello::<Size4>::new();
    let analysis = start.analyzer(&config).unwrap().analyze(&start).unwrap();
    let end = replay_pv(&start, &analysis);
    assert!(end.result().is_some());
    assert_eq!(Some(margin_for(&end, Side::First)), analysis.value.margin);
}

#[test]
fn midgame_analyses_carry_the_searched_line() {
    let start = Othello::<Size8>::new();
    let config = EngineConfig {
        depth: Some(6),
        ..EngineConfig::default()
    };
    let analysis = start.analyzer(&config).unwrap().analyze(&start).unwrap();
    replay_pv(&start, &analysis);
    assert!(analysis.pv.len() <= 6, "{:?}", analysis.pv);
    assert!(
        analysis.pv.len() >= 2,
        "the line goes past the first move: {:?}",
        analysis.pv
    );
}
