//! `ply play`: a game in the terminal between any mix of people and bots.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};

use ply_engine::{
    Bot, BotSpec, EngineConfig, GameError, GameKind, GameOptions, GameResult, OptionRole, Outcome,
    PieceCount, PlayerSpec, Session, Side, Transcript,
};

use crate::common::{self, EngineArgs, PositionArgs};
use crate::grammar;
use crate::hints::{self, Ending};
use crate::input::{self, Line};
use crate::interrupt;
use crate::output::{self, Output};
use ply_engine::arena::entry::Entry;
use ply_engine::echo;

mod colour_opening;
use colour_opening::Settled;

/// The move limit of a game, in plies: the same default as `ply tournament`.
pub use ply_engine::arena::DEFAULT_MAX_PLIES;

/// How long `hint` thinks unless `--move-time` says otherwise.
pub const DEFAULT_HINT_TIME: Duration = Duration::from_secs(3);

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Who plays, first mover first: human, computer[:LEVEL], perfect,
    /// alphabeta:DEPTH, mcts:PLAYOUTS, heuristic, random, learner[:FILE].
    #[arg(long, value_delimiter = ',', default_value = "human,computer")]
    pub players: Vec<String>,
    /// Number of games to play in a row (1 to 100000); the score is kept.
    #[arg(long, default_value_t = 1, value_parser = crate::limits::parse_play_games,
          allow_negative_numbers = true)]
    pub games: u32,
    /// Maximum search depth of the computer and of `hint` (1 to 64 plies).
    #[arg(long, value_parser = crate::limits::parse_depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// A game still going after this many plies is a draw (as in `ply tournament`).
    #[arg(long, value_name = "PLIES", default_value_t = DEFAULT_MAX_PLIES,
          value_parser = crate::limits::parse_max_plies, allow_negative_numbers = true)]
    pub max_moves: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Who sits in a seat.
enum Seat {
    Human,
    Bot(Bot),
    /// An outside engine (`gtp:COMMAND`, `nboard:COMMAND`), and whether it
    /// has been called in the game in progress.
    Program(Box<dyn Entry>, bool),
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: PlayArgs) -> anyhow::Result<()> {
    let names = args.players.clone();
    run_named(kind, options, args, names)
}

/// `run` with the players shown by `names` (the menu's "person A") rather
/// than by their specs.
pub fn run_named(
    kind: &dyn GameKind,
    options: &GameOptions,
    args: PlayArgs,
    names: Vec<String>,
) -> anyhow::Result<()> {
    let specs = parse_players(&args.players)?;
    let mut session = args.position.session(kind, options)?;
    common::refuse_unused_depth(kind, options, args.depth)?;
    let config = args.engine.config(args.depth);
    let seats = make_seats(kind, options, session.as_mut(), specs, &config)?;
    let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let hint_config = hint_config(&config);
    let trace = Trace::wanted(kind, options, &seats);
    let mut out = Output::stdout();
    // What the game shows before its games when its options ask (Nim's
    // marked tree: the Nim request's program builds it, then plays).
    if let Some(preamble) = session.play_preamble(options) {
        write!(out, "{}", preamble?.text)?;
    }
    let mut game = Play {
        session: session.as_mut(),
        seats,
        hint_config,
        colour,
        echo: !io::stdin().is_terminal(),
        names,
        max_plies: args.max_moves,
        warned: [false; 2],
        shows_four_scores: kind.shows_four_scores(),
        trace,
        program_time: program_time(&config),
        opening_config: config.clone(),
        swapped: false,
        opening_plies: 0,
    };
    game.run(args.games, &mut io::stdin().lock(), &mut out)?;
    out.flush()?;
    Ok(())
}

/// How long an engine program may take over a move: the move time, or the
/// arena's default for entries.
fn program_time(config: &EngineConfig) -> Duration {
    config
        .move_time
        .unwrap_or(ply_engine::arena::DEFAULT_ENTRY_MOVE_TIME)
}

/// The settings of `hint`: the game's, with a time budget always, so an
/// analysis never runs for minutes (`--move-time` sets it).
fn hint_config(config: &EngineConfig) -> EngineConfig {
    EngineConfig {
        move_time: Some(config.move_time.unwrap_or(DEFAULT_HINT_TIME)),
        // A hint is asked between moves, when no bot is thinking: the
        // solver may have every core (as `ply solve` does by default).
        threads: crate::limits::cores(),
        ..config.clone()
    }
}

