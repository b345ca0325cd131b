//! `ply`: classic two-player board games with perfect and strong computer
//! opponents. The binary is a thin front end over the engine and game crates.

// The doc comments on argument structs are clap's help text, written for the
// terminal (`computer[:LEVEL]`), not rustdoc links.
#![allow(rustdoc::broken_intra_doc_links)]

mod cli;
mod commands;
mod common;
mod hints;
mod registry;

use std::process::ExitCode;

use clap::{ArgMatches, Command, FromArgMatches};

use crate::commands::{bench, perft, play, solve, tournament, train};

fn command() -> Command {
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
        .subcommand(Command::new("games").about("List the games and their options"))
}

/// Runs `run` with the game, its options and the command's arguments.
fn with_game<A: FromArgMatches>(
    matches: &ArgMatches,
    run: impl FnOnce(&dyn ply_engine::GameKind, &ply_engine::GameOptions, A) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let (kind, options, args) = cli::game_and_args::<A>(matches)?;
    run(kind, &options, args)
}

/// Turns a clap error into the one-line message of the command-line
/// contract; help and version requests still print and exit 0.
fn one_line_usage_error(error: clap::Error) -> anyhow::Error {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => error.exit(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            let games: Vec<&str> = registry::games().iter().map(|g| g.name()).collect();
            anyhow::anyhow!("name a game: {} (see ply --help)", games.join(", "))
        }
        _ => {
            // The message is the first paragraph; usage and tips follow it.
            let text = error.to_string();
            let message: Vec<&str> = text
                .lines()
                .take_while(|line| !line.trim().is_empty())
                .map(str::trim)
                .collect();
            let message = message.join(" ");
            anyhow::anyhow!("{} (see --help)", message.trim_start_matches("error: "))
        }
    }
}

fn run() -> anyhow::Result<()> {
    let matches = command().try_get_matches().map_err(one_line_usage_error)?;
    match matches.subcommand() {
        Some(("play", m)) => with_game(m, play::run),
        Some(("solve", m)) => with_game(m, solve::run),
        Some(("perft", m)) => with_game(m, perft::run),
        Some(("tournament", m)) => with_game(m, tournament::run),
        Some(("train", m)) => with_game(m, train::run),
        Some(("bench", m)) => with_game(m, bench::run),
        Some(("games", _)) => commands::games::run(),
        _ => commands::menu::run(),
    }
}

/// Lets `ply ... | head` end quietly: by default Rust ignores SIGPIPE and
/// then panics on the failed write; the default disposition just ends us.
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
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ply: {error:#}");
            ExitCode::from(2)
        }
    }
}
