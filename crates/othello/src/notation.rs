//! Text forms: squares `f5`, the pass, OBF positions, and the rendered board.

use ply_engine::{Game, GameError, Notation, Side};

use ply_engine::echo::shown;

use crate::bitboard::{Bits, Geometry};
use crate::board::{GameBoard, GameState};

use crate::error::OthelloError;
use crate::game::{Move, Othello};
use crate::tile::Tile;

/// The name of a square: column letter, then row number from the top.
pub fn square_name(row: u32, column: u32) -> String {
    let letter = char::from_u32('a' as u32 + column).unwrap_or('?');
    format!("{letter}{}", row as i64 + 1)
}

/// Reads a square as (row, column), 0-based, without checking the board's
/// bounds: `f5` (any case), or a cell number 1.. in row-major order.
pub fn parse_square(text: &str, size: u8) -> Result<(u32, u32), OthelloError> {
    let t = text.trim().to_ascii_lowercase();
    let not_square = || OthelloError::NotASquare(shown(text.trim()));
    if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
        let n = size as u32;
        return match t.parse::<u32>() {
            Ok(cell) if cell >= 1 && cell <= n * n => Ok(((cell - 1) / n, (cell - 1) % n)),
            _ => Err(OthelloError::OutsideBoard {
                square: format!("cell {}", shown(&t)),
                size,
            }),
        };
    }
    let mut chars = t.chars();
    let letter = chars
        .next()
        .filter(char::is_ascii_lowercase)
        .ok_or_else(not_square)?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 3 {
        return Err(not_square());
    }
    let row: u32 = digits.parse().map_err(|_| not_square())?;
    let column = letter as u32 - 'a' as u32;
    if row == 0 || row > size as u32 || column >= size as u32 {
        return Err(OthelloError::OutsideBoard {
            square: t.clone(),
            size,
        });
    }
    Ok((row - 1, column))
}

/// The coloured board is a green cloth with every square painted on it:
/// black discs black, white discs bright white, so both show on light and
/// dark terminals alike (white on the terminal's own background vanished
/// on light ones). The letters stay, so the colours are only a help.
const LEGAL: &str = "1;93;42";

/// The colour code of a square holding `tile` on the green cloth.
fn cloth_colour(tile: Tile) -> &'static str {
    match tile {
        Tile::Empty => "30;42",
        Tile::Black => "1;30;42",
        Tile::White => "1;97;42",
    }
}

fn side_letter(side: Side) -> char {
    Tile::of(side).letter()
}

impl<G: Geometry> Othello<G> {
    /// Checks a move given as text and says why it is illegal if it is.
    fn check_move(&self, text: &str) -> Result<Move, OthelloError> {
        if self.result().is_some() {
            return Err(OthelloError::GameOver);
        }
        let me = self.colour();
        let t = text.trim().to_ascii_lowercase();
        if t == "pass" || t == "ps" {
            return if self.must_pass() {
                Ok(Move::PASS)
            } else {
                Err(OthelloError::CannotPass(me.name()))
            };
        }
        let (row, column) = parse_square(text, self.size())?;
        if self.must_pass() {
            return Err(OthelloError::MustPass(me.name()));
        }
        let square = row * self.size() as u32 + column;
        let name = square_name(row, column);
        if self.board.tile(square) != Tile::Empty {
            return Err(OthelloError::Occupied(name));
        }
        if self.board.flips(me, square).is_empty() {
            return Err(OthelloError::OutflanksNothing(name));
        }
        Ok(Move(square as u8))
    }

