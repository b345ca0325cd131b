//! The swap2 opening, decided by the engine's own evaluation.
//!
//! Swap2 (Gomocup's and the freestyle world championships' opening rule):
//! the first player places three stones (black, white, black); the second
//! either takes black (answers "swap": the first player moves next, as
//! white), takes white and plays the fourth stone, or places two more
//! stones (white, black) and leaves the choice of colour to the first
//! player, who then takes black ("swap") or takes white and plays.
//!
//! Every option is valued by a search of the position it leaves, white to
//! move, from the chooser's side: taking white is worth the position's
//! value for white, taking black its negation, and leaving the choice to
//! the opponent the negation of the better colour (the opponent takes
//! it). Values within [`EVEN`] of zero count as even: the evaluation
//! cannot tell the colours apart there, so the opening stones are placed
//! to be even, and between even options the one that leaves the choice to
//! the opponent is preferred (the opponent gains nothing on an even
//! position, and it is the option that keeps the opening open).

use ply_engine::Deadline;

use crate::board::Board;
use crate::search::{evaluate, Engine, Score};
use crate::{GomokuError, Move, Stone};

/// Values within this many evaluation points of zero are even.
pub const EVEN: i32 = 20;
/// Value of a proven win (less its length), above any evaluation.
const PROVEN: i32 = 1_000_000;
/// Stone placements searched for each choice, after a static screening.
const SEARCHED: usize = 6;
/// How far from the centre the opening's stones go, in rows and columns.
const REACH: i32 = 2;

/// The chooser's answer to a swap2 position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// On the empty board: the three opening stones, black, white, black.
    Opening([Move; 3]),
    /// Take black: the opponent plays white, and moves next.
    Swap,
    /// Take white and play this stone.
    Play(Move),
    /// After three stones: a white and a black stone placed, the choice of
    /// colour left to the opponent.
    Place([Move; 2]),
}

/// An answer with the value it was chosen by.
#[derive(Clone, Debug)]
pub struct Swap2Decision {
    /// What to answer.
    pub answer: Swap2Answer,
    /// The value of the answer for the chooser, in evaluation points (a
    /// proven win is worth about a million).
    pub value: i32,
    /// The value for white to move as the search found it: of the
    /// position before the answer, or on the empty board of the opening
    /// placed (none when there was no search).
    pub white_value: Option<i32>,
}

/// The answer to a swap2 position: `board` holds 0, 3 or 5 stones in
/// colour order (black, white, black, ...), as `SWAP2BOARD` sends them,
/// played on the board with their colours. The search gets `deadline` in
/// all, shared among the options.
pub fn decide_swap2(
    engine: &mut Engine,
    board: &Board,
    deadline: Deadline,
) -> Result<Swap2Decision, GomokuError> {
    let stones = board.placed();
    match stones {
        0 => Ok(open(engine, board, deadline)),
        3 => Ok(answer_three(engine, board, deadline)),
        5 => {
            let (white, best) = white_value(engine, board, deadline);
            let answer = match best {
                Some(mv) if white >= 0 => Swap2Answer::Play(mv),
                _ => Swap2Answer::Swap,
            };
            let value = match answer {
                Swap2Answer::Play(_) => white,
                _ => -white,
            };
            Ok(Swap2Decision {
                answer,
                value,
                white_value: Some(white),
            })
        }
        n => Err(GomokuError::Swap2Stones(n)),
    }
}

/// The value for white to move on `board`, and white's best move.
fn white_value(engine: &mut Engine, board: &Board, deadline: Deadline) -> (i32, Option<Move>) {
    match engine.best_move(board, Stone::White, deadline) {
        Some(info) => (points(info.score), Some(info.best)),
        None => (0, None),
    }
}

/// A score in evaluation points, a proven result beyond every evaluation.
fn points(score: Score) -> i32 {
    match score {
        Score::Win(plies) => PROVEN - plies as i32,
        Score::Loss(plies) => -(PROVEN - plies as i32),
        Score::Heuristic(s) => s,
    }
}

/// Values near zero are even, the rest keep their size.
fn even(value: i32) -> i32 {
    if value.abs() < EVEN {
        0
    } else {
        value
    }
}

