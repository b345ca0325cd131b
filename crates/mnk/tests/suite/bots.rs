//! Bots against each other, played through the `Player` trait directly.

use ply_engine::{
    BotSpec, EngineConfig, Game, GameResult, Knowledge, Notation, Outcome, Playable, Player, Side,
};
use ply_mnk::{Mnk, MnkKnowledge};

fn bot(game: &Mnk, spec: BotSpec, seed: u64) -> Box<dyn Player<Mnk>> {
    let config = EngineConfig {
        hash_mb: 2,
        seed,
        ..EngineConfig::default()
    };
    game.player(&spec, &config).expect("a bot")
}

fn play(start: &Mnk, x: &mut dyn Player<Mnk>, o: &mut dyn Player<Mnk>) -> Option<GameResult> {
    let mut game = start.clone();
    while game.result().is_none() {
        let choice = match game.to_move() {
            Side::First => x.choose(&game),
            Side::Second => o.choose(&game),
        };
        let mut legal = Vec::new();
        game.generate_moves(&mut legal);
        assert!(legal.contains(&choice.mv), "illegal move {}", choice.mv);
        game.play(choice.mv);
    }
    game.result()
}

/// Wins of the first-named bot, draws, losses over `games` games with it
/// on `side`.
fn tally(
    start: &Mnk,
    ours: &mut dyn Player<Mnk>,
    theirs: &mut dyn Player<Mnk>,
    side: Side,
    games: usize,
) -> [usize; 3] {
    let mut counts = [0; 3];
    for _ in 0..games {
        let result = match side {
            Side::First => play(start, ours, theirs),
            Side::Second => play(start, theirs, ours),
        };
        match result {
            Some(GameResult::Win(winner)) if winner == side => counts[0] += 1,
            Some(GameResult::Draw) => counts[1] += 1,
            _ => counts[2] += 1,
        }
    }
    counts
}

#[test]
fn perfect_never_loses() {
    let start = Mnk::tic_tac_toe();
    for opponent in [BotSpec::Random, BotSpec::Heuristic, BotSpec::AlphaBeta(2)] {
        for side in Side::BOTH {
            let mut perfect = bot(&start, BotSpec::Perfect, 1);
            let mut other = bot(&start, opponent.clone(), 2);
            let [_, _, losses] = tally(&start, &mut *perfect, &mut *other, side, 1000);
            assert_eq!(losses, 0, "perfect lost to {opponent} playing {side:?}");
        }
    }
}

#[test]
fn perfect_wins_the_won_games() {
    let start = Mnk::new(4, 4, 3).expect("a board");
    let mut perfect = bot(&start, BotSpec::Perfect, 3);
    let mut other = bot(&start, BotSpec::AlphaBeta(2), 4);
    let [wins, _, _] = tally(&start, &mut *perfect, &mut *other, Side::First, 50);
    assert_eq!(wins, 50);
}

#[test]
fn heuristic_beats_random_clearly() {
    let start = Mnk::tic_tac_toe();
    let mut heuristic = bot(&start, BotSpec::Heuristic, 5);
    let mut random = bot(&start, BotSpec::Random, 6);
    let [wins, _, losses] = tally(&start, &mut *heuristic, &mut *random, Side::First, 1000);
    assert!(
        wins > 800 && losses < 50,
        "as X: {wins} wins, {losses} losses"
    );
    let [wins, _, losses] = tally(&start, &mut *heuristic, &mut *random, Side::Second, 1000);
    assert!(wins > 3 * losses, "as O: {wins} wins, {losses} losses");
}

#[test]
fn rule_based_player_follows_the_rules() {
    let game = Mnk::tic_tac_toe();
    let at = |text: &str| game.parse_position(text).expect("a position");
    // Centre first, then edges, then corners.
    assert_eq!(MnkKnowledge.rule_based_move(&at("---------")), Some(4));
    assert_eq!(MnkKnowledge.rule_based_move(&at("----X----")), Some(1));
    assert_eq!(MnkKnowledge.rule_based_move(&at("-X-XOX-O-")), Some(0));
    // Complete a line before blocking one.
    assert_eq!(MnkKnowledge.rule_based_move(&at("XX-OO----")), Some(2));
    assert_eq!(MnkKnowledge.rule_based_move(&at("XX-OO-X--")), Some(5));
    // Block.
    assert_eq!(MnkKnowledge.rule_based_move(&at("XX--O----")), Some(2));
}

