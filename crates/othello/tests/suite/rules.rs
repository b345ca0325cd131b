//! The rules: outflanking, flips, passes, the end of the game, notation.

use crate::common;

use ply_engine::{Game, GameError, GameResult, Notation, Side};
use ply_othello::{
    with_geometry, Bits, GameBoard, GameState, Geometry, Move, Othello, Size10, Size4, Size6,
    Size8, Tile,
};

fn board<G: Geometry>(rows: &[&str]) -> GameBoard<G> {
    let mut b = GameBoard::<G>::empty();
    let size = G::SIZE;
    for r in 0..size {
        for c in 0..size {
            let ch = rows[r as usize].as_bytes()[c as usize] as char;
            b.set(r * size + c, Tile::from_letter(ch).unwrap());
        }
    }
    b
}

fn position(text: &str) -> Othello<Size8> {
    Othello::<Size8>::new().parse_position(text).unwrap()
}

/// Black plays `name` on `board` through the game's one way of checking a
/// move; returns the game after it and the discs it flipped.
fn black_plays<G: Geometry>(board: GameBoard<G>, name: &str) -> (Othello<G>, G::B) {
    let mut game = Othello::from_board(board, Side::First);
    let mv = game.parse_move(name).unwrap();
    let flipped = game.play(mv);
    (game, flipped)
}

fn square(size: u8, name: &str) -> u32 {
    let (r, c) = ply_othello::parse_square(name, size).unwrap();
    r * size as u32 + c
}

#[test]
fn tiles_flip_and_display() {
    assert_eq!(Tile::Black.flip(), Tile::White);
    assert_eq!(Tile::White.flip(), Tile::Black);
    assert_eq!(Tile::Empty.flip(), Tile::Empty);
    assert_eq!(
        format!("{}{}{}", Tile::Black, Tile::White, Tile::Empty),
        "XO."
    );
}

#[test]
fn start_position() {
    let game = Othello::<Size8>::new();
    let b = game.board();
    assert_eq!(b.tile(square(8, "d4")), Tile::White);
    assert_eq!(b.tile(square(8, "e5")), Tile::White);
    assert_eq!(b.tile(square(8, "e4")), Tile::Black);
    assert_eq!(b.tile(square(8, "d5")), Tile::Black);
    assert_eq!(b.count(Tile::Black), 2);
    assert_eq!(b.count(Tile::White), 2);
    assert_eq!(b.state(), GameState::InProgress);
    assert_eq!(game.to_move(), Side::First);
    assert_eq!(
        game.format_position(),
        "---------------------------OX------XO--------------------------- X"
    );
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| game.format_move(m)).collect();
    assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    assert!(game.render(false).contains("  4 . . * O X . . ."));
    fn four_moves<G: Geometry>() {
        let mut moves = Vec::new();
        Othello::<G>::new().generate_moves(&mut moves);
        assert_eq!(moves.len(), 4, "size {}", G::SIZE);
    }
    for size in [4u8, 6, 10] {
        with_geometry!(size, G => four_moves::<G>());
    }
}

#[test]
fn outflanks_in_all_eight_directions_at_once() {
    let b = board::<Size8>(&[
        "X--X--X-", "-O-O-O--", "--OOO---", "XOO-OOX-", "--OOO---", "-O-O-O--", "X--X--X-",
        "--------",
    ]);
    let (game, flipped) = black_plays(b, "d4");
    let b = game.board();
    assert_eq!(flipped.count(), 16, "two discs in each of eight lines");
    assert_eq!(b.count(Tile::White), 0);
    assert_eq!(b.count(Tile::Black), 8 + 16 + 1);
}

#[test]
fn flips_only_outflanked_lines() {
    // East is outflanked, south runs into an empty square, west into the edge.
    let b = board::<Size6>(&["OOO-OX", "---O--", "------", "---O--", "------", "------"]);
    let (game, flipped) = black_plays(b, "d1");
    let b = game.board();
    assert_eq!(flipped, 1u64 << 4);
    assert_eq!(b.tile(0), Tile::White);
    assert_eq!(b.tile(9), Tile::White);
}

