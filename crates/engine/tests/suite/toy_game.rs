//! The engine's searches checked on a small game ("race", in `common`)
//! against plain minimax.

use crate::common;

use common::{minimax, same, Race};
use ply_engine::conformance;
use ply_engine::Outcome;
use ply_engine::{
    Analyzer, EngineConfig, Game, GameResult, NoKnowledge, Notation, Playable, Searcher, Side,
};

#[test]
fn exact_solver_agrees_with_minimax_everywhere() {
    for (target, limit) in [(10, 20), (12, 7), (15, 9), (9, 4)] {
        let mut searcher = Searcher::new(1);
        for total in 0..target {
            for ply in 0..=limit {
                let mut game = Race::new(target, limit)
                    .parse_position(&format!("{total}/{ply}"))
                    .unwrap();
                let expected = minimax(&mut game);
                let got = searcher.solve(&game);
                assert!(
                    same(expected, got),
                    "target {target} limit {limit} at {total}/{ply}: {expected:?} vs {got:?}"
                );
                let analysis = searcher.analyze(&game);
                assert!(same(expected, analysis.value), "analysis at {total}/{ply}");
                for (mv, value) in analysis.moves {
                    let mut child = game.clone();
                    child.play(mv);
                    assert!(
                        same(minimax(&mut child).as_move_value(), value),
                        "move {mv} at {total}/{ply}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_tiny_table_with_constant_collisions_stays_exact() {
    let mut tiny = Searcher::with_entries(2);
    let mut big = Searcher::new(1);
    for total in 0..14 {
        let game = Race::new(14, 11)
            .parse_position(&format!("{total}/0"))
            .unwrap();
        assert!(same(big.solve(&game), tiny.solve(&game)));
    }
    assert!(
        tiny.stats().collisions > 0,
        "the tiny table should collide: {:?}",
        tiny.stats()
    );
}

#[test]
fn depth_limited_labels_are_sound_and_settle_with_depth() {
    let game = Race::new(21, 40);
    let exact = Searcher::new(1).analyze(&game);
    let mut searcher = Searcher::new(1);
    for depth in 1..=8 {
        let limited = searcher.analyze_to_depth(&game, depth);
        for ((mv, truth), (mv2, label)) in exact.moves.iter().zip(&limited.moves) {
            assert_eq!(mv, mv2);
            if label.outcome != Outcome::Unknown {
                assert_eq!(label.outcome, truth.outcome, "depth {depth} move {mv}");
            }
            if label.outcome != Outcome::Draw && label.remoteness.is_some() {
                assert_eq!(
                    label.remoteness, truth.remoteness,
                    "depth {depth} move {mv}"
                );
            }
        }
    }
    // From 12 of 21 every line ends within 9 plies: depth 9 decides everything.
    let near = game.parse_position("12/0").unwrap();
    let limited = searcher.analyze_to_depth(&near, 9);
    let exact = Searcher::new(1).analyze(&near);
    for ((_, truth), (_, label)) in exact.moves.iter().zip(&limited.moves) {
        assert!(same(*truth, *label), "{truth:?} vs {label:?}");
    }
    // Depth 1 from the start decides nothing.
    let shallow = searcher.analyze_to_depth(&game, 1);
    assert!(shallow
        .moves
        .iter()
        .all(|(_, v)| v.outcome == Outcome::Unknown));
    assert_eq!(shallow.value.outcome, Outcome::Unknown);
}

#[test]
fn the_harness_accepts_the_toy_game() {
    let game = Race::new(13, 12);
    conformance::check_rules(&game, 50, 40, 7);
    let mut analyzer = game.analyzer(&EngineConfig::default()).unwrap();
    conformance::check_values(&game, analyzer.as_mut(), 20, 40, 7);
    let _: &mut dyn Analyzer<Race> = analyzer.as_mut();
}

#[test]
fn perfect_bot_wins_when_it_can() {
    use ply_engine::BotSpec;
    let game = Race::new(21, 60);
    // 21 is not a multiple of 4: the first player wins by moving to 1, 5, 9 ...
    let mut perfect = game
        .player(&BotSpec::Perfect, &EngineConfig::default())
        .unwrap();
    let mut random = game
        .player(&BotSpec::Random, &EngineConfig::default())
        .unwrap();
    for _ in 0..50 {
        let mut g = game.clone();
        while g.result().is_none() {
            let bot = if g.to_move() == Side::First {
                &mut perfect
            } else {
                &mut random
            };
            let choice = bot.choose(&g);
            g.play(choice.mv);
        }
        assert_eq!(g.result(), Some(GameResult::Win(Side::First)));
    }
}

#[test]
fn mcts_finds_the_winning_line_of_race() {
    use ply_engine::BotSpec;
    // From 14 of 21 the mover wins only by adding 3: 17 leaves the opponent 4 short.
    let game = Race::new(21, 60).parse_position("14/0").unwrap();
    let mut mcts = game
        .player(&BotSpec::Mcts(3000), &EngineConfig::default())
        .unwrap();
    assert_eq!(mcts.choose(&game).mv, 3);
}

#[test]
fn depth_limited_decided_labels_carry_exact_remoteness() {
    let mut exact = Searcher::new(1);
    let mut limited = Searcher::new(1);
    let mut decided = 0;
    for total in 0..21 {
        for ply in [0, 1, 30] {
            let game = Race::new(21, 36)
                .parse_position(&format!("{total}/{ply}"))
                .unwrap();
            let truth = exact.analyze(&game);
            for depth in 1..=9 {
                let labels = limited.analyze_to_depth(&game, depth);
                for ((mv, t), (_, l)) in truth.moves.iter().zip(&labels.moves) {
                    match l.outcome {
                        Outcome::Win | Outcome::Lose => {
                            decided += 1;
                            assert_eq!(
                                (l.outcome, l.remoteness),
                                (t.outcome, t.remoteness),
                                "{total}/{ply} depth {depth} move {mv}"
                            );
                        }
                        Outcome::Draw => assert_eq!(t.outcome, Outcome::Draw),
                        Outcome::Unknown => {}
                    }
                }
            }
        }
    }
    assert!(decided > 100, "only {decided} decided labels");
}

/// Move sequences of exactly `depth` plies, counted one by one.
fn sequences(game: &mut Race, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        game.play(mv);
        total += sequences(game, depth - 1);
        game.undo(mv, ());
    }
    total
}

#[test]
fn perft_counts_sequences_and_takes_any_depth() {
    use ply_engine::perft;
    let mut game = Race::new(9, 7);
    for depth in 0..=9 {
        assert_eq!(
            perft(&game, &NoKnowledge, depth),
            sequences(&mut game, depth),
            "depth {depth}"
        );
    }
    // Race declares no bound on its length, yet always ends: the deepest
    // depth walks its tree once and allocates per ply reached, not per ply
    // asked (a buffer per ply asked was 100 GB here).
    assert_eq!(perft(&game, &NoKnowledge, u32::MAX), 0);
}

/// Race as a registered game: the sound one, or the broken one.
struct RaceKind {
    broken: bool,
}

impl ply_engine::GameKind for RaceKind {
    fn name(&self) -> &'static str {
        "race"
    }

    fn summary(&self) -> &'static str {
        "Race to 21: add 1, 2 or 3"
    }

    fn options(&self) -> Vec<ply_engine::OptionSpec> {
        Vec::new()
    }

    fn position_notation(&self) -> ply_engine::PositionNotation {
        ply_engine::PositionNotation {
            description: "the total, a slash, the plies played",
            example: "5/2",
        }
    }

    fn new_session(
        &self,
        _options: &ply_engine::GameOptions,
    ) -> Result<Box<dyn ply_engine::Session>, ply_engine::GameError> {
        let race = Race::new(21, 30);
        Ok(ply_engine::GameSession::boxed(if self.broken {
            race.accepting_illegal_moves()
        } else {
            race
        }))
    }
}

fn race_check() -> conformance::SessionCheck {
    conformance::SessionCheck {
        options: ply_engine::GameOptions::new(),
        config: EngineConfig {
            hash_mb: 1,
            move_time: Some(std::time::Duration::from_millis(5)),
            ..EngineConfig::default()
        },
        games: 3,
        max_plies: 40,
        seed: 3,
        foreign_moves: vec!["a1".into(), "1:1".into(), "+7".into(), "pass".into()],
    }
}

#[test]
fn the_session_checks_accept_the_toy_game() {
    conformance::check_session(&RaceKind { broken: false }, &race_check());
}

#[test]
#[should_panic(expected = "not a legal move")]
fn the_session_checks_catch_an_illegal_move_accepted() {
    conformance::check_session(&RaceKind { broken: true }, &race_check());
}

mod perft_properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Any depth a user can type is answered, and rightly: sequences
        /// counted one by one up to the limit, none beyond it.
        #[test]
        fn any_depth_is_counted(depth in any::<u32>(), limit in 0u32..7) {
            let mut game = Race::new(9, limit);
            let expected = if depth <= limit { sequences(&mut game, depth) } else { 0 };
            prop_assert_eq!(ply_engine::perft(&game, &NoKnowledge, depth), expected);
        }
    }
}
