//! The drawn board, which the session gives, against independent readings
//! of the same game: the terminal's rendering (Trilite's marks and the
//! marks that vanish next, lower case there) and each game's position
//! notation (DESIGN.md), over random games.

use ply_engine::{BoardView, Cell, GameKind, GameOptions, Session};

/// The terminal's rows `  1 X . o`: cells, and which are lower case.
fn from_render(text: &str) -> (Vec<Cell>, Vec<usize>) {
    let mut cells = Vec::new();
    let mut fading = Vec::new();
    for line in text.lines().skip(1).take(3) {
        for token in line.split_whitespace().skip(1) {
            if token.eq_ignore_ascii_case("x") || token.eq_ignore_ascii_case("o") {
                if token.chars().all(|c| c.is_ascii_lowercase()) {
                    fading.push(cells.len());
                }
                cells.push(if token.eq_ignore_ascii_case("x") {
                    Cell::X
                } else {
                    Cell::O
                });
            } else {
                cells.push(Cell::Empty);
            }
        }
    }
    (cells, fading)
}

/// Cells of a notation that lists them (`X`, `O`, anything else empty).
fn from_notation(cells: &str) -> Vec<Cell> {
    cells
        .chars()
        .map(|c| match c {
            'X' | 'x' => Cell::X,
            'O' | 'o' => Cell::O,
            _ => Cell::Empty,
        })
        .collect()
}

/// A small random number stream, the same every run.
fn stream() -> impl FnMut(usize) -> usize {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    }
}

/// Plays random games of `kind`, checking every board with `check`.
fn random_games(
    kind: &dyn GameKind,
    options: &GameOptions,
    games: usize,
    check: &mut dyn FnMut(&dyn Session, &BoardView),
) -> usize {
    let mut next = stream();
    let mut checked = 0;
    for _ in 0..games {
        let mut session = kind.new_session(options).expect("a session");
        for _ in 0..80 {
            check(session.as_ref(), &session.board());
            checked += 1;
            let moves = session.legal_moves();
            if session.result().is_some() || moves.is_empty() {
                break;
            }
            session
                .play(&moves[next(moves.len())])
                .expect("a legal move");
        }
    }
    checked
}

/// The last move's square, read from its name (`b3`: column b, row 3).
fn last_square(session: &dyn Session, cols: usize) -> Option<usize> {
    let last = session.moves_played().pop()?;
    let mut chars = last.chars();
    let col = chars.next()? as usize - 'a' as usize;
    let row: usize = chars.as_str().parse().ok()?;
    Some((row - 1) * cols + col)
}

#[test]
fn trilite_board_matches_the_terminal_over_random_games() {
    let checked = random_games(
        &ply_trilite::TRILITE,
        &GameOptions::new(),
        200,
        &mut |session, board| {
            let (cells, fading) = from_render(&session.render(false));
            let BoardView::Grid {
                cells: drawn,
                fading: mut drawn_fading,
                ..
            } = board.clone()
            else {
                panic!("a grid for {}", session.position());
            };
            drawn_fading.sort_unstable();
            assert_eq!(
                (drawn, drawn_fading),
                (cells, fading),
                "{}",
                session.position()
            );
        },
    );
    assert!(checked > 1000);
}

#[test]
fn grid_boards_match_their_notation_and_mark_the_last_move() {
    let games: [(&dyn GameKind, GameOptions); 4] = [
        (&ply_mnk::TICTACTOE, GameOptions::new()),
        (
            &ply_mnk::MNK,
            GameOptions::new()
                .with_value("rows", "4")
                .with_value("cols", "5")
                .with_value("k", "4"),
        ),
        (&ply_othello::OTHELLO, GameOptions::new()),
        (
            &ply_othello::OTHELLO,
            GameOptions::new().with_value("size", "6"),
        ),
    ];
    for (kind, options) in games {
        let checked = random_games(kind, &options, 10, &mut |session, board| {
            let position = session.position();
            // OBF ends with a space and the side to move.
            let cells = position.split(' ').next().expect("cells");
            let BoardView::Grid {
                rows,
                cols,
                cells: drawn,
                counts,
                last,
                ..
            } = board.clone()
            else {
                panic!("a grid for {position}");
            };
            assert_eq!(drawn, from_notation(cells), "{position}");
            assert_eq!(drawn.len(), rows * cols);
            if kind.name() == "othello" {
                let count = |c: char| cells.chars().filter(|x| *x == c).count();
                assert_eq!(counts, Some([count('X'), count('O')]), "{position}");
            } else {
                assert_eq!(counts, None);
            }
            assert_eq!(last, last_square(session, cols), "{position}");
        });
        assert!(checked > 40, "{}", kind.name());
    }
}

#[test]
fn nim_boards_are_its_rows() {
    let options = GameOptions::new().with_value("heaps", "3,0,5,7");
    let checked = random_games(&ply_nim::NIM, &options, 30, &mut |session, board| {
        let position = session.position();
        let rows: Vec<u64> = position
            .split('/')
            .next()
            .expect("rows")
            .split(',')
            .filter(|r| !r.is_empty())
            .map(|r| r.parse().expect("a count"))
            .collect();
        assert_eq!(board, &BoardView::Heaps { heaps: rows }, "{position}");
    });
    assert!(checked > 100);
}

/// Under renju the board marks black's forbidden points (for the page),
/// and only then: not for white, not under another rule.
#[test]
fn renju_boards_mark_blacks_forbidden_points() {
    let moves = ["i8", "a1", "k8", "c1", "h9", "e1", "h11", "g1"];
    let board_after = |rule: &str, moves: &[&str]| {
        let options = GameOptions::new()
            .with_value("size", "15")
            .with_value("k", "5")
            .with_value("rule", rule);
        let mut session = ply_registry::find("mnk")
            .expect("mnk")
            .new_session(&options)
            .expect("a 15 x 15 renju game");
        for mv in moves {
            session.play(mv).expect("legal");
        }
        let BoardView::Grid {
            cols, forbidden, ..
        } = session.board()
        else {
            panic!("a grid");
        };
        let legal = session.legal_moves();
        (cols, forbidden, legal)
    };
    let (cols, forbidden, legal) = board_after("renju", &moves);
    // h8 (column h, row 8) is a double three through k8 and h11.
    let h8 = 7 * cols + 7;
    assert_eq!(forbidden, vec![h8]);
    assert!(!legal.iter().any(|m| m == "h8"), "{legal:?}");
    // White to move: nothing is forbidden; other rules forbid nothing.
    assert!(board_after("renju", &moves[..7]).1.is_empty());
    assert!(board_after("freestyle", &moves).1.is_empty());
}
