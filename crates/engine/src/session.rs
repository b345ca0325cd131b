//! The type-erased interface every front end drives every game through.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::config::{BotSpec, EngineConfig};
use crate::error::GameError;
use crate::game::{GameResult, Side};
use crate::knowledge::Knowledge;
use crate::options::GameOptions;
use crate::playable::Playable;
use crate::player::{Analyzer, Player};
pub use crate::report::{BoardView, MoveValue, Report};
use crate::solve::{SolveOutput, SolveRequest};
use crate::value::Value;

/// What a bot played.
#[derive(Clone, Debug)]
pub struct MoveReport {
    /// The side that moved.
    pub side: Side,
    /// The move in canonical notation.
    pub mv: String,
    /// The move's value when the bot knows it.
    pub value: Option<Value>,
}

/// A bot a session made and keeps: the handle a front end asks it
/// through. The bot itself (a `Box<dyn Player<G>>` of the session's game)
/// lives inside the session; a handle names it, and only in the session
/// that made it.
#[derive(Debug, PartialEq, Eq)]
pub struct Bot {
    /// What the user typed for it, canonical (`alphabeta:4`).
    pub name: String,
    session: u64,
    slot: usize,
}

/// Sessions are numbered so a bot handle is never used with another's bots.
static SESSIONS: AtomicU64 = AtomicU64::new(0);

fn session_number() -> u64 {
    SESSIONS.fetch_add(1, Ordering::Relaxed)
}

/// A game in progress, seen without its type.
pub trait Session: Send {
    /// The position in canonical notation.
    fn position(&self) -> String;
    /// Replaces the game by one starting from `text` (history cleared).
    fn set_position(&mut self, text: &str) -> Result<(), GameError>;
    /// Back to the position the session started from.
    fn restart(&mut self);
    /// The side to move.
    fn to_move(&self) -> Side;
    /// The side as the game calls it ("Black", "Player 1").
    fn side_name(&self, side: Side) -> String;
    /// How the game ended, or `None` while it goes on.
    fn result(&self) -> Option<GameResult>;
    /// The board with coordinates, coloured if asked.
    fn render(&self, colour: bool) -> String;
    /// Legal moves in canonical notation.
    fn legal_moves(&self) -> Vec<String>;
    /// The first `most` legal moves (in the order `legal_moves` gives) and
    /// how many there are in all: bounded however many the position has.
    fn legal_moves_listed(&self, most: usize) -> (Vec<String>, usize);
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
    /// [`Session::analyze`] listing only the best `most` moves (the best
    /// first when there are more), and how many moves there are in all:
    /// moves past `most` are never written out.
    fn analyze_listed(
        &mut self,
        config: &EngineConfig,
        most: usize,
    ) -> Result<(Report, usize), GameError>;
    /// The board as a front end draws it.
    fn board(&self) -> BoardView;
    /// Makes a bot for `spec` and keeps it in the session (it stays through
    /// `restart`, `set_position` and new games, until `drop_bot`).
    fn new_bot(&mut self, spec: &BotSpec, config: &EngineConfig) -> Result<Bot, GameError>;
    /// Lets `bot` choose and play a move.
    fn bot_move(&mut self, bot: &mut Bot) -> Result<MoveReport, GameError>;
    /// Tells a bot how the game went (learners learn here) and saves it.
    fn game_over(&mut self, bot: &mut Bot, seat: Side) -> Result<(), GameError>;
    /// Ends a bot the session keeps, freeing what it holds.
    fn drop_bot(&mut self, bot: Bot);
    /// The counters of the table `bot` searches with, when it shows them
    /// after play ([`Player::table_stats`]).
    fn bot_table_stats(&mut self, bot: &Bot) -> Option<crate::tt::TableStats>;
    /// Leaf count `depth` plies deep; refused for depths a game that can go
    /// on forever could never finish.
    fn perft(&self, depth: u32) -> Result<u64, GameError>;
    /// A copy of the game (its start and moves), without the bots.
    fn boxed_clone(&self) -> Box<dyn Session>;
    /// A seeded balanced opening from the session's start, as moves in
    /// canonical notation ([`Playable::opening`]); `None` for a game
    /// without openings.
    fn opening(&self, seed: u64) -> Option<Vec<String>>;
    /// The pieces each side has on the board now, for games decided by
    /// counting them.
    fn piece_count(&self) -> Option<crate::report::PieceCount>;
    /// The game's own solve of the current position when its options ask
    /// for one (Nim's tree, the (m,n,k) proof search); `None` means the
    /// plain analysis.
    fn special_solve(
        &mut self,
        options: &crate::options::GameOptions,
        request: &SolveRequest,
    ) -> Option<Result<SolveOutput, GameError>>;
    /// Lines `ply solve` adds after the values of `report` (an analysis of
    /// the current position): what the game's solver knows beyond them.
    fn solve_notes(&self, report: &Report) -> Option<String>;
    /// What `ply play` shows before the games from the current position
    /// when the options ask for it (Nim's marked tree).
    fn play_preamble(
        &self,
        options: &crate::options::GameOptions,
    ) -> Option<Result<crate::solve::Listing, GameError>>;
    /// The colour-settling opening the game is played with, if any
    /// ([`Playable::colour_opening`]).
    fn colour_opening(&self) -> Option<crate::ColourOpening>;
    /// The computer's answer in the colour opening at the current position,
    /// moves in canonical notation ([`Playable::opening_choice`]), thinking
    /// within `config`'s move time.
    fn opening_choice(
        &self,
        config: &EngineConfig,
    ) -> Option<Result<crate::OpeningChoice<String>, GameError>>;
}

