//! The shipped learned evaluation ranks plain positions the way any player
//! would, and a board's running sums agree with a fresh count.

use ply_gomoku::{features, Board, EvalWeights, Move, Rule, Stone, LEARNED_BIAS};

fn board_with(rule: Rule, black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
    let mut board = Board::new(15, 15, 5, rule).expect("15 x 15");
    assert!(board.use_learned(), "{rule:?} has shipped weights");
    for &(x, y) in black {
        board.play(Move::new(x, y), Stone::Black).expect("empty");
    }
    for &(x, y) in white {
        board.play(Move::new(x, y), Stone::White).expect("empty");
    }
    board
}

/// The value from the shipped weights.
fn value(board: &Board, side: Stone) -> i32 {
    board.learned_value(side).expect("the rule has weights")
}

#[test]
fn an_open_three_for_the_side_to_move_beats_scattered_stones() {
    for rule in [Rule::Freestyle, Rule::Exact] {
        let white = [(3, 3), (11, 3), (3, 11)];
        // Black's open three in the middle of the board against the same
        // three stones scattered where they make no line together.
        let three = board_with(rule, &[(6, 7), (7, 7), (8, 7)], &white);
        let scattered = board_with(rule, &[(5, 5), (9, 7), (6, 10)], &white);
        assert!(
            value(&three, Stone::Black) > value(&scattered, Stone::Black),
            "{rule:?}: {} against {}",
            value(&three, Stone::Black),
            value(&scattered, Stone::Black)
        );
        // The three is worth more to black with black to move than it is
        // to white with white to move (who must block it).
        assert!(
            value(&three, Stone::Black) > value(&three, Stone::White),
            "{rule:?}: black to move {}, white to move {}",
            value(&three, Stone::Black),
            value(&three, Stone::White)
        );
        assert!(value(&three, Stone::Black) > 0, "{rule:?}");
    }
}

#[test]
fn two_threes_meeting_on_a_cell_beat_the_same_lines_apart() {
    // Black to move, white's stones in the corners. Black's two on row 8
    // (f8 g8) and his two on column h (h10 h11) meet on h8, where one
    // stone makes two open threes; the same twos apart meet nowhere.
    let white = [(0, 0), (14, 0), (0, 14), (14, 14)];
    let crossing = board_with(Rule::Freestyle, &[(5, 7), (6, 7), (7, 9), (7, 10)], &white);
    let apart = board_with(
        Rule::Freestyle,
        &[(5, 7), (6, 7), (11, 10), (11, 11)],
        &white,
    );
    assert!(
        value(&crossing, Stone::Black) > value(&apart, Stone::Black),
        "{} against {}",
        value(&crossing, Stone::Black),
        value(&apart, Stone::Black)
    );
}

#[test]
fn the_running_value_is_the_weighted_count_of_the_features() {
    let weights = EvalWeights::shipped(Rule::Freestyle).expect("shipped");
    let values = weights.values();
    let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("15 x 15");
    assert_eq!(
        board.learned_value(Stone::Black),
        None,
        "not kept unless asked"
    );
    assert!(board.use_learned());
    let moves = [
        (7, 7),
        (8, 8),
        (6, 8),
        (8, 6),
        (8, 7),
        (6, 6),
        (9, 7),
        (5, 7),
    ];
    let mut side = Stone::Black;
    for (x, y) in moves {
        board.play(Move::new(x, y), side).expect("empty");
        side = side.opponent();
        for to_move in [Stone::Black, Stone::White] {
            let counted: i32 = features(&board, to_move)
                .iter()
                .map(|&(i, n)| values[usize::from(i)] * i32::from(n))
                .sum();
            assert_eq!(board.learned_value(to_move), Some(counted));
        }
    }
    assert!(features(&board, Stone::White).contains(&(LEARNED_BIAS as u16 + 1, 1)));
    assert!(board.check_consistency());
    // Renju and caro have no learned weights.
    let mut renju = Board::new(15, 15, 5, Rule::Renju).expect("15 x 15");
    assert!(!renju.use_learned());
    assert_eq!(renju.learned_value(Stone::Black), None);
}

/// Taking stones back restores the learned value: for stones played
/// after it was first counted (restored whole) and before (counted
/// afresh), with random weights in every table (the threat table of best
/// shapes too), checked against the features' count after every move and
/// every undo of random games.
#[test]
fn the_running_value_survives_undo() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(17);
    let random: Vec<i32> = (0..ply_gomoku::LEARNED_WEIGHTS)
        .map(|_| rng.gen_range(-3000..3000))
        .collect();
    let weights: &'static EvalWeights = Box::leak(Box::new(
        EvalWeights::from_values(Rule::Freestyle, &random).expect("the right length"),
    ));
    let values = weights.values();
    let counted = |board: &Board, side: Stone| -> i32 {
        features(board, side)
            .iter()
            .map(|&(i, n)| values[usize::from(i)] * i32::from(n))
            .sum()
    };
    let check = |board: &Board, game: usize| {
        for to_move in [Stone::Black, Stone::White] {
            assert_eq!(
                board.learned_value(to_move),
                Some(counted(board, to_move)),
                "game {game}"
            );
        }
    };
    for game in 0..20 {
        let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("15 x 15");
        let mut side = Stone::Black;
        let stones = rng.gen_range(10..60);
        let counted_from = rng.gen_range(0..stones);
        for ply in 0..stones {
            if ply == counted_from {
                board.use_weights(weights);
            }
            let mv = Move::new(rng.gen_range(0..15), rng.gen_range(0..15));
            if board.winner().is_none() && board.play(mv, side).is_ok() {
                side = side.opponent();
                if ply >= counted_from {
                    check(&board, game);
                }
            }
        }
        while board.undo().is_ok() {
            check(&board, game);
        }
        assert!(board.check_consistency());
    }
}
