//! Outside engine programs the server's owner names (`ply serve --engine
//! NAME=pbrain:CMD`): offered in the page's player list under their names,
//! each started as a process of its own for a game that picks it. A client
//! only ever names one; a command it sends (`pbrain:...`) is refused, so no
//! client can make the server run a program.

use ply_engine::arena::entry::EntryHost;
use ply_engine::{EngineProgram, EngineProtocol, GameKind};

/// Which game plays which outside engines: the registry's knowledge.
pub type HostOf = fn(&dyn GameKind) -> Option<&'static dyn EntryHost>;

/// The protocols the engines of a game speak (none for most games).
pub type ProtocolsOf = fn(&dyn GameKind) -> &'static [EngineProtocol];

/// The engines the owner configured, and how the games start them.
#[derive(Clone)]
pub struct OutsideEngines {
    named: Vec<(String, EngineProgram)>,
    host_of: HostOf,
    protocols_of: ProtocolsOf,
}

impl std::fmt::Debug for OutsideEngines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutsideEngines")
            .field("named", &self.named)
            .finish_non_exhaustive()
    }
}

fn no_host(_: &dyn GameKind) -> Option<&'static dyn EntryHost> {
    None
}

fn no_protocols(_: &dyn GameKind) -> &'static [EngineProtocol] {
    &[]
}

impl Default for OutsideEngines {
    fn default() -> Self {
        OutsideEngines {
            named: Vec::new(),
            host_of: no_host,
            protocols_of: no_protocols,
        }
    }
}

/// The longest engine name.
const MAX_NAME: usize = 32;

impl OutsideEngines {
    /// No engines: what a server offers unless its owner names some.
    pub fn none() -> Self {
        Self::default()
    }

    /// The engines `named` (name, program), started by the hosts `host_of`
    /// finds for the games whose protocols `protocols_of` lists. A name
    /// must be short letters, digits, `-`, `_` or `.`, unique, and not a
    /// player spec of its own (`random`, `computer:3`).
    pub fn new(
        named: Vec<(String, EngineProgram)>,
        host_of: HostOf,
        protocols_of: ProtocolsOf,
    ) -> Result<Self, String> {
        for (i, (name, _)) in named.iter().enumerate() {
            let fits = !name.is_empty()
                && name.len() <= MAX_NAME
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
            if !fits {
                return Err(format!(
                    "engine name '{}': use up to {MAX_NAME} letters, digits, '-', '_' or '.'",
                    ply_engine::echo::shown_within(name, 40)
                ));
            }
            if name.parse::<ply_engine::PlayerSpec>().is_ok() {
                return Err(format!(
                    "engine name '{name}' is a player already: choose another"
                ));
            }
            if named[..i].iter().any(|(other, _)| other == name) {
                return Err(format!("engine name '{name}' is given twice"));
            }
        }
        Ok(OutsideEngines {
            named,
            host_of,
            protocols_of,
        })
    }

    /// The program called `name`, if the owner named one so.
    pub fn program(&self, name: &str) -> Option<&EngineProgram> {
        self.named
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, program)| program)
    }

    /// The name `program` is offered under.
    pub fn name_of(&self, program: &EngineProgram) -> Option<&str> {
        self.named
            .iter()
            .find(|(_, p)| p == program)
            .map(|(name, _)| name.as_str())
    }

    /// Whether `kind` can play `program`: its game speaks the protocol.
    pub fn plays(&self, kind: &dyn GameKind, program: &EngineProgram) -> bool {
        (self.protocols_of)(kind).contains(&program.protocol) && (self.host_of)(kind).is_some()
    }

    /// The names of the engines `kind` can play, in the owner's order.
    pub fn names_for(&self, kind: &dyn GameKind) -> Vec<String> {
        self.named
            .iter()
            .filter(|(_, program)| self.plays(kind, program))
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// What starts `kind`'s engines.
    pub fn host(&self, kind: &dyn GameKind) -> Option<&'static dyn EntryHost> {
        (self.host_of)(kind)
    }
}