/// The two seats' specs, checked before anything is built.
fn parse_players(players: &[String]) -> anyhow::Result<Vec<PlayerSpec>> {
    if players.len() != 2 {
        anyhow::bail!(
            "--players needs exactly two players, first mover first (got {})",
            players.len()
        );
    }
    players
        .iter()
        .map(|text| {
            text.parse()
                .map_err(|e: GameError| anyhow::anyhow!(echo::quoting(&e.to_string(), text)))
        })
        .collect()
}

fn make_seats(
    kind: &dyn GameKind,
    options: &GameOptions,
    session: &mut dyn Session,
    specs: Vec<PlayerSpec>,
    config: &EngineConfig,
) -> Result<Vec<Seat>, GameError> {
    specs
        .into_iter()
        .enumerate()
        .map(|(i, spec)| match spec {
            PlayerSpec::Human => Ok(Seat::Human),
            PlayerSpec::Bot(BotSpec::Program(program)) => {
                // Refused before the engine starts and the opening is
                // shown: the engine protocols have no swap2 exchange
                // for ply to referee.
                if session.colour_opening().is_some() && session.moves_played().is_empty() {
                    return Err(GameError::Unsupported(format!(
                        "engine program '{}' cannot play the colour opening (--opening): \
                         let a person or the computer sit in its seat, or play without it",
                        echo::shown_within(&program.to_string(), 80),
                    )));
                }
                let host = ply_registry::entry_host(kind).ok_or_else(|| {
                    GameError::Unsupported(format!(
                        "engine program '{}': {} plays no engine programs",
                        echo::shown_within(&program.to_string(), 80),
                        kind.name()
                    ))
                })?;
                let setting = ply_engine::arena::entry::ProgramMatch {
                    options,
                    move_time: program_time(config),
                    game_time: None,
                };
                Ok(Seat::Program(
                    host.start_program(&program, &setting)?.entry,
                    false,
                ))
            }
            PlayerSpec::Bot(spec) => {
                let seat_config = EngineConfig {
                    seed: config.seed.wrapping_add(i as u64),
                    ..config.clone()
                };
                session.new_bot(&spec, &seat_config).map(Seat::Bot)
            }
        })
        .collect()
}

/// The state of a run of games at the terminal.
struct Play<'a> {
    session: &'a mut dyn Session,
    seats: Vec<Seat>,
    /// The engine settings of `hint`, with its time budget.
    hint_config: EngineConfig,
    colour: bool,
    echo: bool,
    names: Vec<String>,
    max_plies: u32,
    /// Seats whose bot already warned that it could not record a game.
    warned: [bool; 2],
    /// Moves also get their four scores ((n,k)-tic-tac-toe).
    shows_four_scores: bool,
    /// The game's transcript in place of the board, when its option asks.
    trace: Option<Trace<'a>>,
    /// How long an engine program may take over one move.
    program_time: Duration,
    /// The engine settings of the computer's answers in a colour opening.
    opening_config: EngineConfig,
    /// True when the colour opening made the seats change places for the
    /// game in progress.
    swapped: bool,
    /// Moves the colour opening placed: `undo` takes back no further.
    opening_plies: usize,
}

/// A game shown as its transcript, one line a move (Nim's `--trace`:
/// `board is (23)    player removes entire top row (1 item)`).
struct Trace<'a> {
    /// The game and its options, which make each game's transcript.
    kind: &'a dyn GameKind,
    options: GameOptions,
    /// Who moved, in the transcript's words: "player" and "computer" when a
    /// person plays a bot, else the sides' names.
    movers: [String; 2],
    tracer: Option<Box<dyn Transcript>>,
}

impl<'a> Trace<'a> {
    /// The transcript when the game's transcript option is set.
    fn wanted(kind: &'a dyn GameKind, options: &GameOptions, seats: &[Seat]) -> Option<Self> {
        let on = kind
            .options()
            .iter()
            .any(|o| o.role == OptionRole::Transcript && options.flag(o.name));
        if !on {
            return None;
        }
        let humans = seats.iter().filter(|s| matches!(s, Seat::Human)).count();
        let movers = match (humans, seats.first()) {
            (1, Some(Seat::Human)) => ["player".into(), "computer".into()],
            (1, _) => ["computer".into(), "player".into()],
            _ => ["player 1".into(), "player 2".into()],
        };
        Some(Trace {
            kind,
            options: options.clone(),
            movers,
            tracer: None,
        })
    }
}

