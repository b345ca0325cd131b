//! The rules, checked against a plain win test that counts stones in a row
//! (no patterns): random games on boards of many sizes, many `k`, freestyle
//! and exact, played and taken back; and the incremental patterns always
//! equal the ones computed from scratch.

use ply_engine::{Game, GameResult, Side};
use ply_gomoku::{Board, GomokuGame, Move, Rule, Stone};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Length of the run of `stone` through (x, y) along (dx, dy).
fn run(board: &Board, x: usize, y: usize, dx: i32, dy: i32, stone: Stone) -> usize {
    let along = |sign: i32| {
        (1..)
            .take_while(|&i: &i32| {
                let (cx, cy) = (x as i32 + sign * i * dx, y as i32 + sign * i * dy);
                cx >= 0
                    && cy >= 0
                    && (cx as usize) < board.width()
                    && (cy as usize) < board.height()
                    && board.stone(Move::new(cx as usize, cy as usize)) == Some(stone)
            })
            .count()
    };
    1 + along(1) + along(-1)
}

/// Did the stone just placed on (x, y) win?
fn naive_win(board: &Board, x: usize, y: usize, k: usize, rule: Rule) -> bool {
    let Some(stone) = board.stone(Move::new(x, y)) else {
        return false;
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
        let length = run(board, x, y, dx, dy, stone);
        match (rule, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => length >= k,
            (Rule::Exact, _) | (Rule::Renju, Stone::Black) => length == k,
            // Caro is checked with the ends of the run in `win_scan`.
            (Rule::Caro, _) => crate::win_scan::caro_wins(board, x, y, dx, dy, k),
        }
    })
}

fn random_games(width: usize, height: usize, k: usize, rule: Rule, games: u64) {
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed * 31 + k as u64);
        let mut board = Board::new(width, height, k, rule).expect("a valid board");
        let mut cells: Vec<Move> = (0..height)
            .flat_map(|y| (0..width).map(move |x| Move::new(x, y)))
            .collect();
        cells.shuffle(&mut rng);
        let mut stone = Stone::Black;
        let mut expected = None;
        for (i, &mv) in cells.iter().enumerate() {
            board.play(mv, stone).expect("an empty cell");
            if expected.is_none()
                && naive_win(&board, usize::from(mv.x), usize::from(mv.y), k, rule)
            {
                expected = Some(stone);
            }
            assert_eq!(
                board.winner(),
                expected,
                "{width}x{height} k={k} {rule:?} seed {seed} after {i} moves"
            );
            if i % 7 == 3 {
                // Take back and play again: nothing may drift.
                assert_eq!(board.undo(), Ok(mv));
                board.play(mv, stone).expect("free again");
            }
            stone = stone.opponent();
        }
        assert!(board.check_consistency(), "{width}x{height} k={k} {rule:?}");
        while board.placed() > 0 {
            board.undo().expect("a stone to take back");
        }
        assert_eq!(board.winner(), None);
        assert_eq!(board.hash(), 0);
        assert!(board.check_consistency());
    }
}

#[test]
fn gomoku_boards_under_every_rule() {
    for rule in Rule::ALL {
        random_games(15, 15, 5, rule, 12);
        random_games(9, 6, 5, rule, 12);
    }
}

#[test]
fn every_k_on_small_and_odd_boards() {
    for rule in [Rule::Freestyle, Rule::Exact] {
        for k in 1..=8 {
            random_games(8, 7, k, rule, 3);
        }
        random_games(1, 1, 1, rule, 1);
        random_games(1, 1, 2, rule, 1);
        random_games(3, 1, 3, rule, 2);
        random_games(5, 5, 9, rule, 1);
    }
}

#[test]
fn the_largest_board() {
    random_games(26, 26, 5, Rule::Exact, 2);
    random_games(26, 3, 7, Rule::Freestyle, 2);
}

#[test]
fn an_overline_wins_only_freestyle() {
    for (rule, wins) in [(Rule::Freestyle, Some(Stone::Black)), (Rule::Exact, None)] {
        let mut board = Board::new(15, 15, 5, rule).expect("15 x 15");
        for x in [2, 3, 4, 6, 7] {
            board.play(Move::new(x, 7), Stone::Black).expect("empty");
        }
        // Filling the gap makes six in a row.
        board.play(Move::new(5, 7), Stone::Black).expect("empty");
        assert_eq!(board.winner(), wins, "{rule:?}");
    }
    let mut board = Board::new(15, 15, 5, Rule::Exact).expect("15 x 15");
    for x in [2, 3, 4, 5] {
        board.play(Move::new(x, 7), Stone::Black).expect("empty");
    }
    board.play(Move::new(7, 7), Stone::Black).expect("empty");
    // Exactly five on the left end; six if the right gap is filled.
    assert_eq!(board.winning_cells(Stone::Black), vec![Move::new(1, 7)]);
}

#[test]
fn bad_boards_and_moves_are_refused() {
    assert!(Board::new(0, 5, 5, Rule::Freestyle).is_err());
    assert!(Board::new(27, 5, 5, Rule::Freestyle).is_err());
    assert!(Board::new(5, 5, 0, Rule::Freestyle).is_err());
    let mut board = Board::new(5, 5, 4, Rule::Freestyle).expect("5 x 5");
    assert!(board.play(Move::new(5, 0), Stone::Black).is_err());
    board.play(Move::new(1, 1), Stone::Black).expect("empty");
    let error = board
        .play(Move::new(1, 1), Stone::White)
        .expect_err("taken");
    assert_eq!(error.to_string(), "b2 is already taken");
}

#[test]
fn the_game_trait_view_agrees() {
    let mut game = GomokuGame::new(7, 7, 4, Rule::Exact).expect("7 x 7");
    let mut rng = StdRng::seed_from_u64(3);
    let mut moves = Vec::new();
    while game.result().is_none() {
        game.generate_moves(&mut moves);
        assert_eq!(moves.len(), 49 - game.ply() as usize);
        let mv = *moves.choose(&mut rng).expect("a move");
        game.play(mv);
        assert_eq!(game.hash(), game.recompute_hash());
    }
    match game.result() {
        Some(GameResult::Win(side)) => {
            let stone = match side {
                Side::First => Stone::Black,
                Side::Second => Stone::White,
            };
            assert_eq!(game.board().winner(), Some(stone));
        }
        _ => assert!(game.board().is_full()),
    }
}
