//! Every game ply knows, in menu order. Adding a game is one line here.

use ply_engine::GameKind;

pub fn games() -> Vec<&'static dyn GameKind> {
    vec![
        &ply_mnk::TICTACTOE,
        &ply_mnk::MNK,
        &ply_nim::NIM,
        &ply_trilite::TRILITE,
        &ply_othello::OTHELLO,
    ]
}

pub fn find(name: &str) -> Option<&'static dyn GameKind> {
    games()
        .into_iter()
        .find(|g| g.name().eq_ignore_ascii_case(name))
}