/// How one game ended.
enum Ended {
    Over,
    /// An engine program failed to move: it loses, for this reason.
    Forfeit(Side, String),
    /// Drawn: the move limit was reached.
    MoveLimit,
    /// The person quit or the input ended.
    Abandoned,
}

/// What a person answered at a prompt.
enum Answered {
    /// The end of the input.
    End,
    /// A line that is no text, refused and said so.
    Refused,
    /// A line of text, as typed.
    Text(String),
}

/// What the person at the prompt asked for.
enum Turn {
    Moved,
    /// Moves were taken back: whoever is to move now takes the turn.
    TookBack,
    Quit,
}

const HELP: &str = "Commands: a move (as shown in the board's coordinates), \
hint (every move's value: win, draw, lose or unknown; Ctrl-C stops it early), \
undo (take back to your previous turn), moves (the legal moves), help, quit.";

impl Play<'_> {
    fn run<W: Write>(
        &mut self,
        games: u32,
        input: &mut dyn BufRead,
        out: &mut Output<W>,
    ) -> anyhow::Result<()> {
        // Wins per seat, then draws.
        let mut score = [0u32; 3];
        for number in 1..=games {
            if number > 1 {
                self.session.restart();
                writeln!(out, "\nGame {number} of {games}")?;
            }
            self.show_start(out)?;
            let ended = match self.colour_opening(input, out)? {
                Settled::Play => self.play_one(input, out)?,
                Settled::Quit => Ended::Abandoned,
            };
            // Wins are counted by seat: after a swap the seat of a side is
            // the other one.
            let seat = |side: Side| {
                if self.swapped {
                    side.opponent().index()
                } else {
                    side.index()
                }
            };
            match ended {
                Ended::Abandoned => {
                    writeln!(out, "Game abandoned.")?;
                    break;
                }
                Ended::Forfeit(loser, reason) => {
                    let winner = loser.opponent();
                    score[seat(winner)] += 1;
                    writeln!(
                        out,
                        "{} {reason}, and loses. {} wins as {}.",
                        self.names[loser.index()],
                        self.names[winner.index()],
                        self.session.side_name(winner)
                    )?;
                }
                Ended::MoveLimit => {
                    score[2] += 1;
                    writeln!(
                        out,
                        "Drawn by the move limit of {}.",
                        grammar::count(self.max_plies, "ply", "plies")
                    )?;
                }
                // The trace's last line already named the winner.
                Ended::Over if self.trace.is_some() => {
                    if let Some(GameResult::Win(side)) = self.session.result() {
                        score[seat(side)] += 1;
                    }
                }
                Ended::Over => {
                    match self.session.result() {
                        Some(GameResult::Win(side)) => {
                            score[seat(side)] += 1;
                            writeln!(
                                out,
                                "{} wins as {}.",
                                self.names[side.index()],
                                self.session.side_name(side)
                            )?;
                        }
                        _ => {
                            score[2] += 1;
                            writeln!(out, "The game is a draw.")?;
                        }
                    }
                    if let Some(count) = self.session.piece_count() {
                        writeln!(out, "{}", self.piece_verdict(count))?;
                    }
                }
            }
            self.record_game();
            self.restore_seats();
            if games > 1 {
                writeln!(
                    out,
                    "Score after {}: {} {} - {} {}, draws {}",
                    grammar::count(number, "game", "games"),
                    self.label(Side::First),
                    score[0],
                    self.label(Side::Second),
                    score[1],
                    score[2]
                )?;
            }
        }
        self.show_table_stats(out)
    }

    /// The counts of each bot's table when it shows them after play (the
    /// (n,k)-tic-tac-toe request's dictionary, chosen by a game option),
    /// over all its searches.
    fn show_table_stats<W: Write>(&mut self, out: &mut Output<W>) -> anyhow::Result<()> {
        for i in 0..self.seats.len() {
            let Seat::Bot(bot) = &self.seats[i] else {
                continue;
            };
            if let Some(stats) = self.session.bot_table_stats(bot) {
                let label = self.label(Side::BOTH[i]);
                write!(
                    out,
                    "{label}, over its searches: {}",
                    hints::format_dictionary(&stats)
                )?;
            }
        }
        Ok(())
    }

    /// The winner by the pieces on the board, as Othello decides it
    /// ("black (X) wins 40-24"), then the score with the empty squares
    /// given to the winner, as tournaments count it.
    fn piece_verdict(&self, count: PieceCount) -> String {
        let (first, second) = (count.first, count.second);
        let (to_first, to_second) = count.empties_to_winner();
        let verdict = match first.cmp(&second) {
            std::cmp::Ordering::Greater => format!(
                "{} wins {first}-{second} on the board",
                self.session.side_name(Side::First)
            ),
            std::cmp::Ordering::Less => format!(
                "{} wins {second}-{first} on the board",
                self.session.side_name(Side::Second)
            ),
            std::cmp::Ordering::Equal => format!("{first}-{second} on the board"),
        };
        if (to_first, to_second) == (first, second) {
            format!("{verdict}.")
        } else {
            let (high, low) = (to_first.max(to_second), to_first.min(to_second));
            format!("{verdict} ({high}-{low} with the empty squares to the winner).")
        }
    }

    /// Lets each bot learn from the game; a bot that cannot record it warns
    /// once on stderr, not after every game.
    fn record_game(&mut self) {
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if let Seat::Bot(bot) = seat {
                if let Err(e) = self.session.game_over(bot, Side::BOTH[i]) {
                    if !self.warned[i] {
                        self.warned[i] = true;
                        output::warn(&format!(
                            "warning: {} could not record the game: {}",
                            bot.name,
                            echo::escaped(&e.to_string())
                        ));
                    }
                }
            }
        }
    }

    fn label(&self, side: Side) -> String {
        format!(
            "{} ({})",
            self.names[side.index()],
            self.session.side_name(side)
        )
    }

    /// Plays until the game ends, the move limit is reached, or the person
    /// quits or input ends.
    fn play_one<W: Write>(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut Output<W>,
    ) -> anyhow::Result<Ended> {
        while self.session.result().is_none() {
            if self.session.moves_played().len() >= self.max_plies as usize {
                return Ok(Ended::MoveLimit);
            }
            let side = self.session.to_move();
            let before = self.session.position();
            if self.session.must_pass() {
                writeln!(
                    out,
                    "{} has no legal move and passes.",
                    self.session.side_name(side)
                )?;
                if let Some(pass) = self.session.legal_moves().first().cloned() {
                    self.session.play(&pass)?;
                }
                writeln!(out, "{}", self.session.render(self.colour))?;
                continue;
            }
            match &mut self.seats[side.index()] {
                Seat::Bot(bot) => {
                    let report = self.session.bot_move(bot)?;
                    // Once the game is over the result line says it all,
                    // but for the four-score games, whose every computer
                    // move carries its score (the winning one too).
                    let seen = report
                        .value
                        .filter(|_| self.shows_four_scores || self.session.result().is_none())
                        .map(|v| {
                            // The move that ends the game is its value's
                            // last word: "the winning move", not "win in 0".
                            let said = match (self.session.result(), v.outcome) {
                                (Some(_), Outcome::Win) => "the winning move".to_string(),
                                (Some(_), Outcome::Draw) => "the last move, a draw".to_string(),
                                _ => hints::describe(&v),
                            };
                            match self.shows_four_scores {
                                true => format!(
                                    ": {said}, score {}",
                                    hints::worded_four_score(v.outcome)
                                ),
                                false => format!(": {said}"),
                            }
                        })
                        .unwrap_or_default();
                    if self.trace.is_none() {
                        writeln!(
                            out,
                            "{} plays {}{seen}",
                            self.session.side_name(side),
                            report.mv
                        )?;
                    }
                }
                Seat::Program(entry, called) => {
                    let new_game = !*called;
                    *called = true;
                    let answer = match entry.play(&*self.session, new_game, self.program_time) {
                        Ok(answer) => answer,
                        Err(fault) => return Ok(Ended::Forfeit(side, fault.reason)),
                    };
                    if let Err(e) = self.session.play(&answer.mv) {
                        let reason = format!(
                            "answered {}, a move it may not play ({e})",
                            echo::shown(&answer.mv)
                        );
                        return Ok(Ended::Forfeit(side, reason));
                    }
                    if self.trace.is_none() {
                        writeln!(out, "{} plays {}", self.session.side_name(side), answer.mv)?;
                    }
                }
                Seat::Human => match self.human_turn(side, input, out)? {
                    Turn::Moved => {}
                    Turn::TookBack => continue,
                    Turn::Quit => return Ok(Ended::Abandoned),
                },
            }
            self.show_move(&before, side, out)?;
        }
        Ok(Ended::Over)
    }

    /// The person's next line after a prompt, echoed when the input is
    /// piped; a line that is no text is refused here.
    fn answer_line<W: Write>(
        &self,
        input: &mut dyn BufRead,
        out: &mut Output<W>,
    ) -> anyhow::Result<Answered> {
        Ok(match input::read_line(input)? {
            Line::End => {
                writeln!(out)?;
                Answered::End
            }
            Line::NotText => {
                writeln!(out)?;
                writeln!(out, "Refused: {}. Type 'help' for help.", input::NOT_TEXT)?;
                Answered::Refused
            }
            Line::Text(line) => {
                if self.echo {
                    // Piped input is not shown by a terminal: echo it so a
                    // transcript reads like a session.
                    writeln!(out, "{}", echo::escaped(line.trim_end()))?;
                }
                Answered::Text(line)
            }
        })
    }

    fn human_turn<W: Write>(
        &mut self,
        side: Side,
        input: &mut dyn BufRead,
        out: &mut Output<W>,
    ) -> anyhow::Result<Turn> {
        loop {
            let name = match &self.trace {
                Some(trace) => trace.movers[side.index()].clone(),
                None => self.session.side_name(side),
            };
            write!(out, "{name} to move> ")?;
            out.flush()?;
            let line = match self.answer_line(input, out)? {
                Answered::End => return Ok(Turn::Quit),
                Answered::Refused => continue,
                Answered::Text(line) => line,
            };
            let text = line.trim();
            match text.to_ascii_lowercase().as_str() {
                "" => continue,
                "quit" | "exit" | "q" => return Ok(Turn::Quit),
                "help" | "?" => writeln!(out, "{HELP}")?,
                "moves" => writeln!(out, "Legal moves: {}", self.session.legal_moves().join(" "))?,
                "hint" => self.hint(out)?,
                "undo" => {
                    if self.undo_to_human() {
                        writeln!(out, "Taken back.")?;
                        self.show_taken_back(out)?;
                        return Ok(Turn::TookBack);
                    } else {
                        writeln!(out, "Nothing to undo.")?;
                    }
                }
                _ => match self.session.play(text) {
                    Ok(_) => return Ok(Turn::Moved),
                    Err(e) => writeln!(
                        out,
                        "Illegal: {}. Type 'help' for help.",
                        echo::quoting(&e.to_string(), text)
                    )?,
                },
            }
        }
    }

    /// The board at the start of a game, or the trace's first line.
    fn show_start<W: Write>(&mut self, out: &mut Output<W>) -> anyhow::Result<()> {
        match &mut self.trace {
            Some(trace) => {
                let start = self.session.position();
                match trace.kind.transcript(&trace.options, &start) {
                    Some(made) => {
                        let (tracer, line) = made?;
                        trace.tracer = Some(tracer);
                        writeln!(out, "{line}")?;
                    }
                    None => writeln!(out, "{}", self.session.render(self.colour))?,
                }
            }
            None => writeln!(out, "{}", self.session.render(self.colour))?,
        }
        Ok(())
    }

    /// The board after `side` moved from `before`, or the trace's line for
    /// the move.
    fn show_move<W: Write>(
        &self,
        before: &str,
        side: Side,
        out: &mut Output<W>,
    ) -> anyhow::Result<()> {
        let (Some(trace), Some(mv)) = (&self.trace, self.session.moves_played().pop()) else {
            writeln!(out, "{}", self.session.render(self.colour))?;
            return Ok(());
        };
        let Some(tracer) = &trace.tracer else {
            return Ok(());
        };
        let winner = match self.session.result() {
            Some(GameResult::Win(winner)) => Some(trace.movers[winner.index()].as_str()),
            _ => None,
        };
        let line = tracer.step(before, &mv, &trace.movers[side.index()], winner)?;
        writeln!(out, "{line}")?;
        Ok(())
    }

    /// The board after `undo`, or the trace's line for it.
    fn show_taken_back<W: Write>(&self, out: &mut Output<W>) -> anyhow::Result<()> {
        match self.trace.as_ref().and_then(|t| t.tracer.as_ref()) {
            Some(tracer) => writeln!(out, "{}", tracer.taken_back(&self.session.position())?)?,
            None => writeln!(out, "{}", self.session.render(self.colour))?,
        }
        Ok(())
    }

    /// Every move's value, proved within the hint's time budget; Ctrl-C
    /// stops the analysis and shows what it proved so far.
    fn hint<W: Write>(&mut self, out: &mut Output<W>) -> anyhow::Result<()> {
        let started = Instant::now();
        let analysis = interrupt::Analysis::start();
        let result = self.session.analyze(&self.hint_config);
        let ending = Ending::of(analysis.interrupted(), &self.hint_config, started.elapsed());
        drop(analysis);
        let opponent = self.session.to_move().opponent();
        let scores = match &self.seats[opponent.index()] {
            Seat::Bot(_) if self.shows_four_scores => hints::Scores::ComputerOpposes,
            _ => hints::Scores::None,
        };
        match result {
            Ok(report) => {
                write!(out, "{}", hints::format_report_scored(&report, scores))?;
                if let Some(note) = hints::ending_note(&report, ending) {
                    writeln!(out, "{note}")?;
                }
            }
            Err(e) => writeln!(out, "No hint: {}", echo::escaped(&e.to_string()))?,
        }
        Ok(())
    }

    /// Takes back moves until it is a person's turn again, at least one
    /// move; changes nothing (false) when no earlier turn was a person's.
    fn undo_to_human(&mut self) -> bool {
        let mut probe = self.session.boxed_clone();
        let mut steps = 0;
        loop {
            if probe.moves_played().len() <= self.opening_plies || !probe.undo() {
                return false;
            }
            steps += 1;
            let seat = &self.seats[probe.to_move().index()];
            if matches!(seat, Seat::Human) && !probe.must_pass() {
                break;
            }
        }
        for _ in 0..steps {
            self.session.undo();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    #[test]
    fn a_hint_always_has_a_time_budget() {
        let config = EngineConfig {
            depth: Some(4),
            ..EngineConfig::default()
        };
        let hint = hint_config(&config);
        assert_eq!(hint.move_time, Some(DEFAULT_HINT_TIME));
        assert_eq!(hint.depth, Some(4));
        let config = EngineConfig {
            move_time: Some(Duration::from_millis(250)),
            ..config
        };
        assert_eq!(
            hint_config(&config).move_time,
            Some(Duration::from_millis(250))
        );
    }

    /// Plays every game from its start with `lines` typed at the prompt by
    /// a person against a random bot: each line is taken or refused, and
    /// the session ends cleanly. `hint` is left out (it thinks for seconds).
    fn any_lines_are_taken_or_refused(lines: &[String]) -> Result<(), TestCaseError> {
        let typed: String = lines
            .iter()
            .filter(|line| !line.trim().eq_ignore_ascii_case("hint"))
            .map(|line| format!("{line}\n"))
            .collect();
        for kind in ply_registry::games() {
            let options = GameOptions::new();
            let mut session = kind.new_session(&options).expect("the default game starts");
            let specs = parse_players(&["human".into(), "random".into()]).expect("two players");
            let seats = make_seats(
                kind,
                &options,
                session.as_mut(),
                specs,
                &EngineConfig::default(),
            )
            .expect("the seats are made");
            let mut game = Play {
                session: session.as_mut(),
                seats,
                hint_config: hint_config(&EngineConfig::default()),
                colour: false,
                echo: true,
                names: vec!["human".into(), "random".into()],
                max_plies: DEFAULT_MAX_PLIES,
                warned: [false; 2],
                shows_four_scores: kind.shows_four_scores(),
                trace: None,
                program_time: Duration::from_secs(1),
                opening_config: EngineConfig::default(),
                swapped: false,
                opening_plies: 0,
            };
            let mut out = Output::new(Vec::new());
            let ended = game.run(1, &mut typed.as_bytes(), &mut out);
            prop_assert!(ended.is_ok(), "{}: {:?}", kind.name(), ended.err());
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_prompt_takes_or_refuses_any_line(lines in proptest::collection::vec(any::<String>(), 0..8)) {
            any_lines_are_taken_or_refused(&lines)?;
        }

        #[test]
        fn the_prompt_takes_or_refuses_move_like_lines(
            lines in proptest::collection::vec("[a-j]?[0-9]{0,3}(:[0-9]{0,21})?|undo|moves|pass|quit", 0..12)
        ) {
            any_lines_are_taken_or_refused(&lines)?;
        }
    }

    proptest! {
        // The long run: cargo test -p ply --bin ply -- --ignored long_
        #![proptest_config(ProptestConfig::with_cases(5_000))]
        #[test]
        #[ignore]
        fn long_the_prompt_takes_or_refuses_any_line(lines in proptest::collection::vec(any::<String>(), 0..30)) {
            any_lines_are_taken_or_refused(&lines)?;
        }
    }
}