/// The one implementation of `Session`, generic over the game.
pub struct GameSession<G: Playable> {
    start: G,
    positions: Vec<G>,
    moves: Vec<G::Move>,
    analyzer: Option<(EngineConfigKey, Box<dyn Analyzer<G>>)>,
    /// This session's number, which its bot handles carry.
    number: u64,
    /// The bots the session made, by slot; `None` once dropped.
    bots: Vec<Option<Box<dyn Player<G>>>>,
    /// The game options the session was made with, which its analyzers
    /// and bots are built under.
    options: GameOptions,
}

/// The parts of a config that change an analyzer.
#[derive(Clone, Copy, PartialEq, Eq)]
struct EngineConfigKey {
    hash_mb: usize,
    depth: Option<u32>,
    move_time: Option<std::time::Duration>,
}

impl<G: Playable> GameSession<G> {
    /// A session starting from `start`, with no moves played and no bots.
    pub fn new(start: G) -> Self {
        GameSession {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            analyzer: None,
            number: session_number(),
            bots: Vec::new(),
            options: GameOptions::default(),
        }
    }

    /// The boxed session, ready for a front end.
    pub fn boxed(start: G) -> Box<dyn Session> {
        Box::new(Self::new(start))
    }

    /// The boxed session whose analyzers and bots the game builds under
    /// `options` ([`Playable::analyzer_with_options`]).
    pub fn boxed_with_options(start: G, options: &GameOptions) -> Box<dyn Session> {
        let mut session = Self::new(start);
        session.options = options.clone();
        Box::new(session)
    }

    /// The current position: the start with every move played since.
    pub fn current(&self) -> &G {
        self.positions.last().expect("the start is always there")
    }

    fn player(&mut self, bot: &Bot) -> Result<&mut Box<dyn Player<G>>, GameError> {
        if bot.session != self.number {
            return Err(GameError::ForeignBot(bot.name.clone()));
        }
        self.bots
            .get_mut(bot.slot)
            .and_then(Option::as_mut)
            .ok_or_else(|| GameError::ForeignBot(bot.name.clone()))
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
        self.positions = vec![start.clone()];
        self.start = start;
        self.moves.clear();
        self.analyzer = None;
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
        self.legal_moves_listed(usize::MAX).0
    }

    fn legal_moves_listed(&self, most: usize) -> (Vec<String>, usize) {
        let game = self.current();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let total = moves.len();
        let listed = moves
            .into_iter()
            .take(most)
            .map(|m| game.format_move(m))
            .collect();
        (listed, total)
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
            return Err(GameError::game_over("the game is over"));
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
        self.analyze_listed(config, usize::MAX)
            .map(|(report, _)| report)
    }

