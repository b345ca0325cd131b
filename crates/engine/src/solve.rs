//! The typed seam of `ply solve` between a game and the front ends: what a
//! front end asks ([`SolveRequest`]) and what a game's own solve answers
//! ([`SolveOutput`]). Games never format an answer for a front end; each
//! front end words or serialises these values itself.

use std::time::Duration;

use crate::config::EngineConfig;
use crate::game::Side;
use crate::report::Report;
use crate::value::Value;

/// A solve as a front end asks for it: the engine's settings, typed (the
/// depth limit and the time budget are in `config`).
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    /// Table size, depth limit, time budget.
    pub config: EngineConfig,
}

/// What a game's own solve answers, when it is not the plain analysis.
#[derive(Clone, Debug)]
pub enum SolveOutput {
    /// The shared report: the position's value and every move's.
    Report(Report),
    /// A proof search's answer: the position's value only, and its cost.
    Proof(ProofReport),
    /// A listing in the game's own notation that has no other shape (Nim's
    /// marked game tree): printed as it is, never as JSON.
    Listing(Listing),
}

/// A listing and the form it is written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The lines, each ending in a newline.
    pub text: String,
    /// Plain text, or a Graphviz drawing.
    pub format: ListingFormat,
}

/// The form of a [`Listing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListingFormat {
    /// Lines for people.
    Text,
    /// A Graphviz `digraph`.
    Graphviz,
}

/// A proof search's answer: the value of the position for the side to
/// move (not each move's), what the proof cost, and, when the budget ran
/// out first, what it did settle.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofReport {
    /// The game's variant as the game writes it (`(5,5,4)`).
    pub variant: String,
    /// The position in the game's notation; empty at the start.
    pub position: String,
    /// Who is to move.
    pub to_move: Side,
    /// The side to move as the game calls it.
    pub to_move_name: String,
    /// The proved value (no remoteness), or unknown with the position's
    /// heuristic score for the side to move.
    pub value: Value,
    /// Positions searched.
    pub nodes: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// The search method, in words (`depth-first proof-number search`).
    pub method: String,
    /// Sides proved unable to force a win, when no value was proved.
    pub cannot_win: Vec<Side>,
    /// Why the search stopped without a value, if it did.
    pub stopped: Option<ProofStop>,
    /// Which setting bounded the search's time.
    pub budget: ProofBudget,
}

/// Why a proof search stopped without a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofStop {
    /// The node budget ran out.
    Nodes(u64),
    /// The time budget ran out.
    Time(Duration),
    /// The user interrupted it ([`crate::interrupt`]).
    Interrupted,
}

/// Which setting bounded a proof search's time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofBudget {
    /// The engine's time budget of one search (the command line's move time).
    MoveTime,
    /// The game's own proof-time option (or its default).
    ProofTime,
}
