//! Every move of a position valued within a time budget, for `hint` and
//! `solve` on boards too large to solve: what the threat solvers prove is a
//! win or a loss with its length, the rest is unknown with a score.
//!
//! A move is proved
//! - won when it makes the line, when it leaves two cells to complete one
//!   the opponent cannot both take (and he has no line to make first), or
//!   when, after the one forced block of its four, the mover has a VCF
//!   (victory by continuous fours, a proof: see [`crate::vcf`]);
//! - lost when the opponent could make a line and the move does not stop
//!   him (or he has two such cells), or when after it he has a VCF.
//!
//! Everything else is `Unknown`, scored by the static evaluation of the
//! position after the move as neither side to move sees it (both sides'
//! patterns weighed alike, no tempo bonus for the opponent, who moves
//! next), and ranked as the engine plays: a move the search does not
//! consider (one not within two cells of a stone; on an empty board every
//! cell but the centre) scores below every move it does, and the move the
//! search ([`Engine::best_move`]) chooses scores at least as well as any
//! other unknown move. Moves near the stones are examined first; those the
//! budget does not reach keep the static score.

use std::time::Duration;

use ply_engine::Deadline;

use crate::board::Board;
use crate::pattern::Level;
use crate::search::Engine;
use crate::vcf::ThreatSearch;
use crate::{Move, Stone};

/// A move's value for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A forced win: the game ends this many plies after the move (0: the
    /// move itself completes the line).
    Win(u32),
    /// A forced loss: the opponent completes a line this many plies after
    /// the move.
    Loss(u32),
    /// Not decided within the budget: a score for the mover (positive is
    /// good), on the scale of [`crate::GomokuGame`]'s evaluation.
    Unknown(i32),
}

/// Longest VCF looked for, in attacker moves.
const MAX_FOURS: u32 = 30;

/// The static score for `me` of the position after `me` played, on the
/// scale of the game's evaluation but without its tempo bonus: the
/// opponent moves next, and weighing his patterns up would make every
/// move of the first player score negative on an empty board.
fn static_score(board: &Board, me: Stone) -> i32 {
    (crate::search::balance(board, me) / 4).clamp(-10_000, 10_000)
}

/// Every move of a position valued, and the line expected from it.
#[derive(Clone, Debug, Default)]
pub struct PositionAnalysis {
    /// Every empty cell (but black's forbidden points under renju) with
    /// its value for the side to move ([`analyze_moves`]).
    pub moves: Vec<(Move, Verdict)>,
    /// The principal variation, the best move first, both sides' moves in
    /// turn: where the best move is proved won or lost, the proof's line
    /// (to the five); else the engine's expected line.
    pub principal: Vec<Move>,
}

/// Every empty cell of `board` valued for `me`, to move, within `deadline`
/// (see the module notes); empty when the game is over or the board full.
/// `engine` chooses the recommended move with a third of the budget.
pub fn analyze_moves(
    board: &Board,
    me: Stone,
    deadline: Deadline,
    engine: &mut Engine,
) -> Vec<(Move, Verdict)> {
    analyze_position(board, me, deadline, engine).moves
}

/// [`analyze_moves`] with the principal variation of the best move.
pub fn analyze_position(
    board: &Board,
    me: Stone,
    deadline: Deadline,
    engine: &mut Engine,
) -> PositionAnalysis {
    let mut board = board.clone();
    if board.winner().is_some() || board.is_full() {
        return PositionAnalysis::default();
    }
    let opponent = me.opponent();
    let searched = engine.best_move(&board, me, share(&deadline, 3));
    // Near cells first (the moves the search considers), then the rest,
    // row by row.
    let mut order = Vec::new();
    board.candidates(&mut order);
    // Under renju black's forbidden points are no moves at all.
    order.retain(|&cell| !board.forbidden(cell, me));
    let considered = order.len();
    let mut seen = vec![false; board.cell_slots()];
    for &cell in &order {
        seen[cell] = true;
    }
    let rest: Vec<usize> = board
        .empty_cells()
        .filter_map(|m| board.index(m).ok())
        .filter(|&cell| !seen[cell] && !board.forbidden(cell, me))
        .collect();
    order.extend(rest);
    let my_fives: Vec<usize> = board.cells_at_least(me, Level::Five).collect();
    let their_fives: Vec<usize> = board.cells_at_least(opponent, Level::Five).collect();
    let mut out = Vec::with_capacity(order.len());
    // The proof lines of decided moves, by their index in `out`.
    let mut lines: Vec<Option<Vec<usize>>> = Vec::with_capacity(order.len());
    // One threat search for every move: its buffers are sized once.
    let mut threats = ThreatSearch::new();
    for (done, &cell) in order.iter().enumerate() {
        let mut line = None;
        let verdict = if my_fives.contains(&cell) {
            line = Some(vec![cell]);
            Verdict::Win(0)
        } else if !my_fives.is_empty() {
            // Slower than the line at hand, but not lost: left unknown.
            board.put_stone(cell, me);
            let score = static_score(&board, me);
            board.take_back();
            Verdict::Unknown(score)
        } else if their_fives.len() >= 2 || their_fives.first().is_some_and(|&f| f != cell) {
            let five = their_fives.iter().copied().find(|&f| f != cell);
            line = five.map(|five| vec![cell, five]);
            Verdict::Loss(1)
        } else if deadline.expired() {
            board.put_stone(cell, me);
            let score = static_score(&board, me);
            board.take_back();
            Verdict::Unknown(score)
        } else {
            let left = (order.len() - done) as u32;
            let per_move = deadline
                .remaining()
                .map(|r| (r * 4 / left).min(r).min(Duration::from_millis(200)));
            let (verdict, proof) = examine(
                &mut board,
                &mut threats,
                cell,
                me,
                Deadline::after(per_move),
            );
            line = proof;
            verdict
        };
        out.push((board.to_move(cell), verdict));
        lines.push(line);
    }
    let chosen = searched.as_ref().map(|info| info.best);
    rank_like_the_engine(&mut out, considered, chosen);
    // The best move as the analysis ranks it (the quickest win, else the
    // best unknown, else the slowest loss), and its line.
    let rank = |v: &Verdict| match *v {
        Verdict::Win(n) => (2, -(n as i64)),
        Verdict::Unknown(score) => (1, i64::from(score)),
        Verdict::Loss(n) => (0, i64::from(n)),
    };
    let best =
        (0..out.len()).max_by_key(|&i| (rank(&out[i].1), out[i].0 == chosen.unwrap_or(out[i].0)));
    let principal = match best {
        Some(i) => match (&lines[i], &searched) {
            (Some(line), _) => line.iter().map(|&c| board.to_move(c)).collect(),
            (None, Some(info)) if info.best == out[i].0 => info.principal.clone(),
            (None, _) => vec![out[i].0],
        },
        None => Vec::new(),
    };
    PositionAnalysis {
        moves: out,
        principal,
    }
}