    fn analyze_listed(
        &mut self,
        config: &EngineConfig,
        most: usize,
    ) -> Result<(Report, usize), GameError> {
        let key = EngineConfigKey {
            hash_mb: config.hash_mb,
            depth: config.depth,
            move_time: config.move_time,
        };
        if self.analyzer.as_ref().map(|(k, _)| *k) != Some(key) {
            self.analyzer = Some((
                key,
                self.current()
                    .analyzer_with_options(config, &self.options)?,
            ));
        }
        let game = self.current().clone();
        let (_, analyzer) = self.analyzer.as_mut().expect("set above");
        let mut analysis = analyzer.analyze(&game)?;
        let total = analysis.moves.len();
        if total > most {
            analysis
                .moves
                .sort_by_key(|(_, value)| std::cmp::Reverse(value.preference()));
            analysis.moves.truncate(most);
        }
        let report = Report {
            game: "",
            position: game.format_position(),
            to_move: game.to_move(),
            to_move_name: game.side_name(game.to_move()),
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
            pv: line_names(&game, &analysis.pv),
            notes: None,
            stats: analysis.stats,
            stopped: None,
        };
        Ok((report, total))
    }

    fn board(&self) -> BoardView {
        let mut view = self.current().board_view();
        if let (BoardView::Grid { last, .. }, Some((&mv, before))) = (
            &mut view,
            self.moves.last().zip(self.positions.iter().rev().nth(1)),
        ) {
            *last = before.move_square(mv);
        }
        view
    }

    fn new_bot(&mut self, spec: &BotSpec, config: &EngineConfig) -> Result<Bot, GameError> {
        let player: Box<dyn Player<G>> =
            self.current()
                .player_with_options(spec, config, &self.options)?;
        let slot = match self.bots.iter().position(Option::is_none) {
            Some(free) => free,
            None => {
                self.bots.push(None);
                self.bots.len() - 1
            }
        };
        self.bots[slot] = Some(player);
        Ok(Bot {
            name: spec.to_string(),
            session: self.number,
            slot,
        })
    }

    fn bot_move(&mut self, bot: &mut Bot) -> Result<MoveReport, GameError> {
        let game = self.current().clone();
        if game.result().is_some() {
            return Err(GameError::game_over("the game is over"));
        }
        let choice = self.player(bot)?.choose(&game);
        let mut legal = Vec::new();
        game.generate_moves(&mut legal);
        if !legal.contains(&choice.mv) {
            return Err(GameError::illegal(
                None,
                crate::MoveProblem::Forbidden,
                format!("bot '{}' chose an illegal move {:?}", bot.name, choice.mv),
            ));
        }
        self.push(choice.mv);
        Ok(MoveReport {
            side: game.to_move(),
            mv: game.format_move(choice.mv),
            value: choice.value,
        })
    }

    fn game_over(&mut self, bot: &mut Bot, seat: Side) -> Result<(), GameError> {
        let result = self.result();
        let positions = self.positions.clone();
        let player = self.player(bot)?;
        player.game_over(&positions, result, seat);
        player.save()
    }

    fn drop_bot(&mut self, bot: Bot) {
        if bot.session == self.number {
            if let Some(slot) = self.bots.get_mut(bot.slot) {
                *slot = None;
            }
        }
    }

    fn bot_table_stats(&mut self, bot: &Bot) -> Option<crate::tt::TableStats> {
        self.player(bot).ok()?.table_stats()
    }

    fn perft(&self, depth: u32) -> Result<u64, GameError> {
        crate::perft::check_depth::<G>(depth)?;
        let game = self.current();
        // Every line has ended one ply past the longest: deeper counts equal
        // that one under either convention (ended lines count nothing, or one
        // leaf at every depth), so a huge depth costs no more than the tree.
        let depth = match G::Knowledge::default().max_remaining_plies(game) {
            Some(left) => depth.min(left.saturating_add(1)),
            None => depth,
        };
        Ok(game.perft(depth))
    }

