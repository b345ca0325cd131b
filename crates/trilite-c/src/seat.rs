//! Each player's record of the game between calls, the check of every
//! board against it, resynchronisation from a board that does not follow
//! from it, and the choice of the answer.

use std::sync::{Mutex, PoisonError};

use ply_engine::{Game, Knowledge, Side};
use trilite::{solution, Trilite, TriliteKnowledge};

use crate::codes::{
    decode, empty_squares, encode_board, first_empty, side_of, BoardPosition, PositionValue,
    SeenMarks, K_NO_POSITION,
};

/// The position after this engine's last move, one per player number: two
/// copies of the engine playing each other in one process share this
/// library, and the player number tells their records apart.
static SEATS: Mutex<[Option<Trilite>; 2]> = Mutex::new([None, None]);

/// One call of `PlayTrilite`, after the board has been copied out.
pub fn play(
    board: Option<[PositionValue; 9]>,
    previous: BoardPosition,
    player_number: i32,
    new_game: bool,
) -> BoardPosition {
    let side = side_of(player_number)
        .or_else(|| board.as_ref().map(infer_side))
        .unwrap_or(Side::First);
    // A panic elsewhere cannot leave a record half written (records are
    // replaced whole), so a poisoned lock is safe to reuse.
    let mut seats = SEATS.lock().unwrap_or_else(PoisonError::into_inner);
    let slot = &mut seats[side.index()];
    let record = if new_game { None } else { *slot };
    let expected = expected(record, previous, side);
    let position = match &board {
        Some(board) => reconcile(expected, record, board, previous, side),
        None => expected,
    };
    // Only squares the board shows empty may be answered: a value outside
    // the contest interface's five occupies its square even though no mark is read
    // from it.
    let open = board.as_ref().map_or(u16::MAX, empty_squares);
    match position.and_then(|game| choose(&game, open).map(|mv| (game, mv))) {
        Some((mut game, mv)) => {
            game.play(mv);
            *slot = Some(game);
            BoardPosition::from(mv)
        }
        None => {
            *slot = None;
            board.map_or(K_NO_POSITION, |b| first_empty(&b))
        }
    }
}

/// Our record advanced by the opponent's reported move: the position we
/// expect the board to show.
fn expected(record: Option<Trilite>, previous: BoardPosition, side: Side) -> Option<Trilite> {
    let mut game = record.unwrap_or_default();
    if game.to_move() != side {
        let mv = u8::try_from(previous).ok()?;
        let mut legal = Vec::new();
        game.generate_moves(&mut legal);
        if !legal.contains(&mv) {
            return None;
        }
        game.play(mv);
    }
    Some(game)
}

/// The position to answer from: the expected one if the board agrees,
/// else the most plausible position the board can stand for.
fn reconcile(
    expected: Option<Trilite>,
    record: Option<Trilite>,
    board: &[PositionValue; 9],
    previous: BoardPosition,
    side: Side,
) -> Option<Trilite> {
    if let Some(game) = expected {
        if game.to_move() == side && encode_board(&game) == *board {
            return Some(game);
        }
    }
    resynchronise(board, record, previous, side)
}

/// The board says which mark of each player vanishes next but not in which
/// order the other two came: try every order, and prefer a position the
/// solved table knows, whose opponent's newest mark is the reported move,
/// and whose order of our own marks agrees with our record.
pub fn resynchronise(
    board: &[PositionValue; 9],
    record: Option<Trilite>,
    previous: BoardPosition,
    side: Side,
) -> Option<Trilite> {
    let [first, second] = decode(board);
    let table = solution();
    let mut best: Option<(u32, Trilite)> = None;
    for first in orders(&first) {
        for second in orders(&second) {
            let Some(game) = Trilite::from_marks(&first, &second, side) else {
                continue;
            };
            let newest = game.marks(side.opponent()).last().copied();
            let score = 4 * u32::from(table.value(&game).is_some())
                + 2 * u32::from(newest.map(BoardPosition::from) == Some(previous))
                + u32::from(record.is_some_and(|r| same_order(r.marks(side), game.marks(side))));
            match best {
                Some((kept, _)) if kept >= score => {}
                _ => best = Some((score, game)),
            }
        }
    }
    best.map(|(_, game)| game)
}

/// Every order, oldest first, in which one player's marks may have been
/// placed: the disappearing mark is the oldest, the staying ones in either
/// order. A malformed set (three staying marks, two disappearing) is tried
/// in every order; more than three marks cannot be a Trilite position.
fn orders(seen: &SeenMarks) -> Vec<Vec<u8>> {
    let (fixed, free): (Vec<u8>, Vec<u8>) =
        if seen.disappearing.len() == 1 && seen.staying.len() == 2 {
            (seen.disappearing.clone(), seen.staying.clone())
        } else if seen.disappearing.is_empty() && seen.staying.len() < 3 {
            (Vec::new(), seen.staying.clone())
        } else {
            let all: Vec<u8> = seen
                .disappearing
                .iter()
                .chain(&seen.staying)
                .copied()
                .collect();
            if all.len() > 3 {
                return Vec::new();
            }
            (Vec::new(), all)
        };
    permutations(&free)
        .into_iter()
        .map(|tail| fixed.iter().copied().chain(tail).collect())
        .collect()
}

fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for (i, &head) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, head);
            all.push(tail);
        }
    }
    all
}

/// True when the squares both lists hold come in the same order in both.
fn same_order(known: &[u8], guess: &[u8]) -> bool {
    let common: Vec<u8> = known
        .iter()
        .copied()
        .filter(|s| guess.contains(s))
        .collect();
    let guessed: Vec<u8> = guess
        .iter()
        .copied()
        .filter(|s| known.contains(s))
        .collect();
    common == guessed
}

/// The player a board with no usable player number is for: the one with
/// fewer marks, the first player when both hold as many.
fn infer_side(board: &[PositionValue; 9]) -> Side {
    let [first, second] = decode(board);
    let count = |s: &SeenMarks| s.staying.len() + s.disappearing.len();
    if count(&first) > count(&second) {
        Side::Second
    } else {
        Side::First
    }
}

/// The perfect move among the legal ones on squares in `open` (one bit per
/// square) from the solved table (fastest win, slowest loss, never a draw
/// given away); for a position the table does not hold (a board that cannot
/// arise in play), the heuristic's choice. `None` when no such move exists.
pub fn choose(game: &Trilite, open: u16) -> Option<u8> {
    if game.result().is_some() {
        return None;
    }
    let allowed = |mv: u8| open & (1 << mv) != 0;
    if let Ok(analysis) = solution().analyze(game) {
        // Reversed so that ties go to the first best move, as the table
        // lists them.
        return analysis
            .moves
            .iter()
            .rev()
            .filter(|&&(mv, _)| allowed(mv))
            .max_by_key(|(_, value)| value.preference())
            .map(|&(mv, _)| mv);
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
        .into_iter()
        .filter(|&mv| allowed(mv))
        .max_by_key(|&mv| {
            let mut child = *game;
            child.play(mv);
            match child.result() {
                Some(_) => i32::MAX,
                None => -TriliteKnowledge.evaluate(&child),
            }
        })
}