/// The empty board: three stones near the centre whose position, white to
/// move, is nearest even.
fn open(engine: &mut Engine, board: &Board, deadline: Deadline) -> Swap2Decision {
    let (cx, cy) = ((board.width() / 2) as i32, (board.height() / 2) as i32);
    let near = |dx: i32, dy: i32| -> Option<Move> {
        let (x, y) = (cx + dx, cy + dy);
        ((0..board.width() as i32).contains(&x) && (0..board.height() as i32).contains(&y))
            .then(|| Move::new(x as usize, y as usize))
    };
    let mut layouts = Vec::new();
    let Some(centre) = near(0, 0) else {
        return Swap2Decision {
            answer: Swap2Answer::Swap,
            value: 0,
            white_value: None,
        };
    };
    // The white stone beside or near the centre (the other directions are
    // these by symmetry), the second black stone anywhere near.
    for (wx, wy) in [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2)] {
        let Some(white) = near(wx, wy) else { continue };
        for dx in -REACH..=REACH {
            for dy in -REACH..=REACH {
                let Some(black) = near(dx, dy) else { continue };
                if black != centre && black != white {
                    layouts.push([centre, white, black]);
                }
            }
        }
    }
    let mut scratch = board.clone();
    let screened = screen(
        &mut scratch,
        &layouts,
        &[Stone::Black, Stone::White, Stone::Black],
    );
    let found = most_even(
        engine,
        &scratch,
        &screened,
        &[Stone::Black, Stone::White, Stone::Black],
        deadline,
    )
    .or_else(|| layouts.first().map(|layout| (layout.to_vec(), 0)));
    let Some((stones, value)) = found else {
        // No room for three stones near the centre (a board too small for
        // Gomoku): no opening to offer.
        return Swap2Decision {
            answer: Swap2Answer::Swap,
            value: 0,
            white_value: None,
        };
    };
    Swap2Decision {
        answer: Swap2Answer::Opening([stones[0], stones[1], stones[2]]),
        // The opponent takes the better colour.
        value: -value.abs(),
        white_value: Some(value),
    }
}

/// Three stones on the board, white to move: swap, play white, or place
/// two more.
fn answer_three(engine: &mut Engine, board: &Board, deadline: Deadline) -> Swap2Decision {
    let share = |parts: u32| {
        Deadline::after(
            deadline
                .remaining()
                .map(|left| left / parts)
                .or(Some(std::time::Duration::from_secs(2))),
        )
    };
    let (white, best) = white_value(engine, board, share(3));
    // Two more stones, white then black, near the ones on the board.
    let mut cells = Vec::new();
    board.candidates(&mut cells);
    let cells: Vec<Move> = cells.iter().map(|&c| board.to_move(c)).collect();
    let mut layouts = Vec::new();
    for &w in &cells {
        for &b in &cells {
            if w != b && board.is_legal(b, Stone::Black) {
                layouts.push([w, b]);
            }
        }
    }
    let colours = [Stone::White, Stone::Black];
    let mut scratch = board.clone();
    let screened = screen(&mut scratch, &layouts, &colours);
    let placed = most_even(engine, &scratch, &screened, &colours, deadline);
    let mut options = vec![(even(-white), 0, Swap2Answer::Swap)];
    if let Some(mv) = best {
        options.push((even(white), 1, Swap2Answer::Play(mv)));
    }
    if let Some((stones, value)) = placed {
        options.push((
            even(-value.abs()),
            2,
            Swap2Answer::Place([stones[0], stones[1]]),
        ));
    }
    // The best value; between equals, the later option in the list.
    let &(value, _, answer) = options
        .iter()
        .max_by_key(|(value, rank, _)| (*value, *rank))
        .unwrap_or(&(0, 0, Swap2Answer::Swap));
    Swap2Decision {
        answer,
        value,
        white_value: Some(white),
    }
}

/// The layouts whose static evaluation (white to move after them) is
/// nearest even, at most [`SEARCHED`], nearest first.
fn screen<const N: usize>(
    board: &mut Board,
    layouts: &[[Move; N]],
    colours: &[Stone; N],
) -> Vec<[Move; N]> {
    let mut scored: Vec<(i32, [Move; N])> = Vec::new();
    for layout in layouts {
        if let Some(value) = with_stones(board, layout, colours, |b| evaluate(b, Stone::White)) {
            scored.push((value.abs(), *layout));
        }
    }
    // Stable: equal values keep the generation order, so the choice is
    // the same on every run.
    scored.sort_by_key(|&(value, _)| value);
    scored.truncate(SEARCHED);
    scored.into_iter().map(|(_, layout)| layout).collect()
}

