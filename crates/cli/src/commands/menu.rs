//! `ply` with no arguments: a menu of games, then a game against the computer.

use std::io::{self, BufRead, Write};

use ply_engine::GameOptions;

use crate::commands::play::{self, PlayArgs};
use crate::common::{EngineArgs, PositionArgs};
use crate::registry;

pub fn run() -> anyhow::Result<()> {
    let games = registry::games();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    println!("ply: classic two-player games against a perfect or strong computer\n");
    for (i, kind) in games.iter().enumerate() {
        println!("  {}) {:<10} {}", i + 1, kind.name(), kind.summary());
    }
    let Some(choice) = ask(
        &mut input,
        "\nChoose a game (number or name, q to quit): ",
        |text| {
            text.parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| games.get(i).copied())
                .or_else(|| registry::find(text))
        },
    )?
    else {
        return Ok(());
    };
    println!("\n  1) you move first\n  2) the computer moves first\n  3) two people\n  4) watch the computer play itself");
    let Some(players) = ask(&mut input, "Who plays? ", |text| match text {
        "1" => Some("human,computer"),
        "2" => Some("computer,human"),
        "3" => Some("human,human"),
        "4" => Some("computer,computer"),
        _ => None,
    })?
    else {
        return Ok(());
    };
    drop(input);
    let args = PlayArgs {
        players: players.split(',').map(String::from).collect(),
        games: 1,
        depth: None,
        position: PositionArgs { position: None },
        engine: EngineArgs {
            hash_mb: 64,
            seed: rand::random(),
            move_time_ms: None,
        },
    };
    println!(
        "(Type 'help' at the prompt for commands. More options: ply play {} --help)\n",
        choice.name()
    );
    play::run(choice, &GameOptions::new(), args)
}

/// Asks until `parse` accepts the answer; `None` on quit or end of input.
fn ask<T>(
    input: &mut dyn BufRead,
    prompt: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> io::Result<Option<T>> {
    loop {
        print!("{prompt}");
        io::stdout().flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            println!();
            return Ok(None);
        }
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if matches!(text, "q" | "quit" | "exit") {
            return Ok(None);
        }
        match parse(text) {
            Some(value) => return Ok(Some(value)),
            None => println!("'{text}' is not one of the choices."),
        }
    }
}