#[test]
fn no_wrap_around_between_rows() {
    // h3 is white and a4 black: g3 would outflank only by wrapping from the
    // end of row 3 to the start of row 4.
    let mut b = GameBoard::<Size8>::empty();
    b.set(square(8, "h3"), Tile::White);
    b.set(square(8, "a4"), Tile::Black);
    b.set(square(8, "b4"), Tile::Black);
    assert_eq!(b.flips(Tile::Black, square(8, "g3")), 0);
    assert!(!b.legal_moves(Tile::Black).has(square(8, "g3")));
    // The diagonal wrap: a white disc on h2 and a black one on a4 line up
    // in bit order (h2 + 9 = a4... + 8) with g1.
    b.set(square(8, "h2"), Tile::White);
    assert_eq!(b.flips(Tile::Black, square(8, "g1")), 0);
    // The same on the first column going west.
    let mut b = GameBoard::<Size8>::empty();
    b.set(square(8, "a5"), Tile::White);
    b.set(square(8, "h4"), Tile::Black);
    b.set(square(8, "g4"), Tile::Black);
    assert_eq!(b.flips(Tile::Black, square(8, "b5")), 0);
    assert_eq!(b.legal_moves(Tile::Black), 0);
    assert!(!b.has_legal_move(Tile::Black));
}

#[test]
fn moves_along_edges_and_into_corners() {
    let b = board::<Size8>(&[
        "-OOOOOOX", "O-------", "O-O-----", "O-------", "O-------", "O-------", "O-------",
        "X-------",
    ]);
    // a1 closes the top row, the first column and the long diagonal is blocked at b2.
    let (game, flipped) = black_plays(b, "a1");
    assert_eq!(flipped.count(), 12);
    assert_eq!(game.board().count(Tile::White), 1);
    // The same through the bitboard move generator on every board size.
    fn corners<G: Geometry>() {
        let n = G::SIZE;
        let mut b = GameBoard::<G>::empty();
        for c in 1..n - 1 {
            b.set(c, Tile::White);
        }
        b.set(n - 1, Tile::Black);
        assert_eq!(b.legal_moves(Tile::Black), G::B::ONE, "size {n}: only a1");
        let corner = n * n - 1;
        b.set(corner - 1, Tile::White);
        b.set(corner - 2, Tile::Black);
        assert_eq!(
            b.legal_moves(Tile::Black),
            G::B::ONE | G::B::bit(corner),
            "size {n}"
        );
    }
    corners::<Size4>();
    corners::<Size6>();
    corners::<Size8>();
    corners::<Size10>();
}

#[test]
fn forced_pass() {
    // White has no move; black has.
    let game = position(&format!("{}XO{} O", "-".repeat(0), "-".repeat(62)));
    assert!(game.must_pass());
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert_eq!(moves, [Move::PASS]);
    assert!(game.is_pass(moves[0]));
    assert_eq!(game.format_move(Move::PASS), "pass");
    assert_eq!(game.parse_move("ps"), Ok(Move::PASS));
    assert_eq!(
        game.parse_move("c1"),
        Err(GameError::illegal(
            None,
            ply_engine::MoveProblem::Forbidden,
            "white has no legal move and must pass"
        ))
    );
    let mut after = game.clone();
    after.play(Move::PASS);
    assert_eq!(after.to_move(), Side::First);
    assert_eq!(after.format_move(after.parse_move("c1").unwrap()), "c1");
    assert!(game.render(false).contains("must pass"));
    // Passing with a move in hand is refused.
    let start = Othello::<Size8>::new();
    assert!(
        matches!(start.parse_move("pass"), Err(GameError::IllegalMove { why, .. }) if why.contains("cannot pass"))
    );
}