/// Of `layouts`, the one whose searched value for white to move is
/// nearest even, with that value; `deadline` shared among them.
fn most_even<const N: usize>(
    engine: &mut Engine,
    board: &Board,
    layouts: &[[Move; N]],
    colours: &[Stone; N],
    deadline: Deadline,
) -> Option<(Vec<Move>, i32)> {
    let mut best: Option<(Vec<Move>, i32)> = None;
    let mut scratch = board.clone();
    for (i, layout) in layouts.iter().enumerate() {
        let left = layouts.len() - i;
        let slice = Deadline::after(
            deadline
                .remaining()
                .map(|t| t / left as u32)
                .or(Some(std::time::Duration::from_millis(500))),
        );
        let value = with_stones(&mut scratch, layout, colours, |b| {
            // A position already won is no opening.
            if b.winner().is_some() {
                return None;
            }
            let (white, _) = {
                let probe = b.clone();
                white_value(engine, &probe, slice)
            };
            Some(white)
        })
        .flatten();
        if let Some(value) = value {
            if best
                .as_ref()
                .is_none_or(|(_, held)| value.abs() < held.abs())
            {
                best = Some((layout.to_vec(), value));
            }
        }
        if deadline.expired() && best.is_some() {
            break;
        }
    }
    best
}

/// `judge` of the board with `layout` played in `colours`, or `None`
/// when a stone cannot go there; the board is left as it was.
fn with_stones<const N: usize, T>(
    board: &mut Board,
    layout: &[Move; N],
    colours: &[Stone; N],
    judge: impl FnOnce(&Board) -> T,
) -> Option<T> {
    let mut played = 0;
    let mut fits = true;
    for (&mv, &stone) in layout.iter().zip(colours) {
        if board.play(mv, stone).is_err() {
            fits = false;
            break;
        }
        played += 1;
    }
    let result = fits.then(|| judge(board));
    for _ in 0..played {
        let _ = board.undo();
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;
    use std::time::Duration;

    fn board_with(stones: &[(usize, usize)]) -> Board {
        let mut board = Board::new(15, 15, 5, Rule::Freestyle).expect("board");
        for (i, &(x, y)) in stones.iter().enumerate() {
            let stone = if i.is_multiple_of(2) {
                Stone::Black
            } else {
                Stone::White
            };
            board.play(Move::new(x, y), stone).expect("a free cell");
        }
        board
    }

    fn soon() -> Deadline {
        Deadline::after(Some(Duration::from_millis(300)))
    }

    #[test]
    fn the_opening_is_three_distinct_free_stones_near_the_centre() {
        let board = board_with(&[]);
        let decision = decide_swap2(&mut Engine::new(1 << 20), &board, soon()).expect("answer");
        let Swap2Answer::Opening(stones) = decision.answer else {
            panic!("{decision:?}");
        };
        let mut check = board.clone();
        for (i, mv) in stones.iter().enumerate() {
            assert!(
                (5..=9).contains(&mv.x) && (5..=9).contains(&mv.y),
                "{stones:?}"
            );
            let stone = if i.is_multiple_of(2) {
                Stone::Black
            } else {
                Stone::White
            };
            check.play(*mv, stone).expect("free and distinct");
        }
        assert!(decision.value <= 0);
    }

    #[test]
    fn a_black_win_is_swapped_and_a_white_win_played() {
        // Two black stones side by side in the centre, white's stone in a
        // corner: black is much better, so the chooser takes black.
        let mut engine = Engine::new(1 << 20);
        let strong_black = board_with(&[(7, 7), (0, 14), (8, 7)]);
        let decision = decide_swap2(&mut engine, &strong_black, soon()).expect("answer");
        assert!(decision.white_value.is_some_and(|v| v < 0), "{decision:?}");
        assert_eq!(decision.answer, Swap2Answer::Swap, "{decision:?}");
        // Five stones where white has two side by side in the centre and
        // black's are in corners: white moves and is better, so play it.
        let strong_white = board_with(&[(0, 0), (7, 7), (14, 0), (8, 7), (0, 14)]);
        let decision = decide_swap2(&mut engine, &strong_white, soon()).expect("answer");
        let Swap2Answer::Play(mv) = decision.answer else {
            panic!("{decision:?}");
        };
        assert!(strong_white.is_empty(mv), "{decision:?}");
        assert!(decision.value > 0);
    }

    #[test]
    fn placed_stones_are_free_and_the_counts_are_checked() {
        let mut engine = Engine::new(1 << 20);
        let board = board_with(&[(7, 7), (8, 8), (6, 8)]);
        let decision = decide_swap2(&mut engine, &board, soon()).expect("answer");
        match decision.answer {
            Swap2Answer::Swap => {}
            Swap2Answer::Play(mv) => assert!(board.is_empty(mv)),
            Swap2Answer::Place([w, b]) => {
                let mut check = board.clone();
                check.play(w, Stone::White).expect("free");
                check.play(b, Stone::Black).expect("free");
                assert!(check.winner().is_none());
            }
            other => panic!("{other:?}"),
        }
        let four = board_with(&[(7, 7), (8, 8), (6, 8), (1, 1)]);
        assert!(decide_swap2(&mut engine, &four, soon()).is_err());
    }
}