    fn special_solve(
        &mut self,
        options: &crate::options::GameOptions,
        request: &SolveRequest,
    ) -> Option<Result<SolveOutput, GameError>> {
        self.current().special_solve(options, request)
    }

    fn solve_notes(&self, report: &Report) -> Option<String> {
        self.current().solve_notes(report)
    }

    fn play_preamble(
        &self,
        options: &crate::options::GameOptions,
    ) -> Option<Result<crate::solve::Listing, GameError>> {
        self.current().play_preamble(options)
    }

    fn piece_count(&self) -> Option<crate::report::PieceCount> {
        self.current().piece_count()
    }

    fn colour_opening(&self) -> Option<crate::ColourOpening> {
        self.current().colour_opening()
    }

    fn opening_choice(
        &self,
        config: &EngineConfig,
    ) -> Option<Result<crate::OpeningChoice<String>, GameError>> {
        let game = self.current();
        let choice = game.opening_choice(config.move_time)?;
        Some(choice.map(|choice| match choice {
            crate::OpeningChoice::Swap => crate::OpeningChoice::Swap,
            crate::OpeningChoice::Stones(stones) => {
                let mut after = game.clone();
                crate::OpeningChoice::Stones(
                    stones
                        .into_iter()
                        .map(|mv| {
                            let text = after.format_move(mv);
                            after.play(mv);
                            text
                        })
                        .collect(),
                )
            }
        }))
    }

