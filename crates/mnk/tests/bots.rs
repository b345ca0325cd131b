//! Bots against each other, played through the `Player` trait directly.

use ply_engine::{
    BotSpec, EngineConfig, Game, GameResult, Notation, Outcome, Playable, Player, Side,
};
use ply_mnk::Mnk;

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
    assert_eq!(at("---------").rule_based_move(), Some(4));
    assert_eq!(at("----X----").rule_based_move(), Some(1));
    assert_eq!(at("-X-XOX-O-").rule_based_move(), Some(0));
    // Complete a line before blocking one.
    assert_eq!(at("XX-OO----").rule_based_move(), Some(2));
    assert_eq!(at("XX-OO-X--").rule_based_move(), Some(5));
    // Block.
    assert_eq!(at("XX--O----").rule_based_move(), Some(2));
}

#[test]
fn computer_with_a_depth_scores_as_the_seed() {
    // X to move: c1 wins at once; the seed's player must take it.
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
