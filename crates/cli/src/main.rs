//! `ply`: classic two-player board games with perfect and strong computer
//! opponents. The binary is a thin front end over the engine and game crates.

mod cli;
mod commands;
mod common;
mod registry;

use std::process::ExitCode;

use clap::Command;

use crate::commands::{tournament, train};

fn command() -> Command {
    let root = Command::new("ply")
        .about("Classic two-player board games with perfect and strong computer opponents")
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand(Command::new("games").about("List the games and their options"));
    let root = root.subcommand(cli::with_games::<tournament::TournamentArgs>(
        Command::new("tournament").about("Round robin between bots"),
    ));
    root.subcommand(cli::with_games::<train::TrainArgs>(
        Command::new("train").about("Train a learner bot and show its learning curve"),
    ))
}

fn run() -> anyhow::Result<()> {
    let matches = command().try_get_matches().unwrap_or_else(|e| e.exit());
    match matches.subcommand() {
        Some(("tournament", m)) => {
            let (kind, options, args) = cli::game_and_args::<tournament::TournamentArgs>(m)?;
            tournament::run(kind, &options, args)
        }
        Some(("train", m)) => {
            let (kind, options, args) = cli::game_and_args::<train::TrainArgs>(m)?;
            train::run(kind, &options, args)
        }
        Some(("games", _)) => commands::games::run(),
        _ => commands::games::run(),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ply: {error}");
            ExitCode::from(2)
        }
    }
}
