//! The type-erased interface every front end drives every game through.

use std::any::Any;

use serde::Serialize;

use crate::bots::{Analyzer, Player};
use crate::config::{BotSpec, EngineConfig};
use crate::error::GameError;
use crate::game::{GameResult, Side};
use crate::playable::Playable;
use crate::tt::TableStats;
use crate::value::{Outcome, Value};

/// A move and its value, in text.
#[derive(Clone, Debug, Serialize)]
pub struct MoveValue {
    #[serde(rename = "move")]
    pub mv: String,
    #[serde(flatten)]
    pub value: Value,
}

/// The value of a position and of each of its moves, in text.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub value: Value,
    pub moves: Vec<MoveValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<TableStats>,
}

impl Report {
    /// Moves grouped for display: winning, drawing, unknown, losing, each
    /// best first.
    pub fn grouped(&self) -> Vec<(Outcome, Vec<&MoveValue>)> {
        let mut groups = Vec::new();
        for outcome in [Outcome::Win, Outcome::Draw, Outcome::Unknown, Outcome::Lose] {
            let mut moves: Vec<&MoveValue> = self
                .moves
                .iter()
                .filter(|m| m.value.outcome == outcome)
                .collect();
            moves.sort_by_key(|m| std::cmp::Reverse(m.value.preference()));
            if !moves.is_empty() {
                groups.push((outcome, moves));
            }
        }
        groups
    }
}

/// What a bot played.
#[derive(Clone, Debug)]
pub struct MoveReport {
    pub side: Side,
    pub mv: String,
    /// The move's value when the bot knows it.
    pub value: Option<Value>,
}

/// A bot made by a session for that session's game.
pub struct Bot {
    pub name: String,
    inner: Box<dyn Any + Send>,
}

/// A game in progress, seen without its type.
pub trait Session: Send {
    /// The position in canonical notation.
    fn position(&self) -> String;
    /// Replaces the game by one starting from `text` (history cleared).
    fn set_position(&mut self, text: &str) -> Result<(), GameError>;
    /// Back to the position the session started from.
    fn restart(&mut self);
    fn to_move(&self) -> Side;
    fn side_name(&self, side: Side) -> String;
    fn result(&self) -> Option<GameResult>;
    /// The board with coordinates, coloured if asked.
    fn render(&self, colour: bool) -> String;
    /// Legal moves in canonical notation.
    fn legal_moves(&self) -> Vec<String>;
    /// True when the side to move has no move but a pass.
    fn must_pass(&self) -> bool;
    /// Plays a move given as text; returns its canonical form, or why it is illegal.
    fn play(&mut self, text: &str) -> Result<String, GameError>;
    /// Takes back the last move; false at the start.
    fn undo(&mut self) -> bool;
    /// The moves played since the start, canonical.
    fn moves_played(&self) -> Vec<String>;
    /// Values of the position and every move (`hint`, `solve`).
    fn analyze(&mut self, config: &EngineConfig) -> Result<Report, GameError>;
    fn new_bot(&self, spec: &BotSpec, config: &EngineConfig) -> Result<Bot, GameError>;
    /// Lets `bot` choose and play a move.
    fn bot_move(&mut self, bot: &mut Bot) -> Result<MoveReport, GameError>;
    /// Tells a bot how the game went (learners learn here) and saves it.
    fn game_over(&self, bot: &mut Bot, seat: Side) -> Result<(), GameError>;
    /// Leaf count `depth` plies deep; refused for depths a game that can go
    /// on forever could never finish.
    fn perft(&self, depth: u32) -> Result<u64, GameError>;
    fn boxed_clone(&self) -> Box<dyn Session>;
}

/// The one implementation of `Session`, generic over the game.
pub struct GameSession<G: Playable> {
    start: G,
    positions: Vec<G>,
    moves: Vec<G::Move>,
    analyzer: Option<(EngineConfigKey, Box<dyn Analyzer<G>>)>,
}

/// The parts of a config that change an analyzer.
#[derive(Clone, Copy, PartialEq, Eq)]
struct EngineConfigKey {
    hash_mb: usize,
    depth: Option<u32>,
    move_time: Option<std::time::Duration>,
}

impl<G: Playable> GameSession<G> {
    pub fn new(start: G) -> Self {
        GameSession {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            analyzer: None,
        }
    }

    /// The boxed session, ready for a front end.
    pub fn boxed(start: G) -> Box<dyn Session> {
        Box::new(Self::new(start))
    }

    pub fn current(&self) -> &G {
        self.positions.last().expect("the start is always there")
    }

    fn player<'a>(&self, bot: &'a mut Bot) -> Result<&'a mut Box<dyn Player<G>>, GameError> {
        bot.inner
            .downcast_mut::<Box<dyn Player<G>>>()
            .ok_or_else(|| {
                GameError::Unsupported(format!("bot '{}' belongs to another game", bot.name))
            })
    }

    fn push(&mut self, mv: G::Move) {
        let mut next = self.current().clone();
        next.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }
}

impl<G: Playable> Session for GameSession<G> {
    fn position(&self) -> String {
        self.current().format_position()
    }

    fn set_position(&mut self, text: &str) -> Result<(), GameError> {
        let start = self.start.parse_position(text)?;
        *self = GameSession::new(start);
        Ok(())
    }

    fn restart(&mut self) {
        self.positions.truncate(1);
        self.moves.clear();
    }

    fn to_move(&self) -> Side {
        self.current().to_move()
    }

    fn side_name(&self, side: Side) -> String {
        self.current().side_name(side)
    }

    fn result(&self) -> Option<GameResult> {
        self.current().result()
    }

    fn render(&self, colour: bool) -> String {
        self.current().render(colour)
    }