#[test]
fn wipe_out_ends_the_game_early() {
    // Search the shortest wipe-out from the start and check it against the
    // naive implementation.
    fn find(game: &Othello<Size8>, line: &mut Vec<Move>, plies: u32) -> bool {
        if game.result().is_some() {
            return true;
        }
        if plies == 0 {
            return false;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let mut next = game.clone();
            next.play(mv);
            line.push(mv);
            if find(&next, line, plies - 1) {
                return true;
            }
            line.pop();
        }
        false
    }
    let start = Othello::<Size8>::new();
    let mut line = Vec::new();
    let mut plies = 1;
    while !find(&start, &mut line, plies) {
        plies += 1;
    }
    assert_eq!(plies, 9, "the shortest Othello game has nine moves");
    let mut game = start.clone();
    let mut naive = common::Naive::new(8);
    for &mv in &line {
        let s = mv.square().unwrap() as usize;
        naive = naive.play(s / 8, s % 8);
        game.play(mv);
    }
    assert_eq!(game.format_position(), naive.to_obf());
    assert!(naive.moves().is_empty() && naive.pass().moves().is_empty());
    let b = game.board();
    assert!(b.count(Tile::Empty) > 0);
    let (black, white) = (b.count(Tile::Black), b.count(Tile::White));
    assert!(black == 0 || white == 0);
    let winner = if black > 0 { Side::First } else { Side::Second };
    assert_eq!(game.result(), Some(GameResult::Win(winner)));
    let (fb, fw) = b.final_score();
    assert_eq!(fb + fw, 64, "empties go to the winner");
    assert!(game.render(false).contains("game over"));
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(
        game.parse_move("a1"),
        Err(GameError::game_over("the game is over"))
    );
}

#[test]
fn ties() {
    // A full 4x4 board, eight discs each.
    let game = Othello::<Size4>::new()
        .parse_position("XXXXXXXXOOOOOOOO O")
        .unwrap();
    assert_eq!(game.result(), Some(GameResult::Draw));
    assert_eq!(game.board().state(), GameState::Tie);
    assert_eq!(game.board().final_score(), (8, 8));
    // Not full: the empty squares are shared.
    let game = Othello::<Size4>::new()
        .parse_position("X--O------------ X")
        .unwrap();
    assert_eq!(game.board().state(), GameState::Tie);
    assert_eq!(game.board().final_score(), (8, 8));
    assert!(game.render(false).contains("a tie"));
}

#[test]
fn game_states() {
    let b = board::<Size4>(&["XXXX", "XXXX", "XXXO", "OOOO"]);
    assert_eq!(b.state(), GameState::BlackWins);
    let b = board::<Size4>(&["XOOO", "OOOO", "OOOO", "OOOO"]);
    assert_eq!(b.state(), GameState::WhiteWins);
    assert_eq!(b.final_score(), (1, 15));
    let b = board::<Size4>(&["-OOO", "OOOO", "OO-O", "OOOO"]);
    assert_eq!(b.state(), GameState::WhiteWins);
    assert_eq!(b.final_score(), (0, 16));
}

#[test]
fn move_errors_say_why() {
    let game = Othello::<Size8>::new();
    let err = |text: &str| game.parse_move(text).unwrap_err().to_string();
    assert!(err("zz").contains("is not a square"));
    assert!(err("").contains("is not a square"));
    assert!(err("f").contains("is not a square"));
    assert!(err("5f").contains("is not a square"));
    assert_eq!(err("i1"), "i1 is outside the 8x8 board");
    assert_eq!(err("a9"), "a9 is outside the 8x8 board");
    assert_eq!(err("a0"), "a0 is outside the 8x8 board");
    assert_eq!(err("65"), "cell 65 is outside the 8x8 board");
    assert_eq!(err("d4"), "d4 is already occupied");
    assert_eq!(
        err("a1"),
        "a1 outflanks nothing: a move must flip at least one disc"
    );
    assert_eq!(game.parse_move(" F5 "), game.parse_move("f5"));
    assert_eq!(game.parse_move("38"), game.parse_move("f5"));
    assert!(Othello::<Size6>::new()
        .parse_move("g1")
        .unwrap_err()
        .to_string()
        .contains("6x6"));
}

