//! `ply play`: a game in the terminal between any mix of people and bots.

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::Context;
use ply_engine::{
    Bot, EngineConfig, GameError, GameKind, GameOptions, GameResult, PlayerSpec, Session, Side,
};

use crate::common::{EngineArgs, PositionArgs};
use crate::hints;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Who plays, first mover first: human, computer[:LEVEL], perfect,
    /// alphabeta:DEPTH, mcts:PLAYOUTS, heuristic, random, learner[:FILE].
    #[arg(long, value_delimiter = ',', default_value = "human,computer")]
    pub players: Vec<String>,
    /// Number of games to play in a row; the score is kept.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Maximum search depth of the computer (plies).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Who sits in a seat.
enum Seat {
    Human,
    Bot(Bot),
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: PlayArgs) -> anyhow::Result<()> {
    let specs = parse_players(&args.players)?;
    let mut session = args.position.session(kind, options)?;
    let config = args.engine.config(args.depth);
    let seats = make_seats(session.as_ref(), specs, &config)?;
    let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut output = io::stdout().lock();
    let mut game = Play {
        session: session.as_mut(),
        seats,
        config,
        colour,
        echo: !io::stdin().is_terminal(),
        names: args.players.clone(),
    };
    game.run(args.games, &mut input, &mut output)
        .context("writing to the terminal")
}

/// The two seats' specs, checked before anything is built.
fn parse_players(players: &[String]) -> Result<Vec<PlayerSpec>, GameError> {
    if players.len() != 2 {
        return Err(GameError::BadOption(format!(
            "--players needs exactly two players, first mover first (got {})",
            players.len()
        )));
    }
    players.iter().map(|text| text.parse()).collect()
}

fn make_seats(
    session: &dyn Session,
    specs: Vec<PlayerSpec>,
    config: &EngineConfig,
) -> Result<Vec<Seat>, GameError> {
    specs
        .into_iter()
        .enumerate()
        .map(|(i, spec)| match spec {
            PlayerSpec::Human => Ok(Seat::Human),
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
    config: EngineConfig,
    colour: bool,
    echo: bool,
    names: Vec<String>,
}

/// What the person at the prompt asked for.
enum Turn {
    Moved,
    /// Moves were taken back: whoever is to move now takes the turn.
    TookBack,
    Quit,
}

const HELP: &str = "Commands: a move (as shown in the board's coordinates), \
hint (every move's value), undo (take back to your previous turn), \
moves (the legal moves), help, quit.";

impl Play<'_> {
    fn run(&mut self, games: u32, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
        // Wins per seat, then draws.
        let mut score = [0u32; 3];
        for number in 1..=games {
            if number > 1 {
                self.session.restart();
                writeln!(out, "\nGame {number} of {games}")?;
            }
            writeln!(out, "{}", self.session.render(self.colour))?;
            let finished = self.play_one(input, out)?;
            if !finished {
                writeln!(out, "Game abandoned.")?;
                break;
            }
            let result = self.session.result();
            match result {
                Some(GameResult::Win(side)) => {
                    score[side.index()] += 1;
                    writeln!(
                        out,
                        "{} ({}) wins.",
                        self.session.side_name(side),
                        self.names[side.index()]
                    )?;
                }
                _ => {
                    score[2] += 1;
                    writeln!(out, "The game is a draw.")?;
                }
            }
            for (i, seat) in self.seats.iter_mut().enumerate() {
                if let Seat::Bot(bot) = seat {
                    let side = Side::BOTH[i];
                    if let Err(e) = self.session.game_over(bot, side) {
                        writeln!(out, "warning: {} could not record the game: {e}", bot.name)?;
                    }
                }
            }
            if games > 1 {
                writeln!(
                    out,
                    "Score after {number} game{}: {} {} - {} {}, draws {}",
                    if number == 1 { "" } else { "s" },
                    self.label(Side::First),
                    score[0],
                    self.label(Side::Second),
                    score[1],
                    score[2]
                )?;
            }
        }
        Ok(())
    }

    fn label(&self, side: Side) -> String {
        format!(
            "{} ({})",
            self.names[side.index()],
            self.session.side_name(side)
        )
    }

    /// Plays until the game ends (true) or the person quits or input ends (false).
    fn play_one(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<bool> {
        while self.session.result().is_none() {
            let side = self.session.to_move();
            if self.session.must_pass() {
                writeln!(
                    out,
                    "{} has no legal move and passes.",
                    self.session.side_name(side)
                )?;
                if let Some(pass) = self.session.legal_moves().first().cloned() {
                    if self.session.play(&pass).is_err() {
                        break;
                    }
                }
                writeln!(out, "{}", self.session.render(self.colour))?;
                continue;
            }
            match &mut self.seats[side.index()] {
                Seat::Bot(bot) => match self.session.bot_move(bot) {
                    Ok(report) => {
                        // Once the game is over the result line says it all.
                        let seen = report
                            .value
                            .filter(|_| self.session.result().is_none())
                            .map(|v| format!(": {}", hints::describe(&v)))
                            .unwrap_or_default();
                        writeln!(
                            out,
                            "{} plays {}{seen}",
                            self.session.side_name(side),
                            report.mv
                        )?;
                    }
                    Err(e) => {
                        writeln!(out, "error: {e}")?;
                        return Ok(false);
                    }
                },
                Seat::Human => match self.human_turn(side, input, out)? {
                    Turn::Moved => {}
                    Turn::TookBack => continue,
                    Turn::Quit => return Ok(false),
                },
            }
            writeln!(out, "{}", self.session.render(self.colour))?;
        }
        Ok(true)
    }

    fn human_turn(
        &mut self,
        side: Side,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> io::Result<Turn> {
        loop {
            write!(out, "{} to move> ", self.session.side_name(side))?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                return Ok(Turn::Quit);
            }
            if self.echo {
                // Piped input is not shown by a terminal: echo it so a
                // transcript reads like a session.
                writeln!(out, "{}", line.trim_end())?;
            }
            let text = line.trim();
            match text.to_ascii_lowercase().as_str() {
                "" => continue,
                "quit" | "exit" | "q" => return Ok(Turn::Quit),
                "help" | "?" => writeln!(out, "{HELP}")?,
                "moves" => writeln!(out, "Legal moves: {}", self.session.legal_moves().join(" "))?,
                "hint" => match self.session.analyze(&self.config) {
                    Ok(report) => write!(out, "{}", hints::format_report(&report))?,
                    Err(e) => writeln!(out, "No hint: {e}")?,
                },
                "undo" => {
                    if self.undo_to_human() {
                        writeln!(out, "Taken back.")?;
                        writeln!(out, "{}", self.session.render(self.colour))?;
                        return Ok(Turn::TookBack);
                    } else {
                        writeln!(out, "Nothing to undo.")?;
                    }
                }
                _ => match self.session.play(text) {
                    Ok(_) => return Ok(Turn::Moved),
                    Err(e) => writeln!(out, "Illegal: {e}. Type 'help' for help.")?,
                },
            }
        }
    }

    /// Takes back moves until it is a person's turn again, at least one
    /// move; changes nothing (false) when no earlier turn was a person's.
    fn undo_to_human(&mut self) -> bool {
        let mut probe = self.session.boxed_clone();
        let mut steps = 0;
        loop {
            if !probe.undo() {
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
