//! `ply`: classic two-player board games with perfect and strong computer
//! opponents. The binary is a thin front end over the engine and game crates.

// The doc comments on argument structs are clap's help text, written for the
// terminal (`computer[:LEVEL]`), not rustdoc links.
#![allow(rustdoc::broken_intra_doc_links)]

mod cli;
mod commands;
mod common;
mod grammar;
mod hints;
mod input;
mod interrupt;
mod limits;
mod output;
mod progress;
mod proof;

use std::io::Write;
use std::process::ExitCode;

use clap::{ArgMatches, Command, FromArgMatches};

use crate::commands::{bench, perft, play, serve, solve, tournament, train};
use ply_engine::Command as GameCommand;

pub(crate) fn command() -> Command {
    Command::new("ply")
        .about("Classic two-player board games with perfect and strong computer opponents")
        .long_about(
            "Classic two-player board games with perfect and strong computer opponents.\n\
             Run `ply` alone for a menu of games.",
        )
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand(cli::with_games::<play::PlayArgs>(
            Command::new("play").about("Play a game in the terminal"),
        ))
        .subcommand(cli::with_games::<solve::SolveArgs>(
            Command::new("solve").about("Value of a position and of every move"),
        ))
        .subcommand(cli::with_games::<perft::PerftArgs>(
            Command::new("perft").about("Count the move sequences of the game tree to a depth"),
        ))
        .subcommand(cli::with_games::<tournament::TournamentArgs>(
            Command::new("tournament").about("Round robin between bots"),
        ))
        .subcommand(cli::with_games::<train::TrainArgs>(
            Command::new("train").about("Train a learner bot and show its learning curve"),
        ))
        .subcommand(cli::with_games::<bench::BenchArgs>(
            Command::new("bench").about("Run a game's benchmark"),
        ))
        .subcommand(Command::new("games").about("List the games, their options and notations"))
        .subcommand(
            <commands::task::TaskCommand as clap::Subcommand>::augment_subcommands(
                Command::new("task")
                    .about("Run, merge and schedule the task sets of `ply solve ... --split DIR`")
                    .subcommand_required(true),
            ),
        )
        .subcommand(
            // The process a contest entry runs in, started by `ply
            // tournament` for a game with contest entries; not for people.
            Command::new("entry-host")
                .hide(true)
                .arg(clap::Arg::new("game").required(true))
                .arg(
                    clap::Arg::new("library")
                        .required(true)
                        .value_parser(clap::value_parser!(std::path::PathBuf)),
                ),
        )
        .subcommand(<serve::ServeArgs as clap::Args>::augment_args(
            Command::new("serve")
                .about("Play and analyse in the browser: a web page and a JSON API"),
        ))
        .subcommand(<commands::nboard::NboardArgs as clap::Args>::augment_args(
            Command::new("nboard").about("Othello engine over the NBoard protocol on stdin/stdout"),
        ))
        .subcommand(<commands::gtp::GtpArgs as clap::Args>::augment_args(
            Command::new("gtp")
                .about("Othello engine over the Go Text Protocol (GTP) on stdin/stdout"),
        ))
        .subcommand(
            <commands::gomocup::GomocupArgs as clap::Args>::augment_args(
                Command::new("gomocup")
                    .about("Gomoku engine over the Gomocup (piskvork) protocol on stdin/stdout"),
            ),
        )
}

/// Runs `run` with the game, its options and the arguments of `command`.
fn with_game<A: FromArgMatches>(
    command: ply_engine::Command,
    matches: &ArgMatches,
    run: impl FnOnce(&dyn ply_engine::GameKind, &ply_engine::GameOptions, A) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let (kind, options, args) = cli::game_and_args::<A>(command, matches)?;
    run(kind, &options, args)
}

/// Prints the help or version text clap returned in place of matches:
/// clap's own `exit` ignores a failed write and exits 0, and a help that
/// did not reach a full disk must say so as every other failed write does.
fn print_help_or_version(shown: &clap::Error) -> anyhow::Result<()> {
    shown
        .print()
        .and_then(|()| std::io::stdout().flush())
        .map_err(|e| anyhow::anyhow!("cannot write to standard output: {e}"))
}

