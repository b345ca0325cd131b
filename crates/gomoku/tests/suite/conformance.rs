//! The engine's conformance harness on [`GomokuGame`]: random games on
//! boards of several sizes and `k`, freestyle and exact, checking play /
//! undo round trips, the incremental hash and key at every position. The
//! harness wants a notation, which the game leaves to its front ends, so
//! a plain one is written here (cells `a1`.., positions row by row).

use ply_engine::conformance::check_rules;
use ply_engine::{
    Game, GameError, GameResult, MoveProblem, NoKnowledge, Notation, Playable, Side, Symmetric,
};
use ply_gomoku::{GomokuGame, Move, Rule, Stone};

#[derive(Clone, Debug)]
struct Checked(GomokuGame);

impl Checked {
    fn cells(&self) -> impl Iterator<Item = Move> {
        let board = self.0.board();
        let (width, height) = (board.width(), board.height());
        (0..height).flat_map(move |y| (0..width).map(move |x| Move::new(x, y)))
    }
}

impl Game for Checked {
    type Move = Move;
    type Undo = ();
    type Key = <GomokuGame as Game>::Key;

    fn to_move(&self) -> Side {
        self.0.to_move()
    }

    fn result(&self) -> Option<GameResult> {
        self.0.result()
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.0.generate_moves(moves)
    }

    fn play(&mut self, mv: Move) {
        self.0.play(mv)
    }

    fn undo(&mut self, mv: Move, undo: ()) {
        self.0.undo(mv, undo)
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn recompute_hash(&self) -> u64 {
        self.0.recompute_hash()
    }

    fn key(&self) -> Self::Key {
        self.0.key()
    }

    fn ply(&self) -> u32 {
        self.0.ply()
    }
}

impl Notation for Checked {
    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        let bad = |why: &str| GameError::illegal(Some(text), MoveProblem::NotAMove, why);
        let mut chars = text.chars();
        let column = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or(bad("no column"))?;
        let row: usize = chars.as_str().parse().map_err(|_| bad("no row"))?;
        let mv = Move::new(usize::from(column as u8 - b'a'), row.wrapping_sub(1));
        if self.0.result().is_some() || !self.0.board().is_empty(mv) {
            return Err(bad("not a free cell of a game in progress"));
        }
        Ok(mv)
    }

    fn format_position(&self) -> String {
        self.cells()
            .map(|mv| match self.0.board().stone(mv) {
                Some(Stone::Black) => 'X',
                Some(Stone::White) => 'O',
                None => '-',
            })
            .collect()
    }

    fn parse_position(&self, text: &str) -> Result<Checked, GameError> {
        let stones = |wanted: char| -> Vec<Move> {
            self.cells()
                .zip(text.chars())
                .filter(|&(_, c)| c == wanted)
                .map(|(mv, _)| mv)
                .collect()
        };
        let board = self.0.board();
        GomokuGame::from_stones(
            board.width(),
            board.height(),
            board.k(),
            board.rule(),
            &stones('X'),
            &stones('O'),
        )
        .map(Checked)
        .map_err(|e| GameError::BadPosition(e.to_string()))
    }

    fn side_name(&self, side: Side) -> String {
        side.letter().to_string()
    }

    fn render(&self, _colour: bool) -> String {
        self.format_position()
    }
}

impl Symmetric for Checked {}

impl Playable for Checked {
    type Knowledge = NoKnowledge;
}

#[test]
fn conformance_on_many_boards_and_both_rules() {
    for (width, height, k) in [
        (1, 1, 1),
        (5, 1, 2),
        (3, 3, 3),
        (6, 5, 4),
        (9, 9, 5),
        (15, 15, 5),
        (26, 20, 6),
    ] {
        for rule in [Rule::Freestyle, Rule::Exact] {
            let start = GomokuGame::new(width, height, k, rule).expect("a valid board");
            let seed = (width * 100 + height) as u64;
            check_rules(&Checked(start), 12, 120, seed);
        }
    }
}
