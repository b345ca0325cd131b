//! `ply` with no arguments: a menu of games, then a game against the computer.

use std::io::{self, BufRead};

use ply_engine::GameOptions;

use crate::commands::play::{self, PlayArgs, DEFAULT_MAX_PLIES};
use crate::common::{EngineArgs, PositionArgs};
use crate::input::{self, Line};
use crate::output::Output;
use crate::registry;
use ply_engine::echo;

pub fn run() -> anyhow::Result<()> {
    let games = registry::games();
    let mut input = io::stdin().lock();
    let mut out = Output::stdout();
    writeln!(
        out,
        "ply: classic two-player games against a perfect or strong computer\n"
    )?;
    for (i, kind) in games.iter().enumerate() {
        writeln!(out, "  {}) {:<10} {}", i + 1, kind.name(), kind.summary())?;
    }
    let Some(choice) = ask(
        &mut input,
        &mut out,
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
    writeln!(
        out,
        "\n  1) you move first\n  2) the computer moves first\n  3) two people\n  4) watch the computer play itself"
    )?;
    let Some(players) = ask(&mut input, &mut out, "Who plays? ", |text| match text {
        "1" => Some("human,computer"),
        "2" => Some("computer,human"),
        "3" => Some("human,human"),
        "4" => Some("computer,computer"),
        _ => None,
    })?
    else {
        return Ok(());
    };
    let args = PlayArgs {
        players: players.split(',').map(String::from).collect(),
        games: 1,
        depth: None,
        max_moves: DEFAULT_MAX_PLIES,
        position: PositionArgs { position: None },
        engine: EngineArgs {
            hash_mb: None,
            seed: Some(rand::random()),
            move_time_ms: None,
        },
    };
    writeln!(
        out,
        "(Type 'help' at the prompt for commands. More options: ply play {} --help)\n",
        choice.name()
    )?;
    out.flush()?;
    // The game reads and writes through its own locks.
    drop((input, out));
    play::run(choice, &GameOptions::new(), args)
}

/// Asks until `parse` accepts the answer; `None` on quit or end of input.
fn ask<T>(
    input: &mut dyn BufRead,
    out: &mut Output,
    prompt: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> anyhow::Result<Option<T>> {
    loop {
        write!(out, "{prompt}")?;
        out.flush()?;
        let text = match input::read_line(input)? {
            Line::End => {
                writeln!(out)?;
                return Ok(None);
            }
            Line::NotText => {
                writeln!(out, "Refused: {}.", input::NOT_TEXT)?;
                continue;
            }
            Line::Text(text) => text,
        };
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        if matches!(text, "q" | "quit" | "exit") {
            return Ok(None);
        }
        match parse(text) {
            Some(value) => return Ok(Some(value)),
            None => writeln!(out, "'{}' is not one of the choices.", echo::shown(text))?,
        }
    }
}
