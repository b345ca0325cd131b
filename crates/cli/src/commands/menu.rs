//! `ply` with no arguments: a menu of games, then who plays (you first or
//! second, two people choosing their sides, or the computer alone) and
//! which computer (the strongest, perfect, rule-based, or a level), then
//! the game.
//!
//! A game that declares a transcript option and a start option (Nim's
//! trace and heaps) is played as traced games: five games from the start
//! typed at the menu, each shown as its transcript, as the Nim request's
//! program plays them.

use std::io::{self, BufRead, IsTerminal, Write};

use ply_engine::{
    BotSpec, EngineConfig, GameKind, GameOptions, OptionRole, OptionSpec, PlayerSpec, Session,
};

use crate::commands::play::{self, PlayArgs, DEFAULT_MAX_PLIES};
use crate::common::{EngineArgs, PositionArgs};
use crate::input::{self, Line};
use crate::output::Output;
use ply_engine::echo;
use ply_registry as registry;

/// Games in a row when a game is played traced.
const TRACED_GAMES: u32 = 5;

/// Highest level offered (`computer:LEVEL`), as `--depth` allows.
const MAX_LEVEL: u32 = 64;

pub fn run() -> anyhow::Result<()> {
    let mut input = io::stdin().lock();
    let mut out = Output::stdout();
    let echo = !io::stdin().is_terminal();
    let setup = choose(&mut input, &mut out, echo)?;
    out.flush()?;
    // The game reads and writes through its own locks.
    drop((input, out));
    match setup {
        Some(setup) => play::run_named(setup.kind, &setup.options, setup.args, setup.names),
        None => Ok(()),
    }
}

/// What the menu settled.
struct Setup {
    kind: &'static dyn GameKind,
    options: GameOptions,
    args: PlayArgs,
    names: Vec<String>,
}

/// The menu's questions; `None` when the person quits or input ends.
fn choose<W: Write>(
    input: &mut dyn BufRead,
    out: &mut Output<W>,
    echo: bool,
) -> anyhow::Result<Option<Setup>> {
    let games = registry::games();
    let mut menu = Menu { input, out, echo };
    writeln!(
        menu.out,
        "ply: classic two-player games against a perfect or strong computer\n"
    )?;
    for (i, kind) in games.iter().enumerate() {
        writeln!(
            menu.out,
            "  {}) {:<10} {}",
            i + 1,
            kind.name(),
            kind.summary()
        )?;
    }
    let Some(kind) = menu.ask(
        "\nChoose a game (number or name, q to quit): ",
        None,
        |text| {
            text.parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| games.get(i).copied())
                .or_else(|| registry::find(text))
        },
    )?
    else {
        return Ok(None);
    };
    let declared = kind.options();
    let transcript = declared.iter().find(|o| o.role == OptionRole::Transcript);
    let start = declared.iter().find(|o| o.role == OptionRole::Start);
    let traced = transcript.is_some();
    let Some((options, mut session)) = menu.start(kind, transcript, start)? else {
        return Ok(None);
    };
    let depth = if kind.menu_asks_depth() {
        let Some(depth) = menu.depth()? else {
            return Ok(None);
        };
        depth
    } else {
        None
    };
    let first = session.side_name(ply_engine::Side::First);
    let second = session.side_name(ply_engine::Side::Second);
    writeln!(
        menu.out,
        "\n  1) you move first, as {first}\n  2) the computer moves first; you play {second}\n  \
         3) two people\n  4) watch the computer play itself"
    )?;
    let Some(who) = menu.ask("Who plays? [1] ", Some(1), |text| {
        text.parse::<u8>().ok().filter(|n| (1..=4).contains(n))
    })?
    else {
        return Ok(None);
    };
    let (players, names) = if who == 3 {
        let Some(a_first) = menu.ask(
            &format!("Person A, choose your side: 1) {first}, moves first  2) {second} [1] "),
            Some(true),
            |text| match text {
                "1" => Some(true),
                "2" => Some(false),
                _ => None,
            },
        )?
        else {
            return Ok(None);
        };
        let (a, b) = ("person A".to_string(), "person B".to_string());
        let names = if a_first { vec![a, b] } else { vec![b, a] };
        writeln!(
            menu.out,
            "{} plays {first} and moves first; {} plays {second}.",
            names[0], names[1]
        )?;
        (vec!["human".to_string(), "human".to_string()], names)
    } else {
        let Some(computer) = menu.computer(session.as_mut())? else {
            return Ok(None);
        };
        let players = match who {
            1 => vec!["human".to_string(), computer],
            2 => vec![computer, "human".to_string()],
            _ => vec![computer.clone(), computer],
        };
        (players.clone(), players)
    };
    let games = if traced { TRACED_GAMES } else { 1 };
    if traced {
        writeln!(
            menu.out,
            "\n{games} games, each shown as its transcript: one line a move."
        )?;
    }
    writeln!(
        menu.out,
        "(Type 'help' at the prompt for commands. More options: ply play {} --help)\n",
        kind.name()
    )?;
    let args = PlayArgs {
        players,
        games,
        depth,
        max_moves: DEFAULT_MAX_PLIES,
        position: PositionArgs { position: None },
        engine: EngineArgs {
            hash_mb: None,
            seed: Some(rand::random()),
            move_time_ms: None,
        },
    };
    Ok(Some(Setup {
        kind,
        options,
        args,
        names,
    }))
}

