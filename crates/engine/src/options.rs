//! Game options as a game declares them and as the user gave them.

use std::collections::BTreeMap;
use std::str::FromStr;

use crate::error::{GameError, OptionProblem};

/// One option a game accepts (`--size N`, `--misere`).
#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    /// Placeholder for the value, or `None` for a flag.
    pub value_name: Option<&'static str>,
    pub help: &'static str,
}

impl OptionSpec {
    pub const fn value(name: &'static str, value_name: &'static str, help: &'static str) -> Self {
        OptionSpec {
            name,
            value_name: Some(value_name),
            help,
        }
    }

    pub const fn flag(name: &'static str, help: &'static str) -> Self {
        OptionSpec {
            name,
            value_name: None,
            help,
        }
    }
}

/// The game options the user gave: values by option name, flags present.
#[derive(Clone, Debug, Default)]
pub struct GameOptions {
    values: BTreeMap<String, String>,
    flags: Vec<String>,
}

impl GameOptions {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_value(mut self, name: &str, value: &str) -> Self {
        self.values.insert(name.to_string(), value.to_string());
        self
    }

    pub fn with_flag(mut self, name: &str) -> Self {
        self.flags.push(name.to_string());
        self
    }

    pub fn raw(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

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