    /// Reads an OBF position: N*N cells, a space, the side to move. A
    /// position of another board size is refused, saying which size it is.
    fn read_obf(text: &str) -> Result<Othello<G>, GameError> {
        let bad = |why: String| GameError::from(OthelloError::BadPosition(why));
        let mut tokens = text.split_whitespace();
        let cells = tokens.next().ok_or_else(|| {
            bad("empty position: expected N*N cells X/O/- and the side to move".into())
        })?;
        let count = cells.chars().count();
        let size: u32 = match count {
            16 => 4,
            36 => 6,
            64 => 8,
            100 => 10,
            _ => {
                return Err(bad(format!(
                    "{count} cells: an Othello position has 16, 36, 64 or 100 (4x4 to 10x10)"
                )))
            }
        };
        let tiles = cells
            .chars()
            .map(|c| {
                Tile::from_letter(c).ok_or_else(|| {
                    bad(format!(
                        "'{}' is not a cell (use X, O or -)",
                        c.escape_debug()
                    ))
                })
            })
            .collect::<Result<Vec<Tile>, GameError>>()?;
        let side = match tokens.next().map(|t| t.trim_end_matches(';')) {
            Some("X") | Some("x") | Some("B") | Some("b") => Side::First,
            Some("O") | Some("o") | Some("W") | Some("w") => Side::Second,
            Some(other) => {
                return Err(bad(format!(
                    "'{}' is not a side to move (use X for black or O for white)",
                    shown(other)
                )))
            }
            None => {
                return Err(bad(
                    "missing the side to move (X or O) after the cells".into()
                ))
            }
        };
        // OBF files may annotate a position with `MOVE:SCORE;` pairs.
        if let Some(extra) = tokens.next() {
            if !extra.contains(':') && !extra.starts_with(';') {
                return Err(bad(format!(
                    "unexpected '{}' after the side to move",
                    shown(extra)
                )));
            }
        }
        // `--size` picks the size; a position of another size is refused
        // rather than silently obeyed.
        if size != G::SIZE {
            let m = G::SIZE;
            return Err(GameError::PositionNeedsOption {
                why: format!("this position is {size}x{size} but the board is {m}x{m}"),
                option: "size".into(),
                value: size.to_string(),
            });
        }
        let mut board = GameBoard::<G>::empty();
        for (square, tile) in tiles.into_iter().enumerate() {
            board.set(square as u32, tile);
        }
        Ok(Othello::from_board(board, side))
    }
}

impl<G: Geometry> Notation for Othello<G> {
    fn format_move(&self, mv: Move) -> String {
        match mv.square() {
            None => "pass".to_string(),
            Some(square) => {
                let n = self.size() as u32;
                square_name(square / n, square % n)
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        Ok(self.check_move(text)?)
    }

    fn format_position(&self) -> String {
        let mut text: String = (0..self.board.cells())
            .map(|square| self.board.tile(square).letter())
            .collect();
        text.push(' ');
        text.push(side_letter(self.to_move));
        text
    }

    /// A position of this game's board size.
    fn parse_position(&self, text: &str) -> Result<Othello<G>, GameError> {
        Othello::read_obf(text)
    }

    fn side_name(&self, side: Side) -> String {
        format!("{} ({})", Tile::of(side).name(), side_letter(side))
    }

    fn render(&self, colour: bool) -> String {
        let n = self.size() as u32;
        let legal = if self.result().is_none() {
            self.board.legal_moves(self.colour())
        } else {
            G::B::ZERO
        };
        let paint = |text: String, code: &str| {
            if colour {
                format!("\x1b[{code}m{text}\x1b[0m")
            } else {
                text
            }
        };
        let mut out = String::from("   ");
        for c in 0..n {
            out.push_str(&format!(" {}", char::from(b'a' + c as u8)));
        }
        out.push('\n');
        for r in 0..n {
            out.push_str(&format!("{:>3}", r + 1));
            for c in 0..n {
                let square = r * n + c;
                let tile = self.board.tile(square);
                let (glyph, code) = match tile {
                    Tile::Empty if legal.has(square) => ("*".to_string(), LEGAL),
                    other => (other.to_string(), cloth_colour(other)),
                };
                out.push_str(&paint(format!(" {glyph}"), code));
            }
            out.push('\n');
        }
        let (black, white) = (self.board.count(Tile::Black), self.board.count(Tile::White));
        out.push_str(&format!("black (X): {black}  white (O): {white}\n"));
        match self.board.state() {
            GameState::InProgress => {
                let who = self.colour().name();
                if legal.is_empty() {
                    out.push_str(&format!("{who} to move: no legal move, must pass\n"));
                } else {
                    out.push_str(&format!("{who} to move (* marks the legal moves)\n"));
                }
            }
            state => {
                let (fb, fw) = self.board.final_score();
                let verdict = match state {
                    GameState::BlackWins => "black wins",
                    GameState::WhiteWins => "white wins",
                    _ => "a tie",
                };
                out.push_str(&format!(
                    "game over: {verdict} {fb}-{fw} (discs on the board {black}-{white}; empty squares go to the winner)\n"
                ));
            }
        }
        out
    }
}
