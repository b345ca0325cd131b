//! placeholder

/// Registry entry (placeholder until the game lands).
pub struct TicTacToeKind;

/// The registry's handle on this game.
pub static TICTACTOE: TicTacToeKind = TicTacToeKind;

impl ply_engine::GameKind for TicTacToeKind {
    fn name(&self) -> &'static str {
        "tictactoe"
    }
    fn summary(&self) -> &'static str {
        "Tic-tac-toe (3x3, three in a row)"
    }
    fn options(&self) -> Vec<ply_engine::OptionSpec> {
        Vec::new()
    }
    fn new_session(
        &self,
        _options: &ply_engine::GameOptions,
    ) -> Result<Box<dyn ply_engine::Session>, ply_engine::GameError> {
        Err(ply_engine::GameError::Unsupported(
            "tictactoe is not implemented yet".into(),
        ))
    }
}

/// Registry entry (placeholder until the game lands).
pub struct MnkKind;

/// The registry's handle on this game.
pub static MNK: MnkKind = MnkKind;

impl ply_engine::GameKind for MnkKind {
    fn name(&self) -> &'static str {
        "mnk"
    }
    fn summary(&self) -> &'static str {
        "(m,n,k) games: k in a row on an m x n board"
    }
    fn options(&self) -> Vec<ply_engine::OptionSpec> {
        Vec::new()
    }
    fn new_session(
        &self,
        _options: &ply_engine::GameOptions,
    ) -> Result<Box<dyn ply_engine::Session>, ply_engine::GameError> {
        Err(ply_engine::GameError::Unsupported(
            "mnk is not implemented yet".into(),
        ))
    }
}