    fn opening(&self, seed: u64) -> Option<Vec<String>> {
        let moves = self.start.opening(seed)?;
        let mut game = self.start.clone();
        Some(
            moves
                .into_iter()
                .map(|mv| {
                    let text = game.format_move(mv);
                    game.play(mv);
                    text
                })
                .collect(),
        )
    }

    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(GameSession {
            start: self.start.clone(),
            positions: self.positions.clone(),
            moves: self.moves.clone(),
            analyzer: None,
            number: session_number(),
            bots: Vec::new(),
            options: self.options.clone(),
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

/// How an option's text was read, when it could have meant something else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionNote {
    /// The option's name (`heaps`).
    pub option: &'static str,
    /// The reading, for people ("read 123 as three rows 1,2,3").
    pub note: String,
}

/// A well-known game that is a [`GameKind`] with these options.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Preset {
    /// Its name for people ("Gomoku").
    pub title: &'static str,
    /// Its rules in a few sentences.
    pub rules: &'static str,
    /// The options, by name, as the command line takes them.
    pub options: &'static [(&'static str, &'static str)],
}

/// A game as the registry lists it: its name, options, and how to start a
/// session from the options a user gave.
pub trait GameKind: Send + Sync {
    /// The name used on the command line (`tictactoe`, `mnk`, `nim`, ...).
    fn name(&self) -> &'static str;
    /// One line for `ply games` and the menu.
    fn summary(&self) -> &'static str;
    /// The game's name for people ("Tic-tac-toe"); the command-line name
    /// unless the game says otherwise.
    fn title(&self) -> &'static str {
        self.name()
    }
    /// The rules in a few sentences, for a newcomer choosing the game.
    fn rules(&self) -> &'static str {
        self.summary()
    }
    /// Well-known games that are this one with some options set (Gomoku
    /// is the (m,n,k) game on 15 x 15 with five in a row), offered as
    /// games of their own.
    fn presets(&self) -> Vec<Preset> {
        Vec::new()
    }
    /// What a search score (a value's `heuristic`) counts, in words for a
    /// legend: a unit, so "+12" means something.
    fn score_unit(&self) -> &'static str {
        "points of the engine's evaluation"
    }
    /// The formats other programs read that a whole game can be written
    /// in ([`GameKind::write_record`]).
    fn record_formats(&self) -> Vec<crate::record::RecordFormat> {
        Vec::new()
    }
    /// The game from `start` (its position text) with `moves` in the
    /// format named `format`.
    fn write_record(
        &self,
        format: &str,
        _options: &crate::options::GameOptions,
        _start: &str,
        _moves: &[String],
    ) -> Result<String, GameError> {
        Err(GameError::Unsupported(format!(
            "{} games are not written as {format}",
            self.title()
        )))
    }
    /// The start and moves of a game written in `format`.
    fn read_record(
        &self,
        format: &str,
        _options: &crate::options::GameOptions,
        _text: &str,
    ) -> Result<crate::record::GameRecord, GameError> {
        Err(GameError::Unsupported(format!(
            "{} games are not read from {format}",
            self.title()
        )))
    }
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
    fn option_notes(&self, _options: &crate::options::GameOptions) -> Vec<OptionNote> {
        Vec::new()
    }
    /// The transcript of a game from the position `start` (its canonical
    /// text), with its first line, when the options turn the game's
    /// transcript on; `None` for games without one or with it off.
    #[allow(clippy::type_complexity)]
    fn transcript(
        &self,
        _options: &crate::options::GameOptions,
        _start: &str,
    ) -> Option<Result<(Box<dyn crate::transcript::Transcript>, String), GameError>> {
        None
    }
    /// The test suites the game's exact solver reads, in words ("OBF files
    /// of 8x8 Othello positions"); `None` for games without suites.
    fn suite_format(&self) -> Option<&'static str> {
        None
    }
    /// The game's exact solver over a test suite file (`text`, read from
    /// `source`), when the game has suites; `None` for games without.
    fn suite_solver(
        &self,
        _options: &crate::options::GameOptions,
        _text: &str,
        _source: &str,
        _settings: crate::suite::SuiteSettings,
    ) -> Option<Result<Box<dyn crate::suite::SuiteSolver>, GameError>> {
        None
    }
    /// True when `play` and `hint` also show each move's score on the
    /// four-score scale, from the computer's side (computer wins 3, draw 2,
    /// undecided 1, human wins 0): the (n,k)-tic-tac-toe games.
    fn shows_four_scores(&self) -> bool {
        false
    }
    /// True when the menu also asks for the depth limit (the (n,k) game's
    /// original program asked for its maximum search depth).
    fn menu_asks_depth(&self) -> bool {
        false
    }
    /// True when `solve` searches with a transposition table, which the
    /// engine's hash size sets (`ply solve --hash`). Its statistics can
    /// still be missing from a report: Othello's exact solver keeps no
    /// counts. A front end refuses a hash size for a game without one
    /// before solving, so no finished solve is thrown away.
    fn solver_has_table(&self) -> bool {
        true
    }
    /// True when `solve` can spread its work over several threads
    /// (`ply solve --threads`); a front end refuses a thread count for a
    /// game whose solver runs on one.
    fn solver_uses_threads(&self) -> bool {
        false
    }
    /// The session's report with the game's name and notes: the one shape
    /// every front end shows (`ply solve --json`, the web API).
    fn solve(&self, session: &mut dyn Session, config: &EngineConfig) -> Result<Report, GameError> {
        self.solve_listed(session, config, usize::MAX)
            .map(|(report, _)| report)
    }
    /// [`GameKind::solve`] listing only the best `most` moves, and how many
    /// moves there are in all (a server's bounded answer).
    fn solve_listed(
        &self,
        session: &mut dyn Session,
        config: &EngineConfig,
        most: usize,
    ) -> Result<(Report, usize), GameError> {
        let (mut report, total) = session.analyze_listed(config, most)?;
        report.game = self.name();
        report.notes = session.solve_notes(&report);
        Ok((report, total))
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

/// The moves of `line` from `game` in the game's notation, each formatted
/// in the position it is played in; the line ends before a move that is
/// not legal where it comes (an analyzer's line is only as good as its
/// table).
fn line_names<G: Playable>(game: &G, line: &[G::Move]) -> Vec<String> {
    let mut position = game.clone();
    let mut legal = Vec::new();
    let mut names = Vec::with_capacity(line.len());
    for &mv in line {
        if position.result().is_some() {
            break;
        }
        position.generate_moves(&mut legal);
        if !legal.contains(&mv) {
            break;
        }
        names.push(position.format_move(mv));
        position.play(mv);
    }
    names
}
