//! Every game ply knows, in menu order: the one list the command line, the
//! web server and their tests share. Adding a game is one line here.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use ply_engine::arena::entry::EntryHost;
use ply_engine::{EngineProtocol, GameKind};

/// The registered games, in menu order.
pub fn games() -> Vec<&'static dyn GameKind> {
    vec![
        &ply_mnk::TICTACTOE,
        &ply_mnk::MNK,
        &ply_nim::NIM,
        &ply_trilite::TRILITE,
        &ply_othello::OTHELLO,
    ]
}

/// What runs the players of `kind` that are not bots of this process, if
/// its game has them: Trilite's contest entries (C libraries with the
/// game's interface), Othello's engine programs (over GTP or NBoard) and
/// Gomoku's (Gomocup engines, on the (m,n,k) game), each in a process of
/// its own.
pub fn entry_host(kind: &dyn GameKind) -> Option<&'static dyn EntryHost> {
    let trilite: &dyn GameKind = &ply_trilite::TRILITE;
    let othello: &dyn GameKind = &ply_othello::OTHELLO;
    let mnk: &dyn GameKind = &ply_mnk::MNK;
    if kind.name() == trilite.name() {
        Some(&ply_contest::TRILITE_ENTRIES)
    } else if kind.name() == othello.name() {
        Some(&ply_external::OTHELLO_ENGINES)
    } else if kind.name() == mnk.name() {
        Some(&ply_external::GOMOKU_ENGINES)
    } else {
        None
    }
}

/// The protocols of the engine programs `kind` plays (the hosts of
/// [`entry_host`] start them): GTP and NBoard for Othello, the Gomocup
/// protocol for the (m,n,k) game's Gomoku; none for the others.
pub fn program_protocols(kind: &dyn GameKind) -> &'static [EngineProtocol] {
    let othello: &dyn GameKind = &ply_othello::OTHELLO;
    let mnk: &dyn GameKind = &ply_mnk::MNK;
    if kind.name() == othello.name() {
        &[EngineProtocol::Gtp, EngineProtocol::Nboard]
    } else if kind.name() == mnk.name() {
        &[EngineProtocol::Pbrain]
    } else {
        &[]
    }
}

/// The game called `name` (any case).
pub fn find(name: &str) -> Option<&'static dyn GameKind> {
    games()
        .into_iter()
        .find(|g| g.name().eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use ply_engine::conformance::{check_session, SessionCheck};
    use ply_engine::{EngineConfig, GameOptions};

    use super::games;

    /// The first few legal moves of every game's start, each game's moves
    /// being another notation for the others.
    fn every_start_move() -> Vec<String> {
        let mut moves = Vec::new();
        for kind in games() {
            let session = kind
                .new_session(&GameOptions::new())
                .expect("every game starts with its default options");
            moves.extend(session.legal_moves().into_iter().take(4));
        }
        moves
    }

    #[test]
    fn every_registered_game_passes_the_session_conformance_checks() {
        let foreign_moves = every_start_move();
        for kind in games() {
            let check = SessionCheck {
                options: GameOptions::new(),
                config: EngineConfig {
                    hash_mb: 4,
                    move_time: Some(Duration::from_millis(5)),
                    ..EngineConfig::default()
                },
                games: 2,
                max_plies: 80,
                seed: 8,
                foreign_moves: foreign_moves.clone(),
            };
            check_session(kind, &check);
        }
    }

    /// `ply perft tictactoe 4294967295` asked for a buffer per ply (100 GB).
    /// Games that always end answer past their longest line (no sequence is
    /// that long: 0); a game that can go on forever refuses with the limit.
    #[test]
    fn any_perft_depth_is_an_answer_or_a_clear_error() {
        for (name, expected) in [("tictactoe", Some(0)), ("mnk", Some(0)), ("nim", Some(0))] {
            let kind = super::find(name).expect("registered");
            let session = kind.new_session(&GameOptions::new()).expect("a session");
            assert_eq!(session.perft(u32::MAX).ok(), expected, "{name}");
        }
        let trilite = super::find("trilite").expect("registered");
        let session = trilite.new_session(&GameOptions::new()).expect("a session");
        let error = session
            .perft(u32::MAX)
            .expect_err("unbounded depth refused");
        assert!(error.to_string().contains("at most 32 plies"), "{error}");
        assert_eq!(session.perft(2), Ok(72));
    }
}