/// Makes the unknown scores of `out` (in the order of `analyze_moves`:
/// the `considered` moves the search generates first) rank the moves as
/// the engine does: a move the search never considers scores below every
/// unknown move it does, and the move it chose, `chosen`, at least as well
/// as any other unknown move (it looked deeper than the static score).
fn rank_like_the_engine(out: &mut [(Move, Verdict)], considered: usize, chosen: Option<Move>) {
    let unknown = |v: &Verdict| match *v {
        Verdict::Unknown(score) => Some(score),
        _ => None,
    };
    let (near, far) = out.split_at_mut(considered.min(out.len()));
    if let Some(floor) = near.iter().filter_map(|(_, v)| unknown(v)).min() {
        for (_, verdict) in far.iter_mut() {
            if let Verdict::Unknown(score) = verdict {
                *score = (*score).min(floor - 1);
            }
        }
    }
    let Some(chosen) = chosen else {
        return;
    };
    let best = out
        .iter()
        .filter(|(m, _)| *m != chosen)
        .filter_map(|(_, v)| unknown(v))
        .max();
    if let (Some(best), Some((_, Verdict::Unknown(score)))) =
        (best, out.iter_mut().find(|(m, _)| *m == chosen))
    {
        *score = (*score).max(best);
    }
}

/// The verdict of `me` playing the empty `cell`, when nobody has a line to
/// make before it, and for a decided one its proof's line (`cell` first,
/// both sides in turn, to the five) where it is one line.
fn examine(
    board: &mut Board,
    threats: &mut ThreatSearch,
    cell: usize,
    me: Stone,
    deadline: Deadline,
) -> (Verdict, Option<Vec<usize>>) {
    let opponent = me.opponent();
    board.put_stone(cell, me);
    let fives: Vec<usize> = board.cells_at_least(me, Level::Five).collect();
    let cells = |line: Vec<Move>, board: &Board| -> Vec<usize> {
        let mut out = vec![cell];
        out.extend(line.into_iter().filter_map(|m| board.index(m).ok()));
        out
    };
    let result = if board.winner() == Some(me) {
        (Verdict::Win(0), Some(vec![cell]))
    } else if board.has_at_least(opponent, Level::Five) {
        // Only reachable when the opponent's line was not there before
        // (never, as a stone cannot make the other side's line): unknown.
        (Verdict::Unknown(static_score(board, me)), None)
    } else if fives.len() >= 2 {
        // Two cells to stop: he blocks one, the other makes the line.
        (Verdict::Win(2), Some(vec![cell, fives[0], fives[1]]))
    } else if fives.first().is_some_and(|&f| board.forbidden(f, opponent)) {
        // Renju: the one cell is one black may not take; his reply is any
        // other move, so the line stops here.
        (Verdict::Win(2), Some(vec![cell]))
    } else if let [block] = fives[..] {
        // The opponent must take the one cell, then the mover needs a VCF.
        board.put_stone(block, opponent);
        let found = threats
            .vcf(board, me, MAX_FOURS, deadline)
            .then(|| threats.line(board).collect::<Vec<_>>());
        let result = match found {
            Some(line) => {
                let plies = 1 + line.len() as u32;
                let mut proof = vec![cell, block];
                proof.extend(line.into_iter().filter_map(|m| board.index(m).ok()));
                (Verdict::Win(plies), Some(proof))
            }
            None => (Verdict::Unknown(static_score(board, me)), None),
        };
        board.take_back();
        result
    } else {
        let found = threats
            .vcf(board, opponent, MAX_FOURS, deadline)
            .then(|| threats.line(board).collect::<Vec<_>>());
        match found {
            Some(line) => {
                let plies = line.len() as u32;
                (Verdict::Loss(plies), Some(cells(line, board)))
            }
            None => (Verdict::Unknown(static_score(board, me)), None),
        }
    };
    board.take_back();
    result
}

/// `1/parts` of what is left of `deadline` (a second when it has no limit).
fn share(deadline: &Deadline, parts: u32) -> Deadline {
    let left = deadline.remaining().unwrap_or(Duration::from_secs(1));
    Deadline::after(Some(left / parts))
}