    fn legal_moves(&self) -> Vec<String> {
        let game = self.current();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.into_iter().map(|m| game.format_move(m)).collect()
    }

    fn must_pass(&self) -> bool {
        let game = self.current();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.len() == 1 && game.is_pass(moves[0])
    }

    fn play(&mut self, text: &str) -> Result<String, GameError> {
        let game = self.current();
        if game.result().is_some() {
            return Err(GameError::IllegalMove("the game is over".into()));
        }
        let mv = game.parse_move(text)?;
        let canonical = game.format_move(mv);
        self.push(mv);
        Ok(canonical)
    }

    fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    fn moves_played(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, before)| before.format_move(mv))
            .collect()
    }

    fn analyze(&mut self, config: &EngineConfig) -> Result<Report, GameError> {
        let key = EngineConfigKey {
            hash_mb: config.hash_mb,
            depth: config.depth,
            move_time: config.move_time,
        };
        if self.analyzer.as_ref().map(|(k, _)| *k) != Some(key) {
            self.analyzer = Some((key, self.current().analyzer(config)?));
        }
        let game = self.current().clone();
        let (_, analyzer) = self.analyzer.as_mut().expect("set above");
        let analysis = analyzer.analyze(&game)?;
        Ok(Report {
            value: analysis.value,
            moves: analysis
                .moves
                .iter()
                .map(|&(mv, value)| MoveValue {
                    mv: game.format_move(mv),
                    value,
                })
                .collect(),
            depth: analysis.depth,
            stats: analysis.stats,
        })
    }

    fn new_bot(&self, spec: &BotSpec, config: &EngineConfig) -> Result<Bot, GameError> {
        let player: Box<dyn Player<G>> = self.current().player(spec, config)?;
        Ok(Bot {
            name: spec.to_string(),
            inner: Box::new(player),
        })
    }

    fn bot_move(&mut self, bot: &mut Bot) -> Result<MoveReport, GameError> {
        let game = self.current().clone();
        if game.result().is_some() {
            return Err(GameError::IllegalMove("the game is over".into()));
        }
        let choice = self.player(bot)?.choose(&game);
        let mut legal = Vec::new();
        game.generate_moves(&mut legal);
        if !legal.contains(&choice.mv) {
            return Err(GameError::IllegalMove(format!(
                "bot '{}' chose an illegal move {:?}",
                bot.name, choice.mv
            )));
        }
        self.push(choice.mv);
        Ok(MoveReport {
            side: game.to_move(),
            mv: game.format_move(choice.mv),
            value: choice.value,
        })
    }

    fn game_over(&self, bot: &mut Bot, seat: Side) -> Result<(), GameError> {
        let result = self.result();
        let positions = self.positions.clone();
        let player = self.player(bot)?;
        player.game_over(&positions, result, seat);
        player.save()
    }

    fn perft(&self, depth: u32) -> Result<u64, GameError> {
        crate::perft::check_depth::<G>(depth)?;
        let game = self.current();
        // Every line has ended one ply past the longest: deeper counts equal
        // that one under either convention (ended lines count nothing, or one
        // leaf at every depth), so a huge depth costs no more than the tree.
        let depth = match game.max_remaining_plies() {
            Some(left) => depth.min(left.saturating_add(1)),
            None => depth,
        };
        Ok(game.perft(depth))
    }

    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(GameSession {
            start: self.start.clone(),
            positions: self.positions.clone(),
            moves: self.moves.clone(),
            analyzer: None,
        })
    }
}

/// How a game's `--position` is written, for help and error messages.
#[derive(Clone, Copy, Debug)]
pub struct PositionNotation {
    /// One line: what the text holds and in which order.
    pub description: &'static str,
    /// A real position of the game at its default options.
    pub example: &'static str,
}

/// A game as the registry lists it: its name, options, and how to start a
/// session from the options a user gave.
pub trait GameKind: Send + Sync {
    /// The name used on the command line (`tictactoe`, `mnk`, `nim`, ...).
    fn name(&self) -> &'static str;
    /// One line for `ply games` and the menu.
    fn summary(&self) -> &'static str;
    /// The options this game accepts.
    fn options(&self) -> Vec<crate::options::OptionSpec>;
    /// How positions of this game are written, with an example.
    fn position_notation(&self) -> PositionNotation;
    /// A session at the start position the options describe.
    fn new_session(
        &self,
        options: &crate::options::GameOptions,
    ) -> Result<Box<dyn Session>, GameError>;
    /// Notes on how the options were read, for the front end to show when
    /// the text could have meant something else (Nim's `--heaps 123`).
    fn option_notes(&self, _options: &crate::options::GameOptions) -> Vec<String> {
        Vec::new()
    }
    /// Extra output for `ply solve` driven by the game's own options (Nim's
    /// `--tree`); `None` means the plain solve.
    fn special_solve(
        &self,
        _options: &crate::options::GameOptions,
        _session: &mut dyn Session,
    ) -> Option<Result<String, GameError>> {
        None
    }
    /// True for request 000's game, (n,k)-tic-tac-toe against the computer:
    /// `play` and `hint` then also show each move's score on the request's
    /// scale, from the computer's side (computer wins 3, draw 2, undecided
    /// 1, human wins 0).
    fn request_scores(&self) -> bool {
        false
    }
    /// Lines `ply solve` adds after the values: what the game's solver
    /// knows beyond them (positions counted, the final score).
    fn solve_notes(&self, _session: &dyn Session, _report: &Report) -> Option<String> {
        None
    }
    /// `ply bench GAME`: the game's benchmark, as a printed report.
    fn bench(
        &self,
        _options: &crate::options::GameOptions,
        _config: &EngineConfig,
    ) -> Result<String, GameError> {
        Err(GameError::Unsupported(format!(
            "no benchmark is defined for {}",
            self.name()
        )))
    }
}