/// Turns a clap error into the one-line message of the command-line
/// contract (help and version requests are not errors: see [`run`]).
fn one_line_usage_error(error: clap::Error) -> anyhow::Error {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            let games: Vec<&str> = ply_registry::games().iter().map(|g| g.name()).collect();
            anyhow::anyhow!("name a game: {} (see ply --help)", games.join(", "))
        }
        _ => {
            let message = quoting_typed_text(&error).unwrap_or_else(|| {
                // The message is the first paragraph; usage and tips follow it.
                let text = error.to_string();
                let lines: Vec<&str> = text
                    .lines()
                    .take_while(|line| !line.trim().is_empty())
                    .map(str::trim)
                    .collect();
                lines.join(" ").trim_start_matches("error: ").to_string()
            });
            anyhow::anyhow!("{} (see --help)", ply_engine::echo::escaped(&message))
        }
    }
}

/// clap's message for the errors that quote what the user typed, with the
/// quotation cut and escaped as every message shows user text.
fn quoting_typed_text(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let typed = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(ply_engine::echo::shown(text)),
        _ => None,
    };
    match error.kind() {
        ErrorKind::InvalidSubcommand => typed(ContextKind::InvalidSubcommand)
            .map(|name| format!("unrecognized subcommand '{name}'")),
        ErrorKind::UnknownArgument => {
            typed(ContextKind::InvalidArg).map(|arg| format!("unexpected argument '{arg}' found"))
        }
        ErrorKind::ValueValidation => {
            let value = typed(ContextKind::InvalidValue)?;
            let arg = typed(ContextKind::InvalidArg)?;
            let reason = std::error::Error::source(error)?;
            Some(format!("invalid value '{value}' for '{arg}': {reason}"))
        }
        _ => None,
    }
}

fn run() -> anyhow::Result<()> {
    use clap::error::ErrorKind;
    let matches = match command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            return print_help_or_version(&e);
        }
        Err(e) => return Err(one_line_usage_error(e)),
    };
    match matches.subcommand() {
        Some(("play", m)) => with_game(GameCommand::Play, m, play::run),
        Some(("solve", m)) => with_game(GameCommand::Solve, m, solve::run),
        Some(("perft", m)) => with_game(GameCommand::Perft, m, perft::run),
        Some(("tournament", m)) => with_game(GameCommand::Tournament, m, tournament::run),
        Some(("train", m)) => with_game(GameCommand::Train, m, train::run),
        Some(("bench", m)) => with_game(GameCommand::Bench, m, bench::run),
        Some(("games", _)) => commands::games::run(),
        Some(("task", m)) => commands::task::run(
            <commands::task::TaskCommand as FromArgMatches>::from_arg_matches(m)
                .map_err(|e| anyhow::anyhow!(e.to_string()))?,
        ),
        Some(("entry-host", m)) => {
            let (Some(game), Some(library)) = (
                m.get_one::<String>("game"),
                m.get_one::<std::path::PathBuf>("library"),
            ) else {
                anyhow::bail!("entry-host needs a game and a library");
            };
            let host = ply_registry::find(game)
                .and_then(ply_registry::entry_host)
                .ok_or_else(|| {
                    anyhow::anyhow!("no game with contest entries is called '{game}'")
                })?;
            Ok(host.serve(library)?)
        }
        Some(("serve", m)) => serve::run(
            serve::ServeArgs::from_arg_matches(m).map_err(|e| anyhow::anyhow!(e.to_string()))?,
        ),
        Some(("gomocup", m)) => commands::gomocup::run(
            commands::gomocup::GomocupArgs::from_arg_matches(m)
                .map_err(|e| anyhow::anyhow!(e.to_string()))?,
        ),
        Some(("gtp", m)) => commands::gtp::run(
            commands::gtp::GtpArgs::from_arg_matches(m)
                .map_err(|e| anyhow::anyhow!(e.to_string()))?,
        ),
        Some(("nboard", m)) => commands::nboard::run(
            commands::nboard::NboardArgs::from_arg_matches(m)
                .map_err(|e| anyhow::anyhow!(e.to_string()))?,
        ),
        _ => commands::menu::run(),
    }
}

/// Lets `ply ... | head` end quietly: by default Rust ignores SIGPIPE and
/// then reports the failed write; the default disposition just ends us.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: `signal` is called once, first thing in `main`, before any
    // thread exists, with a valid signal number and the default handler
    // constant: nothing else can observe or race with the change.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    restore_sigpipe();
    interrupt::install();
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // One line whatever the causes say; if stderr is gone too,
            // the exit code is all that is left to say it.
            let message = ply_engine::echo::escaped(&output::error_message(&error));
            let _ = writeln!(std::io::stderr(), "ply: {message}");
            ExitCode::from(2)
        }
    }
}