#[test]
fn computer_with_a_depth_plays_by_the_four_scores() {
    // X to move: c1 wins at once; the depth-limited player must take it.
    let game = Mnk::new(4, 4, 3)
        .expect("a board")
        .parse_position("XX--OO----------")
        .expect("a position");
    let config = EngineConfig {
        depth: Some(2),
        hash_mb: 2,
        ..EngineConfig::default()
    };
    let mut computer = game
        .player(&BotSpec::Computer(None), &config)
        .expect("a bot");
    let choice = computer.choose(&game);
    assert_eq!(game.format_move(choice.mv), "c1");
    assert_eq!(choice.value.map(|v| v.outcome), Some(Outcome::Win));
    // O to move with one ply of lookahead: blocking c1 is undecided (1),
    // anything else loses (0).
    let game = game.parse_position("XX--O-----------").expect("a position");
    let mut computer = game
        .player(&BotSpec::Computer(None), &config)
        .expect("a bot");
    let choice = computer.choose(&game);
    assert_eq!(game.format_move(choice.mv), "c1");
    // The depth-limited computer never loses tic-tac-toe to random.
    let start = Mnk::tic_tac_toe();
    let config = EngineConfig {
        depth: Some(9),
        hash_mb: 2,
        ..EngineConfig::default()
    };
    let mut computer = start
        .player(&BotSpec::Computer(None), &config)
        .expect("a bot");
    let mut random = bot(&start, BotSpec::Random, 9);
    for side in Side::BOTH {
        let [_, _, losses] = tally(&start, &mut *computer, &mut *random, side, 100);
        assert_eq!(losses, 0);
    }
}

/// The rule-based player's reference listing, `getNextMove`, transcribed:
/// boxes hold 0 (empty), 5 (the computer's, here the side to move) or 3
/// (the other player's). Its prose takes a win before a block; its listing
/// calls the block (`getWinDrawMove(1)`, total 6) first, a labelling slip,
/// so the win (`getWinDrawMove(0)`, total 10) comes first here, as in ply.
fn listing_next_move(boxes: [i32; 9], turns: usize) -> i32 {
    fn win_draw_move(b: &[i32; 9], flag: i32) -> i32 {
        let total = if flag == 0 { 10 } else { 6 };
        for i in 0..3 {
            if total == b[i] + b[i + 3] + b[i + 6] {
                if b[i] == 0 {
                    return i as i32;
                } else if b[i + 3] == 0 {
                    return i as i32 + 3;
                } else if b[i + 6] == 0 {
                    return i as i32 + 6;
                }
            }
        }
        for i in (0..9).step_by(3) {
            if b[i] + b[i + 1] + b[i + 2] == total {
                if b[i] == 0 {
                    return i as i32;
                } else if b[i + 1] == 0 {
                    return i as i32 + 1;
                } else if b[i + 2] == 0 {
                    return i as i32 + 2;
                }
            }
        }
        if b[0] + b[4] + b[8] == total {
            return if b[0] == 0 {
                0
            } else if b[4] == 0 {
                4
            } else {
                8
            };
        }
        if b[2] + b[4] + b[6] == total {
            return if b[2] == 0 {
                2
            } else if b[4] == 0 {
                4
            } else {
                6
            };
        }
        -1
    }
    if turns >= 3 {
        for flag in [0, 1] {
            let square = win_draw_move(&boxes, flag);
            if square != -1 {
                return square;
            }
        }
    }
    // getMake2, then getMake4.
    for square in [4, 1, 3, 5, 7, 0, 2, 6, 8] {
        if boxes[square] == 0 {
            return square as i32;
        }
    }
    -1
}

#[test]
fn rule_based_player_is_the_listing_on_every_reachable_position() {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![Mnk::tic_tac_toe()];
    let mut checked = 0;
    while let Some(game) = stack.pop() {
        if !seen.insert(game.format_position()) || game.result().is_some() {
            continue;
        }
        let side = game.to_move();
        let (mine, theirs) = (game.stones(side), game.stones(side.opponent()));
        let boxes: [i32; 9] = std::array::from_fn(|sq| {
            if mine >> sq & 1 == 1 {
                5
            } else if theirs >> sq & 1 == 1 {
                3
            } else {
                0
            }
        });
        let turns = (mine | theirs).count_ones() as usize;
        let expected = listing_next_move(boxes, turns);
        assert_eq!(
            MnkKnowledge.rule_based_move(&game).map(i32::from),
            Some(expected),
            "at {}",
            game.format_position()
        );
        checked += 1;
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let mut next = game.clone();
            next.play(mv);
            stack.push(next);
        }
    }
    // 5,478 reachable positions, of which 958 are finished.
    assert_eq!(checked, 4520);
}
