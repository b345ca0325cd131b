//! The part of GGF (Generic Game Format, the Othello servers' game record)
//! NBoard sends in `set game`: `(;GM[Othello]...BO[8 <64 squares> <side>]
//! B[F5//1.2]W[D6]...;)`. Squares are `-` empty, `*` black, `O` white; the
//! side is `*` or `O`. Moves are `B[..]` and `W[..]`, each a square or
//! `PA`, optionally followed by `/eval/time`. Other tags are skipped. Only
//! the 8x8 board is played.

use ply_engine::Side;

use super::{parse_move, play, Position};
use crate::board::GameBoard;
use crate::tile::Tile;

/// The position at the end of the game `text` describes.
pub fn parse(text: &str) -> Result<Position, String> {
    let body = text.trim();
    let body = body
        .strip_prefix("(;")
        .ok_or("a GGF game starts with \"(;\"")?;
    let body = body
        .strip_suffix(";)")
        .ok_or("a GGF game ends with \";)\"")?;
    let mut position: Option<Position> = None;
    let mut rest = body;
    while !rest.trim().is_empty() {
        let open = rest.find('[').ok_or("a GGF tag has no \"[\"")?;
        let tag = rest[..open].trim();
        let after = &rest[open + 1..];
        let close = after.find(']').ok_or("a GGF tag has no \"]\"")?;
        let value = &after[..close];
        rest = &after[close + 1..];
        if !tag.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!("bad GGF tag name {tag:?}"));
        }
        match tag {
            "BO" => position = Some(board(value)?),
            "B" | "W" => {
                let pos = position
                    .as_mut()
                    .ok_or("a move comes before the board (BO)")?;
                let square = parse_move(value.split('/').next().unwrap_or(""))?;
                let black = tag == "B";
                if (pos.colour() == Tile::Black) != black {
                    // A record may leave the pass out: the side that moves
                    // says whose turn it is, if the other side has no move.
                    play(pos, None).map_err(|_| {
                        format!(
                            "{} moves out of turn",
                            if black { "black" } else { "white" }
                        )
                    })?;
                }
                play(pos, square)?;
            }
            "TY" if !value.trim_start().starts_with('8') => {
                return Err(format!("only the 8x8 board is played (TY[{value}])"));
            }
            _ => {}
        }
    }
    position.ok_or_else(|| "a GGF game needs its board (BO[...])".to_string())
}

/// `8 <64 squares> <side>`.
fn board(value: &str) -> Result<Position, String> {
    let mut words = value.split_whitespace();
    let size = words.next().ok_or("empty board (BO[])")?;
    if size != "8" {
        return Err(format!("only the 8x8 board is played (BO[{size} ...])"));
    }
    let squares: String = words.next().ok_or("the board has no squares")?.to_string();
    let side = words
        .next()
        .ok_or("the board does not say whose turn it is")?;
    if words.next().is_some() {
        return Err("the board has more than size, squares and side".into());
    }
    if squares.chars().count() != 64 {
        return Err(format!(
            "an 8x8 board has 64 squares, not {}",
            squares.chars().count()
        ));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in squares.chars().enumerate() {
        match c {
            '*' | 'x' | 'X' | '#' => black |= 1u64 << i,
            'O' | 'o' => white |= 1u64 << i,
            '-' | '.' => {}
            _ => return Err(format!("bad square {c:?} on the board")),
        }
    }
    let black_to_move = match side {
        "*" | "x" | "X" | "#" => true,
        "O" | "o" => false,
        _ => return Err(format!("bad side to move {side:?}")),
    };
    let side = if black_to_move {
        Side::First
    } else {
        Side::Second
    };
    Ok(Position::from_board(
        GameBoard::from_bits(black, white),
        side,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------O*------*O---------------------------";

    #[test]
    fn the_spec_example_gives_its_position() {
        let game = format!(
            "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 {START} *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)"
        );
        let p = parse(&game).unwrap();
        // Replay the same moves by hand.
        let mut q = Position::new();
        for m in ["F5", "F6", "D3", "C5", "E6", "F7", "E7", "F4"] {
            play(&mut q, parse_move(m).unwrap()).unwrap();
        }
        assert_eq!(p, q);
        assert_eq!(p.colour(), Tile::Black);
        assert_eq!(64 - p.empties(), 12);
    }

    #[test]
    fn evals_and_times_after_moves_are_skipped() {
        let game = format!("(;GM[Othello]BO[8 {START} *]B[f5//1.5]W[d6/-0.5/2];)");
        let p = parse(&game).unwrap();
        assert_eq!(p.colour(), Tile::Black);
        assert_eq!(64 - p.empties(), 6);
    }

    #[test]
    fn broken_records_are_refused() {
        for bad in [
            "",
            "(;GM[Othello];)",
            "(;BO[8 --- *];)",
            &format!("(;BO[10 {START} *];)"),
            &format!("(;BO[8 {START} *]B[A1];)"),
            &format!("(;BO[8 {START} *]W[F5];)"),
            &format!("(;BO[8 {START} *]B[F5]"),
            &format!("(;BO[8 {START} ?];)"),
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
