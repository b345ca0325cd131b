//! `--dictionary chained`: the depth-limited search storing its
//! configurations in the request's dictionary answers exactly as over the
//! engine's table (a table only ever answers with the very position's
//! data, so which table it is changes the time, never the values).

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use ply_engine::{
    BotSpec, EngineConfig, Game, GameKind, GameOptions, Player, SearchTable, Searcher,
};
use ply_mnk::{ChainedTable, DepthLimitedPlayer, Mnk, MnkKnowledge, MNK};

/// Positions reached by random play from the start of `board`.
fn positions(board: &Mnk, count: usize, seed: u64) -> Vec<Mnk> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = vec![board.clone()];
    while found.len() < count {
        let mut game = board.clone();
        let plies = found.len() % (board.rows() as usize * board.cols() as usize);
        for _ in 0..plies {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            match moves.choose(&mut rng) {
                Some(&mv) if game.result().is_none() => {
                    game.play(mv);
                }
                _ => break,
            }
        }
        found.push(game);
    }
    found
}

fn config(seed: u64) -> EngineConfig {
    EngineConfig {
        seed,
        ..EngineConfig::default()
    }
}

fn same_labels_and_moves(board: Mnk, depths: std::ops::RangeInclusive<u32>, count: usize) {
    for depth in depths {
        for (i, game) in positions(&board, count, u64::from(depth))
            .iter()
            .enumerate()
        {
            if game.result().is_some() {
                continue;
            }
            let mut engine = DepthLimitedPlayer::new(depth, &config(i as u64));
            let mut chained = DepthLimitedPlayer::chained(depth, &config(i as u64));
            let (a, b) = (engine.analyze(game), chained.analyze(game));
            assert_eq!(a.value, b.value, "depth {depth}, {game:?}");
            assert_eq!(a.moves, b.moves, "depth {depth}, {game:?}");
            let (ma, mb) = (engine.choose(game), chained.choose(game));
            assert_eq!((ma.mv, ma.value), (mb.mv, mb.value), "depth {depth}");
            assert!(engine.table_stats().is_none());
            let stats = chained
                .table_stats()
                .expect("the chained dictionary's counts");
            assert!(stats.chains.is_some());
        }
    }
}

#[test]
fn tic_tac_toe_answers_the_same_at_every_depth() {
    same_labels_and_moves(Mnk::tic_tac_toe(), 1..=9, 40);
}

#[test]
fn a_4x4_board_answers_the_same_at_several_depths() {
    let four_three = Mnk::new(4, 4, 3).expect("a board");
    same_labels_and_moves(four_three, 1..=6, 12);
    let four_four = Mnk::new(4, 4, 4).expect("a board");
    same_labels_and_moves(four_four, 1..=5, 12);
}

#[test]
fn the_chained_searcher_counts_what_it_stores() {
    let mut searcher =
        Searcher::<Mnk, _, _>::with_table(ChainedTable::new()).with_knowledge(MnkKnowledge);
    let analysis = searcher.analyze_to_depth(&Mnk::new(4, 4, 4).expect("a board"), 4);
    let stats = analysis.stats.expect("stats");
    let chains = stats.chains.expect("chains");
    assert!(
        stats.entries > 0 && stats.insertions == stats.entries,
        "{stats:?}"
    );
    assert!(chains.longest >= 1 && chains.occupied <= stats.entries);
    assert_eq!(stats.buckets, 7_001);
    assert_eq!(stats.collisions, stats.entries - chains.occupied);
    // The counts run on across the searches' clears.
    let mut table: ChainedTable<u128, i32> = ChainedTable::new();
    table.store(0, 7, 1, 3);
    table.clear();
    table.store(0, 8, 1, 2);
    assert_eq!(table.probe(0, 7), None);
    assert_eq!(table.probe(0, 8), Some(2));
    assert_eq!((table.stats().entries, table.stats().hits), (2, 1));
}

#[test]
fn the_option_reaches_the_analysis_and_the_computer() {
    let options = |table: &str| {
        GameOptions::new()
            .with_value("size", "4")
            .with_value("k", "3")
            .with_value("dictionary", table)
    };
    let depth = EngineConfig {
        depth: Some(4),
        ..EngineConfig::default()
    };
    let mut engine = MNK.new_session(&options("engine")).expect("a session");
    let mut chained = MNK.new_session(&options("chained")).expect("a session");
    let (a, b) = (
        engine.analyze(&depth).expect("a"),
        chained.analyze(&depth).expect("b"),
    );
    assert_eq!(a.value, b.value);
    assert_eq!(a.moves, b.moves);
    assert!(a.stats.expect("stats").chains.is_none());
    assert!(b.stats.expect("stats").chains.is_some());
    let bot = chained
        .new_bot(&BotSpec::Computer(Some(3)), &EngineConfig::default())
        .expect("a bot");
    let mut bot = bot;
    chained.bot_move(&mut bot).expect("a move");
    assert!(chained.bot_table_stats(&bot).is_some());
    // Without a depth the dictionary has nothing to serve.
    assert!(chained.analyze(&EngineConfig::default()).is_err());
    assert!(chained
        .new_bot(&BotSpec::Computer(None), &EngineConfig::default())
        .is_err());
    assert!(MNK.new_session(&options("hashmap")).is_err());
    // Wide boards have no depth-limited player of this kind.
    let wide = GameOptions::new()
        .with_value("size", "9")
        .with_value("dictionary", "chained");
    assert!(MNK.new_session(&wide).is_err());
}
