//! Whole games in the formats other programs read and write (GGF for
//! Othello, the Gomocup `BOARD` text for k in a row): a game declares the
//! formats it has, writes its start and moves in one, and reads them back.

/// A format a game's records can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RecordFormat {
    /// Its short name, as front ends ask for it (`GGF`).
    pub name: &'static str,
    /// What it is and who reads it, in a few words.
    pub about: &'static str,
}

/// A game read from a record: where it starts and the moves played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The start in the game's position notation, when the record gives
    /// one (else the game's start at its options).
    pub start: Option<String>,
    /// The moves in the game's notation, passes included.
    pub moves: Vec<String>,
}
