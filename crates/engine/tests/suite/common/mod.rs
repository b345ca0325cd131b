//! "Race", the toy game the engine's tests share: a counter starts at 0; a
//! move adds 1, 2 or 3; who reaches `target` or more wins; after `limit`
//! plies without a winner it is a draw. Small enough for exhaustive
//! minimax, rich enough for wins, losses, draws and transpositions.

// Each test file uses its own part of this module.
#![allow(dead_code)]

pub use ply_engine::conformance::assert_compatible;
use ply_engine::{Analysis, Outcome, Value};
use ply_engine::{Game, GameError, GameResult, Knowledge, Notation, Playable, Side, Symmetric};

#[derive(Clone, Debug)]
pub struct Race {
    total: u32,
    ply: u32,
    target: u32,
    limit: u32,
    hash: u64,
    /// A deliberately broken variant: also accepts +4 to +9, which are
    /// illegal (to show that the conformance checks catch it).
    accepts_illegal: bool,
}

fn zobrist(total: u32, ply: u32) -> u64 {
    let mut x = (total as u64) << 32 | ply as u64;
    x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 29)
}

impl Race {
    pub fn new(target: u32, limit: u32) -> Race {
        Race {
            total: 0,
            ply: 0,
            target,
            limit,
            hash: zobrist(0, 0),
            accepts_illegal: false,
        }
    }

    /// The broken variant: illegal moves +4 to +9 are accepted.
    pub fn accepting_illegal_moves(self) -> Race {
        Race {
            accepts_illegal: true,
            ..self
        }
    }
}

impl Game for Race {
    type Move = u32;
    type Undo = ();
    type Key = (u32, u32);

    fn to_move(&self) -> Side {
        if self.ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn result(&self) -> Option<GameResult> {
        if self.total >= self.target {
            Some(GameResult::Win(self.to_move().opponent()))
        } else if self.ply >= self.limit {
            Some(GameResult::Draw)
        } else {
            None
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        if self.result().is_none() {
            moves.extend(1..=3);
        }
    }

    fn play(&mut self, mv: u32) {
        self.total += mv;
        self.ply += 1;
        self.hash = zobrist(self.total, self.ply);
    }

    fn undo(&mut self, mv: u32, _undo: ()) {
        self.total -= mv;
        self.ply -= 1;
        self.hash = zobrist(self.total, self.ply);
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        zobrist(self.total, self.ply)
    }

    fn key(&self) -> (u32, u32) {
        (self.total, self.ply)
    }

    fn ply(&self) -> u32 {
        self.ply
    }
}

impl Symmetric for Race {}

/// Race's rule of thumb for depth-limited bots.
#[derive(Clone, Copy, Debug, Default)]
pub struct RaceKnowledge;

impl Knowledge<Race> for RaceKnowledge {
    fn evaluate(&self, game: &Race) -> i32 {
        // Being a multiple of 4 short of the target is good for the mover's opponent.
        if (game.target - game.total).is_multiple_of(4) {
            -10
        } else {
            10
        }
    }
}

impl Notation for Race {
    fn format_move(&self, mv: u32) -> String {
        format!("+{mv}")
    }

    fn parse_move(&self, text: &str) -> Result<u32, GameError> {
        match text.trim_start_matches('+').parse::<u32>() {
            Ok(n @ 1..=3) if self.result().is_none() => Ok(n),
            Ok(n @ 4..=9) if self.accepts_illegal && self.result().is_none() => Ok(n),
            _ => Err(GameError::illegal(
                Some(text),
                ply_engine::MoveProblem::NotAMove,
                format!("'{text}' is not a move"),
            )),
        }
    }

    fn format_position(&self) -> String {
        format!("{}/{}", self.total, self.ply)
    }

    fn parse_position(&self, text: &str) -> Result<Race, GameError> {
        let bad = || GameError::BadPosition(format!("'{text}' is not total/ply"));
        let (total, ply) = text.split_once('/').ok_or_else(bad)?;
        let total = total.parse().map_err(|_| bad())?;
        let ply = ply.parse().map_err(|_| bad())?;
        Ok(Race {
            total,
            ply,
            hash: zobrist(total, ply),
            ..self.clone()
        })
    }

    fn side_name(&self, side: Side) -> String {
        format!("{side:?}")
    }

    fn render(&self, _colour: bool) -> String {
        self.format_position()
    }
}

impl Playable for Race {
    type Knowledge = RaceKnowledge;
}

/// Plain minimax: no pruning, no table. Returns the value for the side to move.
pub fn minimax(game: &mut Race) -> Value {
    if let Some(result) = game.result() {
        return match result {
            GameResult::Draw => Value::draw(None),
            GameResult::Win(side) if side == game.to_move() => Value::win(0),
            GameResult::Win(_) => Value::lose(0),
        };
    }
    let mut best: Option<Value> = None;
    for mv in 1..=3 {
        game.play(mv);
        let child = minimax(game).as_move_value();
        game.undo(mv, ());
        if best.is_none_or(|b| child.preference() > b.preference()) {
            best = Some(child);
        }
    }
    let best = best.expect("three moves");
    Value {
        remoteness: best.remoteness.map(|r| r + 1),
        ..best
    }
}

/// Equal values: same outcome, and same remoteness unless a draw.
pub fn same(a: Value, b: Value) -> bool {
    a.outcome == b.outcome && (a.outcome == Outcome::Draw || a.remoteness == b.remoteness)
}

/// Checks that `got`, an analysis that may have been cut short, never
/// contradicts `truth`, the exact one: the same moves, each once and in the
/// same order; every decided value the exact one (remoteness included for
/// wins and losses); and `depth: None` only when everything is decided.
pub fn assert_sound<M: Copy + PartialEq + std::fmt::Debug>(
    truth: &Analysis<M>,
    got: &Analysis<M>,
    what: &str,
) {
    let moves = |a: &Analysis<M>| a.moves.iter().map(|(m, _)| *m).collect::<Vec<M>>();
    assert_eq!(moves(got), moves(truth), "{what}: the move set changed");
    for ((mv, t), (_, g)) in truth.moves.iter().zip(&got.moves) {
        assert_compatible(*t, *g, &format!("{what}: move {mv:?}"));
    }
    assert_compatible(truth.value, got.value, &format!("{what}: position"));
    if got.depth.is_none() {
        for ((mv, t), (_, g)) in truth.moves.iter().zip(&got.moves) {
            assert!(
                same(*t, *g),
                "{what}: move {mv:?} said exact: {g:?} vs {t:?}"
            );
        }
        assert!(same(truth.value, got.value), "{what}: position said exact");
    }
}
