//! Values the server can give a move that was played without one, so the
//! page's value history has a point for every move: the computer's own
//! moves (its search reports no game-theoretic value) and moves made while
//! values were off.

use ply_engine::{GameResult, Session, Side, Value};

/// The value of the move that just ended the game, for `mover`: a win,
/// loss or draw in 0 plies (with the final disc margin in games scored by
/// counting); `None` while the game goes on.
pub fn ending_value(session: &dyn Session, mover: Side) -> Option<Value> {
    let mut value = match session.result()? {
        GameResult::Win(side) if side == mover => Value::win(0),
        GameResult::Win(_) => Value::lose(0),
        GameResult::Draw => Value::draw(Some(0)),
    };
    if let Some(count) = session.piece_count() {
        let (first, second) = count.empties_to_winner();
        let margin = first as i32 - second as i32;
        value.margin = Some(if mover == Side::First {
            margin
        } else {
            -margin
        });
    }
    Some(value)
}

/// The value of the move that led to a position whose value (for the side
/// to move there) is `position`: the same search seen from the mover, so
/// an estimate stays an estimate.
pub fn from_next_position(position: Value) -> Value {
    position.as_move_value()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_engine::Outcome;

    #[test]
    fn a_position_lost_for_the_side_to_move_was_reached_by_a_winning_move() {
        let value = from_next_position(Value::lose(4));
        assert_eq!(value.outcome, Outcome::Win);
        assert_eq!(value.remoteness, Some(4));
        let estimate = from_next_position(Value {
            heuristic: Some(-30),
            ..Value::unknown()
        });
        assert_eq!(estimate.outcome, Outcome::Unknown);
        assert_eq!(estimate.heuristic, Some(30));
    }
}
