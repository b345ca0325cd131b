//! Trilite's text forms: moves as squares (see `square`), positions as the
//! moves that lead to them, and the board as text.

use ply_engine::{Game, GameError, GameKind, MoveProblem, Notation, Side};

use crate::board::{has_line, Trilite, SQUARES};
use crate::kind::TRILITE;
use crate::square::{parse_square, square_name};

impl Trilite {
    /// The canonical move list of this position: the shortest one, each
    /// player's marks placed oldest first. When the second player is to move
    /// and both hold three marks, the first player had one more mark, which
    /// has vanished; it is put on a square that is vacant now and makes no
    /// early line.
    fn canonical_moves(&self) -> Vec<u8> {
        let first = self.marks(Side::First);
        let second = self.marks(Side::Second);
        let mut moves = Vec::with_capacity(7);
        let filler = if self.to_move() == Side::Second && first.len() == second.len() {
            let early = first.iter().take(2).fold(0u16, |bits, &sq| bits | 1 << sq);
            (0..SQUARES as u8)
                .find(|&sq| self.empty() & (1 << sq) != 0 && !has_line(early | 1 << sq))
        } else {
            None
        };
        let firsts: Vec<u8> = filler.into_iter().chain(first.iter().copied()).collect();
        for i in 0..firsts.len().max(second.len()) {
            moves.extend(firsts.get(i));
            moves.extend(second.get(i));
        }
        moves
    }
}

impl Notation for Trilite {
    fn format_move(&self, square: u8) -> String {
        square_name(square)
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        if let Some(winner) = self.winner() {
            return Err(GameError::game_over(format!(
                "the game is over: {} has won",
                self.side_name(winner)
            )));
        }
        let square = parse_square(text)?;
        let name = square_name(square);
        let me = self.to_move();
        if self.vanishing(me) == Some(square) {
            return Err(GameError::illegal(
                Some(&name),
                MoveProblem::Forbidden,
                format!(
                    "{name} holds your vanishing mark: it disappears as you move, and your \
                 opponent is the first who may take that square"
                ),
            ));
        }
        if let Some(owner) = self.owner(square) {
            let whose = if owner == me {
                "your own mark"
            } else {
                "your opponent's mark"
            };
            return Err(GameError::illegal(
                Some(&name),
                MoveProblem::Occupied,
                format!("{name} is occupied by {whose} ({})", self.side_name(owner)),
            ));
        }
        Ok(square)
    }

    fn format_position(&self) -> String {
        let moves: Vec<String> = self
            .canonical_moves()
            .into_iter()
            .map(square_name)
            .collect();
        moves.join(" ")
    }

    fn parse_position(&self, text: &str) -> Result<Self, GameError> {
        let mut game = Trilite::new();
        let tokens = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty());
        for (i, token) in tokens.enumerate() {
            let square = game.parse_move(token).map_err(|e| {
                let notation = TRILITE.position_notation();
                GameError::BadPosition(format!(
                    "move {}: {e}; a Trilite position is {}, for example '{}'",
                    i + 1,
                    notation.description,
                    notation.example
                ))
            })?;
            game.play(square);
        }
        Ok(game)
    }

    fn side_name(&self, side: Side) -> String {
        side.letter().into()
    }

    fn render(&self, colour: bool) -> String {
        crate::render::render(self, colour)
    }
}