/// The questions' input and output.
struct Menu<'a, W: Write> {
    input: &'a mut dyn BufRead,
    out: &'a mut Output<W>,
    /// Piped answers are echoed so a transcript reads like a session.
    echo: bool,
}

impl<W: Write> Menu<'_, W> {
    /// The game's options and a session at its start. A game with a
    /// transcript and a start option (Nim) asks for its start, its
    /// notation's example by default (Nim's 1,2,3), and turns the trace on.
    fn start(
        &mut self,
        kind: &dyn GameKind,
        transcript: Option<&OptionSpec>,
        start: Option<&OptionSpec>,
    ) -> anyhow::Result<Option<(GameOptions, Box<dyn Session>)>> {
        let (Some(transcript), Some(start)) = (transcript, start) else {
            return self.set_up(kind, transcript);
        };
        let example = kind.position_notation().example;
        writeln!(self.out, "\nThe start: {}.", start.help)?;
        loop {
            let Some(typed) = self.ask(
                &format!("Start from [{example}] "),
                Some(example.to_string()),
                |text| Some(text.to_string()),
            )?
            else {
                return Ok(None);
            };
            let options = GameOptions::new()
                .with_value(start.name, &typed)
                .with_flag(transcript.name);
            match kind.new_session(&options) {
                Ok(session) => return Ok(Some((options, session))),
                Err(error) => {
                    let message = crate::output::game_error(&error);
                    writeln!(self.out, "Refused: {}.", echo::escaped(&message))?
                }
            }
        }
    }

    /// The game's options and a session, asking for each option the game
    /// declares for setting up (the (n,k) game's size and k; Enter keeps
    /// the default) until the game accepts them.
    fn set_up(
        &mut self,
        kind: &dyn GameKind,
        transcript: Option<&OptionSpec>,
    ) -> anyhow::Result<Option<(GameOptions, Box<dyn Session>)>> {
        let questions: Vec<OptionSpec> = kind
            .options()
            .into_iter()
            .filter(|o| o.role == OptionRole::Setup && o.value_name.is_some())
            .collect();
        loop {
            let mut options = GameOptions::new();
            if let Some(transcript) = transcript {
                options = options.with_flag(transcript.name);
            }
            for question in &questions {
                let Some(typed) = self.ask(
                    &format!(
                        "{} {}: {} [Enter: the default] ",
                        question.name,
                        question.value_name.unwrap_or_default(),
                        question.help
                    ),
                    Some(String::new()),
                    |text| Some(text.to_string()),
                )?
                else {
                    return Ok(None);
                };
                if !typed.is_empty() {
                    options = options.with_value(question.name, &typed);
                }
            }
            match kind.new_session(&options) {
                Ok(session) => return Ok(Some((options, session))),
                Err(error) if !questions.is_empty() => {
                    let message = crate::output::game_error(&error);
                    writeln!(self.out, "Refused: {}.", echo::escaped(&message))?
                }
                Err(error) => return Err(error.into()),
            }
        }
    }

    /// The depth limit, for games whose menu asks for it: plies the
    /// computer looks ahead (moves beyond are undecided), Enter for none.
    fn depth(&mut self) -> anyhow::Result<Option<Option<u32>>> {
        self.ask(
            &format!(
                "Depth limit: plies the computer looks ahead, 1-{} (Enter for none: it plays \
                 its strongest) ",
                crate::limits::MAX_DEPTH
            ),
            Some(None),
            |text| crate::limits::parse_depth(text).ok().map(Some),
        )
    }

    /// Which computer plays, as a player spec; one that cannot play this
    /// game (Othello's perfect player from the start) is refused here.
    fn computer(&mut self, session: &mut dyn Session) -> anyhow::Result<Option<String>> {
        writeln!(
            self.out,
            "\n  1) the strongest (perfect where the game is solved)\n  2) perfect\n  \
             3) rule-based: the game's rules of thumb (on tic-tac-toe: win, \
             block, then preferred squares)\n  4) a level (computer:LEVEL; on \
             tic-tac-toe and m,n,k the search depth)\n  5) a learner: it starts knowing \
             nothing and learns from every game (--players human,learner:FILE keeps \
             what it learned)"
        )?;
        loop {
            let Some(choice) = self.ask("Which computer? [1] ", Some(1), |text| {
                text.parse::<u8>().ok().filter(|n| (1..=5).contains(n))
            })?
            else {
                return Ok(None);
            };
            let spec = match choice {
                1 => "computer".to_string(),
                2 => "perfect".to_string(),
                3 => "heuristic".to_string(),
                5 => "learner".to_string(),
                _ => {
                    let Some(level) =
                        self.ask(&format!("Level (1 to {MAX_LEVEL}): "), None, |t| {
                            t.parse::<u32>()
                                .ok()
                                .filter(|n| (1..=MAX_LEVEL).contains(n))
                        })?
                    else {
                        return Ok(None);
                    };
                    format!("computer:{level}")
                }
            };
            let probe = EngineConfig {
                hash_mb: 1,
                ..EngineConfig::default()
            };
            let bot = match spec.parse::<PlayerSpec>() {
                Ok(PlayerSpec::Bot(bot)) => bot,
                _ => BotSpec::Computer(None),
            };
            match session.new_bot(&bot, &probe) {
                Ok(probe) => {
                    session.drop_bot(probe);
                    return Ok(Some(spec));
                }
                Err(error) => writeln!(
                    self.out,
                    "Not available here: {}.",
                    echo::escaped(&crate::output::game_error(&error))
                )?,
            }
        }
    }

    /// Asks until `parse` accepts the answer (an empty answer takes
    /// `default` when there is one); `None` on quit or end of input.
    fn ask<T>(
        &mut self,
        prompt: &str,
        default: Option<T>,
        parse: impl Fn(&str) -> Option<T>,
    ) -> anyhow::Result<Option<T>> {
        let mut default = default;
        loop {
            write!(self.out, "{prompt}")?;
            self.out.flush()?;
            let text = match input::read_line(self.input)? {
                Line::End => {
                    writeln!(self.out)?;
                    return Ok(None);
                }
                Line::NotText => {
                    writeln!(self.out, "Refused: {}.", input::NOT_TEXT)?;
                    continue;
                }
                Line::Text(text) => text,
            };
            if self.echo {
                writeln!(self.out, "{}", echo::escaped(text.trim_end()))?;
            }
            let text = text.trim();
            if text.is_empty() {
                match default.take() {
                    Some(value) => return Ok(Some(value)),
                    None => continue,
                }
            }
            if matches!(text, "q" | "quit" | "exit") {
                return Ok(None);
            }
            match parse(text) {
                Some(value) => return Ok(Some(value)),
                None => writeln!(
                    self.out,
                    "'{}' is not one of the choices.",
                    echo::shown(text)
                )?,
            }
        }
    }
}
