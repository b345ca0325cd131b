//! Whole games as GGF (Generic Game Format), the record the Othello
//! servers and NBoard exchange: `(;GM[Othello]PC[ply]TY[8]BO[8 <squares>
//! <side>]B[d3]W[c5]...;)`. Squares are `-` empty, `*` black, `O` white,
//! the side `*` or `O`; a pass is `PA`. Reading takes the board and the
//! moves (a record may leave a forced pass out: a side that moves out of
//! turn passed before) and skips every other tag.

use ply_engine::{GameError, GameRecord};

/// The format's name, as the page and the API ask for it.
pub const GGF: &str = "GGF";

/// `start` (OBF: the cells, a space, the side to move) with `moves`.
pub fn write(size: u8, start: &str, moves: &[String]) -> Result<String, GameError> {
    let (cells, side) = start
        .trim()
        .split_once(' ')
        .ok_or_else(|| GameError::BadPosition(format!("not an OBF position: {start}")))?;
    let squares: String = cells
        .chars()
        .map(|c| match c {
            'X' | 'x' | '*' => '*',
            'O' | 'o' => 'O',
            _ => '-',
        })
        .collect();
    let mut black = side.trim().eq_ignore_ascii_case("X");
    let mut text = format!(
        "(;GM[Othello]PC[ply]TY[{size}]BO[{size} {squares} {}]",
        if black { '*' } else { 'O' }
    );
    for mv in moves {
        let square = if mv.eq_ignore_ascii_case("pass") {
            "PA".to_string()
        } else {
            mv.to_ascii_lowercase()
        };
        text.push_str(&format!("{}[{square}]", if black { 'B' } else { 'W' }));
        black = !black;
    }
    text.push_str(";)");
    Ok(text)
}

/// The start (OBF) and moves of a GGF record.
pub fn read(text: &str) -> Result<GameRecord, GameError> {
    let bad = |why: &str| GameError::BadPosition(format!("not a GGF game: {why}"));
    let body = text
        .trim()
        .strip_prefix("(;")
        .and_then(|b| b.strip_suffix(";)"))
        .ok_or_else(|| bad("it starts with \"(;\" and ends with \";)\""))?;
    let mut start = None;
    let mut black = true;
    let mut moves = Vec::new();
    let mut rest = body;
    while let Some(open) = rest.find('[') {
        let tag = rest[..open].trim();
        let after = &rest[open + 1..];
        let close = after.find(']').ok_or_else(|| bad("a tag has no \"]\""))?;
        let value = after[..close].trim();
        rest = &after[close + 1..];
        match tag {
            "BO" => {
                let mut words = value.split_whitespace();
                let (_size, squares, side) = (words.next(), words.next(), words.next());
                let (Some(squares), Some(side)) = (squares, side) else {
                    return Err(bad("the board is BO[size squares side]"));
                };
                let cells: String = squares
                    .chars()
                    .map(|c| match c {
                        '*' | 'X' | 'x' => 'X',
                        'O' | 'o' => 'O',
                        _ => '-',
                    })
                    .collect();
                black = side == "*" || side.eq_ignore_ascii_case("X");
                start = Some(format!("{cells} {}", if black { 'X' } else { 'O' }));
            }
            "B" | "W" => {
                if start.is_none() {
                    return Err(bad("a move comes before the board (BO)"));
                }
                if (tag == "B") != black {
                    moves.push("pass".to_string());
                    black = !black;
                }
                let square = value.split('/').next().unwrap_or_default().trim();
                moves.push(if square.eq_ignore_ascii_case("PA") {
                    "pass".to_string()
                } else {
                    square.to_ascii_lowercase()
                });
                black = !black;
            }
            _ => {}
        }
    }
    if start.is_none() {
        return Err(bad("it has no board (BO[...])"));
    }
    Ok(GameRecord { start, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------OX------XO--------------------------- X";

    #[test]
    fn a_written_game_reads_back() {
        let moves: Vec<String> = ["d3", "c5", "pass", "e6"].map(String::from).to_vec();
        let text = write(8, START, &moves).unwrap();
        assert!(
            text.starts_with("(;GM[Othello]PC[ply]TY[8]BO[8 ---"),
            "{text}"
        );
        assert!(text.ends_with("B[d3]W[c5]B[PA]W[e6];)"), "{text}");
        let record = read(&text).unwrap();
        assert_eq!(record.start.as_deref(), Some(START));
        assert_eq!(record.moves, moves);
    }

    #[test]
    fn a_left_out_pass_and_move_annotations_are_read() {
        let text = format!(
            "(;GM[Othello]PB[a]BO[8 {} *]B[F5//1.2]B[d6];)",
            START.split(' ').next().unwrap().replace('X', "*")
        );
        let record = read(&text).unwrap();
        assert_eq!(record.moves, ["f5", "pass", "d6"]);
        assert!(read("(;GM[Othello]B[d3];)").is_err());
        assert!(read("d3 c5").is_err());
    }
}
