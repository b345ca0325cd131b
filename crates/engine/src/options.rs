//! Game options as a game declares them and as the user gave them.

use std::collections::BTreeMap;
use std::str::FromStr;

use crate::error::{GameError, OptionProblem};

/// A front end's command: what an option can apply to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Command {
    /// `ply play` in the terminal.
    Play,
    /// `ply solve`.
    Solve,
    /// `ply perft`.
    Perft,
    /// `ply tournament`.
    Tournament,
    /// `ply train`.
    Train,
    /// `ply bench`.
    Bench,
    /// The browser page of `ply serve`, which plays and shows values.
    Serve,
}

impl Command {
    /// Every command, for options that shape the game itself.
    pub const ALL: &'static [Command] = &[
        Command::Play,
        Command::Solve,
        Command::Perft,
        Command::Tournament,
        Command::Train,
        Command::Bench,
        Command::Serve,
    ];

    /// The command's name as the command line spells it (`solve`).
    pub fn name(self) -> &'static str {
        match self {
            Command::Play => "play",
            Command::Solve => "solve",
            Command::Perft => "perft",
            Command::Tournament => "tournament",
            Command::Train => "train",
            Command::Bench => "bench",
            Command::Serve => "serve",
        }
    }
}

/// What an option does beyond setting up the game, when a front end must
/// act on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OptionRole {
    /// Shapes the game or its output; the game reads it.
    Setting,
    /// Shows a played game as the game's transcript (one line a move)
    /// instead of the board: the menu turns it on for the games whose
    /// original program showed them so.
    Transcript,
    /// Sets the start position in the game's own words (Nim's heaps): the
    /// menu asks for it when it plays a game as its transcript.
    Start,
    /// Shapes the game so that the menu asks for it when the game is
    /// chosen (the (n,k) game's board size and k, as its original program
    /// asked); Enter keeps the default.
    Setup,
}

/// The values an option takes, for front ends that offer a control
/// instead of a text box (a number within limits, a choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum OptionValues {
    /// Any text the game reads (Nim's rows `1,2,3`), or an on/off flag.
    Text,
    /// A whole number from `min` to `max`; `step` apart (Othello's even
    /// sizes).
    Number {
        /// The smallest allowed.
        min: u32,
        /// The largest allowed.
        max: u32,
        /// The distance between allowed values.
        step: u32,
    },
    /// One of these words, the default first.
    Choice {
        /// The words, as the option takes them.
        choices: &'static [&'static str],
    },
}

/// One option a game accepts (`--size N`, `--misere`).
#[derive(Clone, Debug)]
pub struct OptionSpec {
    /// The long name on the command line and the key in the page's JSON.
    pub name: &'static str,
    /// Placeholder for the value, or `None` for a flag.
    pub value_name: Option<&'static str>,
    /// One line of help.
    pub help: &'static str,
    /// The commands the option acts on; front ends refuse it elsewhere
    /// (given to any other command it would do nothing).
    pub commands: &'static [Command],
    /// What a front end must do with it beyond handing it to the game.
    pub role: OptionRole,
    /// A few words for a form ("Rows", "In a row to win"); `None` shows
    /// the name.
    pub label: Option<&'static str>,
    /// The values it takes.
    pub values: OptionValues,
}

impl OptionSpec {
    /// An option with a value, for every command.
    pub const fn value(name: &'static str, value_name: &'static str, help: &'static str) -> Self {
        OptionSpec {
            name,
            value_name: Some(value_name),
            help,
            commands: Command::ALL,
            role: OptionRole::Setting,
            label: None,
            values: OptionValues::Text,
        }
    }

    /// An on/off option, for every command.
    pub const fn flag(name: &'static str, help: &'static str) -> Self {
        OptionSpec {
            name,
            value_name: None,
            help,
            commands: Command::ALL,
            role: OptionRole::Setting,
            label: None,
            values: OptionValues::Text,
        }
    }

    /// The same option with a label for forms.
    pub const fn labelled(self, label: &'static str) -> Self {
        OptionSpec {
            label: Some(label),
            ..self
        }
    }

    /// The same option, a whole number from `min` to `max`, `step` apart.
    pub const fn number(self, min: u32, max: u32, step: u32) -> Self {
        OptionSpec {
            values: OptionValues::Number { min, max, step },
            ..self
        }
    }

    /// The same option, one of `choices` (the default first).
    pub const fn choice(self, choices: &'static [&'static str]) -> Self {
        OptionSpec {
            values: OptionValues::Choice { choices },
            ..self
        }
    }

    /// The same option, acting on `commands` only.
    pub const fn only_for(self, commands: &'static [Command]) -> Self {
        OptionSpec { commands, ..self }
    }

    /// The same option in another role.
    pub const fn with_role(self, role: OptionRole) -> Self {
        OptionSpec { role, ..self }
    }

    /// True when the option acts on `command`.
    pub fn applies_to(&self, command: Command) -> bool {
        self.commands.contains(&command)
    }
}

/// The game options the user gave: values by option name, flags present.
#[derive(Clone, Debug, Default)]
pub struct GameOptions {
    values: BTreeMap<String, String>,
    flags: Vec<String>,
}

impl GameOptions {
    /// No options given.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same options with `name` set to `value` (replacing an earlier
    /// value).
    pub fn with_value(mut self, name: &str, value: &str) -> Self {
        self.values.insert(name.to_string(), value.to_string());
        self
    }

    /// The same options with the flag `name` present.
    pub fn with_flag(mut self, name: &str) -> Self {
        self.flags.push(name.to_string());
        self
    }

    /// The option's value as the user typed it, if given.
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// True when the flag `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The option's value parsed as `T`, with a clear error if it is not one.
    pub fn get<T: FromStr>(&self, name: &str) -> Result<Option<T>, GameError> {
        match self.raw(name) {
            None => Ok(None),
            Some(text) => text.trim().parse().map(Some).map_err(|_| {
                GameError::option(
                    name,
                    OptionProblem::NotValid {
                        value: text.to_string(),
                    },
                )
            }),
        }
    }
}