#[test]
fn positions_parse_and_refuse_garbage() {
    let game = Othello::<Size8>::new();
    let text =
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
    let p = game.parse_position(text).unwrap();
    assert_eq!(p.format_position(), text.split(';').next().unwrap());
    assert_eq!(p.empties(), 14);
    for bad in [
        "",
        "XO",
        &"-".repeat(64),
        &format!("{} Z", "-".repeat(64)),
        &format!("{}? X", "-".repeat(63)),
        &format!("{} X junk", "-".repeat(64)),
    ] {
        assert!(
            matches!(game.parse_position(bad), Err(GameError::BadPosition(_))),
            "{bad:?}"
        );
    }
    // A position of another size is refused, naming the size to ask for;
    // on a board of its own size it parses.
    let refused = game.parse_position("-----OX--XO----- X");
    assert!(
        matches!(&refused, Err(GameError::PositionNeedsOption { option, value, .. })
            if option == "size" && value == "4"),
        "{refused:?}"
    );
    let small = Othello::<Size4>::new()
        .parse_position("-----OX--XO----- X")
        .unwrap();
    assert_eq!(small.size(), 4);
}

#[test]
fn render_shows_counts_side_and_legal_moves() {
    let game = Othello::<Size8>::new();
    let text = game.render(false);
    assert!(text.contains("a b c d e f g h"));
    assert!(text.contains("black (X): 2  white (O): 2"));
    assert!(text.contains("black to move"));
    assert_eq!(
        text.matches('*').count(),
        4 + 1,
        "four legal moves and the legend"
    );
    assert!(game.render(true).contains("\x1b["));
}

/// Removes the terminal's colour codes.
fn strip_colours(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn coloured_board_shows_both_colours_on_any_background() {
    let mut game = Othello::<Size8>::new();
    game.play(game.parse_move("f5").unwrap());
    let plain = game.render(false);
    let coloured = game.render(true);
    assert!(!plain.contains('\x1b'));
    // The same text under the colours.
    assert_eq!(strip_colours(&coloured), plain);
    // Every square is painted on a background of its own (green), white
    // discs bright white and black ones black on it: never a disc in the
    // terminal's default colours.
    let board: Vec<&str> = coloured.lines().skip(1).take(8).collect();
    let discs = |code: &str, letter: char| {
        board
            .iter()
            .map(|l| l.matches(&format!("\x1b[{code}m {letter}\x1b[0m")).count())
            .sum::<usize>()
    };
    assert_eq!(discs("1;97;42", 'O'), 1);
    assert_eq!(discs("1;30;42", 'X'), 4);
    for line in &board {
        assert_eq!(line.matches(";42m").count(), 8, "{line:?}");
    }
}

#[test]
fn play_and_undo_restore_everything() {
    let mut game = Othello::<Size8>::new();
    let before = game.clone();
    let mv = game.parse_move("f5").unwrap();
    let undo = game.play(mv);
    assert_eq!(game.board().count(Tile::Black), 4);
    assert_eq!(game.board().count(Tile::White), 1);
    assert_eq!(game.to_move(), Side::Second);
    game.undo(mv, undo);
    assert_eq!(game, before);
}

#[test]
fn symmetric_images_are_equivalent() {
    use ply_engine::{Playable, Symmetric};
    let start = Othello::<Size8>::new();
    // The start is symmetric under the half turn and the main diagonal.
    assert_eq!(start.transformed(3), start);
    assert_eq!(start.transformed(4), start);
    let mut images = Vec::new();
    start.symmetric_images(&mut images);
    assert_eq!(images.len(), 7);
    let game = position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X");
    game.symmetric_images(&mut images);
    for image in images {
        assert_eq!(image.perft(4), game.perft(4));
        assert_eq!(image.canonical(), game.canonical());
        assert_eq!(
            image.board().count(Tile::Black),
            game.board().count(Tile::Black)
        );
    }
}
